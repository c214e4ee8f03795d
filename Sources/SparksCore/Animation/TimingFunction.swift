/// A cubic Bézier pacing curve from (0, 0) to (1, 1) (CAMediaTimingFunction). core-animation.md §3.4.
public struct TimingFunction: Hashable, Sendable {
    /// First control point.
    public var c1: (x: Double, y: Double) { (c1x, c1y) }
    /// Second control point.
    public var c2: (x: Double, y: Double) { (c2x, c2y) }
    private let c1x: Double, c1y: Double, c2x: Double, c2y: Double

    /// Creates a curve with control points (x1, y1) and (x2, y2); x values are limited to 0…1.
    public init(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) {
        c1x = min(max(x1, 0), 1)
        c1y = y1
        c2x = min(max(x2, 0), 1)
        c2y = y2
    }

    /// Constant pace.
    public static let linear = TimingFunction(0, 0, 1, 1)
    /// Slow start.
    public static let easeIn = TimingFunction(0.42, 0, 1, 1)
    /// Slow end.
    public static let easeOut = TimingFunction(0, 0, 0.58, 1)
    /// Slow start and end.
    public static let easeInEaseOut = TimingFunction(0.42, 0, 0.58, 1)
    /// Core Animation's default curve for implicit animations.
    public static let `default` = TimingFunction(0.25, 0.1, 0.25, 1)

    /// The named curves presets may use.
    public static let named: [String: TimingFunction] = [
        "linear": .linear, "easeIn": .easeIn, "easeOut": .easeOut, "easeInEaseOut": .easeInEaseOut, "default": .default,
    ]

    /// The curve's output for input `x` (clamped to 0…1): solve x(s) = x for s, return y(s).
    public func value(at x: Double) -> Double {
        let x = min(max(x, 0), 1)
        if self == .linear { return x }
        let s = solveParameter(x)
        return sample(c1y, c2y, s)
    }

    /// One coordinate of the Bézier at parameter s: 3(1−s)²s·p1 + 3(1−s)s²·p2 + s³.
    private func sample(_ p1: Double, _ p2: Double, _ s: Double) -> Double {
        (((1 - 3 * p2 + 3 * p1) * s + (3 * p2 - 6 * p1)) * s + 3 * p1) * s
    }

    private func derivative(_ p1: Double, _ p2: Double, _ s: Double) -> Double {
        (3 * (1 - 3 * p2 + 3 * p1) * s + 2 * (3 * p2 - 6 * p1)) * s + 3 * p1
    }

    /// Newton's method from s = x, falling back to bisection (x(s) is monotonic for x in 0…1).
    private func solveParameter(_ x: Double) -> Double {
        var s = x
        for _ in 0..<8 {
            let error = sample(c1x, c2x, s) - x
            if abs(error) < 1e-12 { return s }
            let slope = derivative(c1x, c2x, s)
            if abs(slope) < 1e-9 { break }
            s -= error / slope
        }
        var lo = 0.0, hi = 1.0
        s = x
        for _ in 0..<60 {
            let v = sample(c1x, c2x, s)
            if abs(v - x) < 1e-12 { break }
            if v < x { lo = s } else { hi = s }
            s = (lo + hi) / 2
        }
        return s
    }

    public static func == (a: TimingFunction, b: TimingFunction) -> Bool {
        a.c1x == b.c1x && a.c1y == b.c1y && a.c2x == b.c2x && a.c2y == b.c2y
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(c1x)
        hasher.combine(c1y)
        hasher.combine(c2x)
        hasher.combine(c2y)
    }
}
