import ArgumentParser
import Foundation
import SparksCommandSupport
import SparksCore
import SparksRaster
import SparksSDL

struct Render: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Render a preset to PNG frames, a GIF or an MP4, headless.",
        discussion: """
            Runs the fixed-step clock from 0 to --at, then renders --frames frames, one every \
            1/--fps seconds of scene time. With a .png --out and one frame, writes that file; \
            otherwise --out is a folder and frames are named PRESET-0001.png, … --gif and --mp4 \
            encode the frames with ffmpeg (Debian package ffmpeg); without --frames they cover \
            3 seconds. The same command always writes the same bytes, whatever --threads.

            A canvas with a transparent background (or none) gives PNG frames with real alpha \
            (straight, as image files hold it) and a GIF with transparency, to composite \
            elsewhere; an MP4 is always opaque (the picture over black).

            Examples:
              sparks render fire --at 2 --out fire.png
              sparks render neon --frames 120 --out frames/
              sparks render fireworks --at 1 --gif fireworks.gif
              sparks render comet --frames 300 --fps 30 --mp4 comet.mp4
              sparks render neon --at 2 --width 400 --out neon-small.png
              sparks render fire --sheet 8x4 --fps 16 --width 128 --out fire-sheet.png
            """)

    @OptionGroup var scene: SceneOptions

    @Option(help: "Number of frames (default 1, or 3 seconds' worth for --gif and --mp4).")
    var frames: Int?

    @Option(help: "Scene time of the first frame, in seconds.")
    var at: Double = 0

    @Option(help: "Frames per second of scene time (default 60 for PNG frames, 25 for GIF, 30 for MP4).")
    var fps: Double?

    @Option(help: "A folder for the frames, or a .png file for a single frame (default frames/).")
    var out: String?

    @Option(help: "Write an animated GIF (needs ffmpeg).")
    var gif: String?

    @Option(help: "Write an H.264 MP4 video (needs ffmpeg).")
    var mp4: String?

    @Option(
        help: ArgumentHelp(
            "Write a sprite sheet: COLSxROWS frames, left to right then top to bottom, in one PNG (for engines that play flipbooks). Frames start at --at, one every 1/--fps s.",
            valueName: "COLSxROWS"))
    var sheet: String?

    @OptionGroup var size: OutputSize

    @Option(help: "Threads drawing each frame (the picture is the same for any number).")
    var threads: Int = 1

    /// Columns and rows of --sheet, when given and well formed.
    private var sheetGrid: (columns: Int, rows: Int)? {
        guard let sheet else { return nil }
        let parts = sheet.lowercased().split(separator: "x")
        guard parts.count == 2, let c = Int(parts[0]), let r = Int(parts[1]), c >= 1, r >= 1, c * r <= 4096 else { return nil }
        return (c, r)
    }

    private var isVideo: Bool { gif != nil || mp4 != nil }
    private var frameRate: Double { fps ?? (mp4 != nil ? 30 : gif != nil ? 25 : 60) }
    private var frameCount: Int { frames ?? (isVideo ? Int((3 * frameRate).rounded()) : 1) }

    func validate() throws {
        if let frames, frames < 1 { throw ValidationError("--frames must be at least 1") }
        if frameCount > 100_000 { throw ValidationError("--frames must be at most 100000") }
        guard at >= 0, at.isFinite, at <= 3600 else { throw ValidationError("--at must be between 0 and 3600 seconds") }
        guard frameRate > 0, frameRate <= 1000 else { throw ValidationError("--fps must be in (0, 1000]") }
        if let out, out.hasSuffix(".png"), frameCount > 1 {
            throw ValidationError("--out \(out) names one file; use a folder for \(frameCount) frames")
        }
        if let gif, !gif.lowercased().hasSuffix(".gif") { throw ValidationError("--gif \(gif): the file name should end in .gif") }
        if let mp4, !mp4.lowercased().hasSuffix(".mp4") { throw ValidationError("--mp4 \(mp4): the file name should end in .mp4") }
        if gif != nil && mp4 != nil { throw ValidationError("choose one of --gif and --mp4") }
        guard (1...64).contains(threads) else { throw ValidationError("--threads must be between 1 and 64") }
        if sheet != nil {
            guard sheetGrid != nil else { throw ValidationError("--sheet must be COLSxROWS with at most 4096 frames in all, such as 8x4") }
            guard let out, out.lowercased().hasSuffix(".png") else {
                throw ValidationError("--sheet writes one PNG: give its name with --out FILE.png")
            }
            if isVideo || frames != nil {
                throw ValidationError("--sheet makes COLSxROWS frames into one PNG; leave out --frames, --gif and --mp4")
            }
        }
    }

    func run() throws {
        let ffmpeg = isVideo ? try Self.findFFmpeg(for: gif != nil ? "a GIF" : "an MP4") : nil
        let locator = PresetLocator()
        let (description, url) = try scene.loadDescription(locator: locator)
        let sceneObject = try scene.makeScene(description, url: url, locator: locator)
        let canvas = description.canvas
        let pixels = try size.pixels(for: canvas)
        let renderer = try OffscreenRenderer(width: pixels.width, height: pixels.height, maxTextureBytes: scene.limits.maxTextureBytes)
        renderer.threadCount = threads
        var cuts = BudgetCutReport()
        // An MP4 has no alpha: its frames are the picture over black. GIF and PNG keep it.
        let transparent = canvas.background.alpha < 1

        if let grid = sheetGrid, let out {
            let sheetWidth = pixels.width * grid.columns, sheetHeight = pixels.height * grid.rows
            guard sheetWidth <= DrawList.maxSide, sheetHeight <= DrawList.maxSide else {
                throw CommandError(
                    "a \(grid.columns)x\(grid.rows) sheet of \(pixels.width)×\(pixels.height) frames is \(sheetWidth)×\(sheetHeight) pixels, more than \(DrawList.maxSide) a side; use --width/--height to make the frames smaller"
                )
            }
            var rgba = [UInt8](repeating: 0, count: sheetWidth * sheetHeight * 4)
            var list = RenderList()
            let count = grid.columns * grid.rows
            for frame in 0..<count {
                sceneObject.run(until: at + Double(frame) / frameRate)
                sceneObject.buildRenderList(into: &list)
                renderer.render(list)
                if let failure = renderer.textureFailures.first { throw CommandError("\(failure.value)") }
                cuts.note(renderer.budgetCut, at: sceneObject.time)
                let image = renderer.image()
                let left = (frame % grid.columns) * pixels.width, top = (frame / grid.columns) * pixels.height
                let rowBytes = pixels.width * 4
                for y in 0..<pixels.height {
                    let from = y * rowBytes, to = ((top + y) * sheetWidth + left) * 4
                    rgba.replaceSubrange(to..<to + rowBytes, with: image.rgba[from..<from + rowBytes])
                }
            }
            try PixelImage(width: sheetWidth, height: sheetHeight, rgba: rgba).writePNG(to: out)
            let span = String(format: "t = %.2f…%.2f s", at, at + Double(count - 1) / frameRate)
            print(
                "wrote \(out): a \(grid.columns)x\(grid.rows) sheet of \(description.name), \(pixels.width)×\(pixels.height) frames at \(format(frameRate)) fps (\(span))"
            )
            return
        }

        // Where frames go: the user's folder or file, or a temporary folder for a video.
        let temporary = isVideo ? FileManager.default.temporaryDirectory.appendingPathComponent("sparks-frames-\(UUID().uuidString)") : nil
        defer { if let temporary { try? FileManager.default.removeItem(at: temporary) } }
        let target = out ?? "frames"
        let single = temporary == nil && target.hasSuffix(".png")
        let folder = temporary ?? (single ? URL(fileURLWithPath: target).deletingLastPathComponent() : URL(fileURLWithPath: target))
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)

        var list = RenderList()
        let count = frameCount, rate = frameRate
        let showProgress = count > 1 && isatty(STDERR_FILENO) != 0
        for frame in 0..<count {
            sceneObject.run(until: at + Double(frame) / rate)
            sceneObject.buildRenderList(into: &list)
            renderer.render(list)
            cuts.note(renderer.budgetCut, at: sceneObject.time)
            let name =
                temporary != nil ? String(format: "frame-%05d.png", frame + 1) : String(format: "%@-%04d.png", description.name, frame + 1)
            let file = single ? URL(fileURLWithPath: target) : folder.appendingPathComponent(name)
            if mp4 != nil { try renderer.writeOpaquePNG(to: file) } else { try renderer.writePNG(to: file) }
            if showProgress { FileHandle.standardError.write(Data("\rframe \(frame + 1)/\(count)".utf8)) }
            if let failure = renderer.textureFailures.first { throw CommandError("\(failure.value)") }
        }
        if showProgress { FileHandle.standardError.write(Data("\n".utf8)) }
        let span = String(format: "t = %.2f…%.2f s", at, at + Double(count - 1) / rate)

        if let ffmpeg, let temporary {
            let output = gif ?? mp4!
            try Self.encode(frames: temporary, rate: rate, to: output, gif: gif != nil, transparent: transparent, ffmpeg: ffmpeg)
            let size = (try? FileManager.default.attributesOfItem(atPath: output)[.size] as? Int) ?? 0
            print("wrote \(output) (\(count) frames of \(description.name) at \(format(rate)) fps, \(span), \(size / 1024) KiB)")
        } else {
            print(
                "wrote \(count) frame\(count == 1 ? "" : "s") of \(description.name) to \(single ? target : folder.path + "/") (\(span), \(sceneObject.liveParticleCount) particles, state \(String(sceneObject.stateHash(), radix: 16)))"
            )
        }
    }

    private func format(_ v: Double) -> String { v.rounded() == v ? String(Int(v)) : String(v) }

    /// The ffmpeg executable on PATH, or an error naming the package to install.
    static func findFFmpeg(for what: String) throws -> URL {
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
    /// H.264 in MP4.
    static func encode(frames folder: URL, rate: Double, to output: String, gif: Bool, transparent: Bool, ffmpeg: URL) throws {
        var arguments = [
            "-hide_banner", "-loglevel", "error", "-y", "-framerate", String(rate),
            "-i", folder.appendingPathComponent("frame-%05d.png").path, "-threads", "1",
        ]
        if gif {
            let palette = transparent ? "palettegen=stats_mode=full:reserve_transparent=1" : "palettegen=stats_mode=full"
            let use = transparent ? "paletteuse=dither=bayer:bayer_scale=3:alpha_threshold=128" : "paletteuse=dither=bayer:bayer_scale=3"
            arguments += ["-filter_complex", "[0:v]split[a][b];[a]\(palette)[p];[b][p]\(use)", "-loop", "0"]
        } else {
            arguments += [
                "-c:v", "libx264", "-preset", "medium", "-crf", "20", "-pix_fmt", "yuv420p",
                "-vf", "pad=ceil(iw/2)*2:ceil(ih/2)*2", "-movflags", "+faststart",
            ]
        }
        arguments += ["-map_metadata", "-1", "-fflags", "+bitexact", "-flags:v", "+bitexact", output]
        let process = Process()
        process.executableURL = ffmpeg
        process.arguments = arguments
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw CommandError("ffmpeg could not write \(output): \(message.trimmingCharacters(in: .whitespacesAndNewlines))")
        }
    }
}
