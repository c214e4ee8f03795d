import SparksCore
import SparksRaster
import Testing

/// An opaque checkerboard of single black and white texels: every mip level above 0 is
/// mid-grey, so what a minified draw shows says which level it sampled.
private let checkerboard = image(64, 64) { x, y in (x + y) % 2 == 0 ? (255, 255, 255, 255) : (0, 0, 0, 255) }

/// Four opaque texels in a row: black, black, white, white.
private let step = image(4, 1) { x, _ in x < 2 ? (0, 0, 0, 255) : (255, 255, 255, 255) }

@Suite("Texture filtering as Core Animation's minificationFilter and magnificationFilter")
struct FilterTests {
    /// Red along row 20 of a 4-texel step drawn 8× larger (32 pixels wide from x = 16).
    private func magnifiedRow(_ filter: ContentsFilter) -> [Int] {
        let renderer = draw(
            [square(x: 16, y: 16, width: 32, height: 8)], texture: step, sampling: TextureSampling(magnification: filter))
        return (16..<48).map { renderer.channels($0, 20).r }
    }

    @Test("Magnified 8×, linear (the default) is a smooth ramp: the step spreads over 8 pixels")
    func linearMagnification() {
        let row = magnifiedRow(.linear)
        let steps = zip(row, row.dropFirst()).map { abs($1 - $0) }
        // 255 spread over the 8 pixels between the two texel centres: about 32 a pixel.
        #expect(steps.max()! <= 40, "\(row)")
        #expect(Set(row).count >= 8, "\(row)")
        // Clamp to edge: the outer texels hold their values to the quad's edges.
        #expect(row.first == 0 && row.last == 255)
    }

    @Test("Magnified 8× with magnificationFilter nearest shows blocks: one jump from black to white")
    func nearestMagnification() {
        let row = magnifiedRow(.nearest)
        #expect(Set(row) == [0, 255], "\(row)")
        #expect(row.firstIndex(of: 255) == 16, "\(row)")  // texel 2 starts half-way
    }

    @Test(
        "Minified to 1/8, each pixel is the colour of the mip level one pixel spans (no shimmer)",
        arguments: [ContentsFilter.linear, .nearest])
    func minified(_ filter: ContentsFilter) {
        // 64 texels into 8 pixels: level 3 (8 × 8), whose texels average 8 × 8 checker texels.
        let renderer = draw(
            [square(x: 8, y: 8, width: 8, height: 8)], texture: checkerboard, sampling: TextureSampling(minification: filter))
        let level3 = MipPyramid(checkerboard).levels[3]
        #expect(level3.width == 8)
        for y in 8..<16 {
            for x in 8..<16 {
                let expected = Int((level3.texels[(y - 8) * 8 + (x - 8)] >> 16) & 0xFF)
                #expect(
                    abs(renderer.channels(x, y).r - expected) <= 2, "(\(x), \(y)): \(renderer.channels(x, y).r) vs level 3's \(expected)")
                #expect(abs(expected - 128) <= 1)
            }
        }
    }

    /// Red of every pixel of the checkerboard drawn 1.3× smaller (64 texels into 49 pixels).
    private func between(_ sampling: TextureSampling) -> [Int] {
        let renderer = draw([square(x: 4, y: 4, width: 49, height: 49)], texture: checkerboard, sampling: sampling)
        return (4..<53).flatMap { y in (4..<53).map { renderer.channels($0, y).r } }
    }

    @Test("Between two levels, trilinear blends them where linear takes the nearer one")
    func trilinear() {
        // 1.3 texels per pixel: log2 = 0.38, so linear samples level 0 (the checker) and
        // trilinear mixes 38 % of level 1 (grey) into it.
        let linear = between(TextureSampling(minification: .linear))
        let trilinear = between(TextureSampling(minification: .trilinear))
        #expect(linear != trilinear)
        func spread(_ values: [Int]) -> Double { Double(values.map { abs($0 - 128) }.reduce(0, +)) / Double(values.count) }
        #expect(spread(trilinear) < 0.75 * spread(linear), "trilinear \(spread(trilinear)), linear \(spread(linear))")
    }

    @Test("minificationFilterBias moves the level: +1 at 1.3 texels per pixel samples level 1, all grey")
    func bias() {
        let biased = between(TextureSampling(minification: .linear, minificationBias: 1))
        #expect(biased.allSatisfy { abs($0 - 128) <= 2 }, "\(biased.prefix(20))")
        #expect(between(TextureSampling(minification: .linear)).contains { abs($0 - 128) > 20 })
    }

    @Test("The mip pyramid halves each level down to one texel, averaging by area, premultiplied")
    func pyramid() {
        let odd = image(5, 3) { x, _ in x == 0 ? (255, 0, 0, 255) : (0, 0, 0, 0) }
        let levels = MipPyramid(odd).levels
        #expect(levels.map { [$0.width, $0.height] } == [[5, 3], [2, 1], [1, 1]])
        // Level 1's left texel covers 2.5 columns of 5 × 3 rows: 1/2.5 of it is the red column.
        let left = levels[1].texels[0]
        #expect(left >> 24 == 102 && (left >> 16) & 0xFF == 102 && left & 0xFFFF == 0)
        #expect(MipPyramid(odd).isAlphaMask == false)
        #expect(MipPyramid(image(2, 2) { _, _ in (255, 255, 255, 77) }).isAlphaMask)
    }
}
