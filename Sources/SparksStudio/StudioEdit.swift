import SparksCore

/// One change a page asks of the preset's text, made with ``PresetTextEdit`` so that every
/// other byte stays as written.
enum StudioEdit: Equatable, Sendable {
    typealias Step = PresetTextEdit.Step

    /// Sets the value at `path` (JSON text); a missing key is added. A missing array on the
    /// way (a cell's first sub-cell) is made by setting its key to an array.
    case set([Step], value: String)
    /// Removes the member or element at `path`.
    case remove([Step])
    /// Inserts `value` (JSON text) into the array at `path` before `index`; the array is made
    /// when its key is missing.
    case insert([Step], index: Int, value: String)
    /// Moves element `from` of the array at `path` to `to`, its text as written.
    case move([Step], from: Int, to: Int)
    /// Inserts a copy of the element at `path` (its text as written) after it, named `name`
    /// when given (an animation's `key`, any other element's `name`).
    case duplicate([Step], name: String?)

    /// Why an edit could not be made.
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// `text` with this edit made.
    func applied(to text: [UInt8]) throws(Failure) -> [UInt8] {
        do {
            switch self {
            case .set(let path, let value):
                return try PresetTextEdit.setting(value, at: path, in: text, layOut: true)
            case .remove(let path):
                return try PresetTextEdit.removing(at: path, in: text)
            case .insert(let path, let index, let value):
                if try node(at: path, in: text) == nil {
                    guard index == 0 else { throw Failure(description: "no array at \(Self.pathText(path))") }
                    return try PresetTextEdit.setting("[\(value)]", at: path, in: text, layOut: true)
                }
                return try PresetTextEdit.inserting(value, at: path, index: index, in: text, layOut: true)
            case .move(let path, let from, let to):
                guard case .array(let elements)? = try node(at: path, in: text)?.value,
                    elements.indices.contains(from), elements.indices.contains(to)
                else { throw Failure(description: "nothing to move at \(Self.pathText(path))") }
                if from == to { return text }
                let element = String(decoding: text[elements[from].span], as: UTF8.self)
                let removed = try PresetTextEdit.removing(at: path + [.index(from)], in: text)
                return try PresetTextEdit.inserting(element, at: path, index: to, in: removed)
            case .duplicate(let path, let name):
                guard case .index(let index)? = path.last, let element = try node(at: path, in: text) else {
                    throw Failure(description: "nothing to duplicate at \(Self.pathText(path))")
                }
                let array = Array(path.dropLast())
                var copied = try PresetTextEdit.inserting(
                    String(decoding: text[element.span], as: UTF8.self), at: array, index: index + 1, in: text)
                if let name, case .object = element.value {
                    copied = try PresetTextEdit.setting(
                        PresetEncoder.quoted(name), at: array + [.index(index + 1), .key(Self.nameKey(ofElementsIn: array))], in: copied)
                }
                return copied
            }
        } catch let failure as Failure {
            throw failure
        } catch {
            throw Failure(description: "\(error)")
        }
    }

    /// The key that names the elements of the array at `array` (``PresetElement/nameKey``): an
    /// animation is named by its `key` (CAAnimation's), every other element by its `name`.
    static func nameKey(ofElementsIn array: [Step]) -> String {
        guard case .key(let key)? = array.last, let element = PresetElement.held(under: key) else { return "name" }
        return element.nameKey ?? "name"
    }

    /// The node at `path`, or nil when its last key is missing.
    private func node(at path: [Step], in text: [UInt8]) throws(Failure) -> JSONNode? {
        do {
            return try PresetTextEdit.node(at: path, in: text)
        } catch {
            throw Failure(description: "\(error) at \(Self.pathText(path))")
        }
    }

    /// A path as diagnostics write it: `layers[0].emitterCells[1].birthRate`.
    static func pathText(_ path: [Step]) -> String {
        var text = ""
        for step in path {
            switch step {
            case .key(let k): text += text.isEmpty ? k : ".\(k)"
            case .index(let i): text += "[\(i)]"
            }
        }
        return text
    }
}

extension StudioEdit {
    /// The edits of a page's message: `{"edits": [{"op": "set", "path": ["layers", 0, "birthRate"],
    /// "value": 250}, …]}`; values are kept as the page wrote them.
    static func edits(in message: JSONNode, text: [UInt8]) throws(Failure) -> [StudioEdit] {
        guard let list = message["edits"], case .array(let items) = list.value else { throw Failure(description: "no edits") }
        return try items.map { (item) throws(Failure) -> StudioEdit in
            guard case .string(let op)? = item["op"]?.value else { throw Failure(description: "an edit without \"op\"") }
            guard let pathNode = item["path"], case .array(let steps) = pathNode.value, steps.count <= 64 else {
                throw Failure(description: "\(op): no \"path\"")
            }
            let path = try steps.map { (step) throws(Failure) -> Step in
                switch step.value {
                case .string(let key): return .key(key)
                case .number(let n) where n >= 0 && n < 1e6 && n.rounded() == n: return .index(Int(n))
                default: throw Failure(description: "\(op): a path step must be a key or an index")
                }
            }
            func value() throws(Failure) -> String {
                guard let node = item["value"] else { throw Failure(description: "\(op): no \"value\"") }
                return String(decoding: text[node.span], as: UTF8.self)
            }
            func integer(_ key: String) throws(Failure) -> Int {
                guard case .number(let n)? = item[key]?.value, n >= 0, n < 1e6, n.rounded() == n else {
                    throw Failure(description: "\(op): \"\(key)\" must be an index")
                }
                return Int(n)
            }
            switch op {
            case "set": return .set(path, value: try value())
            case "remove": return .remove(path)
            case "insert": return .insert(path, index: try integer("index"), value: try value())
            case "move": return .move(path, from: try integer("from"), to: try integer("to"))
            case "duplicate":
                if case .string(let name)? = item["name"]?.value { return .duplicate(path, name: name) }
                return .duplicate(path, name: nil)
            default: throw Failure(description: "unknown edit \"\(op.prefix(40))\"")
            }
        }
    }
}
