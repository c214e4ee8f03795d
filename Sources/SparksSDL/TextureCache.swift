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
