import SparksCore
import SparksRaster

/// A `width` × `height` image whose texel (x, y) is `pixel(x, y)` as straight (r, g, b, a).
func image(_ width: Int, _ height: Int, _ pixel: (Int, Int) -> (UInt8, UInt8, UInt8, UInt8)) -> DecodedImage {
    var bytes: [UInt8] = []
    for y in 0..<height {
        for x in 0..<width {
            let p = pixel(x, y)
            bytes += [p.0, p.1, p.2, p.3]
        }
    }
    return DecodedImage(width: width, height: height, rgba: bytes)!
}

/// Draws `quads` (one command) with a texture made of `texture` into a `size` × `size` canvas
/// over opaque black, and returns the rasterizer.
func draw(
    _ quads: [DrawQuad], texture: DecodedImage?, sampling: TextureSampling = .standard, blendMode: BlendMode = .normal,
    size: Int = 64, threads: Int = 1, background: Color = .black
) -> CPURenderer {
    let decoder = MemoryImageDecoder()
    var textureDescription: Texture?
    if let texture {
        decoder.set(texture, forName: "test")
        textureDescription = Texture(name: "test", pixelWidth: texture.width, pixelHeight: texture.height)
    }
    let renderer = CPURenderer(width: size, height: size, decoder: decoder)!
    renderer.threadCount = threads
    var list = DrawList()
    list.reset(width: size, height: size, background: background)
    list.append(quads: quads, texture: textureDescription, sampling: sampling, blendMode: blendMode)
    renderer.draw(list)
    return renderer
}

/// An axis-aligned quad at (x, y) of `width` × `height` pixels, opaque white tint.
func square(x: Float, y: Float, width: Float, height: Float, alpha: Float = 1) -> DrawQuad {
    DrawQuad(originX: x, originY: y, uAxisX: width, uAxisY: 0, vAxisX: 0, vAxisY: height, red: 1, green: 1, blue: 1, alpha: alpha)
}

extension CPURenderer {
    /// Channel values of pixel (x, y): (alpha, red, green, blue), premultiplied.
    func channels(_ x: Int, _ y: Int) -> (a: Int, r: Int, g: Int, b: Int) {
        let p = buffer[x, y]
        return (Int(p >> 24), Int((p >> 16) & 0xFF), Int((p >> 8) & 0xFF), Int(p & 0xFF))
    }

    /// Every pixel's word, row by row.
    var words: [UInt32] {
        var all: [UInt32] = []
        buffer.forEachRow { _, row in all += row }
        return all
    }
}
