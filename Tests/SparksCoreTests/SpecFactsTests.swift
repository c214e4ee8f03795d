import Foundation
import SparksCore
import Testing

/// Facts core-animation.md marks [H] (documented by Apple or measured on devices), each as numbers.
@Suite("Core Animation facts of high confidence (core-animation.md [H])")
struct SpecFactsTests {
    // MARK: Defaults as a whole

    @Test("Layer, emitter, cell and replicator defaults are Core Animation's")
    func defaults() {
        let layer = LayerProperties()
        #expect(layer.position == .zero && layer.bounds == .zero && layer.anchorPoint == Point(x: 0.5, y: 0.5))
        #expect(layer.opacity == 1 && !layer.isHidden && layer.allowsGroupOpacity && !layer.masksToBounds)
        #expect(layer.backgroundColor == .clear && layer.borderColor == .black && layer.borderWidth == 0 && layer.cornerRadius == 0)
        #expect(layer.transform == .identity && layer.zPosition == 0)
        #expect(layer.timing.beginTime == 0 && layer.timing.speed == 1 && layer.timing.timeOffset == 0)
        let emitter = EmitterProperties()
        #expect(emitter.birthRate == 1 && emitter.lifetime == 1 && emitter.velocity == 1 && emitter.scale == 1 && emitter.spin == 1)
        #expect(emitter.emitterShape == .point && emitter.emitterMode == .volume && emitter.renderMode == .unordered)
        #expect(emitter.emitterPosition == .zero && emitter.emitterZPosition == 0 && emitter.emitterDepth == 0 && emitter.seed == 0)
        #expect(!emitter.preservesDepth)
        let cell = EmitterCell(name: "c")
        #expect(cell.birthRate == 0 && cell.lifetime == 0 && cell.lifetimeRange == 0 && cell.velocity == 0 && cell.velocityRange == 0)
        #expect(cell.scale == 1 && cell.scaleRange == 0 && cell.scaleSpeed == 0 && cell.spin == 0 && cell.spinRange == 0)
        #expect(cell.emissionLatitude == 0 && cell.emissionLongitude == 0 && cell.emissionRange == 0)
        #expect(cell.xAcceleration == 0 && cell.yAcceleration == 0 && cell.zAcceleration == 0)
        #expect(cell.color == .white && cell.redRange == 0 && cell.alphaSpeed == 0 && cell.isEnabled)
        #expect(cell.contentsRect == Rect(x: 0, y: 0, width: 1, height: 1))
        #expect(cell.minificationFilter == .linear && cell.magnificationFilter == .linear)
        let replicator = ReplicatorProperties()
        #expect(replicator.instanceCount == 1 && replicator.instanceDelay == 0 && replicator.instanceTransform == .identity)
        #expect(replicator.instanceColor == .white && replicator.instanceRedOffset == 0 && replicator.instanceAlphaOffset == 0)
    }

    // MARK: Key paths

    @Test("transform.translation.x/y/z, transform.rotation.x/y and transform.scale.z animate their component")
    func transformComponents() {
        let cases: [(String, Double, (Transform3D) -> Double)] = [
            ("transform.translation.x", 30, { $0.m41 }),
            ("transform.translation.y", -20, { $0.m42 }),
            ("transform.translation.z", 15, { $0.m43 }),
            ("transform.scale.z", 3, { $0.m33 }),
            ("transform.rotation.x", .pi / 3, { atan2($0.m23, $0.m22) }),
            ("transform.rotation.y", .pi / 4, { atan2(-$0.m13, $0.m11) }),
        ]
        for (keyPath, value, read) in cases {
            let a = basic(keyPath, from: .number(0), to: .number(value), duration: 1)
            let half = present([a], at: 0.5).layer.transform
            #expect(abs(read(half) - value / 2) < 1e-9, "\(keyPath): \(read(half))")
        }
    }

    // MARK: Timing

    @Test("A negative speed runs the animation backwards from the end of its active duration")
    func negativeSpeed() {
        // Local time = (t − beginTime) · speed: at t = −0.25 with speed −1 the animation is 0.25 s in.
        let a = basic("opacity", from: .number(0), to: .number(1), duration: 1) { $0.timing.speed = -1 }
        #expect(abs(present([a], at: -0.25).layer.opacity - 0.25) < 1e-9)
        // At positive times the animation has not started (e < 0): the model shows.
        #expect(present([a], at: 0.5).layer.opacity == 1)
    }

    @Test("Speeds multiply: a child at speed 2 inside a group at speed 2 runs four times as fast")
    func speedsMultiply() {
        let child = basic("opacity", from: .number(0), to: .number(1), duration: 4) { $0.timing.speed = 2 }
        var group = Animation(kind: .group([child]))
        group.timing.duration = 10
        group.timing.speed = 2
        #expect(abs(present([group], at: 0.25).layer.opacity - 0.25) < 1e-9)
    }

    @Test("The pause idiom: layer speed 0 with timeOffset t shows the animation frozen at t")
    func pauseIdiom() {
        let a = basic("opacity", from: .number(0), to: .number(1), duration: 2)
        var timing = MediaTiming()
        timing.speed = 0
        timing.timeOffset = 0.5
        let local = timing.localTime(parentTime: 100)
        #expect(local == 0.5)
        #expect(abs(present([a], at: local).layer.opacity - 0.25) < 1e-9)
    }

    @Test("A layer's timeOffset moves its particle system: timeOffset 1 shows one second of emission at time 0")
    func layerTimeOffsetMovesParticles() {
        let (scene, emitter) = emitterScene(layer: { $0.timing.timeOffset = 1 }) { e in
            e.emitterCells = [
                cell {
                    $0.birthRate = 100
                    $0.lifetime = 5
                }
            ]
        }
        scene.startIfNeeded()
        #expect(abs(emitter.liveParticleCount - 100) <= 1)
    }

    @Test("A group's timing function warps its children's time")
    func groupTimingFunction() {
        let child = basic("opacity", from: .number(0), to: .number(1), duration: 0)
        var group = Animation(kind: .group([child]))
        group.timing.duration = 1
        group.timingFunction = .easeIn
        let expected = TimingFunction.easeIn.value(at: 0.5)
        #expect(abs(present([group], at: 0.5).layer.opacity - expected) < 1e-9)
        #expect(expected < 0.4)
    }

    @Test("A child longer than its group is cut off at the group's end")
    func childCutOff() {
        let child = basic("opacity", from: .number(0), to: .number(1), duration: 4)
        var group = Animation(kind: .group([child]))
        group.timing.duration = 1
        #expect(abs(present([group], at: 0.9).layer.opacity - 0.225) < 1e-9)
        #expect(present([group], at: 1.5).layer.opacity == 1)  // group over: the model shows
    }

    @Test("A group held by fillMode forwards keeps its children's final values, though the children keep the default fill mode")
    func groupHoldsChildren() {
        let scale = basic("transform.scale", from: .number(1), to: .number(2), duration: 0)
        let fade = basic("opacity", from: .number(1), to: .number(0.2), duration: 0)
        let early = basic("backgroundColor", from: .color(.black), to: .color(.white), duration: 0.5)
        var group = Animation(kind: .group([scale, fade, early]))
        group.timing.duration = 1
        group.timing.fillMode = .forwards
        group.removedOnCompletion = false
        let after = present([group], at: 3).layer
        #expect(abs(after.opacity - 0.2) < 1e-9)
        #expect(abs(TransformComponentReader.scaleX(after.transform) - 2) < 1e-9)
        // A child that ended before its group stays removed.
        #expect(after.backgroundColor == .clear)
        // Without the group's fill mode, everything is back to the model.
        group.timing.fillMode = .removed
        #expect(present([group], at: 3).layer.opacity == 1)
    }

    // MARK: Keyframes

    @Test("Per-segment timingFunctions ease each segment on its own")
    func perSegmentTimingFunctions() {
        let (target, _) = try! PropertyAddress.resolve("opacity", on: .layer)
        var k = Animation.Keyframes()
        k.values = [.number(0), .number(1), .number(0)]
        k.timingFunctions = [.easeIn, .linear]
        var a = Animation(kind: .keyframe(k), keyPath: "opacity", target: target)
        a.timing.duration = 2
        #expect(abs(present([a], at: 0.5).layer.opacity - TimingFunction.easeIn.value(at: 0.5)) < 1e-9)
        #expect(abs(present([a], at: 1.5).layer.opacity - 0.5) < 1e-9)
    }

    @Test("A keyframe path overrides values; rotationMode auto turns the layer to the tangent, autoReverse half a turn further")
    func pathOverridesValues() throws {
        let (target, _) = try PropertyAddress.resolve("position", on: .layer)
        var k = Animation.Keyframes()
        k.values = [.vector(PropertyVector([500, 500])), .vector(PropertyVector([600, 600]))]
        k.path = try BezierPath(svg: "M 0 0 L 0 100")
        k.rotationMode = .auto
        var a = Animation(kind: .keyframe(k), keyPath: "position", target: target)
        a.timing.duration = 1
        let along = present([a], at: 0.5).layer
        #expect(along.position.x == 0 && abs(along.position.y - 50) < 1e-9)
        // Moving down the screen (+y): the tangent points a quarter turn clockwise.
        #expect(abs(TransformComponentReader.rotationZ(along.transform) - .pi / 2) < 1e-9)
        k.rotationMode = .autoReverse
        a.kind = .keyframe(k)
        let reversed = present([a], at: 0.5).layer
        #expect(abs(TransformComponentReader.rotationZ(reversed.transform) + .pi / 2) < 1e-9)
    }

    // MARK: Emitters

    @Test("Changing emitterSize, emitterShape or emitterMode moves new particles only")
    func shapeChangesAffectNewParticles() {
        let (scene, emitter) = emitterScene { e in
            e.emitterShape = .line
            e.emitterSize = Size(width: 100, height: 0)
            e.emitterCells = [
                cell {
                    $0.birthRate = 200
                    $0.lifetime = 10
                }
            ]
        }
        scene.run(until: 1)
        let before = emitter.storage().values(.positionX).map(Double.init)
        emitter.emitter.emitterShape = .point
        emitter.emitter.emitterSize = .zero
        scene.run(until: 2)
        let after = emitter.storage().values(.positionX).map(Double.init)
        #expect(Array(after.prefix(before.count)) == before)
        #expect(before.contains { abs($0) > 20 })
        #expect(after.suffix(from: before.count).allSatisfy { $0 == 0 })
    }

    @Test("Animating a cell's velocity (not only birthRate) changes the particles born while it runs")
    func animatingCellProperties() throws {
        let (scene, emitter) = emitterScene { e in
            e.emitterCells = [
                cell("c") {
                    $0.birthRate = 60
                    $0.lifetime = 10
                    $0.velocity = 10
                }
            ]
        }
        let (target, _) = try PropertyAddress.resolve("emitterCells.c.velocity", on: .emitter)
        var a = Animation(kind: .basic(from: .number(100), to: .number(100), by: nil), keyPath: "emitterCells.c.velocity", target: target)
        a.timing.duration = 1
        emitter.animations = [a]
        scene.run(until: 0.5)
        let fast = velocities(emitter.storage()).map { ($0.0 * $0.0 + $0.1 * $0.1).squareRoot() }
        #expect(!fast.isEmpty && fast.allSatisfy { abs($0 - 100) < 1e-3 })
        scene.run(until: 2)
        let speeds = velocities(emitter.storage()).map { ($0.0 * $0.0 + $0.1 * $0.1).squareRoot() }
        #expect(abs(speeds.last! - 10) < 1e-3)
    }

    // MARK: Replicators

    @Test("instanceCount 0 or less draws no instance; the replicator's own background still shows")
    func instanceCountZero() {
        for count in [0, -3] {
            var r = LayerProperties(name: "r")
            r.bounds = Rect(x: 0, y: 0, width: 100, height: 100)
            r.backgroundColor = .black
            var replicator = ReplicatorProperties()
            replicator.instanceCount = count
            var dot = LayerProperties(name: "dot")
            dot.bounds = Rect(x: 0, y: 0, width: 10, height: 10)
            dot.backgroundColor = .white
            let scene = Scene(
                SceneDescription(
                    name: "t",
                    layers: [
                        LayerDescription(
                            kind: .replicator, properties: r, replicator: replicator,
                            sublayers: [LayerDescription(kind: .layer, properties: dot)])
                    ]))
            var list = RenderList()
            scene.buildRenderList(into: &list)
            #expect(list.quads.count == 1 && list.quads[0].red == 0, "instanceCount \(count)")
        }
    }

    @Test("An animation on the replicator itself is not delayed per instance")
    func replicatorOwnAnimationNotDelayed() throws {
        var r = LayerProperties(name: "r")
        r.bounds = Rect(x: 0, y: 0, width: 100, height: 100)
        var replicator = ReplicatorProperties()
        replicator.instanceCount = 3
        replicator.instanceDelay = 0.5
        var dot = LayerProperties(name: "dot")
        dot.bounds = Rect(x: 0, y: 0, width: 10, height: 10)
        dot.backgroundColor = .white
        let move = basic("position.x", from: .number(0), to: .number(100), duration: 1)
        let scene = Scene(
            SceneDescription(
                name: "t",
                layers: [
                    LayerDescription(
                        kind: .replicator, properties: r, replicator: replicator, animations: [move],
                        sublayers: [LayerDescription(kind: .layer, properties: dot)])
                ]))
        scene.run(until: 0.5)
        var list = RenderList()
        scene.buildRenderList(into: &list)
        // Every instance moves with the replicator, at the same time: the three copies share
        // one transform (one batch). At 0.5 s the replicator's origin is at x = 50 − 50 = 0, and
        // the dot's origin at −5 (its position 0 minus half its width).
        #expect(list.batches.count == 1 && list.quads.count == 3)
        let x = list.batches[0].transform.apply(to: Point.zero).x
        #expect(abs(x + 5) < 1e-6, "\(x)")
    }
}
