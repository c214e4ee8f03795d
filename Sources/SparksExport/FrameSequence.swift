import Foundation
import SparksCommandSupport
import SparksCore
import SparksRaster
import SparksSDL

/// The frames `sparks render` writes: one every 1/fps s of scene time from --at, or the phases
/// of a seamless loop (--loop); each drawn by the CPU rasterizer (or the GPU, --renderer gpu)
/// and cut to a crop rectangle. A
/// sequence can be drawn again from the start (fresh scenes give the same pixels), which is how
/// --trim finds the effect's box over every frame before writing any.
struct FrameSequence {
    /// Number of frames.
    let count: Int
    /// Scene time of frame 0 and the time between frames.
    let start: Double, interval: Double
    /// The loop the frames are phases of, if any.
    let loop: SceneLoop?
    /// Builds a fresh scene (with the command's overrides), ready to run from 0.
    let makeScene: () throws -> Scene
    let renderer: any FrameRendering
    /// Frames composited over black (video without alpha).
    let opaque: Bool
    /// Asked before each frame: true stops the sequence with an error.
    var isCancelled: () -> Bool = { false }

    /// Scene time frame `index` shows (for a loop: the time its younger particles come from).
    func time(_ index: Int) -> Double { start + Double(index) * interval }

    /// Draws every frame in order, cut to `crop`, and hands each to `body`; returns the scene as
    /// it was for the last frame.
    @discardableResult
    func forEach(crop: PixelRect?, cuts: inout BudgetCutReport, _ body: (Int, PixelImage) throws -> Void) throws -> Scene {
        let scene = try makeScene()
        let companion = try loop.map { _ in try makeScene() }
        var list = RenderList()
        for index in 0..<count {
            if isCancelled() { throw CommandError("stopped at frame \(index + 1) of \(count)") }
            if let loop, let companion {
                let phase = Double(index) * interval
                scene.run(until: loop.start + phase)
                companion.run(until: loop.start + loop.length + phase)
                scene.buildLoopRenderList(into: &list, companion: companion, phase: phase)
            } else {
                scene.run(until: time(index))
                scene.buildRenderList(into: &list)
            }
            renderer.render(list)
            if let failure = renderer.textureFailures.first { throw CommandError("\(failure.value)") }
            cuts.note(renderer.budgetCut, at: scene.time)
            var image = opaque ? renderer.opaqueImage() : renderer.image()
            if let crop { image = image.cropped(x: Int(crop.x0), y: Int(crop.y0), width: crop.width, height: crop.height) }
            try body(index, image)
        }
        return scene
    }

    /// The smallest rectangle holding every pixel any frame draws (pixels that differ from the
    /// canvas's background), with `margin` pixels around it; nil when no frame draws anything.
    func effectBox(background: Color, margin: Int = 2) throws -> PixelRect? {
        var cuts = BudgetCutReport()
        var low = (x: Int.max, y: Int.max), high = (x: -1, y: -1)
        var size = (width: 0, height: 0)
        let clear = background.alpha <= 0
        let bg = [background.red, background.green, background.blue].map { UInt8(($0 * 255).rounded()) }
        try forEach(crop: nil, cuts: &cuts) { _, image in
            size = (image.width, image.height)
            image.rgba.withUnsafeBufferPointer { p in
                for y in 0..<image.height {
                    for x in 0..<image.width {
                        let i = (y * image.width + x) * 4
                        let drawn =
                            clear
                            ? p[i + 3] != 0
                            : p[i] != bg[0] || p[i + 1] != bg[1] || p[i + 2] != bg[2]
                        if drawn {
                            low = (min(low.x, x), min(low.y, y))
                            high = (max(high.x, x), max(high.y, y))
                        }
                    }
                }
            }
        }
        guard high.x >= 0 else { return nil }
        let drawn = PixelRect(
            x0: Int32(low.x - margin), y0: Int32(low.y - margin), x1: Int32(high.x + margin + 1), y1: Int32(high.y + margin + 1))
        return drawn.intersection(PixelRect(x0: 0, y0: 0, x1: Int32(size.width), y1: Int32(size.height)))
    }
}
