import Foundation
import SparksCore

/// A preset of presets/, read as the commands read it (images from assets/).
func shippedPreset(_ name: String) throws -> SceneDescription {
    try PresetDecoder.load(
        contentsOf: repositoryRoot.appendingPathComponent("presets/\(name).json"),
        assetDirectories: [repositoryRoot.appendingPathComponent("assets")]
    ).get()
}

/// A texture that needs no file: 10 × 10 pixels.
let dot = Texture(name: "dot", pixelWidth: 10, pixelHeight: 10)

/// A scene with one emitter layer at the origin (zero bounds, so layer space = canvas space),
/// starting empty unless `startup` says otherwise (the emission tests count births from the start).
func emitterScene(
    stepRate: Double = 60,
    particleLimit: Int = ParticleBudget.defaultLimit,
    startup: EmitterStartup = .empty,
    layer configureLayer: (inout LayerProperties) -> Void = { _ in },
    emitter configure: (inout EmitterProperties) -> Void
) -> (Scene, EmitterLayer) {
    var emitter = EmitterProperties()
    configure(&emitter)
    var layer = LayerProperties(name: "emitter")
    configureLayer(&layer)
    var description = SceneDescription(
        name: "test", stepRate: stepRate,
        layers: [LayerDescription(kind: .emitter, properties: layer, emitter: emitter)])
    description.startup = startup
    let scene = Scene(description, particleLimit: particleLimit)
    return (scene, scene.emitterLayers[0])
}

/// A cell with the given name and the given changes from Core Animation's defaults.
func cell(_ name: String = "cell", _ configure: (inout EmitterCell) -> Void) -> EmitterCell {
    var c = EmitterCell(name: name)
    c.contents = dot
    configure(&c)
    return c
}

extension EmitterLayer {
    /// The storage of top-level cell `index`.
    func storage(_ index: Int = 0) -> ParticleStorage {
        simulation.cellStates[index].storage
    }
}

/// Velocities of the live particles of a storage as (vx, vy, vz).
func velocities(_ s: ParticleStorage) -> [(Double, Double, Double)] {
    let x = s.values(.velocityX), y = s.values(.velocityY), z = s.values(.velocityZ)
    return (0..<s.count).map { (Double(x[$0]), Double(y[$0]), Double(z[$0])) }
}

/// Mean unit direction of the velocities, projected on the screen plane.
func meanDirection(_ s: ParticleStorage) -> (x: Double, y: Double) {
    var sx = 0.0, sy = 0.0
    for (x, y, z) in velocities(s) {
        let l = (x * x + y * y + z * z).squareRoot()
        guard l > 0 else { continue }
        sx += x / l
        sy += y / l
    }
    let n = Double(max(s.count, 1))
    return (sx / n, sy / n)
}

/// Angle of a 2-D vector, radians in (−π, π].
func angle(_ x: Double, _ y: Double) -> Double { atan2(y, x) }

/// The folder holding the repository's presets and assets.
let repositoryRoot: URL = {
    var url = URL(fileURLWithPath: #filePath)
    while !FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) {
        url = url.deletingLastPathComponent()
    }
    return url
}()
