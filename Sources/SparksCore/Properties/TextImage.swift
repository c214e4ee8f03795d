/// How a text layer's lines sit across its width (CATextLayerAlignmentMode).
public enum TextAlignment: String, Hashable, Sendable, CaseIterable {
    /// The script's natural side: left for the left-to-right text Sparks draws (the default).
    case natural
    /// Against the left edge.
    case left
    /// Against the right edge.
    case right
    /// Centred.
    case center
    /// Stretched to both edges; Sparks draws it as left (ca-differences.md).
    case justified
}

/// Where a line too long for a text layer's width is cut (CATextLayerTruncationMode).
public enum TextTruncation: String, Hashable, Sendable, CaseIterable {
    /// Not cut: the line runs past the bounds and is clipped by them (the default).
    case none
    /// The start replaced by an ellipsis.
    case start
    /// The end replaced by an ellipsis.
    case end
    /// The middle replaced by an ellipsis.
    case middle
}

/// What a text layer's image shows: its text, font, colour and layout at a pixel size. The core
/// describes it; a decoder that can draw text (SparksSDL's, with SDL2_ttf) draws it, and one that
/// cannot draws nothing for it.
public struct TextImage: Hashable, Sendable {
    /// The text; lines end at newlines.
    public let string: String
    /// The font's name as UIFont names it, or nil for the default (Helvetica).
    public let font: String?
    /// Font size in pixels of the image.
    public let pixelFontSize: Double
    /// Colour of the glyphs (colour emoji keep theirs), straight alpha.
    public let color: Color
    /// Whether lines wrap at the image's width.
    public let isWrapped: Bool
    /// How lines sit across the width.
    public let alignment: TextAlignment
    /// Where a line too long for the width is cut.
    public let truncation: TextTruncation
    /// The image's size in pixels.
    public let pixelWidth: Int
    public let pixelHeight: Int
    /// A key naming exactly this image, for texture caches.
    public let cacheKey: String

    /// The largest side of a text image, in pixels: a larger layer's text is drawn at a lower
    /// resolution.
    public static let maxPixelSide = 4096

    /// Describes an image of `string`; sizes are in pixels of the image.
    public init(
        string: String, font: String?, pixelFontSize: Double, color: Color, isWrapped: Bool, alignment: TextAlignment,
        truncation: TextTruncation, pixelWidth: Int, pixelHeight: Int
    ) {
        self.string = string
        self.font = font
        self.pixelFontSize = pixelFontSize
        self.color = color
        self.isWrapped = isWrapped
        self.alignment = alignment
        self.truncation = truncation
        self.pixelWidth = pixelWidth
        self.pixelHeight = pixelHeight
        let rgba = [color.red, color.green, color.blue, color.alpha].map { Int(($0 * 255).rounded()) }
        cacheKey =
            "text \(pixelWidth)x\(pixelHeight) \(font ?? "-") \(pixelFontSize) \(rgba) \(isWrapped) \(alignment.rawValue) \(truncation.rawValue)\n"
            + string
    }
}
