/// An `NSKeyedArchiver` archive (what Xcode's SpriteKit editor saves as `.sks`): a property list
/// whose `$objects` array holds every object once, objects naming each other by `UID`, and
/// `$top` naming the root. Reading follows the UIDs; an object's class is its `$class`'s
/// `$classname`.
public struct KeyedArchive: Sendable {
    private let objects: [PropertyList]
    /// The root objects by key (`root` for a SpriteKit file).
    public let top: [String: PropertyList]

    /// The archive in a property list; nil when it is not a keyed archive.
    public init?(_ plist: PropertyList) {
        guard plist["$archiver"]?.string == "NSKeyedArchiver", let objects = plist["$objects"]?.array,
            let top = plist["$top"]?.dictionary
        else { return nil }
        self.objects = objects
        self.top = top
    }

    /// The value a UID names (followed once; `$null` is `.null`), or the value itself.
    public func resolve(_ value: PropertyList?) -> PropertyList? {
        guard let value else { return nil }
        guard case .uid(let index) = value else { return value }
        guard index >= 0, index < objects.count else { return nil }
        if case .string("$null") = objects[index] { return .null }
        return objects[index]
    }

    /// The object a value names, with its class; nil for anything but an archived object.
    public func object(_ value: PropertyList?) -> ArchivedObject? {
        guard case .dictionary(let fields)? = resolve(value) else { return nil }
        let className = resolve(fields["$class"])?["$classname"]?.string
        return ArchivedObject(archive: self, fields: fields, className: className)
    }

    /// The root object (`$top.root`).
    public var root: ArchivedObject? { object(top["root"]) }
}

/// One archived object: its class and fields, read through its archive.
public struct ArchivedObject: Sendable {
    let archive: KeyedArchive
    let fields: [String: PropertyList]
    /// The object's class (`SKEmitterNode`, `NSColor`, `NSMutableArray`).
    public let className: String?

    /// The field `key`, references followed.
    public subscript(key: String) -> PropertyList? {
        guard let value = archive.resolve(fields[key]) else { return nil }
        if case .null = value { return nil }
        return value
    }

    /// Whether the object has a field `key` (archived, even as nil).
    public func has(_ key: String) -> Bool { fields[key] != nil }

    /// The object in field `key`.
    public func object(_ key: String) -> ArchivedObject? { archive.object(fields[key]) }

    /// The number in field `key` (an `NSNumber` archived as a number).
    public func number(_ key: String) -> Double? { self[key]?.number }

    /// The objects of an archived array in field `key` (`NS.objects`), or of this array.
    public func elements(_ key: String? = nil) -> [PropertyList] {
        let array = key.map { object($0) } ?? self
        return (array?["NS.objects"]?.array ?? []).compactMap { archive.resolve($0) }
    }

    /// The archived objects of an array in field `key`.
    public func objects(_ key: String) -> [ArchivedObject] {
        (object(key)?.fields["NS.objects"]?.array ?? []).compactMap { archive.object($0) }
    }

    /// A point or vector in field `key`: a string `"{x, y}"` or an `NSValue` holding one.
    public func pair(_ key: String) -> (Double, Double)? {
        if let text = self[key]?.string { return Self.pair(text) }
        guard let value = object(key) else { return nil }
        for field in ["NS.pointval", "NS.sizeval", "NS.vectorval"] {
            if let text = value[field]?.string { return Self.pair(text) }
        }
        return nil
    }

    /// `"{x, y}"` (or `"{{x, y}, {w, h}}"`'s first pair) as two numbers.
    static func pair(_ text: String) -> (Double, Double)? {
        let numbers = text.split { "{}, ".contains($0) }.compactMap { Double($0) }
        return numbers.count >= 2 ? (numbers[0], numbers[1]) : nil
    }
}
