/// A straight-alpha RGBA colour with components in 0…1 (CGColor in device RGB).
public struct Color: Hashable, Sendable {
    /// Red, 0…1.
    public var red: Double
    /// Green, 0…1.
    public var green: Double
    /// Blue, 0…1.
    public var blue: Double
    /// Alpha (opacity), 0…1.
    public var alpha: Double

    /// Creates a colour from straight-alpha components.
    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// Opaque white, the default `EmitterCell.color` and `ReplicatorLayer.instanceColor`.
    public static let white = Color(red: 1, green: 1, blue: 1)
    /// Opaque black.
    public static let black = Color(red: 0, green: 0, blue: 0)
    /// Fully transparent black.
    public static let clear = Color(red: 0, green: 0, blue: 0, alpha: 0)

    /// Colour names accepted by presets, with UIColor's values.
    public static let named: [String: Color] = [
        "white": .white,
        "black": .black,
        "clear": .clear,
        "red": Color(red: 1, green: 0, blue: 0),
        "green": Color(red: 0, green: 1, blue: 0),
        "blue": Color(red: 0, green: 0, blue: 1),
        "yellow": Color(red: 1, green: 1, blue: 0),
        "orange": Color(red: 1, green: 0.5, blue: 0),
        "purple": Color(red: 0.5, green: 0, blue: 0.5),
        "cyan": Color(red: 0, green: 1, blue: 1),
        "magenta": Color(red: 1, green: 0, blue: 1),
        "gray": Color(red: 0.5, green: 0.5, blue: 0.5),
    ]

    /// Parses `#RRGGBB` or `#RRGGBBAA`; nil when the text is not of that form.
    public init?(hex: String) {
        guard hex.hasPrefix("#") else { return nil }
        let digits = hex.dropFirst()
        guard digits.count == 6 || digits.count == 8, let value = UInt32(digits, radix: 16) else { return nil }
        let hasAlpha = digits.count == 8
        let rgba = hasAlpha ? value : (value << 8) | 0xFF
        self.init(
            red: Double((rgba >> 24) & 0xFF) / 255,
            green: Double((rgba >> 16) & 0xFF) / 255,
            blue: Double((rgba >> 8) & 0xFF) / 255,
            alpha: Double(rgba & 0xFF) / 255)
    }

    /// Components clamped to 0…1.
    public var clamped: Color {
        Color(red: red.clamped01, green: green.clamped01, blue: blue.clamped01, alpha: alpha.clamped01)
    }

    /// Component-wise product (modulation).
    public static func * (a: Color, b: Color) -> Color {
        Color(red: a.red * b.red, green: a.green * b.green, blue: a.blue * b.blue, alpha: a.alpha * b.alpha)
    }
}

extension Double {
    /// The value limited to 0…1.
    @inlinable var clamped01: Double { Swift.min(Swift.max(self, 0), 1) }
}
