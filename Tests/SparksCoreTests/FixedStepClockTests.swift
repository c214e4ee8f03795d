import SparksCore
import Testing

@Suite("Fixed-step clock")
struct FixedStepClockTests {
    @Test("One frame of real time at the step rate is one step")
    func oneStepPerFrame() {
        var clock = FixedStepClock(stepRate: 60)
        #expect(clock.advance(by: 1.0 / 60).steps == 1)
    }

    @Test("The remainder carries over: 25 ms then 10 ms at 60 Hz are one step each")
    func remainderCarries() {
        var clock = FixedStepClock(stepRate: 60)
        // 25 ms = 1.5 steps: one step, 8.33 ms carried.
        #expect(clock.advance(by: 0.025).steps == 1)
        #expect(abs(clock.remainder - (0.025 - 1.0 / 60)) < 1e-12)
        // 8.33 + 10 = 18.33 ms: one more step.
        #expect(clock.advance(by: 0.010).steps == 1)
    }

    @Test("A long stall is bounded and the dropped time reported")
    func catchUpBounded() {
        var clock = FixedStepClock(stepRate: 60, maxStepsPerAdvance: 15)
        let advance = clock.advance(by: 10)
        #expect(advance.steps == 15)
        // 600 steps asked, 15 run: 585 steps dropped.
        #expect(abs(advance.droppedSeconds - 585.0 / 60) < 1e-9)
        #expect(advance.isBehind)
    }

    @Test("Paused produces no steps; speed 2 doubles them")
    func pauseAndSpeed() {
        var clock = FixedStepClock(stepRate: 60)
        clock.isPaused = true
        #expect(clock.advance(by: 1).steps == 0)
        clock.isPaused = false
        clock.speed = 2
        #expect(clock.advance(by: 0.1).steps == 12)
    }
}

@Suite("Fixed-step clock with any time")
struct FixedStepClockBoundsTests {
    @Test("Times too large for a step count (1e20 s, the largest double, a speed of 1e300) give the bounded steps")
    func hugeTimes() {
        for (seconds, speed) in [(1e20, 1.0), (Double.greatestFiniteMagnitude, 1), (1.0 / 60, 1e300), (1e300, 1e300)] {
            var clock = FixedStepClock(stepRate: 60, maxStepsPerAdvance: 15)
            clock.speed = speed
            let advance = clock.advance(by: seconds)
            #expect(advance.steps == 15, "\(seconds) s at speed \(speed)")
            #expect(advance.isBehind && advance.droppedSeconds.isFinite)
            // What is carried is less than a step, so the next normal frame is one step.
            #expect(clock.remainder >= 0 && clock.remainder < 1.0 / 60)
            clock.speed = 1
            #expect(clock.advance(by: 1.0 / 60).steps == 1)
        }
    }

    @Test("No time, negative, infinite or not-a-number times and speeds give no step")
    func nonsense() {
        var clock = FixedStepClock(stepRate: 60)
        for seconds in [0, -1, Double.infinity, -.infinity, .nan] { #expect(clock.advance(by: seconds).steps == 0) }
        for speed in [0, -2, Double.infinity, .nan] {
            clock.speed = speed
            #expect(clock.advance(by: 1).steps == 0, "speed \(speed)")
        }
        #expect(clock.remainder == 0)
    }
}
