import ArgumentParser
import Foundation
import SparksCommandSupport
import SparksCore
import SparksExport
import SparksRaster
import SparksSDL

struct Render: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Render a preset to PNG frames, a GIF or an MP4, headless.",
        discussion: """
            Runs the fixed-step clock from 0 to --at, then renders --frames frames, one every \
            1/--fps seconds of scene time. With a .png --out and one frame, writes that file; \
            otherwise --out is a folder and frames are named NAME-0001.png, … (NAME: the preset's name, with \
            anything but letters, digits, - and _ made a -). --gif and --mp4 \
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

    @Option(
        help: ArgumentHelp(
            "What draws: cpu (Sparks's rasterizer, the same pixels everywhere) or gpu (SDL's GPU renderer, the window's GPU path, on SDL's offscreen driver through EGL: no display needed; read back opaque, over black).",
            valueName: "cpu|gpu"))
    var renderer: OffscreenPath = .cpu

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
        let locator = PresetLocator()
        let (description, url) = try scene.loadDescription(locator: locator)
        let output: FrameRender.Output
        if let grid = sheetGrid, let out {
            output = .sheet(out, columns: grid.columns, rows: grid.rows)
        } else if let gif {
            output = .gif(gif, palette: gifPalette)
        } else if let mp4 {
            output = .mp4(mp4)
        } else if let out, out.hasSuffix(".png") {
            output = .png(out)
        } else {
            output = .frames(out ?? "frames")
        }
        let options = scene
        var render = FrameRender(
            description: description, makeScene: { try options.makeScene(description, url: url, locator: locator) }, output: output,
            pixels: try size.pixels(for: description.canvas))
        render.at = at
        render.frameCount = frameCount
        render.frameRate = frameRate
        render.loop = loop
        render.loopLength = loopLength
        render.trim = trim
        render.crop = cropRect
        render.threads = threads
        render.path = renderer
        render.maxTextureBytes = scene.limits.maxTextureBytes
        if isatty(STDERR_FILENO) != 0 {
            render.progress = { frame, count in
                guard count > 1 else { return }
                StandardStream.error.writeControl("\rframe \(frame)/\(count)\(frame == count ? "\n" : "")")
            }
        }
        StandardStream.output.write("\(try render.run())\n")
    }
}

extension GIFPalette: ExpressibleByArgument {}
