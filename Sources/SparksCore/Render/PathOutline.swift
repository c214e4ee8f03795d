#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Turns a shape layer's path into the polygons whose union is what it paints, in the layer's
/// space: for a fill, each subpath flattened into a closed polygon (its own winding kept, for
/// the fill rule); for a stroke, the visible part (`strokeStart`…`strokeEnd` of the whole length,
/// cut into dashes) widened into a quadrilateral per piece of line, a wedge, miter or fan per
/// corner and a cap per open end, each wound the same way so that overlaps add up instead of
/// cancelling.
///
/// Curves are flattened to within `tolerance` (the builder passes a twentieth of a pixel in layer
/// units). Every polygon goes to `sink` as soon as it is made; the storage is reused from
/// call to call. Work is bounded: at most ``maxPieces`` dashes and ``maxFlattenedPoints`` points
/// per path.
final class PathOutline {
    /// Most pieces (dashes) one stroke is cut into; the rest of the stroke is left out.
    static let maxPieces = 8192
    /// Most points a flattened path holds; curves beyond are drawn as straight lines.
    static let maxFlattenedPoints = 262_144

    /// Flattened subpaths: `points[range]`, whether closed, and the length along them up to
    /// each point (`lengths` parallels `points`).
    private var points: [Point] = []
    private var lengths: [Double] = []
    private var subpaths: [(range: Range<Int>, isClosed: Bool)] = []
    /// A piece of line being widened, and a polygon being built.
    private var piece: [Point] = []
    private var polygon: [Point] = []

    /// What receives each polygon, and whether to wind it for a union (see
    /// `PathCoverage.addPolygon`).
    typealias Sink = (_ polygon: ArraySlice<Point>, _ normalise: Bool) -> Void

    /// Calls `sink` with each polygon of `path`'s fill (each subpath, closed).
    func fill(_ path: BezierPath, tolerance: Double, sink: Sink) {
        flatten(path, tolerance: tolerance)
        for subpath in subpaths where subpath.range.count >= 3 { sink(points[subpath.range], false) }
    }

    /// Calls `sink` with each polygon of `path`'s stroke in `style`.
    func stroke(_ path: BezierPath, style: StrokeStyle, tolerance: Double, sink: Sink) {
        let halfWidth = style.lineWidth / 2
        let startFraction = min(max(style.strokeStart, 0), 1), endFraction = min(max(style.strokeEnd, 0), 1)
        guard halfWidth > 0, halfWidth.isFinite, endFraction > startFraction else { return }
        flatten(path, tolerance: tolerance)
        let total = subpaths.reduce(0.0) { $0 + lengths[$1.range.upperBound - 1] }
        let start = startFraction * total, end = endFraction * total
        let dashes = DashPattern(style.lineDashPattern, phase: style.lineDashPhase)
        let stroker = Stroker(
            halfWidth: halfWidth, cap: style.lineCap, join: style.lineJoin, miterLimit: style.miterLimit, tolerance: tolerance)
        var offset = 0.0, pieces = 0
        for subpath in subpaths {
            let length = lengths[subpath.range.upperBound - 1]
            defer { offset += length }
            let from = max(start - offset, 0), to = min(end - offset, length)
            guard to >= from, from <= length, to >= 0 else { continue }
            let whole = from == 0 && to == length
            if let dashes {
                dashes.forEachDash(from: from, to: to) { a, b in
                    guard pieces < Self.maxPieces else { return false }
                    pieces += 1
                    let direction = extract(subpath.range, from: a, to: b)
                    stroker.widen(piece, closed: false, dotDirection: direction, buffer: &polygon, sink: sink)
                    return true
                }
            } else {
                guard pieces < Self.maxPieces else { break }
                pieces += 1
                let direction = extract(subpath.range, from: from, to: to)
                stroker.widen(piece, closed: whole && subpath.isClosed, dotDirection: direction, buffer: &polygon, sink: sink)
            }
        }
    }

    /// The points of `range` between lengths `a` and `b` along it, into `piece`; returns the
    /// direction of the line there, which a piece of no length (one point) draws its caps along.
    private func extract(_ range: Range<Int>, from a: Double, to b: Double) -> Point {
        piece.removeAll(keepingCapacity: true)
        func point(at length: Double, after i: Int) -> Point {
            // The point at `length` on the line from points[i] to points[i + 1].
            let l0 = lengths[i], l1 = lengths[i + 1]
            let f = l1 > l0 ? (length - l0) / (l1 - l0) : 0
            return Point(x: points[i].x + (points[i + 1].x - points[i].x) * f, y: points[i].y + (points[i + 1].y - points[i].y) * f)
        }
        var i = range.lowerBound
        while i + 1 < range.upperBound - 1, lengths[i + 1] <= a { i += 1 }
        guard i + 1 < range.upperBound else {
            piece.append(points[i])
            return Point(x: 1, y: 0)
        }
        func add(_ p: Point) { if piece.last != p { piece.append(p) } }
        add(point(at: a, after: i))
        while i + 1 < range.upperBound, lengths[i + 1] < b {
            add(points[i + 1])
            i += 1
        }
        if i + 1 < range.upperBound { add(point(at: b, after: i)) }
        let j = min(i, range.upperBound - 2)
        return Point(x: points[j + 1].x - points[j].x, y: points[j + 1].y - points[j].y)
    }

    /// Flattens `path` into `points`, `lengths` and `subpaths`; consecutive equal points are
    /// merged, and a closed subpath's last point (equal to its first) is dropped.
    private func flatten(_ path: BezierPath, tolerance: Double) {
        points.removeAll(keepingCapacity: true)
        lengths.removeAll(keepingCapacity: true)
        subpaths.removeAll(keepingCapacity: true)
        let tolerance = max(tolerance, 1e-6)
        for subpath in path.subpaths {
            let first = points.count
            func add(_ p: Point) {
                guard p.x.isFinite, p.y.isFinite else { return }
                if points.count > first, let last = points.last {
                    guard last != p else { return }
                    lengths.append(
                        lengths[lengths.count - 1] + ((p.x - last.x) * (p.x - last.x) + (p.y - last.y) * (p.y - last.y)).squareRoot())
                } else {
                    lengths.append(0)
                }
                points.append(p)
            }
            for index in subpath.segments {
                let segment = path.segments[index]
                let (p0, p1, p2, p3) = BezierPath.cubic(segment)
                add(p0)
                // Pieces for the curve to stay within the tolerance: its second differences bound how
                // far a chord strays (¼ of them for a quadratic, ¾ for a cubic).
                func bend(_ a: Point, _ b: Point, _ c: Point) -> Double {
                    let x = a.x - 2 * b.x + c.x, y = a.y - 2 * b.y + c.y
                    return (x * x + y * y).squareRoot()
                }
                var steps: Int
                switch segment {
                case .line: steps = 1
                case .quad(let a, let c, let b): steps = Self.steps(0.25 * bend(a, c, b) / tolerance)
                case .cubic: steps = Self.steps(0.75 * max(bend(p0, p1, p2), bend(p1, p2, p3)) / tolerance)
                }
                if points.count >= Self.maxFlattenedPoints { steps = 1 }
                for k in 1..<steps { add(path.point(segment: index, t: Double(k) / Double(steps))) }
                add(p3)
            }
            if subpath.isClosed, points.count - first >= 2, points[first] != points[points.count - 1] {
                // Closed: the stroke runs back to the start.
                add(points[first])
            }
            if points.count > first { subpaths.append((first..<points.count, subpath.isClosed)) }
        }
    }

    /// Pieces for a curve whose flatness measure over the tolerance is `ratio`.
    private static func steps(_ ratio: Double) -> Int {
        guard ratio.isFinite else { return 1 }
        return max(1, min(256, Int(ratio.squareRoot().rounded(.up))))
    }
}

/// A dash pattern: dashes and gaps alternating, repeating, shifted by the phase.
private struct DashPattern {
    let lengths: [Double]
    let period: Double
    let phase: Double

    /// Nil for no pattern, or one that draws a solid line (no gaps) or nothing sensible.
    init?(_ pattern: [Double]?, phase: Double) {
        guard var pattern, !pattern.isEmpty, pattern.allSatisfy({ $0 >= 0 && $0.isFinite }) else { return nil }
        // An odd count repeats: dash a, gap b, dash c, gap a, … (as CGContextSetLineDash does).
        if pattern.count % 2 == 1 { pattern += pattern }
        let period = pattern.reduce(0, +)
        guard period > 0, stride(from: 1, to: pattern.count, by: 2).contains(where: { pattern[$0] > 0 }) else { return nil }
        lengths = pattern
        self.period = period
        let p = phase.truncatingRemainder(dividingBy: period)
        self.phase = p < 0 ? p + period : p
    }

    /// Calls `body` with each dash's part within `from`…`to` (lengths along the subpath, whose
    /// start is the pattern's start shifted by the phase); stops when `body` returns false. A
    /// dash of no length is passed as one point (caps draw it as a dot).
    func forEachDash(from: Double, to: Double, _ body: (Double, Double) -> Bool) {
        var position = -phase
        // Skip whole periods before `from`.
        if from - position > period { position += ((from - position) / period).rounded(.down) * period }
        var index = 0
        while position <= to {
            let length = lengths[index]
            if index % 2 == 0 {
                let a = max(position, from), b = min(position + length, to)
                if a < b || (length == 0 && position >= from) {
                    if !body(a, max(a, b)) { return }
                }
            }
            position += length
            index = (index + 1) % lengths.count
        }
    }
}

/// Widens a polyline into polygons: a quadrilateral per piece of line, a join per corner, a cap
/// per open end.
private struct Stroker {
    let halfWidth: Double
    let cap: LineCap
    let join: LineJoin
    let miterLimit: Double
    /// Largest angle one step of a round join or cap turns, for its chords to stay within
    /// the flattening tolerance.
    let arcStep: Double

    init(halfWidth: Double, cap: LineCap, join: LineJoin, miterLimit: Double, tolerance: Double) {
        self.halfWidth = halfWidth
        self.cap = cap
        self.join = join
        self.miterLimit = miterLimit
        let ratio = min(max(tolerance / halfWidth, 1e-4), 1)
        arcStep = max(2 * acos(1 - ratio), Double.pi / 64)
    }

    /// Widens `line`; a line of one point is a dot whose caps face along `dotDirection`.
    func widen(_ line: [Point], closed: Bool, dotDirection: Point, buffer: inout [Point], sink: PathOutline.Sink) {
        guard let first = line.first else { return }
        if line.count == 1 {
            // A dot: round and square caps draw one, both ways along the line it lies on.
            cap(at: first, direction: dotDirection, buffer: &buffer, sink: sink)
            cap(at: first, direction: Point(x: -dotDirection.x, y: -dotDirection.y), buffer: &buffer, sink: sink)
            return
        }
        // A closed line's last point repeats its first.
        let n = closed && line.count > 2 && line[0] == line[line.count - 1] ? line.count - 1 : line.count
        let segments = closed ? n : n - 1
        for i in 0..<segments {
            let a = line[i], b = line[(i + 1) % n]
            guard let (_, normal) = Self.frame(a, b, halfWidth) else { continue }
            buffer.removeAll(keepingCapacity: true)
            buffer.append(Point(x: a.x + normal.x, y: a.y + normal.y))
            buffer.append(Point(x: b.x + normal.x, y: b.y + normal.y))
            buffer.append(Point(x: b.x - normal.x, y: b.y - normal.y))
            buffer.append(Point(x: a.x - normal.x, y: a.y - normal.y))
            sink(buffer[...], true)
        }
        // Corners: every inner point, and for a closed line every point.
        let corners = closed ? 0..<n : 1..<(n - 1)
        for i in corners {
            let before = line[(i + n - 1) % n], at = line[i], after = line[(i + 1) % n]
            joinCorner(before, at, after, buffer: &buffer, sink: sink)
        }
        if !closed {
            let d0 = Point(x: line[0].x - line[1].x, y: line[0].y - line[1].y)
            let d1 = Point(x: line[n - 1].x - line[n - 2].x, y: line[n - 1].y - line[n - 2].y)
            cap(at: line[0], direction: d0, buffer: &buffer, sink: sink)
            cap(at: line[n - 1], direction: d1, buffer: &buffer, sink: sink)
        }
    }

    /// The unit direction from `a` to `b` and the normal `halfWidth` long to its left; nil when
    /// they coincide.
    private static func frame(_ a: Point, _ b: Point, _ halfWidth: Double) -> (Point, Point)? {
        let dx = b.x - a.x, dy = b.y - a.y
        let length = (dx * dx + dy * dy).squareRoot()
        guard length > 0, length.isFinite else { return nil }
        let d = Point(x: dx / length, y: dy / length)
        return (d, Point(x: -d.y * halfWidth, y: d.x * halfWidth))
    }

    /// The join at `at` between the lines from `before` and to `after`, on the outside of the turn.
    private func joinCorner(_ before: Point, _ at: Point, _ after: Point, buffer: inout [Point], sink: PathOutline.Sink) {
        guard let (d0, n0) = Self.frame(before, at, halfWidth), let (d1, n1) = Self.frame(at, after, halfWidth) else { return }
        let turn = d0.x * d1.y - d0.y * d1.x
        let dot = d0.x * d1.x + d0.y * d1.y
        guard abs(turn) > 1e-12 || dot < 0 else { return }
        // The outside is away from the turn: the normals point left of travel.
        let s: Double = turn > 0 ? -1 : 1
        let a = Point(x: at.x + s * n0.x, y: at.y + s * n0.y), b = Point(x: at.x + s * n1.x, y: at.y + s * n1.y)
        buffer.removeAll(keepingCapacity: true)
        buffer.append(at)
        buffer.append(a)
        switch join {
        case .bevel:
            break
        case .miter:
            // Miter length over line width is 1 / cos(half the turn).
            let cosHalf = ((1 + dot) / 2).squareRoot()
            if cosHalf > 1e-9, 1 / cosHalf <= miterLimit {
                let mx = n0.x + n1.x, my = n0.y + n1.y
                let m = (mx * mx + my * my).squareRoot()
                if m > 0 {
                    let reach = halfWidth / cosHalf
                    buffer.append(Point(x: at.x + s * mx / m * reach, y: at.y + s * my / m * reach))
                }
            }
        case .round:
            appendArc(around: at, from: Point(x: s * n0.x, y: s * n0.y), to: Point(x: s * n1.x, y: s * n1.y), buffer: &buffer)
        }
        buffer.append(b)
        sink(buffer[...], true)
    }

    /// The cap at end point `p` of a line leaving it in `direction` (pointing away from the line).
    private func cap(at p: Point, direction: Point, buffer: inout [Point], sink: PathOutline.Sink) {
        guard cap != .butt else { return }
        let length = (direction.x * direction.x + direction.y * direction.y).squareRoot()
        guard length > 0 else { return }
        let d = Point(x: direction.x / length * halfWidth, y: direction.y / length * halfWidth)
        let normal = Point(x: -d.y, y: d.x)
        buffer.removeAll(keepingCapacity: true)
        buffer.append(Point(x: p.x + normal.x, y: p.y + normal.y))
        if cap == .square {
            buffer.append(Point(x: p.x + normal.x + d.x, y: p.y + normal.y + d.y))
            buffer.append(Point(x: p.x - normal.x + d.x, y: p.y - normal.y + d.y))
        } else {
            appendArc(around: p, from: normal, to: d, buffer: &buffer)
            buffer.append(Point(x: p.x + d.x, y: p.y + d.y))
            appendArc(around: p, from: d, to: Point(x: -normal.x, y: -normal.y), buffer: &buffer)
        }
        buffer.append(Point(x: p.x - normal.x, y: p.y - normal.y))
        sink(buffer[...], true)
    }

    /// Points strictly between offsets `u` and `v` (both `halfWidth` long) on the circle around
    /// `centre`, the short way round.
    private func appendArc(around centre: Point, from u: Point, to v: Point, buffer: inout [Point]) {
        let a0 = atan2(u.y, u.x)
        var sweep = atan2(v.y, v.x) - a0
        if sweep > Double.pi { sweep -= 2 * Double.pi }
        if sweep < -Double.pi { sweep += 2 * Double.pi }
        let steps = Int((abs(sweep) / arcStep).rounded(.up))
        guard steps > 1 else { return }
        for k in 1..<steps {
            let a = a0 + sweep * Double(k) / Double(steps)
            buffer.append(Point(x: centre.x + halfWidth * cos(a), y: centre.y + halfWidth * sin(a)))
        }
    }
}
