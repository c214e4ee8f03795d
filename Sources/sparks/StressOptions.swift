import ArgumentParser
import SparksCore

/// `--birth-rate-scale` and `--live`: more (or fewer) particles than the preset asks for, for
/// stress tests in `run`, `render` and `bench`. Both scale the preset as it is read, before its
/// budgets are checked, so a reload in the window keeps the scale.
struct StressOptions: ParsableArguments {
    @Option(
        name: .customLong("birth-rate-scale"),
        help: ArgumentHelp("Multiply every emitter layer's birthRate by K (stress test).", valueName: "K"))
    var birthRateScale: Double?

    @Option(
        help: ArgumentHelp(
            "Scale every emitter layer's birthRate so about N particles live in steady state: birth rate × mean lifetime (stress test).",
            valueName: "N"))
    var live: Int?

    func validate() throws {
        if let birthRateScale, !(birthRateScale.isFinite && birthRateScale >= 0 && birthRateScale <= 1e6) {
            throw ValidationError("--birth-rate-scale must be between 0 and 1000000")
        }
        if let live, !(1...PresetLimits.maxLiveOption).contains(live) {
            throw ValidationError("--live must be between 1 and \(PresetLimits.maxLiveOption)")
        }
        if live != nil && birthRateScale != nil { throw ValidationError("give --live or --birth-rate-scale, not both") }
    }

    /// Whether either option is given.
    var isGiven: Bool { live != nil || birthRateScale != nil }

    /// `limits` with the particle and drawing budgets raised to what --live asks for.
    func raising(_ limits: PresetLimits) -> PresetLimits {
        guard let live else { return limits }
        var raised = limits
        raised.maxParticles = max(limits.maxParticles, live * 3 / 2)
        raised.maxDrawnQuads = max(limits.maxDrawnQuads, live * 3 / 2)
        return raised
    }

    /// Scales `description`'s birth rates by --birth-rate-scale (or `scale` when given: a
    /// search's own) or to --live; returns the factor applied, nil when --live finds no emitter.
    @discardableResult
    func apply(to description: inout SceneDescription, scale: Double? = nil) -> Double? {
        if let live, scale == nil { return description.scaleBirthRates(toLiveParticles: Double(live)) }
        let factor = scale ?? birthRateScale ?? 1
        if factor != 1 { description.scaleBirthRates(by: factor) }
        return factor
    }
}
