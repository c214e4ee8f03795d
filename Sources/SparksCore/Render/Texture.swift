import Foundation

/// A particle or layer image: where it comes from and its pixel size.
///
/// The core needs only the size (drawn size = pixel size × contentsRect / contentsScale, spec §1.3);
/// the presenter loads the pixels from `url`.
public struct Texture: Hashable, Sendable {
    /// The name the preset used (`"fire.png"`).
    public var name: String
    /// The resolved file, or nil for a texture supplied another way (tests, generated images).
    public var url: URL?
    /// Width in pixels.
    public var pixelWidth: Int
    /// Height in pixels.
    public var pixelHeight: Int

    /// Creates a texture description.
    public init(name: String, url: URL? = nil, pixelWidth: Int, pixelHeight: Int) {
        self.name = name
        self.url = url
        self.pixelWidth = pixelWidth
        self.pixelHeight = pixelHeight
    }

    /// A stable key for caches: the file path, or the name when there is no file.
    public var cacheKey: String { url?.path ?? name }
}
