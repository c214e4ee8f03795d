/// Writes one value into a preset's text with the smallest change: the value's own bytes are
/// replaced (or, for a key the object lacks, one member is added after its last), and every
/// other byte — comments, trailing commas, spacing, key order, numbers as written — stays as it
/// was; an element or member can be removed, and an element inserted, the same way. Tools that
/// save a preset the user edits by hand (the window writing a dragged emitter back) go through
/// this, never through re-encoding the whole file.
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
    /// step must be a key; every step before it must exist. With `layOut`, a value given on one
    /// line is written as the preset encoder lays JSON out (an object's members one to a line,
    /// short lists on one), indented for its place.
    public static func setting(_ value: String, at path: [Step], in text: [UInt8], layOut: Bool = false) throws(Failure) -> [UInt8] {
        guard case .key(let key)? = path.last else { throw Failure(description: "the path must end with a key") }
        let node = try find(Array(path.dropLast()), in: text)
        guard case .object(let members) = node.value else { throw Failure(description: "not an object") }
        /// The value's bytes: with `layOut`, a value given on one line is laid out as the preset
        /// encoder writes, for a line indented as the one at `position`.
        func bytes(at position: Int) -> [UInt8] {
            guard layOut, !value.contains("\n") else { return Array(value.utf8) }
            return laidOut(value, indentLevel: lineIndent(of: position, in: text).count / 2)
        }
        // An existing key: its value's bytes (the last of duplicates, which the reader uses).
        if let member = members.last(where: { $0.key == key }) {
            return Array(text[..<member.value.span.lowerBound]) + bytes(at: member.value.span.lowerBound)
                + Array(text[member.value.span.upperBound...])
        }
        guard let last = members.last else {
            // `{}`: the member goes inside the braces.
            let open = node.span.lowerBound + 1
            return Array(text[..<open]) + Array(" \"\(key)\": \(value) ".utf8) + Array(text[open...])
        }
        let addition = Array("\"\(key)\": ".utf8) + bytes(at: last.value.span.lowerBound)
        // After the last member's value, on a line of its own indented as that member is when
        // the members are one to a line; on the same line otherwise.
        let previous = members.count > 1 ? members[members.count - 2].value.span.lowerBound : node.span.lowerBound
        let onItsOwnLine = lineNumber(previous, in: text) != lineNumber(last.value.span.lowerBound, in: text)
        let indent = lineIndent(of: last.value.span.lowerBound, in: text)
        let separator = onItsOwnLine ? Array(",\n".utf8) + indent : Array(", ".utf8)
        let end = last.value.span.upperBound
        return Array(text[..<end]) + separator + addition + Array(text[end...])
    }

    /// `text` without the member or element at `path`, and without its comma (and its line,
    /// when it had the line to itself). Comments elsewhere stay.
    public static func removing(at path: [Step], in text: [UInt8]) throws(Failure) -> [UInt8] {
        guard let step = path.last else { throw Failure(description: "the whole file cannot be removed") }
        let parent = try find(Array(path.dropLast()), in: text)
        var start: Int, end: Int
        switch (step, parent.value) {
        case (.key(let key), .object(let members)):
            guard let member = members.last(where: { $0.key == key }) else { throw Failure(description: "no key \"\(key)\"") }
            (start, end) = (member.keyOffset, member.value.span.upperBound)
        case (.index(let i), .array(let elements)):
            guard elements.indices.contains(i) else { throw Failure(description: "no element \(i)") }
            (start, end) = (elements[i].span.lowerBound, elements[i].span.upperBound)
        default:
            throw Failure(description: "the file's structure differs from what was read")
        }
        func isBlank(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 }
        var after = end
        while after < text.count && isBlank(text[after]) { after += 1 }
        if after < text.count && text[after] == UInt8(ascii: ",") {
            // Its comma, and the spaces after it.
            end = after + 1
            while end < text.count && isBlank(text[end]) { end += 1 }
            // The whole line, when nothing else is on it.
            var lineStart = start
            while lineStart > 0 && isBlank(text[lineStart - 1]) { lineStart -= 1 }
            if (lineStart == 0 || text[lineStart - 1] == 0x0A) && end < text.count && (text[end] == 0x0A || text[end] == 0x0D) {
                start = lineStart
                end += text[end] == 0x0D && end + 1 < text.count && text[end + 1] == 0x0A ? 2 : 1
            }
        } else {
            // The last one: the comma before it goes.
            var before = start
            while before > 0 && (isBlank(text[before - 1]) || text[before - 1] == 0x0A || text[before - 1] == 0x0D) { before -= 1 }
            if before > 0 && text[before - 1] == UInt8(ascii: ",") { start = before - 1 }
        }
        return Array(text[..<start]) + Array(text[end...])
    }

    /// `text` with `value` (JSON text) inserted into the array at `path` before element
    /// `index` (at the end when `index` is the array's count), laid out as its elements are:
    /// one to a line, or on one line. With `layOut`, a value given on one line going into a list
    /// of one element to a line is itself laid out as the preset encoder writes (an element the
    /// file already had, moved or copied, keeps its own text and comments).
    public static func inserting(
        _ value: String, at path: [Step], index: Int, in text: [UInt8], layOut: Bool = false
    ) throws(Failure) -> [UInt8] {
        let node = try find(path, in: text)
        guard case .array(let elements) = node.value else { throw Failure(description: "not an array") }
        guard (0...elements.count).contains(index) else { throw Failure(description: "no place \(index) in an array of \(elements.count)") }
        guard let first = elements.first else {
            let open = node.span.lowerBound + 1
            return Array(text[..<open]) + Array(value.utf8) + Array(text[open...])
        }
        let oneToALine = lineNumber(node.span.lowerBound, in: text) != lineNumber(first.span.lowerBound, in: text)
        let indent = lineIndent(of: first.span.lowerBound, in: text)
        // In a list written one element to a line, a new element given on one line is laid out as
        // the file's own are (members one to a line, short lists on one) when asked.
        let bytes =
            oneToALine && layOut && !value.contains("\n") ? laidOut(value, indentLevel: indent.count / 2) : Array(value.utf8)
        let separator = oneToALine ? Array(",\n".utf8) + indent : Array(", ".utf8)
        if index < elements.count {
            let at = elements[index].span.lowerBound
            return Array(text[..<at]) + bytes + separator + Array(text[at...])
        }
        let end = elements[elements.count - 1].span.upperBound
        return Array(text[..<end]) + separator + bytes + Array(text[end...])
    }

    /// `value` (JSON text) as the preset encoder lays JSON out, nested lines indented for an
    /// element whose line is indented `indentLevel` steps of two spaces; unchanged when it is not
    /// JSON or has nothing to lay out.
    static func laidOut(_ value: String, indentLevel: Int) -> [UInt8] {
        guard let node = try? JSONParser.parse(Array(value.utf8)) else { return Array(value.utf8) }
        func convert(_ node: JSONNode) -> PresetJSON {
            switch node.value {
            case .null: .null
            case .bool(let b): .bool(b)
            case .number(let n): .number(n)
            case .string(let s): .string(s)
            case .array(let items): .array(items.map(convert))
            case .object(let members): .object(members.map { ($0.key, convert($0.value)) })
            }
        }
        return Array(convert(node).text(indent: indentLevel).utf8)
    }

    /// The node at `path` in `text`, or nil when only the path's last step, a key, is missing
    /// (a key ``setting(_:at:in:)`` would add). Any other missing step is a failure.
    public static func node(at path: [Step], in text: [UInt8]) throws(Failure) -> JSONNode? {
        var node: JSONNode
        do {
            node = try JSONParser.parse(text)
        } catch {
            throw Failure(description: "the file is not JSON (\(error.location.line):\(error.location.column): \(error.message))")
        }
        for (i, step) in path.enumerated() {
            switch (step, node.value) {
            case (.key(let k), .object(let members)):
                guard let member = members.last(where: { $0.key == k }) else {
                    if i == path.count - 1 { return nil }
                    throw Failure(description: "no key \"\(k)\"")
                }
                node = member.value
            case (.index(let n), .array(let elements)):
                guard elements.indices.contains(n) else { throw Failure(description: "no element \(n)") }
                node = elements[n]
            default:
                throw Failure(description: "the file's structure differs from what was read")
            }
        }
        return node
    }

    /// The node at `path` in `text`, which must exist.
    private static func find(_ path: [Step], in text: [UInt8]) throws(Failure) -> JSONNode {
        guard let found = try node(at: path, in: text) else {
            if case .key(let k)? = path.last { throw Failure(description: "no key \"\(k)\"") }
            throw Failure(description: "nothing at the path")
        }
        return found
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
