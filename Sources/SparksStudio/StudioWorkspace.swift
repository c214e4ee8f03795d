import Foundation
import SparksCommandSupport
import SparksCore
import SparksRaster
import SparksSDL

/// What the studio may touch: the presets of one folder (read and written, by plain file
/// name only), the images beside them and in assets/ (read), and the shipped presets (read,
/// to start from). Every file is read as the commands read files (``CheckedFile``: regular
/// files, within these folders, within the budgets).
final class StudioWorkspace: @unchecked Sendable {
    /// The folder whose presets the studio edits.
    let folder: URL
    let locator: PresetLocator
    let limits: PresetLimits
    /// Threads for each preview's drawing.
    let threads: Int
    /// The `sparks` program that exports and new presets run (as the command line would).
    let sparksExecutable: URL?
    /// The preset opened at start, if one was named.
    let startFile: String?

    private let lock = Lock()
    private var documents: [String: StudioDocument] = [:]
    private var thumbnails: [String: [UInt8]] = [:]

    init(folder: URL, startFile: String?, locator: PresetLocator, limits: PresetLimits, threads: Int, sparksExecutable: URL?) {
        self.folder = folder.standardizedFileURL
        self.startFile = startFile
        self.locator = locator
        self.limits = limits
        self.threads = threads
        self.sparksExecutable = sparksExecutable
    }

    /// Why a request for a file was refused.
    struct Refusal: Error, CustomStringConvertible {
        let description: String
    }

    /// Whether `name` is a preset file name the studio may open in its folder: a plain name
    /// (no folders, not hidden) ending in .json, not the schema.
    static func isPresetName(_ name: String) -> Bool {
        !name.isEmpty && name.count <= 255 && !name.contains("/") && !name.contains("\\") && !name.hasPrefix(".")
            && name.hasSuffix(".json") && name != "sparks.schema.json" && !name.unicodeScalars.contains { $0.value < 0x20 }
    }

    /// The open document of preset `name` in the folder, opened on first use.
    func document(named name: String) throws -> StudioDocument {
        guard Self.isPresetName(name) else { throw Refusal(description: "\"\(name)\" is not a preset file name of this folder") }
        if let open = lock.locked({ documents[name] }) { return open }
        let url = folder.appendingPathComponent(name)
        let document = try StudioDocument(url: url, within: folder, locator: locator, limits: limits)
        return lock.locked {
            if let open = documents[name] { return open }
            documents[name] = document
            return document
        }
    }

    /// Saves what is due and takes in saves made elsewhere, for every open document.
    func tick(now: Double) {
        for document in lock.locked({ Array(documents.values) }) { document.tick(now: now) }
    }

    /// The folder's presets, by file name.
    var presetNames: [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter(Self.isPresetName).sorted()
    }

    /// The shipped presets (to start a new one from), by name without .json.
    var shippedNames: [String] {
        locator.presetFiles.map { $0.deletingPathExtension().lastPathComponent }
    }

    /// Images a preset of the folder can name: the folder's and the assets', by file name.
    var imageNames: [String] {
        var names: [String] = []
        for dir in [folder] + locator.assetDirectories {
            let files = (try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []
            for file in files.sorted()
            where [".png", ".jpg", ".jpeg"].contains(where: file.lowercased().hasSuffix) && !names.contains(file) {
                names.append(file)
            }
        }
        return names
    }

    /// The bytes of image `name` from the folder or the assets (for thumbnails).
    func image(named name: String) throws -> [UInt8] {
        guard !name.contains("/"), !name.hasPrefix("."), imageNames.contains(name) else {
            throw Refusal(description: "no image \"\(name)\" in the preset's folder or assets")
        }
        let roots = [folder] + locator.assetDirectories
        for dir in roots where FileManager.default.fileExists(atPath: dir.appendingPathComponent(name).path) {
            return try CheckedFile.read(dir.appendingPathComponent(name), within: roots, maxBytes: limits.maxTextureBytes).bytes
        }
        throw Refusal(description: "no image \"\(name)\"")
    }

    /// A 200×150 PNG of preset `name` (`shipped` or of the folder) at 1.5 s, made once.
    func thumbnail(of name: String, shipped: Bool) throws -> [UInt8] {
        let key = (shipped ? "shipped/" : "folder/") + name
        if let made = lock.locked({ thumbnails[key] }) { return made }
        let url: URL
        if shipped {
            guard let file = locator.presetFiles.first(where: { $0.deletingPathExtension().lastPathComponent == name }) else {
                throw Refusal(description: "no shipped preset \"\(name)\"")
            }
            url = file
        } else {
            guard Self.isPresetName(name) else { throw Refusal(description: "\"\(name)\" is not a preset of this folder") }
            url = folder.appendingPathComponent(name)
        }
        let description = try locator.load(url, limits: limits).get()
        let scene = Scene(description, limits: limits)
        scene.run(until: 1.5)
        var list = RenderList()
        scene.buildRenderList(into: &list)
        let aspect = description.canvas.width / max(description.canvas.height, 1)
        let renderer = try OffscreenRenderer(
            width: 200, height: max(1, min(400, Int((200 / aspect).rounded()))), maxTextureBytes: limits.maxTextureBytes)
        renderer.render(list)
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("sparks-studio-\(UUID().uuidString).png")
        defer { try? FileManager.default.removeItem(at: file) }
        try renderer.writePNG(to: file)
        let bytes = try [UInt8](Data(contentsOf: file))
        lock.locked { thumbnails[key] = bytes }
        return bytes
    }
}
