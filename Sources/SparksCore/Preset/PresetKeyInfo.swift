/// One key of one preset object, with everything a person needs to use it: what it takes, its
/// Core Animation default, what it does, its unit, typical values and an example.
public struct PresetKeyInfo: Sendable {
    /// The key, as a preset writes it.
    public let key: String
    /// What values it takes.
    public let kind: PropertyKind
    /// What it does.
    public let summary: String
    /// Core Animation's default (what the key is when a preset leaves it out).
    public let defaultValue: PropertyValue
    /// Unit, typical values and an example (always present: derived from the default for
    /// Booleans and choices when the table gives none).
    public let guide: PropertyGuide

    /// What each option does, as a sentence to add to the summary (empty when the guide says
    /// nothing): " Options: `point`: from one point; …".
    public var optionsText: String {
        guard !guide.options.isEmpty else { return "" }
        return " Options: " + guide.options.map { "`\($0.option)`: \($0.meaning)" }.joined(separator: "; ") + "."
    }

    /// The typical values as a person reads them ("0…600", "0…2π"), or nil.
    public var typicalText: String? { guide.typicalText }

    /// The default as a preset writes it.
    public var defaultText: String {
        switch defaultValue {
        case .transform(let t) where t == .identity: "identity"
        case .image(nil): "none"
        case .string(let s) where s.isEmpty: "none"
        default: PresetEncoder.value(defaultValue, kind: kind).text(indent: 0)
        }
    }
}

extension PropertyTable {
    /// Each key's information, with defaults read from `defaults`.
    public func keyInfo(defaults: Root) -> [PresetKeyInfo] {
        descriptors.map { descriptor in
            let value = descriptor.get(defaults)
            var guide = guides[descriptor.key] ?? PropertyGuide()
            if guide.example == nil { guide.example = Self.derivedExample(kind: descriptor.kind, defaultValue: value) }
            return PresetKeyInfo(key: descriptor.key, kind: descriptor.kind, summary: descriptor.summary, defaultValue: value, guide: guide)
        }
    }

    /// An example for a key whose table gives none: the other Boolean, or the first choice that
    /// is not the default.
    private static func derivedExample(kind: PropertyKind, defaultValue: PropertyValue) -> String? {
        switch (kind, defaultValue) {
        case (.bool, .bool(let b)): return b ? "false" : "true"
        case (.choice(let options), .string(let current)): return options.first { $0 != current }.map { "\"\($0)\"" }
        default: return nil
        }
    }
}
