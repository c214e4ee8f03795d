extension PropertyValue {
    /// The value a fraction `t` of the way from `a` to `b` (t may leave 0…1 for overshooting
    /// curves). Numbers, vectors and colours interpolate per component; transforms as in
    /// core-animation.md §2.3; images cross-fade (`t` clamped to 0…1); paths morph point by point when their
    /// segments pair up; other values switch at the half-way point.
    static func interpolate(_ a: PropertyValue, _ b: PropertyValue, _ t: Double) -> PropertyValue {
        switch (a, b) {
        case (.number(let x), .number(let y)):
            return .number(x + (y - x) * t)
        case (.vector(let x), .vector(let y)) where x.count == y.count:
            return .vector(PropertyVector.combine(x, y) { $0 + ($1 - $0) * t })
        case (.color(let x), .color(let y)):
            return .color(Color.mix(x, y, t))
        case (.transform(let x), .transform(let y)):
            return .transform(Transform3D.interpolate(x, y, t))
        case (.image(let x), .image(let y)):
            return ImageCrossFade.value(from: x, to: y, fraction: t)
        case (.colors(let x), .colors(let y)) where x.count == y.count:
            return .colors(zip(x, y).map { Color.mix($0, $1, t) })
        case (.numbers(let x), .numbers(let y)) where x.count == y.count:
            return .numbers(zip(x, y).map { $0 + ($1 - $0) * t })
        case (.path(let x), .path(let y)):
            return BezierPath.interpolate(x, y, t).map(PropertyValue.path) ?? (t < 0.5 ? a : b)
        default:
            return t < 0.5 ? a : b
        }
    }

    /// `a + b`: numbers, vectors and colours add per component; transforms concatenate with
    /// `b` applied first (additive animations, core-animation.md §4.1).
    static func add(_ a: PropertyValue, _ b: PropertyValue) -> PropertyValue {
        switch (a, b) {
        case (.number(let x), .number(let y)): return .number(x + y)
        case (.vector(let x), .vector(let y)) where x.count == y.count: return .vector(PropertyVector.combine(x, y, +))
        case (.color(let x), .color(let y)):
            return .color(Color(red: x.red + y.red, green: x.green + y.green, blue: x.blue + y.blue, alpha: x.alpha + y.alpha))
        case (.transform(let x), .transform(let y)): return .transform(y * x)
        default: return b
        }
    }

    /// `a − b` for the value types that add.
    static func subtract(_ a: PropertyValue, _ b: PropertyValue) -> PropertyValue {
        switch (a, b) {
        case (.number(let x), .number(let y)): return .number(x - y)
        case (.vector(let x), .vector(let y)) where x.count == y.count: return .vector(PropertyVector.combine(x, y, -))
        case (.color(let x), .color(let y)):
            return .color(Color(red: x.red - y.red, green: x.green - y.green, blue: x.blue - y.blue, alpha: x.alpha - y.alpha))
        case (.transform(let x), .transform(let y)): return .transform(y.inverted * x)
        default: return a
        }
    }

    /// `a · k` for the value types that add (cumulative repeats).
    static func scale(_ a: PropertyValue, _ k: Double) -> PropertyValue {
        switch a {
        case .number(let x): return .number(x * k)
        case .vector(let x): return .vector(x.mapComponents { $0 * k })
        case .color(let c): return .color(Color(red: c.red * k, green: c.green * k, blue: c.blue * k, alpha: c.alpha * k))
        default: return a
        }
    }

    /// Euclidean distance between two values, for paced keyframes.
    static func distance(_ a: PropertyValue, _ b: PropertyValue) -> Double {
        switch (a, b) {
        case (.number(let x), .number(let y)): return abs(y - x)
        case (.vector(let x), .vector(let y)) where x.count == y.count:
            return zip(x, y).reduce(0) { $0 + ($1.1 - $1.0) * ($1.1 - $1.0) }.squareRoot()
        case (.color(let x), .color(let y)):
            let d = SIMD4(x.red - y.red, x.green - y.green, x.blue - y.blue, x.alpha - y.alpha)
            return (d * d).sum().squareRoot()
        case (.transform(let x), .transform(let y)):
            return zip(x.rowMajor, y.rowMajor).reduce(0) { $0 + ($1.1 - $1.0) * ($1.1 - $1.0) }.squareRoot()
        default: return 1
        }
    }
}
