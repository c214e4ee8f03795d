import CSparksAPI
import Foundation
import SparksC
import SparksCore
import SparksKit
import Testing

/// The C API called with the worst values a game (or a bug in one) may pass: every call
/// returns, nothing traps the host, and no call runs for long. (Before these checks,
/// `sparks_effect_advance(e, 1e20)` and a speed of 1e300 killed the host with SIGILL, and a
/// `lifetime` of 1000 set before the first step made that step take half a minute.)
@Suite("The C API with hostile values")
struct CAPIHostileTests {
    func fire() throws -> OpaquePointer {
        var error: UnsafeMutablePointer<CChar>?
        let effect = sparks_effect_load_shipped("fire", &error)
        if let error { sparks_string_free(error) }
        return try #require(effect)
    }

    /// At 60 steps a second, one advance runs at most a quarter of a second of steps.
    static let mostStepsPerAdvance: Int32 = 15

    @Test("Any time or speed advances at most a quarter of a second of steps, and the next frame is normal")
    func hugeTimes() throws {
        let effect = try fire()
        defer { sparks_effect_free(effect) }
        for seconds in [1e20, .greatestFiniteMagnitude, .infinity, -.infinity, .nan, -1, 0] {
            let steps = sparks_effect_advance(effect, seconds)
            // Infinite and not-a-number times are no time; the finite huge ones the catch-up bound.
            #expect(steps == (seconds.isFinite && seconds > 0 ? Self.mostStepsPerAdvance : 0), "advance(\(seconds))")
        }
        for speed in [1e300, .greatestFiniteMagnitude] {
            sparks_effect_set_speed(effect, speed)
            #expect(sparks_effect_advance(effect, 1.0 / 60) == Self.mostStepsPerAdvance, "speed \(speed)")
        }
        for speed in [Double.nan, .infinity, -5] {
            sparks_effect_set_speed(effect, speed)
            #expect(sparks_effect_advance(effect, 1.0 / 60) <= 1, "speed \(speed)")
        }
        // Back to real time: one frame is one step, nothing carried from the huge ones.
        sparks_effect_set_speed(effect, 1)
        #expect(sparks_effect_advance(effect, 1.0 / 60) == 1)
        #expect(sparks_effect_live_count(effect) > 0)
    }

    @Test("A step count of two billion takes at most ten minutes of steps and the prewarm budget's work, and says so")
    func hugeStepCounts() throws {
        let effect = try fire()
        defer { sparks_effect_free(effect) }
        let taken = sparks_effect_step(effect, .max)
        // The fire keeps about 500 particles alive: 36,000 steps (600 s) are 18 million
        // particle-steps, within the 2 billion a prewarm may do; the time bound stops it.
        #expect(taken == 36_000)
        #expect(String(cString: sparks_effect_last_error(effect)).contains("took 36000 of 2147483647 steps"))
        #expect(sparks_effect_step(effect, -5) == 0)
        #expect(sparks_effect_step(nil, 10) == 0)
    }

    @Test("A lifetime of 1000 set before the first step is caught up within the prewarm budget")
    func longLifetimeBeforeTheFirstStep() throws {
        let effect = try fire()
        defer { sparks_effect_free(effect) }
        // The fire starts running: its first step catches up one longest lifetime. At 1000 s and
        // 500 births a second, a full catch-up is 36,000 steps of up to 500,000 particles (18
        // billion particle-steps); the budget allows 2 billion, so the catch-up starts late:
        // 2e9 / 500,000 = 4,000 steps (66.7 s) before the first frame.
        #expect(sparks_effect_set_number(effect, "fireEmitter.emitterCells.fire.lifetime", 1000) == SPARKS_OK)
        #expect(sparks_effect_advance(effect, 1.0 / 60) == 1)
        // 500 births a second for 66.7 s: about 33,000 particles, not 500,000.
        let live = sparks_effect_live_count(effect)
        #expect(live > 30_000 && live < 36_000, "\(live) particles")
    }

    @Test("Bursts, cameras, threads and draws with extreme values return without trapping")
    func extremeValues() throws {
        let effect = try fire()
        defer { sparks_effect_free(effect) }
        #expect(sparks_effect_burst(effect, "fireEmitter.fire", .max) == SPARKS_OK)
        #expect(sparks_effect_burst(effect, "fireEmitter.fire", -1) == SPARKS_ERROR_ARGUMENT)
        sparks_effect_step(effect, 1)
        // The burst is bounded by the particle budget (two million).
        #expect(sparks_effect_live_count(effect) <= 2_000_000)
        var pixels = [UInt32](repeating: 0, count: 64 * 64)
        for (x, y, zoom) in [(Double.nan, 0.0, 1.0), (1e308, -1e308, 1e308), (0, 0, -1), (0, 0, .infinity), (0, 0, 1e-300)] {
            sparks_effect_set_camera(effect, x, y, zoom)
            let status = pixels.withUnsafeMutableBytes { sparks_effect_draw_argb(effect, $0.baseAddress, $0.count, 64, 64, 256) }
            #expect(status == SPARKS_OK, "camera \(x), \(y), \(zoom)")
        }
        sparks_effect_set_draw_threads(effect, .max)
        sparks_effect_set_draw_threads(effect, .min)
        for (width, height, pitch) in [(Int32.max, Int32.max, Int32.max), (-1, 64, 256), (64, 64, -256), (64, 64, 4)] {
            let status = pixels.withUnsafeMutableBytes { sparks_effect_draw_argb(effect, $0.baseAddress, $0.count, width, height, pitch) }
            #expect(status == SPARKS_ERROR_ARGUMENT, "draw \(width)×\(height), pitch \(pitch)")
        }
        for value in [Double.nan, .infinity, -.infinity, 1e300, -1e300] {
            for key in ["fireEmitter.emitterCells.fire.birthRate", "fireEmitter.birthRate", "fireEmitter.emitterCells.fire.scale"] {
                let status = sparks_effect_set_number(effect, key, value)
                #expect(status == SPARKS_OK || status == SPARKS_ERROR_VALUE, "\(key) = \(value)")
            }
        }
        sparks_effect_set_max_covered_pixels(effect, .nan)
        sparks_effect_step(effect, 2)
    }
}
