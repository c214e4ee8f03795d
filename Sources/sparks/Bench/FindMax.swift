import Foundation
import SparksCommandSupport
import SparksCore

extension Bench {
    /// Timed frames per trial of the search (after each trial's warm-up).
    static let findMaxFrames = 40
    /// Halvings of the interval between a scale that fits and one that does not.
    static let findMaxRefinements = 6

    /// Searches the largest birth-rate scale whose median frame (step, render list and drawing
    /// at the output size) fits in 1/`fps` seconds: doubling (or halving) from 1 until the
    /// answer changes, then narrowing the interval geometrically. Each trial is a fresh scene
    /// warmed up to its steady state. Prints each trial and the result.
    func findMaximum(_ preset: String, locator: PresetLocator) throws {
        let budget = 1 / fps
        func f(_ v: Double, _ digits: Int = 1) -> String { String(format: "%.\(digits)f", v) }
        var name = preset
        var best: (scale: Double, result: BenchResult)?
        func trial(_ scale: Double) throws -> Bool {
            let result = try measure(
                preset, locator: locator, csv: nil, scaleOverride: scale, framesOverride: Self.findMaxFrames, drawsOverride: true)
            name = result.name
            let frame = result.record.frame.percentile(0.5) / 1e9
            let fits = frame <= budget
            say(
                "  ×\(f(scale, 3))  \(Int(result.record.live.mean)) particles  frame p50 \(f(frame * 1000, 2)) ms"
                    + " (step \(f(result.record.step.percentile(0.5) / 1e6, 2)), render list \(f(result.record.build.percentile(0.5) / 1e6, 2)),"
                    + " draw \(f(result.record.render.percentile(0.5) / 1e6, 2)))  \(fits ? "fits" : "too slow")")
            if fits, scale > (best?.scale ?? 0) { best = (scale, result) }
            return fits
        }
        say(
            "finding the largest birth-rate scale of \(preset) that draws at \(f(fps, 0)) fps (\(f(budget * 1000, 2)) ms a frame), \(threads) thread\(threads == 1 ? "" : "s"):"
        )
        var low: Double, high: Double
        if try trial(1) {
            low = 1
            high = 2
            while try trial(high) {
                low = high
                high *= 2
                if high > 1e6 { break }
            }
        } else {
            high = 1
            low = 0.5
            while !(try trial(low)) {
                high = low
                low /= 2
                if low < 1e-4 {
                    StandardStream.output.write("\(name): even ×\(f(low * 2, 4)) does not fit in \(f(budget * 1000, 2)) ms a frame\n")
                    return
                }
            }
        }
        if high <= 1e6 {
            for _ in 0..<Self.findMaxRefinements {
                let middle = (low * high).squareRoot()
                if try trial(middle) { low = middle } else { high = middle }
            }
        }
        guard let best else { return }
        say(
            "\(name): largest birth-rate scale ×\(f(best.scale, 3)) — \(Int(best.result.record.live.mean)) particles,"
                + " frame p50 \(f(best.result.record.frame.percentile(0.5) / 1e6, 2)) ms of \(f(budget * 1000, 2)) ms"
                + " at \(best.result.outputSize) (sparks bench \(preset) --birth-rate-scale \(f(best.scale, 3)) --render)")
    }
}

/// A line of the search's report on standard output (a preset's name in it escaped).
private func say(_ line: String) {
    StandardStream.output.write(line + "\n")
}
