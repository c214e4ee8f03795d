import Foundation
import SparksCore
import SparksIOS
import SparksRaster
import SparksSDL
import Testing

/// Public iOS code nobody here wrote (RealCode/, copied verbatim with its licence), each case with
/// what the code does on an iPhone, written down from reading it: how many things are on screen
/// at given moments, and where it says, the first one's opacity. See docs/real-ios-code.md.
@Suite("Importing real public iOS code")
struct RealCodeTests {
    static let folder = repositoryRoot.appendingPathComponent("Tests/SparksIOSTests/RealCode")

    struct Manifest: Decodable {
        var cases: [Case]
    }

    struct Case: Decodable, CustomStringConvertible, Sendable {
        struct Count: Decodable, Sendable {
            var at: Double
            var count: Int
            var tolerance: Int
        }
        struct Opacity: Decodable, Sendable {
            var at: Double
            var value: Float
            var tolerance: Float
        }
        var id: String
        var repository: String
        var commit: String
        var licence: String
        var files: [String]
        var call: String?
        var reading: String
        /// Particles alive.
        var live: [Count]?
        /// Things drawn: quads with some opacity and some area after their layer's transform.
        var drawn: [Count]?
        var firstAlpha: [Opacity]?
        /// Why the import does not give the effect yet, for a case still open.
        var open: String?

        var description: String { id }
    }

    static let cases: [Case] = {
        guard let data = try? Data(contentsOf: folder.appendingPathComponent("manifest.json")),
            let manifest = try? JSONDecoder().decode(Manifest.self, from: data)
        else { return [] }
        return manifest.cases
    }()

    @Test("The manifest names at least 25 files, each present with its repository's licence")
    func manifest() {
        #expect(Set(Self.cases.flatMap { c in c.files.map { "\(c.repository)/\($0)" } }).count >= 25)
        for c in Self.cases {
            let repository = Self.folder.appendingPathComponent(c.repository)
            for file in c.files {
                #expect(FileManager.default.fileExists(atPath: repository.appendingPathComponent(file).path), "\(c.id): \(file)")
            }
            let licences = (try? FileManager.default.contentsOfDirectory(atPath: repository.path))?.filter { $0.hasPrefix("LICENSE") }
            #expect(licences?.isEmpty == false, "\(c.repository) has no licence file")
            #expect(c.commit.count == 40, "\(c.id): a commit is 40 hex digits")
        }
    }

    @Test("Each file gives the effect its code makes on an iPhone", arguments: cases)
    func effect(of realCase: Case) throws {
        if let reason = realCase.open {
            withKnownIssue(Comment(rawValue: reason)) { try check(realCase) }
        } else {
            try check(realCase)
        }
    }

    func check(_ realCase: Case) throws {
        let repository = Self.folder.appendingPathComponent(realCase.repository)
        let sources = try realCase.files.map { file in
            (name: "\(realCase.repository)/\(file)", text: try String(contentsOf: repository.appendingPathComponent(file), encoding: .utf8))
        }
        var importer = Importer(sources: sources)
        importer.calls = realCase.call.map { [$0] } ?? []
        importer.imageFolders = [assetsFolder]
        let result = try importer.run()
        // Images the code names but the repository does not hold are stand-ins written beside
        // the preset, as `sparks import` writes them.
        let imageFolder = FileManager.default.temporaryDirectory.appendingPathComponent("real-code-\(realCase.id)-\(UUID())")
        try FileManager.default.createDirectory(at: imageFolder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: imageFolder) }
        for standIn in result.standIns {
            let url = imageFolder.appendingPathComponent(standIn.fileName)
            try PixelImage(width: standIn.size, height: standIn.size, rgba: standIn.rgba).writePNG(to: url.path)
        }
        try writeDrawnImages(of: result, into: imageFolder)
        let resolver = ResourceResolver(roots: [imageFolder, assetsFolder])
        let description = try PresetDecoder(fileName: "imported.json", resolver: resolver).decode(
            Array(result.preset.utf8), defaultName: realCase.id
        ).get()
        let scene = Scene(description, limits: .standard)
        var list = RenderList()
        enum Figure {
            case live(Case.Count), drawn(Case.Count), firstAlpha(Case.Opacity)
        }
        let figures: [(at: Double, figure: Figure)] =
            (realCase.live ?? []).map { ($0.at, .live($0)) } + (realCase.drawn ?? []).map { ($0.at, .drawn($0)) }
            + (realCase.firstAlpha ?? []).map { ($0.at, .firstAlpha($0)) }
        #expect(!figures.isEmpty)
        for (at, figure) in figures.sorted(by: { $0.at < $1.at }) {
            scene.run(until: at)
            list.removeAll()
            scene.buildRenderList(into: &list)
            let drawn = drawnQuads(list)
            switch figure {
            case .live(let want):
                let live = scene.emitterLayers.reduce(0) { sum, layer in sum + layer.liveParticleCount }
                #expect(abs(live - want.count) <= want.tolerance, "\(realCase.id) at \(at) s: \(live) alive, not \(want.count)")
            case .drawn(let want):
                #expect(
                    abs(drawn.count - want.count) <= want.tolerance, "\(realCase.id) at \(at) s: \(drawn.count) drawn, not \(want.count)")
            case .firstAlpha(let want):
                let alpha = drawn.first?.alpha ?? 0
                #expect(abs(alpha - want.value) <= want.tolerance, "\(realCase.id) at \(at) s: first opacity \(alpha), not \(want.value)")
            }
        }
    }

    /// The quads that show: some opacity, some area (a shape's path draws wherever it lies, as
    /// Core Animation draws it, whatever the layer's bounds), in a batch whose transform keeps
    /// some area.
    func drawnQuads(_ list: RenderList) -> [RenderQuad] {
        var drawn: [RenderQuad] = []
        for batch in list.batches {
            let t = batch.transform
            guard abs(t.m11 * t.m22 - t.m12 * t.m21) > 1e-9 else { continue }
            let isPath = if case .path = batch.shape { true } else { false }
            for quad in list.quads[batch.range] where quad.alpha > 1.0 / 255 && (isPath || quad.halfWidth > 0 && quad.halfHeight > 0) {
                drawn.append(quad)
            }
        }
        return drawn
    }
}
