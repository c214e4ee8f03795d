/// An XML document read into elements: what XML property lists, Particle Designer's `.pex` and
/// Core Animation's CAML need (elements, attributes, text), and nothing more.
///
/// Sparks reads these files itself rather than through FoundationXML (libxml2): the library
/// games link has only Foundation's essentials, and a reader of its own can be bounded for a
/// stranger's file by construction: it never expands an entity it was not born knowing (no
/// DTD, no external entities, no billion laughs), reads the document in one pass without
/// recursion (any depth of nesting costs heap, not stack, and is bounded), and stops at a size.
public final class MarkupElement: @unchecked Sendable {
    /// The element's name, with its prefix if any (`caml`, `CALayer`, `dict`).
    public let name: String
    /// Attributes in document order.
    public private(set) var attributes: [(name: String, value: String)]
    /// Child elements in document order.
    public private(set) var children: [MarkupElement] = []
    /// The element's own text (its character data, entities resolved), whitespace kept.
    public private(set) var text = ""
    /// 1-based line of the element's start tag.
    public let line: Int

    init(name: String, attributes: [(name: String, value: String)], line: Int) {
        self.name = name
        self.attributes = attributes
        self.line = line
    }

    /// The value of attribute `name`.
    public func attribute(_ name: String) -> String? { attributes.first { $0.name == name }?.value }

    /// The first child named `name`.
    public func child(_ name: String) -> MarkupElement? { children.first { $0.name == name } }

    /// Why a document could not be read, with the line.
    public struct Error: Swift.Error, Sendable, CustomStringConvertible {
        public var line: Int
        public var reason: String
        public var description: String { "line \(line): \(reason)" }
    }

    /// The deepest elements may nest.
    public static let maxDepth = 256
    /// The most elements a document may hold.
    public static let maxElements = 1_000_000

    /// The root element of the XML document in `bytes` (UTF-8).
    public static func parse(_ bytes: [UInt8]) throws(Error) -> MarkupElement {
        var reader = Reader(bytes: bytes)
        return try reader.document()
    }

    fileprivate func add(_ child: MarkupElement) { children.append(child) }
    fileprivate func add(text more: String) { text += more }
}

/// The one-pass reader behind ``MarkupElement/parse(_:)``.
private struct Reader {
    let bytes: [UInt8]
    var i = 0
    var line = 1
    var elements = 0

    init(bytes: [UInt8]) { self.bytes = bytes }

    func fail(_ reason: String) -> MarkupElement.Error { MarkupElement.Error(line: line, reason: reason) }

    func peek(_ offset: Int = 0) -> UInt8? { i + offset < bytes.count ? bytes[i + offset] : nil }

    func starts(with text: String) -> Bool {
        let t = Array(text.utf8)
        guard i + t.count <= bytes.count else { return false }
        return bytes[i..<i + t.count].elementsEqual(t)
    }

    mutating func advance(_ n: Int = 1) {
        for _ in 0..<n where i < bytes.count {
            if bytes[i] == 0x0A { line += 1 }
            i += 1
        }
    }

    /// Skips to just after `end`; false when the document ends first.
    mutating func skip(past end: String) -> Bool {
        while i < bytes.count {
            if starts(with: end) {
                advance(end.utf8.count)
                return true
            }
            advance()
        }
        return false
    }

    static func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D }
    static func isNameByte(_ b: UInt8) -> Bool {
        (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || b == 0x5F || b == 0x2D || b == 0x2E
            || b == 0x3A || b >= 0x80
    }

    mutating func skipSpace() { while let b = peek(), Self.isSpace(b) { advance() } }

    mutating func name() throws(MarkupElement.Error) -> String {
        let start = i
        while let b = peek(), Self.isNameByte(b) { advance() }
        guard i > start else { throw fail("a name was expected") }
        return String(decoding: bytes[start..<i], as: UTF8.self)
    }

    mutating func document() throws(MarkupElement.Error) -> MarkupElement {
        // A byte-order mark.
        if starts(with: "\u{FEFF}") { advance(3) }
        var stack: [MarkupElement] = []
        var root: MarkupElement?
        while i < bytes.count {
            if starts(with: "<?") {
                guard skip(past: "?>") else { throw fail("a processing instruction is not closed") }
            } else if starts(with: "<!--") {
                guard skip(past: "-->") else { throw fail("a comment is not closed") }
            } else if starts(with: "<![CDATA[") {
                advance(9)
                let start = i
                guard skip(past: "]]>") else { throw fail("a CDATA section is not closed") }
                stack.last?.add(text: String(decoding: bytes[start..<(i - 3)], as: UTF8.self))
            } else if starts(with: "<!") {
                // A DOCTYPE: skipped whole (its entities are never used), brackets counted.
                var depth = 0
                while let b = peek() {
                    advance()
                    if b == UInt8(ascii: "[") {
                        depth += 1
                    } else if b == UInt8(ascii: "]") {
                        depth -= 1
                    } else if b == UInt8(ascii: ">"),
                        depth <= 0
                    {
                        break
                    }
                }
            } else if starts(with: "</") {
                advance(2)
                let closing = try name()
                skipSpace()
                guard peek() == UInt8(ascii: ">") else { throw fail("</\(closing) is not closed") }
                advance()
                guard let open = stack.popLast() else { throw fail("</\(closing)> closes nothing") }
                guard open.name == closing else { throw fail("</\(closing)> closes <\(open.name)> (line \(open.line))") }
                if stack.isEmpty { root = root ?? open }
            } else if peek() == UInt8(ascii: "<") {
                advance()
                let startLine = line
                let elementName = try name()
                var attributes: [(name: String, value: String)] = []
                while true {
                    skipSpace()
                    guard let b = peek() else { throw fail("<\(elementName) is not closed") }
                    if b == UInt8(ascii: ">") || (b == UInt8(ascii: "/") && peek(1) == UInt8(ascii: ">")) { break }
                    let attributeName = try name()
                    skipSpace()
                    guard peek() == UInt8(ascii: "=") else { throw fail("attribute \(attributeName) has no value") }
                    advance()
                    skipSpace()
                    guard let quote = peek(), quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") else {
                        throw fail("attribute \(attributeName)'s value is not quoted")
                    }
                    advance()
                    let start = i
                    while let c = peek(), c != quote { advance() }
                    guard peek() == quote else { throw fail("attribute \(attributeName)'s value is not closed") }
                    attributes.append((attributeName, try Self.resolve(bytes[start..<i], line: line)))
                    advance()
                }
                elements += 1
                guard elements <= MarkupElement.maxElements else { throw fail("more than \(MarkupElement.maxElements) elements") }
                let element = MarkupElement(name: elementName, attributes: attributes, line: startLine)
                if let parent = stack.last {
                    parent.add(element)
                } else if root != nil {
                    throw fail("a second root element <\(elementName)>")
                }
                if peek() == UInt8(ascii: "/") {
                    advance(2)
                    if stack.isEmpty { root = element }
                } else {
                    advance()
                    stack.append(element)
                    guard stack.count <= MarkupElement.maxDepth else {
                        throw fail("elements nest more than \(MarkupElement.maxDepth) deep")
                    }
                }
            } else {
                let start = i
                while let b = peek(), b != UInt8(ascii: "<") { advance() }
                if let parent = stack.last { parent.add(text: try Self.resolve(bytes[start..<i], line: line)) }
            }
        }
        guard stack.isEmpty else { throw fail("<\(stack.last!.name)> (line \(stack.last!.line)) is not closed") }
        guard let root else { throw fail("no element") }
        return root
    }

    /// Text with XML's five named entities and character references resolved; any other
    /// entity is an error (Sparks knows no DTD).
    static func resolve(_ text: ArraySlice<UInt8>, line: Int) throws(MarkupElement.Error) -> String {
        guard text.contains(UInt8(ascii: "&")) else { return String(decoding: text, as: UTF8.self) }
        var out = String.UnicodeScalarView()
        var bytes = Array(text)[...]
        while let ampersand = bytes.firstIndex(of: UInt8(ascii: "&")) {
            out.append(contentsOf: String(decoding: bytes[..<ampersand], as: UTF8.self).unicodeScalars)
            guard let semicolon = bytes[ampersand...].prefix(12).firstIndex(of: UInt8(ascii: ";")) else {
                throw MarkupElement.Error(line: line, reason: "an & that starts no entity")
            }
            let entity = String(decoding: bytes[(ampersand + 1)..<semicolon], as: UTF8.self)
            let scalar: Unicode.Scalar? =
                switch entity {
                case "lt": "<"
                case "gt": ">"
                case "amp": "&"
                case "quot": "\""
                case "apos": "'"
                default:
                    entity.hasPrefix("#x")
                        ? UInt32(entity.dropFirst(2), radix: 16).flatMap(Unicode.Scalar.init)
                        : entity.hasPrefix("#") ? UInt32(entity.dropFirst()).flatMap(Unicode.Scalar.init) : nil
                }
            guard let scalar else { throw MarkupElement.Error(line: line, reason: "the entity &\(entity); is not one XML defines") }
            out.append(scalar)
            bytes = bytes[(semicolon + 1)...]
        }
        out.append(contentsOf: String(decoding: bytes, as: UTF8.self).unicodeScalars)
        return String(out)
    }
}
