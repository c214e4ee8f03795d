import Foundation

/// A screen capture in X Window Dump format (what `xwd -root` writes), decoded to RGB.
///
/// Only the formats an X server uses for TrueColor screens of depth 24 are read: ZPixmap with
/// 24 or 32 bits per pixel, channels found through the masks in the header.
struct XWDImage {
    let width: Int
    let height: Int
    private let rgb: [UInt8]

    init(_ data: Data) throws {
        let bytes = [UInt8](data)
        func card32(_ index: Int) -> Int {
            let o = index * 4
            return Int(bytes[o]) << 24 | Int(bytes[o + 1]) << 16 | Int(bytes[o + 2]) << 8 | Int(bytes[o + 3])
        }
        struct FormatError: Error, CustomStringConvertible { let description: String }
        guard bytes.count >= 100 else { throw FormatError(description: "XWD file too short") }
        let headerSize = card32(0), format = card32(2), w = card32(4), h = card32(5)
        let byteOrder = card32(7), bitsPerPixel = card32(11), bytesPerLine = card32(12)
        let masks = (card32(14), card32(15), card32(16))
        let colormapEntries = card32(19)
        guard format == 2, bitsPerPixel == 32 || bitsPerPixel == 24 else {
            throw FormatError(description: "unsupported XWD format \(format) with \(bitsPerPixel) bits per pixel")
        }
        let start = headerSize + colormapEntries * 12
        guard bytes.count >= start + h * bytesPerLine else { throw FormatError(description: "XWD pixel data truncated") }
        func shift(_ mask: Int) -> Int { mask == 0 ? 0 : mask.trailingZeroBitCount }
        var rgb = [UInt8](repeating: 0, count: w * h * 3)
        for y in 0..<h {
            for x in 0..<w {
                let bytesPerPixel = bitsPerPixel / 8
                let o = start + y * bytesPerLine + x * bytesPerPixel
                var p = 0
                for k in 0..<bytesPerPixel {
                    // LSBFirst (0): the first byte is the least significant.
                    p |= Int(bytes[o + k]) << (8 * (byteOrder == 0 ? k : bytesPerPixel - 1 - k))
                }
                let i = (y * w + x) * 3
                rgb[i] = UInt8((p & masks.0) >> shift(masks.0) & 0xFF)
                rgb[i + 1] = UInt8((p & masks.1) >> shift(masks.1) & 0xFF)
                rgb[i + 2] = UInt8((p & masks.2) >> shift(masks.2) & 0xFF)
            }
        }
        width = w
        height = h
        self.rgb = rgb
    }

    subscript(x: Int, y: Int) -> (r: UInt8, g: UInt8, b: UInt8) {
        let i = (y * width + x) * 3
        return (rgb[i], rgb[i + 1], rgb[i + 2])
    }
}
