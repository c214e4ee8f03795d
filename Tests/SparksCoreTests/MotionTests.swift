import Foundation
import SparksCore
import Testing

@Suite("Motion, colour, size and spin over life (core-animation.md §6.4, §6.6, §6.7)")
struct MotionTests {
    @Test(
        "Position after t is p0 + v0·t + ½·a·t² within 0.5 pt at 30, 60 and 240 Hz",
        arguments: [30.0, 60.0, 240.0])
    func positionIsExact(stepRate: Double) {
        let (scene, emitter) = emitterScene(stepRate: stepRate) { e in
            e.emitterPosition = Point(x: 50, y: 400)
            e.emitterCells = [
                cell {
                    $0.birthRate = 4
                    $0.lifetime = 10
                    $0.velocity = 100
                    $0.emissionLongitude = -0.5
                    $0.xAcceleration = 30
                    $0.yAcceleration = 200
                }
            ]
        }
        scene.run(until: 2.9)
        let s = emitter.storage()
        // Births at 0.25, 0.5, …, 2.75 s: 11 particles aged 2.65, 2.4, …, 0.15 s.
        #expect(s.count == 11)
        let px = s.values(.positionX), py = s.values(.positionY), ages = s.values(.age)
        for i in 0..<s.count {
            let t = 2.9 - 0.25 * Double(i + 1)
            #expect(abs(Double(ages[i]) - t) < 1e-4)
            let x = 50 + 100 * cos(-0.5) * t + 0.5 * 30 * t * t
            let y = 400 + 100 * sin(-0.5) * t + 0.5 * 200 * t * t
            #expect(abs(Double(px[i]) - x) < 0.5 && abs(Double(py[i]) - y) < 0.5, "particle \(i): (\(px[i]), \(py[i])) vs (\(x), \(y))")
        }
    }

    @Test("Colour after t is clamp(c0 + speed·t) per component (the neon cell's speeds)")
    func colourSpeeds() {
        let (scene, emitter) = emitterScene { e in
            e.emitterCells = [
                cell {
                    $0.birthRate = 50
                    $0.lifetime = 4
                    $0.redSpeed = -0.2
                    $0.greenSpeed = -0.1
                    $0.blueSpeed = 0.1
                    $0.alphaSpeed = -0.3
                }
            ]
        }
        scene.run(until: 3.9)
        let s = emitter.storage()
        let r = s.values(.red), g = s.values(.green), b = s.values(.blue), a = s.values(.alpha), age = s.values(.age)
        for i in 0..<s.count {
            let t = Double(age[i])
            #expect(abs(Double(r[i]) - (1 - 0.2 * t)) < 1e-4)
            #expect(abs(Double(g[i]) - (1 - 0.1 * t)) < 1e-4)
            #expect(b[i] == 1)  // 1 + 0.1·t clamps to 1
            #expect(abs(Double(a[i]) - max(0, 1 - 0.3 * t)) < 1e-4)  // reaches 0 at 3.33 s and stays
        }
    }

    @Test("Drawn size is pixels × contentsRect / contentsScale × (scale + scaleSpeed·t); spin turns it by spin·t")
    func sizeAndSpin() {
        // 40 × 20 pixels, half of each side, at 2 pixels per point: 10 × 5 points at scale 1.
        let texture = Texture(name: "strip", pixelWidth: 40, pixelHeight: 20)
        let (scene, emitter) = emitterScene { e in
            e.emitterCells = [
                cell {
                    $0.contents = texture
                    $0.contentsRect = Rect(x: 0.5, y: 0, width: 0.5, height: 0.5)
                    $0.contentsScale = 2
                    $0.birthRate = 20
                    $0.lifetime = 3
                    $0.scale = 1.5
                    $0.scaleSpeed = 0.3
                    $0.spin = 0.7
                }
            ]
        }
        scene.run(until: 2)
        var list = RenderList()
        scene.buildRenderList(into: &list)
        let ages = emitter.storage().values(.age)
        #expect(list.quads.count == ages.count)
        for (quad, age) in zip(list.quads, ages) {
            let t = Double(age)
            #expect(abs(Double(quad.halfWidth) - 5 * (1.5 + 0.3 * t)) < 1e-3)
            #expect(abs(Double(quad.halfHeight) - 2.5 * (1.5 + 0.3 * t)) < 1e-3)
            #expect(abs(Double(quad.rotation) - 0.7 * t) < 1e-4)
            #expect((quad.u0, quad.v0, quad.u1, quad.v1) == (0.5, 0, 1, 0.5))
        }
    }

    @Test("Accelerations are read live: changing one bends the paths of live particles")
    func accelerationIsLive() throws {
        let (scene, emitter) = emitterScene { e in
            e.emitterCells = [
                cell {
                    $0.birthRate = 10
                    $0.lifetime = 10
                }
            ]
        }
        scene.run(until: 1)
        let before = emitter.storage().values(.velocityY)
        try scene.setValue(.number(100), forKeyPath: "emitter.emitterCells.cell.yAcceleration")
        scene.step(count: 6)
        let after = emitter.storage().values(.velocityY)
        // Six steps of 1/60 s at 100 pt/s² add 10 pt/s to every old particle.
        for (b, a) in zip(before, after) { #expect(abs(Double(a - b) - 10) < 1e-3) }
    }

    @Test("Layer multipliers change new particles only (core-animation.md §5.5)")
    func layerMultipliersAffectNewParticlesOnly() {
        let (scene, emitter) = emitterScene { e in
            e.emitterCells = [
                cell {
                    $0.birthRate = 30
                    $0.lifetime = 10
                    $0.velocity = 40
                    $0.scale = 2
                    $0.spin = 1
                }
            ]
        }
        scene.run(until: 1)
        let old = emitter.liveParticleCount
        emitter.velocity = 2
        emitter.scale = 3
        emitter.spin = -1
        emitter.lifetime = 0.5
        scene.run(until: 2)
        let s = emitter.storage()
        let speeds = velocities(s).map { ($0.0 * $0.0 + $0.1 * $0.1).squareRoot() }
        let scales = s.values(.scale), spins = s.values(.spin), lifetimes = s.values(.lifetime)
        for i in 0..<s.count {
            if i < old {
                #expect(abs(speeds[i] - 40) < 1e-3 && scales[i] == 2 && spins[i] == 1 && lifetimes[i] == 10)
            } else {
                #expect(abs(speeds[i] - 80) < 1e-3 && scales[i] == 6 && spins[i] == -1 && lifetimes[i] == 5)
            }
        }
        #expect(s.count > old)
    }

    @Test("Layer birthRate 0 stops emission and lets live particles finish")
    func birthRateZeroStops() {
        let (scene, emitter) = emitterScene { e in
            e.emitterCells = [
                cell {
                    $0.birthRate = 100
                    $0.lifetime = 1
                }
            ]
        }
        scene.run(until: 2)
        #expect(emitter.liveParticleCount > 90)
        emitter.birthRate = 0
        scene.run(until: 2.5)
        #expect(emitter.liveParticleCount > 40 && emitter.liveParticleCount < 60)
        scene.run(until: 3.01)
        #expect(emitter.liveParticleCount == 0)
    }

    @Test("Moving emitterPosition moves where new particles are born, not live ones (core-animation.md §5.2)")
    func emitterPositionAffectsNewOnly() {
        let (scene, emitter) = emitterScene { e in
            e.emitterCells = [
                cell {
                    $0.birthRate = 60
                    $0.lifetime = 10
                }
            ]
        }
        scene.run(until: 1)
        let old = emitter.liveParticleCount
        emitter.emitterPosition = Point(x: 500, y: 0)
        scene.run(until: 2)
        let xs = emitter.storage().values(.positionX)
        #expect(xs.prefix(old).allSatisfy { $0 == 0 })
        #expect(xs.suffix(30).allSatisfy { $0 == 500 })
    }

    @Test("Moving the layer moves every live particle with it (core-animation.md §5.2)")
    func movingTheLayerMovesParticles() {
        let (scene, emitter) = emitterScene { e in
            e.emitterCells = [
                cell {
                    $0.birthRate = 60
                    $0.lifetime = 10
                }
            ]
        }
        scene.run(until: 1)
        var list = RenderList()
        scene.buildRenderList(into: &list)
        #expect(list.batches[0].transform.apply(to: Point.zero) == Point.zero)
        emitter.position = Point(x: 120, y: 80)
        scene.buildRenderList(into: &list)
        #expect(list.batches[0].transform.apply(to: Point.zero) == Point(x: 120, y: 80))
    }
}
