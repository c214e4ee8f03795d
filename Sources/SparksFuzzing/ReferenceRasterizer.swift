import SparksCore
import SparksRaster

/// A deliberately plain rasterizer that the CPU rasterizer (`SparksRaster`) is checked against:
/// one pixel centre at a time, in `Double`, written to be read rather than to be fast.
///
/// It implements the same definition of a picture as the fast one, from that definition and not
/// from its code:
/// - a quad covers a pixel when the pixel's centre c satisfies 0 ≤ s < 1 and 0 ≤ t < 1, where
///   `c = origin + s·uAxis + t·vAxis`;
/// - a triangle's corners lie on a 1/16-pixel grid (rounded to the nearest sixteenth, halves
///   away from zero); it covers a pixel when the centre is inside or on a top or left edge (the
///   top-left rule), and its colour and texture coordinates are interpolated between those
///   corners;
/// - texture coordinates run from (u0, v0) to (u1, v1) across a quad (perspective-correct
///   across a triangle); a quad's mip level comes from its texels per pixel through
///   `TextureSampling.choose`, nearest samples the texel a point lies in, bilinear weighs the
///   four texel centres around it (clamped at the edges), trilinear blends two levels' bilinear;
/// - a texel (premultiplied) is multiplied by the tint (colour × alpha, alpha); normal blending
///   is premultiplied source-over, additive adds and stops at 1; each draw's result is stored
///   in 8 bits per channel, as the picture is.
///
/// Beside each picture it keeps, per pixel, whether the answer there is *ambiguous*: the centre
/// lies so close to an edge (within what `Float` coordinates can place), or the texture point
/// so close to a texel boundary or the footprint so close to a mip-level boundary, that either
/// answer is right. Comparisons skip those pixels and count them.
public struct ReferenceRasterizer {
    /// Channels of one pixel, premultiplied, 0…255 (a, r, g, b).
    public typealias Pixel = SIMD4<Double>

    public let width: Int, height: Int
    /// The picture, row by row.
    public private(set) var pixels: [Pixel]
    /// Pixels where the coverage of some draw is ambiguous.
    public private(set) var coverageAmbiguous: [Bool]
    /// Pixels where some draw's colour is ambiguous (coverage aside).
    public private(set) var colorAmbiguous: [Bool]

    /// Distance from an edge, in pixels, below which a pixel centre's coverage is ambiguous for
    /// a quad near the canvas; it grows with the quad's coordinates (see `edgeTolerance`).
    public static let baseEdgeTolerance = 1e-3

    private let textures: [String: MipPyramid]

    /// A reference picture of `width` × `height` pixels starting as `background`.
    public init(width: Int, height: Int, background: Color, textures: [String: MipPyramid]) {
        self.width = width
        self.height = height
        self.textures = textures
        let p = Self.unpack(PixelBuffer.premultiplied(background))
        pixels = Array(repeating: p, count: width * height)
        coverageAmbiguous = Array(repeating: false, count: width * height)
        colorAmbiguous = Array(repeating: false, count: width * height)
    }

    /// Draws every command of `list` (quads and triangles; groups are not part of what it
    /// checks and are passed over).
    public mutating func draw(_ list: DrawList) {
        for command in list.commands {
            let clip = command.clip.intersection(list.bounds)
            let pyramid = command.texture.flatMap { textures[$0.name] }
            switch command.primitive {
            case .quads:
                for i in command.range {
                    drawQuad(list.quads[i], pyramid: pyramid, sampling: command.sampling, blend: command.blendMode, clip: clip)
                }
            case .triangles:
                var i = command.range.lowerBound
                while i + 2 < command.range.upperBound {
                    let a = list.vertices[Int(list.indices[i])], b = list.vertices[Int(list.indices[i + 1])]
                    let c = list.vertices[Int(list.indices[i + 2])]
                    drawTriangle(a, b, c, pyramid: pyramid, sampling: command.sampling, blend: command.blendMode, clip: clip)
                    i += 3
                }
            case .beginGroup, .endGroup, .endMask:
                continue
            }
        }
    }

    // MARK: Quads

    /// Which pixels `q` covers, ignoring colour: true, false, or nil where it is ambiguous.
    public static func quadCoverage(_ q: DrawQuad, x: Int, y: Int) -> Bool? {
        guard let frame = QuadFrame(q) else { return false }
        return frame.covers(Double(x) + 0.5, Double(y) + 0.5)
    }

    /// A quad's inverse mapping in `Double`, and the tolerances of its edges.
    struct QuadFrame {
        let ox: Double, oy: Double, ux: Double, uy: Double, vx: Double, vy: Double, det: Double
        /// Tolerances in s and t: an edge tolerance in pixels over each parameter's gradient,
        /// plus the parameters' own rounding in `Float`.
        let sTolerance: Double, tTolerance: Double
        /// Whether the fast rasterizer may draw it or not (its limits of size and precision):
        /// every pixel it could cover is ambiguous.
        let atLimit: Bool

        init?(_ q: DrawQuad) {
            let values = [q.originX, q.originY, q.uAxisX, q.uAxisY, q.vAxisX, q.vAxisY, q.u0, q.v0, q.u1, q.v1]
            // Not finite, or transparent at the tint's resolution of 1/256: nothing is drawn.
            guard values.allSatisfy(\.isFinite), (Double(min(max(q.alpha, 0), 1)) * 256).rounded() > 0 else { return nil }
            ox = Double(q.originX)
            oy = Double(q.originY)
            ux = Double(q.uAxisX)
            uy = Double(q.uAxisY)
            vx = Double(q.vAxisX)
            vy = Double(q.vAxisY)
            det = ux * vy - uy * vx
            guard det != 0 else { return nil }
            // The parameters move by |∇s| per pixel: |∇s| = |v| / |det|, |∇t| = |u| / |det|.
            let uLength = (ux * ux + uy * uy).squareRoot(), vLength = (vx * vx + vy * vy).squareRoot()
            let gradientS = vLength / abs(det), gradientT = uLength / abs(det)
            let edge = ReferenceRasterizer.edgeTolerance(magnitude: abs(ox) + abs(oy) + uLength + vLength)
            // `Float`'s determinant loses (|ux·vy| + |uy·vx|) / |det| times its precision.
            let condition = (abs(ux * vy) + abs(uy * vx)) / abs(det)
            let relative = 1e-6 * condition
            sTolerance = edge * gradientS + relative
            tTolerance = edge * gradientT + relative
            let extent = max(abs(ox) + uLength + vLength, abs(oy) + uLength + vLength)
            atLimit = abs(Float(det)) < 2e-6 || gradientS > 1e5 || gradientT > 1e5 || extent > 5e6
        }

        /// (s, t) of a point.
        func parameters(_ px: Double, _ py: Double) -> (s: Double, t: Double) {
            let dx = px - ox, dy = py - oy
            return ((dx * vy - dy * vx) / det, (ux * dy - uy * dx) / det)
        }

        /// Whether the point is inside; nil where either answer is right.
        func covers(_ px: Double, _ py: Double) -> Bool? {
            let (s, t) = parameters(px, py)
            let inside = s >= 0 && s < 1 && t >= 0 && t < 1
            let outer = s >= -sTolerance && s < 1 + sTolerance && t >= -tTolerance && t < 1 + tTolerance
            let inner = s >= sTolerance && s < 1 - sTolerance && t >= tTolerance && t < 1 - tTolerance
            if atLimit { return outer ? nil : false }
            return inner == outer ? inside : nil
        }
    }

    /// Edge tolerance in pixels for coordinates of about `magnitude`: `Float` places a point to
    /// half a unit in its last place, 2⁻²⁴ of its size; a few of those, and at least
    /// `baseEdgeTolerance`.
    static func edgeTolerance(magnitude: Double) -> Double {
        baseEdgeTolerance + magnitude * 0x1p-21
    }

    private mutating func drawQuad(_ q: DrawQuad, pyramid: MipPyramid?, sampling: TextureSampling, blend: BlendMode, clip: PixelRect) {
        guard let frame = QuadFrame(q), !clip.isEmpty else { return }
        let du = Double(q.u1 - q.u0), dv = Double(q.v1 - q.v0)
        // Unit texture coordinates change per pixel by ∂s/∂x·du …
        let dsdx = frame.vy / frame.det * du, dsdy = -frame.vx / frame.det * du
        let dtdx = -frame.uy / frame.det * dv, dtdy = frame.ux / frame.det * dv
        var choice = SampleChoice(filter: .nearest, level: 0, blend: 0)
        var choiceAmbiguous = false
        if let pyramid {
            (choice, choiceAmbiguous) = Self.choose(
                sampling, pyramid: pyramid, dudx: dsdx, dvdx: dtdx, dudy: dsdy, dvdy: dtdy)
        }
        let tint = Tint(red: q.red, green: q.green, blue: q.blue, alpha: q.alpha)
        for y in Int(clip.y0)..<Int(clip.y1) {
            for x in Int(clip.x0)..<Int(clip.x1) {
                let cx = Double(x) + 0.5, cy = Double(y) + 0.5
                guard let covered = frame.covers(cx, cy) else {
                    coverageAmbiguous[y * width + x] = true
                    continue
                }
                guard covered else { continue }
                let (s, t) = frame.parameters(cx, cy)
                let texel: Sample
                if let pyramid {
                    texel = Self.sample(pyramid, choice, u: Double(q.u0) + s * du, v: Double(q.v0) + t * dv)
                } else {
                    texel = Sample(value: Pixel(255, 255, 255, 255), ambiguous: false)
                }
                if texel.ambiguous || choiceAmbiguous { colorAmbiguous[y * width + x] = true }
                composite(tint.apply(texel.value), at: x, y, blend)
            }
        }
    }

    // MARK: Triangles

    private mutating func drawTriangle(
        _ a: DrawVertex, _ b: DrawVertex, _ c: DrawVertex, pyramid: MipPyramid?, sampling: TextureSampling, blend: BlendMode,
        clip: PixelRect
    ) {
        func usable(_ v: DrawVertex) -> Bool {
            v.w > 0 && v.w.isFinite && abs(v.x) < 1e7 && abs(v.y) < 1e7 && v.u.isFinite && v.v.isFinite
        }
        guard usable(a), usable(b), usable(c), !clip.isEmpty else { return }
        // Corners on the 1/16 grid, in sixteenths.
        func grid(_ v: Float) -> Int64 { Int64((Double(v) * 16).rounded(.toNearestOrAwayFromZero)) }
        let corners = [(grid(a.x), grid(a.y)), (grid(b.x), grid(b.y)), (grid(c.x), grid(c.y))]
        let twiceArea =
            (corners[1].0 - corners[0].0) * (corners[2].1 - corners[0].1)
            - (corners[1].1 - corners[0].1) * (corners[2].0 - corners[0].0)
        guard twiceArea != 0 else { return }
        // Attributes: barycentric weights over the corners where coverage puts them (on the
        // grid), so a covered pixel's weights lie in [0, 1]; divided by w.
        let ax = Double(corners[0].0) / 16, ay = Double(corners[0].1) / 16, bx = Double(corners[1].0) / 16
        let by = Double(corners[1].1) / 16, cx = Double(corners[2].0) / 16, cy = Double(corners[2].1) / 16
        let det = (bx - ax) * (cy - ay) - (by - ay) * (cx - ax)
        func weights(_ px: Double, _ py: Double) -> (Double, Double, Double) {
            let wb = ((px - ax) * (cy - ay) - (py - ay) * (cx - ax)) / det
            let wc = ((bx - ax) * (py - ay) - (by - ay) * (px - ax)) / det
            return (1 - wb - wc, wb, wc)
        }
        var choice = SampleChoice(filter: .nearest, level: 0, blend: 0)
        var choiceAmbiguous = false
        if let pyramid {
            // Mip level from the texture coordinates' affine gradients (without perspective).
            let (a0, b0, c0) = weights(0, 0), (a1, b1, c1) = weights(1, 0), (a2, b2, c2) = weights(0, 1)
            func affine(_ f: (DrawVertex) -> Float) -> (dx: Double, dy: Double) {
                let at0 = a0 * Double(f(a)) + b0 * Double(f(b)) + c0 * Double(f(c))
                let at1 = a1 * Double(f(a)) + b1 * Double(f(b)) + c1 * Double(f(c))
                let at2 = a2 * Double(f(a)) + b2 * Double(f(b)) + c2 * Double(f(c))
                return (at1 - at0, at2 - at0)
            }
            let gu = affine(\.u), gv = affine(\.v)
            (choice, choiceAmbiguous) = Self.choose(sampling, pyramid: pyramid, dudx: gu.dx, dvdx: gv.dx, dudy: gu.dy, dvdy: gv.dy)
        }
        for y in Int(clip.y0)..<Int(clip.y1) {
            for x in Int(clip.x0)..<Int(clip.x1) {
                guard Self.triangleCovers(corners, twiceArea: twiceArea, x: x, y: y) else { continue }
                let px = Double(x) + 0.5, py = Double(y) + 0.5
                let (wa, wb, wc) = weights(px, py)
                // Perspective-correct: attributes over w interpolate linearly on screen.
                let qa = wa / Double(a.w), qb = wb / Double(b.w), qc = wc / Double(c.w)
                let q = qa + qb + qc
                func attribute(_ f: (DrawVertex) -> Float) -> Double {
                    (qa * Double(f(a)) + qb * Double(f(b)) + qc * Double(f(c))) / q
                }
                func unit(_ v: Double) -> Double { min(max(v, 0), 1) }
                let tint = Tint(
                    red: unit(attribute(\.red)), green: unit(attribute(\.green)), blue: unit(attribute(\.blue)),
                    alpha: unit(attribute(\.alpha)))
                let texel: Sample
                if let pyramid {
                    texel = Self.sample(pyramid, choice, u: attribute(\.u), v: attribute(\.v))
                } else {
                    texel = Sample(value: Pixel(255, 255, 255, 255), ambiguous: false)
                }
                if texel.ambiguous || choiceAmbiguous { colorAmbiguous[y * width + x] = true }
                composite(tint.apply(texel.value), at: x, y, blend)
            }
        }
    }

    /// The top-left rule over corners in sixteenths: the centre (16x + 8, 16y + 8) is inside
    /// every edge, or on an edge that is a top edge (horizontal, the triangle below it) or a
    /// left edge (the triangle to its right).
    static func triangleCovers(_ corners: [(Int64, Int64)], twiceArea: Int64, x: Int, y: Int) -> Bool {
        let px = Int64(x) * 16 + 8, py = Int64(y) * 16 + 8
        // Walk the corners counter-clockwise on screen (y down: positive twice-area).
        let order = twiceArea > 0 ? [0, 1, 2] : [0, 2, 1]
        for k in 0..<3 {
            let p = corners[order[k]], q = corners[order[(k + 1) % 3]]
            let ex = q.0 - p.0, ey = q.1 - p.1
            // > 0: the centre is on the inner side of this edge.
            let side = ex * (py - p.1) - ey * (px - p.0)
            if side > 0 { continue }
            if side < 0 { return false }
            // On the edge: a top edge runs in +x, a left edge upwards (y decreasing).
            let topOrLeft = (ey == 0 && ex > 0) || ey < 0
            if !topOrLeft { return false }
        }
        return true
    }

    // MARK: Sampling

    struct Sample {
        var value: Pixel
        var ambiguous: Bool
    }

    /// The level and filter, and whether a footprint a hair larger or smaller would choose
    /// otherwise.
    static func choose(
        _ sampling: TextureSampling, pyramid: MipPyramid, dudx: Double, dvdx: Double, dudy: Double, dvdy: Double
    ) -> (SampleChoice, Bool) {
        let w = Double(pyramid.levels[0].width), h = Double(pyramid.levels[0].height)
        let alongX = ((dudx * w) * (dudx * w) + (dvdx * h) * (dvdx * h)).squareRoot()
        let alongY = ((dudy * w) * (dudy * w) + (dvdy * h) * (dvdy * h)).squareRoot()
        let texelsPerPixel = max(alongX, alongY)
        let choice = sampling.choose(texelsPerPixel: Float(texelsPerPixel), levelCount: pyramid.levels.count)
        let smaller = sampling.choose(texelsPerPixel: Float(texelsPerPixel * (1 - 1e-4)), levelCount: pyramid.levels.count)
        let larger = sampling.choose(texelsPerPixel: Float(texelsPerPixel * (1 + 1e-4)), levelCount: pyramid.levels.count)
        let ambiguous =
            choice.filter != smaller.filter || choice.filter != larger.filter || choice.level != smaller.level
            || choice.level != larger.level || abs(smaller.blend - larger.blend) > 0.01
        return (choice, ambiguous)
    }

    /// Texels of a level differ at a texel boundary; a point this close to one (in texels) may
    /// fall either side, as the fast rasterizer carries coordinates to 1/256 texel and adds a
    /// step per 8 pixels.
    static let texelBoundaryTolerance = 8.0 / 256

    static func sample(_ pyramid: MipPyramid, _ choice: SampleChoice, u: Double, v: Double) -> Sample {
        switch choice.filter {
        case .nearest:
            return nearest(pyramid.levels[choice.level], u: u, v: v)
        case .linear:
            return Sample(value: bilinear(pyramid.levels[choice.level], u: u, v: v), ambiguous: false)
        case .trilinear:
            let a = bilinear(pyramid.levels[choice.level], u: u, v: v), b = bilinear(pyramid.levels[choice.level + 1], u: u, v: v)
            let weight = Double(choice.blend)
            return Sample(value: a * (1 - weight) + b * weight, ambiguous: false)
        }
    }

    static func texel(_ level: MipPyramid.Level, _ x: Int, _ y: Int) -> Pixel {
        unpack(level.texels[min(max(y, 0), level.height - 1) * level.width + min(max(x, 0), level.width - 1)])
    }

    static func nearest(_ level: MipPyramid.Level, u: Double, v: Double) -> Sample {
        let x = u * Double(level.width), y = v * Double(level.height)
        func nearBoundary(_ c: Double, _ size: Int) -> Bool {
            // Inside the level, a boundary between two texels; outside, all clamps to the edge.
            let f = c - c.rounded(.down)
            return c > texelBoundaryTolerance && c < Double(size) - texelBoundaryTolerance
                && (f < texelBoundaryTolerance || f > 1 - texelBoundaryTolerance)
        }
        let value = texel(level, Int(max(min(x, 1e9), -1).rounded(.down)), Int(max(min(y, 1e9), -1).rounded(.down)))
        return Sample(value: value, ambiguous: nearBoundary(x, level.width) || nearBoundary(y, level.height))
    }

    static func bilinear(_ level: MipPyramid.Level, u: Double, v: Double) -> Pixel {
        // Texel centres on whole numbers, clamped to the first and last centres.
        let x = min(max(u * Double(level.width) - 0.5, 0), Double(level.width - 1))
        let y = min(max(v * Double(level.height) - 0.5, 0), Double(level.height - 1))
        let x0 = Int(x.rounded(.down)), y0 = Int(y.rounded(.down))
        let fx = x - Double(x0), fy = y - Double(y0)
        let top = texel(level, x0, y0) * (1 - fx) + texel(level, x0 + 1, y0) * fx
        let bottom = texel(level, x0, y0 + 1) * (1 - fx) + texel(level, x0 + 1, y0 + 1) * fx
        return top * (1 - fy) + bottom * fy
    }

    // MARK: Colour

    /// A straight-alpha tint as premultiplied factors.
    struct Tint {
        let factors: Pixel

        init(red: Float, green: Float, blue: Float, alpha: Float) {
            self.init(red: Double(red), green: Double(green), blue: Double(blue), alpha: Double(alpha))
        }

        init(red: Double, green: Double, blue: Double, alpha: Double) {
            func unit(_ v: Double) -> Double { v.isNaN ? 0 : min(max(v, 0), 1) }
            let a = unit(alpha)
            factors = Pixel(a, unit(red) * a, unit(green) * a, unit(blue) * a)
        }

        func apply(_ texel: Pixel) -> Pixel { texel * factors }
    }

    private mutating func composite(_ source: Pixel, at x: Int, _ y: Int, _ blend: BlendMode) {
        let i = y * width + x
        let below = pixels[i]
        let result: Pixel
        switch blend {
        case .normal: result = source + below * (1 - source[0] / 255)
        case .additive: result = (source + below).clamped(lowerBound: .zero, upperBound: Pixel(repeating: 255))
        }
        pixels[i] = result.rounded(.toNearestOrAwayFromZero)
    }

    static func unpack(_ word: UInt32) -> Pixel {
        Pixel(Double(word >> 24), Double((word >> 16) & 0xFF), Double((word >> 8) & 0xFF), Double(word & 0xFF))
    }
}
