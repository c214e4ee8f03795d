/// A JSON parser (RFC 8259, and JSONC: `//` and `/* */` comments and trailing commas, as most
/// editors write JSON) that records the line, column and byte range of every value.
///
/// Foundation's `JSONSerialization` reports neither positions nor more than one problem, reads
/// no comments, and preset errors must name `file:line:column`; writing a value back into a file
/// without touching its comments needs each value's byte range. Beyond RFC 8259 the parser
/// accepts the bare tokens `NaN`, `Infinity` and `-Infinity` as numbers so that validation can
/// reject them with the JSON path instead of a bare syntax error. Nesting depth and input size
/// are bounded (untrusted input).
public struct JSONParser {
    /// A syntax error with its location.
    public struct SyntaxError: Error, Sendable {
        /// Where the parser stopped.
        public var location: SourceLocation
        /// What it expected or found.
        public var message: String
    }

    /// Deepest nesting accepted.
    public static let maxDepth = 128
    /// Largest input accepted, in bytes (files are refused before this by
    /// ``PresetLimits/maxPresetBytes``; this bounds text handed over in memory).
    public static let maxBytes = 64 << 20

    private let bytes: [UInt8]
    private var index = 0
    private var line = 1
    private var lineStart = 0
    private var depth = 0
    /// The last column worked out, and where: locations are asked for in increasing order, so
    /// counting on from there keeps the parser linear even on a file that is one long line.
    private var knownColumn = (index: 0, column: 1)

    private init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// Parses a whole document.
    public static func parse(_ bytes: [UInt8]) throws(SyntaxError) -> JSONNode {
        guard bytes.count <= maxBytes else {
            throw SyntaxError(location: SourceLocation(line: 1, column: 1), message: "the file is larger than \(maxBytes >> 20) MiB")
        }
        var parser = JSONParser(bytes: bytes)
        parser.skipByteOrderMark()
        try parser.skipWhitespace()
        guard parser.index < bytes.count else {
            throw SyntaxError(location: parser.location, message: "the file is empty; expected a JSON object")
        }
        let node = try parser.parseValue()
        try parser.skipWhitespace()
        if parser.index < bytes.count {
            throw SyntaxError(location: parser.location, message: "unexpected \(parser.describeCurrent()) after the end of the JSON value")
        }
        return node
    }

    /// Parses a whole document given as text.
    public static func parse(_ text: String) throws(SyntaxError) -> JSONNode {
        try parse(Array(text.utf8))
    }

    private var location: SourceLocation {
        mutating get {
            // Columns count Unicode scalars: skip UTF-8 continuation bytes.
            if knownColumn.index < lineStart || knownColumn.index > index { knownColumn = (lineStart, 1) }
            var (i, column) = knownColumn
            while i < index && i < bytes.count {
                if bytes[i] & 0xC0 != 0x80 { column += 1 }
                i += 1
            }
            knownColumn = (i, column)
            return SourceLocation(line: line, column: column)
        }
    }

    private mutating func skipByteOrderMark() {
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF {
            index = 3
            lineStart = 3
        }
    }

    /// Skips whitespace and comments: `// …` to the end of the line, `/* … */` (not nested).
    private mutating func skipWhitespace() throws(SyntaxError) {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0D: index += 1
            case 0x0A:
                index += 1
                line += 1
                lineStart = index
            case UInt8(ascii: "/") where index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "/"):
                while index < bytes.count && bytes[index] != 0x0A { index += 1 }
            case UInt8(ascii: "/") where index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "*"):
                let opening = location
                index += 2
                while index < bytes.count
                    && !(bytes[index] == UInt8(ascii: "*") && index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "/"))
                {
                    if bytes[index] == 0x0A {
                        line += 1
                        lineStart = index + 1
                    }
                    index += 1
                }
                guard index < bytes.count else {
                    throw SyntaxError(location: opening, message: "a comment /* is not closed with */")
                }
                index += 2
            default: return
            }
        }
    }

    private func describeCurrent() -> String {
        guard index < bytes.count else { return "end of file" }
        let b = bytes[index]
        if b >= 0x21 && b < 0x7F { return "'\(Character(Unicode.Scalar(b)))'" }
        return "byte 0x" + String(b, radix: 16, uppercase: true)
    }

    private mutating func error(_ message: String) -> SyntaxError {
        SyntaxError(location: location, message: message)
    }

    private mutating func parseValue() throws(SyntaxError) -> JSONNode {
        try skipWhitespace()
        let start = location, first = index
        var node = try parseBareValue(at: start)
        node.span = first..<index
        return node
    }

    private mutating func parseBareValue(at start: SourceLocation) throws(SyntaxError) -> JSONNode {
        guard index < bytes.count else { throw error("unexpected end of file; expected a value") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return JSONNode(try parseObject(), at: start)
        case UInt8(ascii: "["): return JSONNode(try parseArray(), at: start)
        case UInt8(ascii: "\""): return JSONNode(.string(try parseString()), at: start)
        case UInt8(ascii: "t"):
            try expectWord("true")
            return JSONNode(.bool(true), at: start)
        case UInt8(ascii: "f"):
            try expectWord("false")
            return JSONNode(.bool(false), at: start)
        case UInt8(ascii: "n"):
            try expectWord("null")
            return JSONNode(.null, at: start)
        case UInt8(ascii: "N"):
            try expectWord("NaN")
            return JSONNode(.number(.nan), at: start)
        case UInt8(ascii: "I"):
            try expectWord("Infinity")
            return JSONNode(.number(.infinity), at: start)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return JSONNode(.number(try parseNumber()), at: start)
        case UInt8(ascii: "}"), UInt8(ascii: "]"):
            throw error("unexpected \(describeCurrent()); expected a value")
        default:
            throw error("unexpected \(describeCurrent()); expected a value (strings need double quotes)")
        }
    }

    private mutating func expectWord(_ word: String) throws(SyntaxError) {
        let w = Array(word.utf8)
        guard index + w.count <= bytes.count, Array(bytes[index..<index + w.count]) == w else {
            throw error("unexpected \(describeCurrent()); expected a value (strings need double quotes)")
        }
        index += w.count
    }

    private mutating func enter() throws(SyntaxError) {
        depth += 1
        if depth > Self.maxDepth { throw error("nesting deeper than \(Self.maxDepth) levels") }
    }

    private mutating func parseObject() throws(SyntaxError) -> JSONValue {
        try enter()
        defer { depth -= 1 }
        index += 1  // {
        var members: [JSONMember] = []
        try skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
            index += 1
            return .object(members)
        }
        while true {
            try skipWhitespace()
            guard index < bytes.count else { throw error("unexpected end of file; an object is missing its closing '}'") }
            // A trailing comma before '}' (JSONC) ends the object.
            if bytes[index] == UInt8(ascii: "}") {
                index += 1
                return .object(members)
            }
            guard bytes[index] == UInt8(ascii: "\"") else {
                throw error("unexpected \(describeCurrent()); expected a key in double quotes")
            }
            let keyLocation = location, keyOffset = index
            let key = try parseString()
            try skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
                throw error("expected ':' after the key \"\(key)\"")
            }
            index += 1
            let value = try parseValue()
            members.append(JSONMember(key: key, keyLocation: keyLocation, value: value, keyOffset: keyOffset))
            try skipWhitespace()
            guard index < bytes.count else { throw error("unexpected end of file; an object is missing its closing '}'") }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
                continue
            }
            if bytes[index] == UInt8(ascii: "}") {
                index += 1
                return .object(members)
            }
            throw error("unexpected \(describeCurrent()); expected ',' or '}' after the value of \"\(key)\"")
        }
    }

    private mutating func parseArray() throws(SyntaxError) -> JSONValue {
        try enter()
        defer { depth -= 1 }
        index += 1  // [
        var elements: [JSONNode] = []
        try skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
            index += 1
            return .array(elements)
        }
        while true {
            elements.append(try parseValue())
            try skipWhitespace()
            guard index < bytes.count else { throw error("unexpected end of file; an array is missing its closing ']'") }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
                try skipWhitespace()
                // A trailing comma before ']' (JSONC) ends the array.
                if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
                    index += 1
                    return .array(elements)
                }
                continue
            }
            if bytes[index] == UInt8(ascii: "]") {
                index += 1
                return .array(elements)
            }
            throw error("unexpected \(describeCurrent()); expected ',' or ']' in an array")
        }
    }

    private mutating func parseString() throws(SyntaxError) -> String {
        index += 1  // opening quote
        var scalars = String.UnicodeScalarView()
        var raw: [UInt8] = []
        func flush() {
            if !raw.isEmpty {
                scalars.append(contentsOf: String(decoding: raw, as: UTF8.self).unicodeScalars)
                raw.removeAll(keepingCapacity: true)
            }
        }
        while true {
            guard index < bytes.count else { throw error("unexpected end of file inside a string (missing closing '\"')") }
            let b = bytes[index]
            switch b {
            case UInt8(ascii: "\""):
                index += 1
                flush()
                return String(scalars)
            case UInt8(ascii: "\\"):
                flush()
                index += 1
                guard index < bytes.count else { throw error("unexpected end of file in an escape sequence") }
                let e = bytes[index]
                index += 1
                switch e {
                case UInt8(ascii: "\""): scalars.append("\"")
                case UInt8(ascii: "\\"): scalars.append("\\")
                case UInt8(ascii: "/"): scalars.append("/")
                case UInt8(ascii: "b"): scalars.append("\u{08}")
                case UInt8(ascii: "f"): scalars.append("\u{0C}")
                case UInt8(ascii: "n"): scalars.append("\n")
                case UInt8(ascii: "r"): scalars.append("\r")
                case UInt8(ascii: "t"): scalars.append("\t")
                case UInt8(ascii: "u"):
                    var code = try parseHex4()
                    if (0xD800...0xDBFF).contains(code) {
                        guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else {
                            throw error("unpaired surrogate in \\u escape")
                        }
                        index += 2
                        let low = try parseHex4()
                        guard (0xDC00...0xDFFF).contains(low) else { throw error("unpaired surrogate in \\u escape") }
                        code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                    }
                    guard let scalar = Unicode.Scalar(code) else { throw error("invalid \\u escape") }
                    scalars.append(scalar)
                default:
                    index -= 1
                    throw error("invalid escape '\\\(Character(Unicode.Scalar(e)))' in a string")
                }
            case 0x00..<0x20:
                throw error(b == 0x0A ? "a string runs to the end of the line (missing closing '\"')" : "control character in a string")
            default:
                raw.append(b)
                index += 1
            }
        }
    }

    private mutating func parseHex4() throws(SyntaxError) -> UInt32 {
        guard index + 4 <= bytes.count else { throw error("incomplete \\u escape") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let b = bytes[index]
            let digit: UInt32
            switch b {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(b - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(b - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(b - UInt8(ascii: "A") + 10)
            default: throw error("invalid hex digit in \\u escape")
            }
            value = value * 16 + digit
            index += 1
        }
        return value
    }

    private mutating func parseNumber() throws(SyntaxError) -> Double {
        let start = index
        if bytes[index] == UInt8(ascii: "-") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "I") {
                try expectWord("Infinity")
                return -.infinity
            }
        }
        func digits() -> Int {
            let s = index
            while index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") { index += 1 }
            return index - s
        }
        let intStart = index
        let intDigits = digits()
        guard intDigits > 0 else { throw error("invalid number: expected a digit") }
        if intDigits > 1, bytes[intStart] == UInt8(ascii: "0") {
            index = intStart
            throw error("invalid number: leading zeros are not allowed")
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard digits() > 0 else { throw error("invalid number: expected a digit after '.'") }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard digits() > 0 else { throw error("invalid number: expected a digit in the exponent") }
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        guard let value = Double(text) else { throw error("invalid number \(text)") }
        return value
    }
}
