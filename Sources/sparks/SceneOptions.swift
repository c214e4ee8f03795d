import ArgumentParser
import Foundation
import SparksCommandSupport
import SparksCore

/// Options shared by the commands that build a scene: which preset, overrides, seed.
struct SceneOptions: ParsableArguments {
    @Argument(help: "A preset name from presets/ (fire, neon, …) or a path to a preset .json file.")
    var preset: String

    @OptionGroup var overrides: SceneOverrides

    @OptionGroup(title: "Stress tests") var stress: StressOptions

    @OptionGroup(title: "Budgets") var budgets: BudgetOptions

    /// The budgets presets are checked against and scenes keep to; --live raises the particle
    /// budget to what it asks for (and the drawing budget with it).
    var limits: PresetLimits { stress.raising(budgets.limits) }

    /// Loads the preset, reporting every problem.
    func loadDescription(locator: PresetLocator, notes: NoteLog = NoteLog()) throws -> (SceneDescription, URL) {
        let url = try locator.file(for: preset)
        switch load(url, locator: locator, notes: notes) {
        case .success(let description): return (description, url)
        case .failure(let error): throw CommandError(error.description)
        }
    }

    /// Reads and checks a preset file and applies --live or --birth-rate-scale (the window
    /// reloads through this). What the preset says that Sparks reads but does not act on is
    /// printed as notes, each once however often the file is read.
    func load(_ url: URL, locator: PresetLocator, notes: NoteLog) -> Result<SceneDescription, PresetError> {
        let result = stress.isGiven ? locator.load(url, limits: limits) { stress.apply(to: &$0) } : locator.load(url, limits: limits)
        if case .success(let description) = result { notes.say(description.notes) }
        return result
    }

    /// Builds a scene from `description` with the overrides applied.
    func makeScene(_ description: SceneDescription, url: URL, locator: PresetLocator) throws -> Scene {
        let scene = Scene(description, limits: limits)
        try prepare(scene, url: url, locator: locator)
        return scene
    }

    /// Applies --seed and every --set to a scene.
    func prepare(_ scene: Scene, url: URL, locator: PresetLocator) throws {
        try overrides.apply(to: scene, url: url, locator: locator)
    }
}

/// Prints each note on standard error once: the window reads its preset again at every save,
/// and a note already said is not repeated.
final class NoteLog {
    private var said: Set<String> = []

    func say(_ notes: [String]) {
        for note in notes where said.insert(note).inserted {
            StandardStream.error.write("\(note) (note)\n")
        }
    }
}

/// `--set` and `--seed`: changes to a scene before it starts.
struct SceneOverrides: ParsableArguments {
    @Option(
        name: .customLong("set"),
        help: ArgumentHelp(
            "Set a property before starting, as LAYER.KEYPATH=VALUE with a layer name and a Core Animation key path, e.g. fireEmitter.emitterCells.fire.birthRate=5000 or fireEmitter.emitterShape=circle. Repeatable. `sparks explain KEY` says what a key takes.",
            valueName: "LAYER.KEYPATH=VALUE"))
    var values: [String] = []

    @Option(help: "Seed for every emitter layer, replacing the preset's seeds.")
    var seed: UInt32?

    /// Applies --seed and every --set to a scene (values are read as the preset's own would be).
    func apply(to scene: Scene, url: URL, locator: PresetLocator) throws {
        let resolver = ResourceResolver(roots: [url.deletingLastPathComponent()] + locator.assetDirectories)
        if let seed { for emitter in scene.emitterLayers { emitter.seed = seed } }
        for override in values {
            guard let equals = override.firstIndex(of: "=") else {
                throw CommandError("--set \(override): expected LAYER.KEYPATH=VALUE")
            }
            let keyPath = String(override[..<equals])
            let text = String(override[override.index(after: equals)...])
            do throws(KeyPathError) {
                try scene.setValue(text: text, forKeyPath: keyPath, resolver: resolver)
            } catch {
                throw CommandError("--set \(override): \(error)")
            }
        }
    }
}
