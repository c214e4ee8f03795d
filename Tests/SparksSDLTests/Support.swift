import Foundation
import SparksCore
import SparksRaster
import SparksSDL

/// The folder holding the repository's presets and assets.
let repositoryRoot: URL = {
    var url = URL(fileURLWithPath: #filePath)
    while !FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) {
        url = url.deletingLastPathComponent()
    }
    return url
}()

/// Draws `scene` at scene time `seconds` on the offscreen renderer, at the canvas size.
func picture(_ scene: Scene, at seconds: Double) throws -> PixelImage {
    scene.run(until: seconds)
    var list = RenderList()
    scene.buildRenderList(into: &list)
    let renderer = try OffscreenRenderer(width: Int(list.canvasSize.width), height: Int(list.canvasSize.height))
    renderer.render(list)
    return renderer.image()
}
