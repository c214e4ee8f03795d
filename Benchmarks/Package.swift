// swift-tools-version: 6.1
// Sparks' benchmarks (ordo-one/benchmark): the simulation step, the render-list build,
// drawing with the CPU rasterizer and preset decoding, with wall-clock, throughput and malloc
// counts.
//
//   cd Benchmarks && swift package benchmark
//
// A package of its own so the main package and its tests never build the benchmark tools.
import PackageDescription

let package = Package(
    name: "SparksBenchmarks",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(name: "Sparks", path: ".."),
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        .executableTarget(
            name: "SparksBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "SparksCore", package: "Sparks"),
                .product(name: "SparksRaster", package: "Sparks"),
                .product(name: "SparksSDL", package: "Sparks"),
            ],
            path: "Benchmarks/SparksBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        )
    ],
    swiftLanguageModes: [.v6]
)
