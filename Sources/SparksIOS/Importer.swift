import Foundation
import SparksCore

/// A message of an import: a statement skipped (what could not be translated, and why) or a
/// note on a choice made (a random value fixed, a timer turned into an animation).
public struct ImportMessage: Hashable, Sendable, CustomStringConvertible {
    /// What the message is.
    public enum Kind: String, Sendable {
        /// A statement that was not translated.
        case skipped
        /// A choice the import made, or code it did not run.
        case note
    }

    /// Skipped or note.
    public var kind: Kind
    /// The file, as named on the command line.
    public var file: String
    /// 1-based line.
    public var line: Int
    /// 1-based column.
    public var column: Int
    /// The reason or the note.
    public var text: String

    /// `FILE:LINE:COLUMN: skipped: reason`, on one line (what a terminal would act on escaped).
    public var description: String { TerminalText.escaped("\(file):\(line):\(column): \(kind.rawValue): \(text)") }
}

/// A texture the import made because the code names an image Sparks does not have: a shape
/// the name suggests (star, heart, confetti, snowflake, triangle, circle) or a soft dot.
public struct StandInTexture: Sendable {
    /// The file name to write beside the preset (`spark.png`).
    public var fileName: String
    /// Width and height in pixels.
    public var size: Int
    /// RGBA bytes, straight alpha, row by row.
    public var rgba: [UInt8]
}

/// What an import gives: the scene, the preset text, textures to write, and messages.
public struct ImportResult: Sendable {
    /// The effect the code builds.
    public var scene: SceneDescription
    /// The preset JSON (with `$schema`), ready to write.
    public var preset: String
    /// Textures to write next to the preset.
    public var standIns: [StandInTexture]
    /// Skipped statements and notes, in the order they arose.
    public var messages: [ImportMessage]
    /// Images the code draws (in an image context), each to be drawn into a file beside the
    /// preset.
    public var drawnImages: [DrawnImage] = []
    /// What ran, in order, one line each, indented by call depth: the life-cycle methods, entry
    /// points and `--call`s with their arguments (given, defaults or stand-ins), the methods they
    /// called, and the values `--define` gave.
    public var explanation: [String] = []
}

/// Why an import gives no preset.
public struct ImportError: Error, CustomStringConvertible, Sendable {
    /// What went wrong, one problem per line (what a terminal would act on escaped).
    public var description: String {
        get { text }
        set { text = TerminalText.escaped(newValue, keepingLines: true) }
    }
    private var text = ""

    /// An error saying `description`.
    public init(description: String) { self.description = description }
}

/// Reads iOS code (Swift, or Objective-C `.m`/`.h`) that sets up Core Animation layers and
/// returns the effect as a Sparks scene and preset.
///
/// The code runs as the view or view controller would when it appears (initialisers,
/// `awakeFromNib`, `viewDidLoad`, `didMoveToWindow`, `layoutSubviews`, …) against a host
/// view of `canvas` size; methods that create and add emitter or replicator layers run too.
/// What cannot be translated is skipped and reported.
public struct Importer: Sendable {
    /// The source files: name (for messages and the language, by extension) and text.
    public var sources: [(name: String, text: String)]
    /// The host view's size; nil: the view's `intrinsicContentSize` if it gives one, else 375×667.
    public var canvas: Size?
    /// Values for names the code leaves open (`--define intensity=0.8`).
    public var defines: [String: String] = [:]
    /// Methods to run besides those that run when a view appears (`--call stop`).
    public var calls: [String] = []
    /// The preset's name.
    public var name: String?
    /// Folders where `UIImage(named:)` files are looked for (the output's folder, assets/).
    public var imageFolders: [URL] = []
    /// The scale of the device the code runs on: `UIScreen.main.scale`, and the `@2x`/`@3x`
    /// variant `UIImage(named:)` loads (1, 2 or 3).
    public var deviceScale = 3

    /// The longest an import may take, in seconds, reading and running included: one that takes
    /// longer ends with an error saying what it was doing. (Its work is bounded by budgets as it
    /// goes; this bounds what they do not foresee.)
    public var timeLimit: Double = Importer.defaultTimeLimit

    /// The default host view size (an iPhone 8's screen, in points).
    public static let defaultCanvas = Size(width: 375, height: 667)
    /// The largest source accepted, per file.
    public static let maxSourceBytes = 2_000_000
    /// The default ``timeLimit``.
    public static let defaultTimeLimit: Double = 20
    /// The stack an import runs on: every bound on nesting (the source gate's, the readers',
    /// the interpreter's) fits in it many times over, in a debug build too.
    static let stackBytes = 512 << 20

    /// Creates an importer of `sources`.
    public init(sources: [(name: String, text: String)], canvas: Size? = nil) {
        self.sources = sources
        self.canvas = canvas
    }

    /// Runs the import: on a thread of its own with a stack every nesting bound fits in, for at
    /// most ``timeLimit`` seconds.
    public func run() throws(ImportError) -> ImportResult {
        let stage = BoundedThread.Stage("starting")
        let outcome = BoundedThread.run(stackBytes: Self.stackBytes, seconds: timeLimit) { [self] in
            Result { () throws(ImportError) in try self.runHere(stage: stage) }
        }
        guard let outcome else {
            throw ImportError(
                description: "the import did not finish within \(PresetNumber.text(timeLimit)) s (it was \(stage.current)); "
                    + "code that sets up an effect imports in a second")
        }
        return try outcome.get()
    }

    private func runHere(stage: BoundedThread.Stage) throws(ImportError) -> ImportResult {
        var files: [SourceFile] = []
        var interfaces: [String: (scene: InterfaceFile.Scene, file: String)] = [:]
        let build = IOSBuildConfiguration(defines: defines)
        for source in sources {
            guard source.text.utf8.count <= Self.maxSourceBytes else {
                throw ImportError(description: "\(source.name): larger than \(Self.maxSourceBytes / 1_000_000) MB; not read")
            }
            stage.set("reading \(source.name)")
            if InterfaceFile.isInterface(source.name) {
                for (controller, scene) in InterfaceFile.read(source.text).scenes {
                    interfaces[controller] = (scene, source.name)
                }
                continue
            }
            let isSwift = source.name.lowercased().hasSuffix(".swift")
            do throws(SourceGate.Refusal) {
                files.append(
                    isSwift
                        ? try SwiftReader.read(source.text, path: source.name, configuration: build)
                        : try ObjCReader.read(source.text, path: source.name, configuration: build))
            } catch {
                throw ImportError(description: "\(source.name):\(error.at.line):\(error.at.column): not read: \(error.message)")
            }
        }
        stage.set("running the code")
        files = Self.joined(files)
        var images = ImageFinder(folders: imageFolders, deviceScale: min(max(deviceScale, 1), 3))
        var defineValues: [String: Value] = [:]
        for (name, text) in defines { defineValues[name] = Self.defineValue(text) }
        let box = ImageBox(finder: images)
        // Without a size given, the view the code draws in: its own intrinsic size, or the
        // controller's view as its storyboard lays it out.
        let laidOut = interfaces.values.sorted { $0.file < $1.file }.lazy.compactMap { $0.scene.root?.frame.size }
            .first { $0.width > 0 && $0.height > 0 }
        let size = canvas ?? Self.intrinsicSize(files) ?? laidOut ?? Self.defaultCanvas
        let interpreter = Interpreter(files: files, canvas: size, defines: defineValues) { name, file, at in
            box.finder.file(for: name, usedIn: file, at: at)
        }
        // Auto Layout places the interfaces' views for the device drawn for.
        interpreter.interfaces = interfaces.mapValues { (scene: $0.scene.laidOut(in: size), file: $0.file) }
        interpreter.deviceScale = images.deviceScale
        interpreter.imageFound = { name in box.finder.found[name] }
        for file in files {
            for (at, note) in file.notes { interpreter.report(.note, note, at: at, file: file.path) }
            for (at, problem) in file.problems { interpreter.report(.skipped, problem, at: at, file: file.path) }
        }
        defer { interpreter.tearDown() }
        do {
            try EntryPoints(interpreter: interpreter, calls: calls).run()
        } catch {
            throw ImportError(description: "\(files.first?.path ?? "import"): \(error.reason)")
        }
        images = box.finder
        for made in images.standInsMade {
            interpreter.messages.append(
                ImportMessage(
                    kind: .note, file: made.usedIn, line: made.at.line, column: made.at.column,
                    text: "no image \"\(made.name)\" beside the preset or in assets/: wrote a stand-in, \(made.fileName)"))
        }
        // A playground's live view is the canvas unless one is given.
        let sceneSize = canvas == nil ? interpreter.liveViewSize ?? size : size
        var scene = SceneBuilder(interpreter: interpreter).scene(name: name ?? Self.defaultName(files), canvas: sceneSize)
        scene.notes = []
        let text = PresetEncoder.encode(scene)
        return ImportResult(
            scene: scene, preset: text, standIns: images.standIns, messages: interpreter.messages, drawnImages: interpreter.drawnImages,
            explanation: interpreter.explanation)
    }

    /// The files read together: each method and property knows its file, and a type's
    /// extensions and categories (in any of the files) join the type's first declaration.
    static func joined(_ files: [SourceFile]) -> [SourceFile] {
        var result = files
        for f in result.indices {
            for t in result[f].types.indices {
                for m in result[f].types[t].methods.indices { result[f].types[t].methods[m].file = result[f].path }
                for p in result[f].types[t].properties.indices { result[f].types[t].properties[p].file = result[f].path }
            }
            for i in result[f].functions.indices { result[f].functions[i].file = result[f].path }
        }
        var firstPlace: [String: (file: Int, type: Int)] = [:]
        for f in result.indices {
            var kept: [TypeDecl] = []
            for type in result[f].types {
                if let place = firstPlace[type.name] {
                    let into = place.file == f ? kept[place.type] : result[place.file].types[place.type]
                    var merged = into
                    merged.methods += type.methods
                    merged.properties += type.properties.filter { p in !merged.properties.contains { $0.name == p.name } }
                    merged.cases += type.cases
                    merged.conformances += type.conformances
                    merged.superclass = merged.superclass ?? type.superclass
                    merged.isEnum = merged.isEnum || type.isEnum
                    merged.isInterfaceOnly = merged.isInterfaceOnly && type.isInterfaceOnly
                    if place.file == f { kept[place.type] = merged } else { result[place.file].types[place.type] = merged }
                } else {
                    firstPlace[type.name] = (f, kept.count)
                    kept.append(type)
                }
            }
            result[f].types = kept
        }
        // An interface whose implementation was not given declares nothing that runs.
        for f in result.indices { result[f].types.removeAll(where: \.isInterfaceOnly) }
        return result
    }

    private final class ImageBox: @unchecked Sendable {
        var finder: ImageFinder
        init(finder: ImageFinder) { self.finder = finder }
    }

    /// `--define` text as a value: a number, true/false, WxH as a size, or text.
    static func defineValue(_ text: String) -> Value {
        if let n = Double(text) { return .number(n) }
        if text == "true" || text == "false" { return .bool(text == "true") }
        let parts = text.split(separator: "x")
        if parts.count == 2, let w = Double(parts[0]), let h = Double(parts[1]) { return .size(Size(width: w, height: h)) }
        return .string(text)
    }

    /// The size an `intrinsicContentSize` of the file's view returns, when it is constant.
    static func intrinsicSize(_ files: [SourceFile]) -> Size? {
        for file in files {
            for type in file.types {
                let body =
                    type.properties.first { $0.name == "intrinsicContentSize" }?.getter
                    ?? type.methods.first { $0.name == "intrinsicContentSize" && $0.parameters.isEmpty }?.body
                guard let body else { continue }
                let interpreter = Interpreter(files: [], canvas: defaultCanvas, defines: [:]) { name, _, _ in name }
                defer { interpreter.tearDown() }
                if let v = try? interpreter.callBody(
                    body, parameters: [], arguments: [], captured: nil, selfObject: nil, name: "size", at: type.at),
                    case .size(let s) = v, s.width >= 1, s.height >= 1, s.width <= 8192, s.height <= 8192
                {
                    return s
                }
            }
        }
        return nil
    }

    static func defaultName(_ files: [SourceFile]) -> String {
        if let type = files.lazy.flatMap(\.types).first(where: { $0.superclass != nil }) { return type.name }
        return URL(fileURLWithPath: files.first?.path ?? "imported").deletingPathExtension().lastPathComponent
    }
}
