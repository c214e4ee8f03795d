import Foundation
import SparksCore
import Testing

/// CASpringAnimation's damped spring (core-animation.md §4.5), as numbers: the closed form against
/// a plain numerical integration of m·x″ + c·x′ + k·x = 0, Apple's documented settling times, the
/// overshoot a damping ratio gives, and a spring animation in a preset moving a layer.
@Suite("Spring animations (core-animation.md §4.5)")
struct SpringTests {
    /// The displacement after `t` seconds by fourth-order Runge–Kutta in small steps: slow and
    /// obviously right.
    static func integrated(_ spring: Spring, until t: Double) -> Double {
        var x = 1.0, v = -spring.initialVelocity
        let steps = max(Int(t / 2e-4), 1), h = t / Double(steps)
        func a(_ x: Double, _ v: Double) -> Double { -(spring.damping * v + spring.stiffness * x) / spring.mass }
        for _ in 0..<steps {
            let k1x = v, k1v = a(x, v)
            let k2x = v + h / 2 * k1v, k2v = a(x + h / 2 * k1x, v + h / 2 * k1v)
            let k3x = v + h / 2 * k2v, k3v = a(x + h / 2 * k2x, v + h / 2 * k2v)
            let k4x = v + h * k3v, k4v = a(x + h * k3x, v + h * k3v)
            x += h / 6 * (k1x + 2 * k2x + 2 * k3x + k4x)
            v += h / 6 * (k1v + 2 * k2v + 2 * k3v + k4v)
        }
        return x
    }

    @Test("The closed form follows the integrated motion for random springs: under-, critically and over-damped")
    func closedFormAgainstIntegration() {
        // A fixed sequence (SplitMix64), so a failure can be replayed.
        struct SplitMix: RandomNumberGenerator {
            var state: UInt64
            mutating func next() -> UInt64 {
                state &+= 0x9E37_79B9_7F4A_7C15
                var z = state
                z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
                z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
                return z ^ (z >> 31)
            }
        }
        var random = SplitMix(state: 51)
        var springs = (0..<40).map { _ in
            Spring(
                mass: Double.random(in: 0.2...5, using: &random), stiffness: Double.random(in: 10...800, using: &random),
                damping: Double.random(in: 0...60, using: &random), initialVelocity: Double.random(in: -8...8, using: &random))
        }
        // Exactly critical, and Core Animation's defaults.
        springs.append(Spring(mass: 1, stiffness: 100, damping: 20, initialVelocity: 3))
        springs.append(Spring())
        for spring in springs {
            for t in [0.05, 0.2, 0.5, 1.3] {
                let reference = Self.integrated(spring, until: t)
                #expect(abs(spring.displacement(at: t) - reference) < 1e-6, "\(spring) at \(t) s")
            }
            #expect(abs(spring.displacement(at: 0) - 1) < 1e-12 && abs(spring.progress(at: 0)) < 1e-12)
        }
    }

    @Test("Settling times are the two Apple documents: about 2.85 s with damping 5, just over 1 s with damping 15")
    func settlingDurations() {
        #expect(abs(Spring(damping: 5).settlingDuration - 2.85) < 0.01)
        let fifteen = Spring(damping: 15).settlingDuration
        #expect(fifteen > 1 && fifteen < 1.05, "\(fifteen)")
        // Settled means it: past the settling time the spring stays within the threshold.
        for spring in [
            Spring(), Spring(damping: 5), Spring(mass: 2, stiffness: 300, damping: 60, initialVelocity: 10), Spring(damping: 20),
        ] {
            let settled = spring.settlingDuration
            for k in 0...200 {
                #expect(abs(spring.displacement(at: settled + Double(k) * 0.01)) <= Spring.settledDisplacement + 1e-12)
            }
        }
        // Without damping it never settles: the longest time Sparks works out.
        #expect(Spring(damping: 0).settlingDuration == Spring.longestSettlingDuration)
        // Extreme physics stay finite and bounded: heavy damping creeps (its slow rate is not
        // rounded to 0), a stiff light spring settles at once.
        let creeping = Spring(mass: 1, stiffness: 1, damping: 1e6)
        #expect(creeping.displacement(at: 1) < 1 && creeping.displacement(at: 1) > 0.99)
        #expect(creeping.settlingDuration == Spring.longestSettlingDuration)
        let stiff = Spring(mass: 1e-6, stiffness: 1e7, damping: 10, initialVelocity: 1e7)
        #expect(stiff.settlingDuration.isFinite && stiff.settlingDuration < 0.1)
        for t in [0.0, 1e-4, 0.01, 1] { #expect(stiff.displacement(at: t).isFinite) }
        // Values that are not numbers (from code or a caller) are Core Animation's defaults.
        let broken = Spring(mass: .nan, stiffness: .infinity, damping: -.infinity, initialVelocity: .nan)
        #expect(broken.settlingDuration == Spring().settlingDuration)
        #expect(broken.displacement(at: 0.3) == Spring().displacement(at: 0.3))
    }

    @Test("Core Animation's default spring overshoots by e^(−ζπ/√(1−ζ²)) = 16.3 % at π/ω_d = 0.363 s")
    func overshoot() {
        let spring = Spring()  // ζ = 10 / (2·√100) = 0.5, ω₀ = 10
        let zeta = 0.5, omegaD = 10 * (1 - zeta * zeta).squareRoot()
        let peakTime = Double.pi / omegaD
        #expect(abs(spring.progress(at: peakTime) - (1 + exp(-zeta * Double.pi / (1 - zeta * zeta).squareRoot()))) < 1e-9)
        #expect(spring.progress(at: peakTime - 0.01) < spring.progress(at: peakTime))
        #expect(spring.progress(at: peakTime + 0.01) < spring.progress(at: peakTime))
        // An initial velocity toward the end value gets there sooner.
        #expect(Spring(initialVelocity: 5).progress(at: 0.1) > spring.progress(at: 0.1))
    }

    @Test("A spring animation moves a layer by the seconds it has run, and ends at its duration as Core Animation's does")
    func springMovesALayer() {
        let spring = Spring(mass: 1, stiffness: 200, damping: 8)
        let animation = basic("position.x", from: .number(0), to: .number(100), duration: 1.5) { $0.spring = spring }
        for t in [0.1, 0.25, 0.4, 0.9, 1.4] {
            let x = present([animation], at: t).layer.position.x
            #expect(abs(x - 100 * spring.progress(at: t)) < 1e-9, "at \(t) s")
        }
        // It overshoots 100 on the way.
        #expect((0..<30).map { present([animation], at: Double($0) * 0.05).layer.position.x }.max()! > 110)
        // After its duration it is removed: the model value shows.
        #expect(present([animation], at: 1.6, model: { $0.position.x = 7 }).layer.position.x == 7)
        // A timing function maps the cycle's time before the spring.
        let eased = basic("position.x", from: .number(0), to: .number(100), duration: 1.5) {
            $0.spring = spring
            $0.timingFunction = .easeIn
        }
        let t = 0.6
        #expect(
            abs(present([eased], at: t).layer.position.x - 100 * spring.progress(at: TimingFunction.easeIn.value(at: t / 1.5) * 1.5)) < 1e-9
        )
    }

    @Test("A preset's spring reads, checks its keys, and writes back the same")
    func presetRoundTrip() throws {
        let text = """
            {"layers": [{"name": "card", "bounds": [0, 0, 40, 40], "position": [50, 50], "animations": [
              {"type": "spring", "keyPath": "position.y", "fromValue": 50, "toValue": 150, "duration": 2,
               "mass": 2, "stiffness": 300, "damping": 12, "initialVelocity": 1.5}]}]}
            """
        let scene = try PresetFixture().decode(text).get()
        let animation = try #require(scene.layers.first?.animations.first)
        #expect(animation.spring == Spring(mass: 2, stiffness: 300, damping: 12, initialVelocity: 1.5))
        #expect(animation.typeName == .spring)
        let written = PresetEncoder.encode(scene)
        #expect(written.contains("\"spring\"") && written.contains("\"stiffness\""))
        let again = try PresetFixture().decode(written).get()
        #expect(again.layers.first?.animations.first == animation)
        // Spring keys belong to spring animations.
        let wrong = try PresetFixture().diagnostics(
            #"{"layers": [{"animations": [{"type": "basic", "keyPath": "opacity", "toValue": 0, "damping": 3}]}]}"#)
        #expect(wrong.first?.message.contains("does not belong to a basic animation") == true)
    }
}
