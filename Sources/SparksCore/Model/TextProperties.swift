/// The model properties of a text layer (CATextLayer), as a value.
///
/// The text is laid out from the top of the layer's bounds, line by line, and clipped by them;
/// it is drawn above the layer's background and contents and below its sublayers.
public struct TextProperties: Hashable, Sendable {
    /// The text drawn. Default none (nothing drawn).
    public var string: String?
    /// The font's name, as UIFont names it (`Helvetica`, `Courier-Bold`). Default Helvetica.
    /// Sparks draws with the nearest font Debian has (docs/presets.md).
    public var font: String?
    /// Font size in points. Default 36.
    public var fontSize = 36.0
    /// Colour of the text (colour emoji keep their own colours). Default opaque white.
    public var foregroundColor = Color.white
    /// Whether lines wrap at the layer's width. Default false.
    public var isWrapped = false
    /// How lines sit across the width. Default natural.
    public var alignmentMode: TextAlignment = .natural
    /// Where a line longer than the width is cut. Default none.
    public var truncationMode: TextTruncation = .none

    /// The longest string drawn, in characters.
    public static let maxStringLength = 10_000

    /// Creates properties with Core Animation's defaults.
    public init() {}

    /// The settable properties, by Core Animation key.
    public static let table = PropertyTable<TextProperties>(
        [
            .text("string", \.string, "The text drawn, from the top of the bounds (emoji in colour)."),
            .text("font", \.font, "The font's name as UIFont names it (default Helvetica); drawn with the nearest font installed."),
            .number("fontSize", \.fontSize, .nonNegative, "Font size in points (default 36)."),
            .color("foregroundColor", \.foregroundColor, "Colour of the text (default opaque white)."),
            .bool("wrapped", \.isWrapped, "Whether lines wrap at the layer's width (default false)."),
            .choice(
                "alignmentMode", \.alignmentMode, "How lines sit across the width: natural (default), left, right, center or justified."),
            .choice(
                "truncationMode", \.truncationMode, "Where a line too long for the width is cut: none (default), start, end or middle."),
        ],
        guides: [
            "string": PropertyGuide(example: "\"Level up!\""),
            "font": PropertyGuide(example: "\"Helvetica-Bold\""),
            "fontSize": PropertyGuide(.points, 8...144, example: "48"),
            "foregroundColor": PropertyGuide(example: "\"systemYellow\""),
        ])
}

extension TextImage {
    /// The image of `properties` drawn into `size` points at `scale` pixels per point (the
    /// scale is lowered to keep both sides within `maxPixelSide`); nil when it shows nothing.
    public init?(_ properties: TextProperties, size: Size, scale: Double) {
        guard let string = properties.string, !string.isEmpty, properties.fontSize > 0, properties.foregroundColor.alpha > 0,
            size.width >= 0.5, size.height >= 0.5, scale > 0
        else { return nil }
        let fitted = min(scale, Double(Self.maxPixelSide) / max(size.width, size.height))
        self.init(
            string: String(string.prefix(TextProperties.maxStringLength)), font: properties.font,
            pixelFontSize: properties.fontSize * fitted, color: properties.foregroundColor, isWrapped: properties.isWrapped,
            alignment: properties.alignmentMode, truncation: properties.truncationMode,
            pixelWidth: max(1, Int((size.width * fitted).rounded(.up))), pixelHeight: max(1, Int((size.height * fitted).rounded(.up))))
    }
}
