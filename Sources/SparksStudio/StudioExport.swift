import Foundation
import SparksCommandSupport
import SparksCore
import SparksExport
import ZIPFoundation

/// What an export button makes, in process, from the document the studio checked and holds:
/// the same renderer and exporters as `sparks render` and `sparks export` with the arguments a
/// person would type, so the studio's GIF, sprite sheet or Swift file is the command line's,
/// byte for byte. No file is opened again by path, and no command line is made from a name.
enum StudioExport: String, CaseIterable, Sendable {
    case png, gif, mp4, sheet, swift, objc, caml

    /// The downloaded file's extension.
    var fileExtension: String {
        switch self {
        case .png, .sheet: "png"
        case .gif: "gif"
        case .mp4: "mp4"
        case .swift: "swift"
        case .objc: "m"
        case .caml: "ca.zip"
        }
    }

    var contentType: String {
        switch self {
        case .png, .sheet: "image/png"
        case .gif: "image/gif"
        case .mp4: "video/mp4"
        case .swift, .objc: "text/plain; charset=utf-8"
        case .caml: "application/zip"
        }
    }

    /// The download's file name for preset file `file` (its stem made a plain file name).
    func downloadName(for file: String) -> String {
        let stem = file.hasSuffix(".json") ? String(file.dropLast(".json".count)) : file
        return FileNaming.component(stem) + (self == .sheet ? "-sheet" : "") + "." + fileExtension
    }

    /// The file's bytes for `description`, starting at scene time `at`: a PNG at `at`; a GIF
    /// (25 fps) or MP4 (30 fps) of 3 seconds; an 8×4 sheet of 128-pixel-wide frames at 16 fps;
    /// the Swift or Objective-C view; the `.ca` bundle `sparks export caml` writes, zipped
    /// (unzipped, it is the folder iOS loads). `isCancelled` is asked between frames.
    func make(
        _ description: SceneDescription, at: Double, limits: PresetLimits, threads: Int, isCancelled: @escaping () -> Bool
    ) throws -> [UInt8] {
        switch self {
        case .swift: return Array(try CodeExporter(language: .swift).code(for: description).utf8)
        case .objc: return Array(try CodeExporter(language: .objc).code(for: description).utf8)
        case .caml: return try Self.zippedBundle(description)
        default: break
        }
        let folder = try PrivateFolder(prefix: "sparks-studio")
        let out = folder.url.appendingPathComponent("export.\(fileExtension)").path
        var pixels = try FrameRender.pixels(for: description.canvas, width: nil, height: nil)
        let output: FrameRender.Output
        var frames = 1
        var rate = 60.0
        switch self {
        case .gif: (output, frames, rate) = (.gif(out, palette: .perFrame), 75, 25)
        case .mp4: (output, frames, rate) = (.mp4(out), 90, 30)
        case .sheet:
            output = .sheet(out, columns: 8, rows: 4)
            rate = 16
            pixels = try FrameRender.pixels(for: description.canvas, width: 128, height: nil)
        default: output = .png(out)
        }
        var render = FrameRender(
            description: description, makeScene: { Scene(description, limits: limits) }, output: output, pixels: pixels)
        render.at = at
        render.frameCount = frames
        render.frameRate = rate
        render.threads = threads
        render.maxTextureBytes = limits.maxTextureBytes
        render.isCancelled = isCancelled
        _ = try render.run()
        return try CheckedFile.read(URL(fileURLWithPath: out), within: [folder.url], maxBytes: 1 << 30).bytes
    }

    /// The `.ca` bundle of `description` as a zip archive whose one folder is the bundle.
    static func zippedBundle(_ description: SceneDescription) throws -> [UInt8] {
        let (files, _) = try CAMLBundle.files(for: description)
        let archive = try Archive(accessMode: .create)
        let folder = CAMLBundle.defaultFolderName(for: description.name)
        for (path, bytes) in files {
            let data = Data(bytes)
            try archive.addEntry(
                with: folder + "/" + path, type: .file, uncompressedSize: Int64(data.count),
                modificationDate: Date(timeIntervalSince1970: 315_532_800), compressionMethod: .deflate,
                provider: { position, size in data.subdata(in: Int(position)..<Int(position) + size) })
        }
        guard let data = archive.data else { throw CommandError("the bundle could not be zipped") }
        return [UInt8](data)
    }
}
