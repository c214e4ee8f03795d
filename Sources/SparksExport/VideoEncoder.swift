import Foundation
import SparksCommandSupport

/// GIF and MP4 through ffmpeg (Debian's package): numbered PNG frames in, one file out.
package enum VideoEncoder {
    /// The ffmpeg executable on PATH, or an error naming the package to install.
    package static func findFFmpeg(for what: String) throws -> URL {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for dir in path.split(separator: ":") {
            let candidate = URL(fileURLWithPath: String(dir)).appendingPathComponent("ffmpeg")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        throw CommandError(
            "writing \(what) needs ffmpeg, which is not installed: install the Debian package ffmpeg (sudo apt-get install ffmpeg), or write PNG frames with --out"
        )
    }

    /// Encodes numbered PNG frames with ffmpeg, single-threaded and bit-exact so the same frames
    /// always give the same file: a GIF with a palette made from all frames (with a transparent
    /// entry for a transparent canvas: GIF transparency is on or off, cut at half alpha), or
    /// H.264 in MP4. `isCancelled` is asked while ffmpeg runs; true stops it.
    package static func encode(
        frames folder: URL, rate: Double, to output: String, gif: Bool, palette: GIFPalette = .perFrame, transparent: Bool, ffmpeg: URL,
        isCancelled: () -> Bool = { false }
    ) throws {
        var arguments = [
            "-hide_banner", "-loglevel", "error", "-y", "-framerate", String(rate),
            "-i", folder.appendingPathComponent("frame-%05d.png").path, "-threads", "1",
        ]
        if gif {
            // Per frame: each frame's own palette (a GIF's local colour tables) and error
            // diffusion, whose fine grain hides better than an ordered pattern; global: one
            // palette from every frame, ordered dither.
            let generate = palette == .perFrame ? "palettegen=stats_mode=single" : "palettegen=stats_mode=full"
            let use = palette == .perFrame ? "paletteuse=new=1:dither=sierra2_4a" : "paletteuse=dither=bayer:bayer_scale=3"
            let filters =
                transparent
                ? "[a]\(generate):reserve_transparent=1[p];[b][p]\(use):alpha_threshold=128" : "[a]\(generate)[p];[b][p]\(use)"
            arguments += ["-filter_complex", "[0:v]split[a][b];\(filters)", "-loop", "0"]
        } else {
            arguments += [
                "-c:v", "libx264", "-preset", "medium", "-crf", "20", "-pix_fmt", "yuv420p",
                "-vf", "pad=ceil(iw/2)*2:ceil(ih/2)*2", "-movflags", "+faststart",
            ]
        }
        // `file:` keeps an output name that starts with a dash or names a protocol a file name.
        let target = output.hasPrefix("/") ? output : "file:" + output
        arguments += ["-map_metadata", "-1", "-fflags", "+bitexact", "-flags:v", "+bitexact", target]
        let process = Process()
        process.executableURL = ffmpeg
        process.arguments = arguments
        process.standardInput = FileHandle.nullDevice
        let errors = Pipe()
        process.standardError = errors
        // ffmpeg's messages are read while it runs, so a full pipe cannot stall it.
        let said = LockedText()
        errors.fileHandleForReading.readabilityHandler = { handle in said.append(handle.availableData) }
        try process.run()
        while process.isRunning {
            if isCancelled() {
                process.terminate()
                process.waitUntilExit()
                errors.fileHandleForReading.readabilityHandler = nil
                throw CommandError("stopped before ffmpeg finished \(output)")
            }
            Thread.sleep(forTimeInterval: 0.02)
        }
        process.waitUntilExit()
        errors.fileHandleForReading.readabilityHandler = nil
        said.append(errors.fileHandleForReading.readDataToEndOfFile())
        guard process.terminationStatus == 0 else {
            throw CommandError("ffmpeg could not write \(output): \(said.text.trimmingCharacters(in: .whitespacesAndNewlines))")
        }
    }
}

/// Text gathered from another thread.
private final class LockedText: @unchecked Sendable {
    private let lock = NSLock()
    private var data = Data()
    func append(_ more: Data) { lock.withLock { data.append(more.prefix(max(0, 65536 - data.count))) } }
    var text: String { lock.withLock { String(decoding: data, as: UTF8.self) } }
}
