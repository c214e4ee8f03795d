import Foundation
import SparksCore
import SparksKit
import Testing

/// The repository's folder.
private let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../..").standardizedFileURL

@Suite("The presets Sparks ships, built into the library")
struct ShippedPresetTests {
    @Test("Every preset and image of presets/ and assets/ is built in, byte for byte (regenerate: make shipped)")
    func builtInMatchesTheFiles() throws {
        let presets = try FileManager.default.contentsOfDirectory(atPath: repository.appendingPathComponent("presets").path)
            .filter { $0.hasSuffix(".json") && $0 != "sparks.schema.json" }.map { String($0.dropLast(5)) }.sorted()
        #expect(ShippedPresets.names == presets)
        for name in presets {
            let file = try String(contentsOf: repository.appendingPathComponent("presets/\(name).json"), encoding: .utf8)
            #expect(ShippedPresets.json(named: name) == file, "\(name) differs from presets/\(name).json: make shipped")
        }
        let images = try FileManager.default.contentsOfDirectory(atPath: repository.appendingPathComponent("assets").path)
            .filter { $0.hasSuffix(".png") }.sorted()
        #expect(ShippedPresets.imageNames == images)
        for name in images {
            let file = try EffectImage(contentsOfPNG: repository.appendingPathComponent("assets/\(name)"))
            #expect(ShippedPresets.image(named: name) == file, "\(name) differs from assets/\(name): make shipped")
        }
    }

    @Test("Effect(shippedPreset:) loads each preset with its images and draws it, no files needed")
    func loadAndDraw() throws {
        for name in ShippedPresets.names {
            let effect = try Effect(shippedPreset: name)
            effect.fastForward(by: 2)
            var pixels = [UInt32](repeating: 0, count: 160 * 120)
            effect.camera.zoom = 0.2
            try effect.draw(into: &pixels, width: 160, height: 120)
            #expect(pixels.contains { $0 != 0 }, "\(name) drew nothing")
        }
        #expect(throws: EffectError.self) { try Effect(shippedPreset: "fier") }
        do {
            _ = try Effect(shippedPreset: "fier")
        } catch {
            #expect(error.description.contains(#"did you mean "fire""#), "\(error)")
        }
    }
}
