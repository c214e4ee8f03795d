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
        if let text = texture.text { return try Self.image(ofText: text) }
        if let embedded = texture.embedded { return try Self.image(of: embedded, name: texture.name) }
        guard let url = texture.url else { throw ImageDecodingError(source: texture.name, reason: "the texture has no file") }
        let file: CheckedFile
        do {
            file = try CheckedFile.read(url, within: texture.folder.map { [$0] }, maxBytes: Self.maxFileBytes)
        } catch {
            throw ImageDecodingError(source: url.path, reason: error.message)
        }
        return try Self.image(ofPNG: file.bytes, name: url.path)
    }

    /// The pixels of an image carried inside an effect file.
    package static func image(of embedded: EmbeddedImage.Content, name: String) throws(ImageDecodingError) -> DecodedImage {
        switch embedded {
        case .pixels(let image): image
        case .png(let bytes, _, _): try image(ofPNG: bytes, name: name)
        }
    }

    /// The pixels of a surface of any format as straight RGBA bytes.
    static func rgba(of surface: UnsafeMutablePointer<SDL_Surface>) throws(SDLError) -> DecodedImage {
        try rgba(of: surface, freeing: false)
    }

    /// The pixels of a surface as straight RGBA bytes; with `freeing`, the surface is freed as
    /// soon as its pixels are converted (a decoded file's surface: at most two copies of the
    /// image are held at once, not three).
    private static func rgba(of surface: UnsafeMutablePointer<SDL_Surface>, freeing: Bool) throws(SDLError) -> DecodedImage {
        // ABGR8888 words are R, G, B, A bytes in memory on little-endian machines.
        let converted: UnsafeMutablePointer<SDL_Surface>
        if surface.pointee.format.pointee.format == SparksPixelFormatABGR8888() {
            converted = surface
        } else {
            let made = SDL_ConvertSurfaceFormat(surface, SparksPixelFormatABGR8888(), 0)
            if freeing { SDL_FreeSurface(surface) }
            guard let made else { throw SDLError("converting pixels") }
            converted = made
        }
        defer { if freeing || converted != surface { SDL_FreeSurface(converted) } }
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

extension SDLImageDecoder {
    /// A text layer's image, drawn with SDL2_ttf (``TextRasterizer``).
    package static func image(ofText text: TextImage) throws(ImageDecodingError) -> DecodedImage {
        try TextRasterizer.shared.image(of: text)
    }

    /// The pixels of an `SDL_Surface*` of any format, as straight RGBA.
    package static func image(ofSurface surface: UnsafeMutableRawPointer) throws(SDLError) -> DecodedImage {
        try rgba(of: surface.assumingMemoryBound(to: SDL_Surface.self))
    }

    /// Decodes PNG bytes (a file a program read itself).
    package static func image(ofPNG bytes: [UInt8], name: String) throws(ImageDecodingError) -> DecodedImage {
        // The header first: a size beyond what textures may have is refused before decoding.
        do {
            _ = try PNGInfo.pixelSize(ofHeader: bytes, name: name)
            try PNGInfo.checkChunks(bytes, name: name)
        } catch {
            throw ImageDecodingError(source: name, reason: error.message)
        }
        let decoded = bytes.withUnsafeBytes { raw -> UnsafeMutablePointer<SDL_Surface>? in
            guard let stream = SDL_RWFromConstMem(raw.baseAddress, Int32(raw.count)) else { return nil }
            return IMG_LoadTyped_RW(stream, 1, "PNG")
        }
        guard let surface = decoded else {
            throw ImageDecodingError(source: name, reason: "not a readable PNG image (\(String(cString: SDL_GetError())))")
        }
        do {
            return try rgba(of: surface, freeing: true)
        } catch {
            throw ImageDecodingError(source: name, reason: error.description)
        }
    }

    /// The pixels of an `SDL_Texture*` of `renderer`, read back by copying it unblended into a
    /// target texture: any texture the game made (static, streaming or target), as straight RGBA.
    /// The renderer's target, blend settings of the texture and clip are left as they were.
    package static func image(ofTexture texture: OpaquePointer, renderer: OpaquePointer) throws(SDLError) -> DecodedImage {
        var format: UInt32 = 0, access: Int32 = 0, w: Int32 = 0, h: Int32 = 0
        guard SDL_QueryTexture(texture, &format, &access, &w, &h) == 0, w > 0, h > 0 else {
            throw SDLError("reading an SDL texture's size")
        }
        guard SDL_RenderTargetSupported(renderer) == SDL_TRUE,
            let copy = SDL_CreateTexture(renderer, SparksPixelFormatABGR8888(), Int32(SDL_TEXTUREACCESS_TARGET.rawValue), w, h)
        else { throw SDLError("reading an SDL texture", reason: "the renderer cannot draw into textures") }
        defer { SDL_DestroyTexture(copy) }
        let outer = SDL_GetRenderTarget(renderer)
        var blend = SDL_BLENDMODE_NONE, r: UInt8 = 0, g: UInt8 = 0, b: UInt8 = 0, a: UInt8 = 0
        SDL_GetTextureBlendMode(texture, &blend)
        SDL_GetTextureColorMod(texture, &r, &g, &b)
        SDL_GetTextureAlphaMod(texture, &a)
        defer {
            SDL_SetTextureBlendMode(texture, blend)
            SDL_SetTextureColorMod(texture, r, g, b)
            SDL_SetTextureAlphaMod(texture, a)
            SDL_SetRenderTarget(renderer, outer)
        }
        SDL_SetTextureBlendMode(texture, SDL_BLENDMODE_NONE)
        SDL_SetTextureColorMod(texture, 255, 255, 255)
        SDL_SetTextureAlphaMod(texture, 255)
        var bytes = [UInt8](repeating: 0, count: Int(w) * Int(h) * 4)
        let status = bytes.withUnsafeMutableBytes { raw -> Int32 in
            guard SDL_SetRenderTarget(renderer, copy) == 0, SDL_RenderCopy(renderer, texture, nil, nil) == 0 else { return -1 }
            // ABGR8888 words are R, G, B, A bytes in memory on little-endian machines.
            return SDL_RenderReadPixels(renderer, nil, SparksPixelFormatABGR8888(), raw.baseAddress, w * 4)
        }
        guard status == 0, let image = DecodedImage(width: Int(w), height: Int(h), rgba: bytes) else {
            throw SDLError("reading an SDL texture's pixels")
        }
        return image
    }
}
