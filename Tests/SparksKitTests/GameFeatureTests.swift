import Foundation
import SparksCore
import SparksKit
import Testing

/// A preset of one particle-less emitter at the canvas origin (its layer has no bounds, so its
/// coordinates are the canvas's): a cell that moves right at 120 points a second and falls at
/// 30 points a second squared, born only by bursts.
private let movingDot = #"""
    {
      "canvas": { "width": 400, "height": 300 },
      "startup": "empty",
      "layers": [
        { "type": "emitter", "name": "e", "emitterShape": "point",
          "emitterCells": [{ "name": "c", "contents": "dot.png", "birthRate": 0, "lifetime": 100, "velocity": 120,
            "yAcceleration": 30, "redSpeed": -0.1, "color": [1, 1, 1, 1] }] }
      ]
    }
    """#

private func dotEffect(_ json: String = movingDot) throws -> Effect {
    try Effect(json: json, textures: ImageSet(["dot.png": whiteDot]))
}

/// The centres of the particles the effect draws now.
private func drawnCentres(_ effect: Effect) -> [(x: Double, y: Double)] {
    let list = effect.renderList()
    return list.batches.flatMap { batch in
        list.quads[batch.range].map { quad in
            let p = batch.transform.apply(to: Point(x: Double(quad.centerX), y: Double(quad.centerY)))
            return (p.x, p.y)
        }
    }
}

@Suite("What games coming from SpriteKit, LÖVE and Godot expect")
struct GameFeatureTests {
    @Test(
        "Motion is even on every displayed frame at 60, 90, 120, 144 and 240 Hz; the simulation is unchanged",
        arguments: [60, 90, 120, 144, 240])
    func evenMotion(rate: Int) throws {
        let effect = try dotEffect()
        let plain = try dotEffect()
        plain.drawsBetweenSteps = false
        for e in [effect, plain] {
            try e.burst("e.c", count: 1)
            e.step()
        }
        let frame = 1 / Double(rate)
        var xs: [Double] = [], ys: [Double] = [], stepped: [Int] = []
        var plainXs: [Double] = []
        for _ in 0..<(2 * rate) {
            stepped.append(effect.advance(by: frame))
            plain.advance(by: frame)
            let p = try #require(drawnCentres(effect).first)
            xs.append(p.x)
            ys.append(p.y)
            plainXs.append(try #require(drawnCentres(plain).first).x)
        }
        // Each displayed frame moves the dot 120 / rate points right, whether or not a step fell in it.
        for i in 1..<xs.count {
            #expect(abs((xs[i] - xs[i - 1]) - 120 / Double(rate)) < 2e-3, "frame \(i) at \(rate) Hz moved \(xs[i] - xs[i - 1])")
        }
        // And it falls as 30/2 t² says, t its age: the game's time since the step it was born in.
        for (i, y) in ys.enumerated() {
            let t = Double(i + 1) * frame
            #expect(abs(y - 15 * t * t) < 2e-3, "y at \(t) s")
        }
        // Drawn as the last step left it, the dot stands still on the frames no step fell in.
        if 60 % rate != 0 {
            let stills = zip(plainXs.dropFirst(), plainXs).filter { $0 == $1 }.count
            #expect(stills > 0 && stepped.contains(0))
        }
        // The steps are the same either way, and so are the particles.
        #expect(effect.time == plain.time)
        #expect(effect.scene.stateHash() == plain.scene.stateHash())
    }

    @Test("Ten bursts at ten points in one frame land at their ten points; the emitter stays")
    func burstsWhereTheyHappen() throws {
        // The emitter layer is placed and turned: the points are canvas points all the same.
        let json = movingDot.replacingOccurrences(
            of: #""name": "e", "#, with: #""name": "e", "position": [100, 80], "transform": [{"rotate": 0.5}], "#
        )
        .replacingOccurrences(of: #""velocity": 120"#, with: #""velocity": 0"#).replacingOccurrences(
            of: #""yAcceleration": 30"#, with: #""yAcceleration": 0"#)
        let effect = try dotEffect(json)
        effect.drawsBetweenSteps = false
        let points: [(x: Double, y: Double)] = (0..<10).map { i in
            let column = Double(i), row = Double(i % 3)
            return (20 + 35 * column, 40 + 20 * row)
        }
        for p in points { try effect.burst("e.c", count: 1, x: p.x, y: p.y) }
        effect.step()
        let drawn = drawnCentres(effect)
        #expect(drawn.count == 10)
        for (p, d) in zip(points, drawn) {
            #expect(abs(p.x - d.x) < 1e-3 && abs(p.y - d.y) < 1e-3, "asked \(p), drawn \(d)")
        }
        #expect(try effect.value(forKeyPath: "e.emitterPosition") == [0, 0])
        #expect(throws: EffectError.self) { try effect.burst("e.c", count: 1, x: .nan, y: 0) }
    }

    @Test("emit(count:) emits that many and stops, as SpriteKit's numParticlesToEmit; the effect then finishes")
    func emitCount() throws {
        let effect = try dotEffect(
            movingDot.replacingOccurrences(of: #""birthRate": 0, "lifetime": 100"#, with: #""birthRate": 100, "lifetime": 1"#))
        effect.emit(count: 37)
        effect.step(count: 60)
        // 100 a second would be 60 in 0.6 s: 37, then no more.
        #expect(effect.liveParticleCount == 37)
        #expect(!effect.isEmitting)
        effect.step(count: 60)
        #expect(effect.isFinished)
        // Bursts are not counted.
        effect.emit(count: 5)
        try effect.burst("e.c", count: 3)
        effect.step(count: 10)
        #expect(effect.liveParticleCount == 8)
    }

    @Test("emit(for:) emits that long and stops, as LÖVE's setEmitterLifetime")
    func emitFor() throws {
        let effect = try dotEffect(
            movingDot.replacingOccurrences(of: #""birthRate": 0, "lifetime": 100"#, with: #""birthRate": 60, "lifetime": 10"#))
        effect.isEmitting = false
        effect.step(count: 30)
        effect.emit(for: 0.5)
        effect.step(count: 120)
        // 60 a second for half a second: 30 births.
        #expect(effect.liveParticleCount == 30)
        #expect(!effect.isEmitting)
    }

    @Test("A one-shot effect emits one cycle (its cells' lifetime) and finishes; restart emits again, as Godot's one_shot")
    func oneShot() throws {
        let effect = try dotEffect(
            movingDot.replacingOccurrences(of: #""birthRate": 0, "lifetime": 100"#, with: #""birthRate": 100, "lifetime": 0.5"#))
        effect.isOneShot = true
        effect.step(count: 30)
        // One cycle of 0.5 s at 100 a second: 50 births, the last falling on the cycle's end
        // (the accumulator reaches 50 within a rounding of it).
        #expect((49...50).contains(effect.liveParticleCount))
        effect.step(count: 30)
        #expect(effect.isFinished)
        effect.restart()
        #expect(effect.isEmitting && effect.time == 0)
        effect.step(count: 30)
        #expect((49...50).contains(effect.liveParticleCount))
        effect.step(count: 30)
        #expect(!effect.isEmitting)
        // Turned on after its cycle, emission stops at once.
        let late = try dotEffect(
            movingDot.replacingOccurrences(of: #""birthRate": 0, "lifetime": 100"#, with: #""birthRate": 100, "lifetime": 0.5"#))
        late.step(count: 60)
        late.isOneShot = true
        late.step(count: 60)
        #expect(!late.isEmitting && late.isFinished)
    }

    @Test("clone() is an independent copy with the game's changes and settings, starting at time 0, as LÖVE's clone")
    func clone() throws {
        let effect = try makeEffect()
        try effect.setValue(40, forKeyPath: "trail.emitterCells.spark.birthRate")
        try effect.moveEmitter("trail", x: 120, y: 30)
        effect.speed = 0.5
        effect.camera = EffectCamera(x: 3, y: 4, zoom: 2)
        effect.step(count: 30)
        let copy = effect.clone()
        #expect(copy.time == 0 && copy.liveParticleCount == 0)
        #expect(try copy.value(forKeyPath: "trail.emitterCells.spark.birthRate") == 40)
        #expect(try copy.value(forKeyPath: "trail.emitterPosition") == [120, 30])
        #expect(copy.speed == 0.5 && copy.camera == effect.camera)
        // Its own particles: what happens to one does not happen to the other.
        try copy.burst("boom.debris", count: 10)
        copy.step(count: 30)
        let fresh = try makeEffect()
        try fresh.setValue(40, forKeyPath: "trail.emitterCells.spark.birthRate")
        try fresh.moveEmitter("trail", x: 120, y: 30)
        fresh.step(count: 30)
        #expect(effect.scene.stateHash() == fresh.scene.stateHash())
        #expect(copy.liveParticleCount == effect.liveParticleCount + 10)
    }

    @Test(
        "The camera turns and stretches the effect about a canvas point drawn where the game says, as LÖVE's draw(system, x, y, r, sx, sy, ox, oy)"
    )
    func cameraTurnsAndStretches() throws {
        let json = movingDot.replacingOccurrences(of: #""velocity": 120"#, with: #""velocity": 0"#)
            .replacingOccurrences(of: #""yAcceleration": 30"#, with: #""yAcceleration": 0"#)
        let effect = try dotEffect(json)
        try effect.burst("e.c", count: 1, x: 100, y: 50)
        effect.step()
        // Canvas (100, 50) about (0, 0), stretched 2 × 0.5, turned a quarter turn, at (200, 100):
        // (200, 100) + R(π/2)·(200, 25) = (200 − 25, 100 + 200) = (175, 300).
        effect.camera = EffectCamera(rotation: .pi / 2, scaleX: 2, scaleY: 0.5, outputX: 200, outputY: 100)
        var pixels = [UInt32](repeating: 0xFF00_0000, count: 400 * 400)
        try effect.draw(into: &pixels, width: 400, height: 400)
        let lit = pixels.indices.filter { pixels[$0] & 0xFF != 0 }
        #expect(!lit.isEmpty)
        let x = Double(lit.map { $0 % 400 }.reduce(0, +)) / Double(lit.count) + 0.5
        let y = Double(lit.map { $0 / 400 }.reduce(0, +)) / Double(lit.count) + 0.5
        #expect(abs(x - 175) < 0.6 && abs(y - 300) < 0.6, "drawn about (\(x), \(y))")
        // The 8 × 8 dot is 16 wide and 4 tall before the turn: 4 columns and 16 rows after it.
        let columns = Set(lit.map { $0 % 400 }).count, rows = Set(lit.map { $0 / 400 }).count
        #expect(rows > columns * 2, "\(columns) columns, \(rows) rows")
    }

    @Test("Some of an effect's layers drawn at a time, under and over a game's sprites")
    func layerRanges() throws {
        let json = #"""
            {"canvas": {"width": 40, "height": 20}, "layers": [
              {"name": "under", "bounds": [0, 0, 20, 20], "position": [10, 10], "backgroundColor": "#ff0000"},
              {"name": "over", "bounds": [0, 0, 20, 20], "position": [30, 10], "backgroundColor": "#0000ff"}]}
            """#
        let effect = try Effect(json: json)
        #expect(effect.layerNames == ["under", "over"])
        var pixels = [UInt32](repeating: 0xFF00_0000, count: 40 * 20)
        try pixels.withUnsafeMutableBytes { try effect.draw(intoPixels: $0, width: 40, height: 20, bytesPerRow: 160, layers: 0..<1) }
        #expect(pixels[10 * 40 + 10] == 0xFFFF_0000 && pixels[10 * 40 + 30] == 0xFF00_0000)
        try pixels.withUnsafeMutableBytes { try effect.draw(intoPixels: $0, width: 40, height: 20, bytesPerRow: 160, layers: 1..<5) }
        #expect(pixels[10 * 40 + 10] == 0xFFFF_0000 && pixels[10 * 40 + 30] == 0xFF00_00FF)
    }
}
