import Foundation
import SparksCore
import Testing

/// A plain layer's presentation at local time t with the given animations.
func present(_ animations: [Animation], at t: Double, model configure: (inout LayerProperties) -> Void = { _ in }) -> LayerState {
    var properties = LayerProperties(name: "l")
    configure(&properties)
    let layer = Layer(properties: properties)
    layer.animations = animations
    return layer.presentationState(atLocalTime: t)
}

func basic(
    _ keyPath: String, from: PropertyValue? = nil, to: PropertyValue? = nil, by: PropertyValue? = nil,
    duration: Double = 1, _ configure: (inout Animation) -> Void = { _ in }
) -> Animation {
    let (target, _) = try! PropertyAddress.resolve(keyPath, on: .layer)
    var a = Animation(kind: .basic(from: from, to: to, by: by), keyPath: keyPath, target: target)
    a.timing.duration = duration
    configure(&a)
    return a
}

@Suite("Media timing (core-animation.md §3)")
struct MediaTimingTests {
    @Test("Local time composes down the tree: the reference values of core-animation.md §3.2")
    func localTimeChain() {
        var mid = MediaTiming()
        mid.beginTime = 2
        mid.speed = 3
        mid.timeOffset = 0.25
        var leaf = MediaTiming()
        leaf.beginTime = 1
        leaf.speed = 2
        leaf.timeOffset = 0.5
        // Mid time 10 → leaf (10 − 1)·2 + 0.5 = 18.5.
        #expect(leaf.localTime(parentTime: 10) == 18.5)
        // Root 10 → mid (10 − 2)·3 + 0.25 = 24.25 → leaf (24.25 − 1)·2 + 0.5 = 47.
        #expect(leaf.localTime(parentTime: mid.localTime(parentTime: 10)) == 47)
    }

    @Test("The local time of a layer in a scene composes the same way")
    func layerLocalTime() {
        var outer = LayerProperties(name: "outer")
        outer.timing.beginTime = 2
        outer.timing.speed = 3
        outer.timing.timeOffset = 0.25
        var inner = LayerProperties(name: "inner")
        inner.timing.beginTime = 1
        inner.timing.speed = 2
        inner.timing.timeOffset = 0.5
        // An opacity animation 0 → 1 over 100 s at the inner layer reads the inner layer's local time.
        var fade = basic("opacity", from: .number(0), to: .number(1), duration: 100)
        fade.timing.beginTime = -1e-9  // keep "0 means now" out of the way
        let description = SceneDescription(
            name: "t",
            layers: [
                LayerDescription(
                    kind: .layer, properties: outer,
                    sublayers: [
                        LayerDescription(kind: .layer, properties: inner, animations: [fade])
                    ])
            ])
        let scene = Scene(description)
        scene.run(until: 10)
        let layer = scene.layer(named: "inner")!
        let t = layer.properties.timing.localTime(
            parentTime: scene.layer(named: "outer")!.properties.timing.localTime(parentTime: scene.time))
        #expect(abs(t - 47) < 1e-9)
        #expect(abs(layer.presentationState(atLocalTime: t).layer.opacity - 0.47) < 1e-9)
    }

    struct Case: CustomStringConvertible, Sendable {
        var label: String
        var configure: @Sendable (inout Animation) -> Void
        var samples: [(time: Double, opacity: Double)]
        var description: String { label }
    }

    static let cases: [Case] = [
        Case(
            label: "plain: 0 → 1 over 1 s, then removed (model 0.5)", configure: { _ in },
            samples: [(-0.5, 0.5), (0, 0), (0.25, 0.25), (0.999, 0.999), (1, 0.5), (3, 0.5)]),
        Case(
            label: "repeatCount 2.5 ends mid-cycle", configure: { $0.timing.repeatCount = 2.5 },
            samples: [(1.25, 0.25), (2.5, 0.5), (2.49, 0.49), (2.6, 0.5)]),
        Case(
            label: "autoreverses: back at 2 s",
            configure: {
                $0.timing.autoreverses = true
                $0.timing.repeatCount = .infinity
            },
            samples: [(0.5, 0.5), (1.25, 0.75), (1.75, 0.25), (2.5, 0.5)]),
        Case(
            label: "fill forwards holds the end when not removed",
            configure: {
                $0.timing.fillMode = .forwards
                $0.removedOnCompletion = false
            },
            samples: [(-1, 0.5), (5, 1)]),
        Case(
            label: "fill forwards with removedOnCompletion is still removed", configure: { $0.timing.fillMode = .forwards },
            samples: [(5, 0.5)]),
        Case(
            label: "fill backwards shows the start before beginTime",
            configure: {
                $0.timing.beginTime = 2
                $0.timing.fillMode = .backwards
            },
            samples: [(1, 0), (2.5, 0.5), (4, 0.5)]),
        Case(
            label: "timeOffset shifts the phase cyclically",
            configure: {
                $0.timing.duration = 3
                $0.timing.timeOffset = 1
            },
            samples: [(0, 1.0 / 3), (1.5, 2.5 / 3), (2.5, 0.5 / 3)]),
        Case(
            label: "speed 2 runs twice as fast", configure: { $0.timing.speed = 2 },
            samples: [(0.25, 0.5), (0.6, 0.5)]),
        Case(
            label: "duration 0 means 0.25 s", configure: { $0.timing.duration = 0 },
            samples: [(0.125, 0.5), (0.3, 0.5)]),
        Case(
            label: "repeatDuration 1.5 s", configure: { $0.timing.repeatDuration = 1.5 },
            samples: [(1.25, 0.25), (1.6, 0.5)]),
        Case(
            label: "an autoreversing animation held at its end shows its start",
            configure: {
                $0.timing.autoreverses = true
                $0.timing.fillMode = .both
                $0.removedOnCompletion = false
            },
            samples: [(3, 0)]),
    ]

    @Test("Progress over a table of timing settings (opacity 0 → 1 over 1 s, model 0.5)", arguments: cases)
    func progressTable(_ c: Case) {
        let a = basic("opacity", from: .number(0), to: .number(1), duration: 1, c.configure)
        for (time, expected) in c.samples {
            let value = present([a], at: time) { $0.opacity = 0.5 }.layer.opacity
            #expect(abs(value - expected) < 1e-9, "\(c.label) at \(time): \(value), expected \(expected)")
        }
    }
}

@Suite("Timing functions (core-animation.md §3.4)")
struct TimingFunctionTests {
    @Test(
        "Named curves match Apple's solver at 0.25, 0.5 and 0.75",
        arguments: [
            (TimingFunction.easeIn, [0.093465, 0.315357, 0.621861]),
            (.easeOut, [0.378140, 0.684643, 0.906535]),
            (.easeInEaseOut, [0.129162, 0.5, 0.870838]),
            (TimingFunction(0.5, 0, 0.5, 1), [0.105889, 0.5, 0.894111]),
            (.linear, [0.25, 0.5, 0.75]),
        ])
    func reference(function: TimingFunction, expected: [Double]) {
        for (x, y) in zip([0.25, 0.5, 0.75], expected) {
            #expect(abs(function.value(at: x) - y) < 1e-5, "\(x) → \(function.value(at: x)), expected \(y)")
        }
    }

    @Test("Ends are fixed and inputs are clamped")
    func ends() {
        for f in TimingFunction.named.values {
            #expect(abs(f.value(at: 0)) < 1e-9 && abs(f.value(at: 1) - 1) < 1e-9)
            #expect(f.value(at: -1) == f.value(at: 0) && f.value(at: 2) == f.value(at: 1))
        }
    }

    @Test("An animation's timing function applies per cycle, and backwards on the way back")
    func perCycle() {
        let a = basic("opacity", from: .number(0), to: .number(1)) {
            $0.timingFunction = .easeIn
            $0.timing.autoreverses = true
            $0.timing.repeatCount = .infinity
        }
        #expect(abs(present([a], at: 0.25).layer.opacity - 0.093465) < 1e-5)
        #expect(abs(present([a], at: 1.75).layer.opacity - 0.093465) < 1e-5)  // 0.25 s before the cycle's end
        #expect(abs(present([a], at: 2.25).layer.opacity - 0.093465) < 1e-5)
    }
}

@Suite("Basic animations: from, to and by (core-animation.md §4.2)")
struct BasicAnimationTests {
    @Test("Every combination of from, to and by, with the model value 10 as the current value")
    func combinations() {
        func at(_ a: Animation, _ t: Double) -> Double { present([a], at: t) { $0.position.y = 10 }.layer.position.y }
        let n = PropertyValue.number
        #expect(at(basic("position.y", from: n(2), to: n(4)), 0.5) == 3)  // from → to
        #expect(at(basic("position.y", from: n(2), by: n(4)), 0.5) == 4)  // from → from + by = 6
        #expect(at(basic("position.y", to: n(4), by: n(2)), 0.5) == 3)  // to − by = 2 → to
        #expect(at(basic("position.y", from: n(2)), 0.5) == 6)  // from → current 10
        #expect(at(basic("position.y", to: n(4)), 0.5) == 7)  // current 10 → to
        #expect(at(basic("position.y", by: n(4)), 0.5) == 12)  // current → current + 4
        #expect(at(basic("position.y"), 0.5) == 10)  // nothing to animate
    }

    @Test("additive adds to the current value; cumulative continues each repeat from the last end")
    func additiveAndCumulative() {
        let add = basic("position.x", from: .number(0), to: .number(10)) { $0.isAdditive = true }
        #expect(present([add], at: 0.5) { $0.position.x = 100 }.layer.position.x == 105)
        let spin = basic("transform.rotation.z", from: .number(0), to: .number(2 * .pi)) {
            $0.isCumulative = true
            $0.timing.repeatCount = .infinity
        }
        let z = TransformComponentReader.rotationZ(present([spin], at: 2.25).layer.transform)
        // 2 full turns plus a quarter: the matrix shows a quarter turn.
        #expect(abs(z - .pi / 2) < 1e-9)
    }

    @Test("transform.scale.y shrinks toward the anchor; an anchorPoint of (0.5, 1) keeps the bottom edge fixed")
    func scaleY() {
        let squash = basic("transform.scale.y", to: .number(0.1), duration: 0.5) {
            $0.timing.autoreverses = true
            $0.timing.repeatCount = .infinity
        }
        let state = present([squash], at: 0.5) {
            $0.bounds = Rect(x: 0, y: 0, width: 30, height: 150)
            $0.anchorPoint = Point(x: 0.5, y: 1)
            $0.position = Point(x: 100, y: 300)
        }
        let m = state.layer.transformToSuperlayer
        // Scale 0.1 at the half period: the bar's top (y = 0) is 15 pt above its fixed bottom.
        #expect(abs(m.apply(to: Point(x: 15, y: 150)).y - 300) < 1e-9)
        #expect(abs(m.apply(to: Point(x: 15, y: 0)).y - 285) < 1e-9)
    }

    @Test("transform.rotation.z from 0 to 2π turns a full circle (a whole-matrix animation would not move)")
    func fullTurn() {
        let spin = basic("transform.rotation.z", from: .number(0), to: .number(2 * .pi), duration: 4)
        let quarter = present([spin], at: 1).layer.transform
        let p = quarter.apply(to: Point(x: 1, y: 0))
        #expect(abs(p.x) < 1e-9 && abs(p.y - 1) < 1e-9)  // +x turned to +y: clockwise on screen
    }

    @Test("Whole transforms interpolate by decomposition: a half turn spins instead of shrinking")
    func transformInterpolation() {
        let a = basic("transform", from: .transform(.identity), to: .transform(.rotation(.pi * 0.999, 0, 0, 1)))
        let mid = present([a], at: 0.5).layer.transform
        // Half way is a quarter turn of unit scale, not a matrix shrunk toward zero.
        #expect(abs(Vector3(mid.m11, mid.m12, 0).length - 1) < 1e-6)
        #expect(abs(atan2(mid.m12, mid.m11) - .pi * 0.999 / 2) < 1e-6)
    }

    @Test("backgroundColor interpolates per component")
    func colour() {
        let a = basic("backgroundColor", from: .color(.black), to: .color(Color(red: 1, green: 0.5, blue: 0)))
        #expect(present([a], at: 0.5).layer.backgroundColor == Color(red: 0.5, green: 0.25, blue: 0, alpha: 1))
    }
}

@Suite("Keyframe animations and groups (core-animation.md §4.3, §4.4)")
struct KeyframeTests {
    func keyframe(_ keyPath: String, duration: Double = 1, _ configure: (inout Animation.Keyframes) -> Void) -> Animation {
        var k = Animation.Keyframes()
        configure(&k)
        let (target, _) = try! PropertyAddress.resolve(keyPath, on: .layer)
        var a = Animation(kind: .keyframe(k), keyPath: keyPath, target: target)
        a.timing.duration = duration
        return a
    }

    @Test("linear: values at their key times, straight between (Pulsator's opacity keyframes)")
    func linear() {
        let a = keyframe("opacity", duration: 5) {
            $0.values = [.number(0.8), .number(0.4), .number(0)]
            $0.keyTimes = [0, 0.2, 1]
        }
        #expect(abs(present([a], at: 1).layer.opacity - 0.4) < 1e-9)
        #expect(abs(present([a], at: 0.5).layer.opacity - 0.6) < 1e-9)
        #expect(abs(present([a], at: 3).layer.opacity - 0.2) < 1e-9)
    }

    @Test("discrete: each value held until the next key time; evenly without key times")
    func discrete() {
        let a = keyframe("position.x", duration: 4) {
            $0.values = [.number(1), .number(2), .number(3), .number(4)]
            $0.calculationMode = .discrete
        }
        #expect([0.5, 1.5, 2.5, 3.5].map { present([a], at: $0).layer.position.x } == [1, 2, 3, 4])
        let b = keyframe("position.x", duration: 4) {
            $0.values = [.number(1), .number(2)]
            $0.calculationMode = .discrete
            $0.keyTimes = [0, 0.75, 1]
        }
        #expect(present([b], at: 2.9).layer.position.x == 1 && present([b], at: 3.1).layer.position.x == 2)
    }

    @Test("paced: constant speed over the whole animation")
    func paced() {
        // Distances 100 then 300: the first value change takes a quarter of the time.
        let a = keyframe("position", duration: 4) {
            $0.values = [.vector([0, 0]), .vector([100, 0]), .vector([100, 300])]
            $0.calculationMode = .paced
        }
        #expect(present([a], at: 1).layer.position == Point(x: 100, y: 0))
        #expect(present([a], at: 2.5).layer.position == Point(x: 100, y: 150))
    }

    @Test("cubic: a smooth curve through every value")
    func cubic() {
        let a = keyframe("position.y", duration: 3) {
            $0.values = [.number(0), .number(10), .number(0), .number(10)]
            $0.calculationMode = .cubic
        }
        #expect(abs(present([a], at: 1).layer.position.y - 10) < 1e-9)
        #expect(abs(present([a], at: 2).layer.position.y) < 1e-9)
        // Catmull–Rom overshoots between the peaks where straight lines would not.
        #expect(present([a], at: 1.5).layer.position.y < 5)
    }

    @Test("A closed circular path: equal time per quarter, radius kept, rotationMode auto follows the tangent")
    func circularPath() {
        var path = BezierPath()
        path.arc(center: Point(x: 200, y: 200), radius: 150, startAngle: 0, endAngle: 2 * .pi, clockwise: true)
        let a = keyframe("position", duration: 10) {
            $0.path = path
            $0.rotationMode = .auto
        }
        for t in stride(from: 0.0, to: 10, by: 0.5) {
            let p = present([a], at: t).layer.position
            let r = ((p.x - 200) * (p.x - 200) + (p.y - 200) * (p.y - 200)).squareRoot()
            #expect(abs(r - 150) < 0.05, "radius \(r) at \(t) s")
        }
        // Clockwise on screen from (350, 200): a quarter of the way it is below the centre.
        let quarter = present([a], at: 2.5)
        #expect(abs(quarter.layer.position.x - 200) < 1e-6 && abs(quarter.layer.position.y - 350) < 1e-6)
        // There the tangent points to −x: the layer is turned by π.
        let m = quarter.layer.transform
        #expect(abs(atan2(m.m12, m.m11) - .pi) < 1e-6 || abs(atan2(m.m12, m.m11) + .pi) < 1e-6)
    }

    @Test("A path of lines: linear mode gives each segment equal time; paced mode constant speed")
    func linePath() throws {
        let path = try BezierPath(svg: "M 0 0 L 100 0 L 100 300")
        let linear = keyframe("position", duration: 2) { $0.path = path }
        #expect(present([linear], at: 1).layer.position == Point(x: 100, y: 0))
        #expect(present([linear], at: 1.5).layer.position == Point(x: 100, y: 150))
        let paced = keyframe("position", duration: 4) {
            $0.path = path
            $0.calculationMode = .paced
        }
        let p = present([paced], at: 1).layer.position
        #expect(abs(p.x - 100) < 0.01 && abs(p.y) < 0.01)
    }

    @Test("SVG arcs and curves land where the path says")
    func svg() throws {
        let path = try BezierPath(svg: "M10,10 h 20 v 20 A 10 10 0 0 1 30 50 Q 40 60 50 50 C 60 40 70 40 80 50 z")
        #expect(path.vertices.first == Point(x: 10, y: 10))
        let ends = path.vertices
        #expect(ends[1] == Point(x: 30, y: 10) && ends[2] == Point(x: 30, y: 30))
        #expect(ends.contains { abs($0.x - 30) < 1e-9 && abs($0.y - 50) < 1e-9 })
        #expect(ends.last == Point(x: 10, y: 10))
        #expect(throws: PathSyntaxError.self) { try BezierPath(svg: "10 10 L 5") }
    }

    @Test("A group's children run in its time; a child without duration takes the group's")
    func group() {
        let scale = basic("transform.scale", from: .number(0), to: .number(1), duration: 0)
        let fade = basic("opacity", from: .number(1), to: .number(0), duration: 1)
        var g = Animation(kind: .group([scale, fade]))
        g.timing.duration = 4
        g.timing.repeatCount = .infinity
        let state = present([g], at: 2)
        #expect(abs(TransformComponentReader.scaleX(state.layer.transform) - 0.5) < 1e-9)  // child lasts the group's 4 s
        #expect(state.layer.opacity == 1)  // the 1-s child has ended; the model shows
        #expect(abs(TransformComponentReader.scaleX(present([g], at: 5).layer.transform) - 0.25) < 1e-9)  // repeats with the group
    }
}

/// Reads components back from a matrix for tests.
enum TransformComponentReader {
    static func rotationZ(_ m: Transform3D) -> Double { atan2(m.m12, m.m11) }
    static func scaleX(_ m: Transform3D) -> Double { Vector3(m.m11, m.m12, m.m13).length }
}
