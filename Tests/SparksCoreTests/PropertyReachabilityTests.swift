import Foundation
import SparksCore
import Testing

/// One property of one kind of layer: its key path and the kind of value it takes.
struct TableKey: CustomTestStringConvertible, Sendable {
    let layerKind: LayerKind
    let keyPath: String
    let valueKind: PropertyKind
    /// Where in a layer's JSON the key goes: on the layer, or on its cell named "c".
    var onCell: Bool { keyPath.hasPrefix("emitterCells.") }
    var key: String { String(keyPath.split(separator: ".").last!) }
    var testDescription: String { "\(layerKind.rawValue) \(keyPath)" }

    /// Every key of every table: CALayer's and each kind's own on every kind, and the cell keys
    /// (as `emitterCells.c.KEY`) on emitters.
    static var all: [TableKey] {
        LayerKind.allCases.flatMap { kind in
            let layer = LayerProperties.table.descriptors.map { TableKey(layerKind: kind, keyPath: $0.key, valueKind: $0.kind) }
            let own = (kind.contentTable?.descriptors ?? []).map { TableKey(layerKind: kind, keyPath: $0.key, valueKind: $0.kind) }
            let cells =
                kind == .emitter
                ? EmitterCell.table.descriptors.map { TableKey(layerKind: kind, keyPath: "emitterCells.c.\($0.key)", valueKind: $0.kind) }
                : []
            return layer + own + cells
        }
    }
}

@Suite("Every table key is reachable by preset, --set and animation alike")
struct PropertyReachabilityTests {
    /// A preset with one layer named "L" of the key's kind (an emitter has a cell named "c"),
    /// with `extra` JSON members on the layer and `cellExtra` on the cell.
    static func preset(_ key: TableKey, layer extra: String = "", cell cellExtra: String = "") -> String {
        var members = [#""type": "\#(key.layerKind.rawValue)""#, #""name": "L""#]
        if !extra.isEmpty { members.append(extra) }
        if key.layerKind == .emitter { members.append(#""emitterCells": [{"name": "c"\#(cellExtra.isEmpty ? "" : ", " + cellExtra)}]"#) }
        return #"{"layers": [{\#(members.joined(separator: ", "))}]}"#
    }

    /// Candidate values, JSON text each, of which the first that differs from the default is used.
    static func candidates(_ kind: PropertyKind) -> [String] {
        switch kind {
        case .number(let rule):
            return [0.5, 2, 3, 1, rule.minimum, rule.maximum].filter { rule.violation($0) == nil }.map { "\($0)" }
        case .bool: return ["true", "false"]
        case .text: return [#""x""#]
        case .choice(let options): return options.reversed().map { "\"\($0)\"" }
        case .point, .size, .offset: return ["[3, 4]"]
        case .rect: return ["[1, 2, 30, 40]"]
        case .vector3: return ["[3, 4, 5]"]
        case .colorList: return [#"["red", [0, 0, 1, 1]]"#]
        case .numberList: return ["[0, 0.25]"]
        case .path: return [#""M 0 0 L 10 5""#, #"[{"oval": [0, 0, 10, 10]}]"#]
        case .color: return ["[0.25, 0.5, 0.75, 1]"]
        case .transform: return [#"[{"scale": 2}]"#]
        case .image: return [#""fire.png""#]
        case .repeatCount, .seed: return ["3"]
        }
    }

    /// Whether the key is a name, which is how key paths find layers and cells.
    /// The layer and key path a scene reads the key at (a "name" renames the layer or cell).
    static func read(_ scene: Scene, _ key: TableKey, value: PropertyValue) throws -> PropertyValue {
        if key.key == "name", case .string(let name) = value {
            return try scene.value(forKeyPath: key.onCell ? "L.emitterCells.\(name).name" : "\(name).name")
        }
        return try scene.value(forKeyPath: "L.\(key.keyPath)")
    }

    static func same(_ a: PropertyValue, _ b: PropertyValue) -> Bool {
        if case .transform(let x) = a, case .transform(let y) = b {
            return zip(x.rowMajor, y.rowMajor).allSatisfy { abs($0 - $1) < 1e-9 }
        }
        if let x = a.number, let y = b.number { return abs(x - y) < 1e-9 }
        return a == b
    }

    /// The sample value for `key`: decoded from the first candidate unlike the default.
    static func sample(_ key: TableKey, fixture: PresetFixture) throws -> (json: String, value: PropertyValue) {
        let scene = Scene(try fixture.decode(preset(key)).get())
        let defaultValue = try read(scene, key, value: .string(key.onCell ? "c" : "L"))
        let decoder = PresetDecoder(fileName: "test", resolver: ResourceResolver(roots: [fixture.presets, fixture.assets]))
        for json in candidates(key.valueKind) {
            let value = try decoder.decodeValue(json, kind: key.valueKind, path: key.keyPath).get()
            if !same(value, defaultValue) { return (json, value) }
        }
        Issue.record("no sample unlike the default \(defaultValue)")
        throw CancellationError()
    }

    @Test("A preset key sets the property", arguments: TableKey.all)
    func preset(_ key: TableKey) throws {
        let fixture = try PresetFixture()
        let (json, value) = try Self.sample(key, fixture: fixture)
        let member = "\"\(key.key)\": \(json)"
        var text = key.onCell ? Self.preset(key, cell: member) : Self.preset(key, layer: member)
        if key.key == "name" {  // the sample name replaces the one the preset gives
            text =
                key.onCell
                ? Self.preset(key).replacingOccurrences(of: #"{"name": "c"}"#, with: "{\(member)}")
                : Self.preset(key).replacingOccurrences(of: #""name": "L""#, with: member)
        }
        let scene = Scene(try fixture.decode(text).get())
        #expect(Self.same(try Self.read(scene, key, value: value), value))
    }

    @Test("--set (setValue(forKeyPath:)) sets the property, read as the preset reads it", arguments: TableKey.all)
    func set(_ key: TableKey) throws {
        let fixture = try PresetFixture()
        let (json, value) = try Self.sample(key, fixture: fixture)
        let scene = Scene(try fixture.decode(Self.preset(key)).get())
        let kind = try scene.propertyKind(forKeyPath: "L.\(key.keyPath)")
        #expect(kind == key.valueKind)
        let decoder = PresetDecoder(fileName: "--set", resolver: ResourceResolver(roots: [fixture.presets, fixture.assets]))
        try scene.setValue(try decoder.decodeValue(json, kind: kind, path: key.keyPath).get(), forKeyPath: "L.\(key.keyPath)")
        #expect(Self.same(try Self.read(scene, key, value: value), value))
    }

    @Test("An animation of the key path changes the presentation value", arguments: TableKey.all.filter { $0.key != "name" })
    func animation(_ key: TableKey) throws {
        // (Names are how key paths find layers and cells; Core Animation does not animate them.)
        let fixture = try PresetFixture()
        let (json, value) = try Self.sample(key, fixture: fixture)
        let animation =
            #""animations": [{"type": "basic", "keyPath": "\#(key.keyPath)", "fromValue": \#(json), "toValue": \#(json), "duration": 100}]"#
        let scene = Scene(try fixture.decode(Self.preset(key, layer: animation)).get())
        let layer = try #require(scene.layers.first)
        let (address, _) = try PropertyAddress.resolve(key.keyPath, on: key.layerKind)
        let presented = try #require(address.value(in: layer.presentationState(atLocalTime: 1)))
        #expect(Self.same(presented, value))
    }
}
