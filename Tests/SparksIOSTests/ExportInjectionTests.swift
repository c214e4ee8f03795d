import Foundation
import SparksCore
import SparksExport
import SwiftParser
import SwiftSyntax
import Testing

/// A stranger's preset must never add code to the app of whoever exports it. Every text field
/// the exporters write (the preset's name and description, layer, cell, sub-cell and behaviour
/// names, animation keys and key paths, a text layer's string and font, image file names) is
/// given hostile values; each export must parse (`swiftc -parse`, clang's lexer) and have the
/// same tokens as the export of a harmless preset of the same shape: nothing but the effect,
/// whatever the text held.
@Suite("Hostile text in exported code")
struct ExportInjectionTests {
    static let hostile: [String] = [
        "Nice fire.\nlet x: Void = { print(\"ran\") }()\n//",
        "line\rbreak", "a */ b /* c", "\"); exit(1); (\"", "end\\", "back\\slash\\", "#if true\n#error injected\n#endif",
        "sep\u{2028}arated\u{2029}", "nul\u{0}byte", "rtl\u{202E}txet", "trigraph??/", "\\(evil())", "%@%n%s", "tab\there",
        "nel\u{85}line", "bom\u{FEFF}", "火花", "🔥", "class", "self", "return", "id", "YES", "nil", "_", "9lives", "   ",
        "__attribute__((constructor)) static void f(void) {}", "}\n@end\n@implementation X\n", "/* open", "*/", "\u{1}\u{1F}\u{7F}",
    ]

    /// A preset with every text field set from `text` (numbered so names stay apart), and an
    /// image file named after it when a file can have that name.
    static func preset(_ text: String, imageFolder: URL, keyPathAnimation: Bool) throws -> SceneDescription {
        func s(_ n: Int) -> String {
            let data = try! JSONSerialization.data(withJSONObject: [text + (n == 0 ? "" : "\(n)")], options: [.fragmentsAllowed])
            return String(decoding: data.dropFirst().dropLast(), as: UTF8.self)
        }
        var image = "\"spark.png\""
        // (A file name cannot hold a slash or a NUL; a preset's image name no backslash.)
        if !text.contains("/") && !text.contains("\\") && !text.contains("\u{0}") && !text.hasPrefix(".") && !text.isEmpty {
            let file = imageFolder.appendingPathComponent(text + ".png")
            if !FileManager.default.fileExists(atPath: file.path) {
                try FileManager.default.copyItem(at: assetsFolder.appendingPathComponent("spark.png"), to: file)
            }
            image = s(0).dropLast() + ".png\""
        }
        let animation =
            keyPathAnimation
            ? #", { "type": "basic", "key": \#(s(9)), "keyPath": "emitterCells.\#(s(2).dropFirst().dropLast()).birthRate", "fromValue": 1, "toValue": 2, "duration": 1 }"#
            : ""
        let json = """
            { "name": \(s(0)), "description": \(s(1)), "canvas": { "width": 400, "height": 300 },
              "layers": [
                { "type": "emitter", "name": \(s(3)), "position": [200, 150],
                  "emitterCells": [ { "name": \(s(2)), "contents": \(image), "birthRate": 5, "lifetime": 1,
                    "emitterCells": [ { "name": \(s(4)), "contents": "spark.png", "birthRate": 1, "lifetime": 1 } ] } ],
                  "emitterBehaviors": [ { "type": "drag", "name": \(s(5)), "drag": 1 } ],
                  "animations": [ { "type": "basic", "key": \(s(6)), "keyPath": "opacity", "fromValue": 1, "toValue": 0.5, "duration": 1 }\(animation) ],
                  "sublayers": [ { "type": "text", "name": \(s(7)), "string": \(s(8)), "font": \(s(10)), "bounds": [0, 0, 100, 20] } ] },
                { "type": "layer", "name": \(s(11)), "contents": \(image), "bounds": [0, 0, 16, 16], "position": [20, 20] }
              ] }
            """
        let decoder = PresetDecoder(fileName: "hostile.json", resolver: ResourceResolver(roots: [imageFolder, assetsFolder]))
        return try decoder.decode(Array(json.utf8), defaultName: "hostile").get()
    }

    /// Swift's tokens with identifiers and string contents blanked: the shape of the code.
    static func swiftShape(_ code: String) -> (shape: [String], hasError: Bool) {
        let tree = Parser.parse(source: code)
        var shape: [String] = []
        for token in tree.tokens(viewMode: .sourceAccurate) {
            switch token.tokenKind {
            case .identifier: shape.append("ID")
            // A literal's text comes in segments split at escapes: one STR for all of them.
            case .stringSegment: if shape.last != "STR" { shape.append("STR") }
            default: shape.append(token.text)
            }
        }
        return (shape, tree.hasError)
    }

    /// Objective-C's tokens as clang's lexer reads them, identifiers and string literals
    /// blanked, and anything clang said about the text.
    static func objcShape(_ code: String, in folder: URL) throws -> (shape: [String], problems: [String]) {
        let stub = folder.appendingPathComponent("stub/UIKit")
        try FileManager.default.createDirectory(at: stub, withIntermediateDirectories: true)
        try Data().write(to: stub.appendingPathComponent("UIKit.h"))
        let file = folder.appendingPathComponent("Effect-\(UUID().uuidString).m")
        try Data(code.utf8).write(to: file)
        let said = try run(
            "clang",
            ["-x", "objective-c", "-Xclang", "-dump-tokens", "-fsyntax-only", "-I", stub.deletingLastPathComponent().path, file.path]
        ).output
        var shape: [String] = []
        var problems: [String] = []
        for line in said.split(separator: "\n") {
            if line.contains("error:") || line.contains("warning:") {
                problems.append(String(line))
                continue
            }
            guard let kind = line.split(separator: " ").first, line.contains("Loc=<") else { continue }
            switch kind {
            case "identifier": shape.append("ID")
            case "string_literal": if shape.last != "STR" { shape.append("STR") }
            default:
                // The token's kind and its text ('…' up to the tab).
                shape.append(String(line.prefix { $0 != "\t" }))
            }
        }
        return (shape, problems)
    }

    /// Where two token lists part, with a few tokens around it; nil when they are the same.
    static func firstDifference(_ a: [String], _ b: [String]) -> String? {
        guard a != b else { return nil }
        let i = Array(zip(a, b)).firstIndex { $0.0 != $0.1 } ?? min(a.count, b.count)
        return "token \(i): \(a[max(0, i - 3)..<min(a.count, i + 4)]) against \(b[max(0, i - 3)..<min(b.count, i + 4)])"
    }

    static func run(_ tool: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [tool] + arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, output)
    }

    @Test("Hostile text in every field gives Swift and Objective-C that parse and hold nothing but the effect")
    func hostileTextStaysText() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sparks-injection-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var checked = 0
        for keyPathAnimation in [false, true] {
            let harmless = try Self.preset("harmless", imageFolder: folder, keyPathAnimation: keyPathAnimation)
            let swiftShape = Self.swiftShape(try CodeExporter(language: .swift).code(for: harmless))
            let objcShape = try Self.objcShape(try CodeExporter(language: .objc).code(for: harmless), in: folder)
            #expect(!swiftShape.hasError && objcShape.problems.isEmpty, "\(objcShape.problems)")
            for text in Self.hostile {
                let scene: SceneDescription
                do {
                    scene = try Self.preset(text, imageFolder: folder, keyPathAnimation: keyPathAnimation)
                } catch {
                    // A key path through a name with a dot cannot resolve: that preset is not
                    // one Sparks reads, so it cannot be exported either. Every text must be
                    // readable in the preset without the key path.
                    #expect(keyPathAnimation, "\(text.debugDescription) was refused: \(error)")
                    continue
                }
                let swift = try CodeExporter(language: .swift).code(for: scene)
                let swiftHostile = Self.swiftShape(swift)
                #expect(!swiftHostile.hasError, "\(text.debugDescription): the Swift does not parse\n\(swift)")
                #expect(
                    Self.firstDifference(swiftHostile.shape, swiftShape.shape) == nil,
                    "\(text.debugDescription): the Swift's tokens differ at \(Self.firstDifference(swiftHostile.shape, swiftShape.shape) ?? "")\n\(swift)"
                )
                let objc = try CodeExporter(language: .objc).code(for: scene)
                let objcHostile = try Self.objcShape(objc, in: folder)
                #expect(
                    objcHostile.problems.isEmpty,
                    "\(text.debugDescription): clang: \(objcHostile.problems.joined(separator: "\n"))\n\(objc)")
                #expect(
                    Self.firstDifference(objcHostile.shape, objcShape.shape) == nil,
                    "\(text.debugDescription): the Objective-C's tokens differ at \(Self.firstDifference(objcHostile.shape, objcShape.shape) ?? "")\n\(objc)"
                )
                // The compiler's own parser agrees.
                let file = folder.appendingPathComponent("Effect.swift")
                try Data(swift.utf8).write(to: file)
                let parsed = try Self.run("swiftc", ["-parse", file.path])
                #expect(parsed.status == 0, "\(text.debugDescription): swiftc -parse: \(parsed.output)")
                checked += 1
            }
        }
        // Every hostile text was tried at least without the key path.
        #expect(checked >= Self.hostile.count)
    }
}
