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

/// Why SVG path data could not be read.
public struct PathSyntaxError: Error, Sendable {
    /// What is wrong, with the position in the text.
    public var message: String
}

extension BezierPath {
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
                let reflected =
                    "CcSs".contains(lastCommand)
                    ? Point(x: 2 * cur.x - (lastControl?.x ?? cur.x), y: 2 * cur.y - (lastControl?.y ?? cur.y)) : cur
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
                let control =
                    "QqTt".contains(lastCommand)
                    ? Point(x: 2 * cur.x - (lastControl?.x ?? cur.x), y: 2 * cur.y - (lastControl?.y ?? cur.y)) : cur
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
        guard rx > 0, ry > 0, p0 != p else {
            line(to: p)
            return
        }
        let cp = cos(phi), sp = sin(phi)
        let dx = (p0.x - p.x) / 2, dy = (p0.y - p.y) / 2
        let x1 = cp * dx + sp * dy, y1 = -sp * dx + cp * dy
        var rx = rx, ry = ry
        let lambda = x1 * x1 / (rx * rx) + y1 * y1 / (ry * ry)
        if lambda > 1 {
            rx *= lambda.squareRoot()
            ry *= lambda.squareRoot()
        }
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
            if c.isNumber {
                sawDigit = true
                offset += 1
            } else if c == "." && !sawDot {
                sawDot = true
                offset += 1
            } else {
                break
            }
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
