import CSparksKernels
import SparksCore

/// The pixel kernels the rasterizer draws with (C, in CSparksKernels): one implementation,
/// compiled for the baseline of the architecture and, on x86-64, for AVX2 with FMA. Every set
/// draws the same pixels, bit for bit; they differ only in speed.
public struct RasterKernels: Sendable, Equatable {
    /// The kernels' table, a static constant of the C library.
    nonisolated(unsafe) let table: UnsafePointer<sparks_kernels>

    /// "avx2" or "baseline".
    public var name: String { String(cString: table.pointee.name) }

    /// What this process draws with: AVX2 where the CPU has it (with FMA), else the baseline;
    /// the baseline whatever the CPU when the environment sets `SPARKS_KERNELS=baseline`.
    public static var active: RasterKernels { RasterKernels(table: sparks_kernels_active()) }

    /// The baseline kernels, which every machine of the architecture runs.
    public static var baseline: RasterKernels { RasterKernels(table: sparks_kernels_baseline()) }

    /// Every set this machine can run, the baseline first.
    public static var available: [RasterKernels] {
        [baseline] + (sparks_kernels_avx2().map { [RasterKernels(table: $0)] } ?? [])
    }

    /// Whether the rasterizer's kernels were compiled with optimisation: a debug build of a
    /// package that depends on Sparks compiles them without, and draws many times slower.
    public static var areOptimized: Bool { sparks_kernels_optimized() != 0 }
}

/// The straight-alpha tint of a quad as the kernels take it: factors in 256ths,
/// `round(colour · alpha · 256)` and `round(alpha · 256)`, so an opaque white texel under an
/// opaque white tint stays exactly 255.
struct TintFactors {
    static func of(red: Float, green: Float, blue: Float, alpha: Float) -> sparks_tint {
        func factor(_ v: Float) -> Int32 { Int32(truncatingIfNeeded: wholeNumber((min(max(v, 0), 1) * 256).rounded())) }
        let a = min(max(alpha, 0), 1)
        return sparks_tint(
            red: factor(min(max(red, 0), 1) * a), green: factor(min(max(green, 0), 1) * a), blue: factor(min(max(blue, 0), 1) * a),
            alpha: factor(a))
    }
}

extension sparks_source {
    /// What a draw samples from `texture` (nil: solid colour) as `choice` says, blended by `mode`.
    init(_ texture: MipLevels?, _ choice: SampleChoice, _ mode: BlendMode) {
        let blend = mode == .additive ? Int32(SPARKS_BLEND_ADD) : Int32(SPARKS_BLEND_OVER)
        let none = sparks_level(texels: nil, alpha: nil, footprints: nil, width: 0, height: 0)
        guard let texture else {
            self.init(kind: Int32(SPARKS_SOURCE_SOLID), filter: 0, blend: blend, trilinear_weight: 0, level: none, next_level: none)
            return
        }
        let filter: Int32 =
            switch choice.filter {
            case .nearest: Int32(SPARKS_FILTER_NEAREST)
            case .linear: Int32(SPARKS_FILTER_LINEAR)
            case .trilinear: Int32(SPARKS_FILTER_TRILINEAR)
            }
        self.init(
            kind: texture.isAlphaMask ? Int32(SPARKS_SOURCE_MASK) : Int32(SPARKS_SOURCE_COLOR), filter: filter, blend: blend,
            trilinear_weight: choice.filter == .trilinear ? Int32((choice.blend * 256).rounded()) : 0,
            level: texture.view(choice.level), next_level: choice.filter == .trilinear ? texture.view(choice.level + 1) : none)
    }
}

extension DrawArea {
    /// The area as the kernels take it.
    var kernelArea: sparks_area {
        sparks_area(buffer: buffer, row_stride: rowStride, x0: Int32(x0), x1: Int32(x1), y0: Int32(y0), y1: Int32(y1))
    }
}

/// The bits of 1.5·2²³: a float `v` in [0, 2²²) plus 1.5·2²³ has the bits `magicBits + round(v)`.
let magicBits: Int32 = 0x4B40_0000

/// A float holding a whole number in (−2²², 2²²) as an integer, without the range checks of
/// `Int(_:)`.
@inline(__always)
func wholeNumber(_ v: Float) -> Int {
    Int(Int32(bitPattern: (v + 12_582_912).bitPattern) &- magicBits)
}
