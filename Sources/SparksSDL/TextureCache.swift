import CSDL2
import SparksCore

/// SDL textures for one renderer, loaded through SDL2_image on first use and kept by file.
public final class TextureCache {
    private let renderer: OpaquePointer
    private var textures: [String: OpaquePointer] = [:]
    private var failures: [String: SDLError] = [:]

    /// Creates an empty cache for `renderer`.
    public init(renderer: OpaquePointer) {
        self.renderer = renderer
    }

    deinit {
        for texture in textures.values { SDL_DestroyTexture(texture) }
        if let white { SDL_DestroyTexture(white) }
    }

    /// The SDL texture for `texture`, loading it if needed; nil if it cannot be loaded
    /// (the reason is kept in `failures`).
    public func sdlTexture(for texture: Texture) -> OpaquePointer? {
        let key = texture.cacheKey
        if let loaded = textures[key] { return loaded }
        guard failures[key] == nil else { return nil }
        do {
            let loaded = try load(texture)
            textures[key] = loaded
            return loaded
        } catch {
            failures[key] = error
            return nil
        }
    }

    private var white: OpaquePointer?

    /// A 1 × 1 opaque white texture: solid-colour quads are drawn with it so that every batch
    /// takes the same textured path (SDL's software renderer ignores additive blending for
    /// untextured geometry).
    public var solidTexture: OpaquePointer? {
        if let white { return white }
        guard let texture = SDL_CreateTexture(
            renderer, SparksPixelFormatARGB8888(), Int32(SDL_TEXTUREACCESS_STATIC.rawValue), 1, 1)
        else { return nil }
        var pixel: UInt32 = 0xFFFF_FFFF
        SDL_UpdateTexture(texture, nil, &pixel, 4)
        white = texture
        return texture
    }

    /// Textures that failed to load, by file.
    public var loadFailures: [String: SDLError] { failures }

    /// Forgets a texture so the next use reloads it from disk (the file changed).
    public func invalidate(_ key: String) {
        if let texture = textures.removeValue(forKey: key) { SDL_DestroyTexture(texture) }
        failures[key] = nil
    }

    private func load(_ texture: Texture) throws(SDLError) -> OpaquePointer {
        guard let url = texture.url else { throw SDLError("loading \(texture.name)", reason: "the texture has no file") }
        guard let surface = IMG_Load(url.path) else { throw SDLError("loading \(url.path)") }
        defer { SDL_FreeSurface(surface) }
        guard let sdlTexture = SDL_CreateTextureFromSurface(renderer, surface) else {
            throw SDLError("creating a texture from \(url.path)")
        }
        return sdlTexture
    }
}
