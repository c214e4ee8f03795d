// swift-tools-version: 6.1
// Coverage-guided fuzzers (libFuzzer) for what reads untrusted input: the JSON parser, the
// preset decoder (and the scene and drawing of what it accepts), PNG decoding, the Swift and
// Objective-C importers, effect files of other tools (SpriteKit, Particle Designer, CAML),
// random sequences of C API calls, and the CPU rasterizer against the
// reference rasterizer (random scenes made from the input).
//
//   make fuzz SECONDS=600                   (from the repository: builds, seeds, runs each, reports)
//   cd FuzzTesting && swift build -c release -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library
//
// A package of its own: the fuzzing instrumentation stays out of the main build. Every input a
// fuzzer finds a problem with is kept in FailCases/NAME/ and replayed by the ordinary tests.
import PackageDescription

let package = Package(
    name: "SparksFuzzTesting",
    dependencies: [.package(name: "Sparks", path: "..")],
    targets: [
        .target(name: "FuzzDriver"),
        .executableTarget(name: "FuzzJSON", dependencies: ["FuzzDriver", .product(name: "SparksFuzzing", package: "Sparks")]),
        .executableTarget(name: "FuzzPreset", dependencies: ["FuzzDriver", .product(name: "SparksFuzzing", package: "Sparks")]),
        .executableTarget(name: "FuzzPNG", dependencies: ["FuzzDriver", .product(name: "SparksFuzzing", package: "Sparks")]),
        .executableTarget(name: "FuzzRaster", dependencies: ["FuzzDriver", .product(name: "SparksFuzzing", package: "Sparks")]),
        .executableTarget(name: "FuzzSwiftImport", dependencies: ["FuzzDriver", .product(name: "SparksFuzzing", package: "Sparks")]),
        .executableTarget(name: "FuzzObjCImport", dependencies: ["FuzzDriver", .product(name: "SparksFuzzing", package: "Sparks")]),
        .executableTarget(name: "FuzzCAPI", dependencies: ["FuzzDriver", .product(name: "SparksFuzzing", package: "Sparks")]),
        .executableTarget(name: "FuzzEffectFile", dependencies: ["FuzzDriver", .product(name: "SparksFuzzing", package: "Sparks")]),
    ],
    swiftLanguageModes: [.v6]
)
