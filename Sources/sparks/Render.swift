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

            --sheet frames are cut to the effect's box over all frames (--no-trim keeps the \
            canvas; --crop X,Y,W,H chooses, in canvas points; --trim cuts other outputs the \
            same way). --loop makes frames that loop seamlessly over a whole number of the \
            animations' periods.

            Examples:
              sparks render fire --at 2 --out fire.png
              sparks render neon --frames 120 --out frames/
              sparks render fireworks --at 1 --gif fireworks.gif
              sparks render comet --frames 300 --fps 30 --mp4 comet.mp4
              sparks render neon --at 2 --width 400 --out neon-small.png
              sparks render fire --sheet 8x4 --fps 16 --width 128 --out fire-sheet.png
              sparks render recipe-burst --loop --fps 25 --gif burst.gif
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

    @Flag(
        help:
            "Make a seamless loop: frames over one loop length (a whole number of the repeating animations' periods, at least the longest particle life) whose last frame leads into the first. Every particle born in one loop length is drawn over its whole life, wrapped around. With --gif, --mp4, --sheet or frames; --frames is worked out from --fps."
    )
    var loop = false

    @Option(
        name: .customLong("loop-length"),
        help: ArgumentHelp("The loop's length in seconds, instead of the one worked out.", valueName: "SECONDS"))
    var loopLength: Double?

    @Flag(
        inversion: .prefixedNo,
        help: "Cut every frame to the effect's bounding box over all frames (drawn twice: once to find it). On by default for --sheet.")
    var trim: Bool?

    @Option(help: ArgumentHelp("Cut every frame to this rectangle of the canvas, in points.", valueName: "X,Y,WIDTH,HEIGHT"))
    var crop: String?

    @Option(
        name: .customLong("gif-palette"),
        help: ArgumentHelp(
            "per-frame: each frame its own 256 colours, error-diffusion dithered (the default: closest colours); global: one palette for every frame, ordered dither (smaller files).",
            valueName: "per-frame|global"))
    var gifPalette: GIFPalette = .perFrame

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

    /// --crop's rectangle in canvas points, when given and well formed.
    private var cropRect: Rect? {
        guard let crop else { return nil }
        let v = crop.split(separator: ",").compactMap { Double($0.trimmingCharacters(in: .whitespaces)) }
        guard v.count == 4, v.allSatisfy({ $0.isFinite && abs($0) <= NumberRule.magnitudeLimit }), v[2] > 0, v[3] > 0 else { return nil }
        return Rect(x: v[0], y: v[1], width: v[2], height: v[3])
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
        if crop != nil, cropRect == nil {
            throw ValidationError("--crop must be X,Y,WIDTH,HEIGHT in canvas points, such as 200,100,400,300")
        }
        if crop != nil, trim == true { throw ValidationError("choose one of --crop and --trim") }
        if let loopLength, !(loopLength > 0 && loopLength <= SceneLoop.maxLength) {
            throw ValidationError("--loop-length must be more than 0 and at most \(Int(SceneLoop.maxLength)) seconds")
        }
        if loopLength != nil, !loop { throw ValidationError("--loop-length goes with --loop") }
        if loop, frames != nil { throw ValidationError("--loop works out the number of frames from --fps; leave out --frames") }
        if sheet != nil {
            guard sheetGrid != nil else { throw ValidationError("--sheet must be COLSxROWS with at most 4096 frames in all, such as 8x4") }
            guard let out, out.lowercased().hasSuffix(".png") else {
                throw ValidationError("--sheet writes one PNG: give its name with --out FILE.png")
            }
            if isVideo || frames != nil {
                throw ValidationError("--sheet makes COLSxROWS frames into one PNG; leave out --frames, --gif and --mp4")
            }
            if loop { throw ValidationError("--sheet has COLSxROWS frames; for a looping flipbook use --loop with --out FOLDER, or --gif") }
        }
    }

    func run() throws {
        let ffmpeg = isVideo ? try Self.findFFmpeg(for: gif != nil ? "a GIF" : "an MP4") : nil
        let locator = PresetLocator()
        let (description, url) = try scene.loadDescription(locator: locator)
        let canvas = description.canvas
        let pixels = try size.pixels(for: canvas)
        let renderer = try OffscreenRenderer(width: pixels.width, height: pixels.height, maxTextureBytes: scene.limits.maxTextureBytes)
        renderer.threadCount = threads
        var cuts = BudgetCutReport()
        // An MP4 has no alpha: its frames are the picture over black. GIF and PNG keep it.
        let transparent = canvas.background.alpha < 1

        // The frames: from --at, or the phases of a loop.
        var count = sheetGrid.map { $0.columns * $0.rows } ?? frameCount
        var start = at, interval = 1 / frameRate
        var loopPlan: SceneLoop?
        if loop {
            let plan: SceneLoop
            do throws(SceneLoop.Failure) {
                plan = try SceneLoop.plan(for: description, earliest: at, length: loopLength)
            } catch {
                throw CommandError("--loop: \(error)")
            }
            loopPlan = plan
            count = max(1, Int((plan.length * frameRate).rounded()))
            guard count <= 100_000 else {
                throw CommandError(
                    "--loop: \(count) frames (\(NumberText.shortest(plan.length)) s at \(format(frameRate)) fps) is more than 100000; lower --fps"
                )
            }
            start = plan.start
            interval = plan.length / Double(count)
        }
        let options = scene
        let sequence = FrameSequence(
            count: count, start: start, interval: interval, loop: loopPlan,
            makeScene: { try options.makeScene(description, url: url, locator: locator) }, renderer: renderer, opaque: mp4 != nil)

        // Where each frame is cut: --crop, or the effect's box (--trim; sheets by default).
        var cropBox: PixelRect?
        if let rect = cropRect {
            let sx = Double(pixels.width) / canvas.width, sy = Double(pixels.height) / canvas.height
            // Clamped to the output before it becomes whole pixels (points up to 1e7 times a
            // scale of thousands would not fit).
            func pixel(_ v: Double, _ limit: Int) -> Int32 { Int32(min(max(v, 0), Double(limit))) }
            let box = PixelRect(
                x0: pixel((rect.origin.x * sx).rounded(.down), pixels.width), y0: pixel((rect.origin.y * sy).rounded(.down), pixels.height),
                x1: pixel((rect.maxX * sx).rounded(.up), pixels.width), y1: pixel((rect.maxY * sy).rounded(.up), pixels.height))
            guard !box.isEmpty else { throw CommandError("--crop \(crop ?? ""): the rectangle lies outside the canvas") }
            cropBox = box
        } else if trim ?? (sheetGrid != nil) {
            let background = canvas.background
            let shown =
                mp4 != nil
                ? Color(
                    red: background.red * background.alpha, green: background.green * background.alpha,
                    blue: background.blue * background.alpha) : background
            cropBox = try sequence.effectBox(background: shown)
            if cropBox == nil { FileHandle.standardError.write(Data("no frame draws anything: nothing to trim\n".utf8)) }
        }
        let frameSize = (width: cropBox?.width ?? pixels.width, height: cropBox?.height ?? pixels.height)
        let cutNote =
            cropBox.map { ", cut to \($0.width)×\($0.height) at (\($0.x0), \($0.y0)) of the \(pixels.width)×\(pixels.height) canvas" } ?? ""
        let loopNote =
            loopPlan.map { plan in
                ", a seamless loop of \(NumberText.shortest(plan.length)) s"
                    + (plan.period.map { " (animations repeat every \(NumberText.shortest(($0 * 1000).rounded() / 1000)) s)" } ?? "")
            } ?? ""
        let span = String(format: "t = %.2f…%.2f s", start, sequence.time(count - 1))

        if let grid = sheetGrid, let out {
            let sheetWidth = frameSize.width * grid.columns, sheetHeight = frameSize.height * grid.rows
            guard sheetWidth <= DrawList.maxSide, sheetHeight <= DrawList.maxSide else {
                throw CommandError(
                    "a \(grid.columns)x\(grid.rows) sheet of \(frameSize.width)×\(frameSize.height) frames is \(sheetWidth)×\(sheetHeight) pixels, more than \(DrawList.maxSide) a side; use --width/--height to make the frames smaller"
                )
            }
            var rgba = [UInt8](repeating: 0, count: sheetWidth * sheetHeight * 4)
            try sequence.forEach(crop: cropBox, cuts: &cuts) { frame, image in
                let left = (frame % grid.columns) * image.width, top = (frame / grid.columns) * image.height
                let rowBytes = image.width * 4
                for y in 0..<image.height {
                    let from = y * rowBytes, to = ((top + y) * sheetWidth + left) * 4
                    rgba.replaceSubrange(to..<to + rowBytes, with: image.rgba[from..<from + rowBytes])
                }
            }
            try PixelImage(width: sheetWidth, height: sheetHeight, rgba: rgba).writePNG(to: out)
            print(
                "wrote \(out): a \(grid.columns)x\(grid.rows) sheet of \(description.name), \(frameSize.width)×\(frameSize.height) frames at \(format(frameRate)) fps (\(span)\(cutNote))"
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

        let showProgress = count > 1 && isatty(STDERR_FILENO) != 0
        let last = try sequence.forEach(crop: cropBox, cuts: &cuts) { frame, image in
            let name =
                temporary != nil ? String(format: "frame-%05d.png", frame + 1) : String(format: "%@-%04d.png", description.name, frame + 1)
            let file = single ? URL(fileURLWithPath: target) : folder.appendingPathComponent(name)
            try image.writePNG(to: file.path)
            if showProgress { FileHandle.standardError.write(Data("\rframe \(frame + 1)/\(count)".utf8)) }
        }
        if showProgress { FileHandle.standardError.write(Data("\n".utf8)) }

        if let ffmpeg, let temporary {
            let output = gif ?? mp4!
            try Self.encode(
                frames: temporary, rate: 1 / interval, to: output, gif: gif != nil, palette: gifPalette, transparent: transparent,
                ffmpeg: ffmpeg)
            let size = (try? FileManager.default.attributesOfItem(atPath: output)[.size] as? Int) ?? 0
            print(
                "wrote \(output) (\(count) frames of \(description.name) at \(format(1 / interval)) fps, \(span)\(loopNote)\(cutNote), \(size / 1024) KiB)"
            )
        } else {
            print(
                "wrote \(count) frame\(count == 1 ? "" : "s") of \(description.name) to \(single ? target : folder.path + "/") (\(span)\(loopNote)\(cutNote), \(last.liveParticleCount) particles, state \(String(last.stateHash(), radix: 16)))"
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
    static func encode(
        frames folder: URL, rate: Double, to output: String, gif: Bool, palette: GIFPalette = .perFrame, transparent: Bool, ffmpeg: URL
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

/// How a GIF's colours are chosen.
enum GIFPalette: String, ExpressibleByArgument, CaseIterable {
    case perFrame = "per-frame"
    case global
}
