import Foundation
import SparksCore
import Testing

@Suite("Time: cell media timing, layer time and prewarm (core-animation.md §3.2, §5.7, §6.9)")
struct TimingTests {
    @Test("A cell with beginTime 1 and duration 2 emits only between 1 s and 3 s")
    func cellWindow() {
        let (scene, emitter) = emitterScene { e in
            e.emitterCells = [
                cell {
                    $0.birthRate = 50
                    $0.lifetime = 100
                    $0.timing.beginTime = 1
                    $0.timing.duration = 2
                }
            ]
        }
        scene.run(until: 1)
        #expect(emitter.liveParticleCount == 0)
        scene.run(until: 5)
        // 50/s × 2 s.
        #expect(emitter.liveParticleCount == 100)
    }

    @Test("repeatCount and autoreverses extend the emission window: duration 1 × 2 repeats × 2 = 4 s")
    func repeatExtends() {
        let (scene, emitter) = emitterScene { e in
            e.emitterCells = [
                cell {
                    $0.birthRate = 10
                    $0.lifetime = 100
                    $0.timing.duration = 1
                    $0.timing.repeatCount = 2
                    $0.timing.autoreverses = true
                }
            ]
        }
        scene.run(until: 6)
        #expect(emitter.liveParticleCount == 40)
    }

    @Test("A cell beginTime of −3 s starts the scene as if it had run 3 s (prewarm)")
    func cellPrewarm() {
        let (scene, emitter) = emitterScene { e in
            e.emitterCells = [
                cell {
                    $0.birthRate = 100
                    $0.lifetime = 5
                    $0.timing.beginTime = -3
                }
            ]
        }
        scene.startIfNeeded()
        #expect(scene.time == 0)
        #expect(abs(emitter.liveParticleCount - 300) <= 1)
        let ages = emitter.storage().values(.age)
        #expect(ages.max()! > 2.98 && ages.max()! <= 3)
    }

    @Test("A layer beginTime of −2 s prewarms like CACurrentMediaTime() − 2 does")
    func layerPrewarm() {
        let (scene, emitter) = emitterScene(layer: { $0.timing.beginTime = -2 }) { e in
            e.emitterCells = [
                cell {
                    $0.birthRate = 100
                    $0.lifetime = 5
                }
            ]
        }
        scene.startIfNeeded()
        #expect(abs(emitter.liveParticleCount - 200) <= 1)
    }

    @Test("Prewarm only simulates what can still be alive: beginTime −1000 with lifetime 1 is bounded")
    func prewarmHorizon() {
        let (scene, emitter) = emitterScene { e in
            e.emitterCells = [
                cell {
                    $0.birthRate = 100
                    $0.lifetime = 1
                    $0.timing.beginTime = -1000
                }
            ]
        }
        scene.startIfNeeded()
        #expect(abs(emitter.liveParticleCount - 100) <= 2)
    }

    @Test("Layer speed 2 runs the particle system twice as fast; speed 0 freezes it")
    func layerSpeed() {
        let (fast, fastEmitter) = emitterScene(layer: { $0.timing.speed = 2 }) { e in
            e.emitterCells = [
                cell {
                    $0.birthRate = 100
                    $0.lifetime = 100
                    $0.velocity = 10
                }
            ]
        }
        fast.run(until: 1)
        #expect(fastEmitter.liveParticleCount == 200)
        #expect(abs(Double(fastEmitter.storage().values(.age).max()!) - 1.99) < 0.011)

        let (frozen, frozenEmitter) = emitterScene(layer: { $0.timing.speed = 0 }) { e in
            e.emitterCells = [
                cell {
                    $0.birthRate = 100
                    $0.lifetime = 100
                }
            ]
        }
        frozen.run(until: 1)
        #expect(frozenEmitter.liveParticleCount == 0)
    }

    @Test("A layer beginTime of 2 s starts emission at 2 s")
    func layerStartsLater() {
        let (scene, emitter) = emitterScene(layer: { $0.timing.beginTime = 2 }) { e in
            e.emitterCells = [
                cell {
                    $0.birthRate = 100
                    $0.lifetime = 100
                }
            ]
        }
        scene.run(until: 2)
        #expect(emitter.liveParticleCount == 0)
        scene.run(until: 3)
        #expect(emitter.liveParticleCount == 100)
    }

    @Test("Live counts do not depend on the step rate")
    func countsIndependentOfStepRate() {
        var counts: [Int] = []
        for rate in [30.0, 60.0, 120.0, 240.0] {
            let (scene, emitter) = emitterScene(stepRate: rate) { e in
                e.emitterCells = [
                    cell {
                        $0.birthRate = 333
                        $0.lifetime = 1.5
                    }
                ]
            }
            scene.run(until: 3)
            counts.append(emitter.liveParticleCount)
        }
        #expect(counts.max()! - counts.min()! <= 1, "\(counts)")
    }
}
