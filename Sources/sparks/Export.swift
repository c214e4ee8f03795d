import ArgumentParser
import Foundation
import SparksCommandSupport
import SparksCore
import SparksExport

struct Export: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write a preset as iOS code (a UIView subclass in Swift or Objective-C) or as a Core Animation bundle (.ca).",
        discussion: """
            Code: the view's intrinsicContentSize is the canvas and its background the canvas's; \
            each root layer is made by a method returning the configured layer, with every \
            property that differs from Core Animation's default, cells and sub-cells, animations \
            and their timing, and images by name (add the preset's images to the app's asset \
            catalogue). `sparks import` reads the code back to the same effect.

            CAML: a .ca folder iOS loads as a layer tree (main.caml, index.xml, and the images in \
            assets/): a root layer the size of the canvas, coloured as its background, holding \
            the preset's layers. `sparks run`, `render` and `import` read the folder back to the \
            same preset. An earlier bundle at --out is replaced; nothing else is overwritten.

            Examples:
              sparks export swift fire --out FireView.swift
              sparks export objc presets/neon.json --out NeonView.m
              sparks export caml fire --out Fire.ca
              sparks export --format caml presets/snow.json
            """)

    @Argument(help: "The format (swift, objc or caml), then the preset; with --format, the preset alone.")
    var first: String

    @Argument(help: ArgumentHelp("A preset name from presets/ or a path to a .json file (or any file Sparks opens).", valueName: "preset"))
    var second: String?

    @Option(help: ArgumentHelp("swift, objc or caml, instead of naming it first.", valueName: "format"))
    var format: String?

    @Option(
        help: ArgumentHelp(
            "The file to write (default: print the code), or for caml the .ca folder (default: NAME.ca here).", valueName: "FILE"))
    var out: String?

    func run() throws {
        let formatName: String, preset: String
        if let format {
            guard second == nil else { throw ValidationError("with --format, give only the preset (got \"\(first)\" and \"\(second!)\")") }
            (formatName, preset) = (format, first)
        } else {
            guard let second else {
                throw ValidationError("name the format first: sparks export swift|objc|caml \(first) (or --format caml \(first))")
            }
            (formatName, preset) = (first, second)
        }
        let lowered = formatName.lowercased()
        let language = CodeExporter.Language(rawValue: lowered) ?? (lowered == "objective-c" ? .objc : nil)
        guard language != nil || lowered == "caml" || lowered == "ca" else {
            throw ValidationError("the format must be swift, objc or caml, got \"\(formatName)\"")
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
        guard let language else {
            let folder = URL(fileURLWithPath: out ?? CAMLBundle.defaultFolderName(for: scene.name))
            let notes: [String]
            do {
                notes = try CAMLBundle.write(scene, to: folder)
            } catch let refusal as ExportRefusal {
                throw CommandError("\(locator.displayName(url)): \(refusal); nothing exported")
            }
            for note in notes { StandardStream.error.write("\(note) (note)\n") }
            StandardStream.error.write("wrote \(folder.path) (main.caml, index.xml, assets/)\n")
            return
        }
        let code: String
        do {
            code = try CodeExporter(language: language).code(for: scene)
        } catch {
            throw CommandError("\(locator.displayName(url)): \(error); nothing exported")
        }
        if let out {
            try Data(code.utf8).write(to: URL(fileURLWithPath: out), options: .atomic)
            StandardStream.error.write("wrote \(out) (class \(CodeExporter.className(for: scene.name)))\n")
        } else {
            StandardStream.output.write(code)
        }
    }
}
