import Foundation
import SparksCore
import Testing

@Suite("Writing presets")
struct PresetEncoderTests {
    static let presetNames =
        ((try? FileManager.default.contentsOfDirectory(atPath: repositoryRoot.appendingPathComponent("presets").path)) ?? [])
        .filter { $0.hasSuffix(".json") && $0 != "sparks.schema.json" }.sorted()

    @Test("Every preset written out reads back as the same description", arguments: presetNames)
    func roundTrip(file: String) throws {
        let folder = repositoryRoot.appendingPathComponent("presets")
        let assets = [repositoryRoot.appendingPathComponent("assets")]
        let scene = try PresetDecoder.load(contentsOf: folder.appendingPathComponent(file), assetDirectories: assets).get()
        let text = PresetEncoder.encode(scene)
        let decoder = PresetDecoder(fileName: file, resolver: ResourceResolver(roots: [folder] + assets))
        var again = try decoder.decode(Array(text.utf8), defaultName: scene.name).get()
        again.notes = scene.notes
        #expect(again == scene, "\(text)")
    }

    @Test("Written numbers are the shortest text that reads back exactly")
    func numbers() {
        let scene = SceneDescription(
            name: "n",
            layers: [
                LayerDescription(
                    properties: {
                        var p = LayerProperties()
                        p.opacity = 0.1 + 0.2
                        p.zPosition = 3
                        return p
                    }())
            ])
        let text = PresetEncoder.encode(scene, schema: nil)
        #expect(text.contains("\"opacity\": 0.30000000000000004"))
        #expect(text.contains("\"zPosition\": 3,") || text.contains("\"zPosition\": 3\n"))
        #expect(!text.contains("$schema"))
    }
}
