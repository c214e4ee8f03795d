// The simulation step, the render-list build, drawing and preset decoding, measured with wall
// clock, throughput and malloc counts (a steady-state step, build and draw must show zero
// mallocs).
//
//   cd Benchmarks && swift package benchmark
//   cd Benchmarks && swift package benchmark --filter "Step.*"
import Benchmark
import Foundation
import SparksCore
import SparksRaster
import SparksSDL

/// The repository folder, holding presets/ and assets/.
let repository: URL = {
    var url = URL(fileURLWithPath: #filePath)
    while !FileManager.default.fileExists(atPath: url.appendingPathComponent("presets").path) {
        url = url.deletingLastPathComponent()
    }
    return url
}()

/// Reads a shipped preset, stopping the benchmark run with the reason when it cannot.
func preset(_ name: String) -> SceneDescription {
    let url = repository.appendingPathComponent("presets/\(name).json")
    switch PresetDecoder.load(
        contentsOf: url, assetDirectories: [repository.appendingPathComponent("assets")], limits: PresetLimits(maxParticles: .max))
    {
    case .success(let description): return description
    case .failure(let error): fatalError("\(error)")
    }
}

/// A scene made on first use (in the benchmark's setup) and kept for its iterations.
final class SteadyScene: @unchecked Sendable {
    private let make: () -> Scene
    private var made: Scene?
    var list = RenderList()

    /// A scene of `presetName` with births scaled to `live` particles (or by `birthRateScale`),
    /// stepped on `threads` threads.
    init(_ presetName: String, live: Double? = nil, birthRateScale: Double = 1, threads: Int = 1) {
        make = {
            var description = preset(presetName)
            if let live { description.scaleBirthRates(toLiveParticles: live) } else { description.scaleBirthRates(by: birthRateScale) }
            let scene = Scene(description, particleLimit: Int((live ?? description.expectedLiveParticles) * 2) + 1_000)
            scene.threadCount = threads
            return scene
        }
    }

    /// The scene, run into its steady state the first time.
    var scene: Scene {
        if let made { return made }
        let scene = make()
        scene.run(until: 2 * scene.longestChainLifetime + 1)
        scene.buildRenderList(into: &list)
        made = scene
        return scene
    }

    /// Builds the scene when the benchmark starts, outside the measurement.
    func prepare() { _ = scene }
}

/// One frame's drawing: the draw list and the CPU rasterizer, kept for the iterations.
final class DrawFrame: @unchecked Sendable {
    private let builder = DrawListBuilder()
    private let renderer: CPURenderer
    private var drawList = DrawList()

    init(size: (Int, Int), threads: Int) {
        renderer = CPURenderer(width: size.0, height: size.1, decoder: SDLImageDecoder())!
        renderer.threadCount = threads
        builder.threadCount = threads
    }

    func draw(_ list: RenderList) {
        builder.build(list, width: renderer.buffer.width, height: renderer.buffer.height, into: &drawList)
        renderer.draw(drawList)
    }
}

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .throughput, .mallocCountTotal],
        timeUnits: .microseconds,
        warmupIterations: 5,
        maxDuration: .seconds(3),
        maxIterations: 10_000)

    // One fixed step (1/60 s) of the shared benchmark workload; divide the wall clock by the
    // live count for ns per particle-update.
    for (live, threads) in [(10_000.0, 1), (100_000.0, 1), (1_000_000.0, 1), (1_000_000.0, 2)] {
        let steady = SteadyScene("bench-anchor", live: live, threads: threads)
        Benchmark(
            "Step bench-anchor \(Int(live / 1000))k live, \(threads) thread\(threads > 1 ? "s" : "")",
            closure: { _ in steady.scene.step() },
            setup: { steady.prepare() })
    }

    // The fire preset at 100 times its birth rate (50,000 particles per second).
    let fire = SteadyScene("fire", birthRateScale: 100)
    Benchmark("Step fire ×100 (50k live)", closure: { _ in fire.scene.step() }, setup: { fire.prepare() })

    // Building the render list: 10,000 and 100,000 particles, additive; and a replicator
    // scene's list, 100 animated instances (a keyframe path per instance).
    let lists = [
        ("bench-anchor 10k", SteadyScene("bench-anchor", live: 10_000)),
        ("bench-anchor 100k", SteadyScene("bench-anchor", live: 100_000)),
        ("orbit (100 animated instances)", SteadyScene("orbit")),
    ]
    for (name, steady) in lists {
        Benchmark(
            "RenderList build \(name)",
            closure: { _ in
                steady.scene.buildRenderList(into: &steady.list)
                blackHole(steady.list.quads.count)
            },
            setup: { steady.prepare() })
    }

    // The same list drawn between two steps (a game's frame at 144 Hz: half a step ahead),
    // each particle where the step's motion puts it then.
    let ahead = SteadyScene("bench-anchor", live: 100_000)
    Benchmark(
        "RenderList build bench-anchor 100k, half a step ahead",
        closure: { _ in
            ahead.scene.buildRenderList(into: &ahead.list, ahead: ahead.scene.stepDuration / 2)
            blackHole(ahead.list.quads.count)
        },
        setup: { ahead.prepare() })

    // Drawing a frame with the CPU rasterizer: resolving the render list into the draw list
    // and rasterizing it, at 640 × 480 for the benchmark workload (the size of the C and LÖVE
    // references in ../shared/bench) and at the canvas size for the fire at 20 times its
    // birth rate (10,000 large additive puffs). The first frames load the textures.
    let draws: [(String, SteadyScene, (Int, Int), Int)] = [
        ("bench-anchor 10k, 640×480", SteadyScene("bench-anchor", live: 10_000), (640, 480), 1),
        ("bench-anchor 100k, 640×480", SteadyScene("bench-anchor", live: 100_000), (640, 480), 1),
        ("bench-anchor 100k, 640×480, 2 threads", SteadyScene("bench-anchor", live: 100_000), (640, 480), 2),
        ("fire ×20, 800×600, 2 threads", SteadyScene("fire", birthRateScale: 20), (800, 600), 2),
    ]
    for (name, steady, size, threads) in draws {
        let frame = DrawFrame(size: size, threads: threads)
        Benchmark(
            "Draw \(name)",
            closure: { _ in frame.draw(steady.list) },
            setup: {
                steady.prepare()
                for _ in 0..<3 { frame.draw(steady.list) }
            })
    }

    // Decoding presets from their JSON text: a small emitter, a large multi-cell one, a
    // replicator tree with animations.
    for name in ["fire", "fireworks", "neon-ring"] {
        let url = repository.appendingPathComponent("presets/\(name).json")
        let assets = [repository.appendingPathComponent("assets")]
        Benchmark(
            "Preset decode \(name)",
            configuration: .init(metrics: [.wallClock, .throughput, .mallocCountTotal], timeUnits: .microseconds),
            closure: { _ in
                blackHole(PresetDecoder.load(contentsOf: url, assetDirectories: assets, limits: .standard))
            })
    }

    // A minifier's output: a 1 MB preset on one line (10,000 layers). Positions for messages
    // are worked out only for diagnostics, so this parses in linear time.
    let oneLine = FileManager.default.temporaryDirectory.appendingPathComponent("sparks-benchmark-one-line.json")
    Benchmark(
        "Preset decode 1 MB on one line",
        configuration: .init(metrics: [.wallClock, .throughput, .mallocCountTotal], timeUnits: .milliseconds, maxIterations: 20),
        closure: { _ in
            blackHole(PresetDecoder.load(contentsOf: oneLine, assetDirectories: [], limits: .standard))
        },
        setup: {
            let layer =
                ##"{"name":"layer","position":[120.5,80.25],"bounds":[0,0,10,10],"backgroundColor":"#ff8800","opacity":0.5,"cornerRadius":2}"##
            let text =
                #"{"name":"one-line","canvas":{"width":800,"height":600},"layers":["#
                + Array(repeating: layer, count: 10_000).joined(separator: ",") + "]}"
            try? text.write(to: oneLine, atomically: true, encoding: .utf8)
        })
}
