import SparksCore

// The hot path of the CPU rasterizer: filling one row's span of a quad, 8 pixels at a time.
//
// Sparks rasterizes itself rather than through a library because none of the libraries it may
// depend on draws textured, tinted quads with Core Animation's filters and blending into a
// buffer the window and the exported files share (SDL's software renderer samples nearest
// texels only, and drawing through it made the window and `render` disagree).
//
// A span is drawn in three small stages, each a type: a source makes 8 premultiplied, tinted
// pixels from their texture coordinates (solid colour, or texels of an alpha mask or a colour
// image, nearest, bilinear or trilinear), a blend operation combines them with the 8 pixels
// below (source-over or additive), and `fillSpan` walks the span. Generic code specialised for
// each combination keeps every stage inlined in the loop.
//
// Arithmetic follows what the standard library compiles to vector code on this toolchain:
// 8 lanes of 32 bits, wrapping operators, float-to-integer conversion by the 1.5·2²³ trick
// (the generic rounding conversion is a slow, unspecialised call), and two 8-bit channels per
// 32-bit lane for blending. Everything is exact integer arithmetic after the texture
// coordinates, so the same pixel comes out the same whatever the thread count or build.

typealias Floats8 = SIMD8<Float>
typealias Ints8 = SIMD8<Int32>
typealias Pixels8 = SIMD8<UInt32>

// Constants are computed properties, not global `let`s: a global is initialised lazily and
// checked on every use, which in a loop costs a call per iteration.

/// Lane numbers 0…7.
var laneNumbers: Floats8 {
    @inline(__always) get { Floats8(0, 1, 2, 3, 4, 5, 6, 7) }
}

/// `v` rounded to the nearest integer (ties to even), for |v| < 2²²: adding 1.5·2²³ leaves
/// the integer in the low mantissa bits.
@inline(__always)
func roundToInt32(_ v: Floats8) -> Ints8 {
    let shifted = v + Floats8(repeating: 12_582_912)
    return unsafeBitCast(shifted, to: Ints8.self) &- Ints8(repeating: 0x4B40_0000)
}

/// All ones in lanes below `count`, zero in the rest.
@inline(__always)
func laneMask(_ count: Int) -> Pixels8 {
    unsafeBitCast((Ints8(0, 1, 2, 3, 4, 5, 6, 7) &- Ints8(repeating: Int32(truncatingIfNeeded: count))) &>> 31, to: Pixels8.self)
}

/// The bits of 1.5·2²³: a float `v` in [0, 2²²) plus 1.5·2²³ has the bits `magicBits + round(v)`.
let magicBits: Int32 = 0x4B40_0000

/// A float holding a whole number in (−2²², 2²²) as an integer, without the range checks of
/// `Int(_:)`.
@inline(__always)
func wholeNumber(_ v: Float) -> Int {
    Int(Int32(bitPattern: (v + 12_582_912).bitPattern) &- magicBits)
}

/// `round(v · scale + offset)` plus `magicBits`, for `v · scale + offset` in [0, 2²²): one
/// multiply and one add. Clamp against bounds with the bias added, then take
/// `(bits >> 8) & 0x3FFF` (texels of an 8.8 coordinate up to 16383) and `bits & 0xFF`.
@inline(__always)
func biasedRound(_ v: Floats8, scale: Float, offset: Float) -> Ints8 {
    unsafeBitCast(v * Floats8(repeating: scale) + Floats8(repeating: offset + 12_582_912), to: Ints8.self)
}

/// The 8 lanes of a non-negative index vector as address offsets, taken out two at a time:
/// four 64-bit extractions split by scalar shifts cost fewer instructions than eight 32-bit
/// ones.
@inline(__always)
private func offsets(_ index: Ints8) -> (Int, Int, Int, Int, Int, Int, Int, Int) {
    let pairs = unsafeBitCast(index, to: SIMD4<UInt64>.self)
    let a = pairs[0], b = pairs[1], c = pairs[2], d = pairs[3]
    return (
        Int(truncatingIfNeeded: UInt32(truncatingIfNeeded: a)), Int(truncatingIfNeeded: a &>> 32),
        Int(truncatingIfNeeded: UInt32(truncatingIfNeeded: b)), Int(truncatingIfNeeded: b &>> 32),
        Int(truncatingIfNeeded: UInt32(truncatingIfNeeded: c)), Int(truncatingIfNeeded: c &>> 32),
        Int(truncatingIfNeeded: UInt32(truncatingIfNeeded: d)), Int(truncatingIfNeeded: d &>> 32)
    )
}

/// `base[index]` for each lane (the indices are in bounds by construction).
@inline(__always)
func gather(_ base: UnsafePointer<UInt32>, _ index: Ints8) -> Pixels8 {
    let o = offsets(index)
    return Pixels8(base[o.0], base[o.1], base[o.2], base[o.3], base[o.4], base[o.5], base[o.6], base[o.7])
}

/// `base[index]` for each lane, widened.
@inline(__always)
func gather(_ base: UnsafePointer<UInt8>, _ index: Ints8) -> Ints8 {
    let o = offsets(index)
    return Ints8(
        Int32(base[o.0]), Int32(base[o.1]), Int32(base[o.2]), Int32(base[o.3]),
        Int32(base[o.4]), Int32(base[o.5]), Int32(base[o.6]), Int32(base[o.7]))
}

/// The red and blue bytes of each pixel (or alpha and green, shifted down by 8).
private var lowChannels: Pixels8 {
    @inline(__always) get { Pixels8(repeating: 0x00FF_00FF) }
}
/// The alpha and green bytes of each pixel.
private var highChannels: Pixels8 {
    @inline(__always) get { Pixels8(repeating: 0xFF00_FF00) }
}
/// A half in each of two 8-bit channels (rounding).
private var halfChannels: Pixels8 {
    @inline(__always) get { Pixels8(repeating: 0x0080_0080) }
}

/// Two 8-bit channels per 32-bit lane seen as 16-bit lanes, where a channel times a factor of
/// at most 256 fits: one multiply for two channels.
typealias Channels16 = SIMD16<UInt16>

@inline(__always)
private func halves(_ p: Pixels8) -> Channels16 { unsafeBitCast(p, to: Channels16.self) }

@inline(__always)
private func whole(_ c: Channels16) -> Pixels8 { unsafeBitCast(c, to: Pixels8.self) }

/// Pixels from sums of channels weighted in 256ths (red and blue, alpha and green, each pair
/// in the 16-bit halves of a lane), rounded.
@inline(__always)
private func packWeighted(redBlue rb: Pixels8, alphaGreen ag: Pixels8) -> Pixels8 {
    ((rb &+ halfChannels) &>> 8) & lowChannels | (ag &+ halfChannels) & highChannels
}

// MARK: Tint

/// A quad's straight-alpha tint as factors in 256ths (scalars: small to keep while setting up;
/// `lanes` makes the vectors the kernels use).
struct UniformTint {
    let red: Int32, green: Int32, blue: Int32, alpha: Int32

    init(red: Float, green: Float, blue: Float, alpha: Float) {
        func factor(_ v: Float) -> Int32 { Int32(truncatingIfNeeded: wholeNumber((min(max(v, 0), 1) * 256).rounded())) }
        let a = min(max(alpha, 0), 1)
        self.red = factor(min(max(red, 0), 1) * a)
        self.green = factor(min(max(green, 0), 1) * a)
        self.blue = factor(min(max(blue, 0), 1) * a)
        self.alpha = factor(a)
    }

    /// Whether nothing drawn with it can show.
    var isInvisible: Bool { alpha == 0 }

    /// The same tint in every lane.
    @inline(__always)
    var lanes: Tint {
        Tint(red: Ints8(repeating: red), green: Ints8(repeating: green), blue: Ints8(repeating: blue), alpha: Ints8(repeating: alpha))
    }
}

/// A straight-alpha tint as factors per lane, in 256ths: a premultiplied texel channel `c`
/// becomes `(c · k + 128) >> 8` with `k = round(alpha · colour · 256)` (alpha: `alpha · 256`),
/// so an opaque white texel under an opaque white tint stays exactly 255. The products fit in
/// 16 bits, so an alpha mask's four channels take two multiplies: red with blue, alpha with
/// green, one pair per 32-bit lane.
struct Tint {
    let red: Ints8, green: Ints8, blue: Ints8, alpha: Ints8
    /// Red and blue, alpha and green, paired in the 16-bit halves of each lane.
    let redBlue: Pixels8, alphaGreen: Pixels8

    /// A tint per lane from colours already limited to 0…1 (a triangle's interpolated colours).
    @inline(__always)
    init(red: Floats8, green: Floats8, blue: Floats8, alpha: Floats8) {
        let scale = Floats8(repeating: 256)
        self.init(
            red: roundToInt32(red * alpha * scale), green: roundToInt32(green * alpha * scale),
            blue: roundToInt32(blue * alpha * scale), alpha: roundToInt32(alpha * scale))
    }

    @inline(__always)
    init(red: Ints8, green: Ints8, blue: Ints8, alpha: Ints8) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
        redBlue = unsafeBitCast(red &<< 16 | blue, to: Pixels8.self)
        alphaGreen = unsafeBitCast(alpha &<< 16 | green, to: Pixels8.self)
    }

    /// Tinted opaque white texels: solid colour.
    @inline(__always)
    var solid: Pixels8 {
        apply(alpha: Ints8(repeating: 255))
    }

    /// Tinted pixels of an alpha mask (texels white at alpha `a`, 0…255).
    @inline(__always)
    func apply(alpha a: Ints8) -> Pixels8 {
        let a = unsafeBitCast(a, to: Pixels8.self)
        let rb = ((a &* redBlue &+ halfChannels) &>> 8) & lowChannels
        let ag = (a &* alphaGreen &+ halfChannels) & highChannels
        return rb | ag
    }

    /// Tinted premultiplied texels: blue and red, green and alpha, each pair multiplied by
    /// its factors in 16-bit lanes (a channel times a factor is at most 255 · 256).
    @inline(__always)
    func apply(texels p: Pixels8) -> Pixels8 {
        let rb = halves(p & lowChannels) &* halves(redBlue), ag = halves((p &>> 8) & lowChannels) &* halves(alphaGreen)
        let round = Channels16(repeating: 128)
        return whole((rb &+ round) &>> 8) | whole((ag &+ round) & Channels16(repeating: 0xFF00))
    }
}

// MARK: Texels

/// A quad's unit texture coordinates over the screen: `s = s0 + X·dsdx + Y·dsdy` (and t) at
/// a pixel centre X, Y pixels right of and below the quad's origin.
struct CoordinatePlane {
    let s0: Float, dsdx: Float, dsdy: Float
    let t0: Float, dtdx: Float, dtdy: Float
}

/// The same plane in one level's 8.8 fixed-point texel coordinates.
struct LevelPlane {
    let u0: Float, dudx: Float, dudy: Float
    let v0: Float, dvdx: Float, dvdy: Float
}

/// A span in one level's coordinates, with the bias of `biasedRound` added: the next 8 pixels'
/// `u` and `v`, and how far 8 pixels move them. Each chunk adds the step (rounding at 1/256
/// texel: coordinates drift by at most a few 256ths of a texel along the longest spans, the
/// same for every thread count).
struct LevelRow {
    var u: Floats8, v: Floats8
    let uStep: Float, vStep: Float

    /// The coordinates of the next 8 pixels, moving on by 8.
    @inline(__always)
    mutating func next() -> (u: Ints8, v: Ints8) {
        let here = (unsafeBitCast(u, to: Ints8.self), unsafeBitCast(v, to: Ints8.self))
        u += uStep
        v += vStep
        return here
    }
}

/// One mip level's texels, as the kernels address them.
///
/// Texture coordinates reach it as 8.8 fixed point with the bias of `biasedRound` still added
/// (bits `magicBits + coordinate`): they are clamped against biased bounds, and the bias is
/// taken out of texel indices in one subtraction (`indexBias`), all in wrapping arithmetic.
struct LevelView {
    let texels: UnsafePointer<UInt32>
    let alpha: UnsafePointer<UInt8>
    let footprints: UnsafePointer<UInt32>
    let width: Int32, height: Int32
    /// Largest biased coordinates: any point of the last texel (nearest), the last texel's
    /// centre (bilinear, whose coordinates are shifted by half a texel).
    let nearestLast: (u: Int32, v: Int32)
    let bilinearLast: (u: Int32, v: Int32)
    /// `(v >> 8)·width + (u >> 8)` of biased coordinates exceeds the texel index by this.
    let indexBias: Int32

    init(texels: UnsafePointer<UInt32>, alpha: UnsafePointer<UInt8>, footprints: UnsafePointer<UInt32>, width: Int32, height: Int32) {
        self.texels = texels
        self.alpha = alpha
        self.footprints = footprints
        self.width = width
        self.height = height
        nearestLast = (magicBits &+ width &<< 8 &- 1, magicBits &+ height &<< 8 &- 1)
        bilinearLast = (magicBits &+ (width &- 1) &<< 8, magicBits &+ (height &- 1) &<< 8)
        let whole = magicBits &>> 8
        indexBias = whole &* width &+ whole
    }

    /// A quad's coordinates in this level, 8.8 fixed point, shifted by `offset` (−128 puts texel
    /// centres on whole numbers, for bilinear filtering).
    @inline(__always)
    func plane(_ p: CoordinatePlane, offset: Float) -> LevelPlane {
        let su = Float(width) * 256, sv = Float(height) * 256
        return LevelPlane(
            u0: p.s0 * su + offset, dudx: p.dsdx * su, dudy: p.dsdy * su, v0: p.t0 * sv + offset, dvdx: p.dtdx * sv, dvdy: p.dtdy * sv)
    }

    /// A span starting at the pixel centre (X, Y) of the output, biased (its start rounded to
    /// 1/256 texel).
    @inline(__always)
    func row(_ p: LevelPlane, X: Float, Y: Float) -> LevelRow {
        let u = p.u0 + Y * p.dudy + X * p.dudx + 12_582_912, v = p.v0 + Y * p.dvdy + X * p.dvdx + 12_582_912
        return LevelRow(
            u: Floats8(repeating: u) + laneNumbers * p.dudx, v: Floats8(repeating: v) + laneNumbers * p.dvdx,
            uStep: 8 * p.dudx, vStep: 8 * p.dvdx)
    }

    /// Biased fixed-point coordinates of unit coordinates, shifted by `offset`.
    @inline(__always)
    func fixed(s: Floats8, t: Floats8, offset: Float) -> (u: Ints8, v: Ints8) {
        (biasedRound(s, scale: Float(width) * 256, offset: offset), biasedRound(t, scale: Float(height) * 256, offset: offset))
    }

    /// The index of the texel a biased point lies in.
    @inline(__always)
    private func index(_ u: Ints8, _ v: Ints8) -> Ints8 {
        (v &>> 8) &* Ints8(repeating: width) &+ (u &>> 8) &- Ints8(repeating: indexBias)
    }

    /// The texel holding each point (coordinates rounded to 1/256 texel), clamped to the level.
    @inline(__always)
    func nearestIndex(_ c: (u: Ints8, v: Ints8)) -> Ints8 {
        let bias = Ints8(repeating: magicBits)
        return index(
            c.u.clamped(lowerBound: bias, upperBound: Ints8(repeating: nearestLast.u)),
            c.v.clamped(lowerBound: bias, upperBound: Ints8(repeating: nearestLast.v)))
    }

    /// A bilinear footprint: the index of its top-left texel, the weights (0…255, of 256) of
    /// the texels to its right and below, and the index offsets of those neighbours.
    /// Coordinates (shifted so texel centres are whole) are clamped to the first and last
    /// centres as integers — whatever a lane held, even NaN in lanes past a span, its index is
    /// inside the level — and the neighbours of the last column and row are themselves (clamp
    /// to edge).
    @inline(__always)
    func footprint(_ c: (u: Ints8, v: Ints8)) -> (index: Ints8, fx: Ints8, fy: Ints8, right: Ints8, down: Ints8) {
        let bias = Ints8(repeating: magicBits)
        let u = c.u.clamped(lowerBound: bias, upperBound: Ints8(repeating: bilinearLast.u))
        let v = c.v.clamped(lowerBound: bias, upperBound: Ints8(repeating: bilinearLast.v))
        let byte = Ints8(repeating: 0xFF)
        // 1 where a neighbour exists (the point lies before the last centre, by any fraction of
        // a texel), 0 on the last column or row.
        let one = Ints8(repeating: 1)
        let right = (Ints8(repeating: bilinearLast.u) &- u).clamped(lowerBound: .zero, upperBound: one)
        let down = (Ints8(repeating: bilinearLast.v) &- v).clamped(lowerBound: .zero, upperBound: one)
        return (index(u, v), u & byte, v & byte, right, down &* Ints8(repeating: width))
    }

    /// Alpha-mask bilinear: alpha 0…255 from one footprint load per pixel.
    @inline(__always)
    func bilinearAlpha(_ c: (u: Ints8, v: Ints8)) -> Ints8 {
        let f = footprint(c)
        let q = unsafeBitCast(gather(footprints, f.index), to: Ints8.self)
        let byte = Ints8(repeating: 0xFF)
        let a00 = q & byte, a10 = (q &>> 8) & byte, a01 = (q &>> 16) & byte, a11 = (q &>> 24) & byte
        let top = a00 &<< 8 &+ (a10 &- a00) &* f.fx
        let bottom = a01 &<< 8 &+ (a11 &- a01) &* f.fx
        return (top &<< 8 &+ (bottom &- top) &* f.fy) &>> 16
    }

    /// Colour bilinear: premultiplied texels weighted by their shares of the footprint, two
    /// channels per lane.
    @inline(__always)
    func bilinearTexels(_ c: (u: Ints8, v: Ints8)) -> Pixels8 {
        let f = footprint(c)
        let t00 = gather(texels, f.index), t10 = gather(texels, f.index &+ f.right)
        let t01 = gather(texels, f.index &+ f.down), t11 = gather(texels, f.index &+ f.down &+ f.right)
        // Weights of the four texels, summing to 256.
        let w11 = (f.fx &* f.fy &+ Ints8(repeating: 128)) &>> 8
        let w10 = f.fx &- w11, w01 = f.fy &- w11
        let w00 = Ints8(repeating: 256) &- f.fx &- f.fy &+ w11
        let k00 = unsafeBitCast(w00, to: Pixels8.self), k10 = unsafeBitCast(w10, to: Pixels8.self)
        let k01 = unsafeBitCast(w01, to: Pixels8.self), k11 = unsafeBitCast(w11, to: Pixels8.self)
        let rb = (t00 & lowChannels) &* k00 &+ (t10 & lowChannels) &* k10 &+ (t01 & lowChannels) &* k01 &+ (t11 & lowChannels) &* k11
        let ag =
            ((t00 &>> 8) & lowChannels) &* k00 &+ ((t10 &>> 8) & lowChannels) &* k10
            &+ ((t01 &>> 8) & lowChannels) &* k01 &+ ((t11 &>> 8) & lowChannels) &* k11
        return packWeighted(redBlue: rb, alphaGreen: ag)
    }
}

/// Samples texels at 8 points, given along a span (quads) or as unit coordinates (triangles).
protocol TexelSampler {
    associatedtype Plane
    associatedtype Row
    /// A quad's coordinates in the sampler's own terms (once per quad).
    func plane(_ p: CoordinatePlane) -> Plane
    /// A span starting at the pixel centre (X, Y) of the output (once per row).
    func row(_ plane: Plane, X: Float, Y: Float) -> Row
    /// Moves `row` on by 8 pixels without sampling them.
    func skip(_ row: inout Row)
}

/// Samples the alpha (0…255) of an alpha mask: the next 8 pixels of a span (moving it on), or
/// at unit coordinates.
protocol AlphaSampler: TexelSampler {
    func alpha(_ row: inout Row) -> Ints8
    func alpha(s: Floats8, t: Floats8) -> Ints8
}

/// Samples premultiplied texels of a colour image: the next 8 pixels of a span (moving it on),
/// or at unit coordinates.
protocol ColorSampler: TexelSampler {
    func texels(_ row: inout Row) -> Pixels8
    func texels(s: Floats8, t: Floats8) -> Pixels8
}

/// The nearest texel.
struct Nearest: AlphaSampler, ColorSampler {
    let level: LevelView

    @inline(__always) func plane(_ p: CoordinatePlane) -> LevelPlane { level.plane(p, offset: 0) }
    @inline(__always) func row(_ p: LevelPlane, X: Float, Y: Float) -> LevelRow { level.row(p, X: X, Y: Y) }
    @inline(__always) func skip(_ row: inout LevelRow) { _ = row.next() }
    @inline(__always) func alpha(_ row: inout LevelRow) -> Ints8 { gather(level.alpha, level.nearestIndex(row.next())) }
    @inline(__always) func alpha(s: Floats8, t: Floats8) -> Ints8 {
        gather(level.alpha, level.nearestIndex(level.fixed(s: s, t: t, offset: 0)))
    }
    @inline(__always) func texels(_ row: inout LevelRow) -> Pixels8 { gather(level.texels, level.nearestIndex(row.next())) }
    @inline(__always) func texels(s: Floats8, t: Floats8) -> Pixels8 {
        gather(level.texels, level.nearestIndex(level.fixed(s: s, t: t, offset: 0)))
    }
}

/// Bilinear within one level.
struct Bilinear: AlphaSampler, ColorSampler {
    let level: LevelView

    @inline(__always) func plane(_ p: CoordinatePlane) -> LevelPlane { level.plane(p, offset: -128) }
    @inline(__always) func row(_ p: LevelPlane, X: Float, Y: Float) -> LevelRow { level.row(p, X: X, Y: Y) }
    @inline(__always) func skip(_ row: inout LevelRow) { _ = row.next() }
    @inline(__always) func alpha(_ row: inout LevelRow) -> Ints8 { level.bilinearAlpha(row.next()) }
    @inline(__always) func alpha(s: Floats8, t: Floats8) -> Ints8 { level.bilinearAlpha(level.fixed(s: s, t: t, offset: -128)) }
    @inline(__always) func texels(_ row: inout LevelRow) -> Pixels8 { level.bilinearTexels(row.next()) }
    @inline(__always) func texels(s: Floats8, t: Floats8) -> Pixels8 { level.bilinearTexels(level.fixed(s: s, t: t, offset: -128)) }
}

/// Bilinear in two levels, blended by `weight` (of 256) of the second.
struct Trilinear: AlphaSampler, ColorSampler {
    let first: Bilinear
    let second: Bilinear
    let weight: Int32

    init(level: LevelView, next: LevelView, weight: Int32) {
        first = Bilinear(level: level)
        second = Bilinear(level: next)
        self.weight = weight
    }

    @inline(__always) func plane(_ p: CoordinatePlane) -> (LevelPlane, LevelPlane) { (first.plane(p), second.plane(p)) }
    @inline(__always) func row(_ p: (LevelPlane, LevelPlane), X: Float, Y: Float) -> (LevelRow, LevelRow) {
        (first.row(p.0, X: X, Y: Y), second.row(p.1, X: X, Y: Y))
    }
    @inline(__always) func skip(_ row: inout (LevelRow, LevelRow)) {
        first.skip(&row.0)
        second.skip(&row.1)
    }
    @inline(__always) func alpha(_ row: inout (LevelRow, LevelRow)) -> Ints8 { blend(first.alpha(&row.0), second.alpha(&row.1)) }
    @inline(__always) func alpha(s: Floats8, t: Floats8) -> Ints8 { blend(first.alpha(s: s, t: t), second.alpha(s: s, t: t)) }
    @inline(__always) func texels(_ row: inout (LevelRow, LevelRow)) -> Pixels8 { blend(first.texels(&row.0), second.texels(&row.1)) }
    @inline(__always) func texels(s: Floats8, t: Floats8) -> Pixels8 { blend(first.texels(s: s, t: t), second.texels(s: s, t: t)) }

    @inline(__always)
    private func blend(_ a: Ints8, _ b: Ints8) -> Ints8 {
        (a &<< 8 &+ (b &- a) &* Ints8(repeating: weight) &+ Ints8(repeating: 128)) &>> 8
    }

    @inline(__always)
    private func blend(_ a: Pixels8, _ b: Pixels8) -> Pixels8 {
        let w = Pixels8(repeating: UInt32(weight)), keep = Pixels8(repeating: UInt32(256 - weight))
        let rb = (a & lowChannels) &* keep &+ (b & lowChannels) &* w
        let ag = ((a &>> 8) & lowChannels) &* keep &+ ((b &>> 8) & lowChannels) &* w
        return packWeighted(redBlue: rb, alphaGreen: ag)
    }
}

// MARK: Sources

/// Makes 8 premultiplied, tinted pixels: along a span (quads) or at unit texture coordinates
/// (triangles).
protocol SpanSource: TexelSampler {
    func pixels(_ row: inout Row, tint: Tint) -> Pixels8
    func pixels(s: Floats8, t: Floats8, tint: Tint) -> Pixels8
}

/// Solid colour: the tint itself.
struct SolidSource: SpanSource {
    @inline(__always) func plane(_ p: CoordinatePlane) {}
    @inline(__always) func row(_ plane: Void, X: Float, Y: Float) {}
    @inline(__always) func skip(_ row: inout Void) {}
    @inline(__always) func pixels(_ row: inout Void, tint: Tint) -> Pixels8 { tint.solid }
    @inline(__always) func pixels(s: Floats8, t: Floats8, tint: Tint) -> Pixels8 { tint.solid }
}

/// A tinted alpha mask.
struct MaskSource<Sampler: AlphaSampler>: SpanSource {
    let sampler: Sampler

    @inline(__always) func plane(_ p: CoordinatePlane) -> Sampler.Plane { sampler.plane(p) }
    @inline(__always) func row(_ plane: Sampler.Plane, X: Float, Y: Float) -> Sampler.Row { sampler.row(plane, X: X, Y: Y) }
    @inline(__always) func skip(_ row: inout Sampler.Row) { sampler.skip(&row) }
    @inline(__always) func pixels(_ row: inout Sampler.Row, tint: Tint) -> Pixels8 { tint.apply(alpha: sampler.alpha(&row)) }
    @inline(__always) func pixels(s: Floats8, t: Floats8, tint: Tint) -> Pixels8 { tint.apply(alpha: sampler.alpha(s: s, t: t)) }
}

/// A tinted colour image.
struct ColorSource<Sampler: ColorSampler>: SpanSource {
    let sampler: Sampler

    @inline(__always) func plane(_ p: CoordinatePlane) -> Sampler.Plane { sampler.plane(p) }
    @inline(__always) func row(_ plane: Sampler.Plane, X: Float, Y: Float) -> Sampler.Row { sampler.row(plane, X: X, Y: Y) }
    @inline(__always) func skip(_ row: inout Sampler.Row) { sampler.skip(&row) }
    @inline(__always) func pixels(_ row: inout Sampler.Row, tint: Tint) -> Pixels8 { tint.apply(texels: sampler.texels(&row)) }
    @inline(__always) func pixels(s: Floats8, t: Floats8, tint: Tint) -> Pixels8 { tint.apply(texels: sampler.texels(s: s, t: t)) }
}

/// Something that draws with a source and a blend operation, given both as types so each
/// combination is compiled on its own.
protocol SpanSourceVisitor {
    mutating func visit<Source: SpanSource, Operation: BlendOperation>(_ source: Source, _ operation: Operation.Type)
}

/// Calls `visitor` with the source that samples `texture` (nil: solid colour) as `choice` says
/// and the operation of `blendMode`: the one place a draw's settings become kernel types.
@inline(__always)
func dispatch<Visitor: SpanSourceVisitor>(
    _ texture: MipLevels?, _ choice: SampleChoice, _ blendMode: BlendMode, to visitor: inout Visitor
) {
    switch blendMode {
    case .normal: dispatch(texture, choice, SourceOver.self, to: &visitor)
    case .additive: dispatch(texture, choice, Additive.self, to: &visitor)
    }
}

@inline(__always)
private func dispatch<Visitor: SpanSourceVisitor, Operation: BlendOperation>(
    _ texture: MipLevels?, _ choice: SampleChoice, _ operation: Operation.Type, to visitor: inout Visitor
) {
    guard let texture else { return visitor.visit(SolidSource(), operation) }
    let level = texture.view(choice.level)
    switch (choice.filter, texture.isAlphaMask) {
    case (.nearest, true): visitor.visit(MaskSource(sampler: Nearest(level: level)), operation)
    case (.nearest, false): visitor.visit(ColorSource(sampler: Nearest(level: level)), operation)
    case (.linear, true): visitor.visit(MaskSource(sampler: Bilinear(level: level)), operation)
    case (.linear, false): visitor.visit(ColorSource(sampler: Bilinear(level: level)), operation)
    case (.trilinear, let mask):
        let trilinear = Trilinear(level: level, next: texture.view(choice.level + 1), weight: Int32((choice.blend * 256).rounded()))
        if mask {
            visitor.visit(MaskSource(sampler: trilinear), operation)
        } else {
            visitor.visit(ColorSource(sampler: trilinear), operation)
        }
    }
}

// MARK: Blending

/// Combines 8 premultiplied source pixels with the 8 below them.
protocol BlendOperation {
    static func blend(_ source: Pixels8, over destination: Pixels8) -> Pixels8
    /// Whether 8 pixels below that are all opaque white stay so whatever the source (then the
    /// source need not be sampled).
    static var keepsWhite: Bool { get }
}

/// Source-over: `d' = s + d · (255 − sα) / 255`, rounded, per channel.
enum SourceOver: BlendOperation {
    static var keepsWhite: Bool { false }

    @inline(__always)
    static func blend(_ s: Pixels8, over d: Pixels8) -> Pixels8 {
        // 255 − sα in both 16-bit halves; each channel times it is at most 255², and
        // x + (x >> 8) with x = c·k + 128 stays below 2¹⁶: 16-bit lanes suffice.
        let alpha = s &>> 24, keep = halves(Pixels8(repeating: 0x00FF_00FF) &- (alpha | alpha &<< 16))
        let round = Channels16(repeating: 128)
        let rb = halves(d & lowChannels) &* keep &+ round, ag = halves((d &>> 8) & lowChannels) &* keep &+ round
        return s &+ (whole((rb &+ (rb &>> 8)) &>> 8) | whole((ag &+ (ag &>> 8)) & Channels16(repeating: 0xFF00)))
    }
}

/// Additive: `d' = min(d + s, 255)` per channel, alpha included: a byte-wise add, and all
/// ones where a byte wrapped around (its sum is below what it started from).
enum Additive: BlendOperation {
    /// Sums stop at 255: white stays white (the centre of a dense additive effect, where most
    /// of its overdraw lands).
    static var keepsWhite: Bool { true }

    @inline(__always)
    static func blend(_ s: Pixels8, over d: Pixels8) -> Pixels8 {
        let below = unsafeBitCast(d, to: SIMD32<UInt8>.self)
        let sum = below &+ unsafeBitCast(s, to: SIMD32<UInt8>.self)
        let wrapped = unsafeBitCast(sum .< below, to: Pixels8.self)
        return unsafeBitCast(sum, to: Pixels8.self) | wrapped
    }
}

// MARK: The span loop

/// Draws pixels `x0..<x1` of `line`, sampling `source` along `row` (set up at pixel `x0`).
/// Whole 8-pixel vectors are read and written; lanes past the span add nothing (the row's
/// padding keeps the last vector inside the buffer, and a row belongs to one thread). Under an
/// operation that keeps white (additive), 8 pixels below that are all opaque white are left as
/// they are and not sampled: the dense centre of an additive effect costs little.
@inline(__always)
func fillSpan<Source: SpanSource, Operation: BlendOperation>(
    _ line: UnsafeMutablePointer<UInt32>, _ x0: Int, _ x1: Int, _ source: Source, _ row: Source.Row, _ tint: Tint, _: Operation.Type
) {
    var x = x0
    var row = row
    while x < x1 {
        let address = UnsafeMutableRawPointer(line + x)
        let below = address.loadUnaligned(as: Pixels8.self)
        if Operation.keepsWhite, all(below .== Pixels8(repeating: .max)) {
            source.skip(&row)
        } else {
            var pixels = source.pixels(&row, tint: tint)
            if x1 - x < 8 { pixels &= laneMask(x1 - x) }
            address.storeBytes(of: Operation.blend(pixels, over: below), as: Pixels8.self)
        }
        x += 8
    }
}

// MARK: Groups

/// Composites pixels `x0..<x1` of `source` (a group's image, premultiplied), faded by
/// `opacity`, source-over onto the same pixels of `destination`. Whole vectors are read and
/// written as in `fillSpan`; lanes past the span add nothing.
@inline(__always)
func compositeSpan(_ destination: UnsafeMutablePointer<UInt32>, _ source: UnsafePointer<UInt32>, _ x0: Int, _ x1: Int, opacity: Tint) {
    var x = x0
    while x < x1 {
        var pixels = opacity.apply(texels: UnsafeRawPointer(source + x).loadUnaligned(as: Pixels8.self))
        if x1 - x < 8 { pixels &= laneMask(x1 - x) }
        let address = UnsafeMutableRawPointer(destination + x)
        let below = address.loadUnaligned(as: Pixels8.self)
        address.storeBytes(of: SourceOver.blend(pixels, over: below), as: Pixels8.self)
        x += 8
    }
}
