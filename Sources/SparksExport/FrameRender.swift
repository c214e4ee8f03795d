import Foundation
import SparksCommandSupport
import SparksCore
import SparksRaster
import SparksSDL

#if canImport(Glibc)
    import Glibc
#endif

/// One `sparks render`: frames of a scene from a time, or the phases of a seamless loop,
/// drawn by the offscreen renderer, cut to a rectangle, and written as one PNG, numbered PNG
/// frames, a GIF or MP4 (through ffmpeg) or a sprite sheet. The command and the studio's
/// export buttons both make their pictures with it, so they are the same bytes.
package struct FrameRender {
    /// Where the frames go.
    package enum Output {
        /// One frame, to this PNG file.
        case png(String)
        /// Numbered frames (`NAME-0001.png`, …) in this folder.
        case frames(String)
        case gif(String, palette: GIFPalette)
        case mp4(String)
        /// `columns × rows` frames in one PNG.
        case sheet(String, columns: Int, rows: Int)

        var isVideo: Bool {
            switch self {
            case .gif, .mp4: true
            default: false
            }
        }
    }

    package var description: SceneDescription
    /// Builds a fresh scene (with any overrides), ready to run from 0.
    package var makeScene: () throws -> Scene
    package var output: Output
    /// The output's size in pixels.
    package var pixels: (width: Int, height: Int)
    /// Scene time of the first frame.
    package var at = 0.0
    /// Frames (for a sheet: columns × rows; for a loop: worked out from the rate).
    package var frameCount = 1
    package var frameRate = 60.0
    package var loop = false
    package var loopLength: Double?
    /// Cut frames to the effect's box over all frames (nil: sheets only).
    package var trim: Bool?
    /// Cut frames to this rectangle of the canvas, in points.
    package var crop: Rect?
    package var threads = 1
    /// What draws the frames (``OffscreenPath``): the CPU rasterizer, or SDL's GPU renderer on
    /// its offscreen driver (pixels read back opaque, over black).
    package var path = OffscreenPath.cpu
    package var maxTextureBytes = PresetLimits.defaultMaxTextureBytes
    /// Says how far the frames are (frame, of).
    package var progress: ((Int, Int) -> Void)?
    /// Asked between frames (and while ffmpeg runs): true stops the work with an error.
    package var isCancelled: () -> Bool = { false }

    package init(description: SceneDescription, makeScene: @escaping () throws -> Scene, output: Output, pixels: (width: Int, height: Int))
    {
        self.description = description
        self.makeScene = makeScene
        self.output = output
        self.pixels = pixels
    }

    /// Writes the output; returns what was written, in one line for the user.
    package func run() throws -> String {
        let ffmpeg: URL? =
            switch output {
            case .gif: try VideoEncoder.findFFmpeg(for: "a GIF")
            case .mp4: try VideoEncoder.findFFmpeg(for: "an MP4")
            default: nil
            }
        let canvas = description.canvas
        let renderer = try path.makeRenderer(width: pixels.width, height: pixels.height, maxTextureBytes: maxTextureBytes)
        renderer.threadCount = threads
        var cuts = BudgetCutReport()
        var isMP4 = false
        if case .mp4 = output { isMP4 = true }
        // An MP4 has no alpha: its frames are the picture over black. GIF and PNG keep it.
        let transparent = canvas.background.alpha < 1

        // The frames: from --at, or the phases of a loop.
        var sheetGrid: (columns: Int, rows: Int)?
        if case .sheet(_, let columns, let rows) = output { sheetGrid = (columns, rows) }
        var count = sheetGrid.map { $0.columns * $0.rows } ?? frameCount
        var start = at, interval = 1 / frameRate
        var loopPlan: SceneLoop?
        if loop {
            let plan: SceneLoop
            do throws(SceneLoop.Failure) {
                plan = try SceneLoop.plan(for: description, earliest: at, length: loopLength)
            } catch {
                throw CommandError("--loop: \(error)")
            }
            loopPlan = plan
            count = max(1, Int((plan.length * frameRate).rounded()))
            guard count <= Self.maxFrames else {
                throw CommandError(
                    "--loop: \(count) frames (\(NumberText.shortest(plan.length)) s at \(Self.format(frameRate)) fps) is more than \(Self.maxFrames); lower --fps"
                )
            }
            start = plan.start
            interval = plan.length / Double(count)
        }
        let sequence = FrameSequence(
            count: count, start: start, interval: interval, loop: loopPlan, makeScene: makeScene, renderer: renderer, opaque: isMP4,
            isCancelled: isCancelled)

        // Where each frame is cut: --crop, or the effect's box (--trim; sheets by default).
        var cropBox: PixelRect?
        if let rect = crop {
            let sx = Double(pixels.width) / canvas.width, sy = Double(pixels.height) / canvas.height
            // Clamped to the output before it becomes whole pixels (points up to 1e7 times a
            // scale of thousands would not fit).
            func pixel(_ v: Double, _ limit: Int) -> Int32 { Int32(min(max(v, 0), Double(limit))) }
            let box = PixelRect(
                x0: pixel((rect.origin.x * sx).rounded(.down), pixels.width), y0: pixel((rect.origin.y * sy).rounded(.down), pixels.height),
                x1: pixel((rect.maxX * sx).rounded(.up), pixels.width), y1: pixel((rect.maxY * sy).rounded(.up), pixels.height))
            guard !box.isEmpty else { throw CommandError("--crop: the rectangle lies outside the canvas") }
            cropBox = box
        } else if trim ?? (sheetGrid != nil) {
            let background = canvas.background
            let shown =
                isMP4
                ? Color(
                    red: background.red * background.alpha, green: background.green * background.alpha,
                    blue: background.blue * background.alpha) : background
            cropBox = try sequence.effectBox(background: shown)
            if cropBox == nil { StandardStream.error.write("no frame draws anything: nothing to trim\n") }
        }
        let frameSize = (width: cropBox?.width ?? pixels.width, height: cropBox?.height ?? pixels.height)
        let cutNote =
            cropBox.map { ", cut to \($0.width)×\($0.height) at (\($0.x0), \($0.y0)) of the \(pixels.width)×\(pixels.height) canvas" } ?? ""
        let loopNote =
            loopPlan.map { plan in
                ", a seamless loop of \(NumberText.shortest(plan.length)) s"
                    + (plan.period.map { " (animations repeat every \(NumberText.shortest(($0 * 1000).rounded() / 1000)) s)" } ?? "")
            } ?? ""
        let span = String(format: "t = %.2f…%.2f s", start, sequence.time(count - 1))

        if let grid = sheetGrid, case .sheet(let out, _, _) = output {
            let sheetWidth = frameSize.width * grid.columns, sheetHeight = frameSize.height * grid.rows
            guard sheetWidth <= DrawList.maxSide, sheetHeight <= DrawList.maxSide else {
                throw CommandError(
                    "a \(grid.columns)x\(grid.rows) sheet of \(frameSize.width)×\(frameSize.height) frames is \(sheetWidth)×\(sheetHeight) pixels, more than \(DrawList.maxSide) a side; use --width/--height to make the frames smaller"
                )
            }
            var rgba = [UInt8](repeating: 0, count: sheetWidth * sheetHeight * 4)
            try sequence.forEach(crop: cropBox, cuts: &cuts) { frame, image in
                let left = (frame % grid.columns) * image.width, top = (frame / grid.columns) * image.height
                let rowBytes = image.width * 4
                for y in 0..<image.height {
                    let from = y * rowBytes, to = ((top + y) * sheetWidth + left) * 4
                    rgba.replaceSubrange(to..<to + rowBytes, with: image.rgba[from..<from + rowBytes])
                }
                progress?(frame + 1, count)
            }
            try PixelImage(width: sheetWidth, height: sheetHeight, rgba: rgba).writePNG(to: out)
            return
                "wrote \(out): a \(grid.columns)x\(grid.rows) sheet of \(description.name), \(frameSize.width)×\(frameSize.height) frames at \(Self.format(frameRate)) fps (\(span)\(cutNote))"
        }

        // Where frames go: the user's folder or file, or a private temporary folder for a video.
        let temporary = output.isVideo ? try PrivateFolder() : nil
        let target: String
        let single: Bool
        switch output {
        case .png(let file): (target, single) = (file, true)
        case .frames(let folder): (target, single) = (folder, false)
        default: (target, single) = ("", false)
        }
        let folder = temporary?.url ?? (single ? URL(fileURLWithPath: target).deletingLastPathComponent() : URL(fileURLWithPath: target))
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let stem = FileNaming.component(description.name)
        let last = try sequence.forEach(crop: cropBox, cuts: &cuts) { frame, image in
            let name = temporary != nil ? String(format: "frame-%05d.png", frame + 1) : stem + String(format: "-%04d.png", frame + 1)
            let file = single ? URL(fileURLWithPath: target) : folder.appendingPathComponent(name)
            try image.writePNG(to: file.path)
            progress?(frame + 1, count)
        }
        if let ffmpeg, let temporary {
            let written: String
            switch output {
            case .gif(let file, let palette):
                try VideoEncoder.encode(
                    frames: temporary.url, rate: 1 / interval, to: file, gif: true, palette: palette, transparent: transparent,
                    ffmpeg: ffmpeg,
                    isCancelled: isCancelled)
                written = file
            case .mp4(let file):
                try VideoEncoder.encode(
                    frames: temporary.url, rate: 1 / interval, to: file, gif: false, transparent: transparent, ffmpeg: ffmpeg,
                    isCancelled: isCancelled)
                written = file
            default: written = ""
            }
            let size = (try? FileManager.default.attributesOfItem(atPath: written)[.size] as? Int) ?? 0
            return
                "wrote \(written) (\(count) frames of \(description.name) at \(Self.format(1 / interval)) fps, \(span)\(loopNote)\(cutNote), \(size / 1024) KiB)"
        }
        return
            "wrote \(count) frame\(count == 1 ? "" : "s") of \(description.name) to \(single ? target : folder.path + "/") (\(span)\(loopNote)\(cutNote), \(last.liveParticleCount) particles, state \(String(last.stateHash(), radix: 16)))"
    }

    /// The size in pixels of an output for a canvas of `canvas` points: `width` and `height`
    /// when both are given, either alone with the other following the canvas's aspect ratio,
    /// or the canvas's own size.
    package static func pixels(for canvas: CanvasDescription, width: Int?, height: Int?) throws -> (width: Int, height: Int) {
        let aspect = canvas.width / max(canvas.height, 1)
        let size: (Double, Double)
        switch (width, height) {
        case let (w?, h?): size = (Double(w), Double(h))
        case let (w?, nil): size = (Double(w), Double(w) / aspect)
        case let (nil, h?): size = (Double(h) * aspect, Double(h))
        case (nil, nil): size = (canvas.width, canvas.height)
        }
        let w = Int(size.0.rounded()), h = Int(size.1.rounded())
        guard (1...DrawList.maxSide).contains(w), (1...DrawList.maxSide).contains(h) else {
            throw CommandError("an output of \(w)×\(h) pixels is outside 1…\(DrawList.maxSide) on a side")
        }
        return (w, h)
    }

    /// The most frames one render writes.
    package static let maxFrames = 100_000

    private static func format(_ v: Double) -> String { v.rounded() == v ? String(Int(v)) : String(v) }
}

/// How a GIF's colours are chosen.
package enum GIFPalette: String, CaseIterable, Sendable {
    case perFrame = "per-frame"
    case global
}

/// A folder only this user can enter (mode 0700, made by `mkdtemp`), removed with everything
/// in it when the value goes.
package final class PrivateFolder {
    package let url: URL

    package init(prefix: String = "sparks") throws {
        var template = Array((FileManager.default.temporaryDirectory.path + "/\(prefix)-XXXXXX").utf8CString)
        let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
        guard made != nil else {
            throw CommandError(
                "could not make a temporary folder in \(FileManager.default.temporaryDirectory.path): \(String(cString: strerror(errno)))")
        }
        url = URL(fileURLWithPath: String(cString: template.map { $0 }))
    }

    deinit { try? FileManager.default.removeItem(at: url) }
}
