import CSDL2
import SparksCore

/// GPU textures of one SDL renderer: each texture's mip levels from the shared ``MipPyramid``
/// (premultiplied), uploaded on first use, one SDL texture per level and scale mode.
final class SDLTextureCache {
    private struct Key: Hashable {
        var path: String
        var level: Int
        var nearest: Bool
    }

    private let renderer: OpaquePointer
    private let decoder: ImageDecoder
    private var pyramids: [String: MipPyramid] = [:]
    private var textures: [Key: OpaquePointer] = [:]
    private(set) var failures: [String: ImageDecodingError] = [:]
    private var white: OpaquePointer?

    init(renderer: OpaquePointer, decoder: ImageDecoder) {
        self.renderer = renderer
        self.decoder = decoder
    }

    deinit {
        for texture in textures.values { SDL_DestroyTexture(texture) }
        if let white { SDL_DestroyTexture(white) }
    }

    /// The texture's pyramid, decoded on first use; nil when it cannot be had.
    func pyramid(for texture: Texture) -> MipPyramid? {
        let key = texture.cacheKey
        if let pyramid = pyramids[key] { return pyramid }
        guard failures[key] == nil else { return nil }
        do throws(ImageDecodingError) {
            let pyramid = MipPyramid(try decoder.decode(texture))
            pyramids[key] = pyramid
            return pyramid
        } catch {
            failures[key] = error
            return nil
        }
    }

    /// The SDL texture of one level, sampled nearest or linearly.
    func sdlTexture(for texture: Texture, level: Int, nearest: Bool) -> OpaquePointer? {
        let key = Key(path: texture.cacheKey, level: level, nearest: nearest)
        if let loaded = textures[key] { return loaded }
        guard let pyramid = pyramid(for: texture) else { return nil }
        let source = pyramid.levels[min(max(level, 0), pyramid.levels.count - 1)]
        guard let created = upload(source.texels, width: source.width, height: source.height, nearest: nearest) else {
            failures[texture.cacheKey] = ImageDecodingError(source: texture.cacheKey, reason: String(cString: SDL_GetError()))
            return nil
        }
        textures[key] = created
        return created
    }

    /// A 1 × 1 opaque white texture for solid colour.
    var solid: OpaquePointer? {
        if let white { return white }
        white = upload([0xFFFF_FFFF], width: 1, height: 1, nearest: true)
        return white
    }

    /// Forgets a texture's file so the next use decodes it again.
    func invalidate(_ path: String) {
        pyramids[path] = nil
        failures[path] = nil
        for key in textures.keys where key.path == path {
            if let texture = textures.removeValue(forKey: key) { SDL_DestroyTexture(texture) }
        }
    }

    private func upload(_ texels: [UInt32], width: Int, height: Int, nearest: Bool) -> OpaquePointer? {
        guard let texture = SDL_CreateTexture(
            renderer, SparksPixelFormatARGB8888(), Int32(SDL_TEXTUREACCESS_STATIC.rawValue), Int32(width), Int32(height))
        else { return nil }
        _ = texels.withUnsafeBytes { SDL_UpdateTexture(texture, nil, $0.baseAddress, Int32(width * 4)) }
        SDL_SetTextureScaleMode(texture, nearest ? SDL_ScaleModeNearest : SDL_ScaleModeLinear)
        return texture
    }
}
