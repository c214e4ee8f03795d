import Foundation
import SparksCore
import Testing

@Suite("Presets: decoding the shipped presets and reporting bad input")
struct PresetTests {
    let assets = repositoryRoot.appendingPathComponent("assets")

    func load(_ name: String) throws -> SceneDescription {
        try PresetDecoder.load(
            contentsOf: repositoryRoot.appendingPathComponent("presets/\(name).json"), assetDirectories: [assets]
        ).get()
    }

    @Test("fire.json carries the book's values exactly")
    func fire() throws {
        let fire = try load("fire")
        #expect(fire.canvas == CanvasDescription(width: 800, height: 600, background: .black))
        let layer = try #require(fire.layers.first)
        #expect(layer.kind == .emitter)
        #expect(layer.properties.position == Point(x: 400, y: 300))
        let e = try #require(layer.content.emitter)
        #expect(e.emitterSize == Size(width: 50, height: 10))
        #expect(e.emitterShape == .line && e.emitterMode == .outline && e.renderMode == .additive)
        let c = try #require(e.emitterCells.first)
        #expect(c.name == "fire" && c.birthRate == 500 && c.lifetime == 1)
        #expect(abs(c.emissionLongitude - .pi) < 1e-9)
        #expect(c.velocity == -1 && c.velocityRange == 50 && c.emissionRange == 1.1)
        #expect(c.yAcceleration == -200 && c.scaleSpeed == 0.3)
        #expect(c.color == Color(red: 0.8, green: 0.4, blue: 0.2, alpha: 0.1))
        #expect(c.contents?.name == "fire.png")
    }

    @Test("neon.json carries the book's values exactly")
    func neon() throws {
        let neon = try load("neon")
        let e = try #require(neon.layers.first?.content.emitter)
        #expect(e.emitterSize == Size(width: 2, height: 2))
        #expect(e.emitterShape == .circle && e.emitterMode == .outline && e.renderMode == .backToFront)
        let c = try #require(e.emitterCells.first)
        #expect(c.name == "nenolight")
        #expect(abs(c.emissionLongitude - 2 * .pi) < 1e-9)
        #expect(c.velocity == 50 && c.velocityRange == 50 && c.scale == 0.1 && c.scaleSpeed == -0.2)
        #expect(c.redSpeed == -0.2 && c.greenSpeed == -0.1 && c.blueSpeed == 0.1 && c.alphaSpeed == -0.2)
        #expect(c.birthRate == 100 && c.lifetime == 4 && c.color == .white && c.contents?.name == "neon.png")
    }

    @Test("fire's steady state: 500/s × 1 s = 500 particles")
    func fireSteadyState() throws {
        let scene = Scene(try load("fire"))
        scene.run(until: 3)
        #expect(abs(scene.liveParticleCount - 500) <= 2)
    }
}

/// Writes a preset into a fresh folder with an assets/ folder beside it and decodes it.
struct PresetFixture {
    let folder: URL
    let presets: URL
    let assets: URL

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("sparks-test-\(UUID().uuidString)")
        presets = folder.appendingPathComponent("presets")
        assets = folder.appendingPathComponent("assets")
        try FileManager.default.createDirectory(at: presets, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: assets, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: repositoryRoot.appendingPathComponent("assets/fire.png"), to: assets.appendingPathComponent("fire.png"))
    }

    func decode(_ text: String) -> Result<SceneDescription, PresetError> {
        let url = presets.appendingPathComponent("test.json")
        try! text.write(to: url, atomically: true, encoding: .utf8)
        return PresetDecoder.load(contentsOf: url, displayName: "test.json", assetDirectories: [assets])
    }

    func diagnostics(_ text: String) -> [PresetDiagnostic] {
        switch decode(text) {
        case .success: return []
        case .failure(let error): return error.diagnostics
        }
    }

    /// A preset with one emitter cell whose extra keys are `cellKeys` (JSON text).
    static func cellPreset(_ cellKeys: String) -> String {
        """
        {
          "layers": [
            {
              "type": "emitter",
              "emitterCells": [
                { "name": "fire", "birthRate": 10, \(cellKeys) }
              ]
            }
          ]
        }
        """
    }
}

@Suite("Bad presets give clear errors with file, line, column, path and reason")
struct BadPresetTests {
    @Test("Malformed JSON names the line and column")
    func malformed() throws {
        let fixture = try PresetFixture()
        let d = fixture.diagnostics("{\n  \"layers\": [\n    { \"type\": \"emitter\" \n  ]\n}")
        #expect(d.count == 1)
        #expect(d[0].location == SourceLocation(line: 4, column: 3))
        #expect(d[0].description.hasPrefix("test.json:4:3: "))
        #expect(d[0].message.contains("expected ',' or '}'"))
    }

    @Test("An unknown key suggests the nearest known one")
    func unknownKey() throws {
        let fixture = try PresetFixture()
        let d = fixture.diagnostics(PresetFixture.cellPreset("\"birthrate\": 5"))
        #expect(d.count == 1)
        #expect(d[0].path == "layers[0].emitterCells[0].birthrate")
        #expect(d[0].suggestion == "birthRate")
        #expect(
            d[0].description
                == "test.json:6:44: layers[0].emitterCells[0].birthrate: unknown key \"birthrate\" — did you mean \"birthRate\"? "
                + "(particles per second, typically 1…1000, e.g. 150)")
    }

    @Test("A wrong type names what was expected and what was found")
    func wrongType() throws {
        let fixture = try PresetFixture()
        let d = fixture.diagnostics(PresetFixture.cellPreset("\"lifetime\": \"long\""))
        #expect(d.count == 1)
        #expect(d[0].path == "layers[0].emitterCells[0].lifetime")
        #expect(d[0].message == "expected a number, got a string \"long\" (lifetime: seconds, typically 0.2…10, e.g. 2.5)")
    }

    @Test("Colours in CSS's short hex: #80f is #8800ff and #80fa is #8800ffaa; other lengths and non-hex digits are refused")
    func shortHex() throws {
        #expect(Color(hex: "#80f") == Color(hex: "#8800ff"))
        #expect(Color(hex: "#80fa") == Color(hex: "#8800ffaa"))
        #expect(Color(hex: "#80F")?.blue == 1 && Color(hex: "#80f")?.alpha == 1)
        for bad in ["#80", "#80fab", "#80g", "#+80f", "80f", "#8800f"] { #expect(Color(hex: bad) == nil, "\(bad)") }
        let fixture = try PresetFixture()
        let d = fixture.diagnostics(PresetFixture.cellPreset("\"color\": \"#80g\""))
        #expect(d.first?.message.contains("\"#RGB\"") == true, "\(d)")
        #expect(fixture.diagnostics(PresetFixture.cellPreset("\"color\": \"#80fa\"")).isEmpty)
    }

    @Test("A negative lifetime is refused with its path")
    func negativeLifetime() throws {
        let fixture = try PresetFixture()
        let d = fixture.diagnostics(PresetFixture.cellPreset("\"lifetime\": -1"))
        #expect(d.map(\.message) == ["must not be negative, got -1 (lifetime: seconds, typically 0.2…10, e.g. 2.5)"])
        #expect(d[0].path == "layers[0].emitterCells[0].lifetime")
    }

    @Test("NaN and Infinity are refused with their path")
    func notFinite() throws {
        let fixture = try PresetFixture()
        let d = fixture.diagnostics(PresetFixture.cellPreset("\"velocity\": NaN, \"scale\": Infinity, \"spin\": 1e400"))
        #expect(d.count == 3)
        #expect(
            d.map(\.path) == ["layers[0].emitterCells[0].velocity", "layers[0].emitterCells[0].scale", "layers[0].emitterCells[0].spin"])
        #expect(d[0].message.contains("NaN"))
        #expect(d[1].message.contains("Infinity"))
    }

    @Test("Absurd magnitudes are refused")
    func absurd() throws {
        let fixture = try PresetFixture()
        let d = fixture.diagnostics(PresetFixture.cellPreset("\"velocity\": 1e12"))
        #expect(d.count == 1 && d[0].message.contains("at most"))
    }

    @Test("A missing texture is an error naming the file, with the nearest existing one")
    func missingTexture() throws {
        let fixture = try PresetFixture()
        let d = fixture.diagnostics(PresetFixture.cellPreset("\"contents\": \"fir.png\""))
        #expect(d.count == 1)
        #expect(d[0].path == "layers[0].emitterCells[0].contents")
        #expect(d[0].message.contains("\"fir.png\" not found"))
        #expect(d[0].suggestion == "fire.png")
    }

    @Test("A missing image's message names each folder searched once, as a reader finds it")
    func missingImageFolders() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sparks-resolver-\(UUID().uuidString)")
        let assets = folder.appendingPathComponent("assets")
        try FileManager.default.createDirectory(at: assets, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        // The preset lives in assets/ itself: its folder and the asset folder are one.
        let resolver = ResourceResolver(roots: [assets, assets.appendingPathComponent("."), folder])
        do {
            _ = try resolver.image("spark.png")
            Issue.record("found a file that does not exist")
        } catch {
            #expect(error.message == "image \"spark.png\" not found in \(assets.path)/ or \(folder.path)/")
        }
        // The images that are there are listed, the closest names first (equally close ones by name).
        for file in ["smoke.png", "sparks.png", "fire.png", "notes.txt"] {
            try Data([0]).write(to: assets.appendingPathComponent(file))
        }
        do {
            _ = try resolver.image("spark.png")
            Issue.record("found a file that does not exist")
        } catch {
            #expect(error.message.hasSuffix("; there: sparks.png, fire.png, smoke.png"), "\(error.message)")
            #expect(error.suggestion == "sparks.png")
        }
    }

    @Test("contents cannot reach outside the preset's folder and assets/")
    func escapes() throws {
        let fixture = try PresetFixture()
        for name in ["../assets/fire.png", "/etc/passwd", "../../secret.png"] {
            let d = fixture.diagnostics(PresetFixture.cellPreset("\"contents\": \"\(name)\""))
            #expect(d.count == 1, "\(name)")
            #expect(d.first?.message.contains("relative") == true || d.first?.message.contains("outside") == true, "\(d)")
        }
        // A symbolic link inside assets/ that points outside is refused too.
        let outside = fixture.folder.appendingPathComponent("outside.png")
        try FileManager.default.copyItem(at: fixture.assets.appendingPathComponent("fire.png"), to: outside)
        try FileManager.default.createSymbolicLink(at: fixture.assets.appendingPathComponent("link.png"), withDestinationURL: outside)
        let d = fixture.diagnostics(PresetFixture.cellPreset("\"contents\": \"link.png\""))
        #expect(d.count == 1 && d[0].message.contains("outside"))
    }

    @Test("A file that is not a PNG is refused")
    func notPNG() throws {
        let fixture = try PresetFixture()
        try "not an image".write(to: fixture.assets.appendingPathComponent("fake.png"), atomically: true, encoding: .utf8)
        let d = fixture.diagnostics(PresetFixture.cellPreset("\"contents\": \"fake.png\""))
        #expect(d.count == 1 && d[0].message.contains("not a PNG"))
    }

    @Test("An unknown enumeration value lists the allowed ones and suggests the nearest")
    func unknownEnum() throws {
        let fixture = try PresetFixture()
        let d = fixture.diagnostics(#"{"layers": [{"type": "emitter", "emitterShape": "circel"}]}"#)
        #expect(d.count == 1)
        #expect(d[0].message.contains(#""point", "line", "rectangle", "cuboid", "circle", "sphere""#))
        #expect(d[0].suggestion == "circle")
    }

    @Test("Every problem is reported at once, in document order")
    func everyProblem() throws {
        let fixture = try PresetFixture()
        let d = fixture.diagnostics(
            """
            {
              "stepRate": 0,
              "canvas": { "width": 800, "hieght": 600 },
              "layers": [
                { "type": "emitter", "emitterShape": "line", "birthrate": 2,
                  "emitterCells": [ { "lifetime": -2, "color": "blurple" } ] },
                { "type": "layer", "emitterSize": [1, 2] }
              ]
            }
            """)
        #expect(
            d.map(\.path) == [
                "stepRate", "canvas.hieght", "layers[0].birthrate",
                "layers[0].emitterCells[0].lifetime", "layers[0].emitterCells[0].color", "layers[1].emitterSize",
            ])
        #expect(d[1].suggestion == "height")
        #expect(d[2].suggestion == "birthRate")
        #expect(d[4].suggestion == "purple")
        #expect(d[5].message.contains("add \"type\": \"emitter\""))
    }

    @Test("An empty file and a file that is not an object are clear errors")
    func emptyAndWrongRoot() throws {
        let fixture = try PresetFixture()
        #expect(fixture.diagnostics("").first?.message.contains("empty") == true)
        #expect(fixture.diagnostics("[1, 2]").first?.message == "expected a preset (an object), got an array")
        #expect(fixture.diagnostics("{}").first?.message.contains("missing key \"layers\"") == true)
    }

    @Test("Sub-cells nested deeper than the limit are refused")
    func deepNesting() throws {
        let fixture = try PresetFixture()
        var cells = "{\"birthRate\": 1}"
        for _ in 0..<PresetDecoder.maxSubcellDepth { cells = "{\"birthRate\": 1, \"emitterCells\": [\(cells)]}" }
        let d = fixture.diagnostics("{\"layers\": [{\"type\": \"emitter\", \"emitterCells\": [\(cells)]}]}")
        #expect(d.count == 1 && d[0].message.contains("deeper than 8"))
    }

    @Test("Transforms: 16 numbers or operations applied like CATransform3DTranslate/Rotate/Scale")
    func transforms() throws {
        let fixture = try PresetFixture()
        let scene = try fixture.decode(
            """
            {"layers": [
              {"transform": [{"translate": [0, 200, 0]}, {"rotate": 3.14159265358979}, {"translate": [0, -200]}]},
              {"transform": [1,0,0,0, 0,1,0,0, 0,0,1,0, 5,6,7,1]},
              {"transform": [{"rotate": {"angle": 1, "axis": [1, 0, 0]}}, {"scale": [2, 3]}, {"perspective": 500}]}
            ]}
            """
        ).get()
        let ring = scene.layers[0].properties.transform.apply(to: Point.zero)
        #expect(abs(ring.x) < 1e-9 && abs(ring.y - 400) < 1e-9)
        #expect(scene.layers[1].properties.transform.m41 == 5 && scene.layers[1].properties.transform.m43 == 7)
        #expect(scene.layers[2].properties.transform.m34 == -1.0 / 500)
    }
}
