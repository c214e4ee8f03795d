import Foundation
import SparksCore
import Testing

@Suite("Emission: counts, shapes, directions and ranges (core-animation.md §5.3, §6.2, §6.3, §6.5)")
struct EmissionTests {
    @Test("Steady-state live count is rate × mean lifetime (500/s × 2 s = 1000, within 3 %)")
    func steadyStateCount() {
        let (scene, emitter) = emitterScene { e in
            e.emitterCells = [
                cell {
                    $0.birthRate = 500
                    $0.lifetime = 2
                    $0.lifetimeRange = 0.4
                    $0.velocity = 10
                }
            ]
        }
        scene.run(until: 6)
        var sum = 0
        for _ in 0..<120 {
            scene.step()
            sum += emitter.liveParticleCount
        }
        let mean = Double(sum) / 120
        #expect(abs(mean - 1000) / 1000 < 0.03, "mean live count \(mean)")
    }

    @Test("The accumulator starts at 0: 5/s over 13 steps of 1/60 s gives exactly one particle")
    func fractionalAccumulator() {
        let (scene, emitter) = emitterScene { e in
            e.emitterCells = [
                cell {
                    $0.birthRate = 5
                    $0.lifetime = 10
                }
            ]
        }
        // 13/60 s × 5/s = 1.083 births.
        scene.step(count: 13)
        #expect(emitter.liveParticleCount == 1)
        // The first birth is at 1/5 s = step 12: none after 11 steps.
        let (scene2, emitter2) = emitterScene { e in
            e.emitterCells = [
                cell {
                    $0.birthRate = 5
                    $0.lifetime = 10
                }
            ]
        }
        scene2.step(count: 11)
        #expect(emitter2.liveParticleCount == 0)
    }

    @Test("The scene starts empty at time 0")
    func startsEmpty() {
        let (scene, emitter) = emitterScene { e in
            e.emitterCells = [
                cell {
                    $0.birthRate = 1000
                    $0.lifetime = 1
                }
            ]
        }
        scene.startIfNeeded()
        #expect(scene.time == 0)
        #expect(emitter.liveParticleCount == 0)
    }

    @Test("Births inside a step get their sub-step age: 500/s ages are 2 ms apart, not 60 bands")
    func noBanding() throws {
        let (scene, emitter) = emitterScene { e in
            e.emitterCells = [
                cell {
                    $0.birthRate = 500
                    $0.lifetime = 10
                }
            ]
        }
        scene.run(until: 0.5)
        let ages = emitter.storage().values(.age).map(Double.init).sorted()
        #expect(ages.count == 250)  // 0.5 s × 500/s
        for (a, b) in zip(ages, ages.dropFirst()) {
            #expect(abs((b - a) - 0.002) < 1e-4)
        }
    }

    @Test(
        "Natural direction and longitude: point → +x, line → −y, longitude turns clockwise on screen",
        arguments: [
            (EmitterShape.point, 0.0, (1.0, 0.0)),
            (.point, Double.pi / 2, (0.0, 1.0)),
            (.point, -Double.pi / 2, (0.0, -1.0)),
            (.point, Double.pi, (-1.0, 0.0)),
            (.line, 0, (0.0, -1.0)),
            (.line, Double.pi, (0.0, 1.0)),
            (.line, Double.pi / 2, (1.0, 0.0)),
            (.rectangle, 0, (1.0, 0.0)),
            (.cuboid, 0, (1.0, 0.0)),
            (.circle, 0, (1.0, 0.0)),
        ])
    func naturalDirection(shape: EmitterShape, longitude: Double, expected: (Double, Double)) {
        let (scene, emitter) = emitterScene { e in
            e.emitterShape = shape
            e.emitterMode = .volume
            e.emitterSize = Size(width: 40, height: 20)
            e.emitterDepth = 10
            e.emitterCells = [
                cell {
                    $0.birthRate = 200
                    $0.lifetime = 5
                    $0.velocity = 100
                    $0.emissionLongitude = longitude
                }
            ]
        }
        scene.run(until: 1)
        let d = meanDirection(emitter.storage())
        #expect(abs(d.x - expected.0) < 1e-6 && abs(d.y - expected.1) < 1e-6, "mean direction \(d)")
    }

    @Test("Rectangle outline: births spread along the perimeter, each moving along its edge's outward normal")
    func rectangleOutline() {
        let (scene, emitter) = emitterScene { e in
            e.emitterShape = .rectangle
            e.emitterMode = .outline
            e.emitterPosition = Point(x: 300, y: 200)
            e.emitterSize = Size(width: 200, height: 100)
            e.emitterCells = [
                cell {
                    $0.birthRate = 3000
                    $0.lifetime = 5
                    $0.velocity = 50
                }
            ]
        }
        scene.run(until: 1)
        let s = emitter.storage()
        let px = s.values(.positionX), py = s.values(.positionY), age = s.values(.age)
        var edges = [0, 0, 0, 0]  // top, right, bottom, left
        for (i, (vx, vy, _)) in velocities(s).enumerated() {
            // Birth point = position − velocity × age (no acceleration).
            let bx = Double(px[i]) - vx * Double(age[i]), by = Double(py[i]) - vy * Double(age[i])
            if abs(by - 150) < 0.01 {
                edges[0] += 1
                #expect(abs(vx) < 1e-3 && abs(vy + 50) < 1e-3)
            } else if abs(bx - 400) < 0.01 {
                edges[1] += 1
                #expect(abs(vx - 50) < 1e-3 && abs(vy) < 1e-3)
            } else if abs(by - 250) < 0.01 {
                edges[2] += 1
                #expect(abs(vx) < 1e-3 && abs(vy - 50) < 1e-3)
            } else if abs(bx - 200) < 0.01 {
                edges[3] += 1
                #expect(abs(vx + 50) < 1e-3 && abs(vy) < 1e-3)
            } else {
                Issue.record("birth point (\(bx), \(by)) is not on the outline")
            }
        }
        // Perimeter 600: top and bottom 200 each (1/3), left and right 100 each (1/6).
        let n = Double(s.count)
        #expect(abs(Double(edges[0]) / n - 1.0 / 3) < 0.03)
        #expect(abs(Double(edges[1]) / n - 1.0 / 6) < 0.03)
        #expect(abs(Double(edges[2]) / n - 1.0 / 3) < 0.03)
        #expect(abs(Double(edges[3]) / n - 1.0 / 6) < 0.03)
    }

    @Test("Circle outline: born on a circle as wide as emitterSize.width, moving radially; longitude π/2 turns them tangent")
    func circleOutline() {
        for longitude in [0.0, Double.pi / 2] {
            let (scene, emitter) = emitterScene { e in
                e.emitterShape = .circle
                e.emitterMode = .outline
                e.emitterPosition = Point(x: 100, y: 100)
                e.emitterSize = Size(width: 60, height: 5)
                e.emitterCells = [
                    cell {
                        $0.birthRate = 500
                        $0.lifetime = 5
                        $0.velocity = 20
                        $0.emissionLongitude = longitude
                    }
                ]
            }
            scene.run(until: 1)
            let s = emitter.storage()
            let px = s.values(.positionX), py = s.values(.positionY), age = s.values(.age)
            for (i, (vx, vy, _)) in velocities(s).enumerated() {
                let bx = Double(px[i]) - vx * Double(age[i]) - 100, by = Double(py[i]) - vy * Double(age[i]) - 100
                #expect(abs((bx * bx + by * by).squareRoot() - 30) < 0.01)
                // Velocity = 20 × (radial direction turned by the longitude).
                let radial = angle(bx, by)
                #expect(abs(vx - 20 * cos(radial + longitude)) < 1e-3 && abs(vy - 20 * sin(radial + longitude)) < 1e-3)
            }
        }
    }

    @Test("Sphere outline: born on the sphere as wide as emitterSize.width, moving radially in 3-D")
    func sphereOutline() {
        let (scene, emitter) = emitterScene { e in
            e.emitterShape = .sphere
            e.emitterMode = .outline
            e.emitterSize = Size(width: 50, height: 0)
            e.emitterCells = [
                cell {
                    $0.birthRate = 300
                    $0.lifetime = 5
                    $0.velocity = 10
                }
            ]
        }
        scene.run(until: 1)
        let s = emitter.storage()
        let px = s.values(.positionX), py = s.values(.positionY), pz = s.values(.positionZ), age = s.values(.age)
        for (i, (vx, vy, vz)) in velocities(s).enumerated() {
            let a = Double(age[i])
            let b = (Double(px[i]) - vx * a, Double(py[i]) - vy * a, Double(pz[i]) - vz * a)
            let r = (b.0 * b.0 + b.1 * b.1 + b.2 * b.2).squareRoot()
            #expect(abs(r - 25) < 0.01)
            #expect(abs(vx - 10 * b.0 / r) < 1e-3 && abs(vy - 10 * b.1 / r) < 1e-3 && abs(vz - 10 * b.2 / r) < 1e-3)
        }
    }

    @Test("Line points mode: births only at the two end points")
    func linePoints() {
        let (scene, emitter) = emitterScene { e in
            e.emitterShape = .line
            e.emitterMode = .points
            e.emitterPosition = Point(x: 100, y: 50)
            e.emitterSize = Size(width: 60, height: 0)
            e.emitterCells = [
                cell {
                    $0.birthRate = 100
                    $0.lifetime = 5
                }
            ]
        }
        scene.run(until: 1)
        let xs = Set(emitter.storage().values(.positionX))
        #expect(xs == [70, 130])
    }

    @Test("Ranges are uniform in [mean − range/2, mean + range/2], colour ranges in [colour, colour + range], and cover them")
    func rangesAreHalfWidth() {
        let (scene, emitter) = emitterScene { e in
            e.emitterCells = [
                cell {
                    $0.birthRate = 3000
                    $0.lifetime = 3
                    $0.lifetimeRange = 1
                    $0.velocity = 100
                    $0.velocityRange = 40
                    $0.scale = 1
                    $0.scaleRange = 0.5
                    $0.spin = 2
                    $0.spinRange = 1
                    $0.color = Color(red: 0.5, green: 0.5, blue: 0.5, alpha: 0.5)
                    $0.redRange = 0.4
                }
            ]
        }
        scene.run(until: 1)
        let s = emitter.storage()
        func check(_ values: [Float], _ low: Double, _ high: Double, _ what: String) {
            let lo = Double(values.min()!), hi = Double(values.max()!)
            #expect(lo >= low - 1e-4 && hi <= high + 1e-4, "\(what) in [\(lo), \(hi)], expected within [\(low), \(high)]")
            #expect(lo < low + 0.02 * (high - low) && hi > high - 0.02 * (high - low), "\(what) does not cover its range: [\(lo), \(hi)]")
        }
        check(s.values(.lifetime), 2.5, 3.5, "lifetime")  // 3 ± 1/2
        let speeds = velocities(s).map { Float(($0.0 * $0.0 + $0.1 * $0.1 + $0.2 * $0.2).squareRoot()) }
        check(speeds, 80, 120, "speed")  // 100 ± 40/2
        check(s.values(.scale), 0.75, 1.25, "scale")  // 1 ± 0.5/2
        check(s.values(.spin), 1.5, 2.5, "spin")  // 2 ± 1/2
        check(s.values(.red), 0.3, 0.7, "red")  // 0.5 ± 0.4/2 (CoreAnimationChoices.colorRangeIsOneSided is false)
        #expect(Set(s.values(.green)) == [0.5])  // no green range: every particle exactly 0.5
    }

    @Test("emissionRange is the cone's half-angle: directions stay within the range of the mean and fill it")
    func emissionCone() {
        let (scene, emitter) = emitterScene { e in
            e.emitterCells = [
                cell {
                    $0.birthRate = 2000
                    $0.lifetime = 3
                    $0.velocity = 100
                    $0.emissionRange = 1.0
                }
            ]
        }
        scene.run(until: 1)
        var largest = 0.0
        for (vx, vy, vz) in velocities(emitter.storage()) {
            let a = acos(max(-1, min(1, vx / (vx * vx + vy * vy + vz * vz).squareRoot())))
            largest = max(largest, a)
            #expect(a <= 1 + 1e-4)
        }
        #expect(largest > 0.98)
        // Uniform in solid angle: the mean direction is (1 + cos 1) / 2 = 0.770 along the axis.
        let d = meanDirection(emitter.storage())
        #expect(abs(d.y) < 0.02 && abs(d.x - (1 + cos(1.0)) / 2) < 0.02, "\(d)")
    }

    @Test("A negative emissionRange behaves like its magnitude")
    func negativeRange() {
        let (scene, emitter) = emitterScene { e in
            e.emitterCells = [
                cell {
                    $0.birthRate = 1000
                    $0.lifetime = 3
                    $0.velocity = 100
                    $0.emissionRange = -Double.pi / 4
                }
            ]
        }
        scene.run(until: 1)
        for (vx, vy, vz) in velocities(emitter.storage()) {
            #expect(acos(vx / (vx * vx + vy * vy + vz * vz).squareRoot()) <= Double.pi / 4 + 1e-4)
        }
    }

    @Test("A cell with lifetime 0 never shows a particle; layer lifetime 0 does the same")
    func zeroLifetime() {
        let (scene, emitter) = emitterScene { e in
            e.emitterCells = [
                cell {
                    $0.birthRate = 1000
                    $0.lifetime = 0
                }
            ]
        }
        scene.run(until: 1)
        #expect(emitter.liveParticleCount == 0)
        let (scene2, emitter2) = emitterScene { e in
            e.lifetime = 0
            e.emitterCells = [
                cell {
                    $0.birthRate = 1000
                    $0.lifetime = 2
                }
            ]
        }
        scene2.run(until: 1)
        #expect(emitter2.liveParticleCount == 0)
    }

    @Test("The particle budget is never exceeded and refusals are counted")
    func budget() {
        let (scene, emitter) = emitterScene(particleLimit: 100) { e in
            e.emitterCells = [
                cell {
                    $0.birthRate = 1000
                    $0.lifetime = 2
                }
            ]
        }
        for _ in 0..<120 {
            scene.step()
            #expect(emitter.liveParticleCount <= 100)
        }
        #expect(emitter.liveParticleCount == 100)
        #expect(scene.budget.refusedBirths > 0)
    }
}

@Suite("Animated emission rates emit their integral (core-animation.md §6.5)")
struct AnimatedRateTests {
    /// The live count at `seconds` of a scene read from preset text.
    func liveCount(_ json: String, at seconds: Double) throws -> Int {
        let description = try PresetDecoder(fileName: "rate.json", resolver: ResourceResolver(roots: [])).decode(
            Array(json.utf8), defaultName: "rate"
        ).get()
        let scene = Scene(description)
        scene.run(until: seconds)
        return scene.emitterLayers.reduce(0) { $0 + $1.liveParticleCount }
    }

    @Test(
        "A burst of layer birthRate keyframes [1, 0, 0] at [0, 0.5, 1] over 0.1 s gives cell rate × 0.025 particles, within a step's rounding",
        arguments: [30.0, 60, 120, 240])
    func keyframeBurst(stepRate: Double) throws {
        let json = """
            {"stepRate": \(stepRate), "layers": [{"type": "emitter", "startup": "empty", "birthRate": 1,
              "emitterCells": [{"birthRate": 800, "lifetime": 5}],
              "animations": [{"type": "keyframe", "keyPath": "birthRate", "values": [1, 0, 0], "keyTimes": [0, 0.5, 1],
                "duration": 0.1, "fillMode": "forwards", "removedOnCompletion": false}]}]}
            """
        let count = try liveCount(json, at: 1)
        // A step averages the rate at its two ends, so a kink inside a step (the ramp reaching 0 at 0.05 s)
        // costs up to a step's worth of ramp: 3 particles at 30 steps a second, 1 from 60.
        let tolerance = stepRate < 60 ? 3 : 1
        #expect(abs(count - 20) <= tolerance, "\(count) particles where 800 × 0.025 = 20 are born")
    }

    @Test("A cell birthRate animated from 150 to 0 over 5 s makes about 375 particles")
    func heartsRamp() throws {
        let json = """
            {"layers": [{"type": "emitter", "startup": "empty",
              "emitterCells": [{"name": "heart", "birthRate": 0, "lifetime": 100}],
              "animations": [{"type": "basic", "keyPath": "emitterCells.heart.birthRate", "fromValue": 150, "toValue": 0,
                "duration": 5}]}]}
            """
        let count = try liveCount(json, at: 6)
        #expect(abs(count - 375) <= 2, "\(count)")
    }

    @Test("A constant rate is unchanged by the step mean: 100/s for 2 s is 200 particles")
    func constantRate() throws {
        let json = """
            {"layers": [{"type": "emitter", "startup": "empty", "emitterCells": [{"birthRate": 100, "lifetime": 100}]}]}
            """
        #expect(try liveCount(json, at: 2) == 200)
    }
}
