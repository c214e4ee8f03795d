import CSparksSDL2
import SparksCore

/// Decodes texture files with SDL2_image into RGBA bytes, the pixels every backend builds its
/// textures from.
///
/// A file is read once, as a `CheckedFile` (inside the folder the preset found it in, a
/// regular file with one name), and decoded from those bytes as a PNG — the format presets
/// name — so what was checked is what is decoded, and no other decoder sees a stranger's file.
public final class SDLImageDecoder: ImageDecoder {
    /// The largest image file read, in bytes.
    public static let maxFileBytes = 128 << 20

    /// Creates a decoder.
    public init() {}

    public func decode(_ texture: Texture) throws(ImageDecodingError) -> DecodedImage {
        guard let url = texture.url else { throw ImageDecodingError(source: texture.name, reason: "the texture has no file") }
        let file: CheckedFile
        do {
            file = try CheckedFile.read(url, within: texture.folder.map { [$0] }, maxBytes: Self.maxFileBytes)
        } catch {
            throw ImageDecodingError(source: url.path, reason: error.message)
        }
        return try Self.image(ofPNG: file.bytes, name: url.path)
    }

    /// The pixels of a surface of any format as straight RGBA bytes.
    static func rgba(of surface: UnsafeMutablePointer<SDL_Surface>) throws(SDLError) -> DecodedImage {
        // ABGR8888 words are R, G, B, A bytes in memory on little-endian machines.
        guard let converted = SDL_ConvertSurfaceFormat(surface, SparksPixelFormatABGR8888(), 0) else {
            throw SDLError("converting pixels")
        }
        defer { SDL_FreeSurface(converted) }
        let w = Int(converted.pointee.w), h = Int(converted.pointee.h), pitch = Int(converted.pointee.pitch)
        var bytes = [UInt8](repeating: 0, count: w * h * 4)
        SDL_LockSurface(converted)
        let base = converted.pointee.pixels.assumingMemoryBound(to: UInt8.self)
        bytes.withUnsafeMutableBufferPointer { out in
            for y in 0..<h { (out.baseAddress! + y * w * 4).update(from: base + y * pitch, count: w * 4) }
        }
        SDL_UnlockSurface(converted)
        guard let image = DecodedImage(width: w, height: h, rgba: bytes) else {
            throw SDLError("reading pixels", reason: "an image of \(w)×\(h) pixels is not supported")
        }
        return image
    }
}
