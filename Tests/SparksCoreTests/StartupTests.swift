import Foundation
import SparksCore
import Testing

@Suite("Start-up: iOS's already-running emitters (core-animation.md §5.7) and the startup key")
struct StartupTests {
    /// 100/s with a lifetime of 2 s: 200 alive in the steady state.
    private func steady(_ startup: EmitterStartup, layer: (inout LayerProperties) -> Void = { _ in }) -> (Scene, EmitterLayer) {
        emitterScene(startup: startup, layer: layer) { e in
            e.emitterCells = [
                cell {
                    $0.birthRate = 100
                    $0.lifetime = 2
                }
            ]
        }
    }

    @Test("running: the count at time 0 is already the steady state's, with particles of every age")
    func runningStartsPopulated() throws {
        let (scene, emitter) = steady(.running)
        scene.startIfNeeded()
        #expect(scene.time == 0)
        #expect(abs(emitter.liveParticleCount - 200) <= 1)
        let ages = emitter.storage().values(.age)
        #expect(try #require(ages.min()) < 0.02 && ages.max()! > 1.95)
        // And it stays there.
        scene.run(until: 3)
        #expect(abs(emitter.liveParticleCount - 200) <= 1)
    }

    @Test("automatic is iOS's rule: running when the layer's timeline starts with the scene, empty when it starts later")
    func automaticFollowsBeginTime() {
        let (now, nowEmitter) = steady(.automatic)
        now.startIfNeeded()
        #expect(abs(nowEmitter.liveParticleCount - 200) <= 1)
        // beginTime 1 is iOS's CACurrentMediaTime() + 1: empty until then, then filling up.
        let (later, laterEmitter) = steady(.automatic) { $0.timing.beginTime = 1 }
        later.run(until: 1)
        #expect(laterEmitter.liveParticleCount == 0)
        later.run(until: 1.5)
        #expect(abs(laterEmitter.liveParticleCount - 50) <= 1)
        // beginTime −0.5 is CACurrentMediaTime() − 0.5: half a second of emission, from empty.
        let (earlier, earlierEmitter) = steady(.automatic) { $0.timing.beginTime = -0.5 }
        earlier.startIfNeeded()
        #expect(abs(earlierEmitter.liveParticleCount - 50) <= 1)
    }

    @Test("The layer's startup overrides the preset's; the preset's applies to layers that leave it automatic")
    func layerOverridesPreset() throws {
        let json = """
            { "startup": "empty", "layers": [
                { "type": "emitter", "name": "a", "emitterCells": [ { "name": "c", "contents": "fire.png", "birthRate": 100, "lifetime": 2 } ] },
                { "type": "emitter", "name": "b", "startup": "running", "emitterCells": [ { "name": "c", "contents": "fire.png", "birthRate": 100, "lifetime": 2 } ] } ] }
            """
        let scene = Scene(try PresetFixture().decode(json).get())
        scene.startIfNeeded()
        #expect(scene.emitterLayers[0].liveParticleCount == 0)
        #expect(abs(scene.emitterLayers[1].liveParticleCount - 200) <= 1)
    }

    @Test("A burst animated from the model's birthRate 0 is not prewarmed: before the animation starts, the model values apply")
    func animatedBurstIsNotPrewarmed() throws {
        let (scene, emitter) = emitterScene(startup: .running) { e in
            e.emitterCells = [
                cell("heart") {
                    $0.birthRate = 0
                    $0.lifetime = 4
                }
            ]
        }
        let (target, _) = try PropertyAddress.resolve("emitterCells.heart.birthRate", on: .emitter)
        var burst = Animation(
            kind: .basic(from: .number(150), to: .number(0), by: nil), keyPath: "emitterCells.heart.birthRate", target: target)
        burst.timing.duration = 5
        emitter.animations = [burst]
        scene.startIfNeeded()
        // Only the step that ends at time 0 sees the animation's first value: 150/s × 1/60 s.
        #expect(emitter.liveParticleCount <= 2)
        scene.run(until: 0.5)
        #expect(emitter.liveParticleCount > 50)
    }

    @Test("A cell with its own schedule keeps it when the emitter starts running: a burst at 0…0.1 s still bursts then")
    func scheduledCellsKeepTheirSchedule() {
        let (scene, emitter) = emitterScene(startup: .running) { e in
            e.emitterCells = [
                cell {
                    $0.birthRate = 1000
                    $0.lifetime = 5
                    $0.timing.duration = 0.1
                }
            ]
        }
        scene.startIfNeeded()
        #expect(emitter.liveParticleCount == 0)
        scene.run(until: 0.5)
        #expect(abs(emitter.liveParticleCount - 100) <= 1)
    }

    @Test("The layer's birthRate multiplies every generation: ×2 doubles the parents and each parent's children")
    func layerBirthRateMultipliesSubcells() {
        func children(_ layerRate: Double) -> Double {
            let (scene, emitter) = emitterScene { e in
                e.birthRate = layerRate
                e.emitterCells = [
                    cell("parent") {
                        $0.birthRate = 2
                        $0.lifetime = 1
                        $0.emitterCells = [
                            cell("child") {
                                $0.birthRate = 10
                                $0.lifetime = 0.5
                            }
                        ]
                    }
                ]
            }
            scene.run(until: 5)
            var sum = 0
            for _ in 0..<240 {
                scene.step()
                sum += emitter.simulation.cellStates[0].children[0].storage.count
            }
            return Double(sum) / 240
        }
        #expect(CoreAnimationChoices.layerBirthRateMultipliesEveryGeneration)
        // 2 parents × 10/s × 0.5 s = 10 children; with layer birthRate 2: 4 parents × 20/s × 0.5 s = 40.
        let one = children(1), two = children(2)
        #expect(abs(one - 10) < 0.8, "\(one)")
        #expect(abs(two - 40) < 2, "\(two)")
    }
}
