import Foundation
import SparksCommandSupport
import SparksCore
import SparksExport

/// `sparks import` of an effect file of another engine (SpriteKit `.sks`, Particle Designer
/// `.plist`/`.pex`) or a CAML document (`.caml`, a `.ca` folder): the preset, and beside it the
/// images the file carries or found in its project, so the preset opens on its own.
struct EffectFileImport {
    /// The file or `.ca` folder named.
    let source: URL
    /// Where the preset goes (`-`: printed).
    let out: String?

    func run() throws {
        let locator = PresetLocator()
        let effect = try EffectImport.read(source, assetDirectories: locator.assetDirectories)
        for note in effect.notes { StandardStream.error.write("\(note) (note)\n") }
        let name = source.deletingPathExtension().lastPathComponent
        let layers = effect.scene.layers.count
        let counts = "\(layers) layer\(layers == 1 ? "" : "s"), \(effect.notes.count) note\(effect.notes.count == 1 ? "" : "s")"
        if out == "-" {
            StandardStream.output.write(PresetEncoder.encode(effect.scene))
            var summary = "imported from \(source.lastPathComponent): \(counts)"
            if !effect.images.isEmpty {
                summary += "\nthe images it uses (\(effect.images.keys.sorted().joined(separator: ", "))) are written only with --out"
            }
            StandardStream.error.write("\(summary)\n")
            return
        }
        let path = out ?? "\(name).json"
        let written = try EffectImport.write(effect, to: URL(fileURLWithPath: path), assetDirectories: locator.assetDirectories)
        var summary = "wrote \(path) from \(source.lastPathComponent): \(counts)"
        for file in written { summary += "\nwrote image \(file)" }
        summary += "\nopen it with: sparks run \(path)"
        StandardStream.error.write("\(summary)\n")
    }
}
