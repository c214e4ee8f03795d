import Foundation

/// Reads the pixel size of a PNG file from its header, so the core can size particles without
/// decoding images (the presenter decodes them with SDL2_image).
public enum PNGInfo {
    /// Largest width or height accepted for a texture, in pixels.
    public static let maxDimension = 8192

    /// The width and height of the PNG at `url`.
    /// - Throws: a message when the file cannot be read, is not a PNG, or is too large.
    public static func pixelSize(of url: URL) throws(ResolveError) -> (width: Int, height: Int) {
        guard let handle = FileHandle(forReadingAtPath: url.path) else {
            throw ResolveError(message: "cannot read \(url.lastPathComponent)")
        }
        defer { try? handle.close() }
        let header = [UInt8]((try? handle.read(upToCount: 24)) ?? Data())
        let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        guard header.count == 24, Array(header[0..<8]) == signature, Array(header[12..<16]) == Array("IHDR".utf8) else {
            throw ResolveError(message: "\(url.lastPathComponent) is not a PNG image")
        }
        func bigEndian(_ offset: Int) -> Int {
            header[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
        }
        let width = bigEndian(16), height = bigEndian(20)
        guard width > 0, height > 0 else { throw ResolveError(message: "\(url.lastPathComponent) has no pixels") }
        guard width <= maxDimension, height <= maxDimension else {
            throw ResolveError(message: "\(url.lastPathComponent) is \(width)×\(height) pixels; textures may be at most \(maxDimension)×\(maxDimension)")
        }
        return (width, height)
    }
}
