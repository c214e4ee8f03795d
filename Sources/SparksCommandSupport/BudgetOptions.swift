import ArgumentParser
import SparksCore

/// The budgets every command checks presets against before doing any work (the same for
/// `validate`, `run`, `render` and `bench`, so `validate` refuses exactly what they would).
package struct BudgetOptions: ParsableArguments {
    @Option(name: .customLong("max-particles"), help: "Most particles simulated at once (1…\(Self.maxParticlesCeiling)).")
    package var maxParticles: Int = ParticleBudget.defaultLimit

    @Option(name: .customLong("max-layer-copies"), help: "Most layer copies drawn per frame, replicators included (1…10000000).")
    package var maxLayerCopies: Int = PresetLimits.defaultMaxDrawnInstances

    @Option(
        name: .customLong("max-drawn-quads"),
        help: "Most quads drawn per frame: particles times their replicated copies, plus layers (1…100000000).")
    package var maxDrawnQuads: Int = PresetLimits.defaultMaxDrawnQuads

    @Option(
        name: .customLong("max-texture-memory"),
        help: "Most memory for decoded images, in MiB, worked out from their headers before decoding (1…16384).")
    package var maxTextureMemory: Int = PresetLimits.defaultMaxTextureBytes >> 20

    @Option(
        name: .customLong("max-covered-pixels"),
        help:
            "Most pixels a frame draws, in millions at the canvas size: particles beyond are left out of that frame (and said once); a preset is never refused for it (1…100000)."
    )
    package var maxCoveredPixels: Double = PresetLimits.defaultMaxCoveredPixels / 1e6

    @Option(name: .customLong("max-prewarm"), help: "Most prewarm work (a negative beginTime), in millions of particle-steps (1…1000000).")
    package var maxPrewarm: Double = PresetLimits.defaultMaxPrewarmWork / 1e6

    @Option(name: .customLong("max-preset-size"), help: "Largest preset file, in MiB (1…1024).")
    package var maxPresetSize: Int = PresetLimits.defaultMaxPresetBytes >> 20

    /// The highest --max-particles accepted (about 6.4 GB of particles).
    package static let maxParticlesCeiling = 100_000_000

    package init() {}

    package func validate() throws {
        func check<T: Comparable & CustomStringConvertible>(_ name: String, _ value: T, _ range: ClosedRange<T>) throws {
            guard range.contains(value) else {
                throw ValidationError("--\(name) must be between \(range.lowerBound) and \(range.upperBound)")
            }
        }
        try check("max-particles", maxParticles, 1...Self.maxParticlesCeiling)
        try check("max-layer-copies", maxLayerCopies, 1...10_000_000)
        try check("max-drawn-quads", maxDrawnQuads, 1...100_000_000)
        try check("max-texture-memory", maxTextureMemory, 1...16_384)
        guard maxCoveredPixels.isFinite else { throw ValidationError("--max-covered-pixels must be a number") }
        try check("max-covered-pixels", maxCoveredPixels, 1...100_000)
        guard maxPrewarm.isFinite else { throw ValidationError("--max-prewarm must be a number") }
        try check("max-prewarm", maxPrewarm, 1...1_000_000)
        try check("max-preset-size", maxPresetSize, 1...1024)
    }

    /// The budgets as the core takes them.
    package var limits: PresetLimits {
        PresetLimits(
            maxParticles: maxParticles, maxDrawnInstances: maxLayerCopies, maxDrawnQuads: maxDrawnQuads,
            maxTextureBytes: maxTextureMemory << 20, maxCoveredPixels: maxCoveredPixels * 1e6,
            maxPrewarmWork: maxPrewarm * 1e6, maxPresetBytes: maxPresetSize << 20)
    }
}

extension BudgetExceeded.Budget {
    /// The option of `sparks` that raises this budget.
    package var option: String {
        switch self {
        case .particles: "--max-particles"
        case .layerCopies: "--max-layer-copies"
        case .drawnQuads: "--max-drawn-quads"
        case .textureMemory: "--max-texture-memory"
        case .prewarm: "--max-prewarm"
        case .presetSize: "--max-preset-size"
        }
    }
}

extension PresetError {
    /// The same problems, each passed budget followed by the option that raises it (the core's
    /// messages say what to change in the preset; the option is the command line's to name).
    package var namingOptions: PresetError {
        PresetError(
            diagnostics.map { problem in
                guard let budget = problem.exceeded?.budget else { return problem }
                var named = problem
                named.message += budget == .presetSize ? "; raise \(budget.option) to read it" : ", or raise \(budget.option)"
                return named
            })
    }
}
