import ArgumentParser
import Foundation
import SparksCore
import SparksSDL

#if canImport(Glibc)
import Glibc
#endif

struct Bench: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Run presets headless and report particles per frame and throughput.",
        discussion: """
            No window or display is needed. Each preset first runs untimed until it reaches its \
            steady state (twice its longest particle lifetime), then --seconds of frames are \
            timed; a frame is one fixed step (and, with --render, one image). One particle-update \
            is one live particle advanced one step, births and deaths included.

            Examples:
              sparks bench fire
              sparks bench bench-anchor --live 1000000 --threads 2
              sparks bench bench-anchor --live 10000 --render --width 640 --height 480
              sparks bench fire neon --json
              sparks bench fire --birth-rate-scale 100 --csv fire.csv
              sparks bench bench-anchor --live 100000 --render --width 640 --threads 2 \\
                --set anchor.emitterCells.particle.magnificationFilter=nearest

            `make bench` builds for this machine's CPU and runs the benchmark workload.
            """)

    @Argument(help: "Presets to measure (names from presets/ or paths).")
    var presets: [String]

    @Option(help: "Timed seconds of scene time per preset.")
    var seconds: Double?

    @Option(help: "Timed frames per preset (instead of --seconds).")
    var frames: Int?

    @Option(name: .customLong("step-rate"), help: "Steps per second (default: the preset's stepRate).")
    var stepRate: Double?

    @Option(name: .customLong("birth-rate-scale"), help: "Multiply every emitter layer's birthRate by K.")
    var birthRateScale: Double?

    @Option(help: "Scale birth rates so about N particles live in steady state (birth rate × mean lifetime).")
    var live: Int?

    @Option(help: "Threads for large particle updates (results are identical for any number).")
    var threads: Int = 1

    @Flag(help: "Also draw every frame with the CPU rasterizer (on --threads threads) and time it.")
    var render = false

    @OptionGroup var size: OutputSize

    @OptionGroup var overrides: SceneOverrides

    @Option(name: .customLong("max-particles"), help: "The particle budget.")
    var maxParticles: Int = ParticleBudget.defaultLimit

    @Flag(help: "Print JSON (with the per-frame series) instead of a table.")
    var json = false

    @Option(help: "Write the per-frame series as CSV to FILE.")
    var csv: String?

    func validate() throws {
        if seconds != nil && frames != nil { throw ValidationError("give --seconds or --frames, not both") }
        if let seconds, !(seconds > 0 && seconds <= 3600) { throw ValidationError("--seconds must be in (0, 3600]") }
        if let frames, !(1...10_000_000).contains(frames) { throw ValidationError("--frames must be in 1…10000000") }
        if let stepRate, !SceneDescription.stepRateRange.contains(stepRate) { throw ValidationError("--step-rate must be in 1…1000") }
        if let live, !(1...PresetLimits.maxLiveOption).contains(live) { throw ValidationError("--live must be between 1 and \(PresetLimits.maxLiveOption)") }
        if live != nil && birthRateScale != nil { throw ValidationError("give --live or --birth-rate-scale, not both") }
        guard (1...64).contains(threads) else { throw ValidationError("--threads must be in 1…64") }
        guard maxParticles > 0 else { throw ValidationError("--max-particles must be positive") }
    }

    func run() throws {
        let locator = PresetLocator()
        var results: [BenchResult] = []
        for preset in presets {
            results.append(try measure(preset, locator: locator))
            if !json { print(results.last!.table) }
        }
        if json {
            let data = try JSONSerialization.data(withJSONObject: results.map(\.json), options: [.prettyPrinted, .sortedKeys])
            print(String(decoding: data, as: UTF8.self))
        }
        if let csv {
            var text = "preset,frame,live,step_us,build_us,render_ms\n"
            for r in results {
                for (i, f) in r.frames.enumerated() {
                    text += "\(r.name),\(i + 1),\(f.live),\(String(format: "%.3f", f.stepNanoseconds / 1000)),\(String(format: "%.3f", f.buildNanoseconds / 1000)),\(String(format: "%.4f", f.renderNanoseconds / 1e6))\n"
                }
            }
            try text.write(toFile: csv, atomically: true, encoding: .utf8)
            if !json { print("wrote the per-frame series to \(csv)") }
        }
    }

    private func measure(_ preset: String, locator: PresetLocator) throws -> BenchResult {
        let url = try locator.file(for: preset)
        // A larger --live needs a larger budget: check against what is asked for.
        let limit = max(maxParticles, Int(Double(live ?? 0) * 1.5))
        var description: SceneDescription
        switch locator.load(url, limits: PresetLimits(maxParticles: live == nil && birthRateScale == nil ? limit : .max)) {
        case .success(let d): description = d
        case .failure(let error): throw CommandError(error.description)
        }
        if let stepRate { description.stepRate = stepRate }
        var scale = birthRateScale ?? 1
        if let live {
            guard let factor = description.scaleBirthRates(toLiveParticles: Double(live)) else {
                throw CommandError("\(description.name) has no emitter to scale to --live \(live)")
            }
            scale = factor
        } else {
            description.scaleBirthRates(by: scale)
        }
        let scene = Scene(description, particleLimit: limit)
        scene.threadCount = threads
        try overrides.apply(to: scene, url: url, locator: locator)
        let pixels = try size.pixels(for: description.canvas)
        let renderer = render ? try OffscreenRenderer(width: pixels.width, height: pixels.height) : nil
        renderer?.threadCount = threads
        var list = RenderList()

        // Warm up to the steady state, untimed.
        let warmUpSeconds = min(2 * scene.longestChainLifetime, 120)
        let warmUpSteps = Int((warmUpSeconds * description.stepRate).rounded(.up))
        let progress = Progress(label: description.name, enabled: !json && isatty(STDERR_FILENO) != 0)
        for i in 0..<warmUpSteps {
            scene.step()
            progress.update("warming up \(i + 1)/\(warmUpSteps) steps")
        }
        let count = frames ?? Int(((seconds ?? 10) * description.stepRate).rounded())
        var records: [BenchResult.Frame] = []
        records.reserveCapacity(count)
        var updates = 0
        for i in 0..<count {
            let liveBefore = scene.liveParticleCount
            let t0 = DispatchTime.now().uptimeNanoseconds
            scene.step()
            let t1 = DispatchTime.now().uptimeNanoseconds
            var frame = BenchResult.Frame(live: scene.liveParticleCount, stepNanoseconds: Double(t1 - t0))
            if let renderer {
                scene.buildRenderList(into: &list)
                let t2 = DispatchTime.now().uptimeNanoseconds
                renderer.resolve(list)
                let t3 = DispatchTime.now().uptimeNanoseconds
                renderer.draw()
                let t4 = DispatchTime.now().uptimeNanoseconds
                frame.buildNanoseconds = Double(t2 - t1)
                frame.resolveNanoseconds = Double(t3 - t2)
                frame.rasterizeNanoseconds = Double(t4 - t3)
                frame.coveredPixels = renderer.statistics.coveredPixels
            }
            updates += liveBefore
            records.append(frame)
            progress.update("frame \(i + 1)/\(count), \(scene.liveParticleCount) particles")
        }
        progress.finish()
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return BenchResult(
            name: description.name, steps: count, warmUpSteps: warmUpSteps, stepRate: description.stepRate, threads: threads,
            birthRateScale: scale, frames: records, updates: updates, peakResidentBytes: Int(usage.ru_maxrss) * 1024,
            storageBytes: scene.particleStorageBytes, refusedBirths: scene.budget.refusedBirths,
            stateHash: String(scene.stateHash(), radix: 16), rendered: render, drawnQuads: list.quads.count,
            outputSize: render ? "\(pixels.width)×\(pixels.height)" : "")
    }
}

/// A progress line on stderr, redrawn at most twice a second.
private final class Progress {
    let label: String
    let enabled: Bool
    private var last: UInt64 = 0
    private var shown = false

    init(label: String, enabled: Bool) {
        self.label = label
        self.enabled = enabled
    }

    func update(_ text: @autoclosure () -> String) {
        guard enabled else { return }
        let now = DispatchTime.now().uptimeNanoseconds
        guard now - last > 500_000_000 else { return }
        last = now
        shown = true
        FileHandle.standardError.write(Data("\r\u{1B}[K\(label): \(text())".utf8))
    }

    func finish() {
        if shown { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
    }
}

/// What one preset's run measured.
struct BenchResult {
    struct Frame {
        var live: Int
        var stepNanoseconds: Double
        /// The render list.
        var buildNanoseconds = 0.0
        /// The draw list (the render list resolved into pixels).
        var resolveNanoseconds = 0.0
        /// The CPU rasterizer.
        var rasterizeNanoseconds = 0.0
        var coveredPixels = 0
        /// Everything after the render list: what a frame costs to draw.
        var renderNanoseconds: Double { resolveNanoseconds + rasterizeNanoseconds }
    }

    let name: String
    let steps: Int
    let warmUpSteps: Int
    let stepRate: Double
    let threads: Int
    let birthRateScale: Double
    let frames: [Frame]
    let updates: Int
    let peakResidentBytes: Int
    let storageBytes: Int
    let refusedBirths: Int
    let stateHash: String
    let rendered: Bool
    let drawnQuads: Int
    let outputSize: String

    private func percentile(_ values: [Double], _ p: Double) -> Double {
        let sorted = values.sorted()
        return sorted.isEmpty ? 0 : sorted[min(sorted.count - 1, Int((Double(sorted.count - 1) * p).rounded()))]
    }

    var live: [Int] { frames.map(\.live) }
    var meanLive: Double { Double(live.reduce(0, +)) / Double(max(live.count, 1)) }
    var stepTimes: [Double] { frames.map(\.stepNanoseconds) }
    var totalStepSeconds: Double { stepTimes.reduce(0, +) / 1e9 }
    var nsPerUpdate: Double { updates > 0 ? stepTimes.reduce(0, +) / Double(updates) : 0 }
    var updatesPerSecond: Double { totalStepSeconds > 0 ? Double(updates) / totalStepSeconds : 0 }
    var stepsPerSecond: Double { totalStepSeconds > 0 ? Double(steps) / totalStepSeconds : 0 }
    var bytesPerParticle: Double { meanLive > 0 ? Double(storageBytes) / Double(live.last ?? 1) : 0 }
    var buildNsPerParticle: Double {
        let particles = Double(live.reduce(0, +))
        return particles > 0 ? frames.map(\.buildNanoseconds).reduce(0, +) / particles : 0
    }
    /// Drawing (draw list and rasterizing) per live particle.
    var renderNsPerParticle: Double {
        let particles = Double(live.reduce(0, +))
        return particles > 0 ? frames.map(\.renderNanoseconds).reduce(0, +) / particles : 0
    }
    /// Rasterizing per covered pixel (each draw that covers a pixel counts it).
    var rasterizeNsPerCoveredPixel: Double {
        let pixels = Double(frames.map(\.coveredPixels).reduce(0, +))
        return pixels > 0 ? frames.map(\.rasterizeNanoseconds).reduce(0, +) / pixels : 0
    }
    var meanCoveredPixels: Double { Double(frames.map(\.coveredPixels).reduce(0, +)) / Double(max(frames.count, 1)) }

    var table: String {
        func f(_ v: Double, _ digits: Int = 1) -> String { String(format: "%.\(digits)f", v) }
        var lines = [
            "preset            \(name)\(birthRateScale != 1 ? "  (birth rate ×\(f(birthRateScale, 3)))" : "")\(threads > 1 ? "  \(threads) threads" : "")",
            "frames            \(steps) timed at \(f(stepRate, 0)) Hz after \(warmUpSteps) warm-up steps",
            "live particles    min \(live.min() ?? 0)  mean \(f(meanLive, 0))  max \(live.max() ?? 0)  final \(live.last ?? 0)",
            "step time         p50 \(f(percentile(stepTimes, 0.5) / 1000)) µs  p99 \(f(percentile(stepTimes, 0.99) / 1000)) µs  max \(f((stepTimes.max() ?? 0) / 1000)) µs  (\(f(stepsPerSecond, 0)) steps/s)",
            "throughput        \(f(updatesPerSecond / 1e6)) M particle-updates/s  \(f(nsPerUpdate, 2)) ns per particle-update",
        ]
        if rendered {
            let draws = frames.map(\.renderNanoseconds), builds = frames.map(\.buildNanoseconds)
            let resolves = frames.map(\.resolveNanoseconds), rasters = frames.map(\.rasterizeNanoseconds)
            lines.append("render            p50 \(f(percentile(draws, 0.5) / 1e6, 2)) ms  p99 \(f(percentile(draws, 0.99) / 1e6, 2)) ms per frame at \(outputSize), \(threads) thread\(threads == 1 ? "" : "s") (\(drawnQuads) quads)")
            lines.append("                  \(f(renderNsPerParticle, 1)) ns per particle; \(f(meanCoveredPixels / 1e6, 2)) M covered pixels, \(f(rasterizeNsPerCoveredPixel, 3)) ns per covered pixel")
            lines.append("                  draw list p50 \(f(percentile(resolves, 0.5) / 1000)) µs, rasterize p50 \(f(percentile(rasters, 0.5) / 1e6, 2)) ms")
            lines.append("render list       p50 \(f(percentile(builds, 0.5) / 1000)) µs per frame, \(f(buildNsPerParticle, 2)) ns per particle")
        }
        lines.append("memory            peak \(f(Double(peakResidentBytes) / 1_048_576)) MiB resident; particles \(f(Double(storageBytes) / 1_048_576)) MiB = \(f(bytesPerParticle)) bytes per live particle")
        if refusedBirths > 0 { lines.append("budget            \(refusedBirths) births refused") }
        lines.append("state hash        \(stateHash)")
        return lines.joined(separator: "\n") + "\n"
    }

    var json: [String: Any] {
        var o: [String: Any] = [
            "preset": name, "frames": steps, "warmUpSteps": warmUpSteps, "stepRate": stepRate, "threads": threads,
            "birthRateScale": birthRateScale,
            "live": ["min": live.min() ?? 0, "mean": meanLive, "max": live.max() ?? 0, "final": live.last ?? 0, "series": live],
            "stepMicroseconds": [
                "p50": percentile(stepTimes, 0.5) / 1000, "p99": percentile(stepTimes, 0.99) / 1000, "max": (stepTimes.max() ?? 0) / 1000,
                "series": stepTimes.map { ($0 / 10).rounded() / 100 },
            ],
            "stepsPerSecond": stepsPerSecond,
            "particleUpdatesPerSecond": updatesPerSecond, "nsPerParticleUpdate": nsPerUpdate,
            "memory": ["peakResidentBytes": peakResidentBytes, "particleStorageBytes": storageBytes, "bytesPerLiveParticle": bytesPerParticle],
            "refusedBirths": refusedBirths, "stateHash": stateHash,
        ]
        if rendered {
            let draws = frames.map(\.renderNanoseconds), builds = frames.map(\.buildNanoseconds)
            o["render"] = [
                "milliseconds": ["p50": percentile(draws, 0.5) / 1e6, "p99": percentile(draws, 0.99) / 1e6, "series": draws.map { ($0 / 1e4).rounded() / 100 }],
                "renderListMicroseconds": ["p50": percentile(builds, 0.5) / 1000],
                "renderListNsPerParticle": buildNsPerParticle, "quads": drawnQuads,
                "drawListMicroseconds": ["p50": percentile(frames.map(\.resolveNanoseconds), 0.5) / 1000],
                "rasterizeMilliseconds": ["p50": percentile(frames.map(\.rasterizeNanoseconds), 0.5) / 1e6],
                "nsPerParticle": renderNsPerParticle, "nsPerCoveredPixel": rasterizeNsPerCoveredPixel,
                "coveredPixels": meanCoveredPixels, "threads": threads, "size": outputSize,
            ]
        }
        return o
    }
}
