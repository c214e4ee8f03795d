import Foundation
import SparksCore
import Testing

@Suite("Replicator layer (core-animation.md §8)")
struct ReplicatorTests {
    /// A replicator with one 10 × 10 square sublayer (background white) and optional animations.
    func scene(
        bounds: Rect = Rect(x: 0, y: 0, width: 200, height: 100), position: Point = Point(x: 100, y: 50),
        dot: Point = Point(x: 20, y: 50), animations: [Animation] = [],
        configure: (inout ReplicatorProperties) -> Void
    ) -> Scene {
        var replicatorLayer = LayerProperties(name: "r")
        replicatorLayer.bounds = bounds
        replicatorLayer.position = position
        var replicator = ReplicatorProperties()
        configure(&replicator)
        var square = LayerProperties(name: "dot")
        square.bounds = Rect(x: 0, y: 0, width: 10, height: 10)
        square.position = dot
        square.backgroundColor = .white
        return Scene(
            SceneDescription(
                name: "t",
                layers: [
                    LayerDescription(
                        kind: .replicator, properties: replicatorLayer, replicator: replicator,
                        sublayers: [
                            LayerDescription(kind: .layer, properties: square, animations: animations)
                        ])
                ]))
    }

    /// Where each drawn square's centre lands on the canvas, with its colour.
    func instances(_ scene: Scene, at time: Double = 0) -> [(centre: Point, quad: RenderQuad)] {
        scene.run(until: time)
        var list = RenderList()
        scene.buildRenderList(into: &list)
        return list.batches.flatMap { batch in
            batch.range.map { i in
                let q = list.quads[i]
                return (batch.transform.apply(to: Point(x: Double(q.centerX), y: Double(q.centerY))), q)
            }
        }
    }

    @Test("instanceCount copies, each moved by instanceTransform to the power k")
    func translation() {
        let drawn = instances(
            scene {
                $0.instanceCount = 5
                $0.instanceTransform = .translation(30, 0, 0)
            })
        // The replicator's origin is at (0, 0) on the canvas; the square's centre at (20, 50).
        #expect(drawn.map(\.centre) == (0..<5).map { Point(x: 20 + 30 * Double($0), y: 50) })
    }

    @Test("A rotation is applied about the centre of the replicator's bounds")
    func rotationAboutCentre() {
        let drawn = instances(
            scene {
                $0.instanceCount = 4
                $0.instanceTransform = .rotation(.pi / 2, 0, 0, 1)
            })
        // Centre (100, 50); the square sits 80 pt left of it; quarter turns clockwise on screen.
        let expected = [Point(x: 20, y: 50), Point(x: 100, y: -30), Point(x: 180, y: 50), Point(x: 100, y: 130)]
        for (p, e) in zip(drawn.map(\.centre), expected) { #expect(abs(p.x - e.x) < 1e-9 && abs(p.y - e.y) < 1e-9, "\(p) vs \(e)") }
    }

    @Test("Translate–rotate–translate rotates about an external point (Lockwood's ring of radius 200)")
    func externalPoint() {
        let x = Transform3D.identity.translated(0, 200, 0).rotated(.pi / 5, 0, 0, 1).translated(0, -200, 0)
        let drawn = instances(
            scene(bounds: Rect(x: 0, y: 0, width: 100, height: 100), position: Point(x: 50, y: 50), dot: Point(x: 50, y: 50)) {
                $0.instanceCount = 10
                $0.instanceTransform = x
            })
        // The bounds centre is (50, 50); the rotation pivot 200 pt below it at (50, 250).
        for (k, d) in drawn.enumerated() {
            let r = ((d.centre.x - 50) * (d.centre.x - 50) + (d.centre.y - 250) * (d.centre.y - 250)).squareRoot()
            #expect(abs(r - 200) < 1e-9, "instance \(k) at radius \(r)")
        }
        // Ten different places on that circle.
        #expect(Set(drawn.map { "\(Int(($0.centre.x * 1000).rounded())),\(Int(($0.centre.y * 1000).rounded()))" }).count == 10)
    }

    @Test("Instance colour is clamp(instanceColor + k · offset) multiplied into what it draws")
    func colourClamping() {
        let drawn = instances(
            scene {
                $0.instanceCount = 30
                $0.instanceColor = Color(red: 1, green: 1, blue: 1, alpha: 1)
                $0.instanceGreenOffset = -0.05
                $0.instanceBlueOffset = -0.05
            })
        // k = 10: 1 − 0.5; from k = 20 on, 1 − 0.05·k ≤ 0 clamps to 0: pure red.
        #expect(abs(Double(drawn[10].quad.green) - 0.5) < 1e-6)
        for d in drawn[20...] { #expect(d.quad.red == 1 && d.quad.green == 0 && d.quad.blue == 0) }
        // The volume preset's yellow with green offset −0.45: 1, 0.55, 0.1, then 0.
        let volume = instances(
            scene {
                $0.instanceCount = 5
                $0.instanceColor = Color(red: 1, green: 1, blue: 0)
                $0.instanceGreenOffset = -0.45
            })
        let greens = volume.map { Double($0.quad.green) }
        for (g, e) in zip(greens, [1, 0.55, 0.1, 0, 0]) { #expect(abs(g - e) < 1e-6) }
    }

    @Test("instanceDelay: instance k at time t shows instance 0 at t − k·delay")
    func delay() {
        let move = basic("position.y", from: .number(0), to: .number(100), duration: 2) { $0.timing.repeatCount = .infinity }
        let s = scene(animations: [move]) {
            $0.instanceCount = 4
            $0.instanceTransform = .translation(30, 0, 0)
            $0.instanceDelay = 0.25
        }
        let now = instances(s, at: 1.5).map(\.centre.y)
        // Instance 0 at 1.5 s, instance 1 at 1.25 s, … : 75, 62.5, 50, 37.5.
        for (y, e) in zip(now, [75, 62.5, 50, 37.5]) { #expect(abs(y - e) < 1e-9) }
    }

    @Test("Before an instance's animation starts it shows the model values")
    func modelBeforeStart() {
        let fade = basic("opacity", from: .number(1), to: .number(0), duration: 1) { $0.timing.repeatCount = .infinity }
        let s = scene(animations: [fade]) {
            $0.instanceCount = 5
            $0.instanceDelay = 0.2
        }
        // At 0.5 s instances 0, 1 and 2 have started; 3 (0.6 s) and 4 (0.8 s) show the model
        // opacity 1. Started ones fade: 0.5, 0.7, 0.9.
        let alphas = instances(s, at: 0.5).map { Double($0.quad.alpha) }
        for (a, e) in zip(alphas, [0.5, 0.7, 0.9, 1, 1]) { #expect(abs(a - e) < 1e-6, "\(alphas)") }
    }

    @Test("The replicator's own background is drawn once, below the instances")
    func backgroundOnce() {
        var r = LayerProperties(name: "r")
        r.bounds = Rect(x: 0, y: 0, width: 100, height: 100)
        r.backgroundColor = Color(red: 0, green: 0, blue: 1)
        var replicator = ReplicatorProperties()
        replicator.instanceCount = 3
        var dot = LayerProperties()
        dot.bounds = Rect(x: 0, y: 0, width: 4, height: 4)
        dot.backgroundColor = .white
        let s = Scene(
            SceneDescription(
                name: "t",
                layers: [
                    LayerDescription(
                        kind: .replicator, properties: r, replicator: replicator,
                        sublayers: [LayerDescription(kind: .layer, properties: dot)])
                ]))
        var list = RenderList()
        s.buildRenderList(into: &list)
        #expect(list.quads.count == 4)
        #expect(list.quads[0].blue == 1 && list.quads[0].red == 0)
    }

    @Test("Nested replicators compose transforms, colours and delays")
    func nested() {
        var outer = LayerProperties(name: "outer")
        outer.bounds = Rect(x: 0, y: 0, width: 100, height: 100)
        outer.position = Point(x: 50, y: 50)
        var outerR = ReplicatorProperties()
        outerR.instanceCount = 3
        outerR.instanceTransform = .translation(0, 20, 0)
        outerR.instanceDelay = 1
        outerR.instanceRedOffset = -0.25
        var inner = LayerProperties(name: "inner")
        inner.bounds = Rect(x: 0, y: 0, width: 100, height: 100)
        inner.position = Point(x: 50, y: 50)
        var innerR = ReplicatorProperties()
        innerR.instanceCount = 4
        innerR.instanceTransform = .translation(20, 0, 0)
        innerR.instanceDelay = 0.1
        innerR.instanceBlueOffset = -0.25
        var dot = LayerProperties()
        dot.bounds = Rect(x: 0, y: 0, width: 4, height: 4)
        dot.position = Point(x: 10, y: 10)
        dot.backgroundColor = .white
        let move = basic("position.x", from: .number(0), to: .number(1), duration: 10)
        let s = Scene(
            SceneDescription(
                name: "t",
                layers: [
                    LayerDescription(
                        kind: .replicator, properties: outer, replicator: outerR,
                        sublayers: [
                            LayerDescription(
                                kind: .replicator, properties: inner, replicator: innerR,
                                sublayers: [
                                    LayerDescription(kind: .layer, properties: dot, animations: [move])
                                ])
                        ])
                ]))
        let drawn = instances(s, at: 5)
        #expect(drawn.count == 12)
        for i in 0..<3 {
            for j in 0..<4 {
                let d = drawn[i * 4 + j]
                // Time shift i·1 + j·0.1: x = (5 − i − 0.1·j)/10 from the animation, plus 20·j.
                let x = (5 - Double(i) - 0.1 * Double(j)) / 10 + 20 * Double(j)
                #expect(
                    abs(d.centre.x - x) < 1e-9 && abs(d.centre.y - (10 + 20 * Double(i))) < 1e-9,
                    "(\(i), \(j)) at \(d.centre), expected x \(x)")
                #expect(abs(Double(d.quad.red) - (1 - 0.25 * Double(i))) < 1e-6 && abs(Double(d.quad.blue) - (1 - 0.25 * Double(j))) < 1e-6)
            }
        }
    }

    @Test("An emitter inside a replicator is drawn once per instance with its transform and colour")
    func emitterInside() {
        var r = LayerProperties(name: "r")
        r.bounds = Rect(x: 0, y: 0, width: 200, height: 200)
        r.position = Point(x: 100, y: 100)
        var replicator = ReplicatorProperties()
        replicator.instanceCount = 6
        replicator.instanceTransform = .rotation(.pi / 3, 0, 0, 1)
        replicator.instanceGreenOffset = -0.1
        var emitterLayer = LayerProperties(name: "e")
        emitterLayer.position = Point(x: 180, y: 100)
        var emitter = EmitterProperties()
        emitter.emitterCells = [
            cell {
                $0.birthRate = 20
                $0.lifetime = 10
            }
        ]
        emitter.startup = .empty
        let s = Scene(
            SceneDescription(
                name: "t",
                layers: [
                    LayerDescription(
                        kind: .replicator, properties: r, replicator: replicator,
                        sublayers: [LayerDescription(kind: .emitter, properties: emitterLayer, emitter: emitter)])
                ]))
        s.run(until: 1.01)
        var list = RenderList()
        s.buildRenderList(into: &list)
        #expect(s.liveParticleCount == 20)  // one simulation
        #expect(list.batches.count == 6)
        #expect(list.quads.count == 120)  // drawn six times
        for (k, batch) in list.batches.enumerated() {
            let origin = batch.transform.apply(to: Point.zero)
            let angle = Double(k) * .pi / 3
            #expect(abs(origin.x - (100 + 80 * cos(angle))) < 1e-9 && abs(origin.y - (100 + 80 * sin(angle))) < 1e-9)
            #expect(abs(Double(list.quads[batch.range.lowerBound].green) - (1 - 0.1 * Double(k))) < 1e-6)
        }
    }

    @Test("masksToBounds clips sublayers to the bounds")
    func masks() {
        var r = LayerProperties(name: "r")
        r.bounds = Rect(x: 0, y: 0, width: 414, height: 200)
        r.position = Point(x: 300, y: 300)
        r.masksToBounds = true
        var bar = LayerProperties()
        bar.bounds = Rect(x: 0, y: 0, width: 10, height: 100)
        bar.position = Point(x: 14, y: 200)
        bar.backgroundColor = .white
        let s = Scene(
            SceneDescription(
                name: "t",
                layers: [LayerDescription(kind: .replicator, properties: r, sublayers: [LayerDescription(kind: .layer, properties: bar)])]))
        var list = RenderList()
        s.buildRenderList(into: &list)
        #expect(list.batches.first?.clip == Rect(x: 93, y: 200, width: 414, height: 200))
    }
}

@Suite("Layer geometry in 3-D")
struct PerspectiveTests {
    @Test("A layer turned about y under perspective (m34) draws its near edge taller than its far edge")
    func perspectiveProjectsCorners() throws {
        var square = LayerProperties(name: "card")
        square.bounds = Rect(x: 0, y: 0, width: 200, height: 200)
        square.position = Point(x: 400, y: 300)
        square.backgroundColor = .white
        var t = Transform3D.identity
        t.m34 = -1.0 / 500
        square.transform = t.rotated(0.6, 0, 1, 0)
        let scene = Scene(SceneDescription(name: "t", layers: [LayerDescription(kind: .layer, properties: square)]))
        var list = RenderList()
        scene.buildRenderList(into: &list)
        let batch = try #require(list.batches.first)
        func project(_ x: Double, _ y: Double) -> Point { batch.transform.apply(to: Point(x: x, y: y)) }
        let leftHeight = project(0, 200).y - project(0, 0).y
        let rightHeight = project(200, 200).y - project(200, 0).y
        // Turned about y by 0.6 rad: the left edge comes toward the viewer (z > 0), the right recedes.
        #expect(leftHeight > 200 && rightHeight < 200, "left \(leftHeight), right \(rightHeight)")
        // The centre stays on the anchor.
        let c = project(100, 100)
        #expect(abs(c.x - 400) < 1e-9 && abs(c.y - 300) < 1e-9)
    }
}
