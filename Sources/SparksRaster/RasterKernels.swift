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

    /// Whether ``DrawQuad`` and ``QuadExtent`` are laid out field for field as the kernels'
    /// `sparks_draw_quad` and `sparks_quad_rows`: the draw list's quads are handed to the
    /// kernels as they are, without a copy.
    package static let quadLayoutsMatch: Bool = {
        typealias Q = DrawQuad
        typealias C = sparks_draw_quad
        let quadFields: [(PartialKeyPath<Q>, PartialKeyPath<C>)] = [
            (\Q.originX, \C.origin_x), (\Q.originY, \C.origin_y), (\Q.uAxisX, \C.u_axis_x), (\Q.uAxisY, \C.u_axis_y),
            (\Q.vAxisX, \C.v_axis_x), (\Q.vAxisY, \C.v_axis_y), (\Q.u0, \C.u0), (\Q.v0, \C.v0), (\Q.u1, \C.u1), (\Q.v1, \C.v1),
            (\Q.red, \C.red), (\Q.green, \C.green), (\Q.blue, \C.blue), (\Q.alpha, \C.alpha),
        ]
        let quadsAgree = quadFields.allSatisfy { MemoryLayout<Q>.offset(of: $0.0) == MemoryLayout<C>.offset(of: $0.1) }
        return quadsAgree && MemoryLayout<Q>.stride == MemoryLayout<C>.stride
            && MemoryLayout<QuadExtent>.offset(of: \.first) == MemoryLayout<sparks_quad_rows>.offset(of: \.first)
            && MemoryLayout<QuadExtent>.offset(of: \.last) == MemoryLayout<sparks_quad_rows>.offset(of: \.last)
            && MemoryLayout<QuadExtent>.stride == MemoryLayout<sparks_quad_rows>.stride
    }()

    /// Whether the rasterizer's kernels were compiled with optimisation: a debug build of a
    /// package that depends on Sparks compiles them without, and draws many times slower.
    public static var areOptimized: Bool { sparks_kernels_optimized() != 0 }
}

/// The straight-alpha tint of a quad as the kernels take it: factors in 256ths,
/// `round(colour · alpha · 256)` and `round(alpha · 256)`, so an opaque white texel under an
/// opaque white tint stays exactly 255 (the kernels' rule, `sparks_tint_of`).
enum TintFactors {
    static func of(red: Float, green: Float, blue: Float, alpha: Float) -> sparks_tint {
        sparks_tint_of(red, green, blue, alpha)
    }
}

extension sparks_source {
    /// What a draw samples from `texture` (nil: solid colour) as `choice` says, blended by `mode`.
    init(_ texture: MipLevels?, _ choice: SampleChoice, _ mode: BlendMode) {
        let choice = sparks_choice(filter: choice.filter.kernelCode, level: Int32(clamping: choice.level), blend: choice.blend)
        self = sparks_source_for(
            texture?.levels.baseAddress, Int32(texture?.levels.count ?? 0), texture?.isAlphaMask == true ? 1 : 0, mode.kernelBlend, choice)
    }
}

extension BlendMode {
    /// The blend as the kernels name it (`SPARKS_BLEND_…`).
    var kernelBlend: Int32 { self == .additive ? Int32(SPARKS_BLEND_ADD) : Int32(SPARKS_BLEND_OVER) }
}

extension DrawArea {
    /// The area as the kernels take it.
    var kernelArea: sparks_area {
        sparks_area(buffer: buffer, row_stride: rowStride, x0: Int32(x0), x1: Int32(x1), y0: Int32(y0), y1: Int32(y1))
    }
}
