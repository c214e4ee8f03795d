import ArgumentParser
import Foundation
import SparksCommandSupport
import SparksCore
import SparksExport

struct Export: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write a preset as iOS code: a UIView subclass in Swift or Objective-C.",
        discussion: """
            The view's intrinsicContentSize is the canvas and its background the canvas's; each \
            root layer is made by a method returning the configured layer, with every property \
            that differs from Core Animation's default, cells and sub-cells, animations and their \
            timing, and images by name (add the preset's images to the app's asset catalogue). \
            `sparks import` reads the code back to the same effect.

            Examples:
              sparks export swift fire --out FireView.swift
              sparks export objc presets/neon.json --out NeonView.m
            """)

    @Argument(help: "swift or objc.")
    var language: String

    @Argument(help: "A preset name from presets/ or a path to a .json file.")
    var preset: String

    @Option(help: ArgumentHelp("The file to write (default: print the code).", valueName: "FILE"))
    var out: String?

    func run() throws {
        guard
            let language = CodeExporter.Language(rawValue: language.lowercased()) ?? (language.lowercased() == "objective-c" ? .objc : nil)
        else {
            throw ValidationError("the language must be swift or objc, got \"\(language)\"")
        }
        let locator = PresetLocator()
        let url = try locator.file(for: preset)
        let scene: SceneDescription
        switch locator.load(url) {
        case .success(let s): scene = s
        case .failure(let error):
            for d in error.diagnostics { StandardStream.error.write("\(d)\n") }
            throw CommandError("\(locator.displayName(url)) has problems; nothing exported")
        }
        let code = CodeExporter(language: language).code(for: scene)
        if let out {
            try Data(code.utf8).write(to: URL(fileURLWithPath: out), options: .atomic)
            StandardStream.error.write("wrote \(out) (class \(CodeExporter.className(for: scene.name)))\n")
        } else {
            StandardStream.output.write(code)
        }
    }
}
