import Foundation
import Testing

/// The release build of `sparks-allocations` (debug builds allocate for unspecialised generics,
/// so only the optimised code says whether the step itself allocates).
let allocationCounter: URL = repositoryRoot.appendingPathComponent(".build/release/sparks-allocations")

/// `make test` builds the counter first and sets this, so a missing build fails instead of skipping.
let allocationCounterRequired = ProcessInfo.processInfo.environment["SPARKS_REQUIRE_ALLOCATION_COUNTER"] == "1"

@Suite("Steady-state allocations")
struct AllocationTests {
    @Test(
        "Stepping, building the render list and drawing it allocate nothing once the storage covers the particles",
        .enabled(
            if: allocationCounterRequired || FileManager.default.isExecutableFile(atPath: allocationCounter.path),
            "needs `swift build -c release --product sparks-allocations` (make test builds it)"),
        arguments: [
            // The benchmark workload on one and two threads; sub-cells; an animated cell
            // birthRate; an emitter moving along a path; a sorted draw order; replicators
            // with animated sublayers and clipping; emitters inside a replicator; a 3-D
            // replicator turned by a value function under a perspective sublayerTransform;
            // gradient layers; shape layers with animated strokes and dashes; every emitter
            // behaviour (on two threads for a large cell); plane particles.
            ("bench-anchor", 100_000, 1), ("bench-anchor", 100_000, 2), ("fire", 20_000, 1),
            ("fireworks", 20_000, 2), ("hearts", 3_000, 1), ("comet", 3_000, 1), ("confetti", 3_000, 1),
            ("orbit", 1, 1), ("equalizer", 1, 1), ("neon-ring", 3_000, 1), ("spinner", 1, 2), ("pulse", 1, 1),
            ("carousel", 1, 1), ("embers", 300, 1), ("loader", 1, 1), ("magic-trail", 3_000, 1), ("swirl", 100_000, 2),
            ("flutter", 3_000, 1), ("celebrate", 3_000, 1),
        ])
    func steadyState(preset: String, live: Int, threads: Int) throws {
        #expect(
            FileManager.default.isExecutableFile(atPath: allocationCounter.path),
            "build it with: swift build -c release --product sparks-allocations")
        let result = try runProgram(
            allocationCounter,
            ["presets/\(preset).json", "assets", "\(live)", "300", "\(threads)"], timeout: 300)
        #expect(result.status == 0, "\(result.error)")
        #expect(result.output.contains("step allocations 0 over 300 steps"), "\(result.output)")
        // The render list and the draw list may grow their arrays when a step happens to hold more
        // particles than any before; they must not allocate per build or per draw.
        for prefix in ["render-list allocations", "draw allocations"] {
            let line = try #require(result.output.split(separator: "\n").first { $0.hasPrefix(prefix) })
            let count = try #require(Int(line.split(separator: " ")[2]))
            #expect(count <= 4, "\(line)")
        }
    }
}
