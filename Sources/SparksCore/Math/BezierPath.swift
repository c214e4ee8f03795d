#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A path, as CGPath and UIBezierPath build one: subpaths of lines and quadratic and cubic
/// Bézier segments; arcs and ovals become cubic segments of at most a quarter turn.
///
/// It is a shape layer's `path` and a keyframe animation's `path`. Coordinates are in the
/// layer's space (y grows downwards, as on iOS).
public struct BezierPath: Hashable, Sendable {
    /// Paths are equal when they draw the same: the same segments in the same subpaths (how
    /// far a builder had got is not part of the path).
    public static func == (a: BezierPath, b: BezierPath) -> Bool {
        a.segments == b.segments && a.subpaths == b.subpaths
    }

    /// Hashes what `==` compares.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(segments)
        hasher.combine(subpaths)
    }

    /// A run of connected segments started by a move (or by the first segment after a close).
    public struct Subpath: Hashable, Sendable {
        /// Its segments, as indices into ``BezierPath/segments``.
        public var segments: Range<Int>
        /// Whether it was closed (CGPathCloseSubpath): strokes join its end to its start.
        public var isClosed: Bool

        /// Creates a subpath.
        public init(segments: Range<Int>, isClosed: Bool) {
            self.segments = segments
            self.isClosed = isClosed
        }
    }

    /// One element of the path.
    public enum Segment: Hashable, Sendable {
        case line(Point, Point)
        case quad(Point, Point, Point)
        case cubic(Point, Point, Point, Point)
    }

    /// The segments in order; each is one keyframe interval.
    public private(set) var segments: [Segment] = []
    /// Arc length of each segment (a polyline of 32 pieces), kept as segments are added.
    public private(set) var segmentLengths: [Double] = []
    /// The length of the whole path.
    public private(set) var totalLength = 0.0
    /// The subpaths, in order; together they hold every segment.
    public private(set) var subpaths: [Subpath] = []
    /// The current point (where the next segment starts), nil before the first move.
    var current: Point?
    private var subpathStart: Point?
    /// Whether the last subpath still takes segments (false after a move or a close).
    private var subpathIsOpen = false

    /// An empty path.
    public init() {}

    /// Starts a new subpath at `p` (CGPathMoveToPoint).
    public mutating func move(to p: Point) {
        current = p
        subpathStart = p
        subpathIsOpen = false
    }

    /// A straight segment to `p` (CGPathAddLineToPoint).
    public mutating func line(to p: Point) {
        let start = current ?? p
        if current == nil { subpathStart = p }
        append(.line(start, p))
        current = p
    }

    /// A quadratic Bézier to `p` (CGPathAddQuadCurveToPoint).
    public mutating func quadCurve(to p: Point, control: Point) {
        let start = current ?? p
        if current == nil { subpathStart = p }
        append(.quad(start, control, p))
        current = p
    }

    /// A cubic Bézier to `p` (CGPathAddCurveToPoint).
    public mutating func curve(to p: Point, control1: Point, control2: Point) {
        let start = current ?? p
        if current == nil { subpathStart = p }
        append(.cubic(start, control1, control2, p))
        current = p
    }

    /// A circular arc (UIBezierPath(arcCenter:radius:startAngle:endAngle:clockwise:)): angles in
    /// radians from +x, `clockwise` as seen on screen (angles increasing, since y grows
    /// downwards). A line joins the current point to the arc's start. Angles a whole turn or
    /// more apart are a full circle either way (core-animation.md §9).
    public mutating func arc(center c: Point, radius r: Double, startAngle a0: Double, endAngle a1: Double, clockwise: Bool) {
        var sweep = a1 - a0
        let fullTurn = 2 * Double.pi
        if abs(sweep) >= fullTurn * (1 - 1e-12) {
            sweep = clockwise ? fullTurn : -fullTurn
        } else if clockwise {
            if sweep < 0 { sweep += fullTurn * (-sweep / fullTurn).rounded(.up) }
            sweep = min(sweep, fullTurn)
        } else {
            if sweep > 0 { sweep -= fullTurn * (sweep / fullTurn).rounded(.up) }
            sweep = max(sweep, -fullTurn)
        }
        let start = Point(x: c.x + r * cos(a0), y: c.y + r * sin(a0))
        if let current, current != start { line(to: start) } else if current == nil { move(to: start) }
        appendArc(center: c, rx: r, ry: r, rotation: 0, start: a0, sweep: sweep)
    }

    /// An ellipse inscribed in `rect` (UIBezierPath(ovalIn:), CGPathAddEllipseInRect): a closed
    /// subpath of four quarter turns starting at the right-hand end of the horizontal axis and
    /// running clockwise on screen.
    public mutating func addOval(in rect: Rect) {
        let rx = rect.size.width / 2, ry = rect.size.height / 2
        let c = Point(x: rect.midX, y: rect.midY)
        move(to: Point(x: c.x + rx, y: c.y))
        appendArc(center: c, rx: rx, ry: ry, rotation: 0, start: 0, sweep: 2 * Double.pi)
        close()
    }

    /// A path of one rectangle (UIBezierPath(rect:)).
    public init(rect: Rect) {
        self.init()
        addRect(rect)
    }

    /// A path of one ellipse inscribed in `rect` (UIBezierPath(ovalIn:)).
    public init(ovalIn rect: Rect) {
        self.init()
        addOval(in: rect)
    }

    /// A rectangle (UIBezierPath(rect:), CGPathAddRect): a closed subpath from the top-left
    /// corner, clockwise on screen.
    public mutating func addRect(_ rect: Rect) {
        move(to: rect.origin)
        line(to: Point(x: rect.maxX, y: rect.origin.y))
        line(to: Point(x: rect.maxX, y: rect.maxY))
        line(to: Point(x: rect.origin.x, y: rect.maxY))
        close()
    }

    /// A rectangle with circular corners of `radius` (UIBezierPath(roundedRect:cornerRadius:)),
    /// at most half the shorter side: a closed subpath starting on the top edge after the
    /// top-left corner, clockwise on screen.
    public mutating func addRoundedRect(_ rect: Rect, cornerRadius: Double) {
        let r = min(max(cornerRadius, 0), min(rect.size.width, rect.size.height) / 2)
        guard r > 0 else { return addRect(rect) }
        let x0 = rect.origin.x, y0 = rect.origin.y, x1 = rect.maxX, y1 = rect.maxY
        let quarter = Double.pi / 2
        move(to: Point(x: x0 + r, y: y0))
        line(to: Point(x: x1 - r, y: y0))
        appendArc(center: Point(x: x1 - r, y: y0 + r), rx: r, ry: r, rotation: 0, start: -quarter, sweep: quarter)
        line(to: Point(x: x1, y: y1 - r))
        appendArc(center: Point(x: x1 - r, y: y1 - r), rx: r, ry: r, rotation: 0, start: 0, sweep: quarter)
        line(to: Point(x: x0 + r, y: y1))
        appendArc(center: Point(x: x0 + r, y: y1 - r), rx: r, ry: r, rotation: 0, start: quarter, sweep: quarter)
        line(to: Point(x: x0, y: y0 + r))
        appendArc(center: Point(x: x0 + r, y: y0 + r), rx: r, ry: r, rotation: 0, start: 2 * quarter, sweep: quarter)
        close()
    }

    /// Cubic approximations of an elliptical arc, each spanning at most a quarter turn.
    mutating func appendArc(center c: Point, rx: Double, ry: Double, rotation phi: Double, start: Double, sweep: Double) {
        guard sweep != 0, rx > 0, ry > 0 else { return }
        let pieces = max(1, Int((abs(sweep) / (Double.pi / 2) - 1e-9).rounded(.up)))
        let step = sweep / Double(pieces)
        let k = 4.0 / 3.0 * tan(step / 4)
        let cp = cos(phi), sp = sin(phi)
        func point(_ a: Double, _ dx: Double = 0, _ dy: Double = 0) -> Point {
            let x = rx * cos(a) + dx, y = ry * sin(a) + dy
            return Point(x: c.x + x * cp - y * sp, y: c.y + x * sp + y * cp)
        }
        var a = start
        for _ in 0..<pieces {
            let b = a + step
            let p0 = point(a), p3 = point(b)
            let p1 = point(a, -k * rx * sin(a), k * ry * cos(a))
            let p2 = point(b, k * rx * sin(b), -k * ry * cos(b))
            append(.cubic(current ?? p0, p1, p2, p3))
            current = p3
            a = b
        }
    }

    /// Closes the subpath with a line to its start (CGPathCloseSubpath).
    public mutating func close() {
        // A line back to the start, unless the path is already there (up to rounding, as after a
        // full turn of arc).
        if let start = subpathStart, let current {
            let gap = max(abs(current.x - start.x), abs(current.y - start.y))
            if gap > 1e-9 * max(1, abs(start.x), abs(start.y)) { line(to: start) }
        }
        current = subpathStart
        if subpathIsOpen, !subpaths.isEmpty { subpaths[subpaths.count - 1].isClosed = true }
        subpathIsOpen = false
    }

    /// The point a fraction `t` (0…1) along segment `index`, by the segment's own parameter.
    public func point(segment index: Int, t: Double) -> Point {
        switch segments[index] {
        case .line(let a, let b):
            return Point(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t)
        case .quad(let a, let c, let b):
            let u = 1 - t
            return Point(x: u * u * a.x + 2 * u * t * c.x + t * t * b.x, y: u * u * a.y + 2 * u * t * c.y + t * t * b.y)
        case .cubic(let a, let c1, let c2, let b):
            let u = 1 - t
            let w0 = u * u * u, w1 = 3 * u * u * t, w2 = 3 * u * t * t, w3 = t * t * t
            return Point(x: w0 * a.x + w1 * c1.x + w2 * c2.x + w3 * b.x, y: w0 * a.y + w1 * c1.y + w2 * c2.y + w3 * b.y)
        }
    }

    /// The direction of travel at a fraction `t` along segment `index` (not normalised).
    public func tangent(segment index: Int, t: Double) -> Point {
        switch segments[index] {
        case .line(let a, let b):
            return Point(x: b.x - a.x, y: b.y - a.y)
        case .quad(let a, let c, let b):
            return Point(x: 2 * (1 - t) * (c.x - a.x) + 2 * t * (b.x - c.x), y: 2 * (1 - t) * (c.y - a.y) + 2 * t * (b.y - c.y))
        case .cubic(let a, let c1, let c2, let b):
            let u = 1 - t
            return Point(
                x: 3 * u * u * (c1.x - a.x) + 6 * u * t * (c2.x - c1.x) + 3 * t * t * (b.x - c2.x),
                y: 3 * u * u * (c1.y - a.y) + 6 * u * t * (c2.y - c1.y) + 3 * t * t * (b.y - c2.y))
        }
    }

    /// The path's vertices: the start of the first segment and the end of each segment.
    public var vertices: [Point] {
        guard !segments.isEmpty else { return [] }
        return (0...segments.count).map(vertex)
    }

    /// Vertex `index` (0…segments.count): the path's start, then each segment's end.
    public func vertex(_ index: Int) -> Point {
        index == 0 ? point(segment: 0, t: 0) : point(segment: index - 1, t: 1)
    }

    private mutating func append(_ segment: Segment) {
        segments.append(segment)
        let i = segments.count - 1
        if subpathIsOpen, !subpaths.isEmpty {
            subpaths[subpaths.count - 1].segments = subpaths[subpaths.count - 1].segments.lowerBound..<(i + 1)
        } else {
            subpaths.append(Subpath(segments: i..<(i + 1), isClosed: false))
            subpathIsOpen = true
        }
        var length = 0.0
        var previous = point(segment: i, t: 0)
        for k in 1...32 {
            let p = point(segment: i, t: Double(k) / 32)
            length += ((p.x - previous.x) * (p.x - previous.x) + (p.y - previous.y) * (p.y - previous.y)).squareRoot()
            previous = p
        }
        segmentLengths.append(length)
        totalLength += length
    }

    /// The segment and its parameter at a fraction `s` (0…1) of the whole arc length.
    public func locate(arcFraction s: Double) -> (segment: Int, t: Double) {
        let lengths = segmentLengths
        let total = totalLength
        guard total > 0 else { return (0, s) }
        var target = min(max(s, 0), 1) * total
        for (i, length) in lengths.enumerated() {
            if target <= length || i == lengths.count - 1 {
                // Within the segment, invert its arc length on 64 samples.
                var previous = point(segment: i, t: 0), travelled = 0.0
                for k in 1...64 {
                    let t = Double(k) / 64
                    let p = point(segment: i, t: t)
                    let d = ((p.x - previous.x) * (p.x - previous.x) + (p.y - previous.y) * (p.y - previous.y)).squareRoot()
                    if travelled + d >= target, d > 0 {
                        return (i, t - (1 - (target - travelled) / d) / 64)
                    }
                    travelled += d
                    previous = p
                }
                return (i, 1)
            }
            target -= length
        }
        return (segments.count - 1, 1)
    }

    /// The segment as a cubic Bézier drawing the same curve.
    static func cubic(_ segment: Segment) -> (Point, Point, Point, Point) {
        func lerp(_ a: Point, _ b: Point, _ t: Double) -> Point { Point(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t) }
        switch segment {
        case .line(let a, let b): return (a, lerp(a, b, 1.0 / 3), lerp(a, b, 2.0 / 3), b)
        case .quad(let a, let c, let b): return (a, lerp(a, c, 2.0 / 3), lerp(b, c, 2.0 / 3), b)
        case .cubic(let a, let c1, let c2, let b): return (a, c1, c2, b)
        }
    }

    /// The path a fraction `t` of the way from `a` to `b` (path morphing, as Core Animation
    /// animates a shape layer's `path`): each control point moves in a straight line; segments
    /// of different kinds meet as cubics. Nil when the paths' segments or subpaths do not pair up.
    public static func interpolate(_ a: BezierPath, _ b: BezierPath, _ t: Double) -> BezierPath? {
        guard a.segments.count == b.segments.count, a.subpaths.map(\.segments) == b.subpaths.map(\.segments) else { return nil }
        func mix(_ p: Point, _ q: Point) -> Point { Point(x: p.x + (q.x - p.x) * t, y: p.y + (q.y - p.y) * t) }
        var result = BezierPath()
        for (x, y) in zip(a.segments, b.segments) {
            switch (x, y) {
            case (.line(let p0, let p1), .line(let q0, let q1)):
                result.append(.line(mix(p0, q0), mix(p1, q1)))
            case (.quad(let p0, let p1, let p2), .quad(let q0, let q1, let q2)):
                result.append(.quad(mix(p0, q0), mix(p1, q1), mix(p2, q2)))
            default:
                let p = cubic(x), q = cubic(y)
                result.append(.cubic(mix(p.0, q.0), mix(p.1, q.1), mix(p.2, q.2), mix(p.3, q.3)))
            }
        }
        result.subpaths = t < 0.5 ? a.subpaths : b.subpaths
        result.subpathIsOpen = false
        result.current = result.segments.last.map { cubic($0).3 }
        return result
    }
}

extension BezierPath {
    /// Whether every point of every segment is finite.
    public var isFinite: Bool {
        segments.allSatisfy { segment in
            let (a, b, c, d) = Self.cubic(segment)
            return [a, b, c, d].allSatisfy { $0.x.isFinite && $0.y.isFinite }
        }
    }
}
