import Foundation
import SparksCore
import SparksRaster
import SparksSDL
import Testing

/// Scenes as public iOS code builds them (Tests/RealConfigurations/ and rings written here),
/// checked by numbers: copies at their angles, live counts, colours, what a frame leaves out.
@Suite("Real configurations: rings, Apple's Fire and Fireworks, confetti, embossed snow")
struct RealConfigurationTests {
    static let folder = repositoryRoot.appendingPathComponent("Tests/RealConfigurations")

    /// A scene from a file of the real-configuration set, or from JSON text, with the default budgets.
    static func scene(_ name: String) throws -> Scene {
        let description = try PresetDecoder.load(
            contentsOf: folder.appendingPathComponent("\(name).json"),
            assetDirectories: [folder, repositoryRoot.appendingPathComponent("assets")]
        ).get()
        return Scene(description)
    }

    static func scene(json: String) throws -> Scene {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("sparks-real-\(UUID().uuidString).json")
        try json.write(to: url, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: url) }
        return Scene(try PresetDecoder.load(contentsOf: url, assetDirectories: [repositoryRoot.appendingPathComponent("assets")]).get())
    }

    /// The frame at `seconds`, and what the covered-pixel budget left out of it.
    static func frame(_ scene: Scene, at seconds: Double) throws -> (image: PixelImage, cut: DrawBudgetCut?) {
        scene.run(until: seconds)
        var list = RenderList()
        scene.buildRenderList(into: &list)
        let renderer = try OffscreenRenderer(width: Int(list.canvasSize.width), height: Int(list.canvasSize.height))
        renderer.render(list)
        return (renderer.image(), renderer.budgetCut)
    }

    static func live(_ scene: Scene, _ layer: String) -> Int {
        scene.emitterLayers.first { $0.properties.name == layer }?.liveParticleCount ?? -1
    }

    @Test("Every scene of the real-configuration set is accepted with the default budgets")
    func acceptedWithDefaultBudgets() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.folder.path).filter { $0.hasSuffix(".json") }
        #expect(names.count >= 4)
        for name in names {
            #expect(throws: Never.self, "\(name)") { _ = try Self.scene(String(name.dropLast(5))) }
        }
    }

    @Test(
        "A replicator ring of n bars (instanceTransform a rotation by 2π/n) draws every bar at its angle and nothing between",
        arguments: [4, 8, 12, 15, 30])
    func ring(_ n: Int) throws {
        // A 6 × 30 bar 80 points above the centre of a 240 × 240 replicator, as spinners build it.
        let scene = try Self.scene(
            json: """
                { "canvas": { "width": 240, "height": 240, "background": "black" }, "layers": [
                  { "type": "replicator", "name": "ring", "bounds": [0, 0, 240, 240], "position": [120, 120], "instanceCount": \(n),
                    "instanceTransform": [{ "rotate": \(2 * Double.pi / Double(n)) }],
                    "sublayers": [{ "name": "bar", "bounds": [0, 0, 6, 30], "position": [120, 40], "backgroundColor": "white" }] } ] }
                """)
        let image = try Self.frame(scene, at: 0).image
        func pixel(atAngle angle: Double, radius: Double) -> UInt8 {
            image[Int((120 + radius * sin(angle)).rounded(.down)), Int((120 - radius * cos(angle)).rounded(.down))].r
        }
        for k in 0..<n {
            let angle = 2 * Double.pi * Double(k) / Double(n)
            #expect(pixel(atAngle: angle, radius: 80) == 255, "bar \(k) of \(n) at \(angle) rad is missing")
            #expect(pixel(atAngle: angle + Double.pi / Double(n), radius: 80) == 0, "something between bars \(k) and \(k + 1) of \(n)")
        }
    }

    /// The kinds of drawing a turned 120 × 20 card can take: a filled rectangle, an image, a
    /// rounded rectangle (triangles), a gradient, a shape layer's path, a layer with a shadow.
    static let cardKinds: [(name: String, keys: String)] = [
        ("a filled layer", #""backgroundColor": "white""#),
        ("contents", #""contents": "spark.png", "contentsGravity": "resize", "backgroundColor": "white""#),
        ("a rounded layer", #""backgroundColor": "white", "cornerRadius": 6"#),
        ("a gradient", ##""type": "gradient", "colors": ["white", "#ff8080"], "startPoint": [0, 0.5], "endPoint": [1, 0.5]"##),
        ("a shape's path", #""type": "shape", "path": [{"rect": [0, 0, 120, 20]}], "fillColor": "white""#),
        (
            "a shadowed layer",
            ##""backgroundColor": "white", "shadowOpacity": 1, "shadowColor": "#ff0000", "shadowRadius": 0, "shadowOffset": [0, 0]"##
        ),
    ]

    @Test(
        "A layer turned by exactly a multiple of π/2 or π/4 is drawn turned, whatever draws it",
        arguments: [-1.0, 0.5, 1, 1.5, 2, 0.25, 0.75])
    func turnedLayer(_ turns: Double) throws {
        for kind in Self.cardKinds {
            let angle = turns * Double.pi
            let scene = try Self.scene(
                json: """
                    { "canvas": { "width": 200, "height": 200, "background": "black" }, "layers": [
                      { "name": "card", "bounds": [0, 0, 120, 20], "position": [100, 100], "transform": [{ "rotate": \(angle) }], \(kind.keys) } ] }
                    """)
            let image = try Self.frame(scene, at: 0).image
            // Along the card's long axis, 45 points out from the centre (both ends), it is drawn;
            // across it, 30 points out, it is not.
            for sign in [-1.0, 1.0] {
                let x = Int((100 + sign * 45 * cos(angle)).rounded(.down)), y = Int((100 + sign * 45 * sin(angle)).rounded(.down))
                #expect(image[x, y].r > 200, "\(kind.name) turned by \(turns)π: nothing at (\(x), \(y))")
                let ax = Int((100 - sign * 30 * sin(angle)).rounded(.down)), ay = Int((100 + sign * 30 * cos(angle)).rounded(.down))
                #expect(image[ax, ay].r == 0, "\(kind.name) turned by \(turns)π: drawn across at (\(ax), \(ay))")
            }
        }
    }

    @Test("Apple's Fire: its steady state on the first frame, drawn whole; after setFireAmount(0.9) the counts its new values give")
    func appleFire() throws {
        let scene = try Self.scene("apple-fire")
        // 100 a second living 50 s ± 17.5 s (mean 50): about 5,000 alive from the first frame.
        let first = try Self.frame(scene, at: 0)
        #expect((4500...5600).contains(Self.live(scene, "fireEmitter")), "\(Self.live(scene, "fireEmitter"))")
        // 11 a second living 10 s.
        #expect((90...130).contains(Self.live(scene, "smokeEmitter")), "\(Self.live(scene, "smokeEmitter"))")
        #expect(first.cut == nil)
        let (image, cut) = try Self.frame(scene, at: 3)
        #expect(cut == nil, "\(String(describing: cut))")
        // Additive orange where the flames rise: red over green over blue.
        let p = image[160, 250]
        #expect(p.r > 20 && p.r > p.g && p.g > p.b, "\(p)")
        // The sample's slider: birthRate 450, lifetime 0.9 ± 0.315, a 45-point line; smoke living 3 s at alpha 0.27.
        for (keyPath, value) in [
            ("fireEmitter.emitterCells.fire.birthRate", "450"), ("fireEmitter.emitterCells.fire.lifetime", "0.9"),
            ("fireEmitter.emitterCells.fire.lifetimeRange", "0.315"), ("fireEmitter.emitterSize", "[45, 0]"),
            ("smokeEmitter.emitterCells.smoke.lifetime", "3"), ("smokeEmitter.emitterCells.smoke.color", "[1, 1, 1, 0.27]"),
        ] {
            try scene.setValue(text: value, forKeyPath: keyPath)
        }
        // Particles born before keep their lives (up to 67.5 s); past that, 450 × 0.9 and 11 × 3.
        scene.run(until: 75)
        #expect((370...440).contains(Self.live(scene, "fireEmitter")), "\(Self.live(scene, "fireEmitter"))")
        #expect((25...42).contains(Self.live(scene, "smokeEmitter")), "\(Self.live(scene, "smokeEmitter"))")
    }

    @Test("Apple's Fireworks: rockets rise, burst into coloured sparks, drawn whole")
    func appleFireworks() throws {
        let scene = try Self.scene("apple-fireworks")
        var most = 0
        var coloured = 0
        for t in stride(from: 0.5, through: 4, by: 0.5) {
            let (image, cut) = try Self.frame(scene, at: t)
            #expect(cut == nil, "\(String(describing: cut))")
            most = max(most, scene.liveParticleCount)
            // Sparks above the bottom third, in colour (not grey).
            for y in stride(from: 0, to: 320, by: 2) {
                for x in stride(from: 0, to: 320, by: 2) {
                    let p = image[x, y]
                    if max(p.r, p.g, p.b) > 80, Int(max(p.r, p.g, p.b)) - Int(min(p.r, p.g, p.b)) > 40 { coloured += 1 }
                }
            }
        }
        // A burst lives 0.35 s making 400 sparks a second: about 140 sparks a rocket, living 3 s.
        #expect(most > 150 && Double(most) < (scene.emitterLayers[0].emitter.estimatedLiveParticles), "\(most)")
        #expect(coloured > 50, "\(coloured)")
    }

    @Test("Confetti started with beginTime = CACurrentMediaTime(): empty at first, then every colour falls in")
    func confetti() throws {
        let scene = try Self.scene("confetti-now")
        _ = try Self.frame(scene, at: 0)
        #expect(scene.liveParticleCount == 0)
        let (image, _) = try Self.frame(scene, at: 2.5)
        // 6 cells × 6 a second for 2.5 s, none old enough to die.
        #expect((80...100).contains(scene.liveParticleCount), "\(scene.liveParticleCount)")
        let colours: [(UInt8, UInt8, UInt8)] = [(255, 59, 48), (255, 149, 0), (255, 204, 0), (52, 199, 89), (0, 122, 255), (175, 82, 222)]
        for c in colours {
            var found = false
            for y in 0..<image.height where !found {
                for x in 0..<image.width {
                    let p = image[x, y]
                    if abs(Int(p.r) - Int(c.0)) + abs(Int(p.g) - Int(c.1)) + abs(Int(p.b) - Int(c.2)) < 40 {
                        found = true
                        break
                    }
                }
            }
            #expect(found, "no confetti of colour \(c)")
        }
    }

    @Test("Snow with an emboss shadow: the shadow darkens only pixels just below a flake")
    func embossedSnow() throws {
        let shadowed = try Self.frame(try Self.scene("snow-emboss"), at: 4).image
        let plainScene = try Self.scene("snow-emboss")
        try plainScene.setValue(text: "0", forKeyPath: "snow.shadowOpacity")
        let plain = try Self.frame(plainScene, at: 4).image
        #expect(plainScene.liveParticleCount > 60)
        let background = plain[0, 666]
        func isBackground(_ p: (r: UInt8, g: UInt8, b: UInt8, a: UInt8)) -> Bool {
            p.r == background.r && p.g == background.g && p.b == background.b
        }
        var darkened = 0, misplaced = 0
        for y in 1..<plain.height {
            for x in 0..<plain.width where isBackground(plain[x, y]) && !isBackground(shadowed[x, y]) {
                // A shadow pixel: darker than the sky, with a flake one point above it.
                #expect(shadowed[x, y].b < background.b)
                darkened += 1
                if isBackground(plain[x, y - 1]) { misplaced += 1 }
            }
        }
        #expect(darkened > 100)
        #expect(misplaced == 0, "\(misplaced) of \(darkened) shadow pixels without a flake above")
    }
}
