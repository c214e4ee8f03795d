import SparksCore
import SparksRaster
import Testing

/// The shadow caster's blur runs its vertical passes down all columns at once; a slow reference
/// (each column on its own, a row apart, as the blur is defined) gives the same pixels, bit for
/// bit, over random images, sizes, radii, offsets and colours that over-weight the edges (one
/// row or column, radii larger than the image, an image with no alpha).
struct ShadowCasterTests {
    /// The blur and composite as first written: every box pass one line at a time.
    static func reference(_ shadow: DrawShadow, _ pixels: inout [UInt32], width: Int, height: Int) {
        var a = pixels.map { Float($0 >> 24) / 255 }
        func box(_ start: Int, count: Int, step: Int, before: Int, after: Int) {
            let scratch = (0..<count).map { a[start + $0 * step] }
            let scale = 1 / Float(before + after + 1)
            var sum: Float = 0
            for i in 0..<min(after, count) { sum += scratch[i] }
            for i in 0..<count {
                if i + after < count { sum += scratch[i + after] }
                if i - before - 1 >= 0 { sum -= scratch[i - before - 1] }
                a[start + i * step] = max(sum, 0) * scale
            }
        }
        let d = shadow.sigma > 0 ? Int(min(shadow.sigma, 4096) * 3 * (2 * Float.pi).squareRoot() / 4 + 0.5) : 0
        if d > 1 {
            let windows =
                d % 2 == 1
                ? Array(repeating: ((d - 1) / 2, (d - 1) / 2), count: 3) : [(d / 2, d / 2 - 1), (d / 2 - 1, d / 2), (d / 2, d / 2)]
            for (before, after) in windows {
                for y in 0..<height { box(y * width, count: width, step: 1, before: before, after: after) }
                for x in 0..<width { box(x, count: height, step: width, before: before, after: after) }
            }
        }
        let alpha = min(max(shadow.alpha, 0), 1) * 255
        let red = min(max(shadow.red, 0), 1) * alpha, green = min(max(shadow.green, 0), 1) * alpha,
            blue = min(max(shadow.blue, 0), 1) * alpha
        let ix = Int(shadow.offsetX.rounded(.down)), iy = Int(shadow.offsetY.rounded(.down))
        let fx = shadow.offsetX - Float(ix), fy = shadow.offsetY - Float(iy)
        func sample(_ x: Int, _ y: Int) -> Float { x >= 0 && x < width && y >= 0 && y < height ? a[y * width + x] : 0 }
        func byte(_ v: Float) -> UInt32 { UInt32(min(max(v, 0), 255) + 0.5) }
        for y in 0..<height {
            for x in 0..<width {
                let sx = x - ix, sy = y - iy
                let top = sample(sx - 1, sy - 1) * fx + sample(sx, sy - 1) * (1 - fx)
                let bottom = sample(sx - 1, sy) * fx + sample(sx, sy) * (1 - fx)
                var s = top * fy + bottom * (1 - fy)
                let image = pixels[y * width + x]
                var base = (r: Float(0), g: Float(0), b: Float(0), a: Float(0))
                if shadow.showsImage {
                    base = (Float((image >> 16) & 0xFF), Float((image >> 8) & 0xFF), Float(image & 0xFF), Float(image >> 24))
                    s *= 1 - base.a / 255
                }
                pixels[y * width + x] =
                    byte(base.a + s * alpha) << 24 | byte(base.r + s * red) << 16 | byte(base.g + s * green) << 8 | byte(base.b + s * blue)
            }
        }
    }

    @Test func theBlurIsTheReferencesBitForBit() {
        var random = SeededRandom(seed: 44)
        func pick(_ n: Int) -> Int { Int(random.nextUInt32() % UInt32(n)) }
        let caster = ShadowCaster()
        for round in 0..<300 {
            // Sizes: one pixel wide or tall a fifth of the time, up to 70.
            let width = pick(5) == 0 ? 1 : 1 + pick(70), height = pick(5) == 0 ? 1 : 1 + pick(70)
            let sparse = pick(4)
            var pixels = (0..<(width * height)).map { _ -> UInt32 in
                guard sparse != 0, pick(sparse + 1) != 0 else { return 0 }
                let a = UInt32(pick(256)), c = UInt32(pick(Int(a) + 1))
                return a << 24 | c << 16 | UInt32(pick(Int(a) + 1)) << 8 | UInt32(pick(Int(a) + 1))
            }
            let sigmas: [Float] = [0, 0.3, 1, 2.5, 6, 40]
            let shadow = DrawShadow(
                red: random.nextUnit(), green: random.nextUnit(), blue: random.nextUnit(), alpha: random.nextUnit() * 1.2,
                offsetX: Float(pick(9) - 4) + (pick(2) == 0 ? 0 : random.nextUnit()),
                offsetY: Float(pick(9) - 4) + (pick(2) == 0 ? 0 : random.nextUnit()),
                sigma: pick(3) == 0 ? sigmas[pick(sigmas.count)] : random.nextUnit() * 12, showsImage: pick(2) == 0)
            var expected = pixels
            Self.reference(shadow, &expected, width: width, height: height)
            pixels.withUnsafeMutableBufferPointer {
                caster.cast(shadow, pixels: $0.baseAddress!, rowStride: width, x0: 0, x1: width, y0: 0, y1: height)
            }
            #expect(pixels == expected, "round \(round): \(width)×\(height), \(shadow)")
            if pixels != expected { break }
        }
    }
}
