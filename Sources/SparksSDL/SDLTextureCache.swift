import CSparksSDL2
import SparksCore

/// GPU textures of one SDL renderer: each texture's mip levels from the shared ``MipPyramid``
/// (premultiplied, kept by a ``TextureStore`` within the memory budget), uploaded on first use,
/// one SDL texture per level and scale mode.
final class SDLTextureCache {
    private struct Key: Hashable {
        var path: String
        var level: Int
        var nearest: Bool
    }

    private let renderer: OpaquePointer
    /// The decoded pyramids, by file, within the memory budget.
    let pyramids: TextureStore<MipPyramid>
    private var textures: [Key: OpaquePointer] = [:]
    private var white: OpaquePointer?

    init(renderer: OpaquePointer, decoder: ImageDecoder, maxBytes: Int) {
        self.renderer = renderer
        pyramids = TextureStore(decoder: decoder, maxBytes: maxBytes, bytes: { $0.levels.reduce(0) { $0 + $1.texels.count * 4 } }) {
            MipPyramid($0)
        }
    }

    deinit {
        releaseUploads()
    }

    /// Destroys every SDL texture made so far (the decoded pyramids stay); they are uploaded
    /// again when next drawn.
    func releaseUploads() {
        for texture in textures.values { SDL_DestroyTexture(texture) }
        textures.removeAll()
        if let white { SDL_DestroyTexture(white) }
        white = nil
    }

    /// The texture's pyramid (see ``TextureStore``); a reloaded one replaces the old uploads.
    func pyramid(for texture: Texture) -> MipPyramid? {
        guard let (pyramid, loaded) = pyramids.entry(for: texture) else { return nil }
        if loaded { dropUploads(texture.cacheKey) }
        return pyramid
    }

    /// The SDL texture of one level, sampled nearest or linearly.
    func sdlTexture(for texture: Texture, level: Int, nearest: Bool) -> OpaquePointer? {
        let key = Key(path: texture.cacheKey, level: level, nearest: nearest)
        if let loaded = textures[key], !pyramids.isStale(key.path) { return loaded }
        guard let pyramid = pyramid(for: texture) else { return nil }
        if let loaded = textures[key] { return loaded }
        let source = pyramid.levels[min(max(level, 0), pyramid.levels.count - 1)]
        guard let created = upload(source.texels, width: source.width, height: source.height, nearest: nearest) else {
            pyramids.recordFailure(ImageDecodingError(source: texture.cacheKey, reason: String(cString: SDL_GetError())))
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

    private func dropUploads(_ path: String) {
        for key in textures.keys where key.path == path {
            if let texture = textures.removeValue(forKey: key) { SDL_DestroyTexture(texture) }
        }
    }

    private func upload(_ texels: [UInt32], width: Int, height: Int, nearest: Bool) -> OpaquePointer? {
        guard
            let texture = SDL_CreateTexture(
                renderer, SparksPixelFormatARGB8888(), Int32(SDL_TEXTUREACCESS_STATIC.rawValue), Int32(width), Int32(height))
        else { return nil }
        _ = texels.withUnsafeBytes { SDL_UpdateTexture(texture, nil, $0.baseAddress, Int32(width * 4)) }
        SDL_SetTextureScaleMode(texture, nearest ? SDL_ScaleModeNearest : SDL_ScaleModeLinear)
        return texture
    }
}
