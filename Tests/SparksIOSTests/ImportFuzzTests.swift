import Foundation
import SparksCore
import SparksExport
import SparksIOS
import Testing

/// The importer against broken code: snippets of the corpus and exported presets, mutated
/// (pieces cut, repeated, swapped, tokens dropped in), must each give a preset or an error,
/// never a crash or a hang (the interpreter's step budget bounds every run).
@Suite("Fuzzing the importer")
struct ImportFuzzTests {
    /// 10,000 in the suite (2,000 under a sanitizer, whose slowdown the plain run does not
    /// need to repeat in full); `SPARKS_FUZZ_ITERATIONS` and `SPARKS_FUZZ_SEED` change the run.
    static let iterations =
        Int(ProcessInfo.processInfo.environment["SPARKS_FUZZ_ITERATIONS"] ?? "")
        ?? ((ProcessInfo.processInfo.environment["SPARKS_SANITIZER"] ?? "").isEmpty ? 10_000 : 2_000)
    static let seed = UInt32(ProcessInfo.processInfo.environment["SPARKS_FUZZ_SEED"] ?? "") ?? 1

    static let tokens = [
        "(", ")", "{", "}", "[", "]", ";", ".", ",", "=", ":", "@", "^", "\"", "'", "#", "\\", "0", "-1", "1e308", "nan", "-", "*", "/",
        "..<", "...",
        "self", "super", "nil", "CAEmitterLayer()", "[CAEmitterCell emitterCell]", "while true {", "for i in 0..<100000000 {",
        "func f() { f() }",
        "layer.addSublayer(", "emitterCells = [", ".pi", "M_PI", "CATransform3DMakeRotation(", "UIBezierPath(ovalIn: ", "setValue(",
        "forKeyPath: \"",
        "\\(", "/*", "*/", "//", "#define X X", "@implementation V : UIView", "@end", "class V: UIView {", "override init(frame: CGRect) {",
        "let x = ", "x", "\n", "🔥", "\u{0}",
    ]

    static func seeds() throws -> [(String, String)] {
        let corpus = CorpusTests.folder
        var seeds: [(String, String)] = try CorpusTests.snippets.map {
            ($0, try String(contentsOf: corpus.appendingPathComponent($0), encoding: .utf8))
        }
        for name in ["fire", "loader", "fireworks", "carousel"] {
            let scene = try preset(name)
            seeds.append(("\(name).swift", try CodeExporter(language: .swift).code(for: scene)))
            seeds.append(("\(name).m", try CodeExporter(language: .objc).code(for: scene)))
        }
        return seeds
    }

    static func mutate(_ text: String, _ random: inout SeededRandom) -> String {
        var scalars = Array(text.unicodeScalars)
        let rounds = 1 + Int(random.nextUInt32() % 4)
        for _ in 0..<rounds {
            let n = scalars.count
            func position() -> Int { n == 0 ? 0 : Int(random.nextUInt32() % UInt32(n)) }
            switch random.nextUInt32() % 5 {
            case 0:
                let a = position(), length = min(n - a, Int(random.nextUInt32() % 40))
                scalars.removeSubrange(a..<a + length)
            case 1:
                let a = position(), length = min(n - a, Int(random.nextUInt32() % 200))
                scalars.insert(contentsOf: scalars[a..<a + length], at: position())
            case 2:
                let token = tokens[Int(random.nextUInt32() % UInt32(tokens.count))]
                scalars.insert(contentsOf: token.unicodeScalars, at: position())
            case 3:
                let a = position(), b = position()
                if a != b, n > 0 { scalars.swapAt(a, b) }
            default:
                // A number anywhere becomes an extreme one.
                if let i = scalars.indices.dropFirst(position()).first(where: { scalars[$0].properties.numericType != nil }) {
                    let extreme = ["1e308", "-1e308", "0", "4294967296", "999999999999", "-0.0"][Int(random.nextUInt32() % 6)]
                    scalars.replaceSubrange(i...i, with: extreme.unicodeScalars)
                }
            }
        }
        var s = String.UnicodeScalarView()
        s.append(contentsOf: scalars)
        return String(s)
    }

    @Test("Mutated snippets give a preset or an error, never a crash or a hang")
    func mutated() throws {
        let seeds = try Self.seeds()
        var random = SeededRandom(seed: Self.seed)
        var imported = 0, failed = 0, skippedStatements = 0
        for i in 0..<Self.iterations {
            let (name, text) = seeds[i % seeds.count]
            let mutant = Self.mutate(text, &random)
            var importer = Importer(sources: [(name, mutant)])
            importer.defines = ["intensity": "0.5"]
            do {
                let result = try importer.run()
                imported += 1
                skippedStatements += result.messages.filter { $0.kind == .skipped }.count
                // What an import writes, the preset reader accepts or reports; it never crashes.
                let decoder = PresetDecoder(fileName: "fuzz.json", resolver: ResourceResolver(roots: [assetsFolder]))
                _ = decoder.decode(Array(result.preset.utf8), defaultName: "fuzz")
            } catch {
                failed += 1
            }
        }
        #expect(imported + failed == Self.iterations)
        #expect(imported > Self.iterations / 2, "imported \(imported), failed \(failed)")
        #expect(skippedStatements > 0)
    }
}
