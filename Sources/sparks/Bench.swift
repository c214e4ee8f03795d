import ArgumentParser
import Foundation
import SparksCore

struct Bench: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Run a preset headless and report particles per frame and throughput.",
        discussion: "No window or display is needed. Timing covers the simulation steps only.")

    @OptionGroup var scene: SceneOptions

    @Option(help: "Simulated seconds to run.")
    var seconds: Double = 10

    @Flag(help: "Print one JSON object instead of a table.")
    var json = false

    func run() throws {
        guard seconds > 0, seconds <= 3600 else { throw ValidationError("--seconds must be in (0, 3600]") }
        let locator = PresetLocator()
        let (description, url) = try scene.loadDescription(locator: locator)
        let sceneObject = try scene.makeScene(description, url: url, locator: locator)
        let steps = Int((seconds * description.stepRate).rounded())
        var live: [Int] = []
        live.reserveCapacity(steps)
        var stepNanoseconds: [Double] = []
        stepNanoseconds.reserveCapacity(steps)
        var updates = 0
        let clock = ContinuousClock()
        sceneObject.startIfNeeded()
        let total = clock.measure {
            for _ in 0..<steps {
                updates += sceneObject.liveParticleCount
                let elapsed = clock.measure { sceneObject.step() }
                stepNanoseconds.append(Double(elapsed.components.attoseconds) / 1e9 + Double(elapsed.components.seconds) * 1e9)
                live.append(sceneObject.liveParticleCount)
            }
        }
        let totalSeconds = Double(total.components.seconds) + Double(total.components.attoseconds) / 1e18
        let stepSum = stepNanoseconds.reduce(0, +)
        let sorted = stepNanoseconds.sorted()
        func percentile(_ p: Double) -> Double { sorted.isEmpty ? 0 : sorted[min(sorted.count - 1, Int(Double(sorted.count - 1) * p))] }
        let mean = Double(live.reduce(0, +)) / Double(max(live.count, 1))
        let stepsPerSecond = Double(steps) / (stepSum / 1e9)
        let nsPerUpdate = updates > 0 ? stepSum / Double(updates) : 0
        let hash = String(sceneObject.stateHash(), radix: 16)
        if json {
            print("""
                {"preset":"\(description.name)","steps":\(steps),"stepRate":\(description.stepRate),\
                "liveMin":\(live.min() ?? 0),"liveMean":\(String(format: "%.1f", mean)),"liveMax":\(live.max() ?? 0),"liveFinal":\(live.last ?? 0),\
                "stepMicrosecondsP50":\(String(format: "%.2f", percentile(0.5) / 1000)),"stepMicrosecondsP99":\(String(format: "%.2f", percentile(0.99) / 1000)),\
                "stepsPerSecond":\(String(format: "%.1f", stepsPerSecond)),"nsPerParticleUpdate":\(String(format: "%.2f", nsPerUpdate)),\
                "refusedBirths":\(sceneObject.budget.refusedBirths),"stateHash":"\(hash)"}
                """)
        } else {
            print("preset            \(description.name)\(scene.birthRateScale.map { "  (birth rate ×\($0))" } ?? "")")
            print("simulated         \(String(format: "%.1f", seconds)) s = \(steps) steps at \(Int(description.stepRate)) Hz, in \(String(format: "%.2f", totalSeconds)) s")
            print("live particles    min \(live.min() ?? 0)  mean \(String(format: "%.0f", mean))  max \(live.max() ?? 0)  final \(live.last ?? 0)")
            print("step time         p50 \(String(format: "%.1f", percentile(0.5) / 1000)) µs  p99 \(String(format: "%.1f", percentile(0.99) / 1000)) µs  max \(String(format: "%.1f", (sorted.last ?? 0) / 1000)) µs")
            print("throughput        \(String(format: "%.0f", stepsPerSecond)) steps/s  \(String(format: "%.2f", nsPerUpdate)) ns per particle-update")
            if sceneObject.budget.refusedBirths > 0 { print("budget            \(sceneObject.budget.refusedBirths) births refused (limit \(sceneObject.budget.limit))") }
            print("state hash        \(hash)")
        }
    }
}
