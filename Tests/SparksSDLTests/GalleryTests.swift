import Foundation
import SparksCore
import SparksRaster
import SparksSDL
import Testing

/// `docs/gallery-manifest.txt`: preset names and the times their thumbnails show.
private func manifest() throws -> [(name: String, at: Double)] {
    let text = try String(contentsOf: repositoryRoot.appendingPathComponent("docs/gallery-manifest.txt"), encoding: .utf8)
    return text.split(separator: "\n").compactMap { line in
        let parts = line.split(separator: " ")
        guard parts.count == 2, !line.hasPrefix("#"), let at = Double(parts[1]) else { return nil }
        return (String(parts[0]), at)
    }
}

@Suite("The gallery thumbnails are what Sparks draws")
struct GalleryTests {
    @Test("Every preset has a thumbnail in the manifest, and every thumbnail a preset")
    func coverage() throws {
        let presets = try FileManager.default.contentsOfDirectory(atPath: repositoryRoot.appendingPathComponent("presets").path)
            .filter { $0.hasSuffix(".json") && $0 != "sparks.schema.json" }.map { String($0.dropLast(5)) }
        let listed = try manifest().map(\.name)
        #expect(Set(presets) == Set(listed))
        let thumbnails = try FileManager.default.contentsOfDirectory(atPath: repositoryRoot.appendingPathComponent("docs/gallery").path)
        #expect(Set(thumbnails) == Set(listed.map { "\($0).png" }))
    }

    @Test(
        "Each thumbnail re-rendered now matches the committed one pixel for pixel, with every set of pixel kernels the machine runs (regenerate with make gallery)",
        arguments: RasterKernels.available.map(\.name))
    func noDrift(kernels: String) throws {
        let chosen = try #require(RasterKernels.available.first { $0.name == kernels })
        for (name, at) in try manifest() {
            let description = try PresetDecoder.load(
                contentsOf: repositoryRoot.appendingPathComponent("presets/\(name).json"),
                assetDirectories: [repositoryRoot.appendingPathComponent("assets")]
            ).get()
            let scene = Scene(description)
            scene.run(until: at)
            var list = RenderList()
            scene.buildRenderList(into: &list)
            let renderer = try OffscreenRenderer(width: 400, height: 300)
            renderer.rasterizer.kernels = chosen
            renderer.render(list)
            let now = renderer.image()
            let committed = try PixelImage(contentsOfPNG: repositoryRoot.appendingPathComponent("docs/gallery/\(name).png").path)
            var differing = 0
            if now.width == committed.width && now.height == committed.height {
                for i in stride(from: 0, to: now.rgba.count, by: 4) where now.rgba[i..<i + 4] != committed.rgba[i..<i + 4] {
                    differing += 1
                }
            } else {
                differing = now.width * now.height
            }
            #expect(
                differing == 0,
                "docs/gallery/\(name).png: \(differing) pixels differ from what \(name) draws at \(at) s with the \(kernels) kernels; run make gallery"
            )
            // And it shows something: not a blank canvas.
            let first = Array(now.rgba.prefix(4))
            #expect(
                stride(from: 0, to: now.rgba.count, by: 4).contains { Array(now.rgba[$0..<$0 + 4]) != first }, "\(name) thumbnail is blank")
        }
    }
}
