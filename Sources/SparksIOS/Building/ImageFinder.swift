import Foundation
import SparksCore

/// Finds the file for `UIImage(named:)` as UIKit would on a device of `deviceScale`: among
/// `NAME.png`, `NAME@2x.png`, `NAME@3x.png` (or `.jpg`) beside the output or in assets/, and
/// in asset catalogs there (`*.xcassets/…/NAME.imageset`, by its Contents.json), the variant
/// of the device's scale, else the nearest lower, else the nearest higher. Else a stand-in
/// texture named `NAME.png` made here.
///
/// The variant's scale is the `UIImage`'s `scale`, and its `size` is the pixels over that
/// scale; a cell or layer given its `cgImage` draws the pixels at its own `contentsScale`
/// (1 unless the code sets it), as Core Animation does.
struct ImageFinder {
    var folders: [URL]
    /// The scale of the device the code runs on (UIScreen.main.scale).
    var deviceScale: Int
    var standIns: [StandInTexture] = []
    /// Each stand-in with the name the code used and where it was first used.
    var standInsMade: [(name: String, fileName: String, usedIn: String, at: SourcePosition)] = []
    /// What was found for each name the code used: the file (relative to its folder), the
    /// variant's scale and its pixel size (nil for a stand-in, or a file whose header was not
    /// read).
    private(set) var found: [String: Found] = [:]

    struct Found: Sendable {
        var fileName: String
        var scale: Int
        var pixels: (width: Int, height: Int)?
    }

    /// How deep asset catalogs' group folders are searched.
    static let catalogDepth = 4
    static let scales = [1, 2, 3]

    init(folders: [URL], deviceScale: Int = 3) {
        self.folders = folders
        self.deviceScale = deviceScale
    }

    /// Scales in the order UIKit prefers them on this device.
    var preferredScales: [Int] {
        [deviceScale] + Self.scales.filter { $0 < deviceScale }.reversed() + Self.scales.filter { $0 > deviceScale }
    }

    mutating func file(for name: String, usedIn: String, at: SourcePosition) -> String {
        if let known = found[name] { return known.fileName }
        let base = URL(fileURLWithPath: name).lastPathComponent
        if let hit = variant(of: base) {
            found[name] = hit
            return hit.fileName
        }
        let stem = base.contains(".") ? String(base[..<base.lastIndex(of: ".")!]) : base
        let fileName = FileNaming.component(stem, fallback: "image", maxLength: 60) + ".png"
        if !standIns.contains(where: { $0.fileName == fileName }) {
            standIns.append(StandInShapes.texture(named: stem, fileName: fileName))
            standInsMade.append((name, fileName, usedIn, at))
        }
        found[name] = Found(fileName: fileName, scale: 1, pixels: nil)
        return fileName
    }

    /// The file for `base` (a name with or without extension, perhaps with its `@2x`).
    private func variant(of base: String) -> Found? {
        let ext = URL(fileURLWithPath: base).pathExtension
        var stem = ext.isEmpty ? base : String(base.dropLast(ext.count + 1))
        var scales = preferredScales
        // `spark@2x` names its variant: that one only.
        for s in Self.scales where stem.hasSuffix("@\(s)x") {
            stem = String(stem.dropLast(3))
            scales = [s]
        }
        let extensions = ext.isEmpty ? ["png", "jpg", "jpeg"] : [ext]
        for scale in scales {
            for e in extensions {
                let candidate = scale == 1 ? "\(stem).\(e)" : "\(stem)@\(scale)x.\(e)"
                for folder in folders where FileManager.default.fileExists(atPath: folder.appendingPathComponent(candidate).path) {
                    return Found(fileName: candidate, scale: scale, pixels: Self.pixels(folder.appendingPathComponent(candidate)))
                }
            }
        }
        guard ext.isEmpty else { return nil }
        for folder in folders {
            if let hit = catalogImage(stem, under: folder, relative: "", depth: 0, scales: scales) { return hit }
        }
        return nil
    }

    /// `NAME.imageset` in the asset catalogs under `folder`: the file its Contents.json gives for
    /// the preferred scale.
    private func catalogImage(_ name: String, under folder: URL, relative: String, depth: Int, scales: [Int]) -> Found? {
        guard depth <= Self.catalogDepth,
            let entries = try? FileManager.default.contentsOfDirectory(atPath: folder.path)
        else { return nil }
        for entry in entries.sorted() {
            let path = relative.isEmpty ? entry : "\(relative)/\(entry)"
            let url = folder.appendingPathComponent(entry)
            if entry == "\(name).imageset" {
                guard let data = try? CheckedFile.read(url.appendingPathComponent("Contents.json"), maxBytes: 1 << 20).bytes,
                    let contents = try? JSONDecoder().decode(ImageSetContents.self, from: Data(data))
                else { continue }
                let byScale = Dictionary(
                    (contents.images ?? []).compactMap { image -> (Int, String)? in
                        guard let file = image.filename, image.idiom == nil || ["universal", "iphone"].contains(image.idiom!) else {
                            return nil
                        }
                        let scale = image.scale.flatMap { Int($0.dropLast()) } ?? 1
                        return (scale, file)
                    }, uniquingKeysWith: { first, _ in first })
                for scale in scales + preferredScales {
                    if let file = byScale[scale], !file.contains("/"), file != "..",
                        FileManager.default.fileExists(atPath: url.appendingPathComponent(file).path)
                    {
                        return Found(fileName: "\(path)/\(file)", scale: scale, pixels: Self.pixels(url.appendingPathComponent(file)))
                    }
                }
            } else if entry.hasSuffix(".xcassets") || (!relative.isEmpty && !entry.contains(".")) {
                // A catalog, or a group folder inside one.
                if let hit = catalogImage(name, under: url, relative: path, depth: depth + 1, scales: scales) { return hit }
            }
        }
        return nil
    }

    private struct ImageSetContents: Decodable {
        struct Image: Decodable {
            var filename: String?
            var scale: String?
            var idiom: String?
        }
        var images: [Image]?
    }

    /// A PNG's pixel size from its header.
    private static func pixels(_ url: URL) -> (width: Int, height: Int)? {
        guard let handle = try? FileHandle(forReadingFrom: url) else { return nil }
        defer { try? handle.close() }
        guard let header = try? handle.read(upToCount: PNGInfo.headerSize) else { return nil }
        return try? PNGInfo.pixelSize(ofHeader: Array(header), name: url.lastPathComponent)
    }
}
