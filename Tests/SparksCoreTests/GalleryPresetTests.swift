import Foundation
import SparksCore
import Testing

@Suite("The preset gallery")
struct GalleryPresetTests {
    /// Live particles after 10 s, worked out from each preset's rates (rate × mean lifetime),
    /// with room for randomness and, for bursty effects, for where the burst cycle is.
    static let bands: [(String, ClosedRange<Int>)] = [
        ("fire", 490...510),  // 500/s × 1 s
        ("neon", 390...410),  // 100/s × 4 s
        ("fireworks", 300...2500),  // 1.5 rockets/s, each 300 sparks × ≈2.2 s, plus trails: ≈1,050 on average
        ("snow", 460...560),  // 30/s × 17 s
        ("smoke", 115...175),  // 24/s × 6 s
        ("confetti", 340...420),  // 6 colours × 7/s × 9 s = 378
        ("sparkle", 115...165),  // 70/s × 2 s
        ("rain", 220...360),  // 160/s × 0.74 s = 118 drops, plus ≈3 splashes each living 0.35 s: ≈170
        ("hearts", 200...420),  // a fresh 5-s burst: ≈ ∫ 150·(1 − t/5) over the last 4 s of lives
        ("comet", 500...620),  // 400/s × 1.4 s + 60/s × 0.12 s
        ("neon-ring", 125...165),  // 90/s × 1.6 s (one simulation, drawn six times)
        ("carousel", 12...34),  // 14/s × 1.6 s (one simulation, drawn on twelve cards)
        ("embers", 300...420),  // 60/s × 6 s
        ("bench-anchor", 9_800...10_200),  // 5000/s × 2 s
        ("magic-trail", 520...630),  // 260/s × 2.2 s
        ("swirl", 840...960),  // 300/s × 3 s
        ("flutter", 420...476),  // 4 × 16/s × 7 s
        ("celebrate", 340...380),  // 5 × 9/s × 8 s = 360
        ("orbit", 0...0), ("equalizer", 0...0), ("volume", 0...0), ("spinner", 0...0), ("pulse", 0...0), ("loader", 0...0),
        ("emoji-ring", 0...0), ("shimmer", 0...0),
        // The recipes (docs/recipes.md).
        ("recipe-swirl", 720...780),  // 2 × 150/s × 2.5 s
        ("recipe-converge", 300...340),  // 160/s × 2 s
        ("recipe-fade-in", 145...175),  // 40/s × 4 s
        ("recipe-trails", 150...320),  // 3/s × 2.5 s = 7.5 heads, each trailing 60/s × 0.5 s = 30
        ("recipe-burst", 30...110),  // 1 s after a pop of 600/s × 0.1 s = 60 sparks living 1.2 ± 0.2 s
        ("recipe-ring", 0...0),
        ("recipe-turn", 170...190),  // 300/s × 0.6 s
        ("recipe-spring", 0...0),
    ]

    @Test("Every preset runs 10 simulated seconds with its live count inside the expected band")
    func liveCounts() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: repositoryRoot.appendingPathComponent("presets").path)
            .filter { $0.hasSuffix(".json") && $0 != "sparks.schema.json" }.map { String($0.dropLast(5)) }
        #expect(Set(names) == Set(Self.bands.map(\.0)), "every preset needs a band")
        for (name, band) in Self.bands {
            let description = try shippedPreset(name)
            #expect(description.summary?.isEmpty == false, "\(name) has no description")
            let scene = Scene(description)
            scene.run(until: 10)
            #expect(band.contains(scene.liveParticleCount), "\(name): \(scene.liveParticleCount) live, expected \(band)")
        }
    }

    @Test("Fireworks: one burst per rocket and 3000/s × 0.1 s = 300 sparks per burst")
    func fireworksRates() throws {
        // Counted from an empty start: the first rockets launch at time 0.
        var fireworks = try shippedPreset("fireworks")
        fireworks.startup = .empty
        let scene = Scene(fireworks)
        scene.run(until: 20)
        let rocket = scene.emitterLayers[0].simulation.cellStates[0]
        let burst = rocket.children[1], spark = burst.children[0]
        // 1.5 rockets/s for 20 s ≈ 30; every rocket that lived its 1.02 s burst once.
        #expect(abs(rocket.birthCount - 30) <= 1)
        let finished = rocket.birthCount - rocket.storage.count
        #expect(
            burst.birthCount == finished || burst.birthCount == finished + 1, "\(burst.birthCount) bursts for \(finished) finished rockets")
        let live = burst.storage.count  // a burst still emitting has not given all its sparks yet
        let perBurst = Double(spark.birthCount) / (Double(burst.birthCount) - Double(live) * 0.5)
        #expect(abs(perBurst - 300) < 6, "\(perBurst) sparks per burst")
    }

    @Test("Fireworks: sparks carry their rocket's colour")
    func fireworksColours() throws {
        var description = try shippedPreset("fireworks")
        description.startup = .empty
        description.layers[0].content.emitter!.emitterCells[0].birthRate = 0.4  // one rocket at a time
        let scene = Scene(description)
        let rocket = scene.emitterLayers[0].simulation.cellStates[0]
        // Step until the first rocket has burst, noting its colour on the way.
        var colour: (Float, Float, Float)?
        while scene.time < 10 {
            scene.step()
            if rocket.storage.count == 1 {
                colour = (rocket.storage.values(.red)[0], rocket.storage.values(.green)[0], rocket.storage.values(.blue)[0])
            }
            if rocket.children[1].children[0].storage.count >= 290 { break }
        }
        let c = try #require(colour)
        let sparks = rocket.children[1].children[0].storage
        #expect(sparks.count >= 290)
        // Spark colour = white × burst (white × rocket): the rocket's red, green and blue.
        for (r, (g, b)) in zip(sparks.values(.red), zip(sparks.values(.green), sparks.values(.blue))) {
            #expect(r == c.0 && g == c.1 && b == c.2)
        }
        #expect(Set(sparks.values(.alpha)).count > 1)  // and fade
    }

    @Test("Hearts: birthRate animated 150 → 0 over 5 s emits ∫ = 375 hearts")
    func heartsIntegral() throws {
        let scene = Scene(try shippedPreset("hearts"))
        scene.run(until: 4.99)
        let heart = scene.emitterLayers[0].simulation.cellStates[0]
        #expect(abs(heart.birthCount - 375) <= 3, "\(heart.birthCount) hearts")
    }

    @Test("Comet: moving the emitter does not drag live particles")
    func cometTrail() throws {
        var description = try shippedPreset("comet")
        description.layers[1].content.emitter!.emitterCells[0].velocity = 0  // still sparks show it plainly
        description.layers[1].content.emitter!.emitterCells[0].velocityRange = 0
        let scene = Scene(description)
        scene.run(until: 2)
        let tail = scene.emitterLayers[0].simulation.cellStates[0].storage
        let x = tail.values(.positionX), y = tail.values(.positionY), ages = tail.values(.age)
        let oldest = ages.enumerated().filter { $0.element > 0.5 }.map(\.offset)
        #expect(oldest.count > 50)
        scene.run(until: 2.5)  // the emitter moves ≈ 110 pt meanwhile
        let x2 = tail.values(.positionX), y2 = tail.values(.positionY)
        let born = Set(zip(x, y).map { "\($0),\($1)" })
        let survivors = zip(x2, y2).map { "\($0),\($1)" }.filter { born.contains($0) }
        #expect(survivors.count > oldest.count / 2, "the sparks born before moved with the emitter")
        // The emitter did move: the newest sparks are far from the first ones.
        let spread = (x2.max()! - x2.min()!) + (y2.max()! - y2.min()!)
        #expect(spread > 100)
    }
}
