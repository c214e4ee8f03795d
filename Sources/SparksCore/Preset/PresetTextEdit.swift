/// Writes one value into a preset's text with the smallest change: the value's own bytes are
/// replaced (or, for a key the object lacks, one member is added after its last), and every
/// other byte — comments, trailing commas, spacing, key order, numbers as written — stays as it
/// was. Tools that save a preset the user edits by hand (the window writing a dragged emitter
/// back) go through this, never through re-encoding the whole file.
public enum PresetTextEdit {
    /// One step of a path into a preset: an object's key or an array's index.
    public enum Step: Hashable, Sendable {
        /// A key of an object.
        case key(String)
        /// An element of an array.
        case index(Int)
    }

    /// Why a value could not be written.
    public struct Failure: Error, Sendable, CustomStringConvertible {
        /// What went wrong.
        public let description: String
    }

    /// `text` with the value at `path` set to `value` (JSON text, e.g. `[400, 300]`). The last
    /// step must be a key; every step before it must exist.
    public static func setting(_ value: String, at path: [Step], in text: [UInt8]) throws(Failure) -> [UInt8] {
        guard case .key(let key)? = path.last else { throw Failure(description: "the path must end with a key") }
        let root: JSONNode
        do {
            root = try JSONParser.parse(text)
        } catch {
            throw Failure(description: "the file is not JSON (\(error.location.line):\(error.location.column): \(error.message))")
        }
        var node = root
        for step in path.dropLast() {
            switch (step, node.value) {
            case (.key(let k), .object(let members)):
                guard let member = members.last(where: { $0.key == k }) else { throw Failure(description: "no key \"\(k)\"") }
                node = member.value
            case (.index(let i), .array(let elements)):
                guard elements.indices.contains(i) else { throw Failure(description: "no element \(i)") }
                node = elements[i]
            default:
                throw Failure(description: "the file's structure differs from what was read")
            }
        }
        guard case .object(let members) = node.value else { throw Failure(description: "not an object") }
        let bytes = Array(value.utf8)
        // An existing key: its value's bytes (the last of duplicates, which the reader uses).
        if let member = members.last(where: { $0.key == key }) {
            return Array(text[..<member.value.span.lowerBound]) + bytes + Array(text[member.value.span.upperBound...])
        }
        let addition = Array("\"\(key)\": ".utf8) + bytes
        guard let last = members.last else {
            // `{}`: the member goes inside the braces.
            let open = node.span.lowerBound + 1
            return Array(text[..<open]) + Array(" ".utf8) + addition + Array(" ".utf8) + Array(text[open...])
        }
        // After the last member's value, on a line of its own indented as that member is when
        // the members are one to a line; on the same line otherwise.
        let indent = lineIndent(of: last.value.span.lowerBound, in: text)
        let previous = members.count > 1 ? members[members.count - 2].value.span.lowerBound : node.span.lowerBound
        let onItsOwnLine = lineNumber(previous, in: text) != lineNumber(last.value.span.lowerBound, in: text)
        let separator = onItsOwnLine ? Array(",\n".utf8) + indent : Array(", ".utf8)
        let end = last.value.span.upperBound
        return Array(text[..<end]) + separator + addition + Array(text[end...])
    }

    /// The spaces and tabs that start the line holding byte `offset`.
    private static func lineIndent(of offset: Int, in text: [UInt8]) -> [UInt8] {
        var start = offset
        while start > 0 && text[start - 1] != 0x0A { start -= 1 }
        var end = start
        while end < text.count && (text[end] == 0x20 || text[end] == 0x09) { end += 1 }
        return Array(text[start..<end])
    }

    private static func lineNumber(_ offset: Int, in text: [UInt8]) -> Int {
        text[..<offset].reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
    }
}

extension SceneDescription {
    /// Where each emitter layer sits in the preset's JSON, in the order of `Scene.emitterLayers`
    /// (tree order: layers, then each one's sublayers): `layers`, index, `sublayers`, index…
    public var emitterLayerPaths: [[PresetTextEdit.Step]] {
        var paths: [[PresetTextEdit.Step]] = []
        func visit(_ layers: [LayerDescription], path: [PresetTextEdit.Step]) {
            for (i, layer) in layers.enumerated() {
                let here = path + [.index(i)]
                if layer.content.emitter != nil { paths.append(here) }
                visit(layer.sublayers, path: here + [.key("sublayers")])
            }
        }
        visit(layers, path: [.key("layers")])
        return paths
    }
}
