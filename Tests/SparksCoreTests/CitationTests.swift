import Foundation
import Testing

/// The sections (`1`, `5.7`, …) and open questions (`Q3`) docs/core-animation.md has.
private func documentedPlaces() throws -> (sections: Set<String>, questions: Set<String>) {
    let text = try String(contentsOf: repositoryRoot.appendingPathComponent("docs/core-animation.md"), encoding: .utf8)
    let heading = try Regex(#"(?m)^#{2,3} (\d+(?:\.\d+)?)\.? "#, as: (Substring, Substring).self)
    let question = try Regex(#"(?m)^\*\*(Q\d+) "#, as: (Substring, Substring).self)
    let sections = text.matches(of: heading).map { String($0.output.1) }
    let questions = text.matches(of: question).map { String($0.output.1) }
    return (Set(sections), Set(questions))
}

/// Every Swift source, test and Markdown page of the repository that can cite the document.
private func citingFiles() throws -> [URL] {
    var files: [URL] = []
    for folder in ["Sources", "Tests", "docs"] {
        let root = repositoryRoot.appendingPathComponent(folder)
        guard let walk = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil) else { continue }
        for case let url as URL in walk where url.pathExtension == "swift" || url.pathExtension == "md" {
            files.append(url)
        }
    }
    files.append(repositoryRoot.appendingPathComponent("README.md"))
    return files
}

@Suite("Citations of Core Animation's semantics point into docs/core-animation.md")
struct CitationTests {
    @Test("Every \"core-animation.md §N\" (and the § numbers listed after it) and every open question Qn names a place the document has")
    func noDanglingCitation() throws {
        let (sections, questions) = try documentedPlaces()
        #expect(sections.contains("5.7") && sections.contains("10") && questions.contains("Q1"), "the document's headings were not read")
        var dangling: [String] = []
        var cited = 0
        for file in try citingFiles() {
            let text = try String(contentsOf: file, encoding: .utf8)
            let name = file.path.replacingOccurrences(of: repositoryRoot.path + "/", with: "")
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                // A citation starts at "core-animation.md §" and runs on through "§N" and "QN" in the same clause.
                guard let start = line.range(of: "core-animation.md") else {
                    // A section sign or question number without the document's name is a citation of nothing.
                    if line.contains("§"), line.contains(/§\s*\d/), !name.hasSuffix("core-animation.md") {
                        dangling.append("\(name):\(number + 1): § without core-animation.md")
                    }
                    continue
                }
                let clause = line[start.lowerBound...]
                for match in clause.matches(of: /§(\d+(?:\.\d+)?)/) {
                    cited += 1
                    if !sections.contains(String(match.output.1)) { dangling.append("\(name):\(number + 1): §\(match.output.1)") }
                }
                for match in clause.matches(of: /\b(Q\d+)\b/) {
                    cited += 1
                    if !questions.contains(String(match.output.1)) { dangling.append("\(name):\(number + 1): \(match.output.1)") }
                }
            }
        }
        #expect(cited > 60, "only \(cited) citations found")
        #expect(dangling.isEmpty, "\(dangling.joined(separator: "\n"))")
    }

    @Test("No source cites the semantics as a \"spec\" outside the repository")
    func noOutsideSpec() throws {
        for file in try citingFiles() {
            let text = try String(contentsOf: file, encoding: .utf8)
            #expect(!text.contains(/\b[Ss]pec(?:'s)? (?:§|\[H\]|open question)/), "\(file.lastPathComponent)")
        }
    }
}
