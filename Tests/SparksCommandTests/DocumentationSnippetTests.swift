import Foundation
import SparksCore
import Testing

/// The fenced code blocks of a Markdown file in `language`, in order.
private func codeBlocks(_ file: String, language: String) throws -> [String] {
    let text = try String(contentsOf: repositoryRoot.appendingPathComponent(file), encoding: .utf8)
    var blocks: [String] = [], current: [Substring]?
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
        if current == nil, line == "```\(language)" {
            current = []
        } else if current != nil, line == "```" {
            blocks.append(current!.joined(separator: "\n") + "\n")
            current = nil
        } else {
            current?.append(line)
        }
    }
    return blocks
}

/// A Swift source's code lines: trimmed, without `//` comments, empty lines left out.
private func codeLines(_ text: String) -> [String] {
    text.split(separator: "\n").compactMap { line in
        let code = line.range(of: "//").map { line[..<$0.lowerBound] } ?? line[...]
        let trimmed = code.trimmingCharacters(in: .whitespaces)
        return trimmed.isEmpty ? nil : trimmed
    }
}

@Suite("The README's and the embedding guide's code is code that builds")
struct DocumentationSnippetTests {
    let exampleMain = "Examples/swift-sdl-game/Sources/minimal-game/main.swift"

    @Test("The guide's game loop is the example package's minimal-game, which make examples builds")
    func gameLoop() throws {
        let blocks = try codeBlocks("docs/embedding.md", language: "swift")
        let loop = try #require(blocks.first { $0.hasPrefix("// Sources/game/main.swift") })
        let example = try String(contentsOf: repositoryRoot.appendingPathComponent(exampleMain), encoding: .utf8)
        #expect(loop == example, "docs/embedding.md's game loop differs from \(exampleMain)")
    }

    @Test("The guide's dependency lines: main without the tools' trait (SparksKitTests resolves it), the product as the example names it")
    func dependencyLines() throws {
        let blocks = try codeBlocks("docs/embedding.md", language: "swift")
        let lines = try #require(blocks.first { $0.hasPrefix("// Package.swift") }).split(separator: "\n").map(String.init)
        let dependency = #".package(url: "https://…/sparks.git", branch: "main", traits: []),"#
        #expect(lines.contains(dependency))
        let product = try #require(lines.first { $0.hasPrefix(".product(") })
        let package = try String(
            contentsOf: repositoryRoot.appendingPathComponent("Examples/swift-sdl-game/Package.swift"), encoding: .utf8)
        #expect(package.contains(String(product.dropLast())), "the example package names the product as the guide does: \(product)")
        #expect(package.contains("// " + dependency), "the example package shows the guide's line")
        #expect(package.contains(#"path: "../..", traits: [])"#), "the example builds as a game does, without the tools")
    }

    @Test("The recipes page shows every recipe preset whole, as presets/ holds it (the gallery tests draw and count each)")
    func recipes() throws {
        let blocks = try codeBlocks("docs/recipes.md", language: "json")
        let names = try FileManager.default.contentsOfDirectory(atPath: repositoryRoot.appendingPathComponent("presets").path)
            .filter { $0.hasPrefix("recipe-") && $0.hasSuffix(".json") }.sorted()
        #expect(names.count == blocks.count && names.count >= 7)
        for name in names {
            let file = try String(contentsOf: repositoryRoot.appendingPathComponent("presets/\(name)"), encoding: .utf8)
            #expect(blocks.contains(file), "docs/recipes.md does not show presets/\(name) as it is")
        }
    }

    @Test("Every line of the README's Swift snippet is a line of the example game it stands for")
    func readmeSnippet() throws {
        let snippets = try codeBlocks("README.md", language: "swift")
        let example = Set(codeLines(try String(contentsOf: repositoryRoot.appendingPathComponent(exampleMain), encoding: .utf8)))
        #expect(!snippets.isEmpty)
        // (The dependency line's block is resolved by SparksKitTests.DependencyLineTests.)
        for snippet in snippets where !snippet.hasPrefix(".package(") {
            for line in codeLines(snippet) { #expect(example.contains(line), "README line not in \(exampleMain): \(line)") }
        }
    }

    @Test("The guide's C snippet compiles against include/sparks.h")
    func cSnippet() throws {
        let snippet = try #require(try codeBlocks("docs/embedding.md", language: "c").first)
        // The snippet's free names, declared around it as a game's would be.
        let body = snippet.split(separator: "\n").filter { !$0.hasPrefix("#include") }.joined(separator: "\n")
        let program = """
            #include <stdio.h>
            #include <sparks.h>
            static double ship_x, ship_y, frame_seconds;
            static int hit;
            static void *renderer;
            int main(void) {
            \(body)
                return 0;
            }
            """
        let source = FileManager.default.temporaryDirectory.appendingPathComponent("sparks-snippet-\(getpid()).c")
        try program.write(to: source, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: source) }
        let result = try runProgram(
            URL(fileURLWithPath: "/usr/bin/cc"),
            ["-fsyntax-only", "-Wall", "-Werror", "-I", repositoryRoot.appendingPathComponent("include").path, source.path])
        #expect(result.status == 0, "\(result.error)")
    }
}
