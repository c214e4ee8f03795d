import Foundation
import SparksCore
import Testing

/// An emitter of `count` plane particles of one cell, burst at once and stepped once.
private func planes(count: Int = 2_000, preservesDepth: Bool = false, _ configure: (inout EmitterCell) -> Void) -> (Scene, EmitterLayer) {
    let (scene, emitter) = emitterScene { e in
        e.emitterPosition = Point(x: 200, y: 150)
        e.preservesDepth = preservesDepth
        e.emitterCells = [
            cell("card") {
                $0.particleType = .plane
                $0.lifetime = 10
                configure(&$0)
            }
        ]
    }
    try? scene.burst("emitter.card", count: count)
    scene.step()
    return (scene, emitter)
}

/// The angle between two unit vectors.
private func angleBetween(_ a: SIMD3<Float>, _ b: SIMD3<Double>) -> Double {
    acos(min(max(Double(a.x) * b.x + Double(a.y) * b.y + Double(a.z) * b.z, -1), 1))
}

/// The one render quad a scene of one particle draws.
private func onlyQuad(_ scene: Scene) -> RenderQuad? {
    var list = RenderList()
    scene.buildRenderList(into: &list)
    return list.quads.count == 1 ? list.quads[0] : nil
}

@Suite("Plane particles: cards turning in 3-D (particleType, orientation keys; core-animation.md §6.12)")
struct PlaneParticleTests {
    @Test("Without an orientation range every card faces where orientationLongitude and orientationLatitude point")
    func facingFromTheKeys() {
        // Longitude turns +x about z (clockwise on screen), latitude tilts toward +z:
        // (cos 0.3 · cos 0.7, cos 0.3 · sin 0.7, sin 0.3) = (0.7307, 0.6154, 0.2955).
        let (_, emitter) = planes(count: 50) {
            $0.orientationLongitude = 0.7
            $0.orientationLatitude = 0.3
        }
        let facings = emitter.storage().facings()
        #expect(facings.count == 50)
        let expected = SIMD3(cos(0.3) * cos(0.7), cos(0.3) * sin(0.7), sin(0.3))
        for f in facings { #expect(angleBetween(f, expected) < 1e-5) }
    }

    @Test("orientationRange spreads the facing over a cone of that half-angle, uniform in solid angle")
    func orientationRangeIsACone() {
        // Range 1 about +z (latitude π/2): every card within 1 radian of facing the viewer, and
        // uniform in solid angle means cos α uniform in [cos 1, 1]: mean (1 + cos 1) / 2 = 0.7702.
        let (_, emitter) = planes(count: 20_000) {
            $0.orientationLatitude = .pi / 2
            $0.orientationRange = 1
        }
        let angles = emitter.storage().facings().map { angleBetween($0, SIMD3(0, 0, 1)) }
        #expect(angles.count == 20_000)
        #expect(angles.allSatisfy { $0 <= 1 + 1e-5 })
        #expect(angles.max()! > 0.98)
        let meanCosine = angles.reduce(0) { $0 + cos($1) } / Double(angles.count)
        #expect(abs(meanCosine - (1 + cos(1.0)) / 2) < 0.005, "\(meanCosine)")
        // The azimuth of the tilt is spread all round: the mean facing has no sideways part.
        let facings = emitter.storage().facings()
        let meanX = facings.reduce(0) { $0 + Double($1.x) } / Double(facings.count)
        let meanY = facings.reduce(0) { $0 + Double($1.y) } / Double(facings.count)
        #expect(abs(meanX) < 0.02 && abs(meanY) < 0.02)
    }

    @Test("A card facing the viewer draws as a sprite; tilted by ψ it is foreshortened by cos ψ across the tilt")
    func foreshortening() {
        // Latitude π/2 faces +z: no tilt, the quad of a sprite.
        let (facingScene, _) = planes(count: 1) { $0.orientationLatitude = .pi / 2 }
        let facing = onlyQuad(facingScene)
        #expect(facing?.tilt == 0)
        // Latitude π/6 about +x (longitude 0): the face leans π/3 from +z toward +x, so the card's
        // width (along x) is drawn cos(π/3) = ½ as long and its height (along y) in full: a 10 ×
        // 10 image covers 5 × 10 pixels, area 50.
        let (tiltedScene, _) = planes(count: 1) { $0.orientationLatitude = .pi / 6 }
        guard let tilted = onlyQuad(tiltedScene) else {
            Issue.record("no quad")
            return
        }
        #expect(abs(Double(tilted.tilt) - .pi / 3) < 1e-5)
        #expect(abs(Double(tilted.tiltAzimuth)) < 1e-5)
        var list = RenderList(canvasSize: Size(width: 400, height: 300))
        list.beginBatch(texture: dot, blendMode: .normal, transform: .identity)
        list.append(tilted)
        list.finish()
        var draw = DrawList()
        DrawListBuilder().build(list, width: 400, height: 300, into: &draw)
        let q = draw.quads[0]
        #expect(abs(Double(q.uAxisX) - 5) < 1e-4 && abs(Double(q.uAxisY)) < 1e-4)
        #expect(abs(Double(q.vAxisX)) < 1e-4 && abs(Double(q.vAxisY) - 10) < 1e-4)
        #expect(abs(Double(q.uAxisX * q.vAxisY - q.uAxisY * q.vAxisX) - 50) < 1e-3)
    }

    @Test("Spin turns a card within its own plane, spin × age, as it turns a sprite")
    func spinTurnsWithinThePlane() {
        let (scene, emitter) = planes(count: 1) {
            $0.orientationLatitude = 0.4
            $0.spin = 3
        }
        scene.step(count: 29)
        let age = emitter.storage().values(.age)[0]
        let quad = onlyQuad(scene)
        #expect(abs(Double(quad?.rotation ?? 0) - 3 * Double(age)) < 1e-5)
        // A half turn within a tilted plane shows the same outline: the half-extent vectors
        // change sign, so the drawn parallelogram covers the same area at any spin.
        #expect(quad?.tilt != 0)
    }

    @Test(
        "Cards of a layer that does not preserve depth are flattened into it; with preservesDepth and perspective they are drawn in perspective"
    )
    func flattenedOrInPerspective() {
        func drawn(preservesDepth: Bool) -> DrawList {
            let (scene, _) = planes(count: 200, preservesDepth: preservesDepth) {
                $0.orientationLatitude = .pi / 2
                $0.orientationRange = 2
                $0.velocity = 40
                $0.emissionRange = 2 * .pi
            }
            // Perspective on the emitter layer: depth matters only if it is kept.
            try? scene.setValue(.transform(.perspective(distance: 300)), forKeyPath: "emitter.sublayerTransform")
            try? scene.setValue(.transform(.perspective(distance: 300)), forKeyPath: "emitter.transform")
            var list = RenderList()
            scene.buildRenderList(into: &list)
            var draw = DrawList()
            DrawListBuilder().build(list, width: 400, height: 300, into: &draw)
            return draw
        }
        let flat = drawn(preservesDepth: false)
        #expect(flat.commands.allSatisfy { $0.primitive == .quads })
        let deep = drawn(preservesDepth: true)
        #expect(deep.commands.contains { $0.primitive == .triangles })
    }

    @Test("Switching a cell from sprite to plane keeps its live particles (they face the viewer); new ones turn in 3-D")
    func liveSwitch() throws {
        let json = { (type: String) in
            """
            { "startup": "empty", "layers": [{ "type": "emitter", "name": "L", "emitterCells": [{ "name": "c",
              "contents": "spark.png", "birthRate": 100, "lifetime": 5, "particleType": "\(type)",
              "orientationRange": 3.14159 }] }] }
            """
        }
        let decoder = PresetDecoder(
            fileName: "p.json", resolver: ResourceResolver(roots: [repositoryRoot.appendingPathComponent("assets")]))
        let scene = Scene(try decoder.decode(Array(json("sprite").utf8), defaultName: "p").get())
        scene.step(count: 30)
        let before = scene.liveParticleCount
        #expect(before > 20)
        _ = scene.update(to: try decoder.decode(Array(json("plane").utf8), defaultName: "p").get())
        scene.step(count: 30)
        let facings = scene.emitterLayers[0].storage().facings()
        #expect(facings.count == scene.liveParticleCount && facings.count > before)
        // The particles born before face +z; of those born after, most lean away from it.
        #expect(facings.prefix(before).allSatisfy { $0 == SIMD3(0, 0, 1) })
        #expect(facings.suffix(20).filter { $0.z < 0.99 }.count > 15)
    }
}
