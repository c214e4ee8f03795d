import ArgumentParser
import Foundation
import SparksCommandSupport
import SparksCore
import SparksExport
import SparksIOS
import SparksRaster
import SparksSDL

struct Import: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Turn iOS code (Swift or Objective-C) that sets up Core Animation layers, or an effect file, into a preset.",
        discussion: """
            An effect file of another engine is read by its content, whatever its extension: a \
            SpriteKit particle file (.sks), a Particle Designer emitter (.plist, .pex) or a Core \
            Animation archive (.caml, or a .ca folder). The preset is written with the images the \
            file carries or names beside it; what Core Animation cannot say is drawn by a Sparks \
            extension or left out, each said in a note (sparks run, render and validate open \
            these files directly too).

            Reads .swift, .m and .h files and runs what a view or view controller runs when it \
            appears (initialisers, awakeFromNib, viewDidLoad, didMoveToWindow, layoutSubviews, …) \
            and the methods that create and add emitter or replicator layers, against a host view \
            of --canvas size. Layers, cells and animations become a preset that `sparks run` opens \
            as is; images named by UIImage(named:) are found beside the output or in assets/ \
            (NAME.png, NAME@2x.png, NAME@3x.png, or an asset catalog's NAME.imageset: the variant \
            of --scale, as a device of that scale loads it), or a stand-in texture is written.

            Several files are read as one project (a view and its helpers, a class and its \
            extensions); #if is evaluated as an iOS device build. When nothing else adds a layer, \
            the methods that do run as entry points, their parameters given stand-ins (a point the \
            canvas centre, a view the host view, a colour white, a duration 1 s); --call runs a \
            method of your choice, with arguments written as a Swift call.

            Every statement that cannot be translated is reported as FILE:LINE:COLUMN: skipped: \
            REASON, and every choice made (a random value fixed, a timer turned into an animation, \
            a method not run) as a note. Nothing is guessed silently; --explain lists what ran.

            Examples:
              sparks import ConfettiView.swift --out confetti.json
              sparks import FireViewController.m --canvas 800x600 --define intensity=0.8
              sparks import Spinner.swift --call startAnimating --strict
              sparks import Fireworks.swift --call 'show(at: 120x300, color: red)' --explain
              sparks import LikeButton.m LikeButton.h --call 'setSelected:(YES)'
              sparks import Fire.sks --out fire.json
              sparks import Explosion.pex
            """)

    @Argument(
        help:
            "Swift (.swift) or Objective-C (.m, .h) files, and the storyboards or xibs that set what the code does not (a view controller's background); or one effect file (.sks, .plist, .pex, .caml, .ca)."
    )
    var files: [String] = []

    @Option(
        help: ArgumentHelp(
            "The host view's size in points, WIDTHxHEIGHT (default: the view's intrinsicContentSize, else 375x667).", valueName: "WxH"))
    var canvas: String?

    @Option(
        help: ArgumentHelp(
            "The device's scale, 1, 2 or 3 (default 3, an iPhone's): UIScreen.main.scale, and the @2x/@3x image variant"
                + " UIImage(named:) loads, drawn at the cell's or layer's contentsScale as iOS does.", valueName: "N"))
    var scale: Int = 3

    @Option(
        help: ArgumentHelp(
            "A value for a name the code leaves open (a number, true/false, WxH, or text), or a compilation flag that is set"
                + " (--define DEBUG takes #if DEBUG branches). Repeatable.", valueName: "NAME=VALUE"))
    var define: [String] = []

    @Option(
        help: ArgumentHelp(
            "Also run this method or function: a name (stop), or a call with arguments (\"show(at: 120x300, color: red)\";"
                + " a point or size is WxH, a colour a UIColor name); parameters left out get stand-ins, said in a note. Repeatable.",
            valueName: "CALL"))
    var call: [String] = []

    @Option(
        help: ArgumentHelp(
            "The preset to write (default: NAME.json in the current folder, from the first file's name; - prints it).",
            valueName: "PRESET.json"))
    var out: String?

    @Flag(help: "Fail (exit status 1, nothing written) when any statement is skipped.")
    var strict = false

    @Flag(
        help: """
            Print what ran, in order and indented by depth: life-cycle methods, entry points and --calls with their \
            arguments (given, defaults or stand-ins), the methods they called, and the values --define gave.
            """)
    var explain = false

    @Flag(
        help: """
            Print the iOS API the importer understands (Markdown tables by framework: what each call, member or constant \
            gives), then exit. Properties of layers and cells are the preset keys (sparks schema --keys).
            """)
    var api = false

    func validate() throws {
        guard api || !files.isEmpty else { throw ValidationError("Name the Swift or Objective-C files to import (or --api).") }
    }

    func run() throws {
        if api {
            StandardStream.output.write(Importer.understoodAPI)
            return
        }
        let effectFiles = files.filter { EffectImport.isEffectFile(URL(fileURLWithPath: $0)) }
        if !effectFiles.isEmpty {
            guard files.count == 1 else {
                throw ValidationError(
                    "Import one effect file at a time (\(effectFiles.joined(separator: ", ")) \(effectFiles.count == 1 ? "is one" : "are effect files"))."
                )
            }
            try EffectFileImport(source: URL(fileURLWithPath: files[0]), out: out).run()
            return
        }
        var size: Size?
        if let canvas {
            let parts = canvas.lowercased().split(separator: "x")
            guard parts.count == 2, let w = Double(parts[0]), let h = Double(parts[1]), w >= 1, h >= 1, w <= 8192, h <= 8192,
                w == w.rounded(), h == h.rounded()
            else {
                throw ValidationError("--canvas must be WIDTHxHEIGHT in whole points from 1 to 8192, such as 375x667")
            }
            size = Size(width: w, height: h)
        }
        guard (1...3).contains(scale) else {
            throw ValidationError("--scale must be 1, 2 or 3 (a device's pixels per point), got \(scale)")
        }
        var defines: [String: String] = [:]
        for item in define {
            guard let eq = item.firstIndex(of: "=") else {
                // `--define DEBUG`: a flag that is set.
                guard !item.isEmpty else { throw ValidationError("--define takes NAME=VALUE or NAME, got an empty name") }
                defines[item] = "true"
                continue
            }
            guard eq != item.startIndex else { throw ValidationError("--define takes NAME=VALUE or NAME, got \"\(item)\"") }
            defines[String(item[..<eq])] = String(item[item.index(after: eq)...])
        }
        var sources: [(name: String, text: String)] = []
        for file in files {
            let url = URL(fileURLWithPath: file)
            let ext = url.pathExtension.lowercased()
            guard ["swift", "m", "h", "mm", "storyboard", "xib"].contains(ext) else {
                throw CommandError("\(file): not Swift (.swift), Objective-C (.m, .h) or an interface (.storyboard, .xib)")
            }
            let checked: CheckedFile
            do {
                checked = try CheckedFile.read(url, maxBytes: Importer.maxSourceBytes)
            } catch {
                throw CommandError("\(file): \(error.message)")
            }
            guard let text = String(bytes: checked.bytes, encoding: .utf8) ?? String(bytes: checked.bytes, encoding: .isoLatin1) else {
                throw CommandError("\(file): not text")
            }
            sources.append((file, text))
        }
        let locator = PresetLocator()
        let toStdout = out == "-"
        let stem = URL(fileURLWithPath: files[0]).deletingPathExtension().lastPathComponent
        let outURL = URL(fileURLWithPath: toStdout ? "\(stem).json" : (out ?? "\(stem).json"))
        let folder = outURL.deletingLastPathComponent()

        var importer = Importer(sources: sources, canvas: size)
        importer.defines = defines
        importer.calls = call
        importer.name = toStdout || out == nil ? nil : outURL.deletingPathExtension().lastPathComponent
        importer.imageFolders = [folder] + locator.assetDirectories
        importer.deviceScale = scale
        let result: ImportResult
        do {
            result = try importer.run()
        } catch {
            throw CommandError(error.description)
        }
        let skips = result.messages.filter { $0.kind == .skipped }
        if explain {
            let lines = result.explanation.isEmpty ? ["(no method ran)"] : result.explanation
            StandardStream.error.write(("what ran:\n" + lines.map { "  \($0)\n" }.joined()))
        }
        for message in result.messages { StandardStream.error.write("\(message)\n") }
        if strict, !skips.isEmpty {
            throw CommandError("--strict: \(skips.count) statement\(skips.count == 1 ? "" : "s") skipped; nothing written")
        }
        if result.scene.layers.isEmpty {
            throw CommandError("the code adds no layer to the view; nothing to write" + Self.whatToTry(result.messages))
        }
        // Stand-in textures first: the preset is checked with them in place.
        var written: [String] = []
        for standIn in result.standIns {
            let url = folder.appendingPathComponent(standIn.fileName)
            if FileManager.default.fileExists(atPath: url.path) { continue }
            try PixelImage(width: standIn.size, height: standIn.size, rgba: standIn.rgba).writePNG(to: url.path)
            written.append(url.path)
        }
        // Images the code draws, drawn by Sparks's renderer.
        var drawnFiles: [String] = []
        for drawn in result.drawnImages {
            let url = folder.appendingPathComponent(drawn.fileName)
            try Self.picture(of: drawn.drawing).writePNG(to: url.path)
            drawnFiles.append(url.path)
        }
        let decoder = PresetDecoder(
            fileName: outURL.lastPathComponent, resolver: ResourceResolver(roots: [folder] + locator.assetDirectories))
        // What does not validate is left out, each said; the rest is written.
        let (preset, decoded, leftOut) = PresetRepair.decodeLeavingOut(result.preset, with: decoder, defaultName: result.scene.name)
        if case .failure(let error) = decoded {
            for d in error.diagnostics { StandardStream.error.write("\(d)\n") }
            throw CommandError("the imported preset does not validate; nothing written")
        }
        for d in leftOut { StandardStream.error.write("\(d); left out of the preset\n") }
        if toStdout {
            StandardStream.output.write(preset)
        } else {
            try Data(preset.utf8).write(to: outURL, options: .atomic)
        }
        let layers = result.scene.layers.count
        let cells = Self.cellCount(result.scene.layers)
        let shown = out ?? "\(stem).json"
        var summary = "\(toStdout ? "imported" : "wrote \(shown)"): \(layers) layer\(layers == 1 ? "" : "s")"
        if cells > 0 { summary += ", \(cells) emitter cell\(cells == 1 ? "" : "s")" }
        summary += "; \(skips.count) statement\(skips.count == 1 ? "" : "s") skipped"
        if !leftOut.isEmpty { summary += "; \(leftOut.count) value\(leftOut.count == 1 ? "" : "s") left out (not valid in a preset)" }
        let canvas = result.scene.canvas
        summary +=
            "\ndrawn for a \(NumberText.shortest(canvas.width))×\(NumberText.shortest(canvas.height))-point screen at @\(scale)x"
            + " (its images' @\(scale)x files); --canvas WxH and --scale 1|2|3 set the device"
        for file in written { summary += "\nwrote stand-in texture \(file)" }
        for file in drawnFiles { summary += "\nwrote the image the code draws, \(file)" }
        if !toStdout { summary += "\nopen it with: sparks run \(shown)" }
        StandardStream.error.write("\(summary)\n")
    }

    /// When nothing is imported: what the import ran into, from its messages, and what to try.
    static func whatToTry(_ messages: [ImportMessage]) -> String {
        var lines: [String] = []
        let notRun = messages.compactMap { m -> String? in
            guard m.kind == .note, let range = m.text.range(of: "(--call ") else { return nil }
            return String(m.text[range.upperBound...].prefix { $0 != " " && $0 != ")" })
        }
        if !notRun.isEmpty {
            lines.append("methods that change the effect were not run: try --call \(notRun.prefix(4).joined(separator: ", --call "))")
        }
        let flags = messages.compactMap { m -> String? in
            guard m.kind == .note, m.text.hasPrefix("#if"), let range = m.text.range(of: "--define ") else { return nil }
            return String(m.text[range.upperBound...].prefix { $0 != " " })
        }
        if !flags.isEmpty { lines.append("branches of #if were left out: try --define \(flags.prefix(3).joined(separator: " --define "))") }
        let skips = messages.filter { $0.kind == .skipped }
        if !skips.isEmpty {
            lines.append(
                "\(skips.count) statement\(skips.count == 1 ? " was" : "s were") skipped, first: \(skips[0].file):\(skips[0].line): \(skips[0].text)"
            )
        }
        if lines.isEmpty { lines.append("is the method that adds it never called? try --call NAME, or --explain to see what ran") }
        return "\n  " + lines.joined(separator: "\n  ")
    }

    /// A drawing (an image the imported code draws) as pixels, by the offscreen renderer.
    static func picture(of drawing: SceneDescription) throws -> PixelImage {
        let scene = Scene(drawing)
        scene.run(until: 0)
        var list = RenderList()
        scene.buildRenderList(into: &list)
        let renderer = try OffscreenRenderer(width: Int(drawing.canvas.width), height: Int(drawing.canvas.height))
        renderer.render(list)
        return renderer.image()
    }

    static func cellCount(_ layers: [LayerDescription]) -> Int {
        func cells(_ list: [EmitterCell]) -> Int { list.reduce(0) { $0 + 1 + cells($1.emitterCells) } }
        return layers.reduce(0) { $0 + cells($1.content.emitter?.emitterCells ?? []) + cellCount($1.sublayers) }
    }
}
