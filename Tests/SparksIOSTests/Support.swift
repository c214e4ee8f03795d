import Foundation
import SparksCore
import SparksIOS
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

let presetsFolder = repositoryRoot.appendingPathComponent("presets")
let assetsFolder = repositoryRoot.appendingPathComponent("assets")

/// A preset of presets/ as a scene.
func preset(_ name: String) throws -> SceneDescription {
    try PresetDecoder.load(contentsOf: presetsFolder.appendingPathComponent("\(name).json"), assetDirectories: [assetsFolder]).get()
}

/// Imports `code` (named `file`, whose extension gives the language) and reads the preset it
/// gives back as a file would be read, images resolved in assets/.
func importScene(
    _ code: String, file: String = "Effect.swift", canvas: Size? = nil, defines: [String: String] = [:], calls: [String] = []
) throws -> (scene: SceneDescription, messages: [ImportMessage], result: ImportResult) {
    var importer = Importer(sources: [(file, code)], canvas: canvas)
    importer.defines = defines
    importer.calls = calls
    importer.imageFolders = [assetsFolder]
    let result = try importer.run()
    // Images the code draws are drawn beside the preset, as `sparks import` does.
    var roots = [assetsFolder]
    if !result.drawnImages.isEmpty {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("drawn-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try writeDrawnImages(of: result, into: folder)
        roots.insert(folder, at: 0)
    }
    let decoder = PresetDecoder(fileName: "imported.json", resolver: ResourceResolver(roots: roots))
    let scene = try decoder.decode(Array(result.preset.utf8), defaultName: "imported").get()
    return (scene, result.messages, result)
}

/// Draws the images an import's code draws into `folder`, as `sparks import` writes them.
func writeDrawnImages(of result: ImportResult, into folder: URL) throws {
    for drawn in result.drawnImages {
        try picture(drawn.drawing, at: 0).writePNG(to: folder.appendingPathComponent(drawn.fileName).path)
    }
}

/// The state hash after `seconds` of simulation.
func stateHash(_ description: SceneDescription, after seconds: Double) -> UInt64 {
    let scene = Scene(description, limits: .standard)
    scene.run(until: seconds)
    return scene.stateHash()
}

/// Draws `description` at `seconds` on the offscreen renderer.
func picture(_ description: SceneDescription, at seconds: Double) throws -> PixelImage {
    let scene = Scene(description, limits: .standard)
    scene.run(until: seconds)
    var list = RenderList()
    scene.buildRenderList(into: &list)
    let renderer = try OffscreenRenderer(width: Int(list.canvasSize.width), height: Int(list.canvasSize.height))
    renderer.render(list)
    return renderer.image()
}

/// The presets of presets/, by name.
let presetNames: [String] = ((try? FileManager.default.contentsOfDirectory(atPath: presetsFolder.path)) ?? [])
    .filter { $0.hasSuffix(".json") && $0 != "sparks.schema.json" }.map { String($0.dropLast(5)) }.sorted()

/// The imported layer at `path` (indices from the top of the scene down) as drawn `t` seconds in:
/// its values with its animations applied in order.
func presentedState(_ scene: SceneDescription, _ path: [Int], at t: Double) -> LayerState {
    var description = scene.layers[path[0]]
    for i in path.dropFirst() { description = description.sublayers[i] }
    var state = LayerState(layer: description.properties, content: description.content)
    for animation in description.animations { animation.apply(at: t, to: &state) }
    return state
}
