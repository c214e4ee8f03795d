#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The physics of a spring animation (CASpringAnimation, core-animation.md §4.5): a mass on a
/// damped spring, let go at the start value with `initialVelocity` toward the end value. Its
/// progress is a function of the seconds the animation has run, not of its duration: an animation
/// shorter than ``settlingDuration`` jumps to its end, a longer one rests at it.
public struct Spring: Hashable, Sendable {
    /// The mass of the object on the spring (default 1).
    public var mass: Double = 1
    /// The spring's stiffness coefficient (default 100).
    public var stiffness: Double = 100
    /// The damping coefficient (default 10).
    public var damping: Double = 10
    /// The object's speed at the start, in distances (start to end) per second, toward the end
    /// value when positive (default 0).
    public var initialVelocity: Double = 0

    /// A spring with Core Animation's defaults.
    public init() {}

    /// A spring with the given physics.
    public init(mass: Double = 1, stiffness: Double = 100, damping: Double = 10, initialVelocity: Double = 0) {
        self.mass = mass
        self.stiffness = stiffness
        self.damping = damping
        self.initialVelocity = initialVelocity
    }

    /// The physics as the motion uses them: a value that is not a finite number (from code or a
    /// caller) is Core Animation's default; mass and stiffness stay above zero, damping at or
    /// above it.
    private var m: Double { mass.isFinite ? max(mass, 1e-9) : 1 }
    private var k: Double { stiffness.isFinite ? max(stiffness, 1e-9) : 100 }
    private var c: Double { damping.isFinite ? max(damping, 0) : 10 }
    private var v0: Double { initialVelocity.isFinite ? initialVelocity : 0 }

    /// The motion's constants: undamped angular frequency ω₀ = √(k/m) and damping ratio
    /// ζ = c / (2√(km)).
    private var omega: Double { (k / m).squareRoot() }
    private var zeta: Double { c / (2 * (k * m).squareRoot()) }

    /// The two decay rates of an over-damped spring, the slower first: −ω₀(ζ ∓ √(ζ² − 1)), the
    /// slower written as −ω₀ / (ζ + √(ζ² − 1)) so that heavy damping does not round it to 0.
    private var overdampedRates: (Double, Double) {
        let w = omega, z = zeta
        let root = (z * z - 1).squareRoot()
        return (-w / (z + root), -w * (z + root))
    }

    /// How far the object still is from the end value after `t` seconds, as a fraction of the
    /// distance (1 at the start, 0 at rest; negative past the end): the closed-form solution of
    /// m·x″ + c·x′ + k·x = 0 with x(0) = 1 and x′(0) = −initialVelocity.
    public func displacement(at t: Double) -> Double {
        let t = max(t, 0)
        let w = omega, z = zeta, v0 = self.v0
        if z < 1 - 1e-9 {
            // Under-damped: oscillates inside a decaying envelope.
            let wd = w * (1 - z * z).squareRoot()
            return exp(-z * w * t) * (cos(wd * t) + (z * w - v0) / wd * sin(wd * t))
        }
        if z > 1 + 1e-9 {
            // Over-damped: two decaying terms, r₁ the slower.
            let (r1, r2) = overdampedRates
            let c2 = (-v0 - r1) / (r2 - r1)
            return (1 - c2) * exp(r1 * t) + c2 * exp(r2 * t)
        }
        // Critically damped.
        return exp(-w * t) * (1 + (w - v0) * t)
    }

    /// The fraction of the way from the start value to the end value after `t` seconds.
    public func progress(at t: Double) -> Double { 1 - displacement(at: t) }

    /// How close to rest counts as settled: the largest displacement the motion may still have,
    /// as a fraction of the distance. Apple documents two settling durations of its default
    /// spring (about 2.85 s with damping 5, just over 1 s with damping 15); an envelope that
    /// falls below 1/1200 of the distance gives both (2.85 s and 1.00 s).
    public static let settledDisplacement = 1.0 / 1200

    /// The longest settling duration worked out (a spring without damping never settles).
    public static let longestSettlingDuration = 3600.0

    /// Seconds until the motion's envelope stays within ``settledDisplacement`` of rest.
    public var settlingDuration: Double {
        let w = omega, z = zeta, v0 = self.v0
        // A bound on |displacement(t)| that only falls with time.
        let envelope: (Double) -> Double
        if z < 1 - 1e-9 {
            let wd = w * (1 - z * z).squareRoot()
            let amplitude = (1 + pow((z * w - v0) / wd, 2)).squareRoot()
            guard z * w > 0 else { return Self.longestSettlingDuration }
            return min(max(log(amplitude / Self.settledDisplacement) / (z * w), 0), Self.longestSettlingDuration)
        } else if z > 1 + 1e-9 {
            let (r1, r2) = overdampedRates
            let c2 = (-v0 - r1) / (r2 - r1)
            envelope = { abs(1 - c2) * exp(r1 * $0) + abs(c2) * exp(r2 * $0) }
        } else {
            envelope = { exp(-w * $0) * (1 + abs(w - v0) * $0) }
        }
        // The envelope rises at most once (a fast start) and then falls: find where it falls
        // below the threshold by doubling, then bisecting.
        var high = 1.0 / w
        while envelope(high) > Self.settledDisplacement {
            high *= 2
            if high >= Self.longestSettlingDuration { return Self.longestSettlingDuration }
        }
        var low = 0.0
        for _ in 0..<60 {
            let middle = (low + high) / 2
            if envelope(middle) > Self.settledDisplacement { low = middle } else { high = middle }
        }
        return high
    }
}
