import SparksCore

/// Gives a group's image its shadow, in place: the image's alpha is blurred by a Gaussian
/// (three box blurs of the width the SVG and CSS filter specifications give for a standard
/// deviation, which stays within a few percent of the true curve at any size and costs the same
/// for any radius), moved by the shadow's offset (sampled between pixels, so fractional offsets
/// move it smoothly), painted in the shadow's colour and put beneath the image.
///
/// The CPU rasterizer and the GPU backend (on the pixels it reads back) both call it, so a
/// shadow is the same wherever it is drawn. Pixels are premultiplied ARGB words; outside the
/// rectangle the image counts as transparent. Storage is kept from call to call.
public final class ShadowCaster {
    private var alpha: [Float] = []
    private var line: [Float] = []
    /// A vertical pass's output, and its running sums, one per column.
    private var passed: [Float] = []
    private var columnSums: [Float] = []

    /// Creates a caster.
    public init() {}

    /// Casts `shadow` for the image whose rows start at `pixels` (`rowStride` words apart),
    /// within columns `x0..<x1` and rows `y0..<y1` (all of which must lie in the image).
    public func cast(_ shadow: DrawShadow, pixels: UnsafeMutablePointer<UInt32>, rowStride: Int, x0: Int, x1: Int, y0: Int, y1: Int) {
        let width = x1 - x0, height = y1 - y0
        guard width > 0, height > 0 else { return }
        // Grown geometrically, so a shadow that grows frame by frame does not reallocate each time.
        if alpha.count < width * height { alpha = [Float](repeating: 0, count: max(width * height, alpha.count * 2)) }
        if line.count < width { line = [Float](repeating: 0, count: max(width, line.count * 2)) }
        if passed.count < width * height { passed = [Float](repeating: 0, count: max(width * height, passed.count * 2)) }
        if columnSums.count < width { columnSums = [Float](repeating: 0, count: max(width, columnSums.count * 2)) }
        alpha.withUnsafeMutableBufferPointer { a in
            line.withUnsafeMutableBufferPointer { scratch in
                passed.withUnsafeMutableBufferPointer { passed in
                    columnSums.withUnsafeMutableBufferPointer { sums in
                        for y in 0..<height {
                            let row = pixels + (y0 + y) * rowStride + x0
                            for x in 0..<width { a[y * width + x] = Float(row[x] >> 24) / 255 }
                        }
                        if let windows = Self.boxes(sigma: shadow.sigma) {
                            for k in windows.indices {
                                let (before, after) = windows[k]
                                for y in 0..<height {
                                    Self.boxRow(
                                        a.baseAddress! + y * width, count: width, before: before, after: after,
                                        scratch: scratch.baseAddress!)
                                }
                                Self.boxColumns(
                                    a.baseAddress!, width: width, height: height, before: before, after: after, into: passed.baseAddress!,
                                    sums: sums.baseAddress!)
                                a.baseAddress!.update(from: passed.baseAddress!, count: width * height)
                            }
                        }
                        composite(shadow, blurred: a, width: width, height: height, pixels: pixels, rowStride: rowStride, x0: x0, y0: y0)
                    }
                }
            }
        }
    }

    /// ``boxRow(_:count:before:after:scratch:)`` down every column at once, row by row (the
    /// memory in order, not a column's values a row apart): the same sums, added and taken away
    /// in the same order for each column, so the same values, into `out`.
    private static func boxColumns(
        _ values: UnsafePointer<Float>, width: Int, height: Int, before: Int, after: Int, into out: UnsafeMutablePointer<Float>,
        sums: UnsafeMutablePointer<Float>
    ) {
        let scale = 1 / Float(before + after + 1)
        sums.update(repeating: 0, count: width)
        for i in 0..<min(after, height) {
            let row = values + i * width
            for x in 0..<width { sums[x] += row[x] }
        }
        for i in 0..<height {
            if i + after < height {
                let row = values + (i + after) * width
                for x in 0..<width { sums[x] += row[x] }
            }
            if i - before - 1 >= 0 {
                let row = values + (i - before - 1) * width
                for x in 0..<width { sums[x] -= row[x] }
            }
            let target = out + i * width
            for x in 0..<width { target[x] = max(sums[x], 0) * scale }
        }
    }

    /// The box blurs whose succession approximates a Gaussian of standard deviation `sigma`:
    /// (pixels before, pixels after) each pixel in its window. Filter Effects Module §
    /// feGaussianBlur: d = ⌊σ · 3√(2π)/4 + 0.5⌋; three boxes of d for odd d, else two of d
    /// offset half a pixel either way and one of d + 1.
    static func boxes(sigma: Float) -> InlineArray<3, (Int, Int)>? {
        guard sigma.isFinite, sigma > 0 else { return nil }
        let d = Int(min(sigma, 4096) * 3 * (2 * Float.pi).squareRoot() / 4 + 0.5)
        guard d > 1 else { return nil }
        if d % 2 == 1 { return InlineArray(repeating: ((d - 1) / 2, (d - 1) / 2)) }
        return [(d / 2, d / 2 - 1), (d / 2 - 1, d / 2), (d / 2, d / 2)]
    }

    /// Replaces a row's `count` values with the mean of the window from `before` values before to
    /// `after` after each (values outside count as 0).
    private static func boxRow(
        _ values: UnsafeMutablePointer<Float>, count: Int, before: Int, after: Int, scratch: UnsafeMutablePointer<Float>
    ) {
        guard count > 0 else { return }
        scratch.update(from: values, count: count)
        let scale = 1 / Float(before + after + 1)
        var sum: Float = 0
        for i in 0..<min(after, count) { sum += scratch[i] }
        for i in 0..<count {
            if i + after < count { sum += scratch[i + after] }
            if i - before - 1 >= 0 { sum -= scratch[i - before - 1] }
            values[i] = max(sum, 0) * scale
        }
    }

    /// Puts the blurred alpha, moved and coloured, beneath the image (or in its place).
    private func composite(
        _ shadow: DrawShadow, blurred a: UnsafeMutableBufferPointer<Float>, width: Int, height: Int,
        pixels: UnsafeMutablePointer<UInt32>, rowStride: Int, x0: Int, y0: Int
    ) {
        // Premultiplied shadow colour in 0…255 per unit of blurred alpha.
        let alpha = min(max(shadow.alpha, 0), 1) * 255
        let red = min(max(shadow.red, 0), 1) * alpha, green = min(max(shadow.green, 0), 1) * alpha,
            blue = min(max(shadow.blue, 0), 1) * alpha
        let ox = shadow.offsetX.isFinite ? shadow.offsetX : 0, oy = shadow.offsetY.isFinite ? shadow.offsetY : 0
        let ix = Int(ox.rounded(.down)), iy = Int(oy.rounded(.down))
        let fx = ox - Float(ix), fy = oy - Float(iy)
        @inline(__always) func sample(_ x: Int, _ y: Int) -> Float {
            x >= 0 && x < width && y >= 0 && y < height ? a[y * width + x] : 0
        }
        @inline(__always) func byte(_ v: Float) -> UInt32 { UInt32(min(max(v, 0), 255) + 0.5) }
        for y in 0..<height {
            let row = pixels + (y0 + y) * rowStride + x0
            // The shadow at (x, y) is the blurred alpha at (x − offset, y − offset), between pixels.
            let sy = y - iy
            for x in 0..<width {
                let sx = x - ix
                let top = sample(sx - 1, sy - 1) * fx + sample(sx, sy - 1) * (1 - fx)
                let bottom = sample(sx - 1, sy) * fx + sample(sx, sy) * (1 - fx)
                var s = top * fy + bottom * (1 - fy)
                let image = row[x]
                var base = (r: Float(0), g: Float(0), b: Float(0), a: Float(0))
                if shadow.showsImage {
                    // The image over its shadow: the shadow shows through what the image leaves.
                    base = (Float((image >> 16) & 0xFF), Float((image >> 8) & 0xFF), Float(image & 0xFF), Float(image >> 24))
                    s *= 1 - base.a / 255
                }
                row[x] =
                    byte(base.a + s * alpha) << 24 | byte(base.r + s * red) << 16 | byte(base.g + s * green) << 8 | byte(base.b + s * blue)
            }
        }
    }
}
