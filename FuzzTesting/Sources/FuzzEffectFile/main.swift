import Foundation
import FuzzDriver
import SparksFuzzing

/// One input: an effect file (SpriteKit, Particle Designer or CAML), read, built and stepped.
@_cdecl("LLVMFuzzerTestOneInput")
public func testOneInput(_ data: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
    feed(data, count) { FuzzTargets.effectFile($0, assets: FuzzAssets.folder) }
}

/// The program: libFuzzer's driver with the arguments given.
@_cdecl("FuzzEffectFile_main")
func fuzzMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 { runFuzzer(argc, argv, testOneInput) }
