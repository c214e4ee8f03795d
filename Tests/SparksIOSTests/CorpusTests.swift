import Foundation
import SparksCore
import SparksIOS
import Testing

/// Snippets of iOS code in the styles people write it, each with the preset it must give.
@Suite("Importing the corpus of iOS snippets")
struct CorpusTests {
    static let folder = repositoryRoot.appendingPathComponent("Tests/SparksIOSTests/Corpus")
    static let snippets: [String] = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
        .filter { $0.hasSuffix(".swift") || $0.hasSuffix(".m") }.sorted()

    @Test("The corpus has at least 30 snippets in both languages")
    func size() {
        #expect(Self.snippets.count >= 30)
        #expect(Self.snippets.filter { $0.hasSuffix(".swift") }.count >= 10)
        #expect(Self.snippets.filter { $0.hasSuffix(".m") }.count >= 10)
    }

    @Test("Each snippet imports to the preset it must give", arguments: snippets)
    func snippet(file: String) throws {
        let code = try String(contentsOf: Self.folder.appendingPathComponent(file), encoding: .utf8)
        let (imported, messages, _) = try importScene(code, file: file)
        let expectedFile = Self.folder.appendingPathComponent(String(file[..<file.lastIndex(of: ".")!]) + ".json")
        let expected = try PresetDecoder.load(contentsOf: expectedFile, assetDirectories: [assetsFolder]).get()
        #expect(messages.filter { $0.kind == .skipped }.isEmpty, "\(messages.map(\.description))")
        #expect(imported.canvas == expected.canvas)
        let got = PresetEncoder.encode(SceneDescription(name: "snippet", canvas: imported.canvas, layers: withoutNames(imported.layers)))
        let want = PresetEncoder.encode(SceneDescription(name: "snippet", canvas: expected.canvas, layers: withoutNames(expected.layers)))
        #expect(got == want)
        #expect(stateHash(imported, after: 5) == stateHash(expected, after: 5))
    }
}

/// Layers with their names and their cells' names removed: the code's variables name what the
/// expected presets leave unnamed (key paths through names are resolved by then).
func withoutNames(_ layers: [LayerDescription]) -> [LayerDescription] {
    func cells(_ list: [EmitterCell]) -> [EmitterCell] {
        list.map { cell in
            var c = cell
            c.name = nil
            c.emitterCells = cells(c.emitterCells)
            return c
        }
    }
    return layers.map { layer in
        var l = layer
        l.properties.name = nil
        l.content.changeEmitter { $0.emitterCells = cells($0.emitterCells) }
        l.sublayers = withoutNames(l.sublayers)
        return l
    }
}
