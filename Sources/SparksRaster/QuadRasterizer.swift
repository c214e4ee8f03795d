import CSparksKernels
import SparksCore

/// Where a draw may write: its clip rectangle within one thread's band of rows.
struct DrawArea {
    let buffer: UnsafeMutablePointer<UInt32>
    let rowStride: Int
    /// Columns `x0..<x1`, rows `y0..<y1`.
    let x0: Int, x1: Int, y0: Int, y1: Int
}

/// Draws ``DrawQuad``s: per quad, the inverse of its pixel mapping, the mip level its on-screen
/// size asks for, and per row the exact run of pixels whose centres lie inside, filled by the
/// pixel kernels (``RasterKernels``).
///
/// A pixel (x, y) is covered when its centre lies in the parallelogram: with d the centre
/// minus the quad's origin, `s = (d × v) / (u × v)` and `t = (u × d) / (u × v)` (u and v the
/// edges, × the 2-D cross product) satisfy 0 ≤ s < 1 and 0 ≤ t < 1. Along a row both are
/// affine in x, so each bound is an interval of x: the span is their intersection.
struct QuadRasterizer {
    /// Covered pixels drawn so far (the sum of span lengths).
    var coveredPixels = 0

    /// Draws `quads[range]` into `area` with `kernels`, skipping quads whose rows (`extents[i]`)
    /// miss it.
    mutating func draw(
        _ quads: UnsafePointer<DrawQuad>, _ extents: UnsafePointer<QuadExtent>, range: Range<Int>, texture: MipLevels?,
        sampling: TextureSampling, blendMode: BlendMode, area: DrawArea, kernels: RasterKernels
    ) {
        // Level 0's size, once per draw rather than per quad.
        let base = texture.map { (width: Float($0.levels[0].width), height: Float($0.levels[0].height), count: $0.levels.count) }
        var target = area.kernelArea
        let fill = kernels.table.pointee.fill_quad!
        var covered: Int64 = 0
        // Quads of one draw mostly choose the same level and filter: the kernels' source is
        // made again only when the choice changes.
        var lastChoice: SampleChoice? = nil
        var source = sparks_source(texture, SampleChoice(filter: .nearest, level: 0, blend: 0), blendMode)
        for i in range {
            let r = extents[i]
            guard Int(r.last) >= area.y0, Int(r.first) < area.y1 else { continue }
            let q = quads[i]
            let tint = TintFactors.of(red: q.red, green: q.green, blue: q.blue, alpha: q.alpha)
            guard tint.alpha != 0 else { continue }
            let det = q.uAxisX * q.vAxisY - q.uAxisY * q.vAxisX
            guard abs(det) > 1e-6 else { continue }
            let inverse = 1 / det
            // s and t per pixel along x and y; the texture coordinates follow them.
            let geometry = QuadGeometry(
                q, rows: r, dsdx: q.vAxisY * inverse, dsdy: -q.vAxisX * inverse, dtdx: -q.uAxisY * inverse, dtdy: q.uAxisX * inverse)
            guard geometry.isUsable else { continue }
            var choice = SampleChoice(filter: .nearest, level: 0, blend: 0)
            if let base {
                let c = geometry.coordinates
                let texelsPerPixel = TextureSampling.texelsPerPixel(
                    dUdx: c.dsdx * base.width, dVdx: c.dtdx * base.height, dUdy: c.dsdy * base.width, dVdy: c.dtdy * base.height)
                choice = sampling.choose(texelsPerPixel: texelsPerPixel, levelCount: base.count)
            }
            var setup = geometry.setup(tint: tint)
            if choice != lastChoice {
                source = sparks_source(texture, choice, blendMode)
                lastChoice = choice
            }
            covered &+= fill(&setup, &source, &target)
        }
        coveredPixels &+= Int(covered)
    }
}

/// The rows a quad can touch: `first...last`, from its corners.
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
        first = Int32(truncatingIfNeeded: wholeNumber(max(top, -2).rounded(.down)))
        last = Int32(truncatingIfNeeded: wholeNumber(min(bottom, 2_097_152).rounded(.up)))
    }
}

/// A quad's unit texture coordinates over the screen: `s = s0 + X·dsdx + Y·dsdy` (and t) at
/// a pixel centre X, Y pixels right of and below pixel (0, 0).
struct CoordinatePlane {
    let s0: Float, dsdx: Float, dsdy: Float
    let t0: Float, dtdx: Float, dtdy: Float
}

/// A quad's inverse mapping, from pixel centres back to its parameters, and its spans.
struct QuadGeometry {
    let originX: Float, originY: Float
    /// Unit texture coordinates at pixel coordinates of the output (the plane's value at its
    /// pixel (0, 0) and its steps).
    let coordinates: CoordinatePlane
    /// Rows whose centres can lie inside.
    let firstRow: Int, endRow: Int
    /// `originX − 0.5`: turns an offset X from the origin into the column whose centre it is.
    let columnOffset: Float
    /// The bounds s and t put on a row (see `EdgePair`).
    let s: EdgePair, t: EdgePair

    /// The bounds one parameter p (s or t) puts on a row Y below the origin: with
    /// `p = X·dx + Y·dy`, 0 ≤ p < 1 for X (from the origin's x) in `Y·slope + near ..< Y·slope +
    /// far`, with `slope = −dy/dx` and the ends `0` and `1/dx` in order: ends that move by
    /// `slope` per row.
    ///
    /// A parameter that barely changes along rows (a quad turned by a multiple of π/2 in
    /// floating point, whose cosine is 6e-17, not 0) has a huge `1/dx` and a huge slope; they are
    /// used as they are (the ends are huge and of the right sign, and only rows where p really
    /// lies in [0, 1) are filled), never taken as a sign that the quad cannot be drawn. A
    /// parameter whose change along a row stays below `constantBelow` per pixel — under 1e-7
    /// across 2²⁴ pixels, less than `Float` resolves — is constant along rows and bounds the rows
    /// instead.
    struct EdgePair {
        let slope: Float, near: Float, far: Float
        /// Row offsets `Y` that pass, for a parameter constant along rows.
        let rows: (from: Float, to: Float)

        /// Below this change per pixel a parameter counts as constant.
        static let constantBelow: Float = 1e-14

        init(dx: Float, dy: Float) {
            let dy = abs(dy) < Self.constantBelow ? 0 : dy
            if !(abs(dx) >= Self.constantBelow) {
                // p = Y·dy ∈ [0, 1): every column, on the rows between Y = 0 and 1/dy. (NaN
                // comes here too; `isUsable` turns the quad away.)
                slope = 0
                near = -1e30
                far = 1e30
                rows = dy == 0 ? (-1e30, 1e30) : (min(0, 1 / dy), max(0, 1 / dy))
            } else {
                let reciprocal = 1 / dx
                slope = -dy * reciprocal
                near = min(0, reciprocal)
                far = max(0, reciprocal)
                rows = (-1e30, 1e30)
            }
        }

        /// The columns (offsets X from the origin) where 0 ≤ p < 1 on row offset `Y`.
        @inline(__always)
        func columns(_ Y: Float) -> (lo: Float, hi: Float) {
            let moved = Y * slope
            return (moved + near, moved + far)
        }
    }

    init(_ q: DrawQuad, rows: QuadExtent, dsdx: Float, dsdy: Float, dtdx: Float, dtdy: Float) {
        originX = q.originX
        originY = q.originY
        columnOffset = q.originX - 0.5
        let du = q.u1 - q.u0, dv = q.v1 - q.v0
        // Anchored at the canvas's pixel (0, 0), worked out in Double: sampling then adds at
        // most a canvas's width of steps, however far away the quad's origin lies (a quad a
        // million pixels across keeps its texels to a fraction of a 256th).
        let ux = Double(q.uAxisX), uy = Double(q.uAxisY), vx = Double(q.vAxisX), vy = Double(q.vAxisY)
        let det = ux * vy - uy * vx, ox = -Double(q.originX), oy = -Double(q.originY)
        let s00 = (ox * vy - oy * vx) / det, t00 = (ux * oy - uy * ox) / det
        coordinates = CoordinatePlane(
            s0: Float(Double(q.u0) + s00 * Double(du)), dsdx: dsdx * du, dsdy: dsdy * du,
            t0: Float(Double(q.v0) + t00 * Double(dv)), dtdx: dtdx * dv, dtdy: dtdy * dv)
        s = EdgePair(dx: dsdx, dy: dsdy)
        t = EdgePair(dx: dtdx, dy: dtdy)
        // Rows from the corners, narrowed by parameters constant along rows (row y has
        // Y = y + 0.5 − originY; Y in [from, to)).
        var first = Int(rows.first), end = Int(rows.last) + 1
        // A row number within ±10⁷ (NaN, from a quad `isUsable` turns away, gives −10⁷).
        func row(_ y: Float) -> Int { y >= -1e7 ? Int(Swift.min(y, 1e7).rounded(.up)) : -10_000_000 }
        func narrow(_ limit: (from: Float, to: Float)) {
            guard limit.from > -1e29 else { return }
            first = Swift.max(first, row(limit.from + q.originY - 0.5))
            end = Swift.min(end, row(limit.to + q.originY - 0.5))
        }
        narrow(s.rows)
        narrow(t.rows)
        firstRow = first
        endRow = end
    }

    /// Whether every value is finite and small enough that coordinates stay precise. Sums of
    /// magnitudes, one comparison each: NaN and infinity fail them as any large value does.
    @inline(__always)
    var isUsable: Bool {
        let c = coordinates
        let slopes = abs(c.dsdx) + abs(c.dsdy) + abs(c.dtdx) + abs(c.dtdy) + abs(c.s0) + abs(c.t0)
        // `near` and `far` are at most 1e14 (1/dx) or 1e30 (no bound); the edges' slopes may be
        // huge (an axis almost along the rows) but not infinite.
        let bounds = abs(s.near) + abs(s.far) + abs(t.near) + abs(t.far)
        return slopes < 1e6 && bounds <= 4e30 && abs(s.slope) + abs(t.slope) < 1e30 && abs(originX) + abs(originY) < 1e7
    }

    /// The quad as the kernels take it, with its tint (its rows are limited to ±10⁷; the kernels
    /// keep to the area's).
    func setup(tint: sparks_tint) -> sparks_quad_setup {
        let c = coordinates
        func row(_ r: Int) -> Int32 { Int32(Swift.min(Swift.max(r, -10_000_000), 10_000_000)) }
        return sparks_quad_setup(
            s0: c.s0, dsdx: c.dsdx, dsdy: c.dsdy, t0: c.t0, dtdx: c.dtdx, dtdy: c.dtdy,
            s_slope: s.slope, s_near: s.near, s_far: s.far, t_slope: t.slope, t_near: t.near, t_far: t.far,
            origin_y: originY, column_offset: columnOffset, first_row: row(firstRow), end_row: row(endRow), tint: tint)
    }
}
