import Foundation
import SparksCommandSupport
import SparksCore
import SparksRaster
import SparksSDL

/// A preset written as a `.ca` bundle, the folder iOS loads a Core Animation archive from:
/// `main.caml` (the layer tree), `index.xml` (which names it and its size) and `assets/` (its
/// images as PNG files). `sparks run`, `render` and `import` read the bundle back to the same
/// preset.
public enum CAMLBundle {
    /// The files of the bundle for `scene`, by path inside it, and what iOS may read
    /// differently.
    /// - Throws: ``ExportRefusal`` when the scene uses a Sparks extension; an error naming the
    ///   image when one cannot be read.
    public static func files(for scene: SceneDescription) throws -> (files: [(path: String, bytes: [UInt8])], notes: [String]) {
        try ExportRefusal.check(scene, for: "a CAML bundle")
        let document = CAMLDocument(scene)
        var files: [(path: String, bytes: [UInt8])] = [
            ("main.caml", Array(document.text.utf8)),
            ("index.xml", Array(CAMLDocument.index(width: scene.canvas.width, height: scene.canvas.height).utf8)),
        ]
        for image in document.images {
            files.append((CAMLDocument.assetsFolder + "/" + image.name, try ImageFile.pngBytes(of: image)))
        }
        return (files, document.notes)
    }

    /// The folder name a bundle of a preset named `name` gets by default: `fire.ca` (letters,
    /// digits, '-' and '_' of the name; `effect.ca` when it has none).
    public static func defaultFolderName(for name: String) -> String {
        let kept = String(name.unicodeScalars.filter { $0.isASCII && (CharacterSet.alphanumerics.contains($0) || $0 == "-" || $0 == "_") })
        return (kept.isEmpty ? "effect" : String(kept.prefix(80))) + ".ca"
    }

    /// Writes the bundle for `scene` to `folder` (created; an earlier bundle there is replaced,
    /// any other folder or file is left alone with an error).
    /// - Returns: what iOS may read differently.
    @discardableResult
    public static func write(_ scene: SceneDescription, to folder: URL) throws -> [String] {
        let (files, notes) = try files(for: scene)
        let manager = FileManager.default
        var isFolder: ObjCBool = false
        if manager.fileExists(atPath: folder.path, isDirectory: &isFolder) {
            guard isFolder.boolValue, manager.fileExists(atPath: folder.appendingPathComponent("main.caml").path) else {
                throw CommandError("\(folder.path) exists and is not a .ca bundle; nothing written (choose another --out)")
            }
        }
        try manager.createDirectory(at: folder.appendingPathComponent(CAMLDocument.assetsFolder), withIntermediateDirectories: true)
        for (path, bytes) in files {
            let url = folder.appendingPathComponent(path)
            try manager.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(bytes).write(to: url, options: .atomic)
        }
        return notes
    }
}

/// An image's PNG file: the file it was read from, the PNG an effect file carries, or its
/// pixels encoded.
public enum ImageFile {
    public static func pngBytes(of texture: Texture) throws -> [UInt8] {
        switch texture.embedded {
        case .png(let bytes, _, _)?:
            return bytes
        case .pixels(let image)?:
            let temporary = FileManager.default.temporaryDirectory.appendingPathComponent("sparks-\(UUID().uuidString).png")
            defer { try? FileManager.default.removeItem(at: temporary) }
            try PixelImage(width: image.width, height: image.height, rgba: image.rgba).writePNG(to: temporary.path)
            return [UInt8](try Data(contentsOf: temporary))
        case nil:
            guard let url = texture.url else { throw CommandError("image \(texture.name) has no file") }
            do {
                return try CheckedFile.read(url, within: texture.folder.map { [$0] }, maxBytes: SDLImageDecoder.maxFileBytes).bytes
            } catch {
                throw CommandError("\(url.path): \(error.message)")
            }
        }
    }
}
