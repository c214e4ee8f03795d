import ArgumentParser
import Foundation
import SparksCommandSupport
import SparksCore
import SparksRaster
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

            --find-max searches the largest birth-rate scale whose median frame (step, render \
            list and drawing at the output size) fits in 1/--fps seconds: how dense an effect \
            this machine sustains.

            Examples:
              sparks bench fire
              sparks bench bench-anchor --live 1000000 --threads 2
              sparks bench bench-anchor --live 10000 --render --width 640 --height 480
              sparks bench fire neon --json
              sparks bench fire --birth-rate-scale 100 --csv fire.csv
              sparks bench fire --find-max --fps 60 --threads 2
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

    @OptionGroup(title: "Stress tests") var stress: StressOptions

    @Option(help: "Threads for large particle updates (results are identical for any number).")
    var threads: Int = 1

    @Flag(help: "Also draw every frame with the CPU rasterizer (on --threads threads) and time it.")
    var render = false

    @Option(
        help: ArgumentHelp(
            "What --render draws with: cpu (Sparks's rasterizer) or gpu (SDL's GPU renderer, the window's GPU path, on SDL's offscreen driver through EGL: no display needed; each frame waits for the GPU to finish).",
            valueName: "cpu|gpu"))
    var renderer: OffscreenPath = .cpu

    @OptionGroup var size: OutputSize

    @OptionGroup var overrides: SceneOverrides

    @OptionGroup(title: "Budgets") var budgets: BudgetOptions

    @Flag(
        name: .customLong("find-max"),
        help:
            "Find the largest birth-rate scale whose frames (step + render list + draw, p50) fit in 1/--fps seconds; draws as --render does."
    )
    var findMax = false

    @Option(help: "The frame rate --find-max keeps to.")
    var fps: Double = 60

    @Flag(help: "Print JSON (with the per-frame series) instead of a table.")
    var json = false

    @Option(help: "Write the per-frame series as CSV to FILE, frame by frame as they are measured.")
    var csv: String?

    func validate() throws {
        if seconds != nil && frames != nil { throw ValidationError("give --seconds or --frames, not both") }
        if let seconds, !(seconds > 0 && seconds <= 3600) { throw ValidationError("--seconds must be in (0, 3600]") }
        if let frames, !(1...10_000_000).contains(frames) { throw ValidationError("--frames must be in 1…10000000") }
        if let stepRate, !(stepRate.isFinite && SceneDescription.stepRateRange.contains(stepRate)) {
            throw ValidationError("--step-rate must be in 1…1000")
        }
        guard (1...64).contains(threads) else { throw ValidationError("--threads must be in 1…64") }
        if findMax {
            if stress.isGiven {
                throw ValidationError("--find-max searches the birth-rate scale itself: drop --live and --birth-rate-scale")
            }
            if json || csv != nil { throw ValidationError("--find-max prints a table of its search; drop --json and --csv") }
        }
        guard fps.isFinite, (1...1000).contains(fps) else { throw ValidationError("--fps must be in 1…1000") }
    }

    func run() throws {
        let locator = PresetLocator()
        let csvFile = try csv.map { path -> FileHandle in
            guard FileManager.default.createFile(atPath: path, contents: Data("preset,frame,live,step_us,build_us,render_ms\n".utf8)),
                let handle = FileHandle(forWritingAtPath: path)
            else { throw CommandError("cannot write \(path)") }
            handle.seekToEndOfFile()
            return handle
        }
        defer { try? csvFile?.close() }
        if findMax {
            for preset in presets { try findMaximum(preset, locator: locator) }
            return
        }
        var results: [BenchResult] = []
        for preset in presets {
            let result = try measure(preset, locator: locator, csv: csvFile)
            if json { results.append(result) } else { StandardStream.output.write("\(result.table)\n") }
        }
        if json {
            StandardStream.output.write("[")
            for (i, result) in results.enumerated() {
                if i > 0 { StandardStream.output.write(",") }
                try result.writeJSON { StandardStream.output.writeControl(TerminalText.escaped(json: $0)) }
            }
            StandardStream.output.write("]\n")
        }
        if let csv, !json { StandardStream.output.write("wrote the per-frame series to \(csv)\n") }
    }

    /// Runs one preset: warm-up, then the timed frames. `scaleOverride`, `framesOverride` and
    /// `drawsOverride` replace the options (the --find-max search).
    func measure(
        _ preset: String, locator: PresetLocator, csv: FileHandle?, scaleOverride: Double? = nil, framesOverride: Int? = nil,
        drawsOverride: Bool? = nil
    ) throws -> BenchResult {
        let frames = framesOverride ?? self.frames
        let render = drawsOverride ?? self.render
        let url = try locator.file(for: preset)
        let limits = stress.raising(budgets.limits)
        var scale: Double? = 1
        let adjust: ((inout SceneDescription) -> Void)? =
            !stress.isGiven && scaleOverride == nil && stepRate == nil
            ? nil
            : { description in
                if let stepRate { description.stepRate = stepRate }
                scale = stress.apply(to: &description, scale: scaleOverride)
            }
        let description: SceneDescription
        switch locator.load(url, limits: limits, adjust: adjust) {
        case .success(let d): description = d
        case .failure(let error): throw CommandError(error.description)
        }
        if scale == nil, let live = stress.live { throw CommandError("\(description.name) has no emitter to scale to --live \(live)") }
        let scene = Scene(description, limits: limits)
        scene.threadCount = threads
        try overrides.apply(to: scene, url: url, locator: locator)
        let pixels = try size.pixels(for: description.canvas)
        let frameRenderer =
            render ? try renderer.makeRenderer(width: pixels.width, height: pixels.height, maxTextureBytes: limits.maxTextureBytes) : nil
        frameRenderer?.threadCount = threads
        var list = RenderList()

        // Warm up to the steady state, untimed.
        let warmUpSeconds = min(2 * scene.longestChainLifetime, 120)
        let warmUpSteps = Int((warmUpSeconds * description.stepRate).rounded(.up))
        let progress = Progress(label: description.name, enabled: !json && !findMax && isatty(STDERR_FILENO) != 0)
        for i in 0..<warmUpSteps {
            scene.step()
            progress.update("warming up \(i + 1)/\(warmUpSteps) steps")
        }
        let count = frames ?? Int(((seconds ?? 10) * description.stepRate).rounded())
        var record = try BenchRecord(json: json)
        var updates = 0
        var firstCut: DrawBudgetCut?
        var cutFrames = 0
        var cuts = BudgetCutReport()
        for i in 0..<count {
            let liveBefore = scene.liveParticleCount
            let t0 = DispatchTime.now().uptimeNanoseconds
            scene.step()
            let t1 = DispatchTime.now().uptimeNanoseconds
            var frame = BenchFrame(live: scene.liveParticleCount, stepNanoseconds: Double(t1 - t0))
            if let renderer = frameRenderer {
                scene.buildRenderList(into: &list)
                let t2 = DispatchTime.now().uptimeNanoseconds
                renderer.resolve(list)
                let t3 = DispatchTime.now().uptimeNanoseconds
                renderer.draw()
                let t4 = DispatchTime.now().uptimeNanoseconds
                frame.buildNanoseconds = Double(t2 - t1)
                frame.resolveNanoseconds = Double(t3 - t2)
                frame.rasterizeNanoseconds = Double(t4 - t3)
                frame.coveredPixels = renderer.coveredPixels ?? 0
                if let cut = renderer.budgetCut {
                    cutFrames += 1
                    if firstCut == nil { firstCut = cut }
                    cuts.note(cut, at: scene.time)
                }
            }
            updates += liveBefore
            record.add(frame)
            if let csv {
                let row =
                    "\(description.name),\(i + 1),\(frame.live),\(String(format: "%.3f", frame.stepNanoseconds / 1000)),\(String(format: "%.3f", frame.buildNanoseconds / 1000)),\(String(format: "%.4f", frame.renderNanoseconds / 1e6))\n"
                csv.write(Data(row.utf8))
            }
            progress.update("frame \(i + 1)/\(count), \(scene.liveParticleCount) particles")
        }
        progress.finish()
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return BenchResult(
            name: description.name, steps: count, warmUpSteps: warmUpSteps, stepRate: description.stepRate, threads: threads,
            birthRateScale: scale ?? 1, record: record, updates: updates, peakResidentBytes: Int(usage.ru_maxrss) * 1024,
            storageBytes: scene.particleStorageBytes, refusedBirths: scene.budget.refusedBirths,
            stateHash: String(scene.stateHash(), radix: 16), rendered: render, drawnQuads: list.quads.count,
            outputSize: render ? "\(pixels.width)×\(pixels.height)" : "", firstCut: firstCut, cutFrames: cutFrames,
            drawnBy: (frameRenderer as? OffscreenGPURenderer)?.summary)
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
        StandardStream.error.writeControl("\r\u{1B}[K")
        StandardStream.error.write("\(label): \(text())")
    }

    func finish() {
        if shown { StandardStream.error.writeControl("\r\u{1B}[K") }
    }
}

/// What one frame measured.
struct BenchFrame {
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

/// Every frame of a run, summed up in fixed memory; with JSON output the per-frame series are
/// spooled to temporary files as they come.
struct BenchRecord {
    var live = StreamingSummary(), step = StreamingSummary(), build = StreamingSummary()
    var resolve = StreamingSummary(), rasterize = StreamingSummary(), render = StreamingSummary(), covered = StreamingSummary()
    /// A whole frame: step, render list and drawing.
    var frame = StreamingSummary()
    let liveSeries: SpooledSeries?, stepSeries: SpooledSeries?, renderSeries: SpooledSeries?

    init(json: Bool) throws {
        liveSeries = json ? try SpooledSeries() : nil
        stepSeries = json ? try SpooledSeries() : nil
        renderSeries = json ? try SpooledSeries() : nil
    }

    mutating func add(_ frame: BenchFrame) {
        live.add(Double(frame.live))
        step.add(frame.stepNanoseconds)
        build.add(frame.buildNanoseconds)
        resolve.add(frame.resolveNanoseconds)
        rasterize.add(frame.rasterizeNanoseconds)
        render.add(frame.renderNanoseconds)
        covered.add(Double(frame.coveredPixels))
        self.frame.add(frame.stepNanoseconds + frame.buildNanoseconds + frame.renderNanoseconds)
        liveSeries?.append(Double(frame.live), digits: 0)
        stepSeries?.append(frame.stepNanoseconds / 1000, digits: 2)
        renderSeries?.append(frame.renderNanoseconds / 1e6, digits: 2)
    }
}

/// What one preset's run measured.
struct BenchResult {
    let name: String
    let steps: Int
    let warmUpSteps: Int
    let stepRate: Double
    let threads: Int
    let birthRateScale: Double
    let record: BenchRecord
    let updates: Int
    let peakResidentBytes: Int
    let storageBytes: Int
    let refusedBirths: Int
    let stateHash: String
    let rendered: Bool
    let drawnQuads: Int
    let outputSize: String
    /// What the covered-pixel budget first left out of a timed frame, and in how many frames.
    let firstCut: DrawBudgetCut?
    let cutFrames: Int
    /// The GPU that drew (`--renderer gpu`), or nil for the CPU rasterizer.
    var drawnBy: String? = nil

    var totalStepSeconds: Double { record.step.sum / 1e9 }
    /// Nil when no particle was updated (nothing to divide by; JSON null).
    var nsPerUpdate: Double? { updates > 0 ? record.step.sum / Double(updates) : nil }
    var updatesPerSecond: Double { totalStepSeconds > 0 ? Double(updates) / totalStepSeconds : 0 }
    var stepsPerSecond: Double { totalStepSeconds > 0 ? Double(steps) / totalStepSeconds : 0 }
    /// Nil when no particle is alive at the end (JSON null).
    var bytesPerParticle: Double? { record.live.last > 0 ? Double(storageBytes) / record.live.last : nil }
    var buildNsPerParticle: Double { record.live.sum > 0 ? record.build.sum / record.live.sum : 0 }
    /// Drawing (draw list and rasterizing) per live particle.
    var renderNsPerParticle: Double { record.live.sum > 0 ? record.render.sum / record.live.sum : 0 }
    /// Rasterizing per covered pixel (each draw that covers a pixel counts).
    var rasterizeNsPerCoveredPixel: Double { record.covered.sum > 0 ? record.rasterize.sum / record.covered.sum : 0 }

    var table: String {
        func f(_ v: Double, _ digits: Int = 1) -> String { String(format: "%.\(digits)f", v) }
        let r = record
        var lines = [
            "preset            \(name)\(birthRateScale != 1 ? "  (birth rate ×\(f(birthRateScale, 3)))" : "")\(threads > 1 ? "  \(threads) threads" : "")",
            "frames            \(steps) timed at \(f(stepRate, 0)) Hz after \(warmUpSteps) warm-up steps",
            "build             \(SparksBuild.isOptimized ? "optimised" : "not optimised"), \(RasterKernels.active.name) kernels",
            "live particles    min \(Int(r.live.minimum))  mean \(f(r.live.mean, 0))  max \(Int(r.live.maximum))  final \(Int(r.live.last))",
            "step time         p50 \(f(r.step.percentile(0.5) / 1000)) µs  p99 \(f(r.step.percentile(0.99) / 1000)) µs  max \(f(r.step.maximum / 1000)) µs  (\(f(stepsPerSecond, 0)) steps/s)",
            "throughput        \(f(updatesPerSecond / 1e6)) M particle-updates/s  \(nsPerUpdate.map { f($0, 2) } ?? "—") ns per particle-update",
        ]
        if rendered {
            lines.append(
                "render            p50 \(f(r.render.percentile(0.5) / 1e6, 2)) ms  p99 \(f(r.render.percentile(0.99) / 1e6, 2)) ms per frame at \(outputSize), \(drawnBy ?? "\(threads) thread\(threads == 1 ? "" : "s")") (\(drawnQuads) quads)"
            )
            lines.append(
                drawnBy == nil
                    ? "                  \(f(renderNsPerParticle, 1)) ns per particle; \(f(r.covered.mean / 1e6, 2)) M covered pixels, \(f(rasterizeNsPerCoveredPixel, 3)) ns per covered pixel"
                    : "                  \(f(renderNsPerParticle, 1)) ns per particle (the GPU does not count covered pixels)"
            )
            lines.append(
                "                  draw list p50 \(f(r.resolve.percentile(0.5) / 1000)) µs, rasterize p50 \(f(r.rasterize.percentile(0.5) / 1e6, 2)) ms"
            )
            lines.append(
                "render list       p50 \(f(r.build.percentile(0.5) / 1000)) µs per frame, \(f(buildNsPerParticle, 2)) ns per particle")
        }
        lines.append(
            "memory            peak \(f(Double(peakResidentBytes) / 1_048_576)) MiB resident; particles \(f(Double(storageBytes) / 1_048_576)) MiB = \(bytesPerParticle.map { f($0) } ?? "—") bytes per live particle"
        )
        if refusedBirths > 0 { lines.append("budget            \(refusedBirths) births refused") }
        if let firstCut { lines.append("budget            \(cutFrames) frame\(cutFrames == 1 ? "" : "s") cut; the first: \(firstCut)") }
        lines.append("state hash        \(stateHash)")
        return lines.joined(separator: "\n") + "\n"
    }

    /// Writes the result as a JSON object, the per-frame series streamed from their spools.
    func writeJSON(to out: (String) -> Void) throws {
        let r = record
        let series = ["live": r.liveSeries, "step": r.stepSeries, "render": r.renderSeries]
        var o: [String: Any] = [
            "preset": name, "frames": steps, "warmUpSteps": warmUpSteps, "stepRate": stepRate, "threads": threads,
            "optimized": SparksBuild.isOptimized, "kernels": RasterKernels.active.name,
            "birthRateScale": birthRateScale,
            "live": [
                "min": Int(r.live.minimum), "mean": r.live.mean, "max": Int(r.live.maximum), "final": Int(r.live.last),
                "series": "@series:live@",
            ],
            "stepMicroseconds": [
                "p50": r.step.percentile(0.5) / 1000, "p99": r.step.percentile(0.99) / 1000, "max": r.step.maximum / 1000,
                "series": "@series:step@",
            ],
            "stepsPerSecond": stepsPerSecond,
            "particleUpdatesPerSecond": updatesPerSecond, "nsPerParticleUpdate": nsPerUpdate.map { $0 as Any } ?? NSNull(),
            "memory": [
                "peakResidentBytes": peakResidentBytes, "particleStorageBytes": storageBytes,
                "bytesPerLiveParticle": bytesPerParticle.map { $0 as Any } ?? NSNull(),
            ],
            "refusedBirths": refusedBirths, "stateHash": stateHash,
        ]
        if rendered {
            let covered: Any = drawnBy == nil ? r.covered.mean : NSNull()
            o["render"] = [
                "milliseconds": [
                    "p50": r.render.percentile(0.5) / 1e6, "p99": r.render.percentile(0.99) / 1e6, "series": "@series:render@",
                ],
                "renderListMicroseconds": ["p50": r.build.percentile(0.5) / 1000],
                "renderListNsPerParticle": buildNsPerParticle, "quads": drawnQuads,
                "drawListMicroseconds": ["p50": r.resolve.percentile(0.5) / 1000],
                "rasterizeMilliseconds": ["p50": r.rasterize.percentile(0.5) / 1e6],
                "nsPerParticle": renderNsPerParticle, "nsPerCoveredPixel": rasterizeNsPerCoveredPixel,
                "coveredPixels": covered, "threads": threads, "size": outputSize, "drawnBy": drawnBy ?? "cpu",
                "budgetCut": firstCut.map { cut -> Any in
                    ["frames": cutFrames, "layer": cut.layer, "undrawnQuads": cut.undrawnQuads, "maxCoveredPixels": cut.maxCoveredPixels]
                } ?? NSNull(),
            ]
        }
        let text = String(decoding: try JSONSerialization.data(withJSONObject: o, options: [.sortedKeys]), as: UTF8.self)
        // The series stand in as placeholders; each is streamed from its spool in their place.
        var rest = Substring(text)
        while let open = rest.range(of: "\"@series:") {
            out(String(rest[..<open.lowerBound]))
            let afterOpen = rest[open.upperBound...]
            guard let close = afterOpen.range(of: "@\"") else { break }
            let key = String(afterOpen[..<close.lowerBound])
            if let spool = series[key] ?? nil { try spool.writeJSONArray(to: out) } else { out("[]") }
            rest = afterOpen[close.upperBound...]
        }
        out(String(rest))
    }
}
