import CSparksSDL2
import Foundation
import SparksKit
import Testing

/// How a game sets up its SDL renderer: a logical size (`SDL_RenderSetLogicalSize`, letterboxed
/// or not), a scale (`SDL_RenderSetScale`) or a viewport (`SDL_RenderSetViewport`).
struct RendererSetup: CustomStringConvertible, Sendable {
    var name: String
    var logical: (Int32, Int32)?
    var scale: Float?
    var viewport: SDL_Rect?

    var description: String { name }

    static let all = [
        RendererSetup(name: "as created"), RendererSetup(name: "logical 400×300", logical: (400, 300)),
        RendererSetup(name: "logical 400×200, letterboxed", logical: (400, 200)), RendererSetup(name: "scale 1.5", scale: 1.5),
        RendererSetup(name: "viewport at (100, 50)", viewport: SDL_Rect(x: 100, y: 50, w: 400, h: 300)),
        RendererSetup(name: "scale 2, viewport at (20, 10)", scale: 2, viewport: SDL_Rect(x: 20, y: 10, w: 200, h: 150)),
    ]

    func apply(to renderer: OpaquePointer) {
        if let logical { SDL_RenderSetLogicalSize(renderer, logical.0, logical.1) }
        if let scale { SDL_RenderSetScale(renderer, scale, scale) }
        if var viewport { SDL_RenderSetViewport(renderer, &viewport) }
    }

    /// Back to one unit a pixel over the whole output, to read it.
    static func reset(_ renderer: OpaquePointer) {
        SDL_RenderSetLogicalSize(renderer, 0, 0)
        SDL_RenderSetScale(renderer, 1, 1)
        SDL_RenderSetViewport(renderer, nil)
    }
}

/// A 40 × 40 point opaque red square at canvas (100, 100) and an additive spark over it.
private let square = #"""
    {"canvas": {"width": 400, "height": 300}, "layers": [
      {"name": "square", "bounds": [0, 0, 40, 40], "position": [120, 120], "backgroundColor": "#ff0000"},
      {"type": "emitter", "name": "sparks", "emitterPosition": [60, 120], "renderMode": "additive", "startup": "empty",
       "emitterCells": [{"name": "s", "contents": "dot.png", "birthRate": 0, "lifetime": 10, "scale": 3, "color": [0, 0.5, 1, 1]}]}]}
    """#

/// A game frame drawn by an SDL renderer set up as `setup`: cleared dark blue, a green rectangle
/// of the game's own at (20, 20, 60, 40) in the renderer's units, then the effect over it; the
/// whole 800 × 600 output read back.
private func frame(_ renderer: OpaquePointer, _ setup: RendererSetup, readBack: (OpaquePointer) -> [UInt32]) throws -> [UInt32] {
    let effect = try Effect(json: square, textures: ImageSet(["dot.png": whiteDot]))
    try effect.burst("sparks.s", count: 1)
    effect.step()
    SDL_SetRenderDrawColor(renderer, 0x10, 0x18, 0x30, 0xFF)
    SDL_RenderClear(renderer)
    setup.apply(to: renderer)
    SDL_SetRenderDrawColor(renderer, 0, 0xC0, 0, 0xFF)
    var rect = SDL_Rect(x: 20, y: 20, w: 60, h: 40)
    SDL_RenderFillRect(renderer, &rect)
    try effect.draw(into: renderer)
    effect.releaseRendererResources()
    RendererSetup.reset(renderer)
    return readBack(renderer)
}

/// The effect drawn into an SDL renderer whatever the game's logical size, scale and viewport:
/// SDL's software renderer (through Sparks's rasterizer, read back and put back) and a GPU
/// renderer (OpenGL on Mesa, in a hidden window under Xvfb) give the same picture, and what the
/// game drew before the effect stays where it was. (Before, the software renderer read the
/// frame back at the logical size from output pixels and put it back scaled: snow was zoomed
/// 1.5 times and the game's own sprites with it.)
@Suite("The effect in a scaled SDL renderer", .serialized)
struct RendererScaleWindowTests {
    @Test("The software renderer puts the effect and the game's frame where the renderer's units say", arguments: RendererSetup.all)
    func software(setup: RendererSetup) throws {
        let surface = try #require(SDL_CreateRGBSurfaceWithFormat(0, 800, 600, 32, SparksPixelFormatARGB8888()))
        defer { SDL_FreeSurface(surface) }
        let renderer = try #require(SDL_CreateSoftwareRenderer(surface))
        defer { SDL_DestroyRenderer(renderer) }
        let pixels = try frame(renderer, setup) { _ in
            let p = surface.pointee.pixels.assumingMemoryBound(to: UInt32.self)
            let pitch = Int(surface.pointee.pitch) / 4
            return (0..<600).flatMap { y in (0..<800).map { p[y * pitch + $0] } }
        }
        Self.expectPlaced(pixels, setup)
    }

    @Test("A GPU renderer and the software renderer draw the same picture in every setup")
    func gpuMatchesSoftware() throws {
        guard ProcessInfo.processInfo.environment["DISPLAY"] != nil else { return }
        SDL_SetHint(SDL_HINT_RENDER_DRIVER, "opengl")
        guard SDL_InitSubSystem(SDL_INIT_VIDEO) == 0 else {
            Issue.record("SDL video: \(String(cString: SDL_GetError()))")
            return
        }
        defer { SDL_QuitSubSystem(SDL_INIT_VIDEO) }
        let window = try #require(SDL_CreateWindow("scale", 0, 0, 800, 600, SDL_WINDOW_HIDDEN.rawValue | SDL_WINDOW_OPENGL.rawValue))
        defer { SDL_DestroyWindow(window) }
        let gpu = try #require(SDL_CreateRenderer(window, -1, SDL_RENDERER_ACCELERATED.rawValue))
        defer { SDL_DestroyRenderer(gpu) }
        for setup in RendererSetup.all {
            let drawn = try frame(gpu, setup) { renderer in
                var pixels = [UInt32](repeating: 0, count: 800 * 600)
                _ = pixels.withUnsafeMutableBytes { SDL_RenderReadPixels(renderer, nil, SparksPixelFormatARGB8888(), $0.baseAddress, 3200) }
                return pixels
            }
            Self.expectPlaced(drawn, setup)
            let surface = try #require(SDL_CreateRGBSurfaceWithFormat(0, 800, 600, 32, SparksPixelFormatARGB8888()))
            defer { SDL_FreeSurface(surface) }
            let software = try #require(SDL_CreateSoftwareRenderer(surface))
            defer { SDL_DestroyRenderer(software) }
            let reference = try frame(software, setup) { _ in
                let p = surface.pointee.pixels.assumingMemoryBound(to: UInt32.self)
                return (0..<(800 * 600)).map { p[$0] }
            }
            // The same picture within the GPU's rounding: pixels differing by more than 8 of 255
            // in a channel lie on the edges of shapes only.
            func far(_ a: UInt32, _ b: UInt32) -> Bool {
                for channel: UInt32 in 0..<4 {
                    let x = Int((a >> (8 * channel)) & 0xFF), y = Int((b >> (8 * channel)) & 0xFF)
                    if abs(x - y) > 8 { return true }
                }
                return false
            }
            var differing = 0
            for i in drawn.indices where far(drawn[i], reference[i]) { differing += 1 }
            #expect(differing < 400, "\(setup): \(differing) pixels differ")
        }
    }

    /// The game's rectangle and the effect's square at the output pixels the setup maps them to.
    static func expectPlaced(_ pixels: [UInt32], _ setup: RendererSetup) {
        // The renderer's units to output pixels: the scale and the viewport's origin.
        let (scale, origin): (Double, (Double, Double)) =
            switch setup.name {
            case "logical 400×300": (2, (0, 0))
            case "logical 400×200, letterboxed": (2, (0, 100))
            case "scale 1.5": (1.5, (0, 0))
            case "viewport at (100, 50)": (1, (100, 50))
            case "scale 2, viewport at (20, 10)": (2, (40, 20))
            default: (1, (0, 0))
            }
        func pixel(_ x: Double, _ y: Double) -> UInt32 {
            pixels[Int(origin.1 + y * scale) * 800 + Int(origin.0 + x * scale)] | 0xFF00_0000
        }
        // The game's green rectangle, (20, 20) to (80, 60), and just outside it.
        #expect(pixel(50, 40) == 0xFF00_C000, "\(setup): the game's rectangle")
        #expect(pixel(90, 40) == 0xFF10_1830, "\(setup): beside the game's rectangle")
        #expect(pixel(50, 70) == 0xFF10_1830, "\(setup): below the game's rectangle")
        // The effect's red square, (100, 100) to (140, 140), and just outside it.
        #expect(pixel(120, 120) == 0xFFFF_0000, "\(setup): the effect's square")
        #expect(pixel(145, 120) == 0xFF10_1830, "\(setup): beside the effect's square")
        // The spark at (60, 120): blue added over the dark blue.
        #expect(pixel(60, 120) & 0xFF > 0xF0, "\(setup): the spark")
    }
}
