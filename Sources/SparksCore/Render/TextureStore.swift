/// A backend's decoded textures, kept by file in whatever form the backend draws from
/// (`Entry`: the CPU rasterizer's levels, the GPU path's mip pyramid), within a memory budget.
///
/// Each texture is decoded on first use. When its file changes (`invalidate`) it is decoded
/// again on next use; if the new version cannot be had (unreadable, refused by the file checks,
/// over the budget, rejected by the backend) the last good one stays in use and the failure is
/// kept in `failures`. The budget is checked from the image header's size before decoding.
package final class TextureStore<Entry> {
    private let decoder: ImageDecoder
    private let prepare: (consuming DecodedImage) throws(ImageDecodingError) -> Entry
    private let bytes: (Entry) -> Int
    private var entries: [String: Entry] = [:]
    private var stale = Set<String>()
    /// Textures that could not be loaded (or reloaded), by file, with the reason.
    package private(set) var failures: [String: ImageDecodingError] = [:]
    /// Most bytes held (``PresetLimits/maxTextureBytes``).
    package let maxBytes: Int
    /// Bytes held now.
    package private(set) var byteCount = 0

    /// Creates a store decoding with `decoder`, turning each image into an entry with
    /// `prepare` (which may refuse it with a reason), whose memory `bytes` counts.
    package init(
        decoder: ImageDecoder, maxBytes: Int, bytes: @escaping (Entry) -> Int,
        prepare: @escaping (consuming DecodedImage) throws(ImageDecodingError) -> Entry
    ) {
        self.decoder = decoder
        self.maxBytes = maxBytes
        self.bytes = bytes
        self.prepare = prepare
    }

    /// The texture's entry, decoded on first use and after its file changed, with whether it
    /// was (re)loaded by this call; the last good entry when loading fails; nil when there has
    /// never been one (see `failures`).
    package func entry(for texture: Texture) -> (entry: Entry, loaded: Bool)? {
        let key = texture.cacheKey
        let current = entries[key]
        guard current == nil || stale.contains(key), failures[key] == nil || stale.contains(key) else {
            return current.map { ($0, false) }
        }
        stale.remove(key)
        do throws(ImageDecodingError) {
            let held = current.map(bytes) ?? 0
            let expected = texture.pixelWidth * texture.pixelHeight * PresetLimits.textureBytesPerPixel
            if byteCount - held + expected > maxBytes {
                throw ImageDecodingError(
                    source: key,
                    reason:
                        "decoding it would take the textures to \(CheckedFile.describe(bytes: byteCount - held + expected)), over the \(CheckedFile.describe(bytes: maxBytes)) the texture-memory budget allows"
                )
            }
            let image = try decoder.decode(texture)
            let loaded: Entry
            // The image is handed over, so that the backend's form of it may free it early.
            do throws(ImageDecodingError) { loaded = try prepare(consume image) } catch {
                throw ImageDecodingError(source: key, reason: error.reason)
            }
            byteCount += bytes(loaded) - held
            entries[key] = loaded
            failures[key] = nil
            return (loaded, true)
        } catch {
            failures[key] = error
            return current.map { ($0, false) }
        }
    }

    /// Whether the texture's file changed since it was last loaded.
    package func isStale(_ key: String) -> Bool { stale.contains(key) }

    /// Marks a texture's file as changed: it is decoded again when next used.
    package func invalidate(_ key: String) { stale.insert(key) }

    /// Records a failure found after loading (a backend that could not upload the texture).
    package func recordFailure(_ error: ImageDecodingError) { failures[error.source] = error }
}
