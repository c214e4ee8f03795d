import CSparksZlib

/// Images other engines' effect files carry inside them: Particle Designer's
/// `textureImageData`, base64 text of a gzipped TIFF (or PNG) image.
///
/// Inflating is zlib's (a system library SDL2_image needs too). The TIFF is read here: the
/// images Particle Designer writes are baseline TIFF (uncompressed strips of 8-bit RGB or RGBA,
/// either byte order), a few dozen lines to read and bound, where libtiff would open Sparks to
/// every TIFF feature a stranger's file could ask for. PNG stays with the renderers' decoder.
public enum EmbeddedImage {
    /// What an embedded image is, once inflated.
    public enum Content: Sendable {
        /// Pixels decoded here (a TIFF).
        case pixels(DecodedImage)
        /// PNG bytes, for the renderers' PNG decoder, and their size.
        case png([UInt8], width: Int, height: Int)

        /// Width and height in pixels.
        public var pixelSize: (width: Int, height: Int) {
            switch self {
            case .pixels(let image): (image.width, image.height)
            case .png(_, let width, let height): (width, height)
            }
        }
    }

    /// Why an embedded image could not be read.
    public struct Error: Swift.Error, Sendable, CustomStringConvertible {
        public var reason: String
        public var description: String { reason }
    }

    /// The largest an inflated image may be, in bytes (a 4096 × 4096 RGBA image and its headers).
    public static let maxInflatedBytes = 4096 * 4096 * 4 + 65_536

    /// The image in `data` (gzipped or zlib-wrapped, or not compressed at all).
    public static func decode(_ data: [UInt8]) throws(Error) -> Content {
        let raw =
            data.starts(with: [0x1F, 0x8B]) || (data.count > 2 && data[0] & 0x0F == 8 && (UInt16(data[0]) << 8 | UInt16(data[1])) % 31 == 0)
            ? try inflate(data) : data
        if raw.starts(with: [0x89, 0x50, 0x4E, 0x47]) {
            do {
                let size = try PNGInfo.pixelSize(ofHeader: Array(raw.prefix(PNGInfo.headerSize)), name: "the embedded image")
                return .png(raw, width: size.width, height: size.height)
            } catch {
                throw Error(reason: error.message)
            }
        }
        if raw.starts(with: [0x49, 0x49, 0x2A, 0x00]) || raw.starts(with: [0x4D, 0x4D, 0x00, 0x2A]) {
            return .pixels(try tiff(raw))
        }
        throw Error(reason: "the embedded image is neither a TIFF nor a PNG")
    }

    /// Inflates gzip or zlib data, refusing more than ``maxInflatedBytes``.
    static func inflate(_ data: [UInt8]) throws(Error) -> [UInt8] {
        var stream = z_stream()
        guard SparksInflateInit(&stream) == Z_OK else { throw Error(reason: "zlib could not start") }
        defer { inflateEnd(&stream) }
        var output: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        var input = data
        let status: Int32 = input.withUnsafeMutableBufferPointer { inBuffer in
            stream.next_in = inBuffer.baseAddress
            stream.avail_in = UInt32(inBuffer.count)
            var result = Z_OK
            while result == Z_OK {
                result = chunk.withUnsafeMutableBufferPointer { outBuffer in
                    stream.next_out = outBuffer.baseAddress
                    stream.avail_out = UInt32(outBuffer.count)
                    return CSparksZlib.inflate(&stream, Z_NO_FLUSH)
                }
                let produced = chunk.count - Int(stream.avail_out)
                guard output.count + produced <= maxInflatedBytes else { return Z_MEM_ERROR }
                output += chunk[0..<produced]
                if result == Z_BUF_ERROR && stream.avail_in == 0 { break }
            }
            return result
        }
        guard status == Z_STREAM_END else {
            throw Error(
                reason: status == Z_MEM_ERROR
                    ? "the embedded image inflates to more than \(maxInflatedBytes >> 20) MB"
                    : "the embedded image's compressed data is damaged or cut short")
        }
        return output
    }

    /// A baseline TIFF: one image of 8-bit RGB, RGBA, grey or grey with alpha samples,
    /// contiguous, uncompressed, in strips.
    static func tiff(_ bytes: [UInt8]) throws(Error) -> DecodedImage {
        let big = bytes[0] == 0x4D
        func fail(_ reason: String) -> Error { Error(reason: "the embedded TIFF image: \(reason)") }
        func read(_ offset: Int, _ size: Int) throws(Error) -> Int {
            guard offset >= 0, size > 0, offset + size <= bytes.count else { throw fail("a field past its end") }
            var value = 0
            for k in 0..<size { value |= Int(bytes[offset + k]) << (8 * (big ? size - 1 - k : k)) }
            return value
        }
        let directory = try read(4, 4)
        let count = try read(directory, 2)
        guard count > 0, count < 1000 else { throw fail("no image directory") }
        var tags: [Int: [Int]] = [:]
        // Only the fields a baseline image needs are read, each once: a stranger's directory
        // could list a thousand fields of a million values each.
        let needed: Set<Int> = [256, 257, 258, 259, 273, 277, 279, 284, 338]
        for entry in 0..<count {
            let at = directory + 2 + entry * 12
            let tag = try read(at, 2), type = try read(at + 2, 2), n = try read(at + 4, 4)
            guard needed.contains(tag), tags[tag] == nil else { continue }
            let size = [1: 1, 3: 2, 4: 4][type] ?? 0
            guard size > 0, n > 0, n < 1 << 20 else { continue }
            let start = n * size <= 4 ? at + 8 : try read(at + 8, 4)
            var values: [Int] = []
            for k in 0..<n { values.append(try read(start + k * size, size)) }
            tags[tag] = values
        }
        guard let width = tags[256]?.first, let height = tags[257]?.first, (1...4096).contains(width), (1...4096).contains(height) else {
            throw fail("its size is missing or over 4096 × 4096 pixels")
        }
        let samples = tags[277]?.first ?? 1
        guard (tags[259]?.first ?? 1) == 1 else { throw fail("it is compressed (only uncompressed TIFF is read)") }
        guard (tags[258] ?? [8]).allSatisfy({ $0 == 8 }), (tags[284]?.first ?? 1) == 1, (1...4).contains(samples) else {
            throw fail("only 8-bit, contiguous samples are read")
        }
        guard let offsets = tags[273], let counts = tags[279], offsets.count == counts.count else { throw fail("no strips") }
        var data: [UInt8] = []
        let wanted = width * height * samples
        data.reserveCapacity(wanted)
        for (offset, length) in zip(offsets, counts) where data.count < wanted {
            guard offset >= 0, length >= 0, offset + length <= bytes.count else { throw fail("a strip past its end") }
            data += bytes[offset..<offset + min(length, wanted - data.count)]
        }
        guard data.count >= width * height * samples else { throw fail("fewer pixels than its size") }
        // Alpha: associated (premultiplied, extra sample 1) is made straight; unassociated (2)
        // and unspecified are straight already.
        let associated = tags[338]?.first == 1
        var rgba = [UInt8](repeating: 255, count: width * height * 4)
        for p in 0..<(width * height) {
            let s = p * samples
            let (r, g, b): (UInt8, UInt8, UInt8) = samples >= 3 ? (data[s], data[s + 1], data[s + 2]) : (data[s], data[s], data[s])
            let a: UInt8 = samples == 4 ? data[s + 3] : samples == 2 ? data[s + 1] : 255
            func straight(_ c: UInt8) -> UInt8 { associated && a > 0 ? UInt8(min(255, (Int(c) * 255 + Int(a) / 2) / Int(a))) : c }
            rgba[4 * p] = straight(r)
            rgba[4 * p + 1] = straight(g)
            rgba[4 * p + 2] = straight(b)
            rgba[4 * p + 3] = a
        }
        guard let image = DecodedImage(width: width, height: height, rgba: rgba) else { throw fail("its pixels do not make an image") }
        return image
    }
}
