#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A property list's value: what Apple's binary (`bplist00`) and XML property lists hold,
/// keyed archives' references (`UID`) included.
///
/// Sparks reads property lists itself: Foundation on Linux hands a keyed archive's UIDs back as
/// a private type, and SpriteKit's `.sks` files are keyed archives whose every object is found
/// through one. The reader is bounded for a stranger's file: offsets and counts are checked
/// against the file, objects shared by several others are read once (a file that nests
/// references to reach a huge tree costs no more than its objects), and a reference to an
/// object being read (a cycle) is an error.
public indirect enum PropertyList: Sendable, Equatable {
    case dictionary([String: PropertyList])
    case array([PropertyList])
    case string(String)
    case data([UInt8])
    case date(Double)
    case integer(Int64)
    case real(Double)
    case bool(Bool)
    /// A keyed archive's reference to `$objects[n]`.
    case uid(Int)
    case null

    /// Why a property list could not be read.
    public struct Error: Swift.Error, Sendable, CustomStringConvertible {
        public var reason: String
        public var description: String { reason }
    }

    /// The most objects a binary property list may hold.
    public static let maxObjects = 1_000_000

    /// Whether `bytes` start as a binary property list.
    public static func isBinary(_ bytes: [UInt8]) -> Bool { bytes.starts(with: Array("bplist0".utf8)) }

    /// The property list in `bytes`: binary (`bplist00`) or XML.
    public static func read(_ bytes: [UInt8]) throws(Error) -> PropertyList {
        if isBinary(bytes) { return try BinaryReader(bytes: bytes).top() }
        let root: MarkupElement
        do { root = try MarkupElement.parse(bytes) } catch { throw Error(reason: "not a property list: \(error)") }
        guard root.name == "plist", let value = root.children.first else {
            throw Error(reason: "not a property list: its root element is <\(root.name)>")
        }
        return try xml(value)
    }

    // MARK: Reading values

    public subscript(key: String) -> PropertyList? {
        if case .dictionary(let d) = self { return d[key] }
        return nil
    }

    /// The value as a number (integers, reals and booleans).
    public var number: Double? {
        switch self {
        case .integer(let n): Double(n)
        case .real(let n): n
        case .bool(let b): b ? 1 : 0
        case .string(let s): Double(s.trimmedOfWhiteSpace)
        default: nil
        }
    }

    public var string: String? {
        if case .string(let s) = self { return s }
        return nil
    }

    public var array: [PropertyList]? {
        if case .array(let a) = self { return a }
        return nil
    }

    public var dictionary: [String: PropertyList]? {
        if case .dictionary(let d) = self { return d }
        return nil
    }

    // MARK: XML

    private static func xml(_ element: MarkupElement) throws(Error) -> PropertyList {
        // Iterative: nesting costs heap, not stack (the XML reader bounds it at 256).
        func scalar(_ e: MarkupElement) throws(Error) -> PropertyList? {
            let text = e.text
            switch e.name {
            case "string": return .string(text)
            case "integer":
                guard let n = Int64(text.trimmedOfWhiteSpace) else {
                    return .real(Double(text.trimmedOfWhiteSpace) ?? 0)
                }
                return .integer(n)
            case "real": return .real(Double(text.trimmedOfWhiteSpace) ?? 0)
            case "true": return .bool(true)
            case "false": return .bool(false)
            case "date": return .date(0)
            case "data":
                return .data(Data(base64Encoded: text, options: .ignoreUnknownCharacters).map { [UInt8]($0) } ?? [])
            case "dict", "array": return nil
            default: throw Error(reason: "line \(e.line): <\(e.name)> is not a property list element")
            }
        }
        func build(_ e: MarkupElement, depth: Int) throws(Error) -> PropertyList {
            guard depth < MarkupElement.maxDepth else { throw Error(reason: "line \(e.line): nested too deeply") }
            if let value = try scalar(e) { return value }
            if e.name == "array" {
                var items: [PropertyList] = []
                for child in e.children { items.append(try build(child, depth: depth + 1)) }
                return .array(items)
            }
            var result: [String: PropertyList] = [:]
            var key: String?
            for child in e.children {
                if child.name == "key" {
                    key = child.text
                } else if let k = key {
                    result[k] = try build(child, depth: depth + 1)
                    key = nil
                }
            }
            return .dictionary(result)
        }
        return try build(element, depth: 0)
    }
}

/// A binary property list (`bplist00`): its trailer, offset table and objects.
private struct BinaryReader {
    let bytes: [UInt8]

    init(bytes: [UInt8]) { self.bytes = bytes }

    func fail(_ reason: String) -> PropertyList.Error { PropertyList.Error(reason: "binary property list: \(reason)") }

    func integer(at offset: Int, size: Int) throws(PropertyList.Error) -> Int {
        guard size > 0, size <= 8, offset >= 0, offset + size <= bytes.count else { throw fail("an offset past its end") }
        var value: UInt64 = 0
        for k in 0..<size { value = value << 8 | UInt64(bytes[offset + k]) }
        guard value <= UInt64(Int.max) else { throw fail("a number too large") }
        return Int(value)
    }

    func top() throws(PropertyList.Error) -> PropertyList {
        guard bytes.count >= 8 + 32 else { throw fail("shorter than a header and a trailer") }
        let trailer = bytes.count - 32
        let offsetSize = Int(bytes[trailer + 6]), refSize = Int(bytes[trailer + 7])
        let count = try integer(at: trailer + 8, size: 8)
        let topObject = try integer(at: trailer + 16, size: 8)
        let tableOffset = try integer(at: trailer + 24, size: 8)
        guard (1...8).contains(offsetSize), (1...8).contains(refSize), count > 0, count <= PropertyList.maxObjects,
            count <= bytes.count, topObject < count, tableOffset >= 8, tableOffset + count * offsetSize <= trailer
        else { throw fail("its trailer does not describe the file") }
        var objects = Objects(reader: self, count: count, offsetSize: offsetSize, refSize: refSize, tableOffset: tableOffset)
        return try objects.value(topObject)
    }

    /// The objects, each read once.
    struct Objects {
        let reader: BinaryReader
        let count: Int, offsetSize: Int, refSize: Int, tableOffset: Int
        var done: [Int: PropertyList] = [:]
        var reading = Set<Int>()

        init(reader: BinaryReader, count: Int, offsetSize: Int, refSize: Int, tableOffset: Int) {
            self.reader = reader
            self.count = count
            self.offsetSize = offsetSize
            self.refSize = refSize
            self.tableOffset = tableOffset
        }

        mutating func value(_ index: Int) throws(PropertyList.Error) -> PropertyList {
            guard index >= 0, index < count else { throw reader.fail("a reference to object \(index) of \(count)") }
            if let known = done[index] { return known }
            guard reading.insert(index).inserted else { throw reader.fail("object \(index) contains itself") }
            guard reading.count < MarkupElement.maxDepth else { throw reader.fail("objects nest more than \(MarkupElement.maxDepth) deep") }
            defer { reading.remove(index) }
            let offset = try reader.integer(at: tableOffset + index * offsetSize, size: offsetSize)
            let result = try object(at: offset)
            done[index] = result
            return result
        }

        /// The length after a marker (its low nibble, or an integer object after it when 0xF),
        /// and where the content starts.
        func length(_ marker: UInt8, at offset: Int) throws(PropertyList.Error) -> (Int, Int) {
            let low = Int(marker & 0x0F)
            guard low == 0x0F else { return (low, offset + 1) }
            guard offset + 1 < reader.bytes.count, reader.bytes[offset + 1] >> 4 == 0x1 else { throw reader.fail("a bad length") }
            let size = 1 << Int(reader.bytes[offset + 1] & 0x0F)
            guard size <= 8 else { throw reader.fail("a length too large") }
            return (try reader.integer(at: offset + 2, size: size), offset + 2 + size)
        }

        mutating func object(at offset: Int) throws(PropertyList.Error) -> PropertyList {
            let bytes = reader.bytes
            guard offset >= 8, offset < bytes.count else { throw reader.fail("an object outside the file") }
            let marker = bytes[offset]
            switch marker >> 4 {
            case 0x0:
                switch marker {
                case 0x08: return .bool(false)
                case 0x09: return .bool(true)
                default: return .null
                }
            case 0x1:
                let size = 1 << Int(marker & 0x0F)
                guard size <= 16, offset + 1 + size <= bytes.count else { throw reader.fail("an integer past the end") }
                // The low 8 bytes, as two's complement (a 16-byte integer's high half is its sign).
                let take = min(size, 8)
                var value: UInt64 = 0
                for k in 0..<take { value = value << 8 | UInt64(bytes[offset + 1 + size - take + k]) }
                return .integer(size == 8 || size == 16 ? Int64(bitPattern: value) : Int64(value))
            case 0x2:
                let size = 1 << Int(marker & 0x0F)
                guard size == 4 || size == 8, offset + 1 + size <= bytes.count else { throw reader.fail("a real of \(size) bytes") }
                var bits: UInt64 = 0
                for k in 0..<size { bits = bits << 8 | UInt64(bytes[offset + 1 + k]) }
                return .real(size == 4 ? Double(Float(bitPattern: UInt32(bits))) : Double(bitPattern: bits))
            case 0x3:
                guard offset + 9 <= bytes.count else { throw reader.fail("a date past the end") }
                var bits: UInt64 = 0
                for k in 0..<8 { bits = bits << 8 | UInt64(bytes[offset + 1 + k]) }
                return .date(Double(bitPattern: bits))
            case 0x4:
                let (n, start) = try length(marker, at: offset)
                guard n <= bytes.count - start else { throw reader.fail("data past the end") }
                return .data(Array(bytes[start..<start + n]))
            case 0x5:
                let (n, start) = try length(marker, at: offset)
                guard n <= bytes.count - start else { throw reader.fail("a string past the end") }
                return .string(String(decoding: bytes[start..<start + n], as: UTF8.self))
            case 0x6:
                let (n, start) = try length(marker, at: offset)
                guard n <= (bytes.count - start) / 2 else { throw reader.fail("a string past the end") }
                let units = (0..<n).map { UInt16(bytes[start + 2 * $0]) << 8 | UInt16(bytes[start + 2 * $0 + 1]) }
                return .string(String(decoding: units, as: UTF16.self))
            case 0x8:
                let size = Int(marker & 0x0F) + 1
                return .uid(try reader.integer(at: offset + 1, size: size))
            case 0xA, 0xC:
                let (n, start) = try length(marker, at: offset)
                guard n <= (bytes.count - start) / refSize else { throw reader.fail("an array past the end") }
                var items: [PropertyList] = []
                items.reserveCapacity(n)
                for k in 0..<n { items.append(try value(try reader.integer(at: start + k * refSize, size: refSize))) }
                return .array(items)
            case 0xD:
                let (n, start) = try length(marker, at: offset)
                guard n <= (bytes.count - start) / (2 * refSize) else { throw reader.fail("a dictionary past the end") }
                var result: [String: PropertyList] = [:]
                for k in 0..<n {
                    let key = try value(try reader.integer(at: start + k * refSize, size: refSize))
                    let item = try value(try reader.integer(at: start + (n + k) * refSize, size: refSize))
                    guard case .string(let name) = key else { continue }
                    result[name] = item
                }
                return .dictionary(result)
            default:
                throw reader.fail("an object of unknown kind 0x\(String(marker, radix: 16))")
            }
        }
    }
}
