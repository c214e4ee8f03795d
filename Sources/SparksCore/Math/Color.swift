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
        "darkGray": Color(red: 1.0 / 3, green: 1.0 / 3, blue: 1.0 / 3),
        "lightGray": Color(red: 2.0 / 3, green: 2.0 / 3, blue: 2.0 / 3),
        "brown": Color(red: 0.6, green: 0.4, blue: 0.2),
        // UIKit's dynamic colours, with their light-mode values.
        "systemRed": Color(hex: "#FF3B30")!,
        "systemOrange": Color(hex: "#FF9500")!,
        "systemYellow": Color(hex: "#FFCC00")!,
        "systemGreen": Color(hex: "#34C759")!,
        "systemMint": Color(hex: "#00C7BE")!,
        "systemTeal": Color(hex: "#30B0C7")!,
        "systemCyan": Color(hex: "#32ADE6")!,
        "systemBlue": Color(hex: "#007AFF")!,
        "systemIndigo": Color(hex: "#5856D6")!,
        "systemPurple": Color(hex: "#AF52DE")!,
        "systemPink": Color(hex: "#FF2D55")!,
        "systemBrown": Color(hex: "#A2845E")!,
        "systemGray": Color(hex: "#8E8E93")!,
        "systemGray2": Color(hex: "#AEAEB2")!,
        "systemGray3": Color(hex: "#C7C7CC")!,
        "systemGray4": Color(hex: "#D1D1D6")!,
        "systemGray5": Color(hex: "#E5E5EA")!,
        "systemGray6": Color(hex: "#F2F2F7")!,
        "label": .black,
        "secondaryLabel": Color(hex: "#3C3C4399")!,
        "tertiaryLabel": Color(hex: "#3C3C434C")!,
        "quaternaryLabel": Color(hex: "#3C3C432D")!,
        "link": Color(hex: "#007AFF")!,
        "placeholderText": Color(hex: "#3C3C434C")!,
        "separator": Color(hex: "#3C3C4349")!,
        "opaqueSeparator": Color(hex: "#C6C6C8")!,
        "systemBackground": .white,
        "secondarySystemBackground": Color(hex: "#F2F2F7")!,
        "tertiarySystemBackground": .white,
        "systemGroupedBackground": Color(hex: "#F2F2F7")!,
        "secondarySystemGroupedBackground": .white,
        "tertiarySystemGroupedBackground": Color(hex: "#F2F2F7")!,
        "systemFill": Color(hex: "#78788033")!,
        "secondarySystemFill": Color(hex: "#78788029")!,
        "tertiarySystemFill": Color(hex: "#7676801F")!,
        "quaternarySystemFill": Color(hex: "#74748014")!,
    ]

    /// CSS colour names that UIKit lacks, with their CSS values: not read as colours (a preset's
    /// names are UIKit's), but named in the message so a web designer finds the hex to write.
    public static let cssOnlyNames: [String: String] = [
        "pink": "#ffc0cb", "hotpink": "#ff69b4", "deeppink": "#ff1493", "violet": "#ee82ee", "indigo": "#4b0082",
        "navy": "#000080", "teal": "#008080", "lime": "#00ff00", "olive": "#808000", "maroon": "#800000", "silver": "#c0c0c0",
        "gold": "#ffd700", "coral": "#ff7f50", "salmon": "#fa8072", "crimson": "#dc143c", "turquoise": "#40e0d0",
        "khaki": "#f0e68c", "plum": "#dda0dd", "orchid": "#da70d6", "tan": "#d2b48c", "beige": "#f5f5dc",
        "lavender": "#e6e6fa", "aqua": "#00ffff", "fuchsia": "#ff00ff", "skyblue": "#87ceeb", "tomato": "#ff6347",
        "chocolate": "#d2691e", "firebrick": "#b22222", "goldenrod": "#daa520", "ivory": "#fffff0", "mintcream": "#f5fffa",
        "royalblue": "#4169e1", "steelblue": "#4682b4", "slategray": "#708090", "darkorange": "#ff8c00", "limegreen": "#32cd32",
        "seagreen": "#2e8b57", "forestgreen": "#228b22", "midnightblue": "#191970", "darkviolet": "#9400d3", "wheat": "#f5deb3",
    ]

    /// The colour names, for matching iOS spellings (`UIColor.systemBlue`, `.white`).
    static let namesForLookup = Array(named.keys)

    /// A colour from hue, saturation and brightness, each 0…1 (UIColor(hue:saturation:brightness:alpha:)).
    public init(hue: Double, saturation: Double, brightness: Double, alpha: Double = 1) {
        let h = (hue - hue.rounded(.down)) * 6
        let sector = Int(h) % 6
        let f = h - Double(Int(h))
        let v = brightness, p = v * (1 - saturation), q = v * (1 - saturation * f), t = v * (1 - saturation * (1 - f))
        let (r, g, b): (Double, Double, Double) =
            switch sector {
            case 0: (v, t, p)
            case 1: (q, v, p)
            case 2: (p, v, t)
            case 3: (p, q, v)
            case 4: (t, p, v)
            default: (v, p, q)
            }
        self.init(red: r, green: g, blue: b, alpha: alpha)
    }

    /// Parses `#RRGGBB` or `#RRGGBBAA`; nil when the text is not of that form.
    public init?(hex: String) {
        guard hex.hasPrefix("#") else { return nil }
        var digits = hex.dropFirst()
        // CSS's short forms: `#80f` is `#8800ff`, `#80fa` is `#8800ffaa`.
        if digits.count == 3 || digits.count == 4 { digits = Substring(digits.flatMap { [$0, $0] }) }
        guard digits.count == 6 || digits.count == 8, digits.allSatisfy(\.isHexDigit), let value = UInt32(digits, radix: 16) else {
            return nil
        }
        let hasAlpha = digits.count == 8
        let rgba = hasAlpha ? value : (value << 8) | 0xFF
        self.init(
            red: Double((rgba >> 24) & 0xFF) / 255,
            green: Double((rgba >> 16) & 0xFF) / 255,
            blue: Double((rgba >> 8) & 0xFF) / 255,
            alpha: Double(rgba & 0xFF) / 255)
    }

    /// Whether every component is a finite number.
    public var isFinite: Bool { red.isFinite && green.isFinite && blue.isFinite && alpha.isFinite }

    /// Components clamped to 0…1.
    public var clamped: Color {
        Color(red: red.clamped01, green: green.clamped01, blue: blue.clamped01, alpha: alpha.clamped01)
    }

    /// The colour a fraction `t` of the way from `a` to `b`, component by component (straight
    /// alpha).
    public static func mix(_ a: Color, _ b: Color, _ t: Double) -> Color {
        Color(
            red: a.red + (b.red - a.red) * t, green: a.green + (b.green - a.green) * t,
            blue: a.blue + (b.blue - a.blue) * t, alpha: a.alpha + (b.alpha - a.alpha) * t)
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
