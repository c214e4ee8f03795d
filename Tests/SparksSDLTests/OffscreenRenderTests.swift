import Foundation
import SparksCore
import SparksRaster
import SparksSDL
import Testing

private func preset(_ name: String) throws -> SceneDescription {
    try PresetDecoder.load(
        contentsOf: repositoryRoot.appendingPathComponent("presets/\(name).json"),
        assetDirectories: [repositoryRoot.appendingPathComponent("assets")]
    ).get()
}

@Suite("Pixels from the offscreen renderer")
struct OffscreenRenderTests {
    @Test("Fire is bright above the emitter and black far from it")
    func fireShape() throws {
        let image = try picture(Scene(try preset("fire")), at: 3)
        // The emitter line is 50 pt wide at (400, 300); yAcceleration −200 lifts the puffs ~100 pt.
        let flame = image.meanBrightness(x: 380, y: 220, width: 40, height: 70)
        let below = image.meanBrightness(x: 380, y: 330, width: 40, height: 70)
        #expect(flame > 150, "flame brightness \(flame)")
        #expect(below < flame / 4, "below the emitter \(below)")
        for (x, y) in [(0, 0), (700, 50), (50, 550), (700, 500), (400, 500)] {
            #expect(image.meanBrightness(x: x, y: y, width: 60, height: 60) == 0, "(\(x), \(y)) is not black")
        }
        // The flame is warm: more red than blue at its edge.
        let edge = image[400, 205]
        #expect(edge.r > edge.b)
    }

    @Test("Additive overlap is brighter than one particle; normal blending of opaque quads is not")
    func additiveOverlap() throws {
        func centre(blend: BlendMode, copies: Int) throws -> Double {
            var list = RenderList(canvasSize: Size(width: 64, height: 64), background: .black)
            list.beginBatch(texture: nil, blendMode: blend, transform: .identity)
            for _ in 0..<copies {
                list.append(RenderQuad(centerX: 32, centerY: 32, halfWidth: 16, halfHeight: 16, red: 0.4, green: 0.2, blue: 0.1, alpha: 1))
            }
            list.finish()
            let renderer = try OffscreenRenderer(width: 64, height: 64)
            renderer.render(list)
            return Double(renderer.image()[32, 32].r)
        }
        let one = try centre(blend: .additive, copies: 1)
        let two = try centre(blend: .additive, copies: 2)
        #expect(abs(one - 102) <= 1)  // 0.4 × 255
        #expect(abs(two - 204) <= 2)  // twice as bright
        #expect(try centre(blend: .normal, copies: 2) == one)
    }

    @Test("The fire preset, drawn additively, is brighter than the same particles blended normally")
    func fireAdditiveVersusNormal() throws {
        let additive = try picture(Scene(try preset("fire")), at: 2)
        var normal = try preset("fire")
        normal.layers[0].content.emitter!.renderMode = .unordered
        let blended = try picture(Scene(normal), at: 2)
        #expect(
            additive.meanBrightness(x: 375, y: 220, width: 50, height: 80) > 1.3
                * blended.meanBrightness(x: 375, y: 220, width: 50, height: 80))
    }

    @Test("Neon forms a ring that grows")
    func neonGrows() throws {
        // From an empty start (iOS shows neon already running; the ring is measured from its birth).
        var neon = try preset("neon")
        neon.startup = .empty
        let scene = Scene(neon)
        var radii: [Double] = []
        for t in [1.0, 2.0, 3.0] {
            let image = try picture(scene, at: t)
            // Brightness-weighted mean distance from the emitter at (400, 300).
            var weight = 0.0, sum = 0.0
            for y in stride(from: 0, to: image.height, by: 2) {
                for x in stride(from: 0, to: image.width, by: 2) {
                    let b = image.brightness(x: x, y: y)
                    guard b > 8 else { continue }
                    weight += b
                    sum += b * (Double((x - 400) * (x - 400) + (y - 300) * (y - 300))).squareRoot()
                }
            }
            #expect(weight > 0)
            radii.append(sum / weight)
        }
        // Particles fly out at 50 ± 25 pt/s: the glow's mean radius grows by tens of points a second.
        #expect(radii[1] > radii[0] + 15 && radii[2] > radii[1] + 15, "radii \(radii)")
        // It cools from white toward blue.
        let late = try picture(scene, at: 3.5)
        var red = 0, blue = 0
        for y in stride(from: 150, to: 450, by: 3) {
            for x in stride(from: 250, to: 550, by: 3) {
                let p = late[x, y]
                red += Int(p.r)
                blue += Int(p.b)
            }
        }
        #expect(blue > red)
    }

    @Test("Same preset and seed give byte-identical PNGs; another seed changes them")
    func identicalFrames() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sparks-png-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        func write(seed: UInt32, name: String) throws -> Data {
            let scene = Scene(try preset("fire"))
            scene.emitterLayers[0].seed = seed
            scene.run(until: 2)
            var list = RenderList()
            scene.buildRenderList(into: &list)
            let renderer = try OffscreenRenderer(width: 800, height: 600)
            renderer.render(list)
            let url = folder.appendingPathComponent(name)
            try renderer.writePNG(to: url)
            return try Data(contentsOf: url)
        }
        let a = try write(seed: 7, name: "a.png"), b = try write(seed: 7, name: "b.png")
        #expect(a == b)
        #expect(a.count > 1000)
        #expect(try write(seed: 8, name: "c.png") != a)
    }

    @Test("One batch, one draw command for the fire")
    func batching() throws {
        let scene = Scene(try preset("fire"))
        scene.run(until: 2)
        var list = RenderList()
        scene.buildRenderList(into: &list)
        let renderer = try OffscreenRenderer(width: 800, height: 600)
        renderer.render(list)
        #expect(list.batches.count == 1)
        #expect(renderer.statistics.commands == 1)
    }

    @Test("A texture that cannot be loaded is reported, not a crash")
    func missingTexture() throws {
        var list = RenderList(canvasSize: Size(width: 32, height: 32))
        let missing = Texture(name: "gone.png", url: URL(fileURLWithPath: "/nonexistent/gone.png"), pixelWidth: 8, pixelHeight: 8)
        list.beginBatch(texture: missing, blendMode: .normal, transform: .identity)
        list.append(RenderQuad(centerX: 16, centerY: 16, halfWidth: 4, halfHeight: 4, red: 1, green: 1, blue: 1, alpha: 1))
        list.finish()
        let renderer = try OffscreenRenderer(width: 32, height: 32)
        renderer.render(list)
        #expect(renderer.textureFailures["/nonexistent/gone.png"] != nil)
        #expect(renderer.statistics.coveredPixels == 0)
    }
}
