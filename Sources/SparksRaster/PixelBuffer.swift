import SparksCore

/// An image in memory as the CPU rasterizer draws it: 32-bit pixels `0xAARRGGBB` with
/// premultiplied colour (each colour channel at most alpha), row by row from the top.
///
/// Rows are `rowStride` pixels apart (the width rounded up, plus room for one 8-pixel vector),
/// so the rasterizer can read and write whole vectors at the end of a row; the padding is never
/// part of the image. The pixel words are SDL's `ARGB8888` on little-endian machines.
public final class PixelBuffer {
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// Pixels from one row to the next.
    public let rowStride: Int
    /// The pixels; `rowStride × height` words.
    let pixels: UnsafeMutablePointer<UInt32>

    /// The largest side accepted, in pixels.
    public static let maxSide = DrawList.maxSide

    /// Creates a buffer of transparent black pixels; nil when a side is outside 1…`maxSide`.
    public init?(width: Int, height: Int) {
        guard (1...Self.maxSide).contains(width), (1...Self.maxSide).contains(height) else { return nil }
        self.width = width
        self.height = height
        rowStride = (width + 7) / 8 * 8 + 8
        let raw = UnsafeMutableRawPointer.allocate(byteCount: rowStride * height * 4, alignment: 64)
        pixels = raw.bindMemory(to: UInt32.self, capacity: rowStride * height)
        pixels.initialize(repeating: 0, count: rowStride * height)
    }

    deinit {
        pixels.deallocate()
    }

    /// The premultiplied pixel at (`x`, `y`), `0xAARRGGBB`.
    public subscript(x: Int, y: Int) -> UInt32 {
        precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel (\(x), \(y)) is outside the \(width)×\(height) buffer")
        return pixels[y * rowStride + x]
    }

    /// Calls `body` with each row's premultiplied pixels, top to bottom.
    public func forEachRow(_ body: (_ y: Int, _ row: UnsafeBufferPointer<UInt32>) throws -> Void) rethrows {
        for y in 0..<height { try body(y, UnsafeBufferPointer(start: pixels + y * rowStride, count: width)) }
    }

    /// Calls `body` with the first pixel's bytes and the bytes from one row to the next
    /// (`0xAARRGGBB` words, premultiplied), to hand the picture to a presenter.
    public func withPixelBytes<R>(_ body: (UnsafeRawPointer, Int) throws -> R) rethrows -> R {
        try body(UnsafeRawPointer(pixels), rowStride * 4)
    }

    /// Copies `width` × `height` pixels in from memory holding premultiplied `0xAARRGGBB`
    /// words (SDL's `ARGB8888`; opaque pixels are plain ARGB), rows `bytesPerRow` apart.
    public func copyPixels(from source: UnsafeRawPointer, bytesPerRow: Int) {
        for y in 0..<height {
            UnsafeMutableRawPointer(pixels + y * rowStride).copyMemory(from: source + y * bytesPerRow, byteCount: width * 4)
        }
    }

    /// Copies the pixels out to memory of `width` × `height` premultiplied `0xAARRGGBB` words,
    /// rows `bytesPerRow` apart.
    public func copyPixels(to destination: UnsafeMutableRawPointer, bytesPerRow: Int) {
        for y in 0..<height {
            (destination + y * bytesPerRow).copyMemory(from: pixels + y * rowStride, byteCount: width * 4)
        }
    }

    /// Sets every pixel to `color` (straight alpha, 0…1).
    public func fill(_ color: Color) {
        fill(rows: 0..<height, with: Self.premultiplied(color))
    }

    func fill(rows: Range<Int>, with value: UInt32) {
        for y in rows { (pixels + y * rowStride).update(repeating: value, count: rowStride) }
    }

    /// The pixels as RGBA bytes with straight alpha (what an image file holds): colour divided
    /// by alpha, rounded; transparent pixels are 0, 0, 0, 0.
    public func straightRGBA() -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: width * height * 4)
        bytes.withUnsafeMutableBytes { writeStraightRGBA(into: $0) }
        return bytes
    }

    /// Writes ``straightRGBA()`` into `out`, which must hold `width` × `height` × 4 bytes (a
    /// stream's frame, written where it is sent from).
    public func writeStraightRGBA(into out: UnsafeMutableRawBufferPointer) {
        precondition(out.count >= width * height * 4, "room for \(width) × \(height) RGBA pixels")
        let out = out.bindMemory(to: UInt8.self)
        forEachRow { y, row in
            for x in 0..<width {
                let (r, g, b, a) = Self.straight(row[x])
                let i = (y * width + x) * 4
                out[i] = r
                out[i + 1] = g
                out[i + 2] = b
                out[i + 3] = a
            }
        }
    }

    /// The pixels as RGB bytes over black (what an opaque video frame holds): premultiplied
    /// colour is exactly that.
    public func rgbOverBlack() -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: width * height * 3)
        bytes.withUnsafeMutableBufferPointer { out in
            forEachRow { y, row in
                for x in 0..<width {
                    let p = row[x], i = (y * width + x) * 3
                    out[i] = UInt8(truncatingIfNeeded: p >> 16)
                    out[i + 1] = UInt8(truncatingIfNeeded: p >> 8)
                    out[i + 2] = UInt8(truncatingIfNeeded: p)
                }
            }
        }
        return bytes
    }

    /// A straight-alpha colour as a premultiplied pixel word, rounded.
    public static func premultiplied(_ color: Color) -> UInt32 {
        func unit(_ v: Double) -> Double { v.isFinite ? min(max(v, 0), 1) : 0 }
        let a = unit(color.alpha)
        func byte(_ v: Double) -> UInt32 { UInt32((v * 255).rounded()) }
        return byte(a) << 24 | byte(unit(color.red) * a) << 16 | byte(unit(color.green) * a) << 8 | byte(unit(color.blue) * a)
    }

    /// A premultiplied pixel word as straight-alpha bytes (r, g, b, a).
    public static func straight(_ p: UInt32) -> (UInt8, UInt8, UInt8, UInt8) {
        let a = p >> 24
        guard a > 0 else { return (0, 0, 0, 0) }
        func channel(_ c: UInt32) -> UInt8 { UInt8(min(255, (c * 255 + a / 2) / a)) }
        return (channel((p >> 16) & 0xFF), channel((p >> 8) & 0xFF), channel(p & 0xFF), UInt8(a))
    }
}
