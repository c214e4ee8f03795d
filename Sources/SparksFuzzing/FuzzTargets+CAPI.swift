import CSparksAPI
import SparksC
import SparksCore

extension FuzzTargets {
    /// A game's calls into the C API (include/sparks.h), made from the bytes: an effect loaded
    /// (a shipped preset, or one of the presets below, or the bytes' own JSON), then up to 48
    /// calls of any kind, in any order, with values that over-weight what breaks a host: NaN,
    /// infinities, 1e20 and 1e300, negatives, the largest and smallest `int`, sizes that do not
    /// match, key paths that exist and that do not. Every call must return; none may trap.
    public static func cAPI(_ bytes: [UInt8]) {
        var choices = ByteChoices(bytes)
        var error: UnsafeMutablePointer<CChar>?
        let effect: OpaquePointer?
        switch choices.byte() % 4 {
        case 0: effect = sparks_effect_load_shipped(choices.pick(["fire", "snow", "spinner", "fireworks", "nosuch"]), &error)
        case 1: effect = sparks_effect_load_string(String(decoding: bytes.dropFirst(1), as: UTF8.self), nil, &error)
        default: effect = sparks_effect_load_string(choices.pick(CAPIProgram.presets), nil, &error)
        }
        if let error { sparks_string_free(error) }
        guard let effect else { return }
        var program = CAPIProgram(effect: effect, choices: choices)
        for _ in 0..<48 { program.call() }
        sparks_effect_free(effect)
    }
}

/// The calls of one fuzzed input and the values they are made with.
private struct CAPIProgram {
    let effect: OpaquePointer
    var choices: ByteChoices
    var pixels = [UInt32](repeating: 0, count: 64 * 64)

    /// Small presets with names the key paths below reach: an emitter with a cell and a
    /// sub-cell, a replicator with an animated sublayer, a layer with a mask.
    static let presets = [
        """
        {"canvas": {"width": 120, "height": 90}, "layers": [
          {"type": "emitter", "name": "e", "position": [60, 45], "emitterSize": [20, 10], "emitterShape": "rectangle",
           "emitterCells": [{"name": "c", "birthRate": 40, "lifetime": 1, "velocity": 30, "emissionRange": 3.14,
             "emitterCells": [{"name": "s", "birthRate": 5, "lifetime": 0.5, "velocity": 10}]}]}]}
        """,
        """
        {"canvas": {"width": 120, "height": 90}, "layers": [
          {"type": "replicator", "name": "r", "position": [60, 45], "instanceCount": 8, "instanceDelay": 0.1,
           "instanceTransform": [{"rotate": 0.785}], "instanceColor": "#ff8800", "instanceAlphaOffset": -0.1,
           "sublayers": [{"name": "dot", "bounds": [0, 0, 8, 8], "position": [30, 0], "backgroundColor": "white", "cornerRadius": 4,
             "animations": [{"type": "basic", "keyPath": "transform.scale", "fromValue": 1, "toValue": 0.2, "duration": 0.8,
               "autoreverses": true, "repeatCount": "infinity"}]}]}]}
        """,
        """
        {"canvas": {"width": 120, "height": 90}, "layers": [
          {"name": "l", "bounds": [0, 0, 60, 40], "position": [60, 45], "backgroundColor": "#3366ff", "opacity": 0.8,
           "mask": {"bounds": [0, 0, 30, 30], "position": [30, 20], "backgroundColor": "white", "cornerRadius": 15},
           "sublayers": [{"type": "emitter", "name": "e", "emitterCells": [{"name": "c", "birthRate": 20, "lifetime": 2}]}]}]}
        """,
    ]

    static let keyPaths = [
        "e.emitterCells.c.birthRate", "e.emitterCells.c.lifetime", "e.emitterCells.c.velocity", "e.emitterCells.c.scale",
        "e.emitterCells.c.color", "e.emitterCells.c.emitterCells.s.birthRate", "e.emitterCells.c.emitterCells.s.lifetime",
        "e.birthRate", "e.lifetime", "e.emitterPosition", "e.emitterSize", "e.emitterShape", "e.position", "e.transform", "e.opacity",
        "r.instanceCount", "r.instanceDelay", "r.instanceTransform", "r.instanceColor", "dot.bounds", "l.opacity", "l.cornerRadius",
        "fireEmitter.emitterCells.fire.birthRate", "fireEmitter.emitterCells.fire.lifetime", "fireEmitter.emitterPosition",
        "fireEmitter.emitterCells.fire.contents", "fireEmitter.renderMode", "", ".", "e", "e.", "nosuch.birthRate",
        "e.emitterCells.nosuch.birthRate", "e.emitterCells.c.emitterCells.s.emitterCells.t.birthRate",
    ]

    static let cellPaths = ["e.c", "e.c.s", "fireEmitter.fire", "e.nosuch", "", "e", "e.c.s.t"]

    static let texts = [
        "line", "circle", "additive", "kCAEmitterLayerPoint", "spark.png", "../../etc/passwd", "/etc/passwd", "", "\u{1B}]52;c;AA\u{7}",
        "#ff0000", "[1, 2]", "[1e308, -1e308]", "nan", String(repeating: "x", count: 5_000),
    ]

    init(effect: OpaquePointer, choices: ByteChoices) {
        self.effect = effect
        self.choices = choices
    }

    /// A number of the kinds that break hosts, or an ordinary one.
    mutating func number() -> Double {
        let ordinary = choices.number(-1000, 1000)
        let small = choices.number(0, 4)
        return choices.pick([
            0, -0.0, 1, -1, 0.5, 1.0 / 60, 60, 1000, 1e20, -1e20, 1e300, -1e300, .greatestFiniteMagnitude, .leastNonzeroMagnitude,
            .infinity, -.infinity, .nan, ordinary, small, small,
        ])
    }

    /// A count of the kinds that break hosts, or a small one.
    mutating func count() -> Int32 {
        let small = Int32(choices.whole(0...120))
        return choices.pick([0, 1, 2, 60, 600, -1, .min, .max, small, small])
    }

    mutating func call() {
        switch choices.byte() % 20 {
        case 0: _ = sparks_effect_advance(effect, number())
        case 1: _ = sparks_effect_step(effect, count())
        case 2: _ = sparks_effect_set_number(effect, choices.pick(Self.keyPaths), number())
        case 3:
            var values = (0..<17).map { _ in number() }
            _ = sparks_effect_set_vector(effect, choices.pick(Self.keyPaths), &values, choices.pick([0, 1, 2, 3, 4, 16, 17, -1, .max]))
        case 4: _ = sparks_effect_set_color(effect, choices.pick(Self.keyPaths), number(), number(), number(), number())
        case 5: _ = sparks_effect_set_string(effect, choices.pick(Self.keyPaths), choices.pick(Self.texts))
        case 6: _ = sparks_effect_burst(effect, choices.pick(Self.cellPaths), count())
        case 7: sparks_effect_set_speed(effect, number())
        case 8: sparks_effect_set_paused(effect, Int32(choices.byte() % 2))
        case 9: sparks_effect_set_emitting(effect, Int32(choices.byte() % 2))
        case 10: sparks_effect_reset(effect)
        case 11: sparks_effect_set_camera(effect, number(), number(), number())
        case 12: sparks_effect_set_draw_threads(effect, count())
        case 13: draw()
        case 14: readRenderList()
        case 15: sparks_effect_set_max_covered_pixels(effect, number())
        case 16:
            // A finished callback that calls back into the library, as a game's may.
            let callback: sparks_finished_callback = { effect, _ in
                _ = sparks_effect_burst(effect, "e.c", 3)
                sparks_effect_reset(effect)
            }
            sparks_effect_on_finished(effect, choices.chance(0.5) ? callback : nil, nil)
        case 17: sparks_effect_release_renderer(effect)
        default: query()
        }
    }

    mutating func draw() {
        let width = choices.pick([64, 1, 0, -1, 65, 10_000, Int32.max] as [Int32])
        let height = choices.pick([64, 1, 0, -1, 65, 10_000, Int32.max] as [Int32])
        let pitch = choices.pick([256, 4, 0, -256, 260, Int32.max] as [Int32])
        let size = choices.pick([pixels.count * 4, 0, 4, pixels.count * 4 - 1])
        let effect = effect
        _ = pixels.withUnsafeMutableBytes { sparks_effect_draw_argb(effect, $0.baseAddress, min(size, $0.count), width, height, pitch) }
    }

    mutating func readRenderList() {
        let batches = sparks_effect_build_render_list(effect)
        var batch = sparks_batch()
        var quad = sparks_quad()
        for index in [0, 1, batches - 1, batches, -1, .max, Int32(choices.whole(0...40))] {
            _ = sparks_effect_batch(effect, index, &batch)
            _ = sparks_effect_quad(effect, index, &quad)
        }
        _ = sparks_effect_batch(effect, 0, nil)
    }

    mutating func query() {
        var width = 0.0, height = 0.0
        sparks_effect_canvas_size(effect, &width, &height)
        sparks_effect_canvas_size(effect, nil, nil)
        _ = sparks_effect_time(effect)
        _ = sparks_effect_live_count(effect)
        _ = sparks_effect_is_finished(effect)
        _ = sparks_effect_is_emitting(effect)
        _ = sparks_effect_undrawn_quads(effect)
        _ = sparks_effect_last_error(effect)
    }
}
