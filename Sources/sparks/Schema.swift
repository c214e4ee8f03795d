import ArgumentParser
import SparksCore

struct Schema: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print the JSON Schema of preset files (presets/sparks.schema.json).",
        discussion: "Generated from the same property tables the preset reader uses: `sparks schema > presets/sparks.schema.json`.")

    func run() throws {
        print(PresetSchema.text, terminator: "")
    }
}
