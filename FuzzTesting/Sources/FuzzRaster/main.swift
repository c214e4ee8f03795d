import FuzzDriver
import SparksFuzzing

/// One input.
@_cdecl("LLVMFuzzerTestOneInput")
public func testOneInput(_ data: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
    guard let data else { return 0 }
    FuzzTargets.raster(Array(UnsafeRawBufferPointer(start: data, count: count)))
    return 0
}

/// The program: libFuzzer's driver with the arguments given.
@_cdecl("FuzzRaster_main")
func fuzzRasterMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    runFuzzer(argc, argv, testOneInput)
}
