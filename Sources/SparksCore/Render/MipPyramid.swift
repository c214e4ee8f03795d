/// A texture's pixels as every backend samples them: premultiplied, with its mip levels.
///
/// Level 0 is the image; each next level halves both sizes (rounding down, at least one texel)
/// and averages, with exact area weights, the texels it covers, until a 1 × 1 level. Built once
/// when a texture loads. Texels are `0xAARRGGBB` words with premultiplied colour, row by row.
public struct MipPyramid: Sendable {
    /// One level of the pyramid.
    public struct Level: Sendable {
        /// Width in texels.
        public let width: Int
        /// Height in texels.
        public let height: Int
        /// Premultiplied `0xAARRGGBB` texels, row by row.
        public let texels: [UInt32]
    }

    /// The levels, largest first.
    public private(set) var levels: [Level]
    /// Whether every texel is white at its own alpha (premultiplied r = g = b = a): the image is
    /// an alpha mask that a tint colours, and a renderer may sample alpha alone.
    public let isAlphaMask: Bool

    /// Builds the pyramid of a decoded image. The image is let go of once its texels are
    /// premultiplied (a caller that passes its last reference frees it then, before the
    /// smaller levels are made).
    public init(_ image: consuming DecodedImage) {
        let (width, height) = (image.width, image.height)
        var texels = [UInt32](repeating: 0, count: width * height)
        var mask = true
        image.rgba.withUnsafeBufferPointer { bytes in
            for i in 0..<texels.count {
                let a = UInt32(bytes[4 * i + 3])
                // Rounded premultiplication: c·a/255.
                let r = (UInt32(bytes[4 * i]) * a + 127) / 255
                let g = (UInt32(bytes[4 * i + 1]) * a + 127) / 255
                let b = (UInt32(bytes[4 * i + 2]) * a + 127) / 255
                if r != a || g != a || b != a { mask = false }
                texels[i] = a << 24 | r << 16 | g << 8 | b
            }
        }
        _ = consume image
        var levels = [Level(width: width, height: height, texels: texels)]
        while let last = levels.last, last.width > 1 || last.height > 1 {
            levels.append(Self.halve(last))
        }
        self.levels = levels
        isAlphaMask = mask
    }

    /// Takes level `index`'s texels out of the pyramid, leaving it empty: a backend copying
    /// the levels into its own memory frees each as it goes.
    public mutating func takeTexels(ofLevel index: Int) -> [UInt32] {
        let texels = levels[index].texels
        levels[index] = Level(width: levels[index].width, height: levels[index].height, texels: [])
        return texels
    }

    /// The next level: half the size, each texel the area-weighted mean of those it covers.
    ///
    /// Rows are resampled across as the rows below need them and kept only while they do
    /// (at most three), so a level costs its own texels and a few rows of floats, not four
    /// floats per texel of the level above: the same sums, in the same order, as resampling
    /// the whole level across and then down.
    private static func halve(_ level: Level) -> Level {
        let w = max(1, level.width / 2), h = max(1, level.height / 2)
        let across = Weights(count: level.width, to: w)
        let down = Weights(count: level.height, to: h)
        var texels = [UInt32](repeating: 0, count: w * h)
        // Input rows resampled across, by row number, for the rows still to come.
        var rows: [(index: Int, values: [SIMD4<Float>])] = []
        func row(_ y: Int) -> [SIMD4<Float>] {
            if let kept = rows.first(where: { $0.index == y }) { return kept.values }
            let start = y * level.width
            let values = across.apply(count: w) { level.texels[start + $0] }
            rows.append((y, values))
            return values
        }
        for i in 0..<h {
            let weights = down.weights[i]
            // Rows above this output row's first are not needed again.
            rows.removeAll { $0.index < (weights.first?.0 ?? 0) }
            let inputs = weights.map { (row($0.0), $0.1) }
            for x in 0..<w {
                var sum = SIMD4<Float>.zero
                for (values, weight) in inputs { sum += values[x] * weight }
                texels[i * w + x] = Self.texel(sum)
            }
        }
        return Level(width: w, height: h, texels: texels)
    }

    /// A premultiplied texel from four channel sums.
    private static func texel(_ c: SIMD4<Float>) -> UInt32 {
        func byte(_ v: Float) -> UInt32 { UInt32(min(max(v, 0), 255).rounded()) }
        let a = byte(c.w)
        // Premultiplied colour never exceeds its alpha.
        return a << 24 | min(byte(c.x), a) << 16 | min(byte(c.y), a) << 8 | min(byte(c.z), a)
    }

    private static func channels(_ t: UInt32) -> SIMD4<Float> {
        SIMD4(Float((t >> 16) & 0xFF), Float((t >> 8) & 0xFF), Float(t & 0xFF), Float(t >> 24))
    }

    /// The box filter from `count` samples down to `newCount`: each output sample the mean of
    /// the input interval [i·count/newCount, (i+1)·count/newCount), weighted by overlap.
    private struct Weights {
        /// For each output sample, its input samples and their weights, in input order (equal
        /// sizes give each sample itself at weight 1: the values pass through exactly).
        let weights: [[(Int, Float)]]

        init(count: Int, to newCount: Int) {
            let ratio = Double(count) / Double(newCount)
            weights = (0..<newCount).map { i in
                let start = Double(i) * ratio, end = Double(i + 1) * ratio
                var first = Int(start)
                var weights: [(Int, Float)] = []
                while Double(first) < end, first < count {
                    let overlap = min(end, Double(first + 1)) - max(start, Double(first))
                    if overlap > 0 { weights.append((first, Float(overlap / ratio))) }
                    first += 1
                }
                return weights
            }
        }

        /// One line resampled: input sample j is `texel(j)`.
        func apply(count newCount: Int, texel: (Int) -> UInt32) -> [SIMD4<Float>] {
            (0..<newCount).map { i in
                var sum = SIMD4<Float>.zero
                for (j, weight) in weights[i] { sum += MipPyramid.channels(texel(j)) * weight }
                return sum
            }
        }
    }
}
