import Foundation
import Testing

/// Runs `sparks import FILE` on `text` in a folder of its own, as a stranger's file would be
/// imported, stopping it after `limit` seconds (a hang then fails the test instead of stalling
/// the suite).
private func importing(_ text: String, as file: String, limit: Double = 60) throws -> MeasuredRun {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    try text.write(to: folder.appendingPathComponent(file), atomically: true, encoding: .utf8)
    let run = try measuredRun(["import", file, "--out", "out.json"], in: folder, limit: limit)
    #expect(!run.hung, "sparks import \(file) was still running after \(Int(limit)) s")
    return run
}

/// Asserts that the import ended by itself with a refusal (status 1, no signal) saying `reason`.
private func expectRefused(_ run: MeasuredRun, saying reason: String, _ what: String) {
    #expect(run.reason == .exit && run.status == 1, "\(what): ended with \(run.reason == .exit ? "status" : "signal") \(run.status)")
    #expect(run.said.contains(reason), "\(what): said \(run.said.prefix(600))")
    #expect(run.peakBytes < 1 << 30, "\(what): held \(run.peakBytes >> 20) MiB")
}

/// Files a stranger may send `sparks import`: each ends within seconds, by itself, with a clear
/// error and bounded memory. (Before the source gate, the first hung for ever, the next three
/// crashed with a stack overflow and the last took minutes.)
@Suite("Code from strangers: no hang, no crash, no minutes of work")
struct HostileCodeTests {
    static func nested(_ open: String, _ close: String, _ depth: Int, around inner: String = "1") -> String {
        String(repeating: open, count: depth) + inner + String(repeating: close, count: depth)
    }

    @Test("An array literal nested 40 deep (300 bytes) is refused before swift-syntax parses it")
    func nestedArrays() throws {
        // swift-syntax's look-ahead doubles with each `[` inside another: 24 deep took 7 s, 40 never ended.
        let run = try importing("let a = \(Self.nested("[", "]", 40))\n", as: "Nested.swift")
        expectRefused(run, saying: "Nested.swift:1:21: not read: square brackets nest more than 12 deep", "[ × 40")
        let mixed = try importing("let a = \(Self.nested("[(", ")]", 24))\n", as: "Mixed.swift")
        expectRefused(mixed, saying: "square brackets nest more than 12 deep", "[( × 24")
    }

    @Test("Brackets opened 900 deep, in Swift and Objective-C, are refused where they pass 64")
    func deepBrackets() throws {
        let open = try importing("let a = " + String(repeating: "(", count: 900) + "\n", as: "Open.swift")
        expectRefused(open, saying: "Open.swift:1:73: not read: brackets nest more than 64 deep", "( × 900")
        let squares = try importing("let a = " + String(repeating: "[", count: 900) + "\n", as: "Squares.swift")
        expectRefused(squares, saying: "not read: square brackets nest", "[ × 900")
        let objc = try importing("void f() { float a = \(Self.nested("(", ")", 900)); }\n", as: "Open.m")
        expectRefused(objc, saying: "not read: brackets nest more than 64 deep", "Objective-C ( × 900")
    }

    @Test("An expression of 100,000 terms, chained members and stacked prefix operators are refused")
    func longExpressions() throws {
        let terms = Array(repeating: "1", count: 100_000)
        let swift = try importing("let a = Float(\(terms.joined(separator: "+")))\n", as: "Sum.swift")
        expectRefused(swift, saying: "Sum.swift:1:2014: not read: an expression chains more than 1000 operators", "Swift sum")
        let objc = try importing("void f() { float a = (\(terms.joined(separator: "+"))); }\n", as: "Sum.m")
        expectRefused(objc, saying: "not read: an expression chains more than 1000 operators", "Objective-C sum")
        let members = try importing("let a = b" + String(repeating: ".c", count: 100_000) + "\n", as: "Members.swift")
        expectRefused(members, saying: "an expression chains more than 1000", "member chain")
        let prefixes = try importing("let a = " + String(repeating: "- ", count: 100_000) + "1\n", as: "Prefix.swift")
        expectRefused(prefixes, saying: "an expression chains more than 1000", "prefix operators")
        let objcPrefixes = try importing("void f() { int a = " + String(repeating: "!", count: 100_000) + "1; }\n", as: "Prefix.m")
        expectRefused(objcPrefixes, saying: "an expression chains more than 1000", "Objective-C prefix operators")
    }

    @Test("Writing a dictionary in a loop ends within the step budget, which counts what each write copies")
    func dictionaryLoop() throws {
        // Each write searched and copied the dictionary: 50,000 writes took 192 s within 250,000 steps.
        let run = try importing(
            """
            import UIKit
            class V: UIView {
              override init(frame: CGRect) {
                super.init(frame: frame)
                var d: [Int: Int] = [:]
                for i in 0..<50000 { d[i] = i }
                layer.addSublayer(CAEmitterLayer())
              }
            }
            """, as: "Dictionary.swift")
        expectRefused(run, saying: "the code runs more than 250000 steps (a search or copy of a list or dictionary", "dictionary loop")
    }
}
