import FuzzDriver
import SparksFuzzing

/// One input: a sequence of C API calls.
@_cdecl("LLVMFuzzerTestOneInput")
public func testOneInput(_ data: UnsafePointer<UInt8>?, _ count: Int) -> Int32 { feed(data, count, to: FuzzTargets.cAPI) }

/// The program: libFuzzer's driver with the arguments given.
@_cdecl("FuzzCAPI_main")
func fuzzMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 { runFuzzer(argc, argv, testOneInput) }
