import Foundation
import SparksCore

#if canImport(Glibc)
    import Glibc
#endif

/// A new preset: a copy of another under a new name, or one emitter of sparks at the canvas's
/// centre. `sparks new` and the studio's gallery both start presets this way.
package enum NewPreset {
    /// What a new preset named `name` holds: the preset at `source` renamed, or a plain emitter.
    package static func description(named name: String, from source: URL?, locator: PresetLocator) throws -> SceneDescription {
        guard let source else { return plainEmitter(named: name) }
        switch locator.load(source) {
        case .success(var scene):
            scene.name = name
            return scene
        case .failure(let error):
            throw CommandError(
                error.diagnostics.map { "\($0)\n" }.joined() + "\(locator.displayName(source)) has problems; nothing written")
        }
    }

    /// One emitter layer filling the canvas, its emitter at the centre, so a rotation or scale
    /// of the layer turns the effect in place (a layer turns about its position).
    static func plainEmitter(named name: String) -> SceneDescription {
        var cell = EmitterCell()
        cell.name = "spark"
        cell.contents = Texture(name: "spark.png", pixelWidth: 16, pixelHeight: 16)
        cell.birthRate = 100
        cell.lifetime = 2
        cell.velocity = 80
        cell.emissionRange = 2 * .pi
        cell.alphaSpeed = -0.5
        let canvas = CanvasDescription(background: .black)
        let centre = Point(x: canvas.width / 2, y: canvas.height / 2)
        var emitter = EmitterProperties()
        emitter.emitterPosition = centre
        emitter.renderMode = .additive
        emitter.emitterCells = [cell]
        var layer = LayerDescription(kind: .emitter, emitter: emitter)
        layer.properties.name = "emitter"
        layer.properties.bounds = Rect(x: 0, y: 0, width: canvas.width, height: canvas.height)
        layer.properties.position = centre
        return SceneDescription(name: name, canvas: canvas, layers: [layer])
    }

    /// Writes `scene` to `url`, and the schema beside it when there is none; returns the files
    /// written. An existing file is replaced only with `replace`: otherwise the file is
    /// created only if no file (or link) has that name when it is written.
    @discardableResult
    package static func write(_ scene: SceneDescription, to url: URL, replace: Bool) throws -> [String] {
        let bytes = Data(PresetEncoder.encode(scene).utf8)
        if replace {
            try bytes.write(to: url, options: .atomic)
        } else {
            try createNew(url, bytes)
        }
        var written = [url.path]
        let schema = url.deletingLastPathComponent().appendingPathComponent("sparks.schema.json")
        if (try? createNew(schema, Data(PresetSchema.text.utf8))) != nil { written.append(schema.path) }
        return written
    }

    /// Creates `url` with `bytes`; fails when anything by that name exists.
    private static func createNew(_ url: URL, _ bytes: Data) throws {
        let descriptor = open(url.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o644)
        guard descriptor >= 0 else {
            let reason = errno == EEXIST ? "it exists" : String(cString: strerror(errno))
            throw CommandError("\(url.path) was not written: \(reason)")
        }
        defer { close(descriptor) }
        let written = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
        guard written == bytes.count else { throw CommandError("\(url.path) could not be written whole") }
    }
}
