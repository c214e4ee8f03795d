import Foundation
import SparksCore
import Testing

/// Groups, masks and their passes cost what the masked content covers, not their whole clip:
/// the passes of shimmer (a text layer and a bar, each masked by a gradient wider than itself)
/// cover each layer's own pixels (the gallery and mask tests check the pictures are unchanged).
struct GroupAreaTests {
    @Test func shimmersMaskPassesCoverTheMaskedLayersOnly() throws {
        let url = repositoryRoot.appendingPathComponent("presets/shimmer.json")
        let description = try PresetDecoder(fileName: "shimmer.json", resolver: ResourceResolver(roots: [url.deletingLastPathComponent()]))
            .decode(Array(try Data(contentsOf: url)), defaultName: "shimmer").get()
        let scene = Scene(description)
        scene.run(until: 1.3)
        var list = RenderList()
        scene.buildRenderList(into: &list)
        var draw = DrawList()
        DrawListBuilder().build(list, width: 800, height: 600, into: &draw)
        let passes = draw.commands.filter {
            switch $0.primitive {
            case .beginGroup, .endGroup, .endMask: true
            default: false
            }
        }
        #expect(passes.count == 8)
        // The title: 600 × 110 pt at (100, 195); the bar: 500 × 24 pt at (150, 368), its gradient
        // mask 1500 pt wide (only its pixels over the bar matter).
        let title = PixelRect(x0: 99, y0: 194, x1: 701, y1: 306), bar = PixelRect(x0: 148, y0: 366, x1: 652, y1: 394)
        for pass in passes {
            let within = [title, bar].contains { pass.clip.intersection($0) == pass.clip }
            #expect(within, "a pass over \(pass.clip)")
        }
    }
}
