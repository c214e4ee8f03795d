import Foundation

// libFuzzer's driver, started from the executable's own entry point. (SwiftPM names an
// executable's entry `MODULE_main` and links `main` to it; fuzzers are built as libraries with
// -parse-as-library, so each defines that entry and hands libFuzzer its one-input function.)

/// libFuzzer's driver (from its runtime, linked by -sanitize=fuzzer).
@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<Int32>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32
) -> Int32

/// Runs libFuzzer with the program's arguments and `test` for each input.
public func runFuzzer(
    _ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?, _ test: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32
) -> Int32 {
    var count = argc
    var arguments = argv
    return LLVMFuzzerRunDriver(&count, &arguments, test)
}

/// Hands libFuzzer's input to `target` as bytes (what each fuzzer's `LLVMFuzzerTestOneInput` does).
public func feed(_ data: UnsafePointer<UInt8>?, _ count: Int, to target: ([UInt8]) -> Void) -> Int32 {
    guard let data else { return 0 }
    target(Array(UnsafeRawBufferPointer(start: data, count: count)))
    return 0
}

/// Images presets and effect files may name: SPARKS_FUZZ_ASSETS, or the repository's assets/.
public enum FuzzAssets {
    public static let folder =
        ProcessInfo.processInfo.environment["SPARKS_FUZZ_ASSETS"].map { URL(fileURLWithPath: $0) }
        ?? URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../../assets").standardizedFileURL
}
