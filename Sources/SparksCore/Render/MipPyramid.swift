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
    public let levels: [Level]
    /// Whether every texel is white at its own alpha (premultiplied r = g = b = a): the image is
    /// an alpha mask that a tint colours, and a renderer may sample alpha alone.
    public let isAlphaMask: Bool

    /// Builds the pyramid of a decoded image.
    public init(_ image: DecodedImage) {
        var texels = [UInt32](repeating: 0, count: image.width * image.height)
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
        var levels = [Level(width: image.width, height: image.height, texels: texels)]
        while let last = levels.last, last.width > 1 || last.height > 1 {
            levels.append(Self.halve(last))
        }
        self.levels = levels
        isAlphaMask = mask
    }

    /// The next level: half the size, each texel the area-weighted mean of those it covers.
    private static func halve(_ level: Level) -> Level {
        let w = max(1, level.width / 2), h = max(1, level.height / 2)
        // Horizontal pass into floats, then vertical; four channels each.
        let across = resample(
            level.texels.map(Self.channels), count: level.width, to: w, lines: level.height, stride: 1,
            inputLineStride: level.width, outputLineStride: w)
        let down = resample(across, count: level.height, to: h, lines: w, stride: w, inputLineStride: 1, outputLineStride: 1)
        let texels = down.map { c -> UInt32 in
            func byte(_ v: Float) -> UInt32 { UInt32(min(max(v, 0), 255).rounded()) }
            let a = byte(c.w)
            // Premultiplied colour never exceeds its alpha.
            return a << 24 | min(byte(c.x), a) << 16 | min(byte(c.y), a) << 8 | min(byte(c.z), a)
        }
        return Level(width: w, height: h, texels: texels)
    }

    private static func channels(_ t: UInt32) -> SIMD4<Float> {
        SIMD4(Float((t >> 16) & 0xFF), Float((t >> 8) & 0xFF), Float(t & 0xFF), Float(t >> 24))
    }

    /// Box-filters `lines` lines of `count` samples down to `newCount`, each output sample the
    /// mean of the input interval [i·count/newCount, (i+1)·count/newCount) weighted by overlap.
    /// Samples of a line are `stride` apart; lines start `inputLineStride` apart in the input and
    /// `outputLineStride` apart in the output.
    private static func resample(
        _ input: [SIMD4<Float>], count: Int, to newCount: Int, lines: Int, stride: Int, inputLineStride: Int, outputLineStride: Int
    ) -> [SIMD4<Float>] {
        if count == newCount { return input }
        var output = [SIMD4<Float>](repeating: .zero, count: newCount * lines)
        let ratio = Double(count) / Double(newCount)
        for i in 0..<newCount {
            let start = Double(i) * ratio, end = Double(i + 1) * ratio
            var first = Int(start)
            var weights: [(Int, Float)] = []
            while Double(first) < end, first < count {
                let overlap = min(end, Double(first + 1)) - max(start, Double(first))
                if overlap > 0 { weights.append((first, Float(overlap / ratio))) }
                first += 1
            }
            for line in 0..<lines {
                var sum = SIMD4<Float>.zero
                for (j, weight) in weights { sum += input[line * inputLineStride + j * stride] * weight }
                output[line * outputLineStride + i * stride] = sum
            }
        }
        return output
    }
}
