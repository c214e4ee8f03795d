import CSparksKernels
import SparksCore

/// Where a draw may write: its clip rectangle within one thread's band of rows.
struct DrawArea {
    let buffer: UnsafeMutablePointer<UInt32>
    let rowStride: Int
    /// Columns `x0..<x1`, rows `y0..<y1`.
    let x0: Int, x1: Int, y0: Int, y1: Int
}

/// Draws ``DrawQuad``s through the kernels (``RasterKernels``), which set each quad up — the
/// inverse of its pixel mapping, the mip level its on-screen size asks for, its tint — and fill,
/// per row, the exact run of pixels whose centres lie inside. The setting up is the kernels' so
/// that a run of quads is one call, not one per quad.
struct QuadRasterizer {
    /// Covered pixels drawn so far (the sum of span lengths).
    var coveredPixels = 0

    /// Draws `quads[range]` into `area` with `kernels`, skipping quads whose rows (`extents[i]`)
    /// miss it.
    mutating func draw(
        _ quads: UnsafePointer<DrawQuad>, _ extents: UnsafePointer<QuadExtent>, range: Range<Int>, texture: MipLevels?,
        sampling: TextureSampling, blendMode: BlendMode, area: DrawArea, kernels: RasterKernels
    ) {
        guard !range.isEmpty else { return }
        assert(RasterKernels.quadLayoutsMatch, "DrawQuad or QuadExtent no longer laid out as the kernels read them")
        var target = area.kernelArea
        var draw = sparks_quad_draw(
            levels: texture?.levels.baseAddress, level_count: Int32(texture?.levels.count ?? 0),
            is_alpha_mask: texture?.isAlphaMask == true ? 1 : 0, minification: sampling.minification.kernelCode,
            magnification: sampling.magnification.kernelCode, bias_factor: sampling.biasFactor, blend: blendMode.kernelBlend)
        let end = range.upperBound
        let covered = quads.withMemoryRebound(to: sparks_draw_quad.self, capacity: end) { quads in
            extents.withMemoryRebound(to: sparks_quad_rows.self, capacity: end) { rows in
                kernels.table.pointee.fill_quads(quads, rows, Int64(range.lowerBound), Int64(end), &draw, &target)
            }
        }
        coveredPixels &+= Int(covered)
    }
}

/// The rows a quad can touch: `first...last`, from its corners (the kernels' `sparks_quad_rows`).
struct QuadExtent {
    var first: Int32
    var last: Int32

    /// Rows whose centres may lie inside `q` (rounded outward), limited to rows −2 … 2²¹ (the
    /// canvas is at most 16384 rows); none for a transparent quad or one reaching past ±10⁷
    /// pixels, where `Float` no longer places a pixel to a sixteenth.
    @inline(__always)
    init(_ q: DrawQuad) {
        let top = q.originY + min(q.uAxisY, 0) + min(q.vAxisY, 0) - 0.5
        let bottom = q.originY + max(q.uAxisY, 0) + max(q.vAxisY, 0) - 0.5
        // NaN fails both comparisons: an empty extent.
        guard q.alpha > 0, top > -1e7, bottom < 1e7 else {
            first = 1
            last = 0
            return
        }
        first = sparks_whole_number(max(top, -2).rounded(.down))
        last = sparks_whole_number(min(bottom, 2_097_152).rounded(.up))
    }
}
