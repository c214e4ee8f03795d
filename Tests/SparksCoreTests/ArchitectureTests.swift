import Foundation
import Testing

/// The folders of SparksCore, lowest first: a folder may use the types of the folders before it
/// (and its own), never those after it.
private let layering: [[String]] = [
    ["Math"],
    ["Timing", "Parallel", "Files", "Limits"],
    ["Properties"],
    ["Model"],
    ["Animation"],
    ["Layer"],
    ["Emitter"],
    ["Render"],
    ["Scene"],
    ["Preset"],
    // Opening files: presets, and other tools' effect files read into presets (and presets
    // written as CAML), decoded through the preset decoder.
    ["Formats"],
]

/// Each Swift file of a SparksCore folder, without its comments and the words inside its
/// string literals (a message may name Core Animation without using the folder's types).
private func sources(in folder: String) throws -> [(name: String, text: String)] {
    let url = repositoryRoot.appendingPathComponent("Sources/SparksCore/\(folder)")
    return try FileManager.default.contentsOfDirectory(atPath: url.path).filter { $0.hasSuffix(".swift") }.sorted().map { name in
        let text = try String(contentsOf: url.appendingPathComponent(name), encoding: .utf8)
        let code = text.split(separator: "\n", omittingEmptySubsequences: false)
            .map { line in
                let withoutStrings = String(line).replacing(/"(?:[^"\\]|\\.)*"/, with: "\"\"")
                return withoutStrings.range(of: "//").map { String(withoutStrings[..<$0.lowerBound]) } ?? withoutStrings
            }
        return (name, code.joined(separator: "\n"))
    }
}

/// The names of the types a source declares.
private func declaredTypes(in text: String) -> Set<String> {
    let pattern =
        /(?m)^(?:(?:public|internal|private|fileprivate|final|indirect)\s+)*(?:struct|enum|class|protocol|typealias|actor)\s+(\w+)/
    return Set(text.matches(of: pattern).map { String($0.output.1) })
}

/// The identifiers a source uses.
private func identifiers(in text: String) -> Set<String> {
    Set(text.matches(of: /[A-Za-z_][A-Za-z0-9_]*/).map { String($0.output) })
}

@Suite("The folders of SparksCore depend in one direction")
struct ArchitectureTests {
    @Test("Every folder of SparksCore has a place in the layering")
    func everyFolderIsLayered() throws {
        let url = repositoryRoot.appendingPathComponent("Sources/SparksCore")
        let folders = try FileManager.default.contentsOfDirectory(atPath: url.path).filter { !$0.hasPrefix(".") }
        #expect(Set(folders) == Set(layering.joined()))
    }

    @Test("No folder uses a type declared in a folder above it")
    func noBackEdges() throws {
        var owner: [String: (folder: String, rank: Int)] = [:]
        for (rank, row) in layering.enumerated() {
            for folder in row {
                for source in try sources(in: folder) {
                    for type in declaredTypes(in: source.text) { owner[type] = (folder, rank) }
                }
            }
        }
        #expect(owner.count > 50, "the declarations were found")
        var backEdges: [String] = []
        for (rank, row) in layering.enumerated() {
            for folder in row {
                for source in try sources(in: folder) {
                    for name in identifiers(in: source.text).sorted() {
                        if let declared = owner[name], declared.rank > rank || (declared.rank == rank && declared.folder != folder) {
                            backEdges.append("\(folder)/\(source.name) uses \(name) from \(declared.folder)")
                        }
                    }
                }
            }
        }
        #expect(backEdges.isEmpty, "\(backEdges.joined(separator: "\n"))")
    }
}
