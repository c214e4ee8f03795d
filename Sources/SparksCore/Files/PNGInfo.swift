/// Reads the pixel size of a PNG image from its header, so the core can size particles (and
/// budget texture memory) without decoding images (renderers decode them).
public enum PNGInfo {
    /// Largest width or height accepted for a texture, in pixels.
    public static let maxDimension = 8192

    /// Bytes of a PNG's signature and IHDR chunk start, enough for its size.
    public static let headerSize = 24

    /// The width and height in a PNG's first bytes (`name` is for messages).
    /// - Throws: a message when the bytes are not a PNG header, or the image is empty or too large.
    public static func pixelSize(ofHeader header: [UInt8], name: String) throws(ResolveError) -> (width: Int, height: Int) {
        let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        guard header.count >= headerSize, Array(header[0..<8]) == signature, Array(header[12..<16]) == Array("IHDR".utf8) else {
            throw ResolveError(message: "\(name) is not a PNG image")
        }
        func bigEndian(_ offset: Int) -> Int {
            header[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
        }
        let width = bigEndian(16), height = bigEndian(20)
        guard width > 0, height > 0 else { throw ResolveError(message: "\(name) has no pixels") }
        guard width <= maxDimension, height <= maxDimension else {
            throw ResolveError(message: "\(name) is \(width)×\(height) pixels; textures may be at most \(maxDimension)×\(maxDimension)")
        }
        return (width, height)
    }

    /// Checks that each chunk of a whole PNG file lies within it, up to `IEND`: a chunk whose
    /// stated length runs past the end (a truncated or forged file) is refused before any
    /// decoder sees it (libpng would skip such a chunk a few bytes at a time: a 400-byte file
    /// claiming a 256 MB chunk kept it busy for seconds). What is drawn is unchanged: the
    /// decoder fails on such a file anyway.
    public static func checkChunks(_ bytes: [UInt8], name: String) throws(ResolveError) {
        var offset = 8
        while offset + 12 <= bytes.count {
            let length = bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
            let type = bytes[offset + 4..<offset + 8]
            guard length <= bytes.count - offset - 12 else {
                let shown = String(decoding: type, as: UTF8.self).filter { $0.isLetter }
                throw ResolveError(
                    message: "\(name) is cut short: its \(shown) chunk says \(length) bytes, the file has \(bytes.count - offset - 12) left"
                )
            }
            if type.elementsEqual("IEND".utf8) { return }
            offset += 12 + length
        }
        // Ending without IEND is left to the decoder, which draws what it can read.
    }
}
