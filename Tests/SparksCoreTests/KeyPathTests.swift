import SparksCore
import Testing

@Suite("setValue(_:forKeyPath:) on layers and cells (core-animation.md §6.11)")
struct KeyPathTests {
    func fireworks() -> (Scene, EmitterLayer) {
        emitterScene { e in
            e.emitterCells = [
                cell("rocket") {
                    $0.birthRate = 1
                    $0.emitterCells = [cell("burst") { $0.emitterCells = [cell("spark") { $0.birthRate = 100 }] }]
                }
            ]
        }
    }

    @Test("emitterCells.NAME.PROPERTY reaches cells at any depth")
    func nestedCells() throws {
        let (scene, emitter) = fireworks()
        try scene.setValue(.number(5000), forKeyPath: "emitter.emitterCells.rocket.emitterCells.burst.emitterCells.spark.birthRate")
        #expect(emitter.emitterCells[0].emitterCells[0].emitterCells[0].birthRate == 5000)
        try emitter.setValue(.color(.black), forKeyPath: "emitterCells.rocket.color")
        #expect(emitter.emitterCells[0].color == .black)
        #expect(try scene.value(forKeyPath: "emitter.emitterCells.rocket.birthRate") == .number(1))
    }

    @Test("Layer and emitter properties, with struct components such as position.x")
    func layerProperties() throws {
        let (scene, emitter) = fireworks()
        try scene.setValue(.number(42), forKeyPath: "emitter.position.x")
        try scene.setValue(.vector([10, 20]), forKeyPath: "emitter.emitterPosition")
        try scene.setValue(.number(7), forKeyPath: "emitter.emitterSize.height")
        try scene.setValue(.string("circle"), forKeyPath: "emitter.emitterShape")
        #expect(emitter.position == Point(x: 42, y: 0))
        #expect(emitter.emitterPosition == Point(x: 10, y: 20))
        #expect(emitter.emitterSize == Size(width: 0, height: 7))
        #expect(emitter.emitterShape == .circle)
    }

    @Test("Misspelt names fail with the nearest valid one")
    func suggestions() {
        let (scene, _) = fireworks()
        #expect {
            try scene.setValue(.number(1), forKeyPath: "emitter.emitterCells.rockt.birthRate")
        } throws: { error in
            let e = error as! KeyPathError
            return e.suggestion == "rocket" && e.reason.contains("no cell named \"rockt\"")
        }
        #expect {
            try scene.setValue(.number(1), forKeyPath: "emitter.emitterCells.rocket.birthrate")
        } throws: { error in (error as! KeyPathError).suggestion == "birthRate" }
        #expect {
            try scene.setValue(.number(1), forKeyPath: "emiter.birthRate")
        } throws: { error in (error as! KeyPathError).suggestion == "emitter" }
    }

    @Test("Values are validated: a negative lifetime or an unknown shape is refused")
    func validation() {
        let (scene, emitter) = fireworks()
        #expect(throws: KeyPathError.self) { try scene.setValue(.number(-1), forKeyPath: "emitter.emitterCells.rocket.lifetime") }
        #expect(throws: KeyPathError.self) { try scene.setValue(.string("hexagon"), forKeyPath: "emitter.emitterShape") }
        #expect(throws: KeyPathError.self) { try scene.setValue(.number(.nan), forKeyPath: "emitter.birthRate") }
        #expect(emitter.emitterCells[0].lifetime == 0)
    }
}

@Suite("The key paths an animation can animate")
struct AnimatableKeyPathTests {
    @Test("Every listed key path resolves through the key-path system to the kind listed, for every kind of layer")
    func everyEntryResolves() throws {
        for kind in LayerKind.allCases {
            let entries = AnimatableKeyPaths.list(
                on: kind, cells: [["rocket"], ["rocket", "spark"]], behaviors: [("pull", .attractor), ("fade", .colorOverLife)])
            #expect(entries.count > 10, "\(kind)")
            #expect(Set(entries.map(\.keyPath)).count == entries.count, "\(kind): each once")
            for entry in entries {
                let (_, resolved) = try PropertyAddress.resolve(entry.keyPath, on: kind)
                #expect(resolved == entry.kind, "\(kind) \(entry.keyPath)")
            }
        }
    }

    @Test("An emitter lists its cells' keys at every depth and only the keys each behaviour's type reads; other layers neither")
    func cellsAndBehaviours() {
        let emitter = Set(
            AnimatableKeyPaths.list(on: .emitter, cells: [["fire"], ["fire", "smoke"]], behaviors: [("pull", .attractor)]).map(\.keyPath))
        for keyPath in [
            "opacity", "position", "position.x", "transform.rotation.z", "birthRate", "emitterPosition", "emitterCells.fire.birthRate",
            "emitterCells.fire.color", "emitterCells.fire.emitterCells.smoke.velocity", "emitterBehaviors.pull.stiffness",
            "emitterBehaviors.pull.position",
        ] {
            #expect(emitter.contains(keyPath), "\(keyPath)")
        }
        for keyPath in ["emitterBehaviors.pull.drag", "emitterCells.fire.contents", "emitterCells.fire.name", "emitterShape", "contents"] {
            #expect(!emitter.contains(keyPath), "\(keyPath)")
        }
        let plain = Set(AnimatableKeyPaths.list(on: .layer, cells: [["fire"]], behaviors: [("pull", .attractor)]).map(\.keyPath))
        #expect(!plain.contains { $0.hasPrefix("emitterCells") || $0.hasPrefix("emitterBehaviors") || $0 == "birthRate" })
    }
}
