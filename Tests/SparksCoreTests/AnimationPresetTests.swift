import Foundation
import SparksCore
import Testing

@Suite("Animations and replicators in presets")
struct AnimationPresetTests {
    func layerPreset(_ layer: String) -> String { "{\"layers\": [\(layer)]}" }

    @Test("A misspelt key path suggests the nearest animatable property")
    func badKeyPath() throws {
        let d = try PresetFixture().diagnostics(layerPreset(#"{"animations": [{"type": "basic", "keyPath": "opacty", "toValue": 0}]}"#))
        #expect(d.count == 1)
        #expect(d[0].path == "layers[0].animations[0].keyPath")
        #expect(d[0].suggestion == "opacity")
        let t = try PresetFixture().diagnostics(
            layerPreset(#"{"animations": [{"type": "basic", "keyPath": "transform.scale.q", "toValue": 0}]}"#))
        #expect(t.first?.message.contains("unknown transform component") == true)
    }

    @Test("Values are checked against the property the key path names")
    func valueKinds() throws {
        let d = try PresetFixture().diagnostics(
            layerPreset(#"{"animations": [{"type": "basic", "keyPath": "position", "fromValue": 3, "toValue": [1, 2]}]}"#))
        #expect(d.map(\.path) == ["layers[0].animations[0].fromValue"])
        #expect(d[0].message.contains("[x, y]"))
    }

    @Test("keyTimes must match the values; a path needs a point property; timing function names are checked")
    func keyframeChecks() throws {
        let fixture = try PresetFixture()
        let a = fixture.diagnostics(
            layerPreset(#"{"animations": [{"type": "keyframe", "keyPath": "opacity", "values": [0, 1, 0], "keyTimes": [0, 1]}]}"#))
        #expect(a.first?.message.contains("3 key times") == true)
        let b = fixture.diagnostics(layerPreset(#"{"animations": [{"type": "keyframe", "keyPath": "opacity", "path": "M 0 0 L 1 1"}]}"#))
        #expect(b.first?.message.contains("point property") == true)
        let c = fixture.diagnostics(
            layerPreset(#"{"animations": [{"type": "basic", "keyPath": "opacity", "toValue": 0, "timingFunction": "easeout"}]}"#))
        #expect(c.first?.suggestion == "easeOut")
        let e = fixture.diagnostics(layerPreset(#"{"animations": [{"type": "keyframe", "keyPath": "position", "path": "M 0 0 Q 1"}]}"#))
        #expect(e.first?.message.contains("SVG path data") == true)
    }

    @Test("Replicator keys belong to replicator layers; emitterCells key paths to emitters")
    func layerKinds() throws {
        let fixture = try PresetFixture()
        let a = fixture.diagnostics(layerPreset(#"{"instanceCount": 3}"#))
        #expect(a.first?.message.contains("add \"type\": \"replicator\"") == true)
        let b = fixture.diagnostics(layerPreset(#"{"type": "replicator", "instanceCount": 20000}"#))
        #expect(b.first?.message.contains("at most 10000") == true)
        let c = fixture.diagnostics(
            layerPreset(#"{"animations": [{"type": "basic", "keyPath": "emitterCells.a.birthRate", "toValue": 0}]}"#))
        #expect(c.first?.message.contains("belongs to emitter layers") == true)
    }

    @Test("A cell's birthRate animated by key path drives emission: 150 → 0 over 5 s emits about 375 (core-animation.md §6.11)")
    func animatedBirthRate() throws {
        let scene = Scene(
            try PresetFixture().decode(
                """
                {"layers": [{"type": "emitter", "name": "e",
                  "emitterCells": [{"name": "heart", "birthRate": 0, "lifetime": 100}],
                  "animations": [{"type": "basic", "keyPath": "emitterCells.heart.birthRate", "fromValue": 150, "toValue": 0, "duration": 5}]}]}
                """
            ).get())
        scene.run(until: 6)
        // ∫ 150·(1 − t/5) dt over 5 s = 375; the model value 0 applies after the end.
        #expect(abs(scene.liveParticleCount - 375) <= 3, "\(scene.liveParticleCount)")
    }

    @Test("Every shipped preset decodes, runs five seconds and draws something")
    func shippedPresets() throws {
        let folder = repositoryRoot.appendingPathComponent("presets")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter {
            $0.hasSuffix(".json") && $0 != "sparks.schema.json"
        }
        #expect(names.count >= 8)
        for name in names {
            let description = try PresetDecoder.load(
                contentsOf: folder.appendingPathComponent(name), assetDirectories: [repositoryRoot.appendingPathComponent("assets")]
            ).get()
            let scene = Scene(description)
            scene.run(until: 5)
            var list = RenderList()
            scene.buildRenderList(into: &list)
            #expect(!list.quads.isEmpty, "\(name) draws nothing at 5 s")
        }
    }
}
