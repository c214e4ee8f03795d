import CSparksKernels
import SparksCore

/// Draws triangles (tessellated rounded rectangles and borders, quads seen in perspective):
/// coverage by exact integer edge functions on a 1/16-pixel grid with the top-left rule, so
/// triangles sharing an edge cover each pixel once (no seams, no double blending); colour and
/// texture coordinates interpolated perspective-correct (linear in `attribute / w`), 8 pixels
/// at a time by the pixel kernels (``RasterKernels``), with the same samplers and blend
/// operations as quads.
struct TriangleRasterizer {
    /// Covered pixels drawn so far.
    var coveredPixels = 0

    /// Draws the triangles of `indices[range]` (three per triangle) into `area`.
    mutating func draw(
        _ vertices: UnsafeBufferPointer<DrawVertex>, _ indices: UnsafeBufferPointer<UInt32>, range: Range<Int>,
        texture: MipLevels?, sampling: TextureSampling, blendMode: BlendMode, area: DrawArea, kernels: RasterKernels
    ) {
        var target = area.kernelArea
        let fill = kernels.table.pointee.fill_triangle!
        var i = range.lowerBound
        while i + 2 < range.upperBound {
            let a = Int(indices[i]), b = Int(indices[i + 1]), c = Int(indices[i + 2])
            i += 3
            guard a < vertices.count, b < vertices.count, c < vertices.count else { continue }
            guard let triangle = TriangleSetup(vertices[a], vertices[b], vertices[c], area: area) else { continue }
            var choice = SampleChoice(filter: .nearest, level: 0, blend: 0)
            if let texture {
                choice = sampling.choose(
                    texelsPerPixel: triangle.texelsPerPixel(width: Float(texture.levels[0].width), height: Float(texture.levels[0].height)),
                    levelCount: texture.levels.count)
            }
            var setup = triangle.setup
            var source = sparks_source(texture, choice, blendMode)
            coveredPixels &+= Int(fill(&setup, &source, &target))
        }
    }
}

/// One triangle ready to draw: its edge functions, its rows, and the planes its attributes
/// interpolate on.
private struct TriangleSetup {
    /// An edge function `a·X + b·Y + c` in 1/16 pixels, ≥ 0 inside (with the bias of the
    /// top-left rule folded into c).
    struct Edge {
        let a: Int64, b: Int64, c: Int64
    }

    /// A value across the triangle: `value + dx·x + dy·y` at pixel centres, from pixel (0, 0).
    struct Plane {
        let value: Float, dx: Float, dy: Float
    }

    let edges: (Edge, Edge, Edge)
    let rows: Range<Int>
    /// Planes of 1/w and of each attribute over w.
    let q: Plane, u: Plane, v: Plane, red: Plane, green: Plane, blue: Plane, alpha: Plane
    /// Texture coordinate gradients without perspective, for choosing a mip level.
    let textureGradient: (dudx: Float, dudy: Float, dvdx: Float, dvdy: Float)

    init?(_ p: DrawVertex, _ r: DrawVertex, _ s: DrawVertex, area: DrawArea) {
        func usable(_ v: DrawVertex) -> Bool {
            v.w > 0 && v.w.isFinite && abs(v.x) < 1e7 && abs(v.y) < 1e7 && v.u.isFinite && v.v.isFinite
        }
        guard usable(p), usable(r), usable(s) else { return nil }
        func fixed(_ v: Float) -> Int64 { Int64((v * 16).rounded()) }
        let (ax, ay) = (fixed(p.x), fixed(p.y))
        var (bx, by) = (fixed(r.x), fixed(r.y)), (cx, cy) = (fixed(s.x), fixed(s.y))
        var (va, vb, vc) = (p, r, s)
        var area2 = (bx - ax) * (cy - ay) - (by - ay) * (cx - ax)
        guard area2 != 0 else { return nil }
        if area2 < 0 {
            swap(&bx, &cx)
            swap(&by, &cy)
            swap(&vb, &vc)
            area2 = -area2
        }
        // Edge p0 → p1: (x1 − x0)(Y − y0) − (y1 − y0)(X − x0) ≥ 0 inside. With this winding in
        // y-down coordinates a top edge runs in +x with no slope and a left edge runs upwards:
        // pixels exactly on those belong to this triangle, on the others to the neighbour.
        func edge(_ x0: Int64, _ y0: Int64, _ x1: Int64, _ y1: Int64) -> Edge {
            let dx = x1 - x0, dy = y1 - y0
            let ownsBoundary = (dy == 0 && dx > 0) || dy < 0
            return Edge(a: -dy, b: dx, c: dy * x0 - dx * y0 - (ownsBoundary ? 0 : 1))
        }
        edges = (edge(bx, by, cx, cy), edge(cx, cy, ax, ay), edge(ax, ay, bx, by))
        // Rows whose centres (16y + 8) lie between the lowest and highest vertex.
        let top = min(ay, by, cy), bottom = max(ay, by, cy)
        let first = max(Int((top - 8 + 15) >> 4), area.y0), last = min(Int((bottom - 8) >> 4) + 1, area.y1)
        guard first < last else { return nil }
        rows = first..<last

        // Attribute planes through the corners as coverage places them (on the 1/16 grid), so
        // every covered pixel lies inside the triangle they interpolate over and gets a blend of
        // the corners' values (a sliver whose corners as given are all but in a line would
        // otherwise divide by almost nothing). Worked out in Double from the canvas's origin: a
        // triangle whose corners lie far outside the canvas (a layer seen almost edge-on, a huge
        // shape) loses every digit of its attributes to cancellation when its planes are
        // anchored at a corner in Float. The anchor is the same for every band, so the picture
        // is the same for any thread count.
        let px = Double(ax) / 16, py = Double(ay) / 16
        let e1 = (Double(bx - ax) / 16, Double(by - ay) / 16), e2 = (Double(cx - ax) / 16, Double(cy - ay) / 16)
        let det = Double(area2) / 256
        func plane(_ fa: Double, _ fb: Double, _ fc: Double) -> Plane {
            let d1 = fb - fa, d2 = fc - fa
            let dx = (d1 * e2.1 - d2 * e1.1) / det, dy = (d2 * e1.0 - d1 * e2.0) / det
            return Plane(value: Float(fa - dx * px - dy * py), dx: Float(dx), dy: Float(dy))
        }
        let (qa, qb, qc) = (1 / Double(va.w), 1 / Double(vb.w), 1 / Double(vc.w))
        func over(_ f: (DrawVertex) -> Float) -> Plane { plane(Double(f(va)) * qa, Double(f(vb)) * qb, Double(f(vc)) * qc) }
        q = plane(qa, qb, qc)
        u = over(\.u)
        v = over(\.v)
        red = over(\.red)
        green = over(\.green)
        blue = over(\.blue)
        alpha = over(\.alpha)
        let affineU = plane(Double(va.u), Double(vb.u), Double(vc.u)), affineV = plane(Double(va.v), Double(vb.v), Double(vc.v))
        textureGradient = (affineU.dx, affineU.dy, affineV.dx, affineV.dy)
    }

    /// Level-0 texels per pixel for a texture of the given size (the larger screen direction).
    func texelsPerPixel(width: Float, height: Float) -> Float {
        let g = textureGradient
        return TextureSampling.texelsPerPixel(dUdx: g.dudx * width, dVdx: g.dvdx * height, dUdy: g.dudy * width, dVdy: g.dvdy * height)
    }

    /// The triangle as the kernels take it (its rows within the area already).
    var setup: sparks_triangle_setup {
        func edge(_ e: Edge) -> sparks_edge { sparks_edge(a: e.a, b: e.b, c: e.c) }
        func plane(_ p: Plane) -> sparks_plane { sparks_plane(value: p.value, dx: p.dx, dy: p.dy) }
        return sparks_triangle_setup(
            edges: (edge(edges.0), edge(edges.1), edge(edges.2)), first_row: Int32(rows.lowerBound), end_row: Int32(rows.upperBound),
            q: plane(q), u: plane(u), v: plane(v), red: plane(red), green: plane(green), blue: plane(blue), alpha: plane(alpha))
    }
}
