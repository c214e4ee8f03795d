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

/// A gradient cut into convex pieces of the unit square, each vertex carrying the gradient's
/// colour there, so that interpolating vertex colours across each piece (as every backend does
/// for triangles) draws the gradient: exactly for axial gradients (the colour is linear in
/// position between stops), along every spoke for radial ones, and within a thin wedge for
/// conic ones.
///
/// Points are in the layer's unit coordinates: (0, 0) the top-left of its bounds, (1, 1) the
/// bottom-right. Pieces are handed to `body` one at a time, each held inline, so nothing is
/// allocated per piece.
struct GradientTessellation {
    let gradient: GradientProperties
    /// Angular steps for radial and conic gradients (a full turn).
    static let segments = 96

    /// A convex polygon of at most `capacity` points, held inline.
    struct Polygon {
        static let capacity = 16
        private var xs = SIMD16<Double>(), ys = SIMD16<Double>()
        private(set) var count = 0

        /// The layer's whole unit square.
        static let unitSquare: Polygon = {
            var square = Polygon()
            square.append(0, 0)
            square.append(1, 0)
            square.append(1, 1)
            square.append(0, 1)
            return square
        }()

        subscript(i: Int) -> (x: Double, y: Double) { (xs[i], ys[i]) }

        mutating func append(_ x: Double, _ y: Double) {
            guard count < Self.capacity else { return }
            xs[count] = x
            ys[count] = y
            count += 1
        }

        /// The part on the side of the line where `a·x + b·y + c ≥ 0`.
        func clipped(_ a: Double, _ b: Double, _ c: Double) -> Polygon {
            var out = Polygon()
            guard count > 0 else { return out }
            for i in 0..<count {
                let p = self[i], q = self[(i + 1) % count]
                let dp = a * p.x + b * p.y + c, dq = a * q.x + b * q.y + c
                if dp >= 0 { out.append(p.x, p.y) }
                if (dp >= 0) != (dq >= 0) {
                    let f = dp / (dp - dq)
                    out.append(p.x + (q.x - p.x) * f, p.y + (q.y - p.y) * f)
                }
            }
            return out
        }

        /// The part inside the unit square.
        var insideUnitSquare: Polygon {
            clipped(1, 0, 0).clipped(-1, 0, 1).clipped(0, 1, 0).clipped(0, -1, 1)
        }
    }

    /// Calls `body` with each piece and a function giving the colour at one of its points.
    func forEachPiece(_ body: (Polygon, (Double, Double) -> Color) -> Void) {
        guard !gradient.colors.isEmpty else { return }
        let s = gradient.startPoint, e = gradient.endPoint
        switch gradient.type {
        case .axial:
            let dx = e.x - s.x, dy = e.y - s.y, length2 = dx * dx + dy * dy
            func t(_ x: Double, _ y: Double) -> Double { length2 > 0 ? ((x - s.x) * dx + (y - s.y) * dy) / length2 : 1 }
            func colour(_ x: Double, _ y: Double) -> Color { gradient.color(at: t(x, y)) }
            guard length2 > 0 else { return body(.unitSquare, colour) }
            // Bands between consecutive stops (and beyond the ends): t ≥ lower and t ≤ upper.
            let stops = gradient.colors.count
            for band in 0...stops {
                var piece = Polygon.unitSquare
                if band > 0 {
                    piece = piece.clipped(dx / length2, dy / length2, -(s.x * dx + s.y * dy) / length2 - gradient.stopLocation(band - 1))
                }
                if band < stops {
                    piece = piece.clipped(-dx / length2, -dy / length2, (s.x * dx + s.y * dy) / length2 + gradient.stopLocation(band))
                }
                if piece.count >= 3 { body(piece, colour) }
            }
        case .radial:
            let rx = abs(e.x - s.x), ry = abs(e.y - s.y)
            func t(_ x: Double, _ y: Double) -> Double {
                guard rx > 0, ry > 0 else { return 1 }
                let u = (x - s.x) / rx, v = (y - s.y) / ry
                return (u * u + v * v).squareRoot()
            }
            func colour(_ x: Double, _ y: Double) -> Color { gradient.color(at: t(x, y)) }
            // Rings out past the farthest corner.
            let far = max(max(t(0, 0), t(1, 0)), max(t(1, 1), t(0, 1))) + 0.01
            guard rx > 0, ry > 0, far.isFinite else { return body(.unitSquare, colour) }
            let stepAngle = 2 * Double.pi / Double(Self.segments)
            // Each spoke is a straight line from the centre in unit space, a point at t on it
            // (cx + rx·t·cos, cy + ry·t·sin); rings at 0, at each stop strictly beyond the last
            // ring and before `far`, and at `far`.
            for k in 0..<Self.segments {
                let a0 = Double(k) * stepAngle, a1 = a0 + stepAngle
                let (c0, s0, c1, s1) = (rx * cos(a0), ry * sin(a0), rx * cos(a1), ry * sin(a1))
                var inner = 0.0
                var stop = 0
                while inner < far {
                    while stop < gradient.colors.count, gradient.stopLocation(stop) <= inner { stop += 1 }
                    let outer = stop < gradient.colors.count ? min(gradient.stopLocation(stop), far) : far
                    defer { inner = outer }
                    var cell = Polygon()
                    cell.append(s.x + c0 * inner, s.y + s0 * inner)
                    cell.append(s.x + c0 * outer, s.y + s0 * outer)
                    cell.append(s.x + c1 * outer, s.y + s1 * outer)
                    if inner > 0 { cell.append(s.x + c1 * inner, s.y + s1 * inner) }
                    let piece = cell.insideUnitSquare
                    if piece.count >= 3 { body(piece, colour) }
                }
            }
        case .conic:
            // The angle of the first colour, measured as on screen (y down: clockwise).
            let start = atan2(e.y - s.y, e.x - s.x)
            let reach = 4.0
            let direction: Double = CoreAnimationChoices.conicGradientRunsClockwise ? 1 : -1
            let step = 2 * Double.pi / Double(Self.segments), stepAngle = direction * step
            for k in 0..<Self.segments {
                let a0 = start + Double(k) * stepAngle, a1 = a0 + stepAngle
                let t0 = Double(k) / Double(Self.segments), t1 = Double(k + 1) / Double(Self.segments)
                let middle = gradient.color(at: (t0 + t1) / 2)
                func colour(_ x: Double, _ y: Double) -> Color {
                    let dx = x - s.x, dy = y - s.y
                    guard dx * dx + dy * dy > 1e-18 else { return middle }
                    var a = (atan2(dy, dx) - a0) * direction
                    a -= (a / (2 * .pi)).rounded(.down) * 2 * .pi
                    // Points of this wedge lie within one step of a0; the seam side stays on it.
                    let f = a > step * 1.5 ? 0 : min(a / step, 1)
                    return gradient.color(at: t0 + (t1 - t0) * f)
                }
                var wedge = Polygon()
                wedge.append(s.x, s.y)
                wedge.append(s.x + reach * cos(a0), s.y + reach * sin(a0))
                wedge.append(s.x + reach * cos(a1), s.y + reach * sin(a1))
                let piece = wedge.insideUnitSquare
                if piece.count >= 3 { body(piece, colour) }
            }
        }
    }
}
