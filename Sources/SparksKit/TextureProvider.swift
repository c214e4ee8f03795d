import SparksCore
import SparksSDL

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

/// Supplies the images a preset names from the game's own memory instead of files: textures the
/// game already loaded (``EffectImage/init(sdlTexture:renderer:)``, ``EffectImage/init(sdlSurface:)``),
/// generated images, regions of an atlas.
///
/// When a preset names an image (`"contents": "spark.png"`), the effect asks its provider
/// first; nil means "look for a file of that name" beside the preset and in the asset folders.
/// The provider is asked for the size when the preset is read and for the pixels once, when the
/// image is first drawn (the effect keeps them, with their mip levels).
public protocol TextureProvider: Sendable {
    /// The image a preset calls `name`, or nil to read a file of that name.
    func image(named name: String) -> EffectImage?
}

/// Pixels an effect draws with: straight (not premultiplied) RGBA.
public struct EffectImage: Sendable, Equatable {
    let decoded: DecodedImage

    /// Width in pixels.
    public var width: Int { decoded.width }
    /// Height in pixels.
    public var height: Int { decoded.height }

    /// An image from `width` × `height` pixels of 4 bytes each, R, G, B, A, straight alpha,
    /// row by row from the top; nil when the byte count does not match or a side is not
    /// positive.
    public init?(width: Int, height: Int, rgba: [UInt8]) {
        guard let decoded = DecodedImage(width: width, height: height, rgba: rgba) else { return nil }
        self.decoded = decoded
    }

    /// The pixels of an `SDL_Surface*` the game loaded (any pixel format; `IMG_Load`'s result,
    /// say), copied: the surface stays the game's to free. Pass the pointer as a raw pointer
    /// (`UnsafeMutableRawPointer(surface)`), whatever SDL module the game imports.
    /// - Throws: when SDL cannot convert the surface.
    public init(sdlSurface surface: UnsafeMutableRawPointer) throws(EffectError) {
        do {
            decoded = try SDLImageDecoder.image(ofSurface: surface)
        } catch {
            throw EffectError("an SDL surface: \(error)")
        }
    }

    /// The pixels of an `SDL_Texture*` the game made with `renderer` (its `SDL_Renderer*`),
    /// read back once: textures a game already loaded need not be loaded again. Any access
    /// works (static, streaming, target); the texture and the renderer are left as they were.
    /// - Throws: when the renderer cannot draw into textures (every SDL 2 renderer can).
    public init(sdlTexture texture: OpaquePointer, renderer: OpaquePointer) throws(EffectError) {
        do {
            decoded = try SDLImageDecoder.image(ofTexture: texture, renderer: renderer)
        } catch {
            throw EffectError("an SDL texture: \(error)")
        }
    }

    /// A PNG file's pixels.
    /// - Throws: when the file cannot be read or is not a PNG image.
    public init(contentsOfPNG url: URL) throws(EffectError) {
        let bytes: [UInt8]
        do {
            bytes = try CheckedFile.read(url, maxBytes: SDLImageDecoder.maxFileBytes).bytes
        } catch {
            throw EffectError("\(url.path): \(error.message)")
        }
        do {
            decoded = try SDLImageDecoder.image(ofPNG: bytes, name: url.path)
        } catch {
            throw EffectError(error.description)
        }
    }

    /// The pixels of PNG bytes a game holds (read itself, or built into it).
    /// - Parameters:
    ///   - bytes: the PNG file's bytes.
    ///   - name: what messages call the image.
    /// - Throws: when the bytes are not a PNG image, or one larger than a texture may be.
    public init(pngBytes bytes: [UInt8], name: String = "image") throws(EffectError) {
        do {
            decoded = try SDLImageDecoder.image(ofPNG: bytes, name: name)
        } catch {
            throw EffectError(error.description)
        }
    }

    init(_ decoded: DecodedImage) {
        self.decoded = decoded
    }

    /// The part of the image inside `x`, `y`, `width`, `height` (pixels from the top-left),
    /// clipped to the image; nil when nothing of it lies inside.
    public func cropped(x: Int, y: Int, width: Int, height: Int) -> EffectImage? {
        let x0 = max(0, x), y0 = max(0, y)
        let x1 = min(self.width, x + max(0, width)), y1 = min(self.height, y + max(0, height))
        guard x1 > x0, y1 > y0 else { return nil }
        var bytes = [UInt8]()
        bytes.reserveCapacity((x1 - x0) * (y1 - y0) * 4)
        for row in y0..<y1 {
            let start = (row * self.width + x0) * 4
            bytes += decoded.rgba[start..<(start + (x1 - x0) * 4)]
        }
        return EffectImage(width: x1 - x0, height: y1 - y0, rgba: bytes)
    }
}

/// Images by the names presets use: the simplest ``TextureProvider``.
///
/// ```swift
/// var images = ImageSet()
/// images["spark.png"] = try EffectImage(sdlSurface: UnsafeMutableRawPointer(surface))
/// let effect = try Effect(contentsOf: url, textures: images)
/// ```
public struct ImageSet: TextureProvider {
    private var images: [String: EffectImage]

    /// Creates a set holding `images`.
    public init(_ images: [String: EffectImage] = [:]) {
        self.images = images
    }

    /// The image for `name`; setting nil removes it.
    public subscript(name: String) -> EffectImage? {
        get { images[name] }
        set { images[name] = newValue }
    }

    public func image(named name: String) -> EffectImage? { images[name] }
}

/// Named regions of one atlas image, each drawn as an image of its own: a game's sprite sheet.
///
/// ```swift
/// let atlas = TextureAtlas(image: sheet, regions: ["spark.png": (0, 0, 16, 16), "smoke.png": (16, 0, 32, 32)])
/// ```
public struct TextureAtlas: TextureProvider {
    /// The whole atlas.
    public let image: EffectImage
    private let regions: [String: (x: Int, y: Int, width: Int, height: Int)]

    /// Creates an atlas of `image` whose regions (pixels from the top-left) are named as presets
    /// name images.
    public init(image: EffectImage, regions: [String: (x: Int, y: Int, width: Int, height: Int)]) {
        self.image = image
        self.regions = regions
    }

    /// The names of the regions.
    public var names: [String] { regions.keys.sorted() }

    public func image(named name: String) -> EffectImage? {
        guard let r = regions[name] else { return nil }
        return image.cropped(x: r.x, y: r.y, width: r.width, height: r.height)
    }
}

/// Reads an effect's textures: from its provider when it has the name, else from the file the
/// preset found.
final class EffectImageDecoder: ImageDecoder {
    private let provider: (any TextureProvider)?
    private let files = SDLImageDecoder()

    init(provider: (any TextureProvider)?) {
        self.provider = provider
    }

    func decode(_ texture: Texture) throws(ImageDecodingError) -> DecodedImage {
        if let text = texture.text { return try SDLImageDecoder.image(ofText: text) }
        if let embedded = texture.embedded { return try SDLImageDecoder.image(of: embedded, name: texture.name) }
        if texture.url == nil {
            guard let image = provider?.image(named: texture.name) else {
                throw ImageDecodingError(source: texture.name, reason: "the texture provider has no image of that name any more")
            }
            return image.decoded
        }
        return try files.decode(texture)
    }
}
