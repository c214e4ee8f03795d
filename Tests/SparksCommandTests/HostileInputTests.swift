import Foundation
import SparksCore
import SparksRaster
import SparksSDL
import Testing

/// A folder holding a preset and its images, with a folder beside it playing "outside".
private struct HostileFixture {
    let root: URL
    let folder: URL
    let outside: URL

    init() throws {
        root = try temporaryFolder()
        folder = root.appendingPathComponent("preset")
        outside = root.appendingPathComponent("outside")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
    }

    /// Writes a `size` × `size` PNG of one colour.
    func png(_ url: URL, _ color: (UInt8, UInt8, UInt8), size: Int = 16) throws {
        var rgba: [UInt8] = []
        for _ in 0..<(size * size) { rgba += [color.0, color.1, color.2, 255] }
        try PixelImage(width: size, height: size, rgba: rgba).writePNG(to: url.path)
    }

    /// Writes the preset `preset.json` in the folder.
    @discardableResult
    func preset(_ text: String, name: String = "preset.json") throws -> URL {
        let url = folder.appendingPathComponent(name)
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url
    }

    /// A preset drawing one square layer with `contents` over the whole 64 × 64 canvas.
    func imagePreset(_ contents: String) throws -> URL {
        try preset(
            """
            {"canvas": {"width": 64, "height": 64, "background": "#000000"},
             "layers": [{"position": [32, 32], "bounds": [0, 0, 64, 64], "contents": "\(contents)"}]}
            """)
    }
}

/// `sparks` with arguments, asserting it ends within `timeout` seconds without crashing.
private func boundedRun(_ arguments: [String], timeout: Double = 60) throws -> CommandResult {
    let start = Date()
    let result = try runProgram(sparksExecutable, arguments, timeout: timeout)
    #expect(Date().timeIntervalSince(start) < timeout, "sparks \(arguments.joined(separator: " ")) did not finish")
    // A crash ends with a signal (status ≥ 128 from the shell's point of view, or an uncaught
    // signal here); a refusal exits with 1 (problems) or 64 (bad argument).
    #expect([0, 1, 64].contains(result.status), "sparks \(arguments.joined(separator: " ")) ended with \(result.status): \(result.error)")
    return result
}

@Suite("Presets from strangers: no escape, no hang, no crash")
struct HostileInputTests {
    // MARK: Files

    @Test("An image that is a link leading outside the preset's folder is refused, at load and by name")
    func linkOutside() throws {
        let f = try HostileFixture()
        try f.png(f.outside.appendingPathComponent("secret.png"), (255, 0, 0))
        try FileManager.default.createSymbolicLink(
            at: f.folder.appendingPathComponent("dot.png"), withDestinationURL: f.outside.appendingPathComponent("secret.png"))
        let preset = try f.imagePreset("dot.png")
        let result = try boundedRun(["validate", preset.path])
        #expect(result.status == 1)
        #expect(result.output.contains("layers[0].contents") && result.output.contains("leads outside preset/"), "\(result.output)")
    }

    @Test("A hard link to a file elsewhere is refused: files named by presets must have one name")
    func hardLink() throws {
        let f = try HostileFixture()
        let secret = f.outside.appendingPathComponent("secret.png")
        try f.png(secret, (255, 0, 0))
        try FileManager.default.linkItem(at: secret, to: f.folder.appendingPathComponent("dot.png"))
        let result = try boundedRun(["validate", try f.imagePreset("dot.png").path])
        #expect(result.status == 1)
        #expect(result.output.contains("has 2 names (hard links)"), "\(result.output)")
    }

    @Test("A named pipe as image or as preset never blocks validate, render or bench")
    func fifo() throws {
        let f = try HostileFixture()
        #expect(mkfifo(f.folder.appendingPathComponent("pipe.png").path, 0o644) == 0)
        let preset = try f.imagePreset("pipe.png")
        for command in [
            ["validate", preset.path], ["render", preset.path, "--out", f.root.appendingPathComponent("x.png").path],
            ["bench", preset.path, "--frames", "1"],
        ] {
            let result = try boundedRun(command, timeout: 20)
            #expect(result.status != 0)
            #expect((result.output + result.error).contains("named pipe"), "\(command[0]): \(result.output)\(result.error)")
        }
        let pipePreset = f.folder.appendingPathComponent("pipe.json")
        #expect(mkfifo(pipePreset.path, 0o644) == 0)
        let result = try boundedRun(["validate", pipePreset.path], timeout: 20)
        #expect(result.status == 1 && result.output.contains("named pipe"), "\(result.output)")
    }

    @Test("A huge file named like a preset is refused from its size, before anything is read")
    func hugePreset() throws {
        let f = try HostileFixture()
        let url = f.folder.appendingPathComponent("huge.json")
        #expect(FileManager.default.createFile(atPath: url.path, contents: nil))
        let handle = try FileHandle(forWritingTo: url)
        try handle.truncate(atOffset: 3 << 30)  // 3 GiB, sparse: no disk is used
        try handle.close()
        let result = try boundedRun(["validate", url.path], timeout: 20)
        #expect(result.status == 1)
        #expect(
            result.output.contains("3.0 GiB, more than the 16.0 MiB allowed") && result.output.contains("--max-preset-size"),
            "\(result.output)")
    }

    @Test("A preset of 800 KB on one line (a minifier's output) is read in bounded time")
    func oneLine() throws {
        let f = try HostileFixture()
        let layer = ##"{"type":"layer","name":"l","position":[10,20],"bounds":[0,0,4,4],"backgroundColor":"#ff0000","opacity":0.5}"##
        let text = #"{"canvas":{"width":64,"height":64},"layers":["# + Array(repeating: layer, count: 7500).joined(separator: ",") + "]}"
        #expect(text.utf8.count > 770_000)
        let result = try boundedRun(["validate", try f.preset(text).path], timeout: 30)
        #expect(result.status == 0, "\(result.output)")
    }

    @Test("'.' and a folder are not images; a dangling link says where it points, not itself as a suggestion")
    func smallCases() throws {
        let f = try HostileFixture()
        let dot = try boundedRun(["validate", try f.imagePreset(".").path])
        #expect(dot.output.contains("names a folder, not an image"), "\(dot.output)")
        try FileManager.default.createDirectory(at: f.folder.appendingPathComponent("images"), withIntermediateDirectories: true)
        let folder = try boundedRun(["validate", try f.imagePreset("images").path])
        #expect(folder.output.contains("images is a folder, not a file"), "\(folder.output)")
        try FileManager.default.createSymbolicLink(
            atPath: f.folder.appendingPathComponent("gone.png").path, withDestinationPath: "nowhere.png")
        let dangling = try boundedRun(["validate", try f.imagePreset("gone.png").path])
        #expect(dangling.output.contains("gone.png is a link to nowhere.png, which does not exist"), "\(dangling.output)")
        #expect(!dangling.output.contains("did you mean \"gone.png\""))
    }

    @Test("A PNG whose image data is corrupt is refused by validate, as render would refuse it")
    func corruptPNG() throws {
        let f = try HostileFixture()
        let url = f.folder.appendingPathComponent("broken.png")
        try f.png(url, (0, 255, 0))
        var bytes = [UInt8](try Data(contentsOf: url))
        // Keep the header (signature and IHDR), spoil the compressed pixels after it.
        for i in 40..<min(bytes.count - 12, 80) { bytes[i] ^= 0x5A }
        try Data(bytes).write(to: url)
        let preset = try f.imagePreset("broken.png")
        let validate = try boundedRun(["validate", preset.path])
        #expect(validate.status == 1 && validate.output.contains("layers[0].contents"), "\(validate.output)")
        let render = try boundedRun(["render", preset.path, "--out", f.root.appendingPathComponent("x.png").path])
        #expect(render.status == 1)
        #expect(render.error.contains("broken.png"), "\(render.error)")
    }

    // MARK: Budgets: validate refuses what every command refuses

    /// Presets over each budget, the option that raises it (and a value high enough).
    static let overBudget: [(name: String, preset: String, option: String, raised: String)] = [
        (
            "particles", #"{"layers": [{"type": "emitter", "emitterCells": [{"birthRate": 1000000, "lifetime": 3}]}]}"#, "--max-particles",
            "100000000"
        ),
        (
            "particles × copies",
            #"{"layers": [{"type": "replicator", "instanceCount": 1000, "sublayers": [{"type": "emitter", "emitterCells": [{"birthRate": 50000, "lifetime": 2}]}]}]}"#,
            "--max-drawn-quads", "100000000"
        ),
        (
            "layer copies",
            #"{"layers": [{"type": "replicator", "instanceCount": 1000, "sublayers": [{"type": "replicator", "instanceCount": 1000, "sublayers": [{"backgroundColor": "red"}]}]}]}"#,
            "--max-layer-copies", "10000000"
        ),
        (
            "texture memory",
            #"{"layers": [{"contents": "huge1.png", "bounds": [0, 0, 4, 4], "sublayers": [{"contents": "huge2.png", "bounds": [0, 0, 4, 4]}, {"contents": "huge3.png", "bounds": [0, 0, 4, 4]}]}]}"#,
            "--max-texture-memory", "16384"
        ),
        (
            "prewarm", #"{"layers": [{"type": "emitter", "beginTime": -2000, "emitterCells": [{"birthRate": 1000, "lifetime": 1000}]}]}"#,
            "--max-prewarm", "1000000"
        ),
    ]

    /// A fixture with the images the over-budget presets name: a 16 px image, and three whose
    /// headers say 8192 × 8192 (refused before decoding, so they need no pixels).
    private func budgetFixture() throws -> HostileFixture {
        let f = try HostileFixture()
        try f.png(f.folder.appendingPathComponent("big.png"), (255, 255, 255))
        for i in 1...3 {
            var header: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8)
            header += [0, 0, 0x20, 0, 0, 0, 0x20, 0, 8, 6, 0, 0, 0, 0, 0, 0, 0]
            try Data(header).write(to: f.folder.appendingPathComponent("huge\(i).png"))
        }
        return f
    }

    @Test("Each budget refuses a preset over it, naming the key and the option; validate, render and bench refuse alike", arguments: 0..<5)
    func budget(_ index: Int) throws {
        let (name, text, says, raisedValue) = Self.overBudget[index]
        let f = try budgetFixture()
        let preset = try f.preset(text)
        let validate = try boundedRun(["validate", preset.path])
        #expect(validate.status == 1, "\(name): \(validate.output)")
        #expect(validate.output.contains(says), "\(name): \(validate.output)")
        let firstProblem = validate.output.split(separator: "\n").first { $0.contains(says) }.map(String.init) ?? ""
        for command in [
            ["render", preset.path, "--out", f.root.appendingPathComponent("x.png").path], ["bench", preset.path, "--frames", "1"],
        ] {
            let result = try boundedRun(command)
            #expect(result.status == 1, "\(name): \(command[0]) accepted what validate refused")
            #expect(result.error.contains(firstProblem), "\(name): \(command[0]) said \(result.error)")
        }
        // Raising the budget's option lets the preset past it (the 8192 × 8192 images, which
        // have headers but no pixels, are then refused for that).
        let raised = try boundedRun(["validate", preset.path, says, raisedValue])
        #expect(raised.status == (name == "texture memory" ? 1 : 0), "\(name): \(raised.output)\(raised.error)")
        #expect(!raised.output.contains(says), "\(name): still refused with \(says) raised: \(raised.output)")
    }

    @Test(
        "A preset whose frames may cover more pixels than a frame draws is accepted with a warning; each frame stops at the budget, said once, in bounded time"
    )
    func coveredPixelsAreCappedPerFrame() throws {
        let f = try budgetFixture()
        // 25,000 particles 6,400 points across on an 800 × 600 canvas: 12 billion pixels a frame.
        let preset = try f.preset(
            #"{"canvas": {"width": 800, "height": 600}, "layers": [{"type": "emitter", "name": "huge", "emitterPosition": [400, 300], "emitterCells": [{"contents": "big.png", "birthRate": 5000, "lifetime": 5, "scale": 100}]}]}"#
        )
        let validate = try boundedRun(["validate", preset.path])
        #expect(validate.status == 0, "\(validate.output)")
        #expect(
            validate.output.contains("layers[0].emitterCells[0]") && validate.output.contains("may cover up to")
                && validate.output.contains("(note)"), "\(validate.output)")
        let out = f.root.appendingPathComponent("x.png")
        let render = try boundedRun(["render", preset.path, "--at", "1", "--out", out.path, "--max-covered-pixels", "50"])
        #expect(render.status == 0, "\(render.error)")
        #expect(FileManager.default.fileExists(atPath: out.path))
        let said = render.error.split(separator: "\n").filter { $0.contains("left out") }
        #expect(said.count == 1, "\(render.error)")
        #expect(said.first?.contains("layer \"huge\"") == true && said.first?.contains("--max-covered-pixels") == true, "\(render.error)")
        let bench = try boundedRun([
            "bench", preset.path, "--frames", "3", "--render", "--width", "200", "--height", "150", "--max-covered-pixels", "50", "--json",
        ])
        #expect(bench.status == 0, "\(bench.error)")
        #expect(bench.output.contains("\"budgetCut\"") && bench.output.contains("\"layer\":\"huge\""), "\(bench.output)")
    }

    // MARK: Arguments

    @Test("Numbers on the command line are range-checked with the allowed range; none crashes")
    func arguments() throws {
        let cases: [[String]] = [
            ["bench", "fire", "--live", "9223372036854775807"], ["bench", "fire", "--live", "1000000000000000000"],
            ["bench", "fire", "--live", "-5"], ["bench", "fire", "--seconds", "nan"], ["bench", "fire", "--seconds", "inf"],
            ["bench", "fire", "--frames", "0"], ["bench", "fire", "--threads", "1000"], ["bench", "fire", "--step-rate", "1e308"],
            ["bench", "fire", "--birth-rate-scale", "1e300"], ["bench", "fire", "--width", "-1"],
            ["bench", "fire", "--max-particles", "0"],
            ["render", "fire", "--at", "1e309"], ["render", "fire", "--fps", "-1"], ["render", "fire", "--width", "100000"],
            ["render", "fire", "--frames", "99999999999999999999"], ["render", "fire", "--threads", "0"],
            ["render", "fire", "--seed", "-1"],
            ["render", "fire", "--max-covered-pixels", "nan"], ["render", "fire", "--max-texture-memory", "0"],
            ["validate", "presets/fire.json", "--max-prewarm", "-1"],
            ["validate", "presets/fire.json", "--max-preset-size", "9223372036854775807"],
            ["run", "fire", "--speed", "nan"], ["run", "fire", "--threads", "65"], ["run", "fire", "--at", "-1"],
            ["run", "fire", "--live", "0"],
        ]
        for arguments in cases {
            let result = try boundedRun(arguments, timeout: 20)
            #expect(result.status == 64, "\(arguments.joined(separator: " ")): \(result.status) \(result.error)")
            #expect(
                result.error.contains("must be") || result.error.contains("invalid") || result.error.contains("Missing"),
                "\(arguments.joined(separator: " ")): \(result.error)")
        }
    }

    // MARK: bench

    @Test(
        "bench keeps bounded memory however many frames it runs, and --json keeps its keys",
        .disabled(if: ProcessInfo.processInfo.environment["SPARKS_SANITIZER"] != nil, "AddressSanitizer keeps freed memory in quarantine"))
    func benchMemory() throws {
        func peak(_ frames: Int) throws -> (Int, [String: Any]) {
            let result = try boundedRun(["bench", "neon", "--frames", "\(frames)", "--json"], timeout: 120)
            let all = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [[String: Any]])
            let memory = try #require(all.first?["memory"] as? [String: Any])
            return (try #require(memory["peakResidentBytes"] as? Int), all[0])
        }
        let (short, _) = try peak(2_000)
        let (long, json) = try peak(200_000)
        // 200,000 frames used to keep 200,000 records and a 200,000-element series per key.
        #expect(long - short < 8 << 20, "peak resident \(short) bytes after 2,000 frames, \(long) after 200,000")
        let live = try #require(json["live"] as? [String: Any])
        #expect((live["series"] as? [Any])?.count == 200_000)
        for key in ["preset", "frames", "stepMicroseconds", "nsPerParticleUpdate", "stateHash", "memory", "live"] {
            #expect(json[key] != nil, "\(key)")
        }
    }

    // MARK: What is printed

    /// Text that writes the clipboard (OSC 52), then hides and clears the screen and turns what
    /// follows around (U+202E).
    static let terminalAttack = "\u{1B}]52;c;aGVsbG8=\u{07}\u{1B}[8m\u{1B}[2J\u{202E}\r"

    @Test("Names, keys and image names are printed with every terminal control escaped, by validate and render")
    func terminalEscapes() throws {
        let f = try HostileFixture()
        let attack = Self.terminalAttack
        func json(_ text: String) -> String { PresetEncoder.quoted(text) }
        let bad = try f.preset(
            """
            {"name": \(json("evil" + attack)), "canvas": {"width": 64, "height": 64},
             "layers": [{"type": "emitter", "name": \(json("em" + attack)), "emitterCells": [
               {"name": \(json("c" + attack)), "birthRate": 10, "lifetime": 1, "contents": \(json("img" + attack + ".png")), \(json("bogus" + attack)): 1}]}]}
            """, name: "bad.json")
        let good = try f.preset(
            """
            {"name": \(json("evil" + attack)), "canvas": {"width": 64, "height": 64},
             "layers": [{"type": "emitter", "name": \(json("em" + attack)), "emitterCells": [{"name": \(json("c" + attack)), "birthRate": 10, "lifetime": 1}]}]}
            """, name: "good.json")
        let validate = try boundedRun(["validate", bad.path, good.path])
        let json = try boundedRun(["validate", "--json", bad.path])
        let render = try boundedRun(["render", good.path, "--at", "1", "--out", f.folder.appendingPathComponent("frame.png").path])
        for (what, text) in [
            ("validate", validate.output + validate.error), ("validate --json", json.output), ("render", render.output + render.error),
        ] {
            let controls = text.unicodeScalars.filter {
                ($0.value < 0x20 && $0 != "\n" && $0 != "\t") || $0.value == 0x7F || $0 == "\u{202E}"
            }
            #expect(controls.isEmpty, "\(what) printed \(controls.map { String($0.value, radix: 16) })")
        }
        // What the file holds is said, visibly.
        #expect(validate.output.contains("bogus\\u{1B}]52;c;aGVsbG8=\\u{7}\\u{1B}[8m"), "\(validate.output)")
        #expect(render.output.contains("evil\\u{1B}]52"), "\(render.output)")
        // --json stays JSON, with the same text in its strings.
        let parsed = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [[String: Any]])
        let problems = try #require(parsed.first?["problems"] as? [[String: Any]])
        #expect(problems.contains { ($0["message"] as? String)?.contains("bogus" + attack) == true })
    }

    // MARK: Image memory

    @Test("A PNG whose chunk claims more bytes than the file holds is refused before decoding; a whole file passes")
    func pngChunkPastTheEnd() throws {
        let whole = [UInt8](try Data(contentsOf: repositoryRoot.appendingPathComponent("assets/spark.png")))
        #expect(throws: Never.self) { try PNGInfo.checkChunks(whole, name: "spark.png") }
        // The image's own header, then an IDAT chunk that says 256 MB and holds 300 bytes.
        var forged = Array(whole[0..<33])
        forged += [0x10, 0x00, 0x01, 0x1F] + Array("IDAT".utf8) + [UInt8](repeating: 0x78, count: 300)
        #expect {
            try PNGInfo.checkChunks(forged, name: "forged.png")
        } throws: { error in
            "\(error)".contains("forged.png is cut short: its IDAT chunk says 268435743 bytes")
        }
        #expect(throws: ImageDecodingError.self) { try SDLImageDecoder.image(ofPNG: forged, name: "forged.png") }
    }

    @Test(
        "A 70 KB PNG of 4096 × 4096 pixels loads within the texture memory it is counted as",
        .disabled(if: ProcessInfo.processInfo.environment["SPARKS_SANITIZER"] != nil, "the sanitizers' shadow memory is not the program's"))
    func imageMemory() throws {
        let f = try HostileFixture()
        // White at half alpha: an alpha mask, the kind that costs most (levels, alphas and footprints).
        let side = 4096
        var rgba = [UInt8](repeating: 255, count: side * side * 4)
        for i in stride(from: 3, to: rgba.count, by: 4) { rgba[i] = 128 }
        try PixelImage(width: side, height: side, rgba: rgba).writePNG(to: f.folder.appendingPathComponent("big.png").path)
        rgba = []
        let preset = try f.preset(
            """
            {"canvas": {"width": 100, "height": 100}, "layers": [{"type": "emitter", "name": "e", "position": [50, 50],
             "emitterCells": [{"name": "c", "birthRate": 5, "lifetime": 2, "contents": "big.png", "scale": 0.01}]}]}
            """)
        let counted = side * side * PresetLimits.textureBytesPerPixel
        let run = try measuredRun(
            ["render", preset.path, "--at", "1", "--out", f.folder.appendingPathComponent("frame.png").path], in: f.folder)
        #expect(run.reason == .exit && run.status == 0, "\(run.said)")
        let peak = run.peakBytes
        // What the program holds without the image (about 40 MiB) and the image, counted at 192
        // MiB: the decoding holds no more than that at once. (It held 555 MB before.)
        #expect(peak < counted + (64 << 20), "peak resident \(peak >> 20) MiB for an image counted as \(counted >> 20) MiB")
    }
}
