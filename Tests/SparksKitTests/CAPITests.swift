import CSparksAPI
import Foundation
import SparksC
import SparksCore
import SparksKit
import Testing

/// The C API as a C program calls it (include/sparks.h), through its Swift definitions.
@Suite("The C API")
struct CAPITests {
    let assets = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../assets").standardizedFileURL.path

    func load(_ json: String) -> OpaquePointer? {
        var error: UnsafeMutablePointer<CChar>?
        let effect = sparks_effect_load_string(json, assets, &error)
        if let error {
            Issue.record("\(String(cString: error))")
            sparks_string_free(error)
        }
        return effect
    }

    @Test("Load, change, burst, advance, read the render list and draw into ARGB pixels")
    func lifeCycle() throws {
        #expect(String(cString: sparks_version()) == SparksVersion.text)
        #expect(SparksC.sparks_build_optimized() == 1)
        #expect(
            String(cString: SparksC.sparks_build_info()).hasPrefix(
                "Sparks \(SparksVersion.text): Swift code optimised, pixel kernels optimised"))
        let json = gamePreset.replacingOccurrences(of: "dot.png", with: "spark.png")
        let effect = try #require(load(json))
        defer { sparks_effect_free(effect) }
        var width = 0.0, height = 0.0
        sparks_effect_canvas_size(effect, &width, &height)
        #expect(width == 200 && height == 100)

        #expect(sparks_effect_set_number(effect, "trail.emitterCells.spark.birthRate", 0) == SPARKS_OK)
        var position = [120.0, 30.0]
        #expect(sparks_effect_set_vector(effect, "boom.emitterPosition", &position, 2) == SPARKS_OK)
        #expect(sparks_effect_set_color(effect, "boom.emitterCells.debris.color", 0, 1, 0, 1) == SPARKS_OK)
        #expect(sparks_effect_set_string(effect, "boom.emitterShape", "kCAEmitterLayerPoint") == SPARKS_OK)
        #expect(sparks_effect_burst(effect, "boom.debris", 40) == SPARKS_OK)
        #expect(sparks_effect_advance(effect, 1.0 / 60) == 1)
        #expect(sparks_effect_live_count(effect) == 40)
        #expect(sparks_effect_is_finished(effect) == 0)

        let batches = sparks_effect_build_render_list(effect)
        var found = false
        for index in 0..<batches {
            var batch = sparks_batch()
            #expect(sparks_effect_batch(effect, index, &batch) == SPARKS_OK)
            guard batch.quad_count > 0 else { continue }
            found = true
            #expect(String(cString: batch.texture) == "spark.png")
            #expect(batch.additive == 1)
            #expect(batch.transform.0 == 1 && batch.transform.15 == 1)
            var quad = sparks_quad()
            #expect(sparks_effect_quad(effect, batch.first_quad, &quad) == SPARKS_OK)
            #expect(abs(quad.center_x - 120) < 2 && abs(quad.center_y - 30) < 2)
            #expect(quad.green == 1 && quad.red == 0)
        }
        #expect(found)

        var pixels = [UInt32](repeating: 0xFF00_0000, count: 200 * 100)
        #expect(sparks_effect_draw_argb(effect, &pixels, pixels.count * 4, 200, 100, 800) == SPARKS_OK)
        #expect((pixels[30 * 200 + 120] >> 8) & 0xFF > 0x40)
        #expect(pixels[90 * 200 + 10] == 0xFF00_0000)
        sparks_effect_set_paused(effect, 1)
        #expect(sparks_effect_advance(effect, 1) == 0)
        sparks_effect_set_paused(effect, 0)
        sparks_effect_step(effect, 60)
        #expect(sparks_effect_is_finished(effect) == 1)
    }

    @Test("A frame past the covered-pixel budget draws its first particles and counts the rest")
    func coveredPixelBudget() throws {
        let json = gamePreset.replacingOccurrences(of: "dot.png", with: "spark.png").replacingOccurrences(
            of: #""velocity": 40"#, with: #""velocity": 40, "scale": 30"#)
        let effect = try #require(load(json))
        defer { sparks_effect_free(effect) }
        #expect(sparks_effect_burst(effect, "boom.debris", 100) == SPARKS_OK)
        sparks_effect_step(effect, 1)
        var pixels = [UInt32](repeating: 0xFF00_0000, count: 200 * 100)
        #expect(sparks_effect_draw_argb(effect, &pixels, pixels.count * 4, 200, 100, 800) == SPARKS_OK)
        #expect(sparks_effect_undrawn_quads(effect) == 0)
        // Each particle covers about half the 200 × 100 canvas: 100,000 pixels take about ten.
        sparks_effect_set_max_covered_pixels(effect, 100_000)
        #expect(sparks_effect_draw_argb(effect, &pixels, pixels.count * 4, 200, 100, 800) == SPARKS_OK)
        let undrawn = sparks_effect_undrawn_quads(effect)
        #expect(undrawn > 80 && undrawn < 100, "\(undrawn)")
    }

    @Test("Errors are statuses and messages, never a crash")
    func errors() throws {
        var error: UnsafeMutablePointer<CChar>?
        #expect(sparks_effect_load_string(#"{"layers": [{"type": "emitter", "birthrate": 5}]}"#, nil, &error) == nil)
        let message = String(cString: try #require(error))
        sparks_string_free(error)
        #expect(message.contains(#"did you mean "birthRate""#), "\(message)")
        #expect(sparks_effect_load_file("/nonexistent/preset.json", nil, &error) == nil)
        #expect(String(cString: try #require(error)).contains("/nonexistent/preset.json"))
        sparks_string_free(error)
        #expect(sparks_effect_load_file(nil, nil, nil) == nil)

        let effect = try #require(load(gamePreset.replacingOccurrences(of: "dot.png", with: "spark.png")))
        defer { sparks_effect_free(effect) }
        #expect(String(cString: sparks_effect_last_error(effect)) == "")
        #expect(sparks_effect_set_number(effect, "trail.emitterCells.spak.birthRate", 1) == SPARKS_ERROR_KEY_PATH)
        #expect(String(cString: sparks_effect_last_error(effect)).contains(#"did you mean "spark""#))
        #expect(sparks_effect_set_number(effect, "trail.emitterShape", 1) == SPARKS_ERROR_VALUE)
        #expect(sparks_effect_set_string(effect, "trail.emitterShape", "hexagon") == SPARKS_ERROR_VALUE)
        #expect(sparks_effect_set_vector(effect, "trail.emitterPosition", nil, 2) == SPARKS_ERROR_ARGUMENT)
        #expect(sparks_effect_burst(effect, "nothing.here", 5) == SPARKS_ERROR_KEY_PATH)
        #expect(sparks_effect_burst(effect, "trail.spark", -1) == SPARKS_ERROR_ARGUMENT)
        var pixels = [UInt32](repeating: 0, count: 4)
        #expect(sparks_effect_draw_argb(effect, &pixels, pixels.count * 4, 0, 0, 0) == SPARKS_ERROR_ARGUMENT)
        #expect(sparks_effect_draw_argb(effect, &pixels, pixels.count * 4, 2, 2, 4) == SPARKS_ERROR_ARGUMENT)
        // A buffer smaller than the pixels asked for: refused, nothing written.
        var short = [UInt32](repeating: 7, count: 200 * 100)
        #expect(sparks_effect_draw_argb(effect, &short, (200 * 100 - 1) * 4, 200, 100, 800) == SPARKS_ERROR_ARGUMENT)
        #expect(String(cString: sparks_effect_last_error(effect)).contains("too small"))
        #expect(short.allSatisfy { $0 == 7 })
        var batch = sparks_batch()
        #expect(sparks_effect_batch(effect, 99, &batch) == SPARKS_ERROR_ARGUMENT)
        #expect(sparks_effect_set_number(effect, "trail.emitterCells.spark.birthRate", 3) == SPARKS_OK)
        #expect(String(cString: sparks_effect_last_error(effect)) == "")
        // A NULL effect is an argument error everywhere, and nothing else happens.
        #expect(sparks_effect_advance(nil, 1) == 0)
        #expect(sparks_effect_set_number(nil, "a.b", 1) == SPARKS_ERROR_ARGUMENT)
        #expect(sparks_effect_draw_sdl_renderer(effect, nil) == SPARKS_ERROR_ARGUMENT)
        sparks_effect_release_renderer(nil)
        sparks_effect_release_renderer(effect)
        sparks_effect_free(nil)
    }
}
