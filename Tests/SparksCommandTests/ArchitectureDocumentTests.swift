import Foundation
import Testing

/// docs/architecture.md's target table is Package.swift's: a row for every target, each row
/// naming exactly the Sparks targets that target depends on.
struct ArchitectureDocumentTests {
    /// Each non-test target of Package.swift with the targets it depends on.
    private func manifestTargets() throws -> [String: Set<String>] {
        let text = try String(contentsOf: repositoryRoot.appendingPathComponent("Package.swift"), encoding: .utf8)
        let opener = try Regex(#"\.(target|executableTarget|systemLibrary|testTarget)\("#)
        let starts = text.ranges(of: opener).map(\.lowerBound)
        var chunks: [(kind: String, text: Substring)] = []
        for (i, start) in starts.enumerated() {
            let chunk = text[start..<(i + 1 < starts.count ? starts[i + 1] : text.endIndex)]
            chunks.append((chunk.hasPrefix(".testTarget") ? "test" : "target", chunk))
        }
        func quoted(_ chunk: Substring) -> [String] {
            chunk.matches(of: try! Regex(#""([^"]+)""#)).compactMap { $0.output[1].substring.map(String.init) }
        }
        let names = chunks.compactMap { chunk in quoted(chunk.text).first }
        var result: [String: Set<String>] = [:]
        for chunk in chunks where chunk.kind == "target" {
            let strings = quoted(chunk.text)
            guard let name = strings.first else { continue }
            result[name] = Set(strings.dropFirst().filter { names.contains($0) && $0 != name })
        }
        return result
    }

    @Test func theTargetTableIsPackageSwifts() throws {
        let manifest = try manifestTargets()
        #expect(manifest.count >= 17, "\(manifest.keys.sorted())")
        let text = try String(contentsOf: repositoryRoot.appendingPathComponent("docs/architecture.md"), encoding: .utf8)
        let section = try #require(text.components(separatedBy: "## Targets and what they may import").dropFirst().first)
        var rows: [String: Set<String>] = [:]
        for line in section.split(separator: "\n") where line.hasPrefix("| ") && !line.hasPrefix("| target") {
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count >= 3 else { continue }
            let words = cells[2].split { !$0.isLetter && !$0.isNumber && $0 != "-" }.map(String.init)
            rows[cells[0]] = Set(words.filter { manifest[$0] != nil && $0 != cells[0] })
        }
        #expect(Set(rows.keys) == Set(manifest.keys), "rows missing: \(Set(manifest.keys).subtracting(rows.keys).sorted())")
        for (name, dependencies) in manifest {
            #expect(
                rows[name] == dependencies, "\(name): the table says \(rows[name]?.sorted() ?? []), Package.swift \(dependencies.sorted())")
        }
    }
}
