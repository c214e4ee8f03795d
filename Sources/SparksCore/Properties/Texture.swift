#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A particle or layer image: where it comes from and its pixel size.
///
/// The core needs only the size (drawn size = pixel size × contentsRect / contentsScale, core-animation.md §1.3);
/// the renderers load the pixels from `url` through an ``ImageDecoder``.
public struct Texture: Hashable, Sendable {
    /// The name the preset used (`"fire.png"`).
    public let name: String
    /// The resolved file, or nil for a texture supplied another way (tests, generated images).
    public let url: URL?
    /// The folder the file was found in: renderers read it only when it really lies inside
    /// (nil: a file named by the program itself, read as named).
    public let folder: URL?
    /// Width in pixels.
    public let pixelWidth: Int
    /// Height in pixels.
    public let pixelHeight: Int
    /// A stable key for caches: the file path, or the name when there is no file. (Stored: the
    /// renderers look textures up every frame, and a URL's path is a new string each time.)
    public let cacheKey: String
    /// The text it shows, for the image of a text layer (drawn by the decoder, not read from a
    /// file); nil for an image file.
    public let text: TextImage?
    /// The image carried inside the effect file itself (a Particle Designer file's
    /// `textureImageData`), decoded from these bytes rather than from a file; nil otherwise.
    public let embedded: EmbeddedImage.Content?

    /// Creates a texture description.
    public init(name: String, url: URL? = nil, folder: URL? = nil, pixelWidth: Int, pixelHeight: Int) {
        self.name = name
        self.url = url
        self.folder = folder
        self.pixelWidth = pixelWidth
        self.pixelHeight = pixelHeight
        cacheKey = url?.path ?? name
        text = nil
        embedded = nil
    }

    /// An image carried inside an effect file, named `name`; `source` (the effect file's path)
    /// keeps it apart from another file's image of the same name in caches.
    public init(name: String, embedded: EmbeddedImage.Content, source: String) {
        self.name = name
        url = nil
        folder = nil
        (pixelWidth, pixelHeight) = embedded.pixelSize
        cacheKey = "embedded:" + source + "#" + name
        text = nil
        self.embedded = embedded
    }

    /// The image of a text layer: `text` drawn by the decoder at its pixel size.
    public init(text: TextImage) {
        name = "text"
        url = nil
        folder = nil
        pixelWidth = text.pixelWidth
        pixelHeight = text.pixelHeight
        cacheKey = text.cacheKey
        self.text = text
        embedded = nil
    }

    /// The size in points of the part `contentsRect` (unit coordinates) of the image, at
    /// `contentsScale` pixels per point (core-animation.md §1.3, §6.6); zero for a scale that is not positive.
    public func pointSize(contentsRect: Rect, contentsScale: Double) -> Size {
        guard contentsScale > 0 else { return .zero }
        return Size(
            width: Double(pixelWidth) * contentsRect.size.width / contentsScale,
            height: Double(pixelHeight) * contentsRect.size.height / contentsScale)
    }

    public static func == (a: Texture, b: Texture) -> Bool {
        a.cacheKey == b.cacheKey && a.name == b.name && a.pixelWidth == b.pixelWidth && a.pixelHeight == b.pixelHeight
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(cacheKey)
        hasher.combine(name)
    }
}
