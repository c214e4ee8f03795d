import SparksCore
import Testing

/// A catch-up (an emitter that starts running, or a negative `beginTime`) does at most the
/// prewarm budget's work, however its values came to ask for more: the preset's checks refuse a
/// file over the budget, and values set while the scene runs (the C and Swift APIs, animations)
/// are held to the same bound when the emitter first steps.
@Suite("Catch-up work budget")
struct CatchUpBudgetTests {
    /// 100 births a second of particles living 100 s: 10,000 alive in the steady state.
    static func longLived(_ e: inout EmitterProperties) {
        e.emitterCells = [
            cell {
                $0.birthRate = 100
                $0.lifetime = 100
            }
        ]
    }

    @Test("Within the budget, a running emitter is caught up a whole lifetime: 10,000 particles")
    func withinBudget() {
        let (scene, _) = emitterScene(startup: .running, emitter: Self.longLived)
        scene.step()
        // 100 s of births at 100 a second.
        #expect(abs(scene.liveParticleCount - 10_000) <= 2)
        #expect(scene.budget.shortenedCatchUps == 0)
    }

    @Test("Over the budget, the catch-up starts as late as the work allows: 1 million particle-steps is 100 steps")
    func overBudget() {
        let (scene, _) = emitterScene(startup: .running, emitter: Self.longLived)
        scene.budget.maxCatchUpWork = 1e6
        scene.step()
        // 1e6 / 10,000 particles = 100 steps of 1/60 s: births for 100/60 s at 100 a second ≈ 167.
        #expect(abs(scene.liveParticleCount - 167) <= 2, "\(scene.liveParticleCount)")
        #expect(scene.budget.shortenedCatchUps == 1)
    }

    @Test("A lifetime set after loading, before the first step, is held to the budget the preset was checked against")
    func valueSetBeforeTheFirstStep() throws {
        var limits = PresetLimits.standard
        limits.maxPrewarmWork = 1e6
        var description = try shippedPreset("fire")
        description.startup = .running
        let scene = Scene(description, limits: limits)
        // 500 births a second living 1000 s: 500,000 alive; the budget allows 2 steps of them.
        try scene.setValue(.number(1000), forKeyPath: "fireEmitter.emitterCells.fire.lifetime")
        scene.step()
        #expect(scene.budget.shortenedCatchUps == 1)
        #expect(scene.liveParticleCount < 100, "\(scene.liveParticleCount)")
    }
}
