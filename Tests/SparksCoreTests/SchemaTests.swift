import Foundation
import SparksCore
import Testing

@Suite("presets/sparks.schema.json")
struct SchemaTests {
    @Test(
        "The committed schema is the one generated from the decoder's property tables (regenerate: sparks schema > presets/sparks.schema.json)"
    )
    func committedSchemaIsCurrent() throws {
        // Compare canonical forms (parsed, then written with sorted keys), not whitespace.
        func canonical(_ data: Data) throws -> Data {
            try JSONSerialization.data(withJSONObject: JSONSerialization.jsonObject(with: data), options: [.sortedKeys])
        }
        let committed = try canonical(Data(contentsOf: repositoryRoot.appendingPathComponent("presets/sparks.schema.json")))
        #expect(committed == (try canonical(Data(PresetSchema.text.utf8))))
    }

    @Test("docs/keys.md is the key reference generated from the same tables (regenerate: sparks schema --keys --out docs/keys.md)")
    func committedKeyReferenceIsCurrent() throws {
        let committed = try String(contentsOf: repositoryRoot.appendingPathComponent("docs/keys.md"), encoding: .utf8)
        #expect(committed == PresetKeyReference.markdown)
        for key in EmitterCell.table.keys + LayerProperties.table.keys { #expect(committed.contains("| `\(key)` |"), "\(key)") }
    }

    @Test("The schema names exactly the keys the decoder accepts")
    func sameKeys() throws {
        let schema = PresetSchema.object
        let definitions = schema["definitions"] as! [String: Any]
        func keys(_ name: String) -> Set<String> {
            Set(((definitions[name] as! [String: Any])["properties"] as! [String: Any]).keys)
        }
        #expect(keys("cell") == Set(EmitterCell.table.keys + PresetDecoder.cellStructureKeys))
        #expect(keys("plainLayer") == Set(LayerProperties.table.keys + PresetDecoder.layerStructureKeys))
        #expect(
            keys("emitterLayer")
                == Set(
                    LayerProperties.table.keys + EmitterProperties.table.keys + PresetDecoder.layerStructureKeys + [
                        "emitterCells", "emitterBehaviors",
                    ]))
        #expect(keys("behavior") == Set(EmitterBehavior.table.keys + ["type"]))
        #expect(
            keys("replicatorLayer") == Set(LayerProperties.table.keys + ReplicatorProperties.table.keys + PresetDecoder.layerStructureKeys))
        #expect(keys("gradientLayer") == Set(LayerProperties.table.keys + GradientProperties.table.keys + PresetDecoder.layerStructureKeys))
        #expect(Set((schema["properties"] as! [String: Any]).keys) == Set(PresetDecoder.documentKeys))
    }
}
