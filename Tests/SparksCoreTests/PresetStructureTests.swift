import SparksCore
import Testing

/// The one description of where a preset's elements sit agrees with the types it names and with
/// what the decoder reads and the encoder writes.
struct PresetStructureTests {
    @Test func everyElementHasItsKeysAndEverySlotNamesRealTypes() {
        for element in PresetElement.allCases {
            #expect(PresetObject.named(element.objectName) != nil, "\(element)")
            for slot in element.slots {
                let types: [String]
                switch element {
                case .layer: types = LayerKind.allCases.map(\.rawValue)
                case .animation: types = Animation.TypeName.allCases.map(\.rawValue)
                default: types = []
                }
                for type in slot.types ?? [] { #expect(types.contains(type), "\(element).\(slot.key) names the type \(type)") }
                if slot.isList { #expect(slot.element.nameKey != nil, "\(element).\(slot.key) holds elements with names") }
            }
        }
        #expect(PresetElement.held(under: "animations") == .animation)
        #expect(PresetElement.held(under: "emitterCells") == .cell)
        #expect(PresetElement.held(under: "birthRate") == nil)
    }

    /// A preset with every slot filled, decoded and written again: each element the encoder
    /// writes sits where the structure says, and nothing is lost.
    @Test func theEncoderWritesEachElementWhereTheStructureSaysItSits() throws {
        let text = """
            {"name": "all", "canvas": {"width": 200, "height": 100}, "layers": [
              {"type": "emitter", "name": "e",
               "emitterCells": [{"name": "c", "birthRate": 1, "emitterCells": [{"name": "s", "birthRate": 1}]}],
               "emitterBehaviors": [{"type": "drag", "name": "d", "drag": 1}],
               "sublayers": [{"name": "child", "mask": {"name": "m", "opacity": 0.5}}],
               "animations": [{"type": "group", "key": "g", "duration": 1,
                 "animations": [{"type": "basic", "key": "b", "keyPath": "opacity", "fromValue": 0, "toValue": 1}]}]}
            ]}
            """
        let decoded = PresetDecoder(fileName: "all.json", resolver: ResourceResolver(roots: [])).decode(
            Array(text.utf8), defaultName: "all")
        let scene = try decoded.get()
        let written = try JSONParser.parse(PresetEncoder.encode(scene))
        var seen: Set<String> = []
        func walk(_ node: JSONNode, as element: PresetElement) {
            guard case .object(let members) = node.value else {
                Issue.record("\(element) is not an object")
                return
            }
            var type: String?
            if let key = element.typeKey, case .string(let t)? = node[key]?.value { type = t }
            let slots = element.slots(ofType: type)
            for member in members {
                let holdsElements: Bool
                switch member.value.value {
                case .object: holdsElements = true
                case .array(let items): holdsElements = items.contains { if case .object = $0.value { true } else { false } }
                default: holdsElements = false
                }
                guard holdsElements else { continue }
                guard let slot = slots.first(where: { $0.key == member.key }) else {
                    Issue.record("\(element) (\(type ?? "default")) holds \(member.key), which the structure does not name")
                    continue
                }
                seen.insert("\(element).\(slot.key)")
                if case .array(let items) = member.value.value {
                    for item in items { walk(item, as: slot.element) }
                } else {
                    walk(member.value, as: slot.element)
                }
            }
        }
        walk(written, as: .preset)
        let every = Set(PresetElement.allCases.flatMap { element in element.slots.map { "\(element).\($0.key)" } })
        #expect(seen == every)
    }
}
