#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads a preset (JSON, keys are Core Animation's property names) into a ``SceneDescription``,
/// reporting every problem at once, each with file, line, column, JSON path, reason and, for a
/// misspelt key or value, the nearest valid one.
public struct PresetDecoder: Sendable {
    /// Deepest nesting of sub-cells accepted (cell → sub-cell → …).
    public static let maxSubcellDepth = 8
    /// Deepest nesting of sublayers accepted.
    public static let maxLayerDepth = 32

    /// Top-level keys.
    public static let documentKeys = ["$schema"] + SceneDescription.table.keys + PresetElement.preset.slots.map(\.key)
    /// Structural keys of every layer besides its properties (a type's own: ``LayerKind/structureKeys``).
    public static let layerStructureKeys = ["type"] + PresetElement.layer.slots.filter { $0.types == nil }.map(\.key)
    /// Keys of a cell besides its properties.
    public static let cellStructureKeys = PresetElement.cell.slots.map(\.key) + ["style"]

    /// How the file is named in messages.
    public var fileName: String
    /// Where `contents` files are looked up.
    public var resolver: ResourceResolver
    /// Budgets the preset must fit.
    public var limits: PresetLimits

    /// Creates a decoder.
    public init(fileName: String, resolver: ResourceResolver, limits: PresetLimits = .standard) {
        self.fileName = fileName
        self.resolver = resolver
        self.limits = limits
    }

    /// Decodes preset bytes.
    public func decode(_ bytes: [UInt8], defaultName: String) -> Result<SceneDescription, PresetError> {
        let root: JSONNode
        do {
            root = try JSONParser.parse(bytes)
        } catch {
            return .failure(PresetError([PresetDiagnostic(file: fileName, path: "", location: error.location, message: error.message)]))
        }
        let reader = ValueDecoder(file: fileName, resolver: resolver)
        let scene = decodeDocument(root, reader: reader, defaultName: defaultName)
        if reader.diagnostics.isEmpty, var scene {
            checkBudgets(scene, reader: reader)
            for advice in PivotAdvice.notes(scene.layers) { reader.note(advice.path, reader.locations[advice.path], advice.message) }
            scene.notes = reader.notes.map(\.description)
            if reader.diagnostics.isEmpty { return .success(scene) }
        }
        return .failure(PresetError(reader.diagnostics))
    }

    private func decodeDocument(_ root: JSONNode, reader: ValueDecoder, defaultName: String) -> SceneDescription? {
        guard let members = reader.members(root, path: "", what: "a preset") else { return nil }
        var scene = SceneDescription(name: defaultName)
        var sawLayers = false
        for member in members {
            let path = member.key
            switch member.key {
            case "$schema":
                if case .string = member.value.value {} else { reader.typeMismatch(path, member.value, expected: "a string") }
            case PresetSlot.canvas.key:
                decodeCanvas(member.value, reader: reader).map { scene.canvas = $0 }
            case PresetSlot.layers.key:
                sawLayers = true
                guard let elements = reader.elements(member.value, path: path, what: "a list of layers") else { continue }
                scene.layers = elements.enumerated().compactMap { i, element in
                    decodeLayer(element, path: "layers[\(i)]", depth: 1, reader: reader)
                }
            default:
                if !reader.set(member, path: path, on: &scene, from: SceneDescription.table) {
                    unknownKey(member, path: "", allowed: Self.documentKeys, reader: reader)
                }
            }
        }
        if !sawLayers { reader.report("", root.location, "missing key \"layers\" (the list of layers to show)") }
        return scene
    }

    private func decodeCanvas(_ node: JSONNode, reader: ValueDecoder) -> CanvasDescription? {
        guard let members = reader.members(node, path: "canvas", what: "the canvas") else { return nil }
        var canvas = CanvasDescription()
        for member in members where !reader.set(member, path: "canvas.\(member.key)", on: &canvas, from: CanvasDescription.table) {
            unknownKey(member, path: "canvas", allowed: CanvasDescription.table.keys, reader: reader)
        }
        return canvas
    }

    private func decodeLayer(_ node: JSONNode, path: String, depth: Int, reader: ValueDecoder) -> LayerDescription? {
        guard let members = reader.members(node, path: path, what: "a layer") else { return nil }
        reader.locations[path] = node.location
        for member in members { reader.locations["\(path).\(member.key)"] = member.keyLocation }
        if depth > Self.maxLayerDepth {
            reader.report(path, node.location, "sublayers nest deeper than \(Self.maxLayerDepth) levels")
            return nil
        }
        var kind = LayerKind.layer
        if let typeMember = members.first(where: { $0.key == "type" }) {
            let options = LayerKind.allCases.map(\.rawValue)
            guard let value = reader.decode(.choice(options), typeMember.value, path: "\(path).type"),
                case .string(let s) = value, let k = LayerKind(rawValue: s)
            else { return nil }
            kind = k
        }
        var layer = LayerDescription(content: kind.defaultContent)
        for member in members where member.key != "type" {
            let memberPath = "\(path).\(member.key)"
            switch member.key {
            case PresetSlot.animations.key:
                layer.animations = AnimationDecoder(reader: reader, layerKind: kind).decodeList(member.value, path: memberPath)
            case PresetSlot.sublayers.key:
                guard let elements = reader.elements(member.value, path: memberPath, what: "a list of layers") else { continue }
                layer.sublayers = elements.enumerated().compactMap { i, element in
                    decodeLayer(element, path: "\(memberPath)[\(i)]", depth: depth + 1, reader: reader)
                }
            case PresetSlot.mask.key:
                layer.mask = decodeLayer(member.value, path: memberPath, depth: depth + 1, reader: reader)
            case PresetSlot.emitterCells.key where PresetSlot.emitterCells.holds(inType: kind.rawValue):
                layer.content.emitter?.emitterCells = decodeCells(member.value, path: memberPath, depth: 1, reader: reader)
            case PresetSlot.emitterBehaviors.key where PresetSlot.emitterBehaviors.holds(inType: kind.rawValue):
                layer.content.emitter?.emitterBehaviors = decodeBehaviors(member.value, path: memberPath, reader: reader)
            default:
                // A property of CALayer or of this kind: the key path system resolves it, as it
                // does for --set and animations (a preset key is a whole property, never a
                // component such as "position.x").
                if !member.key.contains("."), let (address, valueKind) = try? PropertyAddress.resolve(member.key, on: kind) {
                    let guide = LayerProperties.table.guides[member.key] ?? kind.contentTable?.guides[member.key]
                    if let value = reader.decode(valueKind, member.value, path: memberPath, key: member.key, guide: guide) {
                        address.apply(value, to: &layer.state)
                    }
                } else if let reason = kind.misplacedKeyReason(member.key) {
                    reader.report(memberPath, member.keyLocation, reason)
                } else {
                    unknownKey(
                        member, path: path, allowed: kind.propertyKeys + kind.structureKeys + Self.layerStructureKeys, reader: reader)
                }
            }
        }
        return layer
    }

    private func decodeCells(_ node: JSONNode, path: String, depth: Int, reader: ValueDecoder) -> [EmitterCell] {
        guard let elements = reader.elements(node, path: path, what: "a list of emitter cells") else { return [] }
        if depth > Self.maxSubcellDepth {
            reader.report(path, node.location, "emitter cells nest deeper than \(Self.maxSubcellDepth) levels")
            return []
        }
        return elements.enumerated().compactMap { i, element in
            let cellPath = "\(path)[\(i)]"
            guard let members = reader.members(element, path: cellPath, what: "an emitter cell") else { return nil }
            var cell = EmitterCell()
            // `style` holds defaults for keys the cell does not set (CAEmitterCell.style), so
            // it is read first.
            if let style = members.first(where: { $0.key == "style" }) {
                decodeStyle(style.value, path: "\(cellPath).style", into: &cell, reader: reader)
            }
            for member in members where member.key != "style" {
                let memberPath = "\(cellPath).\(member.key)"
                guard !reader.set(member, path: memberPath, on: &cell, from: EmitterCell.table) else { continue }
                if member.key == PresetSlot.subcells.key {
                    cell.emitterCells = decodeCells(member.value, path: memberPath, depth: depth + 1, reader: reader)
                } else {
                    unknownKey(member, path: cellPath, allowed: EmitterCell.table.keys + Self.cellStructureKeys, reader: reader)
                }
            }
            return cell
        }
    }

    /// An emitter layer's behaviours: each a `type` and the keys that type reads (core-animation.md §6.13).
    private func decodeBehaviors(_ node: JSONNode, path: String, reader: ValueDecoder) -> [EmitterBehavior] {
        guard let elements = reader.elements(node, path: path, what: "a list of emitter behaviours") else { return [] }
        return elements.enumerated().compactMap { i, element in
            let itemPath = "\(path)[\(i)]"
            guard let members = reader.members(element, path: itemPath, what: "an emitter behaviour") else { return nil }
            guard let typeMember = members.first(where: { $0.key == "type" }) else {
                reader.report(itemPath, element.location, "a behaviour needs a \"type\": one of \(Self.behaviorTypes)")
                return nil
            }
            if case .string("light") = typeMember.value.value {
                reader.report(
                    "\(itemPath).type", typeMember.value.location,
                    "the light behaviour is not supported: it lights particles as 3-D surfaces (CALight), which Sparks does not draw")
                return nil
            }
            let options = EmitterBehavior.Kind.allCases.map(\.rawValue)
            guard case .string(let text)? = reader.decode(.choice(options), typeMember.value, path: "\(itemPath).type"),
                let type = EmitterBehavior.Kind(rawValue: IOSSpelling.canonical(text, among: options) ?? text)
            else { return nil }
            var behavior = EmitterBehavior(type: type)
            let allowed = ["name", "enabled"] + (EmitterBehavior.keys[type] ?? [])
            for member in members where member.key != "type" {
                let memberPath = "\(itemPath).\(member.key)"
                if allowed.contains(member.key) {
                    _ = reader.set(member, path: memberPath, on: &behavior, from: EmitterBehavior.table)
                } else if EmitterBehavior.table[member.key] != nil {
                    reader.report(
                        memberPath, member.keyLocation,
                        "\"\(member.key)\" is not a key of a \(type.rawValue) behaviour (its keys: \(allowed.joined(separator: ", ")))")
                } else {
                    unknownKey(member, path: itemPath, allowed: ["type"] + allowed, reader: reader)
                }
            }
            let stops = type == .colorOverLife ? behavior.colors.count : behavior.values?.count ?? 0
            if let locations = behavior.locations, locations.count != stops {
                reader.report(
                    "\(itemPath).locations", element.location,
                    "\(locations.count) locations for \(stops) \(type == .colorOverLife ? "colours" : "values"); give one location per stop"
                )
            }
            return behavior
        }
    }

    /// The behaviour types a preset names, for messages.
    static let behaviorTypes = EmitterBehavior.Kind.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")

    /// A cell's `style` dictionary: values for cell properties are applied; other keys (style
    /// keys of Core Animation's private renderer, or of a newer iOS) are noted and ignored.
    private func decodeStyle(_ node: JSONNode, path: String, into cell: inout EmitterCell, reader: ValueDecoder) {
        guard let members = reader.members(node, path: path, what: "a style dictionary") else { return }
        for member in members {
            let memberPath = "\(path).\(member.key)"
            if !reader.set(member, path: memberPath, on: &cell, from: EmitterCell.table) {
                reader.note(memberPath, member.keyLocation, "style key \"\(member.key)\" is not a cell property; ignored")
            }
        }
    }

    /// Particles (estimated per emitter) and drawn layer copies against the limits.
    /// The budgets of `limits` a scene passes, for a scene changed after it was read (its
    /// problems name JSON paths but no lines).
    public static func budgetProblems(of scene: SceneDescription, limits: PresetLimits, file: String) -> [PresetDiagnostic] {
        var problems: [PresetDiagnostic] = []
        _ = PresetCost.estimate(scene, limits: limits) { path, message, exceeded in
            problems.append(PresetDiagnostic(file: file, path: path, location: nil, message: message, exceeded: exceeded))
        }
        return problems
    }

    /// Reports every budget of `limits` the scene would pass (see ``PresetCost``), at the JSON
    /// path most to blame (or the nearest one with a known location).
    private func checkBudgets(_ scene: SceneDescription, reader: ValueDecoder) {
        func location(_ path: String) -> SourceLocation? {
            var known = path
            while reader.locations[known] == nil, let cut = known.lastIndex(where: { $0 == "." || $0 == "[" }) {
                known = String(known[..<cut])
            }
            return reader.locations[known]
        }
        _ = PresetCost.estimate(
            scene, limits: limits,
            exceeded: { path, message, exceeded in reader.report(path, location(path), message, exceeded: exceeded) },
            expensive: { path, message in reader.note(path, location(path), message) })
    }

    private func unknownKey(_ member: JSONMember, path: String, allowed: [String], reader: ValueDecoder) {
        let memberPath = path.isEmpty ? member.key : "\(path).\(member.key)"
        let suggestion = nearestKey(to: member.key, in: allowed)
        reader.report(memberPath, member.keyLocation, "unknown key \"\(member.key)\"", suggestion: suggestion)
        // What the suggested key takes, from the object whose keys these are.
        if let suggestion,
            let object = PresetObject.all.first(where: { $0[suggestion] != nil && Set($0.keys.map(\.key)).isSubset(of: allowed) })
        {
            reader.diagnostics[reader.diagnostics.count - 1].suggestionDetail = object[suggestion]?.guide.hint
        }
    }
}

extension PresetDecoder {
    /// Decodes a value written on a command line (`5000`, `[1, 0, 0]`, `circle`, `"#ff8800"`)
    /// for a property of `kind`. Text that is not JSON is taken as a string.
    public func decodeValue(_ text: String, kind: PropertyKind, path: String) -> Result<PropertyValue, PresetError> {
        let node = (try? JSONParser.parse(text)) ?? JSONNode(.string(text), at: SourceLocation(line: 1, column: 1))
        let reader = ValueDecoder(file: fileName, resolver: resolver)
        if let value = reader.decode(kind, node, path: path), reader.diagnostics.isEmpty { return .success(value) }
        return .failure(PresetError(reader.diagnostics))
    }
}
