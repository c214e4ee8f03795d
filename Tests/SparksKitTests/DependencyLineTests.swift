import Foundation
import Testing

/// The dependency line the README and docs/embedding.md give a game, resolved as a new game
/// package resolves it, against a local clone of this repository (its committed state, with
/// `main` where HEAD is): it resolves, and it fetches Sparks and nothing else.
struct DependencyLineTests {
    private let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../..").standardizedFileURL

    /// The `.package(url: …)` line of a document's Swift code.
    private func documentedLine(in file: String) throws -> String {
        let text = try String(contentsOf: repository.appendingPathComponent(file), encoding: .utf8)
        let line = text.split(separator: "\n").first { $0.trimmingCharacters(in: .whitespaces).hasPrefix(".package(url:") }
        return try #require(line.map { $0.trimmingCharacters(in: .whitespaces) }, "\(file) gives a .package(url: …) line")
    }

    @discardableResult
    private func run(_ arguments: [String], in directory: URL) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        process.currentDirectoryURL = directory
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: output, as: UTF8.self))
    }

    @Test func theDocumentedLineResolvesToSparksAlone() throws {
        let line = try documentedLine(in: "docs/embedding.md")
        #expect(try documentedLine(in: "README.md") == line, "the README and the guide give the same line")
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("sparks-dependency-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: work) }
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        // A clone named as the documented URL names it, with `main` at this repository's HEAD.
        let head = try run(["git", "rev-parse", "HEAD"], in: repository).output.trimmingCharacters(in: .whitespacesAndNewlines)
        let clone = work.appendingPathComponent("sparks.git")
        let cloned = try run(["git", "clone", "--quiet", "--bare", repository.path, clone.path], in: work)
        try #require(cloned.status == 0, "\(cloned.output)")
        try run(["git", "update-ref", "refs/heads/main", head], in: clone)

        let game = work.appendingPathComponent("game")
        try FileManager.default.createDirectory(at: game.appendingPathComponent("Sources/game"), withIntermediateDirectories: true)
        let url = try #require(line.range(of: #""[^"]*""#, options: .regularExpression))
        let localLine = line.replacingCharacters(in: url, with: "\"\(clone.absoluteString)\"")
        try """
        // swift-tools-version: 6.1
        import PackageDescription
        let package = Package(
            name: "game",
            dependencies: [
                \(localLine)
            ],
            targets: [.executableTarget(name: "game", dependencies: [.product(name: "SparksKit", package: "sparks")])]
        )
        """.write(to: game.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
        try "import SparksKit\nprint(ShippedPresets.names.count)\n".write(
            to: game.appendingPathComponent("Sources/game/main.swift"), atomically: true, encoding: .utf8)

        let resolved = try run(["swift", "package", "resolve"], in: game)
        #expect(resolved.status == 0, "\(localLine): \(resolved.output)")
        let checkouts = try FileManager.default.contentsOfDirectory(atPath: game.appendingPathComponent(".build/checkouts").path)
        #expect(checkouts == ["sparks"], "a game's resolve fetched \(checkouts.sorted())")
        let pins = try String(contentsOf: game.appendingPathComponent("Package.resolved"), encoding: .utf8)
        #expect(pins.components(separatedBy: "\"identity\"").count - 1 == 1, "\(pins)")
    }
}
