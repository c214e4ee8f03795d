/// The limits a numeric property accepts. Values outside are preset errors, so a typo such as
/// `1e40` or a negative lifetime is reported instead of producing a broken simulation.
public struct NumberRule: Hashable, Sendable {
    /// Smallest accepted value.
    public var minimum: Double
    /// Largest accepted value.
    public var maximum: Double
    /// Whether `minimum` itself is excluded.
    public var excludesMinimum = false
    /// Whether only whole numbers are accepted.
    public var isInteger = false

    /// Creates a rule.
    public init(minimum: Double, maximum: Double, excludesMinimum: Bool = false, isInteger: Bool = false) {
        self.minimum = minimum
        self.maximum = maximum
        self.excludesMinimum = excludesMinimum
        self.isInteger = isInteger
    }

    /// The magnitude bound for coordinates, speeds and the like.
    public static let magnitudeLimit = 1e7
    /// Any value with magnitude up to `magnitudeLimit`.
    public static let any = NumberRule(minimum: -magnitudeLimit, maximum: magnitudeLimit)
    /// Zero or more, up to `magnitudeLimit`.
    public static let nonNegative = NumberRule(minimum: 0, maximum: magnitudeLimit)
    /// More than zero, up to `magnitudeLimit`.
    public static let positive = NumberRule(minimum: 0, maximum: magnitudeLimit, excludesMinimum: true)
    /// 0 … 1.
    public static let unit = NumberRule(minimum: 0, maximum: 1)

    /// Why `value` breaks the rule, or nil when it is accepted.
    public func violation(_ value: Double) -> String? {
        if value.isNaN { return "NaN is not a number a preset can use" }
        if value.isInfinite { return "\(value > 0 ? "" : "-")Infinity is not a finite number" }
        if isInteger && value.rounded() != value { return "\(format(value)) is not a whole number" }
        if value < minimum || (excludesMinimum && value == minimum) {
            if minimum == 0 {
                return excludesMinimum ? "must be greater than 0, got \(format(value))" : "must not be negative, got \(format(value))"
            }
            return "must be at least \(format(minimum)), got \(format(value))"
        }
        if value > maximum { return "must be at most \(format(maximum)), got \(format(value))" }
        return nil
    }
}

/// Formats a number the way a person would write it in a preset.
func format(_ value: Double) -> String {
    if value.rounded() == value && abs(value) < 1e15 { return String(Int64(value)) }
    return String(value)
}

/// What kind of value a property holds, and so how presets and key paths spell it.
public enum PropertyKind: Hashable, Sendable {
    /// A number within a rule.
    case number(NumberRule)
    /// A Boolean.
    case bool
    /// Free text (names).
    case text
    /// One of the listed strings.
    case choice([String])
    /// `[x, y]`.
    case point
    /// `[width, height]`.
    case size
    /// `[width, height]` that may be negative (a shadow's offset).
    case offset
    /// `[x, y, width, height]`.
    case rect
    /// `[x, y, z]` (the input of the `scale` and `translate` value functions).
    case vector3
    /// A colour: `"#RRGGBB"`, `"#RRGGBBAA"`, `[r, g, b]`, `[r, g, b, a]` or a name.
    case color
    /// Sixteen numbers or a list of operations.
    case transform
    /// An image file name.
    case image
    /// A number or `"infinity"`.
    case repeatCount
    /// A 32-bit unsigned seed.
    case seed
    /// A list of colours, at most ``PropertyKind/maxListCount``.
    case colorList
    /// A list of numbers within a rule, at most ``PropertyKind/maxListCount``.
    case numberList(NumberRule)
    /// A path: SVG path data or a list of path commands, at most ``PropertyKind/maxPathSegments``
    /// segments.
    case path

    /// The most segments a path property holds.
    public static let maxPathSegments = 4096
    /// The most elements a list property holds.
    public static let maxListCount = 256

    /// How many numbers a vector of this kind has (0 for kinds that are not vectors).
    public var vectorCount: Int {
        switch self {
        case .point, .size, .offset: 2
        case .vector3: 3
        case .rect: 4
        default: 0
        }
    }

    /// Named components addressable with a key-path suffix (`position.x`, `bounds.size.width`).
    public var components: [String: Int] {
        switch self {
        case .point: ["x": 0, "y": 1]
        case .size, .offset: ["width": 0, "height": 1]
        case .rect: ["origin.x": 0, "origin.y": 1, "size.width": 2, "size.height": 3]
        case .vector3: ["x": 0, "y": 1, "z": 2]
        default: [:]
        }
    }

    /// The rule a single component obeys.
    public var componentRule: NumberRule {
        switch self {
        case .size: .nonNegative
        case .rect: .any
        case .number(let rule): rule
        default: .any
        }
    }
}
