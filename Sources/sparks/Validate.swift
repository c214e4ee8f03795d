import ArgumentParser
import Foundation
import SparksCommandSupport
import SparksCore

struct Validate: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Check preset files and report every problem.",
        discussion: """
            Prints each problem as FILE:LINE:COLUMN: PATH: REASON, every problem of every file. \
            Exits with status 1 when any file has a problem. With --json, prints one JSON array \
            for editors and scripts: [{"file", "ok", "problems": [{"line", "column", "path", \
            "message", "suggestion"}]}].
            """)

    @Argument(help: "Preset files, names from presets/, or folders (every .json file in them).")
    var files: [String]

    @Flag(help: "Print the results as JSON.")
    var json = false

    @OptionGroup(title: "Budgets (every command checks the same ones)") var budgets: BudgetOptions

    func run() throws {
        let locator = PresetLocator()
        var failed = 0
        var results: [[String: Any]] = []
        // A folder stands for its presets, in name order.
        var arguments: [String] = []
        for argument in files {
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: argument, isDirectory: &isFolder), isFolder.boolValue,
                !EffectFile.isBundle(URL(fileURLWithPath: argument))
            {
                let names = (try? FileManager.default.contentsOfDirectory(atPath: argument)) ?? []
                let presets = names.filter { $0.hasSuffix(".json") }.sorted()
                if presets.isEmpty { StandardStream.error.write("\(argument): no .json files in this folder\n") }
                arguments += presets.map { URL(fileURLWithPath: argument).appendingPathComponent($0).path }
            } else {
                arguments.append(argument)
            }
        }
        for argument in arguments {
            let url: URL
            do {
                url = try locator.file(for: argument)
            } catch {
                failed += 1
                if json {
                    results.append(["file": argument, "ok": false, "problems": [["message": "\(error)"]]])
                } else {
                    StandardStream.output.write("\(argument): \(error)\n")
                }
                continue
            }
            let name = locator.displayName(url)
            if Self.isJSONSchema(url) {
                if json {
                    results.append(["file": name, "ok": true, "skipped": "a JSON Schema, not a preset", "problems": []])
                } else {
                    StandardStream.output.write("\(name): skipped (a JSON Schema, not a preset)\n")
                }
                continue
            }
            switch locator.load(url, limits: budgets.limits) {
            case .success(let scene):
                if json {
                    results.append(["file": name, "ok": true, "problems": [], "notes": scene.notes])
                } else {
                    StandardStream.output.write("\(name): ok\n")
                    for note in scene.notes { StandardStream.output.write("\(note) (note)\n") }
                }
            case .failure(let error):
                failed += 1
                if json {
                    results.append(["file": name, "ok": false, "problems": error.diagnostics.map(Self.object)])
                } else {
                    for diagnostic in error.diagnostics { StandardStream.output.write("\(diagnostic)\n") }
                }
            }
        }
        if json {
            let data = try JSONSerialization.data(withJSONObject: results, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
            StandardStream.output.writeControl(TerminalText.escaped(json: String(decoding: data, as: UTF8.self)) + "\n")
        }
        fflush(nil)
        if failed > 0 {
            StandardStream.error.write("\(failed) of \(arguments.count) file\(arguments.count == 1 ? "" : "s") failed\n")
            throw ExitCode(1)
        }
    }

    static func object(_ d: PresetDiagnostic) -> [String: Any] {
        var o: [String: Any] = ["path": d.path, "message": d.message, "text": d.description]
        if let l = d.location {
            o["line"] = l.line
            o["column"] = l.column
        }
        if let s = d.suggestion { o["suggestion"] = s }
        return o
    }

    /// Whether the file is a JSON Schema document (its `$schema` names json-schema.org), such as
    /// presets/sparks.schema.json, which `sparks validate presets/*.json` also matches.
    static func isJSONSchema(_ url: URL) -> Bool {
        guard let file = try? CheckedFile.read(url, maxBytes: 1 << 20), let root = try? JSONParser.parse(file.bytes),
            case .object(let members) = root.value,
            let schema = members.first(where: { $0.key == "$schema" }), case .string(let value) = schema.value.value
        else { return false }
        return value.contains("json-schema.org")
    }
}
