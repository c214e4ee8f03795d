import Foundation
import SparksCore

/// Bytes read as a sequence of choices: the fuzzer's input, or a seeded generator's output.
/// Past the end every read is 0, so any input makes a scene.
public struct ByteChoices {
    private let bytes: [UInt8]
    private var index = 0

    public init(_ bytes: [UInt8]) { self.bytes = bytes }

    /// `count` bytes from a seeded generator (the tests' scenes).
    public init(seed: UInt32, count: Int = 4096) {
        var random = SeededRandom(seed: seed)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(count)
        while bytes.count < count {
            let word = random.nextUInt32()
            bytes += [
                UInt8(truncatingIfNeeded: word), UInt8(truncatingIfNeeded: word >> 8), UInt8(truncatingIfNeeded: word >> 16),
                UInt8(truncatingIfNeeded: word >> 24),
            ]
        }
        self.bytes = bytes
    }

    public mutating func byte() -> UInt8 {
        guard index < bytes.count else { return 0 }
        defer { index += 1 }
        return bytes[index]
    }

    /// 0…1 in steps of 1/65535.
    public mutating func unit() -> Double {
        Double(UInt16(byte()) << 8 | UInt16(byte())) / 65535
    }

    /// `lower…upper`, uniformly.
    public mutating func number(_ lower: Double, _ upper: Double) -> Double { lower + (upper - lower) * unit() }

    /// A whole number in `range`.
    public mutating func whole(_ range: ClosedRange<Int>) -> Int {
        range.lowerBound + Int(UInt16(byte()) << 8 | UInt16(byte())) % (range.count)
    }

    /// One of `options`, each as likely.
    public mutating func pick<T>(_ options: [T]) -> T { options[Int(byte()) % options.count] }

    /// True with probability about `p`.
    public mutating func chance(_ p: Double) -> Bool { Double(byte()) < p * 256 }
}

/// A random scene of quads and triangles for checking the rasterizer against
/// ``ReferenceRasterizer``: transforms drawn from a distribution that over-weights what breaks
/// rasterizers (exact multiples of π/2 and π/4 and angles within 1e-7 of them, mirrored,
/// sheared, sub-pixel, zero-width and huge quads, coordinates a million pixels off the canvas,
/// NaN and infinity), random textures (colour images and alpha masks), filters, mip biases,
/// blend modes, clips and thread counts.
public struct RasterScene {
    public let width: Int, height: Int
    public let background: Color
    public let threads: Int
    /// Textures by name.
    public let images: [String: DecodedImage]
    public let list: DrawList

    public init(_ choices: inout ByteChoices) {
        let width = choices.whole(4...72), height = choices.whole(4...72)
        self.width = width
        self.height = height
        background = choices.pick([
            Color.black, .clear, Color(red: choices.unit(), green: choices.unit(), blue: choices.unit(), alpha: choices.unit()),
        ])
        threads = choices.whole(1...4)
        var images: [String: DecodedImage] = [:]
        var textures: [Texture?] = [nil]
        for index in 0..<choices.whole(0...2) {
            let image = Self.image(&choices)
            let name = "texture\(index)"
            images[name] = image
            textures.append(Texture(name: name, pixelWidth: image.width, pixelHeight: image.height))
        }
        self.images = images
        var list = DrawList()
        list.reset(width: width, height: height, background: background)
        for _ in 0..<choices.whole(1...6) {
            let texture = choices.pick(textures)
            let filters: [ContentsFilter] = [.linear, .nearest, .trilinear]
            let sampling = TextureSampling(
                minification: choices.pick(filters), magnification: choices.pick(filters),
                minificationBias: choices.chance(0.7) ? 0 : Float(choices.number(-3, 3)))
            let blendMode = choices.pick([BlendMode.normal, .additive])
            var clip: PixelRect?
            if choices.chance(0.3) {
                let x0 = choices.whole(-4...width), y0 = choices.whole(-4...height)
                clip = PixelRect(
                    x0: Int32(x0), y0: Int32(y0), x1: Int32(x0 + choices.whole(0...width)), y1: Int32(y0 + choices.whole(0...height)))
            }
            if choices.chance(0.7) {
                let quads = (0..<choices.whole(1...4)).map { _ in Self.quad(&choices, width: width, height: height) }
                list.append(quads: quads, texture: texture, sampling: sampling, blendMode: blendMode, clip: clip)
            } else {
                let (vertices, indices) = Self.triangles(&choices, width: width, height: height)
                list.append(vertices: vertices, indices: indices, texture: texture, sampling: sampling, blendMode: blendMode, clip: clip)
            }
        }
        self.list = list
    }

    /// A colour image, an alpha mask (white at varying alpha) or a checkerboard, 1…17 texels a side.
    static func image(_ choices: inout ByteChoices) -> DecodedImage {
        let w = choices.whole(1...17), h = choices.whole(1...17)
        let kind = choices.whole(0...2)
        var bytes: [UInt8] = []
        for y in 0..<h {
            for x in 0..<w {
                switch kind {
                case 0: bytes += [choices.byte(), choices.byte(), choices.byte(), choices.byte()]
                case 1: bytes += [255, 255, 255, choices.byte()]
                default: bytes += (x + y) % 2 == 0 ? [255, 40, 20, 255] : [10, 60, 255, 120]
                }
            }
        }
        return DecodedImage(width: w, height: h, rgba: bytes)!
    }

    /// An angle: a multiple of π/4 exactly, within 1e-7 or 1e-12 of one, or anything.
    static func angle(_ choices: inout ByteChoices) -> Double {
        let multiple = Double(choices.whole(-8...8)) * Double.pi / 4
        switch choices.whole(0...5) {
        case 0, 1: return multiple
        case 2: return multiple + choices.pick([1e-7, -1e-7, 3e-8, -3e-8])
        case 3: return multiple + choices.pick([1e-12, -1e-12, 1e-16])
        default: return choices.number(-2 * .pi, 2 * .pi)
        }
    }

    /// A side length: ordinary, sub-pixel, zero, mirrored or huge.
    static func side(_ choices: inout ByteChoices, canvas: Int) -> Double {
        switch choices.whole(0...9) {
        case 0: return choices.number(0.01, 1)
        case 1: return 0
        case 2: return -choices.number(1, Double(canvas))
        case 3: return choices.number(1e6, 2e6)
        default: return choices.number(1, Double(canvas))
        }
    }

    static func quad(_ choices: inout ByteChoices, width: Int, height: Int) -> DrawQuad {
        let w = side(&choices, canvas: width), h = side(&choices, canvas: height)
        let a = angle(&choices)
        let shear = choices.chance(0.8) ? 0 : choices.number(-1.2, 1.2)
        // As the core makes them: axes from a transform in Double, then Float.
        let ux = w * cos(a), uy = w * sin(a)
        let vx = -h * sin(a + shear), vy = h * cos(a + shear)
        var cx = choices.number(-8, Double(width) + 8), cy = choices.number(-8, Double(height) + 8)
        if choices.chance(0.05) {
            // Far off the canvas, large enough to reach back over it.
            cx += choices.pick([1e6, -1e6])
        }
        var values = [Float(cx - (ux + vx) / 2), Float(cy - (uy + vy) / 2), Float(ux), Float(uy), Float(vx), Float(vy)]
        if choices.chance(0.04) {
            values[choices.whole(0...5)] = choices.pick([Float.nan, .infinity, -.infinity])
        }
        var u0: Float = 0, v0: Float = 0, u1: Float = 1, v1: Float = 1
        if choices.chance(0.3) {
            u0 = Float(choices.unit())
            v0 = Float(choices.unit())
            u1 = Float(choices.unit())
            v1 = Float(choices.unit())
        }
        let alpha = choices.pick([Float(1), Float(choices.unit()), 0, 0.001])
        return DrawQuad(
            originX: values[0], originY: values[1], uAxisX: values[2], uAxisY: values[3], vAxisX: values[4], vAxisY: values[5],
            u0: u0, v0: v0, u1: u1, v1: v1,
            red: Float(choices.unit()), green: Float(choices.unit()), blue: Float(choices.unit()), alpha: alpha)
    }

    /// One to three triangles, or a quad split along a diagonal (two triangles sharing an edge).
    static func triangles(_ choices: inout ByteChoices, width: Int, height: Int) -> ([DrawVertex], [UInt32]) {
        func vertex(_ x: Double, _ y: Double) -> DrawVertex {
            DrawVertex(
                x: Float(x), y: Float(y), w: choices.chance(0.6) ? 1 : Float(choices.number(0.2, 3)),
                u: Float(choices.number(-0.2, 1.2)), v: Float(choices.number(-0.2, 1.2)),
                red: Float(choices.unit()), green: Float(choices.unit()), blue: Float(choices.unit()),
                alpha: choices.pick([Float(1), Float(choices.unit())]))
        }
        func point() -> (Double, Double) {
            // Some corners on the 1/16 grid's half-pixel lines, where the top-left rule decides.
            if choices.chance(0.3) { return (Double(choices.whole(-4...width + 4)) + 0.5, Double(choices.whole(-4...height + 4)) + 0.5) }
            return (choices.number(-8, Double(width) + 8), choices.number(-8, Double(height) + 8))
        }
        if choices.chance(0.3) {
            let q = quad(&choices, width: width, height: height)
            let corners = q.corners
            let vertices = corners.map { vertex(Double($0.x), Double($0.y)) }
            return (vertices, [0, 1, 2, 0, 2, 3])
        }
        var vertices: [DrawVertex] = []
        for _ in 0..<choices.whole(1...3) {
            for _ in 0..<3 {
                let p = point()
                vertices.append(vertex(p.0, p.1))
            }
        }
        return (vertices, (0..<UInt32(vertices.count)).map { $0 })
    }
}
