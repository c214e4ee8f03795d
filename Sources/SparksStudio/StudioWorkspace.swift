import Foundation
import SparksCommandSupport
import SparksCore
import SparksExport
import SparksRaster
import SparksSDL

#if canImport(Glibc)
    import Glibc
#endif

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
    /// The exports being made (a few at a time, stopped when the studio stops).
    let exports = StudioExports()
    /// The preset opened at start, if one was named.
    let startFile: String?

    private let lock = Lock()
    private var documents: [String: StudioDocument] = [:]
    private var thumbnails: [String: [UInt8]] = [:]

    /// Where deleted presets go.
    let trash: PresetTrash

    init(
        folder: URL, startFile: String?, locator: PresetLocator, limits: PresetLimits, threads: Int, trash: PresetTrash = .user
    ) {
        self.trash = trash
        self.folder = folder.standardizedFileURL
        self.startFile = startFile
        self.locator = locator
        self.limits = limits
        self.threads = threads
    }

    /// Why a request for a file was refused.
    struct Refusal: Error, CustomStringConvertible {
        let description: String
        /// Refused because a file of that name exists.
        var exists = false
    }

    /// Whether `name` is a preset file name the studio may open in its folder: a plain name
    /// (no folders, not hidden, not starting with a dash) ending in .json, not the schema, with
    /// no control, bidirectional or line-separating characters (which would show it as another
    /// name than it is: `evil\u{202E}nosj.exe`).
    static func isPresetName(_ name: String) -> Bool {
        !name.isEmpty && name.utf8.count <= 255 && !name.contains("/") && !name.contains("\\") && !name.hasPrefix(".")
            && !name.hasPrefix("-") && name.hasSuffix(".json") && name != "sparks.schema.json"
            && !name.unicodeScalars.contains { TerminalText.needsEscape($0, keepingLines: false) }
    }

    /// Writes preset `name` (a preset file name) in the folder as a copy of shipped preset
    /// `source`, renamed; refuses when a file of that name exists.
    func makePreset(_ name: String, from source: URL) throws {
        guard Self.isPresetName(name) else { throw Refusal(description: "\"\(name)\" is not a preset file name") }
        let url = folder.appendingPathComponent(name)
        var existing = stat()
        guard lstat(url.path, &existing) != 0 else {
            throw Refusal(description: "\(name) exists in \(folder.path); choose another name", exists: true)
        }
        let scene = try NewPreset.description(named: String(name.dropLast(".json".count)), from: source, locator: locator)
        do {
            try NewPreset.write(scene, to: url, replace: false)
        } catch {
            throw Refusal(description: "\(error)", exists: lstat(url.path, &existing) == 0)
        }
    }

    /// Renames preset `name` of the folder to `newName` (both preset file names); refuses when a
    /// file of the new name exists. A page editing it saves what it has first, then goes on with
    /// the new name when it opens it again.
    func renamePreset(_ name: String, to newName: String) throws {
        guard Self.isPresetName(name), Self.isPresetName(newName) else {
            throw Refusal(description: "\"\(Self.isPresetName(name) ? newName : name)\" is not a preset file name")
        }
        try closeDocument(name)
        let from = try existingPreset(name), to = folder.appendingPathComponent(newName)
        // A link then an unlink: never over a file of the new name, even one made meanwhile.
        guard link(from.path, to.path) == 0 else {
            if errno == EEXIST { throw Refusal(description: "\(newName) exists in \(folder.path); choose another name", exists: true) }
            throw Refusal(description: "\(name) could not be renamed: \(String(cString: strerror(errno)))")
        }
        unlink(from.path)
        forgetFolderThumbnails()
    }

    /// Moves preset `name` of the folder to the desktop's trash, from where a file manager puts
    /// it back; returns where it went.
    func trashPreset(_ name: String) throws -> String {
        guard Self.isPresetName(name) else { throw Refusal(description: "\"\(name)\" is not a preset file name") }
        try closeDocument(name)
        let trashed = try trash.move(try existingPreset(name))
        forgetFolderThumbnails()
        return trash.folder.appendingPathComponent("files").appendingPathComponent(trashed).path
    }

    /// The file of preset `name` of the folder, a regular file (not a link, not a folder).
    private func existingPreset(_ name: String) throws -> URL {
        let file = folder.appendingPathComponent(name)
        var status = stat()
        guard lstat(file.path, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else {
            throw Refusal(description: "no preset \(name) in \(folder.path)")
        }
        return file
    }

    /// The folder's thumbnails are made again after a rename or delete.
    private func forgetFolderThumbnails() {
        lock.locked { thumbnails = thumbnails.filter { !$0.key.hasPrefix("folder/") } }
    }

    /// Saves what an open document of `name` holds and forgets it.
    private func closeDocument(_ name: String) throws {
        guard let document = lock.locked({ documents[name] }) else { return }
        if let failure = document.tick(now: 0, force: true) { throw Refusal(description: failure) }
        lock.locked { documents[name] = nil }
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

    /// The shipped presets to start a new one from, by name without .json (the benchmark
    /// workloads, `bench-…`, left out: they measure, they do not show).
    var shippedNames: [String] {
        locator.presetFiles.map { $0.deletingPathExtension().lastPathComponent }.filter { !$0.hasPrefix("bench-") }
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
        // Read as every read of the studio is: once, within the folder (or the shipped presets').
        let bytes = try CheckedFile.read(url, within: [url.deletingLastPathComponent()], maxBytes: limits.maxPresetBytes).bytes
        let description = try locator.load(url, text: bytes, limits: limits).get()
        let scene = Scene(description, limits: limits)
        scene.run(until: 1.5)
        var list = RenderList()
        scene.buildRenderList(into: &list)
        let aspect = description.canvas.width / max(description.canvas.height, 1)
        let renderer = try OffscreenRenderer(
            width: 200, height: max(1, min(400, Int((200 / aspect).rounded()))), maxTextureBytes: limits.maxTextureBytes)
        renderer.render(list)
        let folder = try PrivateFolder(prefix: "sparks-studio")
        let file = folder.url.appendingPathComponent("thumbnail.png")
        try renderer.writePNG(to: file)
        let picture = try CheckedFile.read(file, within: [folder.url], maxBytes: 1 << 26).bytes
        lock.locked { thumbnails[key] = picture }
        return picture
    }
}
