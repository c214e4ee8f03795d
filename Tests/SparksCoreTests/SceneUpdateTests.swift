import Foundation
import SparksCore
import Testing

@Suite("Live edits: Scene.update(to:) keeps what matches")
struct SceneUpdateTests {
    func description(
        _ configure: (inout EmitterCell) -> Void = { _ in }, extraCell: EmitterCell? = nil, layerName: String = "fireEmitter",
        extraLayer: Bool = false
    ) -> SceneDescription {
        var e = EmitterProperties()
        var c = cell("fire") {
            $0.birthRate = 100
            $0.lifetime = 10
            $0.velocity = 20
        }
        configure(&c)
        e.emitterCells = [c] + (extraCell.map { [$0] } ?? [])
        var layers = [LayerDescription(kind: .emitter, properties: LayerProperties(name: layerName), emitter: e)]
        if extraLayer {
            var e2 = EmitterProperties()
            e2.emitterCells = [
                cell("smoke") {
                    $0.birthRate = 50
                    $0.lifetime = 10
                }
            ]
            layers.append(LayerDescription(kind: .emitter, properties: LayerProperties(name: "smokeEmitter"), emitter: e2))
        }
        var scene = SceneDescription(name: "live", layers: layers)
        scene.startup = .empty
        return scene
    }

    @Test("A changed value keeps live particles: velocity changes new ones only, acceleration all of them")
    func compatibleEdit() {
        let scene = Scene(description())
        scene.run(until: 1)
        let emitter = scene.emitterLayers[0]
        let before = emitter.storage().values(.velocityX)
        #expect(before.count == 100)
        let summary = scene.update(
            to: description {
                $0.velocity = 80
                $0.xAcceleration = 60
            })
        #expect(summary == Scene.UpdateSummary(keptLayers: 1, startedLayers: 0, removedLayers: 0))
        #expect(scene.emitterLayers[0] === emitter)
        scene.step(count: 6)  // 0.1 s
        let after = emitter.storage().values(.velocityX)
        // Old particles keep their sampled 20 pt/s and gain 60 × 0.1 = 6 pt/s from the new acceleration.
        for (b, a) in zip(before, after.prefix(100)) { #expect(abs(Double(a - b) - 6) < 1e-3) }
        #expect(after.count == 110)
        // New ones are born at 80 pt/s (plus the acceleration over their sub-step age).
        for v in after.suffix(10) { #expect(Double(v) >= 80 && Double(v) < 86.1) }
    }

    @Test("A renamed cell restarts; the unchanged cell keeps its particles")
    func renamedCell() {
        let scene = Scene(
            description(
                extraCell: cell("glow") {
                    $0.birthRate = 30
                    $0.lifetime = 10
                }))
        scene.run(until: 1)
        let fire = scene.emitterLayers[0].simulation.cellStates[0]
        scene.update(
            to: description(
                extraCell: cell("halo") {
                    $0.birthRate = 30
                    $0.lifetime = 10
                }))
        scene.step()
        let states = scene.emitterLayers[0].simulation.cellStates
        #expect(states[0] === fire && states[0].storage.count >= 100)
        #expect(states[1].name == "halo" && states[1].storage.count == 0)  // started now
    }

    @Test("An added layer starts empty at the current time; a removed layer takes its particles with it")
    func addedAndRemovedLayers() {
        let scene = Scene(description())
        scene.run(until: 2)
        var summary = scene.update(to: description(extraLayer: true))
        #expect(summary.keptLayers == 1 && summary.startedLayers == 1)
        scene.step()
        #expect(scene.emitterLayers[1].liveParticleCount == 0)  // not prewarmed to 2 s worth
        scene.run(until: 3)
        #expect(abs(scene.emitterLayers[1].liveParticleCount - 50) <= 1)
        summary = scene.update(to: description())
        #expect(summary.removedLayers == 1)
        #expect(scene.emitterLayers.count == 1 && scene.liveParticleCount == scene.emitterLayers[0].liveParticleCount)
    }

    @Test("A renamed layer restarts as a new layer")
    func renamedLayer() {
        let scene = Scene(description())
        scene.run(until: 1)
        let summary = scene.update(to: description(layerName: "flame"))
        #expect(summary.startedLayers == 1 && summary.removedLayers == 1)
        #expect(scene.liveParticleCount == 0)
    }

    @Test("A different step rate needs a new scene")
    func stepRate() {
        let scene = Scene(description())
        var faster = description()
        faster.stepRate = 120
        #expect(scene.requiresRestart(for: faster))
        #expect(!scene.requiresRestart(for: description { $0.birthRate = 1 }))
    }
}
