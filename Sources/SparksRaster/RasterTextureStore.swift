import SparksCore

/// The CPU rasterizer's textures, decoded once each and kept by file, within a memory budget.
///
/// When a file changes (`invalidate`), the texture is decoded again on next use; if the new
/// version cannot be had (unreadable, refused, over the budget) the last good one stays in use
/// and the failure is reported.
final class RasterTextureStore {
    private let decoder: ImageDecoder
    private var textures: [String: RasterTexture] = [:]
    private var stale = Set<String>()
    private(set) var failures: [String: ImageDecodingError] = [:]
    /// Most bytes of textures held (see ``PresetLimits/maxTextureBytes``).
    var maxBytes: Int
    /// Bytes held now.
    private(set) var byteCount = 0

    init(decoder: ImageDecoder, maxBytes: Int) {
        self.decoder = decoder
        self.maxBytes = maxBytes
    }

    /// The texture, decoding it on first use and after its file changed; the last good one
    /// when decoding fails; nil when there has never been one (see `failures`).
    func texture(for texture: Texture) -> RasterTexture? {
        let key = texture.cacheKey
        let current = textures[key]
        guard current == nil || stale.contains(key) else { return current }
        guard failures[key] == nil || stale.contains(key) else { return current }
        stale.remove(key)
        do throws(ImageDecodingError) {
            // The budget, from the header's size, before decoding.
            let expected = texture.pixelWidth * texture.pixelHeight * PresetLimits.textureBytesPerPixel
            if byteCount - (current?.byteCount ?? 0) + expected > maxBytes {
                throw ImageDecodingError(
                    source: key,
                    reason: "decoding it would take the textures to \(CheckedFile.describe(bytes: byteCount + expected)), over the \(CheckedFile.describe(bytes: maxBytes)) allowed (--max-texture-memory)")
            }
            let image = try decoder.decode(texture)
            guard image.width <= RasterTexture.maxSide, image.height <= RasterTexture.maxSide, let loaded = RasterTexture(MipPyramid(image)) else {
                throw ImageDecodingError(
                    source: key, reason: "\(image.width)×\(image.height) pixels is larger than \(RasterTexture.maxSide)×\(RasterTexture.maxSide)")
            }
            byteCount += loaded.byteCount - (current?.byteCount ?? 0)
            textures[key] = loaded
            failures[key] = nil
            return loaded
        } catch {
            failures[key] = error
            return current
        }
    }

    /// Marks a texture's file as changed: it is decoded again when next used.
    func invalidate(_ key: String) {
        stale.insert(key)
    }
}
