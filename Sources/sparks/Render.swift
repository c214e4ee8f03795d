import ArgumentParser
import Foundation
import SparksCore
import SparksSDL

struct Render: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Render frames of a preset to PNG files, headless.",
        discussion: """
            Runs the fixed-step clock from 0 to --at, then writes --frames frames, one every \
            1/--fps seconds. With a .png --out and one frame, writes that file; otherwise --out is a \
            folder and frames are named PRESET-0001.png, … The same command always writes the same \
            bytes.
            """)

    @OptionGroup var scene: SceneOptions

    @Option(help: "Number of frames to write.")
    var frames: Int = 1

    @Option(help: "Scene time of the first frame, in seconds.")
    var at: Double = 0

    @Option(help: "Frames per second of scene time between frames.")
    var fps: Double = 60

    @Option(help: "A folder for the frames, or a .png file for a single frame.")
    var out: String = "frames"

    @Option(help: "Output width in pixels (default: the preset's canvas width).")
    var width: Int?

    @Option(help: "Output height in pixels (default: the preset's canvas height).")
    var height: Int?

    func validate() throws {
        guard frames >= 1 else { throw ValidationError("--frames must be at least 1") }
        guard at >= 0, at.isFinite, at <= 3600 else { throw ValidationError("--at must be between 0 and 3600 seconds") }
        guard fps > 0, fps <= 1000 else { throw ValidationError("--fps must be in (0, 1000]") }
        if out.hasSuffix(".png"), frames > 1 { throw ValidationError("--out \(out) names one file; use a folder for \(frames) frames") }
    }

    func run() throws {
        let locator = PresetLocator()
        let (description, url) = try scene.loadDescription(locator: locator)
        let sceneObject = try scene.makeScene(description, url: url, locator: locator)
        let canvas = description.canvas
        let renderer = try OffscreenRenderer(width: width ?? Int(canvas.width), height: height ?? Int(canvas.height))
        let single = out.hasSuffix(".png")
        let outURL = URL(fileURLWithPath: out)
        try FileManager.default.createDirectory(
            at: single ? outURL.deletingLastPathComponent() : outURL, withIntermediateDirectories: true)
        var list = RenderList()
        let showProgress = frames > 1 && isatty(STDERR_FILENO) != 0
        for frame in 0..<frames {
            sceneObject.run(until: at + Double(frame) / fps)
            sceneObject.buildRenderList(into: &list)
            renderer.render(list)
            let file = single ? outURL : outURL.appendingPathComponent(String(format: "%@-%04d.png", description.name, frame + 1))
            try renderer.writePNG(to: file)
            if showProgress {
                FileHandle.standardError.write(Data("\rframe \(frame + 1)/\(frames)".utf8))
            }
            if let failure = renderer.textures.loadFailures.first {
                throw CommandError("\(failure.key): \(failure.value)")
            }
        }
        if showProgress { FileHandle.standardError.write(Data("\n".utf8)) }
        let target = single ? out : "\(out)/"
        print("wrote \(frames) frame\(frames == 1 ? "" : "s") of \(description.name) to \(target) (t = \(at)…\(at + Double(frames - 1) / fps) s, \(sceneObject.liveParticleCount) particles, state \(String(sceneObject.stateHash(), radix: 16)))")
    }
}
