import Foundation
import SparksCore
import Testing

/// A preset of one emitter layer "L" at the origin with one cell "c" (`cell` JSON members) and
/// `behaviors` (JSON list), starting empty.
private func behaviorScene(cell: String, behaviors: String, extra: String = "") throws -> (Scene, EmitterLayer) {
    let json = """
        { "startup": "empty", "layers": [{ "type": "emitter", "name": "L", \(extra)
          "emitterCells": [{ "name": "c", "contents": "spark.png", \(cell) }],
          "emitterBehaviors": \(behaviors) }] }
        """
    let decoder = PresetDecoder(fileName: "b.json", resolver: ResourceResolver(roots: [repositoryRoot.appendingPathComponent("assets")]))
    let scene = Scene(try decoder.decode(Array(json.utf8), defaultName: "b").get())
    return (scene, scene.emitterLayers[0])
}

/// The decoding problems of a preset whose emitter has `behaviors`.
private func problems(_ behaviors: String) -> [PresetDiagnostic] {
    let json = #"{ "layers": [{ "type": "emitter", "emitterBehaviors": \#(behaviors) }] }"#
    guard
        case .failure(let error) = PresetDecoder(fileName: "b.json", resolver: ResourceResolver(roots: [])).decode(
            Array(json.utf8), defaultName: "b")
    else { return [] }
    return error.diagnostics
}

@Suite("Emitter behaviours (CAEmitterBehavior, core-animation.md §6.13)")
struct BehaviorTests {
    @Test("drag: velocity decays by e^(−drag · t), whatever the step")
    func drag() throws {
        let (scene, emitter) = try behaviorScene(
            cell: #""birthRate": 0, "lifetime": 10, "velocity": 100"#, behaviors: #"[{ "type": "drag", "drag": 2 }]"#)
        try scene.burst("L.c", count: 1)
        scene.step()
        let v0 = Double(emitter.storage().values(.velocityX)[0])
        scene.step(count: 60)
        let v1 = Double(emitter.storage().values(.velocityX)[0])
        #expect(abs(v1 / v0 - exp(-2.0)) < 1e-4, "\(v1 / v0)")
    }

    @Test("colorOverLife: the colour at 25, 50 and 75 % of life lies between its stops, replacing the cell's colour")
    func colorOverLife() throws {
        let (scene, emitter) = try behaviorScene(
            cell: #""birthRate": 0, "lifetime": 4, "color": [0.2, 0.2, 0.2, 0.5]"#,
            behaviors: #"[{ "type": "colorOverLife", "colors": [[1, 0, 0, 1], [0, 1, 0, 1], [0, 0, 1, 0]], "locations": [0, 0.5, 1] }]"#)
        try scene.burst("L.c", count: 1)
        scene.step()
        for fraction in [0.25, 0.5, 0.75] {
            while Double(emitter.storage().values(.age)[0]) < 4 * fraction - 1e-6 { scene.step() }
            let storage = emitter.storage()
            let t = Double(storage.values(.age)[0]) / 4
            // The stops by hand: red → green over the first half, green → transparent blue after.
            let expected: (Double, Double, Double, Double) =
                t < 0.5 ? (1 - 2 * t, 2 * t, 0, 1) : (0, 2 - 2 * t, 2 * t - 1, 2 - 2 * t)
            #expect(abs(Double(storage.values(.red)[0]) - expected.0) < 1e-5)
            #expect(abs(Double(storage.values(.green)[0]) - expected.1) < 1e-5)
            #expect(abs(Double(storage.values(.blue)[0]) - expected.2) < 1e-5)
            #expect(abs(Double(storage.values(.alpha)[0]) - expected.3) < 1e-5)
        }
    }

    @Test("valueOverLife: scale runs through its values over the particle's life, evenly spaced without locations")
    func valueOverLife() throws {
        let (scene, emitter) = try behaviorScene(
            cell: #""birthRate": 0, "lifetime": 2, "scale": 5"#,
            behaviors: #"[{ "type": "valueOverLife", "keyPath": "scale", "values": [1, 3, 2] }]"#)
        try scene.burst("L.c", count: 1)
        scene.step(count: 31)
        let storage = emitter.storage()
        let t = Double(storage.values(.age)[0]) / 2
        let expected = t < 0.5 ? 1 + 4 * t : 3 - 2 * (t - 0.5)
        #expect(abs(Double(storage.values(.scale)[0]) - expected) < 1e-5, "t \(t)")
    }

    @Test("attractor: a radial spring pulls towards its point by stiffness × (distance − radius), not within the radius")
    func radialAttractor() throws {
        let behaviors = #"[{ "type": "attractor", "name": "pull", "position": [0, 0], "stiffness": 2, "radius": 10 }]"#
        let (scene, emitter) = try behaviorScene(
            cell: #""birthRate": 0, "lifetime": 10"#, behaviors: behaviors, extra: #""emitterPosition": [100, 0],"#)
        try scene.burst("L.c", count: 1)
        scene.step()
        scene.step()
        let vx = Double(emitter.storage().values(.velocityX)[0]), dt = 1.0 / 60
        // The first step's pull: −2 × (100 − 10) × dt, at a particle that has not yet moved.
        #expect(abs(vx - (-2 * 90 * dt)) < 0.05, "\(vx)")
        #expect(emitter.storage().values(.velocityY)[0] == 0)

        let (inside, insideEmitter) = try behaviorScene(
            cell: #""birthRate": 0, "lifetime": 10"#, behaviors: behaviors, extra: #""emitterPosition": [5, 0],"#)
        try inside.burst("L.c", count: 1)
        inside.step(count: 10)
        #expect(insideEmitter.storage().values(.velocityX)[0] == 0)
    }

    @Test("attractor geometry: axial pulls towards the line, planar towards the plane, falloff weakens the pull past its distance")
    func attractorGeometry() {
        var axial = EmitterBehavior(type: .attractor)
        axial.attractorType = .axial
        axial.stiffness = 1
        let xAxis = Vector3(1, 0, 0)
        let a = axial.attraction(offset: Vector3(50, 3, 4), axis: xAxis)
        #expect(a.x == 0 && abs(a.y + 3) < 1e-12 && abs(a.z + 4) < 1e-12)
        var planar = axial
        planar.attractorType = .planar
        let p = planar.attraction(offset: Vector3(50, 3, 4), axis: xAxis)
        #expect(abs(p.x + 50) < 1e-12 && p.y == 0 && p.z == 0)
        var weak = EmitterBehavior(type: .attractor)
        weak.stiffness = 1
        weak.falloff = 1
        weak.falloffDistance = 10
        let w = weak.attraction(offset: Vector3(20, 0, 0), axis: xAxis)
        #expect(abs(w.x + 20.0 / 11) < 1e-12)
        weak.falloff = -1  // real code writes negative falloffs: the magnitude counts
        #expect(weak.attraction(offset: Vector3(20, 0, 0), axis: xAxis) == w)
        #expect(axial.orientation == Vector3(1, 0, 0))
    }

    @Test("wave: the force swings from −force at whole turns to +force at half turns, smoothly")
    func wave() throws {
        #expect(EmitterBehavior.waveStrength(atPhase: 0) == -1)
        #expect(EmitterBehavior.waveStrength(atPhase: 0.5) == 1)
        #expect(abs(EmitterBehavior.waveStrength(atPhase: 0.25)) < 1e-12)
        #expect(EmitterBehavior.waveStrength(atPhase: 3.5) == 1)
        let (scene, emitter) = try behaviorScene(
            cell: #""birthRate": 0, "lifetime": 10"#, behaviors: #"[{ "type": "wave", "force": [0, 100, 0], "frequency": 0.5 }]"#)
        try scene.burst("L.c", count: 1)
        scene.step(count: 61)
        // Over the first second (a half turn) the force rises from −100 to +100 symmetrically:
        // the velocity gained is about 0.
        #expect(abs(emitter.storage().values(.velocityY)[0]) < 2)
    }

    @Test("alignToMotion: a particle's image turns so its y axis runs along its velocity, plus rotation turns")
    func alignToMotion() throws {
        for (offset, longitude) in [(0.0, 0.0), (0.25, 0.0), (0.0, 1.0), (0.5, -2.0)] {
            let (scene, _) = try behaviorScene(
                cell: #""birthRate": 0, "lifetime": 10, "velocity": 50, "emissionLongitude": \#(longitude), "spin": 3"#,
                behaviors: #"[{ "type": "alignToMotion", "rotation": \#(offset) }]"#)
            try scene.burst("L.c", count: 1)
            scene.step(count: 3)
            var list = RenderList()
            scene.buildRenderList(into: &list)
            let quad = try #require(list.quads.first)
            // The image's y axis after a turn θ is (−sin θ, cos θ): along (cos λ, sin λ) for velocity
            // at longitude λ, plus the offset.
            let expected = atan2(-cos(longitude), sin(longitude)) + offset * 2 * .pi
            let difference = remainder(Double(quad.rotation) - expected, 2 * .pi)
            #expect(abs(difference) < 1e-4, "offset \(offset), longitude \(longitude): \(quad.rotation) vs \(expected)")
        }
    }

    @Test("A disabled behaviour does nothing; enabling it by key path brings it back, as do --set and KVC")
    func keyPaths() throws {
        let (scene, emitter) = try behaviorScene(
            cell: #""birthRate": 0, "lifetime": 10, "velocity": 100"#,
            behaviors: #"[{ "type": "drag", "name": "slow", "drag": 5, "enabled": false }]"#)
        try scene.burst("L.c", count: 1)
        scene.step(count: 30)
        #expect(emitter.storage().values(.velocityX)[0] == 100)
        try scene.setValue(.bool(true), forKeyPath: "L.emitterBehaviors.slow.enabled")
        try scene.setValue(text: "1", forKeyPath: "L.emitterBehaviors.slow.drag", resolver: ResourceResolver(roots: []))
        scene.step(count: 60)
        #expect(abs(Double(emitter.storage().values(.velocityX)[0]) - 100 * exp(-1.0)) < 1e-3)
        #expect(try emitter.value(forKeyPath: "emitterBehaviors.slow.drag") == .number(1))
        #expect(throws: KeyPathError.self) { try scene.setValue(.number(1), forKeyPath: "L.emitterBehaviors.slwo.drag") }
        #expect(throws: KeyPathError.self) { try scene.setValue(.number(1), forKeyPath: "L.emitterBehaviors.slow.drga") }
    }

    @Test("An animation of emitterBehaviors.NAME.KEY drives the behaviour: stiffness 0 → 4 over 1 s")
    func animated() throws {
        let (scene, emitter) = try behaviorScene(
            cell: #""birthRate": 0, "lifetime": 10"#,
            behaviors: #"[{ "type": "attractor", "name": "pull", "stiffness": 0 }]"#,
            extra:
                #""emitterPosition": [100, 0], "animations": [{ "type": "basic", "keyPath": "emitterBehaviors.pull.stiffness", "fromValue": 0, "toValue": 4, "duration": 1, "fillMode": "forwards", "removedOnCompletion": false }],"#
        )
        try scene.burst("L.c", count: 1)
        scene.step(count: 2)
        let early = abs(Double(emitter.storage().values(.velocityX)[0]))
        scene.step(count: 58)
        let presented = emitter.presentationEmitter(atLocalTime: scene.time).emitterBehaviors[0].stiffness
        #expect(abs(presented - 4 * scene.time) < 0.1 || presented == 4)
        #expect(abs(Double(emitter.storage().values(.velocityX)[0])) > 10 * early)
    }

    @Test(
        "Mistakes are named: a key of another type, an unknown key, light (not supported, with the reason), stops and locations of different counts"
    )
    func mistakes() {
        #expect(problems(#"[{ "type": "drag", "force": [1, 0, 0] }]"#).first?.message.contains("not a key of a drag behaviour") == true)
        #expect(problems(#"[{ "type": "drag", "darg": 1 }]"#).first?.suggestion == "drag")
        #expect(problems(#"[{ "type": "light" }]"#).first?.message.contains("not supported") == true)
        #expect(problems(#"[{ "drag": 1 }]"#).first?.message.contains("needs a \"type\"") == true)
        #expect(
            problems(#"[{ "type": "colorOverLife", "colors": ["red", "blue"], "locations": [0, 0.5, 1] }]"#).first?.path.hasSuffix(
                "locations") == true)
        #expect(problems(#"[{ "type": "kCAEmitterBehaviorDrag", "drag": 1 }]"#).isEmpty)
    }

    @Test("Each behaviour's bulk update (eight particles a lane group, single precision) agrees with its formula in double precision")
    func kernelsAgreeWithTheFormulas() throws {
        var random = SeededRandom(seed: 2024)
        func pick<T>(_ options: [T]) -> T { options[Int(random.nextUInt32()) % options.count] }
        func stops() -> [Double]? {
            let count = pick([1, 2, 3, 5])
            switch pick([0, 1, 2, 3]) {
            case 0: return nil
            case 1: return (0..<(count + 1)).map { Double($0) / Double(count) }  // another count: evenly spaced
            case 2: return (0..<count).map { _ in Double(random.nextUnit()) }.sorted()
            default: return Array(repeating: 0.5, count: count)  // every stop at one place
            }
        }
        let dt = 1.0 / 60
        for trial in 0..<150 {
            var behavior: EmitterBehavior
            switch trial % 5 {
            case 0:
                behavior = EmitterBehavior(type: .drag)
                behavior.drag = pick([0.1, 2, 40])
            case 1:
                behavior = EmitterBehavior(type: .wave)
                behavior.force = [pick([0, 30, -300]), pick([0, 25, 1e4]), pick([0, 5])]
                behavior.frequency = pick([0, 1, 7.3, 60])
            case 2:
                behavior = EmitterBehavior(type: .attractor)
                behavior.attractorType = pick(EmitterBehavior.AttractorType.allCases)
                behavior.stiffness = pick([0.5, -2, 50])
                behavior.radius = pick([0, 30])
                behavior.falloff = pick([0, 0.05, -150])
                behavior.falloffDistance = pick([0, 40])
                behavior.position = Point(x: pick([0, 150, 400]), y: pick([0, 90]))
                behavior.orientationLatitude = pick([0, 0.7, .pi / 2])
                behavior.orientationLongitude = pick([0, 2])
            case 3:
                behavior = EmitterBehavior(type: .valueOverLife)
                behavior.keyPath = pick(EmitterBehavior.LifeProperty.allCases.filter { $0 != .rotation })
                let locations = stops()
                behavior.values = (0..<(locations?.count ?? pick([1, 2, 4]))).map { _ in Double(random.nextUnit()) * 4 - 1 }
                behavior.locations = locations
            default:
                behavior = EmitterBehavior(type: .colorOverLife)
                let locations = stops()
                behavior.colors = (0..<(locations?.count ?? pick([1, 3]))).map { _ in
                    Color(
                        red: Double(random.nextUnit()), green: Double(random.nextUnit()), blue: Double(random.nextUnit()),
                        alpha: Double(random.nextUnit()))
                }
                behavior.locations = locations
            }
            behavior.name = "b"
            behavior.isEnabled = false
            // Two scenes alike, the behaviour off; it is switched on in one of them for one step, so
            // that step's change is the behaviour's alone, applied to the other scene's state.
            func scene() -> (Scene, EmitterLayer) {
                emitterScene { e in
                    e.seed = UInt32(trial)
                    e.emitterShape = .rectangle
                    e.emitterSize = Size(width: 300, height: 200)
                    e.emitterPosition = Point(x: 150, y: 100)
                    e.emitterBehaviors = [behavior]
                    e.emitterCells = [
                        cell("c") {
                            $0.birthRate = 300
                            $0.lifetime = 1
                            $0.lifetimeRange = 2
                            $0.velocity = 100
                            $0.velocityRange = 200
                            $0.emissionRange = 2 * .pi
                            $0.emissionLatitude = 0.3
                            $0.yAcceleration = 40
                            $0.alphaSpeed = -0.3
                        }
                    ]
                }
            }
            let (plain, plainEmitter) = scene()
            let (changed, changedEmitter) = scene()
            plain.step(count: 80)
            changed.step(count: 80)
            try changed.setValue(.bool(true), forKeyPath: "emitter.emitterBehaviors.b.enabled")
            let births = plainEmitter.simulation.cellStates[0].birthCount
            plain.step()
            changed.step()
            let before = plainEmitter.storage(), after = changedEmitter.storage()
            #expect(before.count > 100 && before.count == after.count)
            // Particles born in the step come after the behaviours have acted: left out.
            let newborn = plainEmitter.simulation.cellStates[0].birthCount - births
            func column(_ c: ParticleStorage.Column, _ s: ParticleStorage) -> [Double] {
                Array(s.values(c).dropLast(newborn).map(Double.init))
            }
            let age = column(.age, before), life = column(.lifetime, before)
            let p = (column(.positionX, before), column(.positionY, before), column(.positionZ, before))
            let v = (column(.velocityX, before), column(.velocityY, before), column(.velocityZ, before))
            /// Single precision is about 1e-7 of the largest term added: `scale` (besides the result).
            func expectClose(_ got: [Double], _ expected: (Int) -> Double, _ what: String, scale: Double = 0) {
                for i in got.indices {
                    let e = expected(i)
                    #expect(
                        abs(got[i] - e) <= 2e-4 * max(1, abs(e), scale), "trial \(trial) \(what) [\(i)]: \(got[i]) against \(e)")
                }
            }
            let fraction = { (i: Int) in life[i] > 0 ? min(max(age[i] / life[i], 0), 1) : 1 }
            switch behavior.type {
            case .drag:
                let k = exp(-behavior.drag * dt)
                expectClose(column(.velocityX, after), { v.0[$0] * k }, "drag vx")
                expectClose(column(.velocityY, after), { v.1[$0] * k }, "drag vy")
            case .wave:
                let s = { (i: Int) in EmitterBehavior.waveStrength(atPhase: behavior.frequency * age[i]) * dt }
                let f = behavior.force
                expectClose(column(.velocityX, after), { v.0[$0] + f[0] * s($0) }, "wave vx", scale: abs(f[0] * dt))
                expectClose(column(.velocityY, after), { v.1[$0] + f[1] * s($0) }, "wave vy", scale: abs(f[1] * dt))
                expectClose(column(.velocityZ, after), { v.2[$0] + f[2] * s($0) }, "wave vz", scale: abs(f[2] * dt))
            case .attractor:
                let a = { (i: Int) in
                    behavior.attraction(
                        offset: Vector3(p.0[i] - behavior.position.x, p.1[i] - behavior.position.y, p.2[i] - behavior.zPosition),
                        axis: behavior.orientation)
                }
                expectClose(column(.velocityX, after), { v.0[$0] + a($0).x * dt }, "attractor vx")
                expectClose(column(.velocityY, after), { v.1[$0] + a($0).y * dt }, "attractor vy")
                expectClose(column(.velocityZ, after), { v.2[$0] + a($0).z * dt }, "attractor vz")
            case .valueOverLife:
                let target: ParticleStorage.Column =
                    switch behavior.keyPath {
                    case .positionX: .positionX
                    case .positionY: .positionY
                    case .positionZ: .positionZ
                    case .velocityX: .velocityX
                    case .velocityY: .velocityY
                    case .velocityZ: .velocityZ
                    case .spin: .spin
                    case .red: .red
                    case .green: .green
                    case .blue: .blue
                    case .alpha: .alpha
                    default: .scale
                    }
                let isColour = [.red, .green, .blue, .alpha].contains(target)
                expectClose(
                    column(target, after),
                    { i in
                        let value = EmitterBehavior.interpolate(behavior.values ?? [], locations: behavior.locations, at: fraction(i))
                        return isColour ? min(max(value, 0), 1) : value
                    }, "valueOverLife \(behavior.keyPath)")
            case .colorOverLife:
                let colour = { (i: Int) in EmitterBehavior.color(behavior.colors, locations: behavior.locations, at: fraction(i)) }
                expectClose(column(.red, after), { colour($0).red }, "red")
                expectClose(column(.green, after), { colour($0).green }, "green")
                expectClose(column(.blue, after), { colour($0).blue }, "blue")
                expectClose(column(.alpha, after), { colour($0).alpha }, "alpha")
            default: break
            }
        }
    }

    @Test("Behaviours survive writing a preset and reading it back; a scene without them draws as before")
    func roundTrip() throws {
        let json = """
            { "layers": [{ "type": "emitter", "name": "L", "emitterBehaviors": [
              { "type": "wave", "name": "w", "force": [0, 10, 0], "frequency": 2 },
              { "type": "colorOverLife", "colors": [[1, 0, 0, 1], [0, 0, 1, 0]], "locations": [0, 1] },
              { "type": "attractor", "attractorType": "axial", "stiffness": -3, "radius": 4, "orientationLongitude": 1 } ] }] }
            """
        let decoder = PresetDecoder(fileName: "b.json", resolver: ResourceResolver(roots: []))
        let scene = try decoder.decode(Array(json.utf8), defaultName: "b").get()
        let again = try decoder.decode(Array(PresetEncoder.encode(scene).utf8), defaultName: "b").get()
        #expect(again.layers[0].content.emitter?.emitterBehaviors == scene.layers[0].content.emitter?.emitterBehaviors)
        #expect(scene.layers[0].content.emitter?.emitterBehaviors.count == 3)
    }
}
