import Foundation
import SparksCore

/// A JSON value as the studio sends it to pages (a preset's document read as strict JSON, a
/// default value), encoded with Foundation's `JSONEncoder` inside the messages.
enum JSONOut: Encodable, Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONOut])
    case object([(String, JSONOut)])

    /// The value a parsed node holds (comments and layout are the text's, not the value's).
    init(_ node: JSONNode) {
        switch node.value {
        case .null: self = .null
        case .bool(let b): self = .bool(b)
        case .number(let n): self = n.isFinite ? .number(n) : .string(n.isNaN ? "NaN" : n > 0 ? "Infinity" : "-Infinity")
        case .string(let s): self = .string(s)
        case .array(let elements): self = .array(elements.map(JSONOut.init))
        case .object(let members):
            // The last of duplicate keys, as the reader takes it.
            var seen = Set<String>()
            var kept: [(String, JSONOut)] = []
            for member in members.reversed() where seen.insert(member.key).inserted { kept.append((member.key, JSONOut(member.value))) }
            self = .object(kept.reversed())
        }
    }

    private struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    func encode(to encoder: any Encoder) throws {
        switch self {
        case .null:
            var c = encoder.singleValueContainer()
            try c.encodeNil()
        case .bool(let b):
            var c = encoder.singleValueContainer()
            try c.encode(b)
        case .number(let n):
            var c = encoder.singleValueContainer()
            try c.encode(n)
        case .string(let s):
            var c = encoder.singleValueContainer()
            try c.encode(s)
        case .array(let elements):
            var c = encoder.unkeyedContainer()
            for e in elements { try c.encode(e) }
        case .object(let members):
            var c = encoder.container(keyedBy: Key.self)
            for (k, v) in members { try c.encode(v, forKey: Key(stringValue: k)) }
        }
    }
}

/// One step of a path as pages write it: a key (string) or an index (number).
struct PathStepOut: Encodable, Sendable {
    let step: PresetTextEdit.Step
    func encode(to encoder: any Encoder) throws {
        var c = encoder.singleValueContainer()
        switch step {
        case .key(let k): try c.encode(k)
        case .index(let i): try c.encode(i)
        }
    }
}

/// An item of the layer tree: the preset, its canvas, a layer, a cell, a behaviour or an
/// animation, with the objects of ``PresetObject/all`` whose keys it takes.
struct OutlineItem: Encodable, Sendable {
    var path: [PathStepOut]
    /// `preset`, `canvas`, `layer`, `cell`, `behavior` or `animation`.
    var kind: String
    var label: String
    /// The key its name is written to (Rename, Duplicate).
    var nameKey: String
    var objects: [String]
    /// Its colour keys' values, read (names and hex as RGBA 0…1), for the colour controls.
    var colors: [String: [Double]]
    /// Its colour lists' values, read.
    var colorLists: [String: [[Double]]]
    /// An animation's: what its layer can animate (``AnimatableKeyPaths``), each with its kind.
    var keyPaths: [KeyPathOut]?
    var children: [OutlineItem]

    struct KeyPathOut: Encodable, Sendable {
        var keyPath: String
        /// The kind's name, as the property table names kinds.
        var kind: String
    }
}

/// What a page is told about the document at each version.
struct DocumentMessage: Encodable, Sendable {
    let type = "document"
    var version: Int
    var file: String
    /// The document as strict JSON, or nil when the text is not JSON.
    var document: JSONOut?
    var outline: OutlineItem?
    var problems: [ProblemOut]
    var canUndo: Bool
    var canRedo: Bool
    var saved: Bool
    /// The version at which an image the preset draws last changed on disk (0: none has), so
    /// pages fetch thumbnails again.
    var imagesChangedAt: Int
    /// The emitter layers' paths, in the order the scene holds them (drag targets).
    var emitters: [[PathStepOut]]
    /// How many of the page's edit messages this version reflects (made or refused).
    var edits = 0
    /// A timeline length that shows the whole effect: where its seamless loop ends
    /// (``SceneLoop``: past animations that end, a whole number of the repeating ones' periods,
    /// every particle's life), at least 3 s and at most 60 s.
    var suggestedLength: Double

    struct ProblemOut: Encodable, Sendable {
        var path: String
        var line: Int?
        var column: Int?
        var message: String
        var suggestion: String?
        var text: String
    }
}

extension DocumentMessage {
    /// The message for `snapshot` of `file`.
    init(_ snapshot: StudioDocument.Snapshot, file: String, decoder: PresetDecoder) {
        version = snapshot.version
        self.file = file
        let root = try? JSONParser.parse(snapshot.text)
        document = root.map(JSONOut.init)
        outline = root.map { StudioOutline(decoder: decoder).item(preset: $0) }
        problems = snapshot.problems.map {
            ProblemOut(
                path: $0.path, line: $0.location?.line, column: $0.location?.column, message: $0.message, suggestion: $0.suggestion,
                text: $0.description)
        }
        canUndo = snapshot.canUndo
        canRedo = snapshot.canRedo
        saved = snapshot.isSaved
        imagesChangedAt = snapshot.changedImages.values.max() ?? 0
        emitters = snapshot.description.emitterLayerPaths.map { $0.map(PathStepOut.init) }
        let loop = try? SceneLoop.plan(for: snapshot.description)
        let end = loop.map { $0.start + $0.length } ?? 3
        suggestedLength = min(max((end * 2).rounded(.up) / 2, 3), 60)
    }
}

/// Builds the layer tree of a preset's JSON: each element with what it holds, as
/// ``PresetElement``'s slots say.
struct StudioOutline {
    let decoder: PresetDecoder

    func item(preset root: JSONNode) -> OutlineItem {
        element(root, .preset, path: [], keyPaths: nil)
    }

    private func element(
        _ node: JSONNode, _ element: PresetElement, path: [PresetTextEdit.Step], keyPaths: [OutlineItem.KeyPathOut]?
    ) -> OutlineItem {
        var type: String?
        if let typeKey = element.typeKey, case .string(let t)? = node[typeKey]?.value { type = t }
        var result: OutlineItem
        var childKeyPaths = keyPaths
        switch element {
        case .layer:
            let kind = type.flatMap(LayerKind.init(rawValue:)) ?? .layer
            type = kind.rawValue
            result = item(node, path: path, kind: "layer", label: label(node, path: path, fallback: kind.rawValue))
            result.objects = kind == .layer ? ["layer"] : ["layer", kind.rawValue]
            childKeyPaths = Self.keyPaths(of: node, kind: kind)
        case .animation:
            var fallback = type ?? "basic"
            if case .string(let keyPath)? = node["keyPath"]?.value { fallback = keyPath }
            result = item(node, path: path, kind: "animation", label: label(node, path: path, fallback: fallback))
            if type == Animation.TypeName.keyframe.rawValue || type == Animation.TypeName.spring.rawValue {
                result.objects.append(type ?? "")
            }
            result.keyPaths = keyPaths
        case .preset, .canvas:
            result = item(node, path: path, kind: element.rawValue, label: element.rawValue)
        case .cell, .behavior:
            result = item(node, path: path, kind: element.rawValue, label: label(node, path: path, fallback: element.rawValue))
        }
        for slot in element.slots(ofType: type) {
            let here = path + [.key(slot.key)]
            if slot.isList {
                guard case .array(let elements)? = node[slot.key]?.value else { continue }
                for (i, child) in elements.enumerated() {
                    result.children.append(self.element(child, slot.element, path: here + [.index(i)], keyPaths: childKeyPaths))
                }
            } else if slot.element == .canvas {
                // The canvas is shown (and edited) even when the file leaves it out.
                result.children.append(
                    self.element(node[slot.key] ?? JSONNode(.object([]), at: node.location), .canvas, path: here, keyPaths: nil))
            } else if let child = node[slot.key], case .object = child.value {
                var held = self.element(child, slot.element, path: here, keyPaths: childKeyPaths)
                held.label = "\(slot.key): " + held.label
                result.children.append(held)
            }
        }
        return result
    }

    /// What an animation of the layer `node` can animate: its cells and behaviours by name.
    private static func keyPaths(of node: JSONNode, kind: LayerKind) -> [OutlineItem.KeyPathOut] {
        func name(_ n: JSONNode) -> String? { if case .string(let s)? = n["name"]?.value { s } else { nil } }
        var cells: [[String]] = []
        func visit(_ list: JSONNode?, _ prefix: [String]) {
            guard case .array(let elements)? = list?.value else { return }
            for element in elements {
                guard let n = name(element) else { continue }
                cells.append(prefix + [n])
                visit(element[PresetSlot.subcells.key], prefix + [n])
            }
        }
        visit(node[PresetSlot.emitterCells.key], [])
        var behaviors: [(name: String, type: EmitterBehavior.Kind)] = []
        if case .array(let elements)? = node[PresetSlot.emitterBehaviors.key]?.value {
            for element in elements {
                guard let n = name(element), case .string(let t)? = element["type"]?.value, let type = EmitterBehavior.Kind(rawValue: t)
                else { continue }
                behaviors.append((n, type))
            }
        }
        return AnimatableKeyPaths.list(on: kind, cells: cells, behaviors: behaviors).map {
            OutlineItem.KeyPathOut(keyPath: $0.keyPath, kind: $0.kind.tableName)
        }
    }

    /// The element's name (its `name`, an animation's `key`), or `fallback`.
    private func label(_ node: JSONNode, path: [PresetTextEdit.Step], fallback: String) -> String {
        let nameKey = StudioEdit.nameKey(ofElementsIn: Array(path.dropLast()))
        if case .string(let name)? = node[nameKey]?.value, !name.isEmpty { return name }
        return fallback
    }

    private func item(_ node: JSONNode, path: [PresetTextEdit.Step], kind: String, label: String) -> OutlineItem {
        // A layer's objects depend on its type (set by the caller).
        let objects = PresetElement(rawValue: kind).map { $0 == .layer ? [] : [$0.objectName] } ?? []
        var result = OutlineItem(
            path: path.map(PathStepOut.init), kind: kind, label: label, nameKey: StudioEdit.nameKey(ofElementsIn: Array(path.dropLast())),
            objects: objects, colors: [:], colorLists: [:], keyPaths: nil, children: [])
        readColors(node, objects: kind == "layer" ? ["layer"] + LayerKind.allCases.map(\.rawValue) : objects, into: &result)
        return result
    }

    /// The colour keys' values of `node`, read as the preset's reader reads them.
    private func readColors(_ node: JSONNode, objects: [String], into item: inout OutlineItem) {
        guard case .object(let members) = node.value else { return }
        let keys = objects.compactMap(PresetObject.named).flatMap(\.keys)
        for member in members {
            guard let info = keys.first(where: { $0.key == member.key }) else { continue }
            let text = String(decoding: JSONEncoderText.encode(JSONOut(member.value)), as: UTF8.self)
            switch info.kind {
            case .color:
                if case .success(.color(let c)) = decoder.decodeValue(text, kind: .color, path: member.key) {
                    item.colors[member.key] = [c.red, c.green, c.blue, c.alpha]
                }
            case .colorList:
                if case .success(.colors(let list)) = decoder.decodeValue(text, kind: .colorList, path: member.key) {
                    item.colorLists[member.key] = list.map { [$0.red, $0.green, $0.blue, $0.alpha] }
                }
            default: break
            }
        }
    }
}

/// Foundation's encoder for the studio's messages.
enum JSONEncoderText {
    static func encode(_ value: some Encodable) -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes]
        return (try? Array(encoder.encode(value))) ?? Array("null".utf8)
    }
}
