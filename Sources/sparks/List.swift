import ArgumentParser
import SparksCommandSupport
import SparksCore

struct List: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "List the presets with their descriptions.")

    func run() throws {
        let locator = PresetLocator()
        let files = locator.presetFiles
        guard !files.isEmpty else { throw CommandError(locator.notFoundMessage) }
        let names = files.map { $0.deletingPathExtension().lastPathComponent }
        let width = names.map(\.count).max() ?? 0
        for (name, url) in zip(names, files) {
            let summary: String
            switch locator.load(url) {
            case .success(let description): summary = description.summary ?? ""
            case .failure(let error):
                summary =
                    "(invalid: \(error.diagnostics.count) problem\(error.diagnostics.count == 1 ? "" : "s"); see sparks validate \(name))"
            }
            StandardStream.output.write("\(name.padding(toLength: width + 2, withPad: " ", startingAt: 0) + summary)\n")
        }
    }
}
