import Foundation
import FuzzDriver
import SparksFuzzing

/// Images presets may name: SPARKS_FUZZ_ASSETS, or the repository's assets/.
enum FuzzAssets {
    static let folder =
        ProcessInfo.processInfo.environment["SPARKS_FUZZ_ASSETS"].map { URL(fileURLWithPath: $0) }
        ?? URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../../assets").standardizedFileURL
}

/// One input.
@_cdecl("LLVMFuzzerTestOneInput")
public func testOneInput(_ data: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
    guard let data else { return 0 }
    FuzzTargets.preset(Array(UnsafeRawBufferPointer(start: data, count: count)), assets: FuzzAssets.folder)
    return 0
}

/// The program: libFuzzer's driver with the arguments given.
@_cdecl("FuzzPreset_main")
func fuzzPresetMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    runFuzzer(argc, argv, testOneInput)
}
