/// A position in a source text: 1-based line and column (in Unicode scalars).
public struct SourceLocation: Hashable, Sendable {
    /// 1-based line number.
    public var line: Int
    /// 1-based column number.
    public var column: Int

    /// Creates a location.
    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }
}

/// A parsed JSON value that remembers where it came from, so every error can name a line.
public indirect enum JSONValue: Sendable {
    case null
    case bool(Bool)
    /// A number; `NaN` and `Infinity` tokens are kept so validation can name them.
    case number(Double)
    case string(String)
    case array([JSONNode])
    /// Members in source order.
    case object([JSONMember])

    /// A short name of the value's type for error messages ("a number", "an object", …).
    public var typeDescription: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}

/// A JSON value with the location of its first character and the bytes it spans.
public struct JSONNode: Sendable {
    /// The value.
    public var value: JSONValue
    /// Where the value starts.
    public var location: SourceLocation
    /// The value's bytes in the parsed text (from its first character to just after its last);
    /// empty for a node not read from text.
    public var span: Range<Int> = 0..<0

    /// Creates a node.
    public init(_ value: JSONValue, at location: SourceLocation) {
        self.value = value
        self.location = location
    }

    /// The value of member `key` (the last, when the key is repeated, as presets are read), when
    /// this is an object that has it.
    public subscript(key: String) -> JSONNode? {
        guard case .object(let members) = value else { return nil }
        return members.last { $0.key == key }?.value
    }
}

/// One `"key": value` member of a JSON object.
public struct JSONMember: Sendable {
    /// The key.
    public var key: String
    /// Where the key starts.
    public var keyLocation: SourceLocation
    /// The value.
    public var value: JSONNode
    /// Where the key's opening quote is in the parsed text, in bytes (0 for a member not read
    /// from text).
    public var keyOffset: Int

    /// Creates a member.
    public init(key: String, keyLocation: SourceLocation, value: JSONNode, keyOffset: Int = 0) {
        self.key = key
        self.keyLocation = keyLocation
        self.value = value
        self.keyOffset = keyOffset
    }
}
