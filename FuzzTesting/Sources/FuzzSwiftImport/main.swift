import FuzzDriver
import SparksFuzzing

/// One input: a Swift file, imported.
@_cdecl("LLVMFuzzerTestOneInput")
public func testOneInput(_ data: UnsafePointer<UInt8>?, _ count: Int) -> Int32 { feed(data, count, to: FuzzTargets.importSwift) }

/// The program: libFuzzer's driver with the arguments given.
@_cdecl("FuzzSwiftImport_main")
func fuzzMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 { runFuzzer(argc, argv, testOneInput) }
