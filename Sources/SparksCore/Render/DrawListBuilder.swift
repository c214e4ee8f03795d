#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// sin and cos of an angle.
@inline(__always)
func sineAndCosine(_ angle: Float) -> (sine: Float, cosine: Float) {
    (sin(angle), cos(angle))
}

/// Resolves a ``RenderList`` (layer terms: quads in a batch's space and a 3-D transform) into a
/// ``DrawList`` (output pixels), once per frame, for every backend alike:
///
/// - a rectangle whose plane faces the viewer (every particle, every flat layer) becomes one
///   ``DrawQuad``: its corner and edges mapped through the batch transform and the canvas scale;
/// - a rectangle seen in perspective (`m14`, `m24` of the transform) becomes a grid of triangles
///   whose vertices keep their `w`, so texture coordinates are interpolated perspective-correct;
///   the grid is finer the more `w` varies, so backends that interpolate affinely per triangle
///   (GPU renderers without perspective) come close;
/// - rounded rectangles and borders are tessellated into triangles with a fringe one pixel wide
///   that fades to transparent, centred on the edge, so edges are smooth at any scale.
///
/// Geometry that cannot be seen (no area, no alpha, not finite, behind the viewer) is dropped.
/// Holds no per-frame storage of its own: the draw list's arrays are reused.
public final class DrawListBuilder {
    /// Threads resolving large batches of quads (the result is the same for any number).
    public var threadCount = 1 {
        didSet { threadCount = min(max(threadCount, 1), 64) }
    }

    private let job = FlatQuadJob()
    private let outline = PathOutline()
    private let coverage = PathCoverage()
    private var pixelPolygon: [(x: Float, y: Float)] = []
    /// Pixels the quads resolved so far in this build cover (each at most the output).
    private var coveredPixels = 0.0
    private var coveredPixelBudget = 0.0
    /// Particles the last build left out because the list's covered-pixel budget was reached.
    public private(set) var droppedQuads = 0
    /// What the last build's covered-pixel budget left out, or nil when it drew everything.
    public private(set) var cut: DrawBudgetCut?
    /// The render list's index of the first quad left out in this build.
    private var firstDroppedQuad: Int?
    /// Groups open at the batch being resolved: their token in the output, opacity, clip, and
    /// the batch they end before.
    private var openGroups: [OpenGroup] = []
    private typealias OpenGroup = (token: Int, opacity: Float, clip: PixelRect, end: Int, shadow: DrawShadow?, masksBelow: Bool)

    /// Creates a builder.
    public init() {}

    /// Rebuilds `output` from `list` for an output of `width` × `height` pixels; the list's
    /// canvas is stretched to fill it, or placed as `placement` says. With `clearsOutput`
    /// false the list draws over the pixels already there (an effect inside a game's frame)
    /// and its background is not drawn.
    public func build(
        _ list: RenderList, width: Int, height: Int, placement: CanvasPlacement? = nil, clearsOutput: Bool = true,
        into output: inout DrawList
    ) {
        output.reset(width: width, height: height, background: list.background, clearsOutput: clearsOutput)
        let place = placement ?? .stretching(list.canvasSize, toWidth: output.width, height: output.height)
        let toPixels = place.transform
        // The budget is counted at the canvas size: an output that is larger has as many more pixels.
        coveredPixels = 0
        coveredPixelBudget = list.maxCoveredPixels * place.areaScale
        droppedQuads = 0
        firstDroppedQuad = nil
        openGroups.removeAll(keepingCapacity: true)
        var nextGroup = 0
        for (index, batch) in list.batches.enumerated() {
            while let group = openGroups.last, group.end <= index {
                closeGroup(group, into: &output)
                openGroups.removeLast()
            }
            while nextGroup < list.groups.count, list.groups[nextGroup].batches.lowerBound <= index {
                let group = list.groups[nextGroup]
                nextGroup += 1
                guard group.batches.upperBound > index else { continue }
                // Additive particles onto an image still black or clear: the same pixels
                // without the group.
                if group.isAdditiveParticles, group.shadow == nil,
                    Self.isUntouched(output, openGroups.last?.token, clearsOutput: clearsOutput)
                {
                    continue
                }
                var clip = output.bounds
                if let box = group.clip { clip = clip.intersection(Self.pixelRect(of: box, placement: place)) }
                let shadow = group.shadow.map { s in
                    let offset = place.pixelVector(s.offset.x, s.offset.y)
                    return DrawShadow(
                        red: Float(min(max(s.color.red, 0), 1)), green: Float(min(max(s.color.green, 0), 1)),
                        blue: Float(min(max(s.color.blue, 0), 1)),
                        alpha: Float(min(max(s.color.alpha, 0), 1)), offsetX: Float(offset.x), offsetY: Float(offset.y),
                        sigma: Float(s.sigma * place.areaScale.squareRoot()), showsImage: s.showsImage)
                }
                openGroups.append((output.beginGroup(), group.opacity, clip, group.batches.upperBound, shadow, group.masksBelow))
            }
            var clip = output.bounds
            if let box = batch.clip { clip = clip.intersection(Self.pixelRect(of: box, placement: place)) }
            guard !clip.isEmpty else { continue }
            let m = batch.transform * toPixels
            switch batch.shape {
            case .rectangle:
                // Tilted cards have depth across them: flat only where depth does not change w.
                if m.m14 == 0, m.m24 == 0, m.m34 == 0 || !Self.hasTiltedQuads(list.quads[batch.range]) {
                    appendFlatQuads(batch, list.quads, m, clip, into: &output)
                } else {
                    appendProjectedQuads(batch, list.quads, m, clip, into: &output)
                }
            case .roundedRectangle, .border:
                appendShapes(batch, list.quads, m, clip, into: &output)
            case .gradient(let index):
                appendGradient(batch, list.quads, list.gradients[index], m, clip, into: &output)
            case .path(let index):
                appendPath(batch, list.quads, list.paths[index], m, clip, into: &output)
            }
        }
        while let group = openGroups.last {
            closeGroup(group, into: &output)
            openGroups.removeLast()
        }
        cut = firstDroppedQuad.map {
            DrawBudgetCut(layer: list.owner(ofQuad: $0) ?? "", undrawnQuads: droppedQuads, maxCoveredPixels: list.maxCoveredPixels)
        }
    }

    /// Whether the image the next command draws into holds nothing yet but black or clear:
    /// a group's image (begun at `groupToken`) with no drawing since its beginning, or a
    /// cleared output of a black or clear background with no drawing at all.
    private static func isUntouched(_ output: DrawList, _ groupToken: Int?, clearsOutput: Bool) -> Bool {
        let first = groupToken.map { $0 + 1 } ?? 0
        let drawn = output.commands[first...].contains {
            switch $0.primitive {
            case .quads, .triangles, .endGroup, .endMask: true
            case .beginGroup: false
            }
        }
        if drawn { return false }
        if groupToken != nil { return true }
        let b = output.background
        return clearsOutput && b.red == 0 && b.green == 0 && b.blue == 0 && (b.alpha == 0 || b.alpha == 1)
    }

    /// Ends `group`, the innermost open group (still on `openGroups`).
    private func closeGroup(_ group: OpenGroup, into output: inout DrawList) {
        if group.masksBelow {
            // A mask changes only what the masked layer drew before it (the group it is in):
            // its pass (and the clearing of its image) covers those pixels, not the whole clip.
            // A mask with no group around it masks the output itself, background and all.
            let clip =
                openGroups.dropLast().last.map { masked in
                    output.touchedPixels(fromCommand: masked.token + 1, upTo: group.token).intersection(group.clip)
                } ?? group.clip
            return output.endMask(group.token, clip: clip)
        }
        var touched = output.touchedPixels(fromCommand: group.token + 1)
        if let shadow = group.shadow, !touched.isEmpty {
            // The shadow reaches the drawn pixels moved by the offset and grown by the blur.
            let reach = Double(shadow.reach)
            let cast = Self.pixelRect(
                of: Rect(
                    x: Double(touched.x0) + Double(shadow.offsetX) - reach, y: Double(touched.y0) + Double(shadow.offsetY) - reach,
                    width: Double(touched.width) + 2 * reach, height: Double(touched.height) + 2 * reach),
                placement: .identity)
            touched = shadow.showsImage ? touched.union(cast) : cast
        }
        output.endGroup(group.token, opacity: group.opacity, clip: touched.intersection(group.clip), shadow: group.shadow)
    }

    /// A canvas rectangle as the whole pixels it touches (rounded outward; the bounds of its
    /// corners when the placement turns it), limited to ±1e6 so any rectangle converts to
    /// 32-bit integers.
    public static func pixelRect(of rect: Rect, placement: CanvasPlacement) -> PixelRect {
        func pixels(_ v: Double, _ rule: FloatingPointRoundingRule) -> Int32 {
            let p = v.rounded(rule)
            return p.isFinite ? Int32(min(max(p, -1e6), 1e6)) : 0
        }
        let bounds = placement.pixelBounds(of: rect)
        return PixelRect(
            x0: pixels(bounds.minX, .down), y0: pixels(bounds.minY, .down), x1: pixels(bounds.maxX, .up), y1: pixels(bounds.maxY, .up))
    }

    /// Whether any of `quads` is a tilted card (a `plane` particle).
    private static func hasTiltedQuads(_ quads: ArraySlice<RenderQuad>) -> Bool {
        quads.contains { $0.tilt != 0 }
    }

    /// Largest pixel coordinate kept; beyond it geometry is dropped rather than drawn wrongly.
    static let coordinateLimit: Float = 1e7

    // MARK: Flat quads

    /// Quads whose plane faces the viewer: `w` is the same at every corner, so the quad stays a
    /// parallelogram after the divide. Every quad gets its place in the list (one that cannot be
    /// seen is left transparent), so large batches are resolved in parallel slices with the same
    /// result as one thread.
    private func appendFlatQuads(
        _ batch: RenderBatch, _ quads: [RenderQuad], _ m: Transform3D, _ clip: PixelRect, into output: inout DrawList
    ) {
        let start = output.quadCount, count = batch.range.count
        let visible = VisibleBox(clip)
        output.reserveQuads(count)
        output.appendQuads(contentsOf: repeatElement(DrawQuad.hidden, count: count))
        quads.withUnsafeBufferPointer { input in
            output.withQuads(start..<(start + count)) { resolved in
                let slices =
                    threadCount > 1 && count >= FlatQuadJob.sliceSize * 2
                    ? min(threadCount * 4, count / FlatQuadJob.sliceSize, FlatQuadJob.maxSlices) : 1
                job.prepare(input: input, range: batch.range, output: resolved, map: FlatMap(m), visible: visible, slices: slices)
                WorkerPool.shared.run(parts: slices, threads: threadCount, job)
                keepToPixelBudget(resolved, covering: job.finish(), visible: visible, firstQuad: batch.range.lowerBound)
            }
        }
        output.addCommand(
            .quads, start..<output.quadCount, texture: batch.texture, sampling: batch.sampling, blendMode: batch.blendMode, clip: clip)
    }

    /// Adds the pixels `quads` cover (`units`, as `FlatQuadJob.units` counts them) to the
    /// frame's and, when that passes the budget, leaves out the quads from the one that passes
    /// it on: they stay in the list, transparent, so the list is the same for any thread count.
    private func keepToPixelBudget(
        _ quads: UnsafeMutableBufferPointer<DrawQuad>, covering units: Int64, visible: VisibleBox, firstQuad: Int
    ) {
        let unitsLeft = (coveredPixelBudget - coveredPixels) * FlatQuadJob.unitsPerPixel
        guard Double(units) > unitsLeft else {
            coveredPixels += Double(units) / FlatQuadJob.unitsPerPixel
            return
        }
        var running: Int64 = 0
        for i in quads.indices where quads[i].alpha > 0 {
            running += FlatQuadJob.units(quads[i], visible: visible)
            if Double(running) > unitsLeft {
                quads[i] = .hidden
                droppedQuads += 1
                if firstDroppedQuad == nil { firstDroppedQuad = firstQuad + i }
            }
        }
        coveredPixels += Double(running) / FlatQuadJob.unitsPerPixel
    }

    /// Resolves a batch's quads in slices, each thread writing its own part of the output and
    /// adding up the pixels its quads cover.
    private final class FlatQuadJob: ParallelJob {
        /// Fewest quads worth a slice of their own.
        static let sliceSize = 4096
        /// Most slices (`threadCount` is at most 64, four slices each).
        static let maxSlices = 256
        /// Covered pixels are counted in whole 16ths: integers add up the same in any order, so
        /// the slices' sums give the same total for any number of slices.
        static let unitsPerPixel: Double = 16

        /// The pixels a quad can cover, in 16ths: its area, and for a quad larger than
        /// `clippedAbove` at most the part of its bounding box inside the visible box (nothing
        /// for a large particle that has left the canvas, the kind that grows as it flies off).
        /// Smaller quads count their area wherever they are: working out the box for each of a
        /// hundred thousand sprites costs more time than it could save.
        @inline(__always)
        static func units(_ q: DrawQuad, visible: VisibleBox) -> Int64 {
            var area = abs(q.uAxisX * q.vAxisY - q.uAxisY * q.vAxisX)
            if area > clippedAbove {
                let half = SIMD2(abs(q.uAxisX) + abs(q.vAxisX), abs(q.uAxisY) + abs(q.vAxisY)) * 0.5
                let centre = SIMD2(q.originX, q.originY) + SIMD2(q.uAxisX + q.vAxisX, q.uAxisY + q.vAxisY) * 0.5
                let size = pointwiseMin(centre + half, visible.high) - pointwiseMax(centre - half, visible.low)
                area = Swift.min(area, Swift.max(size.x, 0) * Swift.max(size.y, 0))
            }
            // NaN (a quad the rasterizer turns away) counts as nothing.
            return area > 0 ? Int64(area * Float(unitsPerPixel)) : 0
        }

        /// Quads up to this area (pixels) count it without clipping.
        static let clippedAbove: Float = 1024

        private var input: UnsafeBufferPointer<RenderQuad>?
        private var output: UnsafeMutableBufferPointer<DrawQuad>?
        private var range = 0..<0
        private var slices = 1
        private var map: FlatMap?
        private var visible = VisibleBox(PixelRect(x0: 0, y0: 0, x1: 0, y1: 0))
        /// Covered pixels (in units) of each slice.
        private let sliceUnits = UnsafeMutablePointer<Int64>.allocate(capacity: FlatQuadJob.maxSlices)

        deinit { sliceUnits.deallocate() }

        func prepare(
            input: UnsafeBufferPointer<RenderQuad>, range: Range<Int>, output: UnsafeMutableBufferPointer<DrawQuad>, map: FlatMap,
            visible: VisibleBox, slices: Int
        ) {
            self.input = input
            self.output = output
            self.range = range
            self.map = map
            self.visible = visible
            self.slices = slices
        }

        /// Slice `part` of `slices`: its share of the range, written to the same places whoever runs it.
        func run(part: Int) {
            guard let input, let output, let map else { return }
            let count = range.count, hidden = DrawQuad.hidden, visible = self.visible
            var units: Int64 = 0
            for i in (count * part / slices)..<(count * (part + 1) / slices) {
                if let q = map.resolve(input[range.lowerBound + i]) {
                    output[i] = q
                    units += Self.units(q, visible: visible)
                } else {
                    output[i] = hidden
                }
            }
            sliceUnits[part] = units
        }

        /// The pixels the batch's quads cover, in units; lets go of the batch.
        func finish() -> Int64 {
            input = nil
            output = nil
            map = nil
            return (0..<slices).reduce(0) { $0 + sliceUnits[$1] }
        }
    }

    /// A transform without perspective across a quad, in floats: `(x, y, z) ↦ ((x·m11 + y·m21 +
    /// z·m31 + m41) / w, …)` with `w = z·m34 + m44`.
    private struct FlatMap {
        let m11: Float, m12: Float, m21: Float, m22: Float, m31: Float, m32: Float, m34: Float, m41: Float, m42: Float, m44: Float

        init(_ m: Transform3D) {
            m11 = Float(m.m11)
            m12 = Float(m.m12)
            m21 = Float(m.m21)
            m22 = Float(m.m22)
            m31 = Float(m.m31)
            m32 = Float(m.m32)
            m34 = Float(m.m34)
            m41 = Float(m.m41)
            m42 = Float(m.m42)
            m44 = Float(m.m44)
        }

        /// `q` in output pixels, or nil when it cannot be seen or reached.
        @inline(__always)
        func resolve(_ q: RenderQuad) -> DrawQuad? {
            let alpha = min(q.alpha, 1)
            let w = q.centerZ * m34 + m44
            guard alpha > 0, w > 1e-6 else { return nil }
            let iw = 1 / w
            if q.tilt != 0 { return resolveCard(q, alpha: alpha, iw: iw) }
            var c: Float = 1, s: Float = 0
            if q.rotation != 0 { (s, c) = sineAndCosine(q.rotation) }
            // Half-extent vectors of the turned image: a along its width, b along its height.
            let ax = q.halfWidth * c, ay = q.halfWidth * s
            let bx = -q.halfHeight * s, by = q.halfHeight * c
            let x = q.centerX - ax - bx, y = q.centerY - ay - by
            let quad = DrawQuad(
                originX: (x * m11 + y * m21 + q.centerZ * m31 + m41) * iw,
                originY: (x * m12 + y * m22 + q.centerZ * m32 + m42) * iw,
                uAxisX: 2 * (ax * m11 + ay * m21) * iw, uAxisY: 2 * (ax * m12 + ay * m22) * iw,
                vAxisX: 2 * (bx * m11 + by * m21) * iw, vAxisY: 2 * (bx * m12 + by * m22) * iw,
                u0: q.u0, v0: q.v0, u1: q.u1, v1: q.v1, red: q.red, green: q.green, blue: q.blue, alpha: alpha)
            return Self.withinReach(quad)
        }

        /// A tilted card (a `plane` particle), seen along z: a parallelogram whose corners keep
        /// their depth, which the transform may turn into x and y (w is the same at every
        /// corner: the batch has no perspective across depth).
        private func resolveCard(_ q: RenderQuad, alpha: Float, iw: Float) -> DrawQuad? {
            let (a, b) = q.halfAxes
            let ax = Float(a.x), ay = Float(a.y), az = Float(a.z), bx = Float(b.x), by = Float(b.y), bz = Float(b.z)
            let x = q.centerX - ax - bx, y = q.centerY - ay - by, z = q.centerZ - az - bz
            let quad = DrawQuad(
                originX: (x * m11 + y * m21 + z * m31 + m41) * iw,
                originY: (x * m12 + y * m22 + z * m32 + m42) * iw,
                uAxisX: 2 * (ax * m11 + ay * m21 + az * m31) * iw, uAxisY: 2 * (ax * m12 + ay * m22 + az * m32) * iw,
                vAxisX: 2 * (bx * m11 + by * m21 + bz * m31) * iw, vAxisY: 2 * (bx * m12 + by * m22 + bz * m32) * iw,
                u0: q.u0, v0: q.v0, u1: q.u1, v1: q.v1, red: q.red, green: q.green, blue: q.blue, alpha: alpha)
            return Self.withinReach(quad)
        }

        /// `quad` when it is finite and within reach: one comparison of the sum (NaN and infinity fail it).
        @inline(__always)
        private static func withinReach(_ quad: DrawQuad) -> DrawQuad? {
            let reach = abs(quad.originX) + abs(quad.originY) + abs(quad.uAxisX) + abs(quad.uAxisY) + abs(quad.vAxisX) + abs(quad.vAxisY)
            return reach < DrawListBuilder.coordinateLimit ? quad : nil
        }
    }

    // MARK: Quads in perspective

    /// Most grid cells along each side of a quad seen in perspective.
    static let maxPerspectiveGrid = 16

    private func appendProjectedQuads(
        _ batch: RenderBatch, _ quads: [RenderQuad], _ m: Transform3D, _ clip: PixelRect, into output: inout DrawList
    ) {
        let start = output.indexCount
        for i in batch.range {
            let q = quads[i]
            let alpha = min(q.alpha, 1)
            guard alpha > 0 else { continue }
            let plane = QuadPlane(q, m)
            let corners = (plane.w(0, 0), plane.w(1, 0), plane.w(1, 1), plane.w(0, 1))
            let low = min(corners.0, corners.1, corners.2, corners.3), high = max(corners.0, corners.1, corners.2, corners.3)
            guard high > 1e-6 else { continue }
            // Finer where w varies more; behind the viewer only the part in front is drawn, cell by cell.
            let ratio = low > 1e-6 ? high / low : .infinity
            let n = ratio.isFinite ? max(1, min(Self.maxPerspectiveGrid, Int(((ratio - 1) * 16).rounded(.up)))) : Self.maxPerspectiveGrid
            let color = (min(max(q.red, 0), 1), min(max(q.green, 0), 1), min(max(q.blue, 0), 1), alpha)
            let base = UInt32(output.vertices.count)
            for j in 0...n {
                for k in 0...n {
                    let fx = Double(k) / Double(n), fy = Double(j) / Double(n)
                    let p = plane.project(fx, fy)
                    _ = output.appendVertex(
                        DrawVertex(
                            x: p?.x ?? 0, y: p?.y ?? 0, w: p?.w ?? 1,
                            u: q.u0 + (q.u1 - q.u0) * Float(fx), v: q.v0 + (q.v1 - q.v0) * Float(fy),
                            red: color.0, green: color.1, blue: color.2, alpha: color.3))
                }
            }
            let row = UInt32(n + 1)
            for j in 0..<n {
                for k in 0..<n {
                    let f = (Double(k) / Double(n), Double(j) / Double(n), Double(k + 1) / Double(n), Double(j + 1) / Double(n))
                    guard plane.project(f.0, f.1) != nil, plane.project(f.2, f.1) != nil, plane.project(f.0, f.3) != nil,
                        plane.project(f.2, f.3) != nil
                    else { continue }
                    let v00 = base + UInt32(j) * row + UInt32(k)
                    output.appendTriangle(v00, v00 + 1, v00 + row + 1)
                    output.appendTriangle(v00, v00 + row + 1, v00 + row)
                }
            }
        }
        output.addCommand(
            .triangles, start..<output.indexCount, texture: batch.texture, sampling: batch.sampling, blendMode: batch.blendMode, clip: clip)
    }

    /// A quad's rectangle in its layer's plane, mapped to output pixels through a projective
    /// transform; points are given as fractions (0…1) of its width and height from the image's
    /// top-left corner.
    private struct QuadPlane {
        let m: Transform3D
        let origin: SIMD3<Double>
        let width: SIMD3<Double>, height: SIMD3<Double>

        init(_ q: RenderQuad, _ m: Transform3D) {
            self.m = m
            let (a, b) = q.halfAxes
            width = 2 * a
            height = 2 * b
            origin = SIMD3(Double(q.centerX), Double(q.centerY), Double(q.centerZ)) - (a + b)
        }

        func point(_ fx: Double, _ fy: Double) -> SIMD3<Double> {
            origin + fx * width + fy * height
        }

        func w(_ fx: Double, _ fy: Double) -> Double {
            let p = point(fx, fy)
            return p.x * m.m14 + p.y * m.m24 + p.z * m.m34 + m.m44
        }

        func project(_ fx: Double, _ fy: Double) -> (x: Float, y: Float, w: Float)? {
            let p = point(fx, fy)
            return DrawListBuilder.project(p.x, p.y, p.z, m)
        }
    }

    /// A point in output pixels with its `w`; nil behind the viewer or out of reach.
    static func project(_ x: Double, _ y: Double, _ z: Double, _ m: Transform3D) -> (x: Float, y: Float, w: Float)? {
        let w = x * m.m14 + y * m.m24 + z * m.m34 + m.m44
        guard w > 1e-6 else { return nil }
        let px = Float((x * m.m11 + y * m.m21 + z * m.m31 + m.m41) / w)
        let py = Float((x * m.m12 + y * m.m22 + z * m.m32 + m.m42) / w)
        guard abs(px) < coordinateLimit, abs(py) < coordinateLimit else { return nil }
        return (px, py, Float(w))
    }

    // MARK: Rounded rectangles and borders

    /// Solid quads with rounded corners, or their borders: for each, rings of vertices around the
    /// outline — the fringe outside the edge (transparent), the edge, and for a border the inner
    /// edge and its fringe — joined into strips, and a rounded rectangle's inside a fan. A shape
    /// that reaches behind the viewer is not drawn.
    private func appendShapes(_ batch: RenderBatch, _ quads: [RenderQuad], _ m: Transform3D, _ clip: PixelRect, into output: inout DrawList)
    {
        let start = output.indexCount
        // Pixels per quad unit, to make the fringe one pixel wide whatever the transform.
        let pixelsPerUnit = Float(m.meanPlanarScale)
        let fringe = pixelsPerUnit > 1e-6 && pixelsPerUnit.isFinite ? 1 / pixelsPerUnit : 1
        for i in batch.range {
            let q = quads[i]
            let alpha = min(q.alpha, 1)
            guard alpha > 0 else { continue }
            let hw = abs(q.halfWidth), hh = abs(q.halfHeight)
            guard hw > 0, hh > 0 else { continue }
            let radius: Float, band: Float?
            switch batch.shape {
            case .roundedRectangle(let r): (radius, band) = (min(max(r, 0), hw, hh), nil)
            case .border(let width, let r): (radius, band) = (min(max(r, 0), hw, hh), min(max(width, 0), hw, hh))
            case .rectangle, .gradient, .path: (radius, band) = (0, nil)
            }
            let wanted = radius * pixelsPerUnit / 2
            let segments = wanted.isFinite ? max(4, min(32, Int(min(wanted, 64)))) : 4
            let shape = Ring(quad: q, halfWidth: hw, halfHeight: hh, radius: radius, segments: segments, m: m)
            // w is linear over the plane: when the outermost ring's box projects, every ring does.
            guard shape.projects(grownBy: fringe) else { continue }
            let color = (min(max(q.red, 0), 1), min(max(q.green, 0), 1), min(max(q.blue, 0), 1))
            let outerFringe = shape.append(offset: fringe / 2, color, alpha: 0, into: &output)
            let outerEdge = shape.append(offset: -fringe / 2, color, alpha: alpha, into: &output)
            strip(outerFringe, outerEdge, count: shape.count, into: &output)
            if let band {
                let innerEdge = shape.append(offset: -band + fringe / 2, color, alpha: alpha, into: &output)
                let innerFringe = shape.append(offset: -band - fringe / 2, color, alpha: 0, into: &output)
                strip(outerEdge, innerEdge, count: shape.count, into: &output)
                strip(innerEdge, innerFringe, count: shape.count, into: &output)
            } else {
                let centre = shape.vertex(0, 0, color, alpha: alpha, into: &output)
                for k in 0..<UInt32(shape.count) {
                    output.appendTriangle(centre, outerEdge + k, outerEdge + (k + 1) % UInt32(shape.count))
                }
            }
        }
        output.addCommand(
            .triangles, start..<output.indexCount, texture: nil, sampling: batch.sampling, blendMode: batch.blendMode, clip: clip)
    }

    // MARK: Paths

    /// A shape layer's fill or stroke: its polygons (see ``PathOutline``) projected to pixels and
    /// turned into coverage spans (see ``PathCoverage``) of the quad's colour. A path that
    /// reaches behind the viewer is not drawn. The work counts against the covered-pixel budget
    /// (pixels visited plus edges); once it is spent, further paths are left out.
    private func appendPath(
        _ batch: RenderBatch, _ quads: [RenderQuad], _ drawing: PathDrawing, _ m: Transform3D, _ clip: PixelRect,
        into output: inout DrawList
    ) {
        let scale = m.meanPlanarScale
        // The projected polygon is built in a local (swapped out of the builder and back).
        var pixelPolygon: [(x: Float, y: Float)] = []
        swap(&pixelPolygon, &self.pixelPolygon)
        defer { swap(&pixelPolygon, &self.pixelPolygon) }
        let tolerance = scale > 1e-9 && scale.isFinite ? Self.pathTolerance / scale : Self.pathTolerance
        for i in batch.range {
            let q = quads[i]
            guard q.alpha > 0 else { continue }
            guard coveredPixels <= coveredPixelBudget else {
                droppedQuads += 1
                if firstDroppedQuad == nil { firstDroppedQuad = i }
                continue
            }
            coverage.reset()
            var projected = true
            func sink(_ polygon: ArraySlice<Point>, _ normalise: Bool) {
                guard projected else { return }
                pixelPolygon.removeAll(keepingCapacity: true)
                for p in polygon {
                    guard let pixel = Self.project(p.x, p.y, 0, m) else {
                        projected = false
                        return
                    }
                    pixelPolygon.append((pixel.x, pixel.y))
                }
                coverage.addPolygon(pixelPolygon, normalise: normalise)
            }
            let evenOdd: Bool
            switch drawing.style {
            case .fill(let rule):
                outline.fill(drawing.path, tolerance: tolerance, sink: sink)
                evenOdd = rule == .evenOdd
            case .stroke(let style):
                outline.stroke(drawing.path, style: style, tolerance: tolerance, sink: sink)
                evenOdd = false
            }
            guard projected else { continue }
            coveredPixels += coverage.appendSpans(
                clip: clip, evenOdd: evenOdd, color: SIMD4(q.red, q.green, q.blue, q.alpha), blendMode: batch.blendMode, into: &output)
        }
    }

    /// How far a flattened curve may stray from the path, in pixels.
    static let pathTolerance = 0.05

    // MARK: Gradients

    /// Gradient-filled quads: the gradient's pieces (see ``GradientTessellation``) as triangle
    /// fans whose vertices carry the gradient's colour times the quad's. A quad that reaches
    /// behind the viewer is not drawn.
    private func appendGradient(
        _ batch: RenderBatch, _ quads: [RenderQuad], _ gradient: GradientProperties, _ m: Transform3D, _ clip: PixelRect,
        into output: inout DrawList
    ) {
        let start = output.indexCount
        let tessellation = GradientTessellation(gradient: gradient)
        for i in batch.range {
            let q = quads[i]
            guard q.alpha > 0 else { continue }
            let plane = QuadPlane(q, m)
            guard plane.project(0, 0) != nil, plane.project(1, 0) != nil, plane.project(1, 1) != nil, plane.project(0, 1) != nil else {
                continue
            }
            tessellation.forEachPiece { piece, colour in
                var first: UInt32 = 0
                for k in 0..<piece.count {
                    let p = piece[k]
                    let c = colour(p.x, p.y)
                    let projected = plane.project(p.x, p.y) ?? (0, 0, 1)
                    let index = output.appendVertex(
                        DrawVertex(
                            x: projected.x, y: projected.y, w: projected.w,
                            red: min(max(Float(c.red) * q.red, 0), 1), green: min(max(Float(c.green) * q.green, 0), 1),
                            blue: min(max(Float(c.blue) * q.blue, 0), 1), alpha: min(max(Float(c.alpha) * q.alpha, 0), 1)))
                    if k == 0 { first = index } else if k >= 2 { output.appendTriangle(first, index - 1, index) }
                }
            }
        }
        output.addCommand(
            .triangles, start..<output.indexCount, texture: nil, sampling: batch.sampling, blendMode: batch.blendMode, clip: clip)
    }

    /// Triangles between two rings of equal length starting at vertices `a` and `b` (a closed band).
    private func strip(_ a: UInt32, _ b: UInt32, count: Int, into output: inout DrawList) {
        let n = UInt32(count)
        for i in 0..<n {
            let j = (i + 1) % n
            output.appendTriangle(a + i, a + j, b + j)
            output.appendTriangle(a + i, b + j, b + i)
        }
    }

    /// The outline of one rounded rectangle, centred on a quad, at any offset from its edge.
    private struct Ring {
        let quad: RenderQuad
        let halfWidth: Float, halfHeight: Float, radius: Float
        let segments: Int
        let m: Transform3D
        let cosine: Float, sine: Float

        init(quad: RenderQuad, halfWidth: Float, halfHeight: Float, radius: Float, segments: Int, m: Transform3D) {
            self.quad = quad
            self.halfWidth = halfWidth
            self.halfHeight = halfHeight
            self.radius = radius
            self.segments = segments
            self.m = m
            cosine = cos(quad.rotation)
            sine = sin(quad.rotation)
        }

        /// Points per ring: each of the four corners has `segments + 1`.
        var count: Int { 4 * (segments + 1) }

        /// Whether the rectangle grown by `offset` projects in front of the viewer and within reach.
        func projects(grownBy offset: Float) -> Bool {
            let x = halfWidth + offset, y = halfHeight + offset
            return point(-x, -y) != nil && point(x, -y) != nil && point(x, y) != nil && point(-x, y) != nil
        }

        /// Appends the ring grown by `offset` (negative shrinks), always with `count` points, so
        /// rings pair up into strips; returns the index of its first vertex.
        func append(offset o: Float, _ color: (Float, Float, Float), alpha: Float, into output: inout DrawList) -> UInt32 {
            let hw = halfWidth, hh = halfHeight, r = radius
            let grown = max(r + o, 0)
            let first = UInt32(output.vertices.count)
            for corner in 0..<4 {
                // Corner centres counter-clockwise from the bottom right, each arc a quarter turn on.
                let sx: Float = corner == 0 || corner == 3 ? 1 : -1, sy: Float = corner < 2 ? 1 : -1
                let cx = sx * (hw - r), cy = sy * (hh - r), startAngle = Float(corner) * .pi / 2
                for k in 0...segments {
                    let angle = startAngle + Float(k) / Float(segments) * (.pi / 2)
                    // A corner with no radius left sits at the (grown) rectangle's corner.
                    let p = r + o > 0 ? (cx + grown * cos(angle), cy + grown * sin(angle)) : (sx * (hw + o), sy * (hh + o))
                    _ = vertex(p.0, p.1, color, alpha: alpha, into: &output)
                }
            }
            return first
        }

        /// Appends the vertex at (`px`, `py`) from the quad's centre (before its rotation).
        func vertex(_ px: Float, _ py: Float, _ color: (Float, Float, Float), alpha: Float, into output: inout DrawList) -> UInt32 {
            let p = point(px, py) ?? (0, 0, 1)
            return output.appendVertex(DrawVertex(x: p.x, y: p.y, w: p.w, red: color.0, green: color.1, blue: color.2, alpha: alpha))
        }

        private func point(_ px: Float, _ py: Float) -> (x: Float, y: Float, w: Float)? {
            DrawListBuilder.project(
                Double(quad.centerX + px * cosine - py * sine), Double(quad.centerY + px * sine + py * cosine), Double(quad.centerZ), m)
        }
    }
}

/// What a frame's covered-pixel budget (``PresetLimits/maxCoveredPixels``) left out of it: the
/// first layer it cut and how many quads the frame left out in all.
public struct DrawBudgetCut: Equatable, Sendable, CustomStringConvertible {
    /// The name of the first layer that lost quads ("" for a layer without a name).
    public var layer: String
    /// Quads the frame left out, in every layer.
    public var undrawnQuads: Int
    /// The budget, in pixels a frame at the canvas size.
    public var maxCoveredPixels: Double

    /// "\(undrawnQuads) quads of layer X (and after it) left out: the frame reached its
    /// budget of N million covered pixels".
    public var description: String {
        let name = layer.isEmpty ? "an unnamed layer" : "layer \"\(layer)\""
        let millions = maxCoveredPixels / 1e6
        let budget = millions == millions.rounded() ? String(Int(millions)) : String(millions)
        return
            "\(undrawnQuads) quad\(undrawnQuads == 1 ? "" : "s") left out, from \(name) on: the frame reached its budget of \(budget) million covered pixels"
    }
}

/// The pixels a batch may draw into (its clip within the output), as floats.
struct VisibleBox {
    let low: SIMD2<Float>, high: SIMD2<Float>

    init(_ clip: PixelRect) {
        low = SIMD2(Float(clip.x0), Float(clip.y0))
        high = SIMD2(Float(clip.x1), Float(clip.y1))
    }
}
