import Foundation
import Testing

@Suite("The README and docs/ link only to what exists")
struct DocumentationLinkTests {
    @Test("Every relative link of README.md, SECURITY.md and docs/*.md names a file or folder of the repository")
    func relativeLinksResolve() throws {
        var pages = ["README.md", "SECURITY.md", "CHANGELOG.md"].map { repositoryRoot.appendingPathComponent($0) }
        let docs = repositoryRoot.appendingPathComponent("docs")
        pages += try FileManager.default.contentsOfDirectory(atPath: docs.path).filter { $0.hasSuffix(".md") }.map {
            docs.appendingPathComponent($0)
        }
        let link = /\]\(([^)\s]+)\)/
        var checked = 0
        var broken: [String] = []
        for page in pages {
            let text = try String(contentsOf: page, encoding: .utf8)
            for match in text.matches(of: link) {
                let target = String(match.1)
                guard !target.contains("://"), !target.hasPrefix("#"), !target.hasPrefix("mailto:") else { continue }
                let path = String(target.split(separator: "#", maxSplits: 1)[0])
                checked += 1
                let url = page.deletingLastPathComponent().appendingPathComponent(path).standardizedFileURL
                if !FileManager.default.fileExists(atPath: url.path) { broken.append("\(page.lastPathComponent): \(target)") }
            }
        }
        #expect(checked > 40, "links were not read")
        #expect(broken.isEmpty, "\(broken)")
    }
}
