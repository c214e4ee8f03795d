import Foundation
import SparksCore
import Testing

/// A preset a program wrote with values that do not validate keeps every valid value and
/// leaves out each invalid one, said as a diagnostic.
@Suite("Leaving out what does not validate")
struct PresetRepairTests {
    static let presets = repositoryRoot.appendingPathComponent("presets")
    static let decoder = PresetDecoder(
        fileName: "p.json", resolver: ResourceResolver(roots: [presets, repositoryRoot.appendingPathComponent("assets")]))
    static let names = ((try? FileManager.default.contentsOfDirectory(atPath: presets.path)) ?? [])
        .filter { $0.hasSuffix(".json") && $0 != "sparks.schema.json" }.map { String($0.dropLast(5)) }.sorted()

    @Test("Bad values put anywhere in a gallery preset are left out, and the rest decodes as the preset did", arguments: 0..<24)
    func randomDamage(seed: Int) throws {
        var random = SeededRandom(seed: UInt32(1000 + seed))
        let name = Self.names[Int(random.nextUInt32() % UInt32(Self.names.count))]
        let text = try String(contentsOf: Self.presets.appendingPathComponent("\(name).json"), encoding: .utf8)
        let original = try Self.decoder.decode(Array(text.utf8), defaultName: name).get()
        // Every object of the file, by path; some get a value of the wrong kind under a key
        // they have, or a key nobody knows.
        var objects: [[PresetTextEdit.Step]] = []
        func collect(_ node: JSONNode, _ path: [PresetTextEdit.Step]) {
            switch node.value {
            case .object(let members):
                objects.append(path)
                for m in members { collect(m.value, path + [.key(m.key)]) }
            case .array(let elements):
                for (i, e) in elements.enumerated() { collect(e, path + [.index(i)]) }
            default: break
            }
        }
        collect(try JSONParser.parse(text), [])
        var bytes = Array(text.utf8)
        var damaged: [String] = []
        for _ in 0..<3 {
            let path = objects[Int(random.nextUInt32() % UInt32(objects.count))]
            let key = "notAKey\(damaged.count)"
            bytes = try PresetTextEdit.setting(#"{"nested": [1, "x"]}"#, at: path + [.key(key)], in: bytes)
            damaged.append(Self.text(path + [.key(key)]))
        }
        guard case .failure = Self.decoder.decode(bytes, defaultName: name) else {
            Issue.record("the damage did not make \(name) invalid")
            return
        }
        let (repaired, result, leftOut) = PresetRepair.decodeLeavingOut(
            String(decoding: bytes, as: UTF8.self), with: Self.decoder, defaultName: name)
        #expect(!repaired.contains("notAKey"))
        let decoded = try result.get()
        // What is left out is a damaged key, or the element holding one (an element of a
        // transform list is valid only whole), or what that leaves empty.
        for d in leftOut {
            #expect(
                damaged.contains { $0 == d.path || $0.hasPrefix(d.path + ".") || $0.hasPrefix(d.path + "[") || d.path.hasPrefix($0) }
                    || leftOut.contains { $0.path != d.path && $0.path.hasPrefix(d.path) }, "\(d) in \(name)")
        }
        if Set(leftOut.map(\.path)) == Set(damaged) { #expect(decoded == original) }
    }

    /// A path as diagnostics write it: `layers[0].emitterCells[1].birthRate`.
    static func text(_ path: [PresetTextEdit.Step]) -> String {
        var text = ""
        for step in path {
            switch step {
            case .key(let key): text += text.isEmpty ? key : ".\(key)"
            case .index(let i): text += "[\(i)]"
            }
        }
        return text
    }

    @Test("A value of the wrong kind is left out with its path; a budget the whole preset breaks is not repaired")
    func wrongKindAndBudget() throws {
        let text = #"{"layers": [{"type": "emitter", "birthRate": "lots", "opacity": 0.5}]}"#
        let (repaired, result, leftOut) = PresetRepair.decodeLeavingOut(text, with: Self.decoder, defaultName: "p")
        #expect(leftOut.map(\.path) == ["layers[0].birthRate"])
        #expect(!repaired.contains("lots"))
        #expect(try result.get().layers[0].properties.opacity == 0.5)
        let tooMany = #"{"layers": [{"type": "emitter", "emitterCells": [{"birthRate": 50000, "lifetime": 100}]}]}"#
        let (_, budget, none) = PresetRepair.decodeLeavingOut(tooMany, with: Self.decoder, defaultName: "p")
        if case .success = budget { Issue.record("a preset over the particle budget decoded") }
        #expect(none.isEmpty)
    }
}
