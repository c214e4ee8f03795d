import Foundation
import SparksCore
import SparksRaster
import Testing

/// A soft white dot, alpha falling off from the centre: the shape of most particle images.
private let softDot = image(16, 16) { x, y in
    let dx = (Float(x) + 0.5) / 8 - 1, dy = (Float(y) + 0.5) / 8 - 1
    let a = max(0, 1 - (dx * dx + dy * dy).squareRoot())
    return (255, 255, 255, UInt8(a * 255))
}

/// A reproducible crowd of turned, tinted, scaled quads over a 256 × 256 canvas.
private func crowd(_ count: Int) -> [DrawQuad] {
    var state: UInt32 = 12345
    func random() -> Float {
        state ^= state << 13
        state ^= state >> 17
        state ^= state << 5
        return Float(state >> 8) / 16_777_216
    }
    return (0..<count).map { _ in
        let size = 4 + 28 * random(), angle = 6.283 * random()
        let c = cos(angle) * size, s = sin(angle) * size
        return DrawQuad(
            originX: 256 * random() - 16, originY: 256 * random() - 16, uAxisX: c, uAxisY: s, vAxisX: -s, vAxisY: c,
            red: random(), green: random(), blue: random(), alpha: 0.2 + 0.8 * random())
    }
}

@Suite("The CPU rasterizer: coverage, blending, threads")
struct RasterizerTests {
    @Test("The draw list's quads and their rows are laid out as the kernels read them (they are handed over without a copy)")
    func quadLayoutsMatchTheKernels() {
        #expect(RasterKernels.quadLayoutsMatch)
    }

    @Test("The same picture for 1, 2 and 4 threads, and run to run, byte for byte", arguments: [BlendMode.additive, .normal])
    func threads(_ blendMode: BlendMode) {
        let quads = crowd(4000)
        let one = draw(quads, texture: softDot, blendMode: blendMode, size: 256, threads: 1).words
        #expect(Set(one).count > 1000)
        for threads in [1, 2, 4] {
            #expect(draw(quads, texture: softDot, blendMode: blendMode, size: 256, threads: threads).words == one, "\(threads) threads")
        }
    }

    @Test("A pixel is covered when its centre is inside the quad")
    func coverage() {
        // 10.5 … 20.5 covers the centres 10.5 … 19.5 only: columns 10 to 19.
        let renderer = draw([square(x: 10.5, y: 10, width: 10, height: 4)], texture: nil)
        #expect((0..<64).filter { renderer.channels($0, 11).r > 0 } == Array(10..<20))
        #expect(renderer.statistics.coveredPixels == 40)
    }

    @Test("Source-over in premultiplied colour: half-transparent white over transparent stays white at half alpha")
    func sourceOver() {
        let renderer = draw([square(x: 0, y: 0, width: 8, height: 8, alpha: 0.5)], texture: nil, background: .clear)
        let p = renderer.channels(2, 2)
        #expect(p.a == 128 && p.r == 128)
        #expect(PixelBuffer.straight(renderer.buffer[2, 2]) == (255, 255, 255, 128))
        // Over opaque black: half grey, opaque.
        let overBlack = draw([square(x: 0, y: 0, width: 8, height: 8, alpha: 0.5)], texture: nil)
        #expect(overBlack.channels(2, 2) == (255, 128, 128, 128))
    }

    @Test("Additive adds premultiplied colour and saturates at 255")
    func additive() {
        let quad = DrawQuad(originX: 0, originY: 0, uAxisX: 8, uAxisY: 0, vAxisX: 0, vAxisY: 8, red: 0.4, green: 0.2, blue: 0.1, alpha: 1)
        // 0.4, 0.2 and 0.1 of 255, rounded; twice as much; then the ceiling.
        #expect(draw([quad], texture: nil, blendMode: .additive).channels(2, 2) == (255, 102, 51, 26))
        #expect(draw([quad, quad], texture: nil, blendMode: .additive).channels(2, 2) == (255, 204, 102, 52))
        #expect(draw([quad, quad, quad], texture: nil, blendMode: .additive).channels(2, 2).r == 255)
    }

    @Test("Additive drawing over white leaves it white and samples the rest of the span where it would")
    func additiveOverWhite() {
        // A ramp magnified 8 times (every pixel a different bilinear value) drawn across rows that
        // are white on their left: pixels past the white are those of the ramp over black.
        let ramp = image(8, 1) { x, _ in (UInt8(x * 30), UInt8(x * 20), UInt8(x * 10), 255) }
        let texture = Texture(name: "ramp", pixelWidth: 8, pixelHeight: 1)
        let across = DrawQuad(originX: 0, originY: 0, uAxisX: 64, uAxisY: 0, vAxisX: 0, vAxisY: 8, red: 1, green: 1, blue: 1, alpha: 1)
        func picture(whiteUpTo columns: Float) -> CPURenderer {
            let renderer = CPURenderer(width: 64, height: 8, decoder: MemoryImageDecoder(["ramp": ramp]))!
            var list = DrawList()
            list.reset(width: 64, height: 8, background: .black)
            if columns > 0 { list.append(quads: [square(x: 0, y: 0, width: columns, height: 8)], texture: nil, blendMode: .additive) }
            list.append(quads: [across], texture: texture, blendMode: .additive)
            renderer.draw(list)
            return renderer
        }
        let plain = picture(whiteUpTo: 0), overWhite = picture(whiteUpTo: 20)
        #expect(Set((0..<64).map { plain.buffer[$0, 3] }).count > 40)
        for x in 0..<64 {
            let expected = x < 20 ? UInt32.max : plain.buffer[x, 3]
            #expect(overWhite.buffer[x, 3] == expected, "column \(x)")
        }
    }

    @Test("Triangles in perspective interpolate texture coordinates in the plane, not on screen")
    func perspective() {
        // A quad whose right edge is three times as far (w = 3) as its left (w = 1). In the plane
        // the edges are at X = 4·1 and 60·3; the middle of the image (u = ½, where a
        // black-to-white step is) is at X = 92 with w = 2, so on screen at x = 46, not half-way
        // at 32 (the far half is foreshortened).
        let halves = image(2, 1) { x, _ in x == 0 ? (0, 0, 0, 255) : (255, 255, 255, 255) }
        let decoder = MemoryImageDecoder(["halves": halves])
        let renderer = CPURenderer(width: 64, height: 64, decoder: decoder)!
        var list = DrawList()
        list.reset(width: 64, height: 64, background: .black)
        let corners = [
            DrawVertex(x: 4, y: 10, w: 1, u: 0, v: 0, red: 1, green: 1, blue: 1, alpha: 1),
            DrawVertex(x: 60, y: 10, w: 3, u: 1, v: 0, red: 1, green: 1, blue: 1, alpha: 1),
            DrawVertex(x: 60, y: 30, w: 3, u: 1, v: 1, red: 1, green: 1, blue: 1, alpha: 1),
            DrawVertex(x: 4, y: 30, w: 1, u: 0, v: 1, red: 1, green: 1, blue: 1, alpha: 1),
        ]
        list.append(
            vertices: corners, indices: [0, 1, 2, 0, 2, 3], texture: Texture(name: "halves", pixelWidth: 2, pixelHeight: 1),
            sampling: TextureSampling(magnification: .nearest), blendMode: .normal)
        renderer.draw(list)
        let firstWhite = (4..<60).first { renderer.channels($0, 20).r > 128 }
        #expect(firstWhite.map { abs($0 - 46) <= 1 } == true, "the step is at x = \(firstWhite ?? -1)")
    }

    @Test("Triangles sharing an edge cover each pixel once: no seam in a half-transparent quad")
    func sharedEdges() {
        var list = DrawList()
        list.reset(width: 32, height: 32, background: .black)
        let corners = [(2, 3), (29, 5), (27, 28), (4, 26)].map {
            DrawVertex(x: Float($0.0), y: Float($0.1), red: 1, green: 1, blue: 1, alpha: 0.5)
        }
        list.append(vertices: corners, indices: [0, 1, 2, 0, 2, 3], texture: nil, blendMode: .normal)
        let renderer = CPURenderer(width: 32, height: 32, decoder: MemoryImageDecoder())!
        renderer.draw(list)
        let values = Set((0..<32).flatMap { y in (0..<32).map { renderer.channels($0, y).r } })
        #expect(values == [0, 128])
    }
}
