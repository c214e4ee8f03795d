import ArgumentParser
import Foundation
import SparksCore

/// Options shared by the commands that build a scene: which preset, overrides, seed.
struct SceneOptions: ParsableArguments {
    @Argument(help: "A preset name from presets/ (fire, neon, …) or a path to a preset .json file.")
    var preset: String

    @OptionGroup var overrides: SceneOverrides

    @Option(name: .customLong("birth-rate-scale"), help: "Multiply every emitter layer's birthRate by K (stress test).")
    var birthRateScale: Double?

    @Option(help: "Scale every emitter layer's birthRate so about N particles live in steady state (stress test).")
    var live: Int?

    @Option(name: .customLong("max-particles"), help: "Most particles alive at once; births beyond are refused.")
    var maxParticles: Int = ParticleBudget.defaultLimit

    func validate() throws {
        guard maxParticles > 0 else { throw ValidationError("--max-particles must be positive") }
        if let live, !(1...PresetLimits.maxLiveOption).contains(live) {
            throw ValidationError("--live must be between 1 and \(PresetLimits.maxLiveOption)")
        }
        if live != nil && birthRateScale != nil { throw ValidationError("give --live or --birth-rate-scale, not both") }
    }

    /// The particle budget: --max-particles, raised to make room for what --live asks for.
    var particleLimit: Int { max(maxParticles, Int(Double(live ?? 0) * 1.5)) }

    /// The budgets presets are checked against (with --live, the particle count is what it asks).
    var limits: PresetLimits { PresetLimits(maxParticles: live == nil ? maxParticles : .max) }

    /// Loads the preset, reporting every problem.
    func loadDescription(locator: PresetLocator) throws -> (SceneDescription, URL) {
        let url = try locator.file(for: preset)
        switch load(url, locator: locator) {
        case .success(let description): return (description, url)
        case .failure(let error): throw CommandError(error.description)
        }
    }

    /// Reads and checks a preset file and applies --live (the window reloads through this).
    func load(_ url: URL, locator: PresetLocator) -> Result<SceneDescription, PresetError> {
        locator.load(url, limits: limits).map { description in
            var scaled = description
            if let live { scaled.scaleBirthRates(toLiveParticles: Double(live)) }
            return scaled
        }
    }

    /// Builds a scene from `description` with the overrides applied.
    func makeScene(_ description: SceneDescription, url: URL, locator: PresetLocator) throws -> Scene {
        let scene = Scene(description, particleLimit: particleLimit)
        try prepare(scene, url: url, locator: locator)
        return scene
    }

    /// Applies --seed, --birth-rate-scale and every --set to a scene.
    func prepare(_ scene: Scene, url: URL, locator: PresetLocator) throws {
        if let birthRateScale { for emitter in scene.emitterLayers { emitter.birthRate *= birthRateScale } }
        try overrides.apply(to: scene, url: url, locator: locator)
    }
}

/// `--set` and `--seed`: changes to a scene before it starts.
struct SceneOverrides: ParsableArguments {
    @Option(
        name: .customLong("set"),
        help: ArgumentHelp(
            "Set a property before starting, as LAYER.KEYPATH=VALUE with a layer name and a Core Animation key path, e.g. fireEmitter.emitterCells.fire.birthRate=5000 or fireEmitter.emitterShape=circle. Repeatable.",
            valueName: "LAYER.KEYPATH=VALUE"))
    var values: [String] = []

    @Option(help: "Seed for every emitter layer, replacing the preset's seeds.")
    var seed: UInt32?

    /// Applies --seed and every --set to a scene (values are read as the preset's own would be).
    func apply(to scene: Scene, url: URL, locator: PresetLocator) throws {
        let decoder = PresetDecoder(
            fileName: "--set", resolver: ResourceResolver(roots: [url.deletingLastPathComponent()] + locator.assetDirectories))
        if let seed { for emitter in scene.emitterLayers { emitter.seed = seed } }
        for override in values {
            guard let equals = override.firstIndex(of: "=") else {
                throw CommandError("--set \(override): expected LAYER.KEYPATH=VALUE")
            }
            let keyPath = String(override[..<equals])
            let text = String(override[override.index(after: equals)...])
            do {
                let kind = try scene.propertyKind(forKeyPath: keyPath)
                switch decoder.decodeValue(text, kind: kind, path: keyPath) {
                case .success(let value): try scene.setValue(value, forKeyPath: keyPath)
                case .failure(let error):
                    throw CommandError("--set \(override): " + error.diagnostics.map { d in
                        d.message + (d.suggestion.map { " — did you mean \"\($0)\"?" } ?? "")
                    }.joined(separator: "; "))
                }
            } catch let error as KeyPathError {
                throw CommandError("--set \(override): \(error)")
            }
        }
    }
}
