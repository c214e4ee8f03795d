import Foundation
import FuzzDriver
import SparksFuzzing

/// One input: a preset, decoded, built, stepped and drawn.
@_cdecl("LLVMFuzzerTestOneInput")
public func testOneInput(_ data: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
    feed(data, count) { FuzzTargets.preset($0, assets: FuzzAssets.folder) }
}

/// The program: libFuzzer's driver with the arguments given.
@_cdecl("FuzzPreset_main")
func fuzzMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 { runFuzzer(argc, argv, testOneInput) }
