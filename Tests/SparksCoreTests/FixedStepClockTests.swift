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
