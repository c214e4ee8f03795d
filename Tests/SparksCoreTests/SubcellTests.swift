import Foundation
import SparksCore
import Testing

@Suite("Sub-cells: particles that emit particles (core-animation.md §6.8)")
struct SubcellTests {
    /// Parents fly right at 100 pt/s from (0, 300); each emits children.
    func scene(child: EmitterCell, parentColor: Color = .white, parentScale: Double = 1) -> (Scene, EmitterLayer) {
        emitterScene { e in
            e.emitterPosition = Point(x: 0, y: 300)
            e.emitterCells = [
                cell("parent") {
                    $0.birthRate = 2
                    $0.lifetime = 1
                    $0.velocity = 100
                    $0.color = parentColor
                    $0.scale = parentScale
                    $0.emitterCells = [child]
                }
            ]
        }
    }

    @Test("birthRate is per live parent per second: 2 parents × 10/s × 0.5 s = 10 children alive")
    func childCount() {
        let (scene, emitter) = scene(
            child: cell("child") {
                $0.birthRate = 10
                $0.lifetime = 0.5
            })
        scene.run(until: 5)
        var sum = 0
        for _ in 0..<240 {
            scene.step()
            sum += emitter.simulation.cellStates[0].children[0].storage.count
        }
        let mean = Double(sum) / 240
        #expect(abs(mean - 10) < 0.6, "mean children \(mean)")
    }

    @Test("Children are born on the parent's path, along its direction, with their own speed only")
    func childPositionsAndDirection() {
        let child = cell("child") {
            $0.birthRate = 30
            $0.lifetime = 3
            $0.velocity = 20
        }
        let (scene, emitter) = scene(child: child)
        scene.run(until: 2)
        let children = emitter.simulation.cellStates[0].children[0].storage
        #expect(children.count > 0)
        let px = children.values(.positionX), py = children.values(.positionY), age = children.values(.age)
        for (i, (vx, vy, _)) in velocities(children).enumerated() {
            // Not the parent's 100 pt/s: its own 20 pt/s, forward along the parent's motion (+x).
            #expect(abs(vx - 20) < 1e-3 && abs(vy) < 1e-3)
            // Born on the parent's straight path y = 300, within the parent's 100 pt of travel.
            let birthX = Double(px[i]) - vx * Double(age[i])
            #expect(abs(Double(py[i]) - 300) < 1e-3)
            #expect(birthX >= -1e-3 && birthX <= 100 + 1e-3)
        }
    }

    @Test("Longitude π emits backwards along the parent's motion")
    func backwards() {
        let (scene, emitter) = scene(
            child: cell("child") {
                $0.birthRate = 30
                $0.lifetime = 3
                $0.velocity = 20
                $0.emissionLongitude = .pi
            })
        scene.run(until: 2)
        for (vx, vy, _) in velocities(emitter.simulation.cellStates[0].children[0].storage) {
            #expect(abs(vx + 20) < 1e-3 && abs(vy) < 1e-3)
        }
    }

    @Test("Colour and scale are inherited multiplicatively at birth")
    func inheritance() {
        let child = cell("child") {
            $0.birthRate = 10
            $0.lifetime = 3
            $0.color = Color(red: 1, green: 0.5, blue: 1, alpha: 0.8)
            $0.scale = 0.5
        }
        let (scene, emitter) = scene(child: child, parentColor: Color(red: 0.5, green: 1, blue: 0.25, alpha: 1), parentScale: 2)
        scene.run(until: 2)
        let s = emitter.simulation.cellStates[0].children[0].storage
        #expect(s.count > 0)
        // (1, 0.5, 1, 0.8) × (0.5, 1, 0.25, 1) = (0.5, 0.5, 0.25, 0.8); scale 0.5 × 2 = 1.
        #expect(Set(s.values(.red)) == [0.5])
        #expect(Set(s.values(.green)) == [0.5])
        #expect(Set(s.values(.blue)) == [0.25])
        #expect(Set(s.values(.alpha)) == [0.8])
        #expect(Set(s.values(.scale)) == [1])
    }

    @Test("Children take the parent's colour as it was born: the parent's colour speeds change the parent only")
    func inheritanceOfBirthColour() {
        let (scene, emitter) = emitterScene { e in
            e.emitterCells = [
                cell("parent") {
                    $0.birthRate = 2
                    $0.lifetime = 1
                    $0.color = Color(red: 1, green: 0, blue: 0, alpha: 1)
                    $0.greenSpeed = 1
                    $0.blueSpeed = 0.5
                    $0.emitterCells = [
                        cell("child") {
                            $0.birthRate = 20
                            $0.lifetime = 3
                        }
                    ]
                }
            ]
        }
        scene.run(until: 2)
        // Parents turn yellowish as they age (green up to 1, blue up to 0.5) …
        #expect(emitter.simulation.cellStates[0].storage.values(.green).contains { $0 > 0.4 })
        // … but children born at any parent age are the parent's red as it was born.
        let children = emitter.simulation.cellStates[0].children[0].storage
        #expect(children.count > 20)
        #expect(Set(children.values(.red)) == [1])
        #expect(Set(children.values(.green)) == [0])
        #expect(Set(children.values(.blue)) == [0])
    }

    @Test(
        "Sub-cell timing runs on the parent's age: beginTime 0.5, duration 0.1 at 100/s gives 10 children per parent, born at ages 0.5…0.6")
    func timingOnParentAge() {
        let child = cell("child") {
            $0.birthRate = 100
            $0.lifetime = 5
            $0.timing.beginTime = 0.5
            $0.timing.duration = 0.1
        }
        let (scene, emitter) = scene(child: child)
        // Parents are born every 0.5 s; by 2.2 s those born at 0.5, 1.0 and 1.5 s have passed
        // age 0.6 (the one born at 2.0 s is only 0.2 s old): 3 × 10 children, all still alive.
        scene.run(until: 2.2)
        let s = emitter.simulation.cellStates[0].children[0].storage
        #expect(s.count == 30)
        let px = s.values(.positionX)
        // A parent at age a is at x = 100·a: children sit between x = 50 and x = 60.
        for x in px { #expect(x >= 50 - 1e-3 && x <= 60 + 1e-3) }
    }

    @Test("Nested sub-cells emit at every depth (rocket → burst → spark)")
    func nested() {
        let spark = cell("spark") {
            $0.birthRate = 10
            $0.lifetime = 0.5
            $0.velocity = 30
        }
        let burst = cell("burst") {
            $0.birthRate = 5
            $0.lifetime = 1
            $0.velocity = 50
            $0.emitterCells = [spark]
        }
        let (scene, emitter) = scene(child: burst)
        scene.run(until: 3)
        let burstState = emitter.simulation.cellStates[0].children[0]
        #expect(burstState.storage.count > 0)
        #expect(burstState.children[0].storage.count > 0)
    }
}
