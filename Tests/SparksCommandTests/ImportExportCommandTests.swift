import Foundation
import SparksRaster
import SparksSDL
import Testing

@Suite("sparks import and sparks export")
struct ImportExportCommandTests {
    static let confetti = """
        import UIKit

        final class ConfettiView: UIView {
            private let emitter = CAEmitterLayer()

            override init(frame: CGRect) {
                super.init(frame: frame)
                emitter.emitterShape = .line
                emitter.emitterCells = [UIColor.systemRed, .systemYellow].map { color in
                    let cell = CAEmitterCell()
                    cell.birthRate = 30
                    cell.lifetime = 5
                    cell.velocity = 120
                    cell.emissionLongitude = .pi
                    cell.spinRange = 4
                    cell.color = color.cgColor
                    cell.contents = UIImage(named: "ribbon")?.cgImage
                    return cell
                }
                layer.addSublayer(emitter)
            }

            required init?(coder: NSCoder) { fatalError() }

            override func layoutSubviews() {
                super.layoutSubviews()
                emitter.emitterPosition = CGPoint(x: bounds.midX, y: 0)
                emitter.emitterSize = CGSize(width: bounds.width, height: 1)
                accessibilityIdentifier = "confetti"
                emitter.style = ["name": "confetti"]
            }
        }
        """

    @Test("import writes a preset that validates and renders, a stand-in texture beside it, and reports what it skipped")
    func importWrites() throws {
        let folder = try temporaryFolder()
        let source = folder.appendingPathComponent("ConfettiView.swift")
        try Self.confetti.write(to: source, atomically: true, encoding: .utf8)
        let result = try sparks("import", source.path, "--canvas", "400x300", "--out", folder.appendingPathComponent("confetti.json").path)
        #expect(result.status == 0, "\(result.error)")
        #expect(
            result.error.contains(
                "ConfettiView.swift:29:9: note: accessibilityIdentifier concerns UIKit views, not layers; it changes nothing drawn"),
            "\(result.error)")
        #expect(result.error.contains("no image \"ribbon\" beside the preset or in assets/: wrote a stand-in, ribbon.png"))
        #expect(result.error.contains("ConfettiView.swift:30:9: skipped: style is not supported by Sparks"))
        #expect(result.error.contains("1 layer, 2 emitter cells; 1 statement skipped"))
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("ribbon.png").path))
        let validate = try sparks("validate", folder.appendingPathComponent("confetti.json").path)
        #expect(validate.status == 0, "\(validate.output)")
        let png = folder.appendingPathComponent("frame.png")
        let render = try sparks("render", folder.appendingPathComponent("confetti.json").path, "--at", "3", "--out", png.path)
        #expect(render.status == 0, "\(render.error)")
        let image = try PixelImage(contentsOfPNG: png.path)
        #expect(image.width == 400 && image.height == 300)
        #expect(image.meanBrightness(x: 0, y: 0, width: 400, height: 300) > 0)
    }

    @Test("import of code that adds nothing says what it ran into and what to try: --call, --define, the first skip")
    func nothingImported() throws {
        let folder = try temporaryFolder()
        let source = folder.appendingPathComponent("Confetti.swift")
        try """
        class Confetti: NSObject {
            let emitter = CAEmitterLayer()
            func start(in view: UIView) {
                #if SPM
                view.layer.addSublayer(emitter)
                #endif
            }
            func stop() { emitter.birthRate = 0 }
        }
        """.write(to: source, atomically: true, encoding: .utf8)
        let result = try sparks("import", source.path, "--out", folder.appendingPathComponent("confetti.json").path)
        #expect(result.status == 1)
        #expect(result.error.contains("the code adds no layer to the view; nothing to write"), "\(result.error)")
        #expect(result.error.contains("methods that change the effect were not run: try --call stop"))
        #expect(result.error.contains("branches of #if were left out: try --define SPM=true"))
    }

    @Test("import --strict refuses code with skipped statements and writes nothing")
    func strict() throws {
        let folder = try temporaryFolder()
        let source = folder.appendingPathComponent("ConfettiView.swift")
        try Self.confetti.write(to: source, atomically: true, encoding: .utf8)
        let out = folder.appendingPathComponent("confetti.json")
        let result = try sparks("import", source.path, "--strict", "--out", out.path)
        #expect(result.status == 1)
        #expect(result.error.contains("--strict: 1 statement skipped; nothing written"), "\(result.error)")
        #expect(!FileManager.default.fileExists(atPath: out.path))
    }

    @Test("import rejects files that are not Swift or Objective-C, and bad options, with their reason")
    func badInput() throws {
        let bad = try sparks("import", "presets/fire.json")
        #expect(bad.status != 0)
        #expect(bad.error.contains("presets/fire.json: not Swift (.swift), Objective-C (.m, .h) or an interface"), "\(bad.error)")
        let canvas = try sparks("import", "x.swift", "--canvas", "big")
        #expect(canvas.status != 0)
        #expect(canvas.error.contains("--canvas must be WIDTHxHEIGHT in whole points from 1 to 8192, such as 375x667"), "\(canvas.error)")
        let define = try sparks("import", "x.swift", "--define", "=1")
        #expect(define.error.contains("--define takes NAME=VALUE or NAME, got \"=1\""), "\(define.error)")
    }

    @Test(
        "Without the iOS reader and the studio beside it, sparks import and studio say how to build them, and the other commands (export among them) work"
    )
    func withoutIOSTools() throws {
        let folder = try temporaryFolder()
        let lone = folder.appendingPathComponent("sparks")
        try FileManager.default.copyItem(at: sparksExecutable, to: lone)
        let environment = ["PATH": "/usr/bin:/bin", "SPARKS_HOME": repositoryRoot.path]
        let importing = try runProgram(lone, ["import", "View.swift"], environment: environment)
        #expect(importing.status != 0)
        #expect(importing.error.contains("sparks-ios") && importing.error.contains("make"), "\(importing.error)")
        let exported = try runProgram(lone, ["export", "swift", "fire"], environment: environment)
        #expect(exported.status == 0 && exported.output.contains("CAEmitterLayer"), "\(exported.error)")
        let studio = try runProgram(lone, ["studio", "fire"], environment: environment)
        #expect(studio.status != 0)
        #expect(studio.error.contains("sparks-studio") && studio.error.contains("make"), "\(studio.error)")
        let validate = try runProgram(lone, ["validate", "fire"], environment: environment)
        #expect(validate.status == 0, "\(validate.error)")
        // With it, `sparks import --help` is the importer's own help.
        let help = try sparks("import", "--help")
        #expect(help.output.contains("--define") && help.output.contains("--canvas"), "\(help.output)")
        let studioHelp = try sparks("studio", "--help")
        #expect(studioHelp.output.contains("--port") && studioHelp.output.contains("token"), "\(studioHelp.output)")
    }

    @Test("export writes Swift and Objective-C that import back to the same pictures")
    func exportAndBack() throws {
        let folder = try temporaryFolder()
        for (language, file) in [("swift", "NeonView.swift"), ("objc", "NeonView.m")] {
            let code = folder.appendingPathComponent(file)
            let export = try sparks("export", language, "neon", "--out", code.path)
            #expect(export.status == 0, "\(export.error)")
            let text = try String(contentsOf: code, encoding: .utf8)
            #expect(text.contains(language == "swift" ? "final class NeonView: UIView {" : "@interface NeonView : UIView"))
            let preset = folder.appendingPathComponent("neon-\(language).json")
            let back = try sparks("import", code.path, "--out", preset.path)
            #expect(back.status == 0, "\(back.error)")
            #expect(back.error.contains("0 statements skipped"), "\(back.error)")
            let a = folder.appendingPathComponent("a-\(language).png"), b = folder.appendingPathComponent("b-\(language).png")
            #expect(try sparks("render", "neon", "--at", "2", "--out", a.path).status == 0)
            #expect(try sparks("render", preset.path, "--at", "2", "--out", b.path).status == 0)
            #expect(try Data(contentsOf: a) == Data(contentsOf: b))
        }
        let unknown = try sparks("export", "kotlin", "neon")
        #expect(unknown.status != 0)
        #expect(unknown.error.contains("the format must be swift, objc or caml, got \"kotlin\""))
    }
}
