import Foundation
import SparksCore
import SparksExport
import SparksIOS
import Testing

@Suite("Export to iOS code and import back")
struct RoundTripTests {
    @Test("Every preset exported to Swift and imported back is the same effect", arguments: presetNames)
    func swift(name: String) throws {
        try roundTrip(name, language: .swift, file: "Effect.swift")
    }

    @Test("Every preset exported to Objective-C and imported back is the same effect", arguments: presetNames)
    func objectiveC(name: String) throws {
        try roundTrip(name, language: .objc, file: "Effect.m")
    }

    private func roundTrip(_ name: String, language: CodeExporter.Language, file: String) throws {
        let original = try preset(name)
        let code = try CodeExporter(language: language).code(for: original)
        let (imported, messages, _) = try importScene(code, file: file)
        #expect(messages.filter { $0.kind == .skipped }.isEmpty, "\(messages.map(\.description))\n\(code)")
        #expect(imported.canvas == original.canvas)
        #expect(imported.layers.count == original.layers.count)
        #expect(stateHash(imported, after: 10) == stateHash(original, after: 10), "\(code)")
        #expect(try picture(imported, at: 10) == picture(original, at: 10))
    }
}
