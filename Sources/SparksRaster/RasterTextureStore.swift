import SparksCore

/// The CPU rasterizer's textures, decoded once each and kept by file.
final class RasterTextureStore {
    private let decoder: ImageDecoder
    private var textures: [String: RasterTexture] = [:]
    private(set) var failures: [String: ImageDecodingError] = [:]

    init(decoder: ImageDecoder) {
        self.decoder = decoder
    }

    /// The texture, decoding it on first use; nil when it cannot be had (see `failures`).
    func texture(for texture: Texture) -> RasterTexture? {
        let key = texture.cacheKey
        if let loaded = textures[key] { return loaded }
        guard failures[key] == nil else { return nil }
        do throws(ImageDecodingError) {
            let image = try decoder.decode(texture)
            guard image.width <= RasterTexture.maxSide, image.height <= RasterTexture.maxSide, let loaded = RasterTexture(MipPyramid(image)) else {
                throw ImageDecodingError(
                    source: key, reason: "\(image.width)×\(image.height) pixels is larger than \(RasterTexture.maxSide)×\(RasterTexture.maxSide)")
            }
            textures[key] = loaded
            return loaded
        } catch {
            failures[key] = error
            return nil
        }
    }

    /// Forgets a texture so the next use decodes it again (its file changed).
    func invalidate(_ key: String) {
        textures[key] = nil
        failures[key] = nil
    }

    /// Bytes of texels held.
    var byteCount: Int { textures.values.reduce(0) { $0 + $1.byteCount } }
}
