import Foundation

/// A path for keyframe animations (the CGPath of CAKeyframeAnimation.path): lines and
/// quadratic and cubic Bézier segments; arcs become cubic segments of at most a quarter turn.
public struct AnimationPath: Hashable, Sendable {
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
    private var current: Point?
    private var subpathStart: Point?

    /// An empty path.
    public init() {}

    /// Starts a new subpath at `p` (CGPathMoveToPoint).
    public mutating func move(to p: Point) {
        current = p
        subpathStart = p
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
    /// downwards). A line joins the current point to the arc's start.
    public mutating func arc(center c: Point, radius r: Double, startAngle a0: Double, endAngle a1: Double, clockwise: Bool) {
        var sweep = a1 - a0
        let fullTurn = 2 * Double.pi
        if clockwise {
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

    /// Cubic approximations of an elliptical arc, each spanning at most a quarter turn.
    private mutating func appendArc(center c: Point, rx: Double, ry: Double, rotation phi: Double, start: Double, sweep: Double) {
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
        if let start = subpathStart, let current, current != start { line(to: start) }
        current = subpathStart
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
}

/// Why SVG path data could not be read.
public struct PathSyntaxError: Error, Sendable {
    /// What is wrong, with the position in the text.
    public var message: String
}

extension AnimationPath {
    /// Reads SVG path data (`M 50 50 L 300 50 A 150 150 0 1 1 …`): M, L, H, V, C, S, Q, T, A and Z,
    /// absolute and relative. SVG's y also grows downwards, so positive-angle arcs
    /// (sweep-flag 1) turn clockwise on screen as they do here.
    public init(svg text: String) throws(PathSyntaxError) {
        self.init()
        var scanner = SVGScanner(text)
        var command: Character?
        var lastControl: Point?
        var lastCommand: Character = " "
        while let next = try scanner.nextCommandOrNumberStart() {
            if next.isLetter {
                command = next
                scanner.advance()
            } else if command == nil {
                throw PathSyntaxError(message: "path data must start with a command such as M, at character \(scanner.offset + 1)")
            }
            guard let c = command else { break }
            let relative = c.isLowercase
            let origin = relative ? (current ?? .zero) : .zero
            func pt(_ x: Double, _ y: Double) -> Point { Point(x: origin.x + x, y: origin.y + y) }
            switch c.uppercased().first! {
            case "M":
                let x = try scanner.number(), y = try scanner.number()
                move(to: pt(x, y))
                command = relative ? "l" : "L"  // further pairs are lines
                lastControl = nil
            case "L":
                let x = try scanner.number(), y = try scanner.number()
                line(to: pt(x, y))
                lastControl = nil
            case "H":
                let x = try scanner.number()
                line(to: Point(x: (relative ? origin.x : 0) + x, y: current?.y ?? 0))
                lastControl = nil
            case "V":
                let y = try scanner.number()
                line(to: Point(x: current?.x ?? 0, y: (relative ? origin.y : 0) + y))
                lastControl = nil
            case "C":
                let c1 = pt(try scanner.number(), try scanner.number())
                let c2 = pt(try scanner.number(), try scanner.number())
                let p = pt(try scanner.number(), try scanner.number())
                curve(to: p, control1: c1, control2: c2)
                lastControl = c2
            case "S":
                let cur = current ?? .zero
                let reflected = "CcSs".contains(lastCommand) ? Point(x: 2 * cur.x - (lastControl?.x ?? cur.x), y: 2 * cur.y - (lastControl?.y ?? cur.y)) : cur
                let c2 = pt(try scanner.number(), try scanner.number())
                let p = pt(try scanner.number(), try scanner.number())
                curve(to: p, control1: reflected, control2: c2)
                lastControl = c2
            case "Q":
                let control = pt(try scanner.number(), try scanner.number())
                let p = pt(try scanner.number(), try scanner.number())
                quadCurve(to: p, control: control)
                lastControl = control
            case "T":
                let cur = current ?? .zero
                let control = "QqTt".contains(lastCommand) ? Point(x: 2 * cur.x - (lastControl?.x ?? cur.x), y: 2 * cur.y - (lastControl?.y ?? cur.y)) : cur
                let p = pt(try scanner.number(), try scanner.number())
                quadCurve(to: p, control: control)
                lastControl = control
            case "A":
                let rx = abs(try scanner.number()), ry = abs(try scanner.number())
                let angle = try scanner.number() * Double.pi / 180
                let largeArc = try scanner.flag(), sweep = try scanner.flag()
                let p = pt(try scanner.number(), try scanner.number())
                svgArc(to: p, rx: rx, ry: ry, rotation: angle, largeArc: largeArc, sweep: sweep)
                lastControl = nil
            case "Z":
                close()
                lastControl = nil
                command = nil
            default:
                throw PathSyntaxError(message: "unknown path command '\(c)' at character \(scanner.offset + 1)")
            }
            lastCommand = c
        }
        if segments.isEmpty { throw PathSyntaxError(message: "the path has no segments") }
    }

    /// SVG endpoint arc → centre parameterisation (SVG 1.1, appendix F.6.5).
    private mutating func svgArc(to p: Point, rx: Double, ry: Double, rotation phi: Double, largeArc: Bool, sweep: Bool) {
        let p0 = current ?? p
        guard rx > 0, ry > 0, p0 != p else { line(to: p); return }
        let cp = cos(phi), sp = sin(phi)
        let dx = (p0.x - p.x) / 2, dy = (p0.y - p.y) / 2
        let x1 = cp * dx + sp * dy, y1 = -sp * dx + cp * dy
        var rx = rx, ry = ry
        let lambda = x1 * x1 / (rx * rx) + y1 * y1 / (ry * ry)
        if lambda > 1 { rx *= lambda.squareRoot(); ry *= lambda.squareRoot() }
        let num = rx * rx * ry * ry - rx * rx * y1 * y1 - ry * ry * x1 * x1
        let den = rx * rx * y1 * y1 + ry * ry * x1 * x1
        var factor = (max(0, num / den)).squareRoot()
        if largeArc == sweep { factor = -factor }
        let cx1 = factor * rx * y1 / ry, cy1 = -factor * ry * x1 / rx
        let centre = Point(x: cp * cx1 - sp * cy1 + (p0.x + p.x) / 2, y: sp * cx1 + cp * cy1 + (p0.y + p.y) / 2)
        func angle(_ ux: Double, _ uy: Double, _ vx: Double, _ vy: Double) -> Double {
            atan2(ux * vy - uy * vx, ux * vx + uy * vy)
        }
        let start = angle(1, 0, (x1 - cx1) / rx, (y1 - cy1) / ry)
        var delta = angle((x1 - cx1) / rx, (y1 - cy1) / ry, (-x1 - cx1) / rx, (-y1 - cy1) / ry)
        if !sweep && delta > 0 { delta -= 2 * Double.pi }
        if sweep && delta < 0 { delta += 2 * Double.pi }
        appendArc(center: centre, rx: rx, ry: ry, rotation: phi, start: start, sweep: delta)
        current = p
    }
}

/// Splits SVG path data into commands and numbers.
private struct SVGScanner {
    let chars: [Character]
    var offset = 0

    init(_ text: String) { chars = Array(text) }

    mutating func skipSeparators() {
        while offset < chars.count, chars[offset].isWhitespace || chars[offset] == "," { offset += 1 }
    }

    /// The next command letter or the first character of a number; nil at the end.
    mutating func nextCommandOrNumberStart() throws(PathSyntaxError) -> Character? {
        skipSeparators()
        guard offset < chars.count else { return nil }
        let c = chars[offset]
        if c.isLetter && c != "e" && c != "E" { return c }
        if c.isNumber || c == "-" || c == "+" || c == "." { return c }
        throw PathSyntaxError(message: "unexpected '\(c)' at character \(offset + 1)")
    }

    mutating func advance() { offset += 1 }

    mutating func number() throws(PathSyntaxError) -> Double {
        skipSeparators()
        let start = offset
        if offset < chars.count, chars[offset] == "-" || chars[offset] == "+" { offset += 1 }
        var sawDot = false, sawDigit = false
        while offset < chars.count {
            let c = chars[offset]
            if c.isNumber { sawDigit = true; offset += 1 }
            else if c == "." && !sawDot { sawDot = true; offset += 1 }
            else { break }
        }
        if sawDigit, offset < chars.count, chars[offset] == "e" || chars[offset] == "E" {
            offset += 1
            if offset < chars.count, chars[offset] == "-" || chars[offset] == "+" { offset += 1 }
            while offset < chars.count, chars[offset].isNumber { offset += 1 }
        }
        guard sawDigit, let value = Double(String(chars[start..<offset])), value.isFinite else {
            throw PathSyntaxError(message: "expected a number at character \(start + 1)")
        }
        return value
    }

    mutating func flag() throws(PathSyntaxError) -> Bool {
        skipSeparators()
        guard offset < chars.count, chars[offset] == "0" || chars[offset] == "1" else {
            throw PathSyntaxError(message: "expected an arc flag 0 or 1 at character \(offset + 1)")
        }
        offset += 1
        return chars[offset - 1] == "1"
    }
}
