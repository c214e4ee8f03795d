import ArgumentParser
import Foundation
import SparksCommandSupport
import SparksCore

struct Schema: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print the JSON Schema of preset files (presets/sparks.schema.json), or the key reference.",
        discussion: """
            Generated from the same property tables the preset reader uses. A preset names it \
            with "$schema": "sparks.schema.json" so editors complete and check its keys; for a \
            preset outside presets/, write the schema beside it:

              sparks schema --out my-effects/sparks.schema.json

            --keys prints every key as a Markdown reference instead (docs/keys.md): the values \
            it takes, its default and what it does.
            """)

    @Option(help: ArgumentHelp("Write to this file instead of printing.", valueName: "FILE"))
    var out: String?

    @Flag(help: "Print the key reference (Markdown) instead of the JSON Schema.")
    var keys = false

    func run() throws {
        let text = keys ? PresetKeyReference.markdown : PresetSchema.text
        if let out {
            try Data(text.utf8).write(to: URL(fileURLWithPath: out), options: .atomic)
            StandardStream.error.write("wrote \(out)\n")
        } else {
            StandardStream.output.write(text)
        }
    }
}

struct New: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Start a new preset: NAME.json, from a preset or from an empty emitter.",
        discussion: """
            Writes NAME.json (in the current folder, or at the path NAME names) with a \
            "$schema" that works where it is: when no sparks.schema.json is beside it, one is \
            written there. Open it with `sparks run NAME.json` and edit it live.

            Examples:
              sparks new campfire --from fire
              sparks new effects/sparkler
            """)

    @Argument(help: "The new preset's name or path (.json is added when missing).")
    var name: String

    @Option(help: ArgumentHelp("Start from this preset (a name from presets/ or a path).", valueName: "PRESET"))
    var from: String?

    @Flag(help: "Replace NAME.json when it exists.")
    var force = false

    func run() throws {
        var url = URL(fileURLWithPath: name)
        if url.pathExtension != "json" { url = url.appendingPathExtension("json") }
        if FileManager.default.fileExists(atPath: url.path), !force {
            throw CommandError("\(url.path) exists; choose another name or pass --force")
        }
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        let locator = PresetLocator()
        let scene = try NewPreset.description(
            named: url.deletingPathExtension().lastPathComponent, from: try from.map { try locator.file(for: $0) }, locator: locator)
        let written = try NewPreset.write(scene, to: url, replace: force)
        StandardStream.error.write("wrote \(written.joined(separator: " and "))\nopen it with: sparks run \(url.path)\n")
    }
}
