import Foundation
import Testing

/// Text from a stranger that the commands turn into file names, and iOS code that builds
/// values without bound: nothing is written outside the folder asked for, and the import ends
/// with a message within seconds and well under a gigabyte.
@Suite("Hostile names and values")
struct HostileNameTests {
    /// Every file under `folder`, as paths relative to it.
    func files(under folder: URL) -> [String] {
        let walker = FileManager.default.enumerator(atPath: folder.path)
        return (walker?.allObjects as? [String] ?? []).sorted()
    }

    @Test(
        "render names its frames after the preset without leaving the output folder",
        arguments: [
            "../../escaped", "/tmp/escaped-absolute", "..", "-h", "a/b/c", "a\\b", "\u{0}nul", "dots...", ".hidden", "",
        ])
    func frameNames(name: String) throws {
        let root = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        let work = root.appendingPathComponent("one/two/work")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        let nameJSON = String(decoding: try JSONSerialization.data(withJSONObject: [name]), as: UTF8.self).dropFirst().dropLast()
        try """
        {"name": \(nameJSON), "canvas": {"width": 32, "height": 32},
         "layers": [{"type": "emitter", "emitterPosition": [16, 16], "emitterCells": [{"contents": "spark.png", "birthRate": 50, "lifetime": 1}]}]}
        """.write(to: work.appendingPathComponent("p.json"), atomically: true, encoding: .utf8)
        let environment = ["SPARKS_HOME": repositoryRoot.path, "PATH": "/usr/bin:/bin"]
        // With --out and without (frames/ in the current folder).
        let out = try runProgram(
            sparksExecutable, ["render", "p.json", "--frames", "2", "--out", "out"], in: work, environment: environment)
        #expect(out.status == 0, "\(out.error)")
        let plain = try runProgram(sparksExecutable, ["render", "p.json", "--frames", "2"], in: work, environment: environment)
        #expect(plain.status == 0, "\(plain.error)")
        let written = files(under: root)
        let frames = written.filter { $0.hasSuffix(".png") }
        #expect(frames.count == 4, "\(written)")
        #expect(frames.allSatisfy { $0.hasPrefix("one/two/work/out/") || $0.hasPrefix("one/two/work/frames/") }, "\(frames)")
        #expect(frames.allSatisfy { !$0.split(separator: "/").last!.hasPrefix(".") && !$0.split(separator: "/").last!.hasPrefix("-") })
        #expect(!FileManager.default.fileExists(atPath: "/tmp/escaped-absolute-0001.png"))
    }

    @Test("import writes stand-in images beside the preset, whatever the code names them")
    func standInNames() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let work = folder.appendingPathComponent("work")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        try """
        import UIKit
        class V: UIView {
            override init(frame: CGRect) {
                super.init(frame: frame)
                let e = CAEmitterLayer()
                let c = CAEmitterCell()
                c.birthRate = 10
                c.lifetime = 1
                c.contents = UIImage(named: "../../../escaped-image")?.cgImage
                let d = CAEmitterCell()
                d.birthRate = 10
                d.lifetime = 1
                d.contents = UIImage(named: "-rf")?.cgImage
                e.emitterCells = [c, d]
                layer.addSublayer(e)
            }
            required init?(coder: NSCoder) { fatalError() }
        }
        """.write(to: work.appendingPathComponent("V.swift"), atomically: true, encoding: .utf8)
        let result = try runProgram(sparksExecutable, ["import", "V.swift", "--out", "v.json"], in: work)
        #expect(result.status == 0, "\(result.error)")
        let written = files(under: folder)
        #expect(written.allSatisfy { $0 == "work" || $0.hasPrefix("work/") }, "\(written)")
        #expect(written.contains("work/escaped-image.png") && written.contains("work/rf.png"), "\(written)")
    }

    @Test(
        "import of code that doubles values ends within seconds with a message, under a gigabyte",
        arguments: [
            ("Doubling.swift", "var s = \"ab\"\nfor _ in 0..<64 { s = s + s }\nlet e = CAEmitterLayer()"),
            ("Doubling.swift", "var s = \"ab\"\nfor _ in 0..<64 { s += s }\nlet e = CAEmitterLayer()"),
            ("Doubling.swift", "var a = [1, 2]\nfor _ in 0..<64 { a = a + a }\nlet e = CAEmitterLayer()"),
            ("Doubling.swift", "var s = \"ab\"\nfor i in 0..<64 { s = \"\\(s)\\(s)\\(i)\" }\nlet e = CAEmitterLayer()"),
            (
                "Doubling.swift",
                "var keep: [String] = []\nvar s = String(\"x\")\nfor _ in 0..<22 { s = s + s }\nfor _ in 0..<100000 { keep.append(s + \"y\") }"
            ),
            (
                "Doubling.m",
                "- (void)viewDidLoad {\n NSString *s = @\"ab\";\n for (int i = 0; i < 64; i++) { s = [s stringByAppendingString:s]; }\n}"
            ),
            (
                "Doubling.m",
                "- (void)viewDidLoad {\n NSString *s = @\"ab\";\n for (int i = 0; i < 64; i++) { s = [NSString stringWithFormat:@\"%@%@\", s, s]; }\n}"
            ),
        ])
    func doubling(file: String, body: String) throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let code =
            file.hasSuffix(".swift")
            ? "import UIKit\nclass DoublingView: UIView {\n override func didMoveToWindow() {\n\(body)\n }\n}\n"
            : "#import <UIKit/UIKit.h>\n@interface DoublingViewController : UIViewController\n@end\n@implementation DoublingViewController\n\(body)\n@end\n"
        try code.write(to: folder.appendingPathComponent(file), atomically: true, encoding: .utf8)
        let start = Date()
        let run = try measuredRun(["import", file, "--out", "d.json"], in: folder)
        let seconds = Date().timeIntervalSince(start)
        #expect(seconds < 10, "the import took \(seconds) s")
        #expect(run.peakBytes < 1 << 30, "the import held \(run.peakBytes >> 20) MiB")
        #expect(run.reason == .exit, "the import crashed: \(run.said)")
        let said = run.said
        #expect(said.contains("MiB") && (said.contains("one value") || said.contains("in all")), "\(said)")
    }

    @Test("an assets folder that is a link out of the preset's folder is not searched")
    func linkedAssets() throws {
        let root = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        let work = root.appendingPathComponent("work")
        let elsewhere = root.appendingPathComponent("elsewhere")
        try FileManager.default.createDirectory(at: work.appendingPathComponent("presets"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: repositoryRoot.appendingPathComponent("assets/spark.png"), to: elsewhere.appendingPathComponent("secret.png"))
        try FileManager.default.createSymbolicLink(at: work.appendingPathComponent("assets"), withDestinationURL: elsewhere)
        try """
        {"canvas": {"width": 32, "height": 32}, "layers": [{"bounds": [0, 0, 8, 8], "position": [16, 16], "contents": "secret.png"}]}
        """.write(to: work.appendingPathComponent("presets/p.json"), atomically: true, encoding: .utf8)
        let result = try runProgram(
            sparksExecutable, ["validate", "presets/p.json"], in: work,
            environment: ["SPARKS_HOME": repositoryRoot.path, "PATH": "/usr/bin:/bin"])
        #expect(result.status != 0)
        #expect((result.output + result.error).contains("secret.png"), "\(result.output)\(result.error)")
    }
}
