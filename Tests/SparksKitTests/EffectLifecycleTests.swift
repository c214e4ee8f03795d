import CSparksAPI
import Foundation
import SparksC
import SparksCore
import SparksKit
import Testing

/// What a game coming from SpriteKit or LÖVE expects of an effect's life: reset, an emitting
/// switch and a call when it has played out, in Swift and in C.
@Suite("Reset, the emitting switch and the finished call")
struct EffectLifecycleTests {
    @Test func resetStartsAgainFromZeroKeepingTheGamesChanges() throws {
        let effect = try Effect(shippedPreset: "fire")
        try effect.setValue(120, forKeyPath: "fireEmitter.emitterCells.fire.birthRate")
        try effect.moveEmitter("fireEmitter", x: 200, y: 400)
        effect.speed = 2
        for _ in 0..<60 { effect.advance(by: 1.0 / 60) }
        try effect.burst("fireEmitter.fire", count: 50)
        #expect(effect.time > 1.9)
        effect.reset()
        #expect(effect.time == 0)
        #expect(try effect.value(forKeyPath: "fireEmitter.emitterCells.fire.birthRate") == .number(120))
        #expect(effect.speed == 2)
        // The same as a new effect given the same changes, step for step.
        let fresh = try Effect(shippedPreset: "fire")
        try fresh.setValue(120, forKeyPath: "fireEmitter.emitterCells.fire.birthRate")
        try fresh.moveEmitter("fireEmitter", x: 200, y: 400)
        effect.step(count: 45)
        fresh.step(count: 45)
        #expect(effect.liveParticleCount == fresh.liveParticleCount && effect.liveParticleCount > 0)
        #expect(effect.scene.stateHash() == fresh.scene.stateHash())
    }

    @Test func anEffectThatStopsEmittingPlaysOutAndSaysSoOnce() throws {
        let effect = try Effect(shippedPreset: "fire")
        var calls = 0
        effect.onFinished = { calls += 1 }
        effect.fastForward(by: 1)
        let live = effect.liveParticleCount
        #expect(live > 100 && effect.isEmitting)
        effect.isEmitting = false
        effect.step()
        #expect(effect.liveParticleCount <= live && !effect.isFinished)
        // Fire's particles live a second: gone within 70 steps, and said once.
        for _ in 0..<70 { effect.advance(by: 1.0 / 60) }
        #expect(effect.liveParticleCount == 0 && effect.isFinished)
        for _ in 0..<10 { effect.advance(by: 1.0 / 60) }
        #expect(calls == 1)
        // A burst while not emitting still bursts; it plays out and is said again.
        try effect.burst("fireEmitter.fire", count: 20)
        effect.step()
        #expect(effect.liveParticleCount == 20 && !effect.isFinished)
        effect.fastForward(by: 2)
        #expect(calls == 2)
        // Emitting again: births at the fire's rate.
        effect.isEmitting = true
        effect.fastForward(by: 0.5)
        #expect(effect.liveParticleCount > 100 && !effect.isFinished)
    }

    @Test func aOneShotBurstCallsWhenItEndsAndAgainAfterAReset() throws {
        let effect = try makeEffect()
        try effect.setValue(0, forKeyPath: "trail.emitterCells.spark.birthRate")
        var calls: [Double] = []
        effect.onFinished = { [unowned effect] in calls.append(effect.time) }
        try effect.burst("boom.debris", count: 30)
        for _ in 0..<60 { effect.advance(by: 1.0 / 60) }
        // Debris lives half a second: born at the first step's end, gone 30 steps later.
        #expect(calls.count == 1)
        #expect(abs((calls.first ?? 0) - 31.0 / 60) < 1e-9, "\(calls)")
        effect.reset()
        try effect.burst("boom.debris", count: 30)
        for _ in 0..<60 { effect.advance(by: 1.0 / 60) }
        #expect(calls.count == 2)
        #expect(try effect.value(forKeyPath: "trail.emitterCells.spark.birthRate") == .number(0), "kept through the reset")
    }

    @Test func theCAPILoadsShippedPresetsAndResetsStopsAndCalls() throws {
        var error: UnsafeMutablePointer<CChar>?
        #expect(sparks_effect_load_shipped("fier", &error) == nil)
        #expect(error.map { String(cString: $0).contains("fire") } == true, "the nearest name")
        sparks_string_free(error)
        let effect = try #require(sparks_effect_load_shipped("fire", nil))
        defer { sparks_effect_free(effect) }
        // Its images come with it: a frame has fire's light.
        var pixels = [UInt32](repeating: 0xFF00_0000, count: 800 * 600)
        _ = sparks_effect_advance(effect, 1.0 / 60)
        let drawn = pixels.withUnsafeMutableBytes { sparks_effect_draw_argb(effect, $0.baseAddress, $0.count, 800, 600, 800 * 4) }
        #expect(drawn == SPARKS_OK)
        #expect(pixels.contains { $0 & 0x00FF_0000 > 0x0040_0000 })

        // The callback starts the effect again from inside (outside Sparks's lock), as a game
        // respawns an effect: a counter and the effect's time at the call.
        final class Calls { var count = 0, times: [Double] = [] }
        let calls = Calls()
        let callback: sparks_finished_callback = { effect, userData in
            let calls = Unmanaged<Calls>.fromOpaque(userData!).takeUnretainedValue()
            calls.count += 1
            calls.times.append(sparks_effect_time(effect))
            sparks_effect_reset(effect)
            sparks_effect_set_emitting(effect, 1)
        }
        sparks_effect_on_finished(effect, callback, Unmanaged.passUnretained(calls).toOpaque())
        #expect(sparks_effect_is_emitting(effect) == 1)
        sparks_effect_set_emitting(effect, 0)
        #expect(sparks_effect_is_emitting(effect) == 0)
        for _ in 0..<90 { _ = sparks_effect_advance(effect, 1.0 / 60) }
        #expect(calls.count == 1)
        #expect(calls.times.first.map { $0 > 0.9 && $0 < 1.2 } == true, "\(calls.times)")
        // Reset from the callback: time went back to 0, emitting again.
        #expect(sparks_effect_time(effect) < 0.6)
        #expect(sparks_effect_is_emitting(effect) == 1 && sparks_effect_live_count(effect) > 100)
        sparks_effect_on_finished(effect, nil, nil)
    }
}
