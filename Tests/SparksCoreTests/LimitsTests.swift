import Foundation
import SparksCore
import Testing

@Suite("Budgets: clear errors instead of running out of memory")
struct LimitsTests {
    @Test("An emitter that would keep more particles alive than the budget is refused at load, with its path")
    func particleBudget() throws {
        let fixture = try PresetFixture()
        // 1,000,000/s × 3 s = 3,000,000 live particles > 2,000,000.
        let d = fixture.diagnostics(
            """
            {"layers": [{"type": "emitter", "name": "storm", "emitterCells": [{"birthRate": 1000000, "lifetime": 3}]}]}
            """)
        #expect(d.count == 1)
        #expect(d[0].path == "layers[0].emitterCells")
        #expect(d[0].location != nil)
        #expect(d[0].message.contains("about 3000000 particles") && d[0].message.contains("lower birthRate or lifetime"))
        // The budget is a value; the core names no command-line option (a game has none).
        #expect(d[0].exceeded == BudgetExceeded(.particles, estimate: 3_000_000, allowed: 2_000_000))
        #expect(!d[0].message.contains("--"))
    }

    @Test("Sub-cells count: 1000 rockets/s living 1 s, each emitting 1000 sparks/s that live 2 s")
    func subcellBudget() throws {
        // Rockets 1000 × 1 = 1000 alive; sparks (1000 × 1000 × 1 s)/s × 2 s = 2,000,000: 2,001,000 in all.
        let d = try PresetFixture().diagnostics(
            """
            {"layers": [{"type": "emitter", "emitterCells": [{"birthRate": 1000, "lifetime": 1,
              "emitterCells": [{"birthRate": 1000, "lifetime": 2}]}]}]}
            """)
        #expect(d.first?.message.contains("about 2001000 particles") == true, "\(d)")
    }

    @Test("The estimate is rate × longest lifetime, with sub-cells active only in their window")
    func estimate() {
        var e = EmitterProperties()
        e.emitterCells = [
            cell("rocket") {
                $0.birthRate = 2
                $0.lifetime = 1.6
                $0.emitterCells = [
                    cell("burst") {
                        $0.birthRate = 1000
                        $0.lifetime = 1
                        $0.timing.beginTime = 1.5
                        $0.timing.duration = 0.1
                    }
                ]
            }
        ]
        // Rockets: 2 × 1.6 = 3.2; bursts: 2/s × 1000/s × 0.1 s = 200 births/s × 1 s = 200.
        #expect(abs(e.estimatedLiveParticles - 203.2) < 1e-9)
    }

    @Test(
        "A cell that emits for less than a life counts rate × its window: 100,000/s for 0.01 s living 1000 s is 1,000 particles, and loads")
    func shortEmission() throws {
        var e = EmitterProperties()
        e.emitterCells = [
            cell("burst") {
                $0.birthRate = 100_000
                $0.lifetime = 1000
                $0.timing.duration = 0.01
            }
        ]
        #expect(abs(e.estimatedLiveParticles - 1000) < 1e-6)
        // A burst that repeats forever emits all the time: rate × life again.
        e.emitterCells[0].timing.repeatCount = .infinity
        #expect(e.estimatedLiveParticles > 1e7)
        // The preset (running from the start, so prewarmed over a whole 1000-s life) is accepted
        // with the default budgets, and what runs is the 1,000 particles the estimate says.
        let description = try PresetFixture().decode(
            """
            {"startup": "running", "layers": [{"type": "emitter", "name": "e", "emitterCells": [
              {"contents": "fire.png", "birthRate": 100000, "lifetime": 1000, "duration": 0.01}]}]}
            """
        ).get()
        let scene = Scene(description)
        scene.run(until: 1)
        #expect(scene.liveParticleCount == 1000)
    }

    @Test(
        "Drawing cost is never a reason to refuse: a preset whose particles may cover billions of pixels loads with a note naming the cell")
    func coveredPixelsOnlyWarn() throws {
        // 25,000 particles of 6,400 points on an 800 × 600 canvas.
        let description = try PresetFixture().decode(
            """
            {"canvas": {"width": 800, "height": 600}, "layers": [{"type": "emitter", "emitterCells": [
              {"contents": "fire.png", "birthRate": 5000, "lifetime": 5, "scale": 100}]}]}
            """
        ).get()
        #expect(
            description.notes.contains { $0.contains("layers[0].emitterCells[0]") && $0.contains("may cover up to") },
            "\(description.notes)")
    }

    @Test("The covered-pixel estimate counts particles only while they can be seen: faded out, or carried off the canvas")
    func coveredPixelEstimate() throws {
        func cost(_ cellKeys: String) throws -> PresetCost {
            let description = try PresetFixture().decode(
                """
                {"canvas": {"width": 300, "height": 400}, "layers": [{"type": "emitter", "emitterCells": [
                  {"contents": "fire.png", "birthRate": 100, "lifetime": 50, \(cellKeys)}]}]}
                """
            ).get()
            return PresetCost.estimate(description)
        }
        // fire.png is 64 points: at scale 0.5, 32² points, 100 × 50 of them.
        let still = try cost(#""scale": 0.5"#)
        #expect(abs(still.coveredPixels - 5000 * 32 * 32) < 1)
        // alphaSpeed −0.5 from alpha 1: seen for 2 s of the 50.
        let fading = try cost(#""scale": 0.5, "alphaSpeed": -0.5"#)
        #expect(abs(fading.coveredPixels - 200 * 32 * 32) < 1)
        // 500 points a second without acceleration: gone once past the canvas's 500-point
        // diagonal and its own 32 points, after 1.064 s.
        let moving = try cost(#""scale": 0.5, "velocity": 500"#)
        #expect(abs(moving.coveredPixels - 106.4 * 32 * 32) < 1)
        // Accelerated: a·t²/2 − v·t covers that reach at t = (v + √(v² + 2·a·reach)) / a.
        let falling = try cost(#""scale": 0.5, "velocity": 30, "yAcceleration": 200"#)
        let t = (30 + Double(900 + 2 * 200 * 532).squareRoot()) / 200
        #expect(abs(falling.coveredPixels - 100 * t * 32 * 32) < 1)
    }

    @Test("Nested replicators drawing more layer copies than the limit are refused")
    func drawnInstances() throws {
        let d = try PresetFixture().diagnostics(
            """
            {"layers": [{"type": "replicator", "instanceCount": 1000, "sublayers": [
              {"type": "replicator", "instanceCount": 1000, "sublayers": [{"backgroundColor": "red"}]}]}]}
            """)
        #expect(d.count == 1)
        #expect(d[0].path == "layers[0].sublayers[0].instanceCount")
        #expect(d[0].message.contains("1000000 layer copies"))
    }

    @Test("maxParticles raises or lowers the budget")
    func customLimit() throws {
        let fixture = try PresetFixture()
        let url = fixture.presets.appendingPathComponent("big.json")
        try #"{"layers": [{"type": "emitter", "emitterCells": [{"birthRate": 1000, "lifetime": 3}]}]}"#.write(
            to: url, atomically: true, encoding: .utf8)
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
