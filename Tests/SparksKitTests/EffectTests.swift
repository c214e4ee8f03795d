import CSparksSDL2
import Foundation
import SparksCore
import SparksKit
import Testing

/// A preset in the style a game writes: a looping trail and a one-shot explosion cell.
let gamePreset = #"""
    {
      "canvas": { "width": 200, "height": 100 },
      "startup": "empty",
      "layers": [
        { "type": "emitter", "name": "trail", "emitterPosition": [50, 50], "renderMode": "additive",
          "emitterCells": [{ "name": "spark", "contents": "dot.png", "birthRate": 120, "lifetime": 0.5, "color": [1, 1, 1, 1] }] },
        { "type": "emitter", "name": "boom", "emitterPosition": [150, 50], "renderMode": "additive",
          "emitterCells": [{ "name": "debris", "contents": "dot.png", "birthRate": 0, "lifetime": 0.5, "velocity": 40, "emissionRange": 6.283, "color": [1, 0.5, 0, 1] }] }
      ]
    }
    """#

/// An 8×8 opaque white square, supplied from memory.
let whiteDot = EffectImage(width: 8, height: 8, rgba: [UInt8](repeating: 255, count: 8 * 8 * 4))!

func makeEffect() throws -> Effect {
    try Effect(json: gamePreset, textures: ImageSet(["dot.png": whiteDot]))
}

/// A game's frame: opaque dark blue ARGB pixels.
func gameFrame(width: Int, height: Int) -> [UInt32] {
    [UInt32](repeating: 0xFF10_1830, count: width * height)
}

@Suite("The game-facing library")
struct EffectTests {
    @Test("advance(by:) turns frame time into fixed steps, carrying the rest; pause and speed apply")
    func clock() throws {
        let effect = try makeEffect()
        var steps = 0
        for _ in 0..<144 { steps += effect.advance(by: 1.0 / 144) }  // one second at 144 fps
        #expect(steps == 60)
        #expect(abs(effect.time - 1) < 1e-9)
        effect.isPaused = true
        #expect(effect.advance(by: 0.5) == 0)
        effect.isPaused = false
        effect.speed = 0.5
        #expect(effect.advance(by: 0.2) == 6)
        effect.step(count: 3)
        #expect(effect.time > 1.14 && effect.time < 1.16)
        // A stall is not caught up (a quarter of a second at most); fastForward takes every step.
        let before = effect.time
        effect.advance(by: 2)
        #expect(abs(effect.time - before - 0.25) < 0.02)
        #expect(effect.fastForward(by: 2) == 120)
        #expect(abs(effect.time - before - 2.25) < 0.02)
        #expect(effect.fastForward(by: .nan) == 0 && effect.fastForward(by: -1) == 0)
    }

    @Test("burst(_:count:) births that many particles of a cell whose birthRate is 0, at its emitter")
    func burst() throws {
        let effect = try makeEffect()
        try effect.setValue(EffectValue.number(0), forKeyPath: "trail.emitterCells.spark.birthRate")
        effect.step()
        #expect(effect.liveParticleCount == 0)
        #expect(effect.isFinished)
        try effect.burst("boom.debris", count: 250)
        #expect(!effect.isFinished)
        effect.step()
        #expect(effect.liveParticleCount == 250)
        #expect(!effect.isFinished)
        // Each is born at the emitter and has moved one step's worth at 40 pt/s.
        let list = effect.renderList()
        for quad in list.quads {
            #expect(abs(Double(quad.centerX) - 150) < 2 && abs(Double(quad.centerY) - 50) < 2)
        }
        effect.step(count: 31)  // past the 0.5 s lifetime
        #expect(effect.liveParticleCount == 0)
        #expect(effect.isFinished)
    }

    @Test("A looping emitter never finishes; one whose birthRate is animated to 0 finishes when its particles die")
    func finishing() throws {
        let looping = try makeEffect()
        looping.step(count: 600)
        #expect(!looping.isFinished)

        let fading = try Effect(
            json: #"""
                { "canvas": { "width": 100, "height": 100 }, "startup": "empty",
                  "layers": [{ "type": "emitter", "name": "e", "emitterCells": [{ "name": "c", "birthRate": 50, "lifetime": 1 }],
                    "animations": [{ "type": "basic", "keyPath": "birthRate", "fromValue": 1, "toValue": 0, "duration": 1,
                                     "fillMode": "forwards", "removedOnCompletion": false }] }] }
                """#)
        fading.step(count: 30)
        #expect(!fading.isFinished)  // emitting, and the animation still runs
        fading.step(count: 45)  // 1.25 s: no births any more, the last particles still alive
        #expect(fading.liveParticleCount > 0)
        #expect(!fading.isFinished)
        fading.step(count: 60)
        #expect(fading.liveParticleCount == 0)
        #expect(fading.isFinished)
    }

    @Test("Mistakes are errors that name the key and the nearest name; the effect keeps running")
    func errors() throws {
        let effect = try makeEffect()
        #expect(throws: EffectError.self) { try effect.burst("boom.debri", count: 10) }
        do {
            try effect.burst("boom.debri", count: 10)
        } catch {
            #expect(
                error.description
                    == #"boom.debri: emitter layer "boom" has no top-level cell named "debri" (cells: debris) — did you mean "debris"?"#)
        }
        // A layer's name alone: the message says LAYER.CELL and names its cells.
        do {
            try effect.burst("boom", count: 10)
            Issue.record("a layer alone was accepted")
        } catch {
            #expect(
                error.description
                    == #"boom: expected LAYER.CELL, an emitter layer's name and one of its top-level cells: "boom" is an emitter layer; its cells are debris (boom.debris)"#
            )
        }
        do {
            try effect.setValue(text: "hexagon", forKeyPath: "trail.emitterShape")
        } catch {
            #expect(error.description.contains(#"unknown value "hexagon""#), "\(error)")
        }
        do {
            _ = try Effect(json: #"{"layers": [{"type": "emiter"}]}"#, name: "broken.json")
            Issue.record("a bad preset loaded")
        } catch {
            #expect(error.description.hasPrefix("broken.json:1:"), "\(error)")
            #expect(error.problems.count == 1)
        }
        do {
            // Over the particle budget the game chose: the budget as a value, no command-line option named.
            _ = try Effect(
                json: #"{"layers": [{"type": "emitter", "emitterCells": [{"birthRate": 1000, "lifetime": 5}]}]}"#, name: "storm.json",
                maxParticles: 1000)
            Issue.record("a preset over the budget loaded")
        } catch {
            #expect(error.diagnostics.first?.exceeded == BudgetExceeded(.particles, estimate: 5000, allowed: 1000), "\(error)")
            #expect(!error.description.contains("--"), "\(error)")
        }
        try effect.setValue(text: "[60, 40]", forKeyPath: "trail.emitterPosition")
        #expect(try effect.value(forKeyPath: "trail.emitterPosition") == .numbers([60, 40]))
        effect.step()
        #expect(effect.liveParticleCount > 0)
    }

    @Test("Drawing into a game's pixels keeps the game's frame and adds the effect where its particles are")
    func pixels() throws {
        let effect = try makeEffect()
        effect.step(count: 30)
        var frame = gameFrame(width: 200, height: 100)
        try frame.withUnsafeMutableBytes { try effect.draw(intoPixels: $0, width: 200, height: 100, bytesPerRow: 200 * 4) }
        #expect(frame[10 * 200 + 190] == 0xFF10_1830)  // far from every particle
        let centre = frame[50 * 200 + 50]
        #expect(centre & 0xFF > 0xF0, "\(String(centre, radix: 16))")  // white sparks added over the blue
        #expect(centre >> 24 == 0xFF)

        // The camera moves the picture: origin (20, 10) draws canvas (50, 50) at pixel (30, 40).
        effect.camera = EffectCamera(x: 20, y: 10)
        var moved = gameFrame(width: 200, height: 100)
        try moved.withUnsafeMutableBytes { try effect.draw(intoPixels: $0, width: 200, height: 100, bytesPerRow: 200 * 4) }
        #expect(moved[40 * 200 + 30] == centre)
        for y in 10..<90 {
            for x in 20..<180 { #expect(moved[(y - 10) * 200 + (x - 20)] == frame[y * 200 + x]) }
        }
        #expect(throws: EffectError.self) {
            try moved.withUnsafeMutableBytes { try effect.draw(intoPixels: $0, width: 200, height: 100, bytesPerRow: 100) }
        }
    }

    @Test("A pixel buffer too small for the size it is drawn at is refused, nothing written; an array is drawn as its rows")
    func pixelBufferLength() throws {
        let effect = try makeEffect()
        effect.step(count: 30)
        // 640 × 240 pixels drawn as 640 × 480: refused, and the words past it (a guard) untouched.
        var small = [UInt32](repeating: 0xFF00_0000, count: 640 * 240 + 16)
        #expect(throws: EffectError.self) {
            try small.withUnsafeMutableBytes { buffer in
                try effect.draw(
                    intoPixels: UnsafeMutableRawBufferPointer(rebasing: buffer[0..<(640 * 240 * 4)]), width: 640, height: 480,
                    bytesPerRow: 640 * 4)
            }
        }
        #expect(small.allSatisfy { $0 == 0xFF00_0000 })
        // One byte short of the last row: refused.
        #expect(throws: EffectError.self) {
            try small.withUnsafeMutableBytes { buffer in
                try effect.draw(
                    intoPixels: UnsafeMutableRawBufferPointer(rebasing: buffer[0..<(640 * 240 * 4 - 1)]), width: 640, height: 240,
                    bytesPerRow: 640 * 4)
            }
        }
        // An array holds exactly width × height words; the effect's 200 × 100 canvas is drawn on
        // the array's pixels, cut off past them.
        var frame = gameFrame(width: 100, height: 60)
        try effect.draw(into: &frame, width: 100, height: 60)
        #expect(frame[50 * 100 + 50] & 0xFF > 0xF0)
        #expect(throws: EffectError.self) { try effect.draw(into: &frame, width: 100, height: 61) }
        #expect(Effect.isOptimizedBuild, "the suite runs optimised code")
    }

    @Test("The covered-pixel budget's cut is told after each draw, into pixels and into an SDL renderer")
    func budgetCut() throws {
        let effect = try Effect(
            json: gamePreset.replacingOccurrences(of: #""velocity": 40"#, with: #""velocity": 40, "scale": 30"#),
            textures: ImageSet(["dot.png": whiteDot]))
        try effect.burst("boom.debris", count: 100)
        effect.step(count: 1)
        var frame = gameFrame(width: 200, height: 100)
        try frame.withUnsafeMutableBytes { try effect.draw(intoPixels: $0, width: 200, height: 100, bytesPerRow: 800) }
        #expect(effect.lastDrawBudgetCutCounts == nil)
        effect.scene.limits.maxCoveredPixels = 100_000
        try frame.withUnsafeMutableBytes { try effect.draw(intoPixels: $0, width: 200, height: 100, bytesPerRow: 800) }
        let cut = try #require(effect.lastDrawBudgetCutCounts)
        #expect(cut.layer == "boom" && cut.maxCoveredPixels == 100_000)
        #expect(cut.undrawnQuads > 80 && cut.undrawnQuads < 100, "\(cut.undrawnQuads)")

        let surface = try #require(SDL_CreateRGBSurfaceWithFormat(0, 200, 100, 32, SparksPixelFormatARGB8888()))
        defer { SDL_FreeSurface(surface) }
        let renderer = try #require(SDL_CreateSoftwareRenderer(surface))
        defer { SDL_DestroyRenderer(renderer) }
        try effect.draw(into: renderer)
        #expect(effect.lastDrawBudgetCutCounts == cut)
        effect.releaseRendererResources()
    }

    @Test("An SDL software renderer shows the same pixels as drawing into the buffer")
    func sdlRenderer() throws {
        let effect = try makeEffect()
        effect.step(count: 30)
        try effect.burst("boom.debris", count: 100)
        effect.step(count: 10)
        var expected = gameFrame(width: 200, height: 100)
        try expected.withUnsafeMutableBytes { try effect.draw(intoPixels: $0, width: 200, height: 100, bytesPerRow: 800) }

        let surface = try #require(SDL_CreateRGBSurfaceWithFormat(0, 200, 100, 32, SparksPixelFormatARGB8888()))
        defer { SDL_FreeSurface(surface) }
        let renderer = try #require(SDL_CreateSoftwareRenderer(surface))
        defer { SDL_DestroyRenderer(renderer) }
        SDL_SetRenderDrawColor(renderer, 0x10, 0x18, 0x30, 0xFF)
        SDL_RenderClear(renderer)
        try effect.draw(into: renderer)
        SDL_RenderPresent(renderer)
        let pixels = surface.pointee.pixels.assumingMemoryBound(to: UInt32.self)
        let pitch = Int(surface.pointee.pitch) / 4
        var differing = 0
        for y in 0..<100 {
            for x in 0..<200 where pixels[y * pitch + x] != expected[y * 200 + x] { differing += 1 }
        }
        #expect(differing == 0)
        // The effect's textures go before the renderer does.
        effect.releaseRendererResources()
    }

    @Test("A game's own SDL textures and surfaces become effect images with their exact pixels")
    func sdlImages() throws {
        // 2×1 pixels: opaque orange and half-transparent blue, straight alpha.
        let rgba: [UInt8] = [255, 128, 0, 255, 0, 64, 255, 128]
        var bytes = rgba
        let surface = try #require(
            bytes.withUnsafeMutableBytes { raw in
                SDL_CreateRGBSurfaceWithFormatFrom(raw.baseAddress, 2, 1, 32, 8, SparksPixelFormatABGR8888())
            })
        defer { SDL_FreeSurface(surface) }
        let fromSurface = try EffectImage(sdlSurface: UnsafeMutableRawPointer(surface))
        #expect(fromSurface == EffectImage(width: 2, height: 1, rgba: rgba))

        let canvas = try #require(SDL_CreateRGBSurfaceWithFormat(0, 16, 16, 32, SparksPixelFormatARGB8888()))
        defer { SDL_FreeSurface(canvas) }
        let renderer = try #require(SDL_CreateSoftwareRenderer(canvas))
        defer { SDL_DestroyRenderer(renderer) }
        let texture = try #require(SDL_CreateTextureFromSurface(renderer, surface))
        defer { SDL_DestroyTexture(texture) }
        SDL_SetTextureAlphaMod(texture, 100)
        let fromTexture = try EffectImage(sdlTexture: texture, renderer: renderer)
        #expect(fromTexture == EffectImage(width: 2, height: 1, rgba: rgba))
        var alpha: UInt8 = 0
        SDL_GetTextureAlphaMod(texture, &alpha)
        #expect(alpha == 100)  // left as it was
        #expect(SDL_GetRenderTarget(renderer) == nil)

        let effect = try Effect(json: gamePreset, textures: ImageSet(["dot.png": fromTexture]))
        effect.step(count: 10)
        #expect(effect.liveParticleCount > 0)
    }

    @Test("Images come from the game: a provider's image, an atlas region, or files beside the preset")
    func textures() throws {
        // A 2×1 atlas: a red pixel and a green one; the preset's "dot.png" is the green one.
        let atlasImage = try #require(EffectImage(width: 2, height: 1, rgba: [255, 0, 0, 255, 0, 255, 0, 255]))
        let atlas = TextureAtlas(image: atlasImage, regions: ["dot.png": (x: 1, y: 0, width: 1, height: 1), "red.png": (0, 0, 1, 1)])
        #expect(atlas.names == ["dot.png", "red.png"])
        #expect(atlas.image(named: "dot.png") == EffectImage(width: 1, height: 1, rgba: [0, 255, 0, 255]))
        let effect = try Effect(
            json: gamePreset.replacingOccurrences(of: #""birthRate": 120"#, with: #""birthRate": 120, "scale": 8"#), textures: atlas)
        effect.step(count: 30)
        var frame = [UInt32](repeating: 0xFF00_0000, count: 200 * 100)
        try frame.withUnsafeMutableBytes { try effect.draw(intoPixels: $0, width: 200, height: 100, bytesPerRow: 800) }
        let centre = frame[50 * 200 + 50]
        #expect((centre >> 8) & 0xFF > 0xC0 && (centre >> 16) & 0xFF < 0x10, "\(String(centre, radix: 16))")

        // Without a provider the name must be a file: the message names where it looked.
        do {
            _ = try Effect(json: gamePreset, name: "game.json", resourceDirectories: [URL(fileURLWithPath: "/nonexistent-sparks-assets")])
            Issue.record("loaded without its image")
        } catch {
            #expect(error.description.contains(#"image "dot.png" not found"#), "\(error)")
        }
    }
}

/// What a game does that the documentation promises: moving an emitter in canvas points, and
/// sizes and counts that are refused instead of trapping.
@Suite("Effect's promises at its edges")
struct EffectEdgeTests {
    @Test("moveEmitter puts every shipped emitter's position under the canvas point, through the layer tree")
    func moveEmitterInCanvasPoints() throws {
        var moved = 0
        for name in ShippedPresets.names {
            let effect = try Effect(shippedPreset: name)
            effect.fastForward(by: 0.5)
            for emitter in effect.scene.emitterLayers {
                guard let layerName = emitter.name else { continue }
                for target in [Point(x: 400, y: 300), Point(x: 100, y: 500), Point(x: 12.5, y: 7.25)] {
                    try effect.moveEmitter(layerName, x: target.x, y: target.y)
                    let onCanvas = emitter.presentedTransformToCanvas.apply(to: emitter.emitterPosition)
                    #expect(
                        abs(onCanvas.x - target.x) < 1e-6 && abs(onCanvas.y - target.y) < 1e-6,
                        "\(name).\(layerName): moved to \(target), its emitter is at \(onCanvas) on the canvas")
                }
                moved += 1
            }
        }
        #expect(moved >= 20)
    }

    @Test("Sizes that would overflow and negative bursts are refused with a message, not a trap")
    func sharpEdges() throws {
        let effect = try Effect(shippedPreset: "fire")
        var pixels: [UInt32] = [0]
        #expect(throws: EffectError.self) { try effect.draw(into: &pixels, width: Int.max / 2 + 1, height: 2) }
        #expect(throws: EffectError.self) { try effect.draw(into: &pixels, width: 2, height: Int.max) }
        var small = [UInt32](repeating: 0, count: 4)
        _ = small.withUnsafeMutableBytes { buffer in
            #expect(throws: EffectError.self) { try effect.draw(intoPixels: buffer, width: 2, height: 2, bytesPerRow: Int.max) }
        }
        let cell = try #require(
            effect.scene.emitterLayers.first.flatMap { e in e.emitter.emitterCells.first?.name.map { "\(e.name ?? "").\($0)" } })
        #expect(throws: EffectError.self) { try effect.burst(cell, count: -5) }
        try effect.burst(cell, count: 0)
    }
}

@Suite("Printing what value(forKeyPath:) gives")
struct ValueDescriptionTests {
    @Test("A value prints as a preset writes it, not as its storage")
    func readable() throws {
        let effect = try Effect(shippedPreset: "fire")
        let emitter = try #require(effect.scene.emitterLayers.first?.name)
        try effect.setValue(.vector(PropertyVector(120, 80.5)), forKeyPath: "\(emitter).emitterPosition")
        #expect("\(try effect.value(forKeyPath: "\(emitter).emitterPosition"))" == "[120, 80.5]")
        #expect(PropertyValue.number(150).description == "150")
        #expect(PropertyValue.bool(true).description == "true")
        #expect(PropertyValue.string("line").description == "\"line\"")
        #expect(PropertyValue.color(Color(red: 1, green: 0.5, blue: 0, alpha: 1)).description == "[1, 0.5, 0, 1]")
        #expect(PropertyValue.number(.infinity).description == "infinity")
        #expect(!"\(try effect.value(forKeyPath: "\(emitter).emitterPosition"))".contains("PropertyVector"))
    }
}
