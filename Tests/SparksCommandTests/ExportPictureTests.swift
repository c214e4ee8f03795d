import Foundation
import SparksRaster
import SparksSDL
import Testing

/// A copy of a shipped preset with its canvas background replaced (nil: removed), in a fresh
/// folder; its images are found through SPARKS_HOME's assets.
private func presetWithBackground(_ name: String, _ background: String?) throws -> URL {
    let folder = try temporaryFolder()
    let data = try Data(contentsOf: repositoryRoot.appendingPathComponent("presets/\(name).json"))
    var preset = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    var canvas = preset["canvas"] as? [String: Any] ?? [:]
    canvas["background"] = background
    preset["canvas"] = canvas
    preset["$schema"] = nil
    let url = folder.appendingPathComponent("\(name).json")
    try JSONSerialization.data(withJSONObject: preset, options: [.prettyPrinted, .sortedKeys]).write(to: url)
    return url
}

@Suite("What render writes")
struct ExportPictureTests {
    @Test(
        "A transparent canvas gives PNGs with real alpha: nothing where nothing is drawn, straight colour in the glow",
        arguments: ["#00000000", nil])
    func transparentPNG(_ background: String?) throws {
        let preset = try presetWithBackground("neon", background)
        let out = preset.deletingLastPathComponent().appendingPathComponent("neon.png")
        let result = try sparks("render", preset.path, "--at", "2", "--out", out.path)
        #expect(result.status == 0, "\(result.error)")
        let image = try PixelImage(contentsOfPNG: out.path)
        #expect(image[5, 5] == (0, 0, 0, 0))
        var translucent = 0, opaque = 0
        for y in stride(from: 0, to: image.height, by: 2) {
            for x in stride(from: 0, to: image.width, by: 2) {
                let p = image[x, y]
                if p.a > 0 && p.a < 250 { translucent += 1 } else if p.a >= 250 { opaque += 1 }
            }
        }
        #expect(translucent > 200, "the soft edges of the glow are partly transparent")
        // Straight alpha: a faint pixel keeps a bright colour instead of fading to black.
        let faint = (0..<image.height).lazy.flatMap { y in (0..<image.width).lazy.map { (x: $0, y: y) } }
            .first { image[$0.x, $0.y].a > 0 && image[$0.x, $0.y].a < 40 }
        let p = try #require(faint.map { image[$0.x, $0.y] })
        #expect(max(p.r, p.g, p.b) > 2 * p.a, "\(p)")
    }

    @Test("A GIF with a palette per frame is closer to the frames than one palette for all (the colours of each moment)")
    func gifPalettes() throws {
        let ffmpeg = try #require(which("ffmpeg"), "ffmpeg is needed (make test installs it)")
        let folder = try temporaryFolder()
        let common = ["render", "magic-trail", "--at", "2", "--frames", "6", "--fps", "5", "--width", "200"]
        #expect(try runProgram(sparksExecutable, common + ["--out", folder.appendingPathComponent("png").path]).status == 0)
        var errors: [String: Double] = [:]
        for palette in ["per-frame", "global"] {
            let gif = folder.appendingPathComponent("\(palette).gif")
            let made = try runProgram(sparksExecutable, common + ["--gif", gif.path, "--gif-palette", palette])
            #expect(made.status == 0, "\(made.error)")
            let frames = folder.appendingPathComponent(palette)
            try FileManager.default.createDirectory(at: frames, withIntermediateDirectories: true)
            _ = try runProgram(
                ffmpeg, ["-loglevel", "error", "-y", "-i", gif.path, "-pix_fmt", "rgba", frames.appendingPathComponent("%d.png").path])
            var total = 0.0, count = 0.0
            for frame in 1...6 {
                let original = try PixelImage(
                    contentsOfPNG: folder.appendingPathComponent(String(format: "png/magic-trail-%04d.png", frame)).path)
                let decoded = try PixelImage(contentsOfPNG: frames.appendingPathComponent("\(frame).png").path)
                for i in stride(from: 0, to: original.rgba.count, by: 4) where original.rgba[i + 3] == 255 {
                    for c in 0..<3 { total += abs(Double(original.rgba[i + c]) - Double(decoded.rgba[i + c])) }
                    count += 3
                }
            }
            errors[palette] = total / max(count, 1)
        }
        #expect(errors["per-frame"]! < errors["global"]!, "\(errors)")
    }

    @Test("A transparent canvas gives a GIF with transparency; an MP4 is opaque")
    func transparentVideo() throws {
        let ffmpeg = try #require(which("ffmpeg"), "ffmpeg is needed (make test installs it)")
        let preset = try presetWithBackground("neon", nil)
        let folder = preset.deletingLastPathComponent()
        let gif = folder.appendingPathComponent("neon.gif")
        #expect(
            try sparks("render", preset.path, "--at", "1", "--frames", "3", "--fps", "10", "--width", "200", "--gif", gif.path).status == 0)
        let decoded = folder.appendingPathComponent("first.png")
        let extract = try runProgram(
            ffmpeg, ["-loglevel", "error", "-y", "-i", gif.path, "-frames:v", "1", "-pix_fmt", "rgba", decoded.path])
        #expect(extract.status == 0, "\(extract.error)")
        let frame = try PixelImage(contentsOfPNG: decoded.path)
        #expect(frame[2, 2].a == 0, "the GIF's background is transparent")
        #expect((0..<frame.height).contains { y in (0..<frame.width).contains { frame[$0, y].a == 255 } })

        let mp4 = folder.appendingPathComponent("neon.mp4")
        #expect(
            try sparks("render", preset.path, "--at", "1", "--frames", "3", "--fps", "10", "--width", "200", "--mp4", mp4.path).status == 0)
        let still = folder.appendingPathComponent("still.png")
        #expect(
            try runProgram(ffmpeg, ["-loglevel", "error", "-y", "-i", mp4.path, "-frames:v", "1", "-pix_fmt", "rgba", still.path]).status
                == 0)
        let video = try PixelImage(contentsOfPNG: still.path)
        #expect(stride(from: 3, to: video.rgba.count, by: 4).allSatisfy { video.rgba[$0] == 255 })
        #expect(video[2, 2].r < 8 && video[2, 2].g < 8 && video[2, 2].b < 8, "over black: \(video[2, 2])")
    }

    @Test("--width alone keeps the canvas's aspect ratio; so does --height")
    func aspectRatio() throws {
        let folder = try temporaryFolder()
        let wide = folder.appendingPathComponent("w.png"), tall = folder.appendingPathComponent("h.png")
        #expect(try sparks("render", "fire", "--at", "1", "--width", "400", "--out", wide.path).status == 0)
        #expect(try sparks("render", "fire", "--at", "1", "--height", "150", "--out", tall.path).status == 0)
        let w = try PixelImage(contentsOfPNG: wide.path), h = try PixelImage(contentsOfPNG: tall.path)
        #expect(w.width == 400 && w.height == 300)
        #expect(h.width == 200 && h.height == 150)
        let bad = try sparks("render", "fire", "--width", "0")
        #expect(bad.status != 0 && bad.error.contains("--width must be between 1 and 16384"), "\(bad.error)")
    }

    @Test("render writes the same file for any --threads")
    func threads() throws {
        let folder = try temporaryFolder()
        var files: [Data] = []
        for threads in ["1", "2", "4"] {
            let out = folder.appendingPathComponent("fire-\(threads).png")
            #expect(try sparks("render", "fireworks", "--at", "3", "--threads", threads, "--out", out.path).status == 0)
            files.append(try Data(contentsOf: out))
        }
        #expect(files[0] == files[1] && files[1] == files[2])
    }
}
