import Foundation
import SparksCore
import Testing

@Suite("Budgets: clear errors instead of running out of memory")
struct LimitsTests {
    @Test("An emitter that would keep more particles alive than the budget is refused at load, with its path")
    func particleBudget() throws {
        let fixture = try PresetFixture()
        // 1,000,000/s × 3 s = 3,000,000 live particles > 2,000,000.
        let d = fixture.diagnostics("""
            {"layers": [{"type": "emitter", "name": "storm", "emitterCells": [{"birthRate": 1000000, "lifetime": 3}]}]}
            """)
        #expect(d.count == 1)
        #expect(d[0].path == "layers[0].emitterCells")
        #expect(d[0].location != nil)
        #expect(d[0].message.contains("about 3000000 particles") && d[0].message.contains("--max-particles"))
    }

    @Test("Sub-cells count: 1000 rockets/s living 1 s, each emitting 1000 sparks/s that live 2 s")
    func subcellBudget() throws {
        // Rockets 1000 × 1 = 1000 alive; sparks (1000 × 1000 × 1 s)/s × 2 s = 2,000,000: 2,001,000 in all.
        let d = try PresetFixture().diagnostics("""
            {"layers": [{"type": "emitter", "emitterCells": [{"birthRate": 1000, "lifetime": 1,
              "emitterCells": [{"birthRate": 1000, "lifetime": 2}]}]}]}
            """)
        #expect(d.first?.message.contains("about 2001000 particles") == true, "\(d)")
    }

    @Test("The estimate is rate × longest lifetime, with sub-cells active only in their window")
    func estimate() {
        var e = EmitterProperties()
        e.emitterCells = [cell("rocket") {
            $0.birthRate = 2; $0.lifetime = 1.6
            $0.emitterCells = [cell("burst") { $0.birthRate = 1000; $0.lifetime = 1; $0.timing.beginTime = 1.5; $0.timing.duration = 0.1 }]
        }]
        // Rockets: 2 × 1.6 = 3.2; bursts: 2/s × 1000/s × 0.1 s = 200 births/s × 1 s = 200.
        #expect(abs(e.estimatedLiveParticles - 203.2) < 1e-9)
    }

    @Test("Nested replicators drawing more layer copies than the limit are refused")
    func drawnInstances() throws {
        let d = try PresetFixture().diagnostics("""
            {"layers": [{"type": "replicator", "instanceCount": 1000, "sublayers": [
              {"type": "replicator", "instanceCount": 1000, "sublayers": [{"backgroundColor": "red"}]}]}]}
            """)
        #expect(d.count == 1)
        #expect(d[0].path == "layers[0].sublayers[0].instanceCount")
        #expect(d[0].message.contains("1000000 layer copies"))
    }

    @Test("--max-particles raises or lowers the budget")
    func customLimit() throws {
        let fixture = try PresetFixture()
        let url = fixture.presets.appendingPathComponent("big.json")
        try #"{"layers": [{"type": "emitter", "emitterCells": [{"birthRate": 1000, "lifetime": 3}]}]}"#.write(to: url, atomically: true, encoding: .utf8)
        #expect((try? PresetDecoder.load(contentsOf: url, assetDirectories: [], limits: PresetLimits(maxParticles: 2_999)).get()) == nil)
        #expect((try? PresetDecoder.load(contentsOf: url, assetDirectories: [], limits: PresetLimits(maxParticles: 3_001)).get()) != nil)
    }

    @Test("A missing bracket is reported where the parser noticed it")
    func missingBracket() throws {
        let d = try PresetFixture().diagnostics("{\n  \"layers\": [\n    {\"type\": \"emitter\"}\n}\n")
        #expect(d.count == 1)
        #expect(d[0].description == "test.json:4:1: unexpected '}'; expected ',' or ']' in an array")
    }
}
