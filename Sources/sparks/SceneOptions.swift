import ArgumentParser
import Foundation
import SparksCore

/// Options shared by the commands that build a scene: which preset, overrides, seed.
struct SceneOptions: ParsableArguments {
    @Argument(help: "A preset name from presets/ (fire, neon, …) or a path to a preset .json file.")
    var preset: String

    @Option(
        name: .customLong("set"),
        help: ArgumentHelp(
            "Set a property before starting, as LAYER.KEYPATH=VALUE with a layer name and a Core Animation key path, e.g. fireEmitter.emitterCells.fire.birthRate=5000 or fireEmitter.emitterShape=circle. Repeatable.",
            valueName: "LAYER.KEYPATH=VALUE"))
    var overrides: [String] = []

    @Option(help: "Seed for every emitter layer, replacing the preset's seeds.")
    var seed: UInt32?

    @Option(name: .customLong("birth-rate-scale"), help: "Multiply every emitter layer's birthRate by K (stress test).")
    var birthRateScale: Double?

    @Option(name: .customLong("max-particles"), help: "Most particles alive at once; births beyond are refused.")
    var maxParticles: Int = ParticleBudget.defaultLimit

    /// The budgets presets are checked against.
    var limits: PresetLimits { PresetLimits(maxParticles: maxParticles) }

    /// Loads the preset, reporting every problem.
    func loadDescription(locator: PresetLocator) throws -> (SceneDescription, URL) {
        guard maxParticles > 0 else { throw CommandError("--max-particles must be positive") }
        let url = try locator.file(for: preset)
        switch locator.load(url, limits: limits) {
        case .success(let description): return (description, url)
        case .failure(let error): throw CommandError(error.description)
        }
    }

    /// Builds a scene from `description` with the overrides applied.
    func makeScene(_ description: SceneDescription, url: URL, locator: PresetLocator) throws -> Scene {
        let scene = Scene(description, particleLimit: maxParticles)
        try prepare(scene, url: url, locator: locator)
        return scene
    }

    /// Applies --seed, --birth-rate-scale and every --set to a scene.
    func prepare(_ scene: Scene, url: URL, locator: PresetLocator) throws {
        let decoder = PresetDecoder(
            fileName: "--set", resolver: ResourceResolver(roots: [url.deletingLastPathComponent()] + locator.assetDirectories))
        for emitter in scene.emitterLayers {
            if let seed { emitter.seed = seed }
            if let birthRateScale { emitter.birthRate *= birthRateScale }
        }
        for override in overrides {
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
