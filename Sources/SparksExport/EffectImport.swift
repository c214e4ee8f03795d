import Foundation
import SparksCommandSupport
import SparksCore

/// An effect file of another engine (SpriteKit `.sks`, Particle Designer `.plist`/`.pex`) or a
/// CAML document (`.caml`, a `.ca` folder) made a preset: read, then written with the images it
/// carries or found beside it, so the preset opens on its own (`sparks import`, and the studio
/// when it is given such a file).
public enum EffectImport {
    /// Whether `url` is an effect file rather than a preset or code: decided by its content (a
    /// `.ca` folder, or a file that starts like a property list or XML other than an interface
    /// document).
    public static func isEffectFile(_ url: URL) -> Bool {
        if EffectFile.isBundle(url) { return true }
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), isFolder.boolValue { return false }
        let ext = url.pathExtension.lowercased()
        if ["storyboard", "xib", "swift", "m", "h", "mm", "json"].contains(ext) { return false }
        guard let head = try? CheckedFile.read(url, maxBytes: 1 << 30, prefix: 4096) else { return false }
        guard let kind = EffectFile.likelyKind(of: head.bytes) else { return ["sks", "plist", "pex", "caml"].contains(ext) }
        return kind != .preset
    }

    /// The effect in the file or `.ca` folder at `source`, its images looked for beside it and
    /// in `assetDirectories`.
    public static func read(_ source: URL, assetDirectories: [URL]) throws -> ForeignEffect {
        let document = EffectFile.document(in: source)
        let checked: CheckedFile
        do {
            checked = try CheckedFile.read(document, maxBytes: PresetLimits.standard.maxPresetBytes)
        } catch {
            throw CommandError("\(source.path): \(error.message)")
        }
        let resolver = ResourceResolver(roots: [document.deletingLastPathComponent()] + assetDirectories)
        do {
            return try EffectFile.read(
                checked.bytes, file: source.path, name: source.deletingPathExtension().lastPathComponent, resolver: resolver)
        } catch {
            throw CommandError("\(source.path): \(error.reason)")
        }
    }

    /// Writes `effect` as the preset `out`, its images first, beside it (never over a different
    /// file of the same name: an error, and nothing written). Returns the images written.
    @discardableResult
    public static func write(_ effect: ForeignEffect, to out: URL, assetDirectories: [URL]) throws -> [String] {
        let folder = out.deletingLastPathComponent()
        let preset = PresetEncoder.encode(effect.scene)
        let decoder = PresetDecoder(fileName: out.lastPathComponent, resolver: ResourceResolver(roots: [folder] + assetDirectories))
        var images: [(URL, [UInt8])] = []
        for (imageName, texture) in effect.images.sorted(by: { $0.key < $1.key }) {
            let target = folder.appendingPathComponent(imageName)
            let bytes = try ImageFile.pngBytes(of: texture)
            if let existing = FileManager.default.contents(atPath: target.path) {
                guard [UInt8](existing) == bytes else {
                    throw CommandError(
                        "\(target.path) exists and is a different image; nothing written (import into another folder with --out DIR/NAME.json)"
                    )
                }
                continue
            }
            images.append((target, bytes))
        }
        var written: [String] = []
        for (target, bytes) in images {
            try Data(bytes).write(to: target, options: .withoutOverwriting)
            written.append(target.path)
        }
        let (repaired, decoded, leftOut) = PresetRepair.decodeLeavingOut(
            preset, with: decoder, defaultName: out.deletingPathExtension().lastPathComponent)
        if case .failure(let error) = decoded {
            for d in error.diagnostics { StandardStream.error.write("\(d)\n") }
            throw CommandError("the imported preset does not validate; nothing written")
        }
        for d in leftOut { StandardStream.error.write("\(d); left out of the preset\n") }
        try Data(repaired.utf8).write(to: out, options: .atomic)
        return written
    }
}
