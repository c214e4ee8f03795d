import ArgumentParser
import Foundation
import SparksCore

struct Validate: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Check preset files and report every problem.",
        discussion: "Prints each problem as FILE:LINE:COLUMN: PATH: REASON. Exits with status 1 when any file has a problem.")

    @Argument(help: "Preset files (or names from presets/).")
    var files: [String]

    func run() throws {
        let locator = PresetLocator()
        var failed = 0
        for argument in files {
            let url: URL
            do {
                url = try locator.file(for: argument)
            } catch {
                print("\(argument): \(error)")
                failed += 1
                continue
            }
            if Self.isJSONSchema(url) {
                print("\(locator.displayName(url)): skipped (a JSON Schema, not a preset)")
                continue
            }
            switch locator.load(url) {
            case .success:
                print("\(locator.displayName(url)): ok")
            case .failure(let error):
                failed += 1
                for diagnostic in error.diagnostics { print(diagnostic) }
            }
        }
        fflush(nil)
        if failed > 0 {
            FileHandle.standardError.write(Data("\(failed) of \(files.count) file\(files.count == 1 ? "" : "s") failed\n".utf8))
            throw ExitCode(1)
        }
    }

    /// Whether the file is a JSON Schema document (its `$schema` names json-schema.org), such as
    /// presets/sparks.schema.json, which `sparks validate presets/*.json` also matches.
    static func isJSONSchema(_ url: URL) -> Bool {
        guard let data = try? Data(contentsOf: url), let root = try? JSONParser.parse([UInt8](data)),
            case .object(let members) = root.value,
            let schema = members.first(where: { $0.key == "$schema" }), case .string(let value) = schema.value.value
        else { return false }
        return value.contains("json-schema.org")
    }
}
