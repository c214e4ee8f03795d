import Foundation
import SparksCore
import SparksFuzzing
import SparksRaster
import Testing

/// The folder holding FuzzTesting/.
private let repository: URL = {
    var url = URL(fileURLWithPath: #filePath)
    while !FileManager.default.fileExists(atPath: url.appendingPathComponent("FuzzTesting").path) { url = url.deletingLastPathComponent() }
    return url
}()

@Suite("The rasterizer against the reference rasterizer")
struct DifferentialTests {
    /// Scenes per run: `SPARKS_RASTER_SCENES` (the suite's default takes a few seconds).
    static let sceneCount = ProcessInfo.processInfo.environment["SPARKS_RASTER_SCENES"].flatMap(Int.init) ?? 3000
    /// `SPARKS_RASTER_SEED=N`: only scene N, printed with its comparison (to reproduce a find).
    static let onlySeed = ProcessInfo.processInfo.environment["SPARKS_RASTER_SEED"].flatMap(UInt32.init)

    @Test("Random scenes: coverage exact, colour within the tolerance, the same on every thread count")
    func randomScenes() {
        var total = RasterComparison()
        var failures: [String] = []
        for seed in Self.onlySeed.map({ $0...$0 }) ?? 0...UInt32(Self.sceneCount - 1) {
            var choices = ByteChoices(seed: seed)
            let scene = RasterScene(&choices)
            let comparison = RasterComparison.compare(scene)
            if Self.onlySeed != nil {
                print("scene \(seed): \(scene.width)×\(scene.height), \(scene.threads) threads, \(scene.list)\n\(comparison)")
            }
            total.coveragePixels += comparison.coveragePixels
            total.colorPixels += comparison.colorPixels
            total.ambiguousCoverage += comparison.ambiguousCoverage
            total.ambiguousColor += comparison.ambiguousColor
            total.largestColorDifference = max(total.largestColorDifference, comparison.largestColorDifference)
            if !comparison.isClean, failures.count < 5 { failures.append("seed \(seed): \(comparison)") }
        }
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
        // Ambiguity is the exception: pixels whose centre lies within a thousandth of a pixel of
        // an edge, or whose texel is a hair from a boundary.
        #expect(total.ambiguousCoverage * 100 < total.coveragePixels, "\(total)")
        #expect(total.ambiguousColor * 10 < total.colorPixels, "\(total)")
        print("rasterizer against the reference, \(Self.sceneCount) scenes: \(total)")
    }

    @Test("Every scene the raster fuzzer found a problem with draws as the reference does")
    func fuzzFinds() throws {
        let folder = repository.appendingPathComponent("FuzzTesting/FailCases/FuzzRaster")
        for name in ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted() {
            var choices = ByteChoices([UInt8](try Data(contentsOf: folder.appendingPathComponent(name))))
            let comparison = RasterComparison.compare(RasterScene(&choices))
            #expect(comparison.isClean, "\(name): \(comparison)")
        }
    }

    @Test("A quad turned by every multiple of π/4, exactly and within 1e-7, covers what the reference covers", arguments: -8...8)
    func exactAngles(_ multiple: Int) {
        for offset in [0, 1e-7, -1e-7, 1e-12] {
            let angle = Double(multiple) * Double.pi / 4 + offset
            // 30 × 12 pixels about (32.3, 31.7): unequal sides and centre catch swapped axes.
            let w = 30.0, h = 12.0
            let ux = w * cos(angle), uy = w * sin(angle), vx = -h * sin(angle), vy = h * cos(angle)
            let q = DrawQuad(
                originX: Float(32.3 - (ux + vx) / 2), originY: Float(31.7 - (uy + vy) / 2), uAxisX: Float(ux), uAxisY: Float(uy),
                vAxisX: Float(vx), vAxisY: Float(vy), red: 1, green: 1, blue: 1, alpha: 1)
            let renderer = draw([q], texture: nil, background: .clear)
            var covered = 0, wrong = 0
            for y in 0..<64 {
                for x in 0..<64 {
                    let drawn = renderer.channels(x, y).a > 0
                    if drawn { covered += 1 }
                    if let expected = ReferenceRasterizer.quadCoverage(q, x: x, y: y), expected != drawn { wrong += 1 }
                }
            }
            // 30 × 12 = 360 pixel centres, give or take the edges' pixels.
            #expect(wrong == 0, "angle \(multiple)·π/4 + \(offset)")
            #expect(abs(covered - 360) <= 45, "angle \(multiple)·π/4 + \(offset): \(covered) pixels")
        }
    }

    @Test("Quads with NaN or infinite coordinates draw nothing")
    func nonFinite() {
        for bad in [Float.nan, .infinity, -.infinity] {
            for field in 0..<6 {
                var values: [Float] = [10, 10, 30, 0, 0, 30]
                values[field] = bad
                let q = DrawQuad(
                    originX: values[0], originY: values[1], uAxisX: values[2], uAxisY: values[3], vAxisX: values[4], vAxisY: values[5],
                    red: 1, green: 1, blue: 1, alpha: 1)
                let renderer = draw([q], texture: nil, background: .clear)
                #expect(renderer.words.allSatisfy { $0 == 0 }, "\(bad) in field \(field)")
            }
        }
    }

    @Test("A quad a million pixels wide whose corner lies a million pixels off the canvas covers all of it")
    func huge() {
        let q = DrawQuad(
            originX: -1_000_000, originY: -1_200_000, uAxisX: 2_500_000, uAxisY: 0, vAxisX: 0, vAxisY: 2_500_000, red: 1, green: 1, blue: 1,
            alpha: 1)
        let renderer = draw([q], texture: nil, background: .clear)
        #expect(renderer.words.allSatisfy { $0 == 0xFFFF_FFFF })
    }
}
