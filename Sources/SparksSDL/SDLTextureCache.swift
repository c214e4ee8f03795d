import CSDL2
import SparksCore

/// GPU textures of one SDL renderer: each texture's mip levels from the shared ``MipPyramid``
/// (premultiplied), uploaded on first use, one SDL texture per level and scale mode, within a
/// memory budget. When a file changes the texture is decoded again on next use; if the new
/// version cannot be had the last good one stays in use and the failure is reported.
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
    private var stale = Set<String>()
    private(set) var failures: [String: ImageDecodingError] = [:]
    private var white: OpaquePointer?
    private let maxBytes: Int
    private var byteCount = 0

    init(renderer: OpaquePointer, decoder: ImageDecoder, maxBytes: Int) {
        self.renderer = renderer
        self.decoder = decoder
        self.maxBytes = maxBytes
    }

    deinit {
        for texture in textures.values { SDL_DestroyTexture(texture) }
        if let white { SDL_DestroyTexture(white) }
    }

    /// The texture's pyramid, decoded on first use and after its file changed; the last good
    /// one when decoding fails; nil when there has never been one.
    func pyramid(for texture: Texture) -> MipPyramid? {
        let key = texture.cacheKey
        let current = pyramids[key]
        guard current == nil || stale.contains(key) else { return current }
        guard failures[key] == nil || stale.contains(key) else { return current }
        stale.remove(key)
        do throws(ImageDecodingError) {
            let held = Self.bytes(of: current)
            let expected = texture.pixelWidth * texture.pixelHeight * PresetLimits.textureBytesPerPixel
            if byteCount - held + expected > maxBytes {
                throw ImageDecodingError(
                    source: key,
                    reason: "decoding it would take the textures over the \(CheckedFile.describe(bytes: maxBytes)) allowed (--max-texture-memory)")
            }
            let pyramid = MipPyramid(try decoder.decode(texture))
            if current != nil { dropUploads(key) }
            byteCount += Self.bytes(of: pyramid) - held
            pyramids[key] = pyramid
            failures[key] = nil
            return pyramid
        } catch {
            failures[key] = error
            return current
        }
    }

    private static func bytes(of pyramid: MipPyramid?) -> Int {
        pyramid?.levels.reduce(0) { $0 + $1.texels.count * 4 } ?? 0
    }

    /// The SDL texture of one level, sampled nearest or linearly.
    func sdlTexture(for texture: Texture, level: Int, nearest: Bool) -> OpaquePointer? {
        let key = Key(path: texture.cacheKey, level: level, nearest: nearest)
        if let loaded = textures[key], !stale.contains(key.path) { return loaded }
        guard let pyramid = pyramid(for: texture) else { return nil }
        if let loaded = textures[key] { return loaded }
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

    /// Marks a texture's file as changed: it is decoded again when next used.
    func invalidate(_ path: String) {
        stale.insert(path)
    }

    private func dropUploads(_ path: String) {
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
