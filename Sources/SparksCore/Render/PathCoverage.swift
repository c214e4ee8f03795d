/// The exact anti-aliased coverage of polygons in output pixels, turned into solid spans a
/// backend draws as it draws any quad.
///
/// A shape layer's fill and stroke are unions of arbitrary polygons (self-intersecting, nested,
/// under either fill rule), which no triangle fringe can anti-alias correctly. So the core works
/// out, once, how much of each pixel they cover — by accumulating each edge's signed area into
/// the cells it crosses and summing along rows (the accumulation method of font rasterizers),
/// which gives the winding number times the covered fraction — and hands every backend the
/// same result: runs of pixels with equal coverage, as 1-pixel-high quads of the shape's colour
/// faded by that coverage. Backends only composite; the CPU rasterizer and a GPU draw the same
/// edge pixels.
///
/// Work is in horizontal strips of ``stripHeight`` rows, so memory is bounded by the output's
/// width whatever the shape's size; edges are sorted by their top once, and each strip visits
/// only the edges reaching it. Storage is reused from call to call.
final class PathCoverage {
    /// Rows accumulated at once.
    static let stripHeight = 32
    /// Most edges one shape holds; beyond, the rest are left out.
    static let maxEdges = 1 << 20

    /// Edges in pixels: x0, y0, x1, y1, with y0 < y1 (`direction` says which way they ran).
    private var edges: [SIMD4<Float>] = []
    private var directions: [Float] = []
    private var order: [Int32] = []
    private var bucketStarts: [Int] = []
    private var bucketFill: [Int] = []
    private var active: [Int32] = []
    private var cells: [Float] = []

    /// Forgets the edges.
    func reset() {
        edges.removeAll(keepingCapacity: true)
        directions.removeAll(keepingCapacity: true)
    }

    /// Adds the closed polygon through `points` (in pixels); with `normalise`, wound so that it
    /// adds +1 inside whichever way its points run (for unions).
    func addPolygon(_ points: some Collection<(x: Float, y: Float)>, normalise: Bool) {
        guard points.count >= 3 else { return }
        var sign: Float = 1
        if normalise {
            var area: Float = 0
            var previous = points[points.index(points.endIndex, offsetBy: -1)]
            for p in points {
                area += (previous.x - p.x) * (previous.y + p.y)
                previous = p
            }
            sign = area < 0 ? -1 : 1
        }
        // Appended to locals (the class's arrays are swapped out and back: no per-edge
        // exclusivity checks, no copies).
        var edges: [SIMD4<Float>] = [], directions: [Float] = []
        swap(&edges, &self.edges)
        swap(&directions, &self.directions)
        defer {
            swap(&edges, &self.edges)
            swap(&directions, &self.directions)
        }
        var a = points[points.index(points.endIndex, offsetBy: -1)]
        for b in points {
            defer { a = b }
            guard a.y != b.y, edges.count < Self.maxEdges else { continue }
            edges.append(a.y < b.y ? SIMD4(a.x, a.y, b.x, b.y) : SIMD4(b.x, b.y, a.x, a.y))
            directions.append(a.y < b.y ? sign : -sign)
        }
    }

    /// Appends the covered pixels within `clip` as quads of `color` (red, green, blue, alpha:
    /// straight alpha, limited to 0…1; faded by each run's coverage) to `output`, as one
    /// command; `evenOdd` picks the fill rule. Returns the work done, in pixels visited plus
    /// edges.
    @discardableResult
    func appendSpans(clip: PixelRect, evenOdd: Bool, color: SIMD4<Float>, blendMode: BlendMode, into output: inout DrawList) -> Double {
        guard !edges.isEmpty else { return 0 }
        var minX = Float.infinity, maxX = -Float.infinity, minY = Float.infinity, maxY = -Float.infinity
        for e in edges {
            minX = min(minX, e.x, e.z)
            maxX = max(maxX, e.x, e.z)
            minY = min(minY, e.y)
            maxY = max(maxY, e.w)
        }
        guard minX.isFinite, maxX.isFinite, minY.isFinite, maxY.isFinite else { return Double(edges.count) }
        let box = PixelRect(
            x0: Int32(max(minX.rounded(.down), -1e6)), y0: Int32(max(minY.rounded(.down), -1e6)),
            x1: Int32(min(maxX.rounded(.up), 1e6)), y1: Int32(min(maxY.rounded(.up), 1e6))
        ).intersection(clip).intersection(output.bounds)
        guard !box.isEmpty else { return Double(edges.count) }
        let width = box.width
        // Room for a strip as wide as the output, so shapes that grow do not reallocate.
        let cellCount = (max(width, output.width) + 2) * Self.stripHeight
        if cells.count < cellCount { cells = [Float](repeating: 0, count: cellCount) }
        Self.sortIntoStrips(box, edges: edges, order: &order, bucketStarts: &bucketStarts, bucketFill: &bucketFill)
        // The loops below read and write locals, not the class's arrays (each access to those
        // would be checked for exclusivity); `active` is handed back afterwards for its storage.
        let edges = self.edges, directions = self.directions, order = self.order, bucketStarts = self.bucketStarts
        var active: [Int32] = []
        swap(&active, &self.active)
        defer { swap(&active, &self.active) }
        active.removeAll(keepingCapacity: true)

        let start = output.quadCount
        let color = color.clamped(lowerBound: .zero, upperBound: .one)
        let (red, green, blue, alpha) = (color.x, color.y, color.z, color.w)
        var top = Int(box.y0), strip = 0
        let originX = Float(box.x0)
        while top < Int(box.y1) {
            let bottom = min(top + Self.stripHeight, Int(box.y1))
            // Edges starting in this strip join, finished ones leave.
            for k in bucketStarts[strip]..<bucketStarts[strip + 1] { active.append(order[k]) }
            strip += 1
            active.removeAll { edges[Int($0)].w <= Float(top) }
            cells.withUnsafeMutableBufferPointer { cells in
                for index in active {
                    accumulate(
                        edges[Int(index)], direction: directions[Int(index)], originX: originX, width: width, top: top, bottom: bottom,
                        cells: cells)
                }
                for row in top..<bottom {
                    let base = (row - top) * (width + 2)
                    var sum: Float = 0
                    var runStart = 0, runLevel = 0
                    for x in 0...width {
                        var level = 0
                        if x < width {
                            sum += cells[base + x]
                            var coverage = abs(sum)
                            if evenOdd {
                                coverage -= 2 * (coverage / 2).rounded(.down)
                                if coverage > 1 { coverage = 2 - coverage }
                            }
                            level = Int(min(coverage, 1) * 255 + 0.5)
                        }
                        if level != runLevel {
                            if runLevel > 0 {
                                output.appendQuads(
                                    contentsOf: CollectionOfOne(
                                        DrawQuad(
                                            originX: originX + Float(runStart), originY: Float(row), uAxisX: Float(x - runStart), uAxisY: 0,
                                            vAxisX: 0, vAxisY: 1,
                                            red: red, green: green, blue: blue, alpha: alpha * Float(runLevel) / 255)))
                            }
                            runStart = x
                            runLevel = level
                        }
                    }
                    for x in 0..<(width + 2) { cells[base + x] = 0 }
                }
            }
            top = bottom
        }
        output.addCommand(.quads, start..<output.quadCount, texture: nil, sampling: .standard, blendMode: blendMode, clip: box)
        return Double(box.width) * Double(box.height) + Double(edges.count)
    }

    /// Puts the indices of the `edges` within `box`'s rows into `order`, grouped by the strip
    /// they start in, strip k's from `bucketStarts[k]` (a counting sort: linear, and no storage
    /// beyond what is kept; `bucketFill` is scratch).
    private static func sortIntoStrips(
        _ box: PixelRect, edges: [SIMD4<Float>], order: inout [Int32], bucketStarts: inout [Int], bucketFill: inout [Int]
    ) {
        let strips = (box.height + stripHeight - 1) / stripHeight
        let top = Float(box.y0), bottom = Float(box.y1)
        func strip(_ e: SIMD4<Float>) -> Int? {
            guard e.w > top, e.y < bottom else { return nil }
            return min(max(Int((e.y - top) / Float(stripHeight)), 0), strips - 1)
        }
        bucketStarts.removeAll(keepingCapacity: true)
        bucketStarts.append(contentsOf: repeatElement(0, count: strips + 1))
        for e in edges { if let k = strip(e) { bucketStarts[k + 1] += 1 } }
        for k in 0..<strips { bucketStarts[k + 1] += bucketStarts[k] }
        order.removeAll(keepingCapacity: true)
        order.append(contentsOf: repeatElement(0, count: bucketStarts[strips]))
        bucketFill.removeAll(keepingCapacity: true)
        bucketFill.append(contentsOf: bucketStarts.dropLast())
        for (i, e) in edges.enumerated() {
            guard let k = strip(e) else { continue }
            order[bucketFill[k]] = Int32(i)
            bucketFill[k] += 1
        }
    }

    /// Adds edge `e`'s signed area, within rows `top..<bottom`, to the cells (columns relative to
    /// `originX`, clamped to the strip's width; the cell right of a crossing takes the rest).
    private func accumulate(
        _ e: SIMD4<Float>, direction: Float, originX: Float, width: Int, top: Int, bottom: Int, cells: UnsafeMutableBufferPointer<Float>
    ) {
        let y0 = max(e.y, Float(top)), y1 = min(e.w, Float(bottom))
        guard y1 > y0 else { return }
        let slope = (e.z - e.x) / (e.w - e.y)
        let limit = Float(width)
        var x = e.x - originX + (y0 - e.y) * slope
        var row = Int(y0.rounded(.down))
        let stride = width + 2
        while Float(row) < y1 {
            let rowTop = max(Float(row), y0), rowBottom = min(Float(row + 1), y1)
            let dy = rowBottom - rowTop
            let xNext = x + slope * dy
            let d = dy * direction
            let base = (row - top) * stride
            let xa = min(max(min(x, xNext), 0), limit), xb = min(max(max(x, xNext), 0), limit)
            let xaFloor = xa.rounded(.down)
            let ia = Int(xaFloor)
            let ib = Int(xb.rounded(.up))
            if ib <= ia + 1 {
                // Within one cell: the part of the row right of the edge's mean x.
                let mid = (xa + xb) / 2 - xaFloor
                cells[base + ia] += d * (1 - mid)
                cells[base + ia + 1] += d * mid
            } else {
                // Across cells: the area right of the edge grows linearly between xa and xb.
                let s = 1 / (xb - xa)
                let fa = xa - xaFloor
                let a0 = 0.5 * s * (1 - fa) * (1 - fa)
                let fb = xb - Float(ib) + 1
                let am = 0.5 * s * fb * fb
                cells[base + ia] += d * a0
                if ib == ia + 2 {
                    cells[base + ia + 1] += d * (1 - a0 - am)
                } else {
                    let a1 = s * (1.5 - fa)
                    cells[base + ia + 1] += d * (a1 - a0)
                    for k in (ia + 2)..<(ib - 1) { cells[base + k] += d * s }
                    let a2 = a1 + Float(ib - ia - 3) * s
                    cells[base + ib - 1] += d * (1 - a2 - am)
                }
                cells[base + ib] += d * am
            }
            x = xNext
            row += 1
        }
    }
}
