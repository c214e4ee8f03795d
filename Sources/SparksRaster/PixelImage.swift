import SparksCore

/// An RGBA8 image in memory (straight alpha), as drawn by the CPU rasterizer or read from an
/// image file (SparksSDL reads and writes PNG files).
public struct PixelImage: Sendable, Equatable {
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// Pixels row by row, 4 bytes each: red, green, blue, alpha.
    public let rgba: [UInt8]

    /// Creates an image from RGBA bytes.
    public init(width: Int, height: Int, rgba: [UInt8]) {
        precondition(rgba.count == width * height * 4)
        self.width = width
        self.height = height
        self.rgba = rgba
    }

    /// The pixels of a buffer, with straight alpha.
    public init(_ buffer: PixelBuffer) {
        self.init(width: buffer.width, height: buffer.height, rgba: buffer.straightRGBA())
    }

    /// The pixel at (x, y) as (r, g, b, a).
    public subscript(x: Int, y: Int) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        let i = (y * width + x) * 4
        return (rgba[i], rgba[i + 1], rgba[i + 2], rgba[i + 3])
    }

    /// Luminance of the pixel at (x, y), 0…255 (Rec. 601 weights).
    public func brightness(x: Int, y: Int) -> Double {
        let p = self[x, y]
        return 0.299 * Double(p.r) + 0.587 * Double(p.g) + 0.114 * Double(p.b)
    }

    /// Mean luminance over a rectangle of pixels (clipped to the image).
    public func meanBrightness(x: Int, y: Int, width w: Int, height h: Int) -> Double {
        let x0 = max(0, x), y0 = max(0, y), x1 = min(width, x + w), y1 = min(height, y + h)
        guard x1 > x0, y1 > y0 else { return 0 }
        var sum = 0.0
        for yy in y0..<y1 { for xx in x0..<x1 { sum += brightness(x: xx, y: yy) } }
        return sum / Double((x1 - x0) * (y1 - y0))
    }
}

extension PixelImage {
    /// The pixels of the rectangle at (`x`, `y`) of `width` × `height`, which must lie inside
    /// the image.
    public func cropped(x: Int, y: Int, width w: Int, height h: Int) -> PixelImage {
        precondition(x >= 0 && y >= 0 && w >= 1 && h >= 1 && x + w <= width && y + h <= height, "the crop lies inside the image")
        var out = [UInt8]()
        out.reserveCapacity(w * h * 4)
        for row in y..<(y + h) {
            let start = (row * width + x) * 4
            out += rgba[start..<start + w * 4]
        }
        return PixelImage(width: w, height: h, rgba: out)
    }
}
