import Foundation
import SparksFuzzing
import Testing

/// The folder holding FuzzTesting/.
private let repository: URL = {
    var url = URL(fileURLWithPath: #filePath)
    while !FileManager.default.fileExists(atPath: url.appendingPathComponent("FuzzTesting").path) { url = url.deletingLastPathComponent() }
    return url
}()

@Suite("Every input the fuzzers found a problem with, replayed")
struct FuzzFindsTests {
    /// FuzzTesting/FailCases/NAME/*: the inputs `make fuzz` kept, and the seeds.
    static func inputs(_ fuzzer: String) -> [URL] {
        let folders = [
            repository.appendingPathComponent("FuzzTesting/FailCases/\(fuzzer)"), repository.appendingPathComponent("FuzzTesting/Seeds"),
        ]
        return folders.flatMap { folder in
            ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted().map { folder.appendingPathComponent($0) }
        }
    }

    @Test("The preset decoder, the scene and the rasterizer take each without crashing")
    func presets() throws {
        for input in Self.inputs("FuzzPreset") {
            FuzzTargets.preset([UInt8](try Data(contentsOf: input)), assets: repository.appendingPathComponent("assets"))
        }
    }

    @Test("The JSON parser and the PNG reader take each without crashing")
    func parsers() throws {
        for input in Self.inputs("FuzzJSON") + Self.inputs("FuzzPNG") {
            let bytes = [UInt8](try Data(contentsOf: input))
            FuzzTargets.json(bytes)
            FuzzTargets.pngHeader(bytes)
            FuzzTargets.png(bytes)
        }
    }

    @Test("The Swift and Objective-C importers take each without crashing or hanging")
    func importers() throws {
        for input in Self.inputs("FuzzSwiftImport") { FuzzTargets.importSwift([UInt8](try Data(contentsOf: input))) }
        for input in Self.inputs("FuzzObjCImport") { FuzzTargets.importObjectiveC([UInt8](try Data(contentsOf: input))) }
    }

    @Test("The effect-file readers take each without crashing")
    func effectFiles() throws {
        for input in Self.inputs("FuzzEffectFile") {
            FuzzTargets.effectFile([UInt8](try Data(contentsOf: input)), assets: repository.appendingPathComponent("assets"))
        }
    }

    @Test("The C API takes each sequence of calls without trapping")
    func cAPI() throws {
        for input in Self.inputs("FuzzCAPI") { FuzzTargets.cAPI([UInt8](try Data(contentsOf: input))) }
    }
}
