import Foundation
import SparksCore
import Testing

@Suite("Writing one value back into a preset's text")
struct PresetTextEditTests {
    let jsonc = """
        {
          // My portal: tuned by hand.
          "name": "portal",
          "layers": [
            {
              "type": "emitter", /* the ring */
              "emitterPosition": [400, 300],   // centre
              "emitterCells": [ { "name": "spark", "birthRate": 100, }, ],
            },
            {
              "type": "emitter",
              "sublayers": [ { "type": "emitter", "emitterCells": [] } ]
            }
          ],
        }
        """

    private func edit(_ value: String, _ path: [PresetTextEdit.Step]) throws -> String {
        String(decoding: try PresetTextEdit.setting(value, at: path, in: Array(jsonc.utf8)), as: UTF8.self)
    }

    @Test("An existing key: only its value's text changes; comments, trailing commas and spacing stay")
    func replaces() throws {
        let edited = try edit("[412.5, 288]", [.key("layers"), .index(0), .key("emitterPosition")])
        #expect(edited == jsonc.replacing("[400, 300]", with: "[412.5, 288]"))
        let decoded = try PresetDecoder(fileName: "p", resolver: ResourceResolver(roots: [])).decode(Array(edited.utf8), defaultName: "p")
            .get()
        #expect(decoded.layers[0].content.emitter?.emitterPosition == Point(x: 412.5, y: 288))
    }

    @Test("A missing key is added after the object's last member, on its own line when members are one to a line")
    func inserts() throws {
        let second = try edit("[10, 20]", [.key("layers"), .index(1), .key("emitterPosition")])
        #expect(
            second.contains("\"sublayers\": [ { \"type\": \"emitter\", \"emitterCells\": [] } ],\n      \"emitterPosition\": [10, 20]\n"))
        let nested = try edit("[1, 2]", [.key("layers"), .index(1), .key("sublayers"), .index(0), .key("emitterPosition")])
        #expect(nested.contains("{ \"type\": \"emitter\", \"emitterCells\": [], \"emitterPosition\": [1, 2] }"))
        let empty = String(
            decoding: try PresetTextEdit.setting("3", at: [.key("a")], in: Array("{}".utf8)), as: UTF8.self)
        #expect(empty == "{ \"a\": 3 }")
        for text in [second, nested, empty] { #expect((try? JSONParser.parse(text)) != nil, "\(text)") }
    }

    @Test("Every edit of a random value of a shipped preset changes that value and no other byte")
    func shippedPresets() throws {
        let folder = repositoryRoot.appendingPathComponent("presets")
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) where name.hasSuffix(".json") {
            let bytes = Array(try Data(contentsOf: folder.appendingPathComponent(name)))
            let root = try JSONParser.parse(bytes)
            guard case .object(let members) = root.value, let last = members.last else { continue }
            let edited = try PresetTextEdit.setting("12345", at: [.key(last.key)], in: bytes)
            #expect(Array(edited[..<last.value.span.lowerBound]) == Array(bytes[..<last.value.span.lowerBound]))
            #expect(Array(edited[(last.value.span.lowerBound + 5)...]) == Array(bytes[last.value.span.upperBound...]), "\(name)")
        }
    }

    @Test("Paths that do not exist and files that are not JSON are refused with a reason")
    func failures() {
        #expect(throws: PresetTextEdit.Failure.self) { try edit("1", [.key("layers"), .index(7), .key("x")]) }
        #expect(throws: PresetTextEdit.Failure.self) { try edit("1", [.key("nope"), .key("x")]) }
        #expect(throws: PresetTextEdit.Failure.self) { try PresetTextEdit.setting("1", at: [.key("a")], in: Array("{".utf8)) }
    }

    @Test("Emitter layers' paths follow the scene's emitter order, sublayers included")
    func emitterPaths() throws {
        let scene = try PresetDecoder(fileName: "p", resolver: ResourceResolver(roots: [])).decode(Array(jsonc.utf8), defaultName: "p")
            .get()
        #expect(
            scene.emitterLayerPaths == [
                [.key("layers"), .index(0)], [.key("layers"), .index(1)], [.key("layers"), .index(1), .key("sublayers"), .index(0)],
            ])
        #expect(Scene(scene).emitterLayers.count == 3)
    }

    @Test("Live counts by layer and cell add up to the scene's")
    func liveCounts() throws {
        let description = try shippedPreset("recipe-trails")
        let scene = Scene(description)
        scene.run(until: 3)
        let counts = scene.liveCountsByLayer
        #expect(counts.map(\.layer) == ["comets"])
        #expect(counts[0].cells.map(\.name) == ["head", "head.trail"])
        #expect(counts[0].total == scene.liveParticleCount && counts[0].cells.reduce(0) { $0 + $1.count } == counts[0].total)
        #expect(counts[0].cells[1].count > counts[0].cells[0].count)
    }
}
