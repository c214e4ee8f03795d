import Foundation
import SparksCore
import SparksIOS
import Testing

/// The checks every source file passes before a parser sees it (bracket depth and operator
/// chains on the raw tokens), the bound on the depth of what the readers build, and the import's
/// time limit: what real code writes passes, wherever brackets hide (strings, interpolations,
/// comments), and what passes cannot make a tree deep enough to overflow a walk over it.
@Suite("Source gate")
struct SourceGateTests {
    /// The import of `text` as `file`: its preset's layers, or the error's text.
    static func outcome(_ text: String, as file: String = "View.swift") -> Result<ImportResult, ImportError> {
        Result { () throws(ImportError) in try Importer(sources: [(file, text)]).run() }
    }

    static func refusal(_ text: String, as file: String = "View.swift") -> String? {
        if case .failure(let error) = outcome(text, as: file), error.description.contains("not read:") { return error.description }
        return nil
    }

    /// A view whose `init(frame:)` runs `body` and then adds an emitter with one cell.
    static func view(_ body: String) -> String {
        """
        import UIKit
        class SparkView: UIView {
            override init(frame: CGRect) {
                super.init(frame: frame)
                \(body)
                let emitter = CAEmitterLayer()
                let cell = CAEmitterCell()
                cell.birthRate = 10
                emitter.emitterCells = [cell]
                layer.addSublayer(emitter)
            }
        }
        """
    }

    @Test("Brackets inside strings, raw strings, multi-line strings and comments are not counted")
    func bracketsInText() {
        let deep = String(repeating: "[(", count: 80)
        let lines = [
            "let a = \"\(deep)\"",
            "let b = #\"\(deep) \\\" still inside\"#",
            "let c = \"\"\"",
            "    \(deep) \"quoted\" \\\"\"\" not the end",
            "    \"\"\"",
            "// \(deep)",
            "/* outer /* \(deep) */ still a comment \(deep) */",
            "let d = ##\"\(deep)\"# still inside\"##",
        ]
        let code = Self.view(lines.joined(separator: "\n"))
        #expect(Self.refusal(code) == nil, "\(Self.refusal(code) ?? "")")
        if case .success(let result) = Self.outcome(code) { #expect(result.scene.layers.count == 1) }
    }

    @Test("Brackets inside interpolations are counted, and the string goes on after them")
    func interpolations() {
        // Thirteen square brackets, one inside the interpolation: one too many.
        let inner = String(repeating: "[", count: 12) + "1" + String(repeating: "]", count: 12)
        let tooDeep = "let a = \"x\\([\(inner)])\"\n"
        #expect(Self.refusal(tooDeep)?.contains("square brackets nest more than 12 deep") == true)
        // The interpolation closes and the rest of the string ("[[[[…") is text again.
        let fine = Self.view("let a = \"\\(1 + (2 * 3)) \(String(repeating: "[", count: 40))\"")
        #expect(Self.refusal(fine) == nil, "\(Self.refusal(fine) ?? "")")
        // In a raw string, only `\#(` interpolates.
        let raw = Self.view("let a = #\"\\(\(String(repeating: "[", count: 40)) \\#(1)\"#")
        #expect(Self.refusal(raw) == nil, "\(Self.refusal(raw) ?? "")")
    }

    @Test("Statements on their own lines each start a new chain: a long method is not one expression")
    func longMethods() {
        let lines = (0..<1_500).map { _ in "cell.scale = cell.scale * 1.0 + 0.0 - 0.0" }.joined(separator: "\n        ")
        let code = Self.view("let cell = CAEmitterCell()\n        \(lines)")
        #expect(Self.refusal(code) == nil, "\(Self.refusal(code) ?? "")")
        // A chain continued over lines by a trailing or leading operator is one expression.
        let continued = "let a = 1 +\n" + String(repeating: "1 +\n", count: 1_200) + "1\n"
        #expect(Self.refusal(continued)?.contains("chains more than 1000") == true)
        let leading = "let a = b\n" + String(repeating: "    .c\n", count: 1_200)
        #expect(Self.refusal(leading)?.contains("chains more than 1000") == true)
        // Elements of a long list are each their own chain.
        let list = Self.view("let values: [CGFloat] = [\((0..<5_000).map { "-\($0).5" }.joined(separator: ", "))]")
        #expect(Self.refusal(list) == nil, "\(Self.refusal(list) ?? "")")
    }

    @Test("Nesting real code writes passes: closures in calls in closures, message sends in blocks")
    func realNesting() {
        // Three brackets a level, fifteen levels: 45 of the 64 allowed.
        var swift = "layer.addSublayer(CAEmitterLayer())"
        for _ in 0..<15 { swift = "DispatchQueue.main.async { [weak self] in UIView.animate(withDuration: 1, animations: { \(swift) }) }" }
        #expect(Self.refusal(Self.view(swift)) == nil)
        // Four a level, twelve levels: 48.
        var objc = "[self.layer addSublayer:[CAEmitterLayer layer]];"
        for _ in 0..<12 {
            objc = "dispatch_async(dispatch_get_main_queue(), ^{ [UIView animateWithDuration:1 animations:^{ \(objc) }]; });"
        }
        let file =
            "@implementation V\n- (instancetype)initWithFrame:(CGRect)frame {\n self = [super initWithFrame:frame];\n \(objc)\n return self;\n}\n@end\n"
        #expect(Self.refusal(file, as: "V.m") == nil, "\(Self.refusal(file, as: "V.m") ?? "")")
    }

    @Test("A chain the gate lets through but deeper than a tree may be is read as a skipped statement")
    func deepTreesAreCut() throws {
        // 900 terms fold into a tree 900 deep: more than the readers keep (256).
        let sum = (0..<900).map { _ in "0.001" }.joined(separator: " + ")
        for (file, text) in [
            ("Sum.swift", Self.view("let cell0 = CAEmitterCell()\n        cell0.scale = \(sum)\n        _ = cell0")),
            (
                "Sum.m",
                "@interface V : UIView\n@end\n@implementation V\n- (void)didMoveToWindow {\n CAEmitterLayer *e = [CAEmitterLayer layer];\n"
                    + " CAEmitterCell *c = [CAEmitterCell emitterCell];\n c.scale = \(sum);\n e.emitterCells = @[c];\n"
                    + " [self.layer addSublayer:e];\n}\n@end\n"
            ),
        ] {
            let result = try Importer(sources: [(file, text)]).run()
            #expect(
                result.messages.contains { $0.kind == .skipped && $0.text.contains("nesting more than 256 deep is not read") },
                "\(file): \(result.messages.map(\.description))")
        }
    }

    @Test("An import that takes longer than its time limit ends with an error saying what it was doing")
    func timeLimit() {
        // A second or so of work: far more than the limit, whatever else the machine does.
        var importer = Importer(sources: [("View.swift", Self.view("var n = 0\n        for i in 0..<100000 { n += i % 3 }"))])
        importer.timeLimit = 0.01
        #expect(throws: ImportError.self) { try importer.run() }
        do {
            _ = try importer.run()
        } catch {
            #expect(error.description.contains("did not finish within 0.01 s (it was running the code)"), "\(error)")
        }
    }

    @Test("Dictionaries a set-up really writes import: the work charge only stops loops of thousands")
    func moderateDictionaries() throws {
        let code = Self.view(
            """
            var colors: [Int: CGFloat] = [:]
                    for i in 0..<2000 { colors[i] = CGFloat(i) / 2000 }
                    var total: CGFloat = 0
                    for i in 0..<2000 { total += colors[i] ?? 0 }
            """)
        let result = try Importer(sources: [("View.swift", code)]).run()
        #expect(result.scene.layers.count == 1)
    }
}
