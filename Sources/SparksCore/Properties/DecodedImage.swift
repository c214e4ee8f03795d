/// An image decoded to 8-bit RGBA with straight alpha, row by row from the top: what an image
/// decoder hands the renderers (the core decodes nothing itself).
public struct DecodedImage: Sendable, Equatable {
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// Four bytes per pixel, red, green, blue, alpha; `width × height × 4` bytes.
    public let rgba: [UInt8]

    /// Creates an image; nil when the byte count does not match the size.
    public init?(width: Int, height: Int, rgba: [UInt8]) {
        guard width > 0, height > 0, width <= 1 << 15, height <= 1 << 15, rgba.count == width * height * 4 else { return nil }
        self.width = width
        self.height = height
        self.rgba = rgba
    }

    /// An image of one colour (tests, generated textures).
    public init(width: Int, height: Int, filledWith color: (UInt8, UInt8, UInt8, UInt8)) {
        precondition(width > 0 && height > 0, "an image has at least one pixel")
        self.width = width
        self.height = height
        var bytes = [UInt8](repeating: 0, count: width * height * 4)
        for i in stride(from: 0, to: bytes.count, by: 4) {
            bytes[i] = color.0
            bytes[i + 1] = color.1
            bytes[i + 2] = color.2
            bytes[i + 3] = color.3
        }
        rgba = bytes
    }
}

/// Turns a ``Texture`` into pixels: reads and decodes its file (the SDL module's decoder uses
/// SDL2_image), or supplies pixels another way.
public protocol ImageDecoder: AnyObject {
    /// The decoded pixels of `texture`, or an error saying why there are none.
    func decode(_ texture: Texture) throws(ImageDecodingError) -> DecodedImage
}

/// Why a texture has no pixels.
public struct ImageDecodingError: Error, Sendable, CustomStringConvertible {
    /// The texture's file or name.
    public var source: String
    /// The reason.
    public var reason: String

    /// Creates an error.
    public init(source: String, reason: String) {
        self.source = source
        self.reason = reason
    }

    public var description: String { "\(source): \(reason)" }
}

/// Images handed over in memory, by texture name: tests and programs that make their textures.
public final class MemoryImageDecoder: ImageDecoder {
    private var images: [String: DecodedImage]

    /// Creates a decoder that knows `images`, keyed by texture name.
    public init(_ images: [String: DecodedImage] = [:]) {
        self.images = images
    }

    /// Adds or replaces the image for a texture name.
    public func set(_ image: DecodedImage, forName name: String) {
        images[name] = image
    }

    public func decode(_ texture: Texture) throws(ImageDecodingError) -> DecodedImage {
        guard let image = images[texture.name] else {
            throw ImageDecodingError(source: texture.name, reason: "no image was supplied for this texture")
        }
        return image
    }
}
