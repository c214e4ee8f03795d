import Foundation
import SparksRaster
import SparksSDL
import Testing

@Suite("The sparks command")
struct CommandTests {
    @Test("validate accepts the shipped presets")
    func validateShipped() throws {
        let result = try sparks("validate", "presets/fire.json", "presets/neon.json")
        #expect(result.status == 0, "\(result.output)\(result.error)")
        #expect(result.output.contains("presets/fire.json: ok"))
        #expect(result.output.contains("presets/neon.json: ok"))
    }

    @Test("validate reports every problem with file:line:column and exits 1")
    func validateBad() throws {
        let folder = try temporaryFolder()
        let bad = folder.appendingPathComponent("bad.json")
        try """
        {
          "layers": [
            { "type": "emitter", "emitterCells": [ { "birthrate": 5, "lifetime": -1 } ] }
          ]
        }
        """.write(to: bad, atomically: true, encoding: .utf8)
        let result = try sparks("validate", bad.path, "presets/fire.json")
        #expect(result.status == 1)
        #expect(
            result.output.contains(
                "bad.json:3:46: layers[0].emitterCells[0].birthrate: unknown key \"birthrate\" — did you mean \"birthRate\"?"),
            "\(result.output)")
        #expect(
            result.output.contains("bad.json:3:74: layers[0].emitterCells[0].lifetime: must not be negative, got -1"), "\(result.output)")
        #expect(result.output.contains("presets/fire.json: ok"))
        #expect(result.error.contains("1 of 2 files failed"))
    }

    @Test("validate --json gives editors every problem with line, column, path and suggestion")
    func validateJSON() throws {
        let folder = try temporaryFolder()
        let bad = folder.appendingPathComponent("bad.json")
        try #"{"layers": [{"type": "emitter", "emitterShape": "circel"}]}"#.write(to: bad, atomically: true, encoding: .utf8)
        let result = try sparks("validate", "--json", bad.path, "presets/neon.json")
        #expect(result.status == 1)
        let files = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [[String: Any]])
        #expect(files.count == 2)
        #expect(files[0]["ok"] as? Bool == false && files[1]["ok"] as? Bool == true)
        let problem = try #require((files[0]["problems"] as? [[String: Any]])?.first)
        #expect(problem["line"] as? Int == 1 && problem["column"] as? Int == 49)
        #expect(problem["path"] as? String == "layers[0].emitterShape")
        #expect(problem["suggestion"] as? String == "circle")
    }

    @Test("Keys a preset holds that Sparks does not act on are noted by validate (text and JSON) and render, which still succeed")
    func notes() throws {
        let folder = try temporaryFolder()
        let file = folder.appendingPathComponent("styled.json")
        try #"{"layers": [{"type": "emitter", "emitterCells": [{"name": "c", "contents": "spark.png", "style": {"rendererHint": 2}}]}]}"#
            .write(to: file, atomically: true, encoding: .utf8)
        let validate = try sparks("validate", file.path)
        #expect(validate.status == 0)
        #expect(
            validate.output.contains(
                "layers[0].emitterCells[0].style.rendererHint: style key \"rendererHint\" is not a cell property; ignored (note)"),
            "\(validate.output)")
        let json = try sparks("validate", "--json", file.path)
        let files = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [[String: Any]])
        #expect((files.first?["notes"] as? [String])?.count == 1)
        let render = try sparks("render", file.path, "--out", folder.appendingPathComponent("out.png").path)
        #expect(render.status == 0)
        #expect(render.error.contains("rendererHint"), "\(render.error)")
    }

    @Test("An unknown preset name suggests the nearest one")
    func unknownPreset() throws {
        let result = try sparks("render", "fier", "--out", "/tmp/unused.png")
        #expect(result.status != 0)
        #expect(result.error.contains("no preset named \"fier\" — did you mean \"fire\"?"), "\(result.error)")
    }

    @Test("render writes byte-identical PNGs run to run; --seed changes them")
    func renderDeterministic() throws {
        let folder = try temporaryFolder()
        for name in ["a", "b"] {
            let result = try sparks("render", "fire", "--at", "2", "--out", folder.appendingPathComponent("\(name).png").path)
            #expect(result.status == 0, "\(result.error)")
        }
        let a = try Data(contentsOf: folder.appendingPathComponent("a.png"))
        let b = try Data(contentsOf: folder.appendingPathComponent("b.png"))
        #expect(a == b)
        _ = try sparks("render", "fire", "--at", "2", "--seed", "99", "--out", folder.appendingPathComponent("c.png").path)
        #expect(try Data(contentsOf: folder.appendingPathComponent("c.png")) != a)
    }

    @Test("SPARKS_KERNELS=baseline forces the baseline kernels: the same particles and the same PNG bytes as the fastest")
    func forcedBaselineKernels() throws {
        let folder = try temporaryFolder()
        var baseline = ProcessInfo.processInfo.environment
        baseline["SPARKS_KERNELS"] = "baseline"
        // Behaviours, plane particles, additive and normal blending, trilinear filtering.
        for preset in ["celebrate", "magic-trail", "swirl", "fire", "carousel"] {
            var pictures: [Data] = []
            var hashes: [String] = []
            for environment in [nil, baseline] {
                let out = folder.appendingPathComponent("\(preset)-\(pictures.count).png")
                let render = try runProgram(
                    sparksExecutable, ["render", preset, "--at", "2", "--out", out.path], environment: environment)
                #expect(render.status == 0, "\(render.error)")
                pictures.append(try Data(contentsOf: out))
                let bench = try runProgram(
                    sparksExecutable, ["bench", preset, "--seconds", "0.5", "--render", "--width", "200", "--height", "150"],
                    environment: environment)
                let lines = bench.output.split(separator: "\n")
                hashes.append(String(lines.first { $0.hasPrefix("state hash") } ?? "none"))
                let build = lines.first { $0.hasPrefix("build") }.map(String.init) ?? ""
                #expect(environment == nil || build.hasSuffix("baseline kernels"), "\(build)")
            }
            #expect(pictures[0] == pictures[1], "\(preset): the kernels draw different pixels")
            #expect(hashes[0] == hashes[1] && hashes[0] != "none", "\(preset): \(hashes)")
        }
    }

    @Test("render --frames writes numbered frames of the animation")
    func renderFrames() throws {
        let folder = try temporaryFolder()
        let result = try sparks("render", "neon", "--frames", "3", "--at", "1", "--fps", "10", "--out", folder.path)
        #expect(result.status == 0, "\(result.error)")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(files == ["neon-0001.png", "neon-0002.png", "neon-0003.png"])
        let first = try PixelImage(contentsOfPNG: folder.appendingPathComponent("neon-0001.png").path)
        #expect(first.width == 800 && first.height == 600)
    }

    @Test("--set changes a property by key path; a bad key path is a clear error")
    func overrides() throws {
        let folder = try temporaryFolder()
        let none = try sparks(
            "render", "fire", "--at", "2", "--set", "fireEmitter.emitterCells.fire.birthRate=0",
            "--out", folder.appendingPathComponent("empty.png").path)
        #expect(none.status == 0, "\(none.error)")
        #expect(none.output.contains(" 0 particles"))
        let image = try PixelImage(contentsOfPNG: folder.appendingPathComponent("empty.png").path)
        #expect(image.meanBrightness(x: 0, y: 0, width: 800, height: 600) == 0)

        let bad = try sparks(
            "render", "fire", "--set", "fireEmitter.emitterCells.fir.birthRate=5", "--out", folder.appendingPathComponent("x.png").path)
        #expect(bad.status != 0)
        #expect(bad.error.contains("there is no cell named \"fir\""), "\(bad.error)")
        #expect(bad.error.contains("did you mean \"fire\""))
        let badValue = try sparks(
            "render", "fire", "--set", "fireEmitter.emitterShape=hexagon", "--out", folder.appendingPathComponent("x.png").path)
        #expect(badValue.error.contains("unknown value \"hexagon\""), "\(badValue.error)")
    }

    @Test("bench --find-max searches the largest birth-rate scale whose frames fit the frame rate, and reports each trial")
    func findMax() throws {
        let result = try runProgram(sparksExecutable, ["bench", "fire", "--find-max", "--fps", "60", "--width", "400"], timeout: 300)
        #expect(result.status == 0, "\(result.error)")
        let lines = result.output.split(separator: "\n").map(String.init)
        #expect(
            lines.first?.hasPrefix("finding the largest birth-rate scale of fire that draws at 60 fps (16.67 ms a frame)") == true,
            "\(result.output)")
        let trials = lines.filter { $0.hasPrefix("  ×") }
        #expect(trials.count >= 3)
        // The answer is the largest scale of a trial that fitted, with that trial's own numbers.
        let fitting = trials.filter { $0.hasSuffix("fits") }
        let answer = try #require(lines.last)
        #expect(answer.hasPrefix("fire: largest birth-rate scale ×"), "\(answer)")
        func scale(_ line: String) -> Double? {
            line.split(separator: "×").dropFirst().first.flatMap { Double($0.split(separator: " ")[0]) }
        }
        let largest = try #require(fitting.compactMap(scale).max())
        #expect(scale(answer) == largest)
        #expect(trials.contains { $0.hasSuffix("too slow") })

        let both = try sparks("bench", "fire", "--find-max", "--live", "1000")
        #expect(both.status != 0)
        #expect(both.error.contains("--find-max searches the birth-rate scale itself"), "\(both.error)")
    }

    @Test("bench runs headless: particles per frame, throughput, memory and a hash that no thread count changes")
    func bench() throws {
        func run(_ arguments: String...) throws -> [String: Any] {
            let result = try runProgram(sparksExecutable, ["bench"] + arguments + ["--json"], timeout: 300)
            #expect(result.status == 0, "\(result.error)")
            let all = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [[String: Any]])
            return try #require(all.first)
        }
        let fire = try run("fire", "--frames", "90")
        #expect(fire["preset"] as? String == "fire")
        let live = try #require(fire["live"] as? [String: Any])
        #expect(live["final"] as? Int == 500)
        #expect((live["series"] as? [Int])?.count == 90)
        #expect((fire["nsPerParticleUpdate"] as? Double ?? 0) > 0)
        #expect(((fire["memory"] as? [String: Any])?["bytesPerLiveParticle"] as? Double ?? 0) > 0)
        // --live scales the birth rates to the asked-for population.
        let anchor = try run("bench-anchor", "--live", "40000", "--frames", "30")
        let mean = try #require((anchor["live"] as? [String: Any])?["mean"] as? Double)
        #expect(abs(mean - 40_000) < 800, "\(mean)")
        // Two threads take the parallel paths and give the same state.
        let one = try run("bench-anchor", "--live", "60000", "--frames", "20", "--threads", "1")
        let two = try run("bench-anchor", "--live", "60000", "--frames", "20", "--threads", "2")
        #expect(one["stateHash"] as? String == two["stateHash"] as? String)
        // With no particle alive, the per-particle figures are null, not a failure to write inf.
        let empty = try run("spinner", "--frames", "10")
        #expect(empty["nsPerParticleUpdate"] is NSNull)
        #expect((empty["memory"] as? [String: Any])?["bytesPerLiveParticle"] is NSNull)
    }

    @Test("bench --live 1000000 without --render is the user's own request: no drawing budget applies")
    func benchMillionWithoutDrawing() throws {
        let result = try runProgram(
            sparksExecutable, ["bench", "bench-anchor", "--live", "1000000", "--frames", "2", "--json"], timeout: 300)
        #expect(result.status == 0, "\(result.error)")
        let all = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [[String: Any]])
        let mean = try #require((all.first?["live"] as? [String: Any])?["mean"] as? Double)
        #expect(abs(mean - 1_000_000) < 20_000, "\(mean)")
    }

    @Test("render --at 0 shows a running emitter's steady state, as iOS's first frame does")
    func firstFrame() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sparks-first-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try sparks("render", "fire", "--at", "0", "--out", folder.appendingPathComponent("fire.png").path)
        #expect(result.status == 0, "\(result.error)")
        // fire: 500 a second living 1 s.
        let count = result.output.split(separator: ",").compactMap { part in
            part.hasSuffix(" particles") ? Int(part.dropLast(10).trimmingCharacters(in: .whitespaces)) : nil
        }.first
        #expect(count.map { (480...520).contains($0) } == true, "\(result.output)")
    }

    @Test("run without a display fails at once with a message saying what to do")
    func runWithoutDisplay() throws {
        var environment = ProcessInfo.processInfo.environment
        environment["DISPLAY"] = nil
        environment["WAYLAND_DISPLAY"] = nil
        environment["SDL_VIDEODRIVER"] = nil
        let result = try runProgram(sparksExecutable, ["run", "fire"], timeout: 20, environment: environment)
        #expect(result.status == 1)
        #expect(result.error.contains("there is no display"), "\(result.error)")
        #expect(result.error.contains("sparks render"))
    }

    @Test(
        "render --gif and --mp4 write the same file every time", .enabled(if: which("ffmpeg") != nil, "needs ffmpeg: make test installs it")
    )
    func export() throws {
        let folder = try temporaryFolder()
        for name in ["a", "b"] {
            let gif = try sparks(
                "render", "fireworks", "--at", "1", "--frames", "20", "--width", "200", "--height", "150", "--gif",
                folder.appendingPathComponent("\(name).gif").path)
            #expect(gif.status == 0, "\(gif.error)")
            let mp4 = try sparks(
                "render", "comet", "--frames", "30", "--width", "200", "--height", "150", "--mp4",
                folder.appendingPathComponent("\(name).mp4").path)
            #expect(mp4.status == 0, "\(mp4.error)")
        }
        let gifA = try Data(contentsOf: folder.appendingPathComponent("a.gif")),
            gifB = try Data(contentsOf: folder.appendingPathComponent("b.gif"))
        #expect(gifA == gifB && gifA.starts(with: Array("GIF89a".utf8)))
        let mp4A = try Data(contentsOf: folder.appendingPathComponent("a.mp4")),
            mp4B = try Data(contentsOf: folder.appendingPathComponent("b.mp4"))
        #expect(mp4A == mp4B && mp4A.count > 1000 && String(decoding: mp4A[4..<8], as: UTF8.self) == "ftyp")
    }

    @Test("Without ffmpeg, --gif says which package to install")
    func exportWithoutFFmpeg() throws {
        var environment = ProcessInfo.processInfo.environment
        environment["PATH"] = "/nonexistent"
        let result = try runProgram(sparksExecutable, ["render", "fire", "--gif", "/tmp/never.gif"], timeout: 20, environment: environment)
        #expect(result.status != 0)
        #expect(result.error.contains("needs ffmpeg") && result.error.contains("Debian package ffmpeg"), "\(result.error)")
    }

    @Test("explain prints a key's explanation, an object's keys or the objects; a typo names the nearest key and fails")
    func explain() throws {
        let key = try sparks("explain", "emitterCells.velocityRange")
        #expect(key.status == 0)
        #expect(key.output.hasPrefix("emitterCells.velocityRange — Emitter cells (CAEmitterCell)"), "\(key.output)")
        #expect(key.output.contains("unit      points per second") && key.output.contains("example   \"velocityRange\": 50"))
        let colour = try sparks("explain", "backgroundColor")
        #expect(colour.output.contains("a name from UIKit's UIColor palette, not CSS's"), "\(colour.output)")
        #expect(try sparks("explain", "emitterCells").output.contains("velocityRange"))
        #expect(try sparks("explain").output.contains("sparks explain OBJECT lists one"))
        let typo = try sparks("explain", "emiterMode")
        #expect(typo.status == 1 && typo.error.contains("did you mean \"emitterMode\"?"), "\(typo.error)")
    }

    @Test("list shows every preset with its description")
    func list() throws {
        let result = try sparks("list")
        #expect(result.status == 0)
        let lines = result.output.split(separator: "\n")
        let names = [
            "fire", "neon", "fireworks", "snow", "smoke", "confetti", "sparkle", "rain", "hearts", "comet", "orbit", "equalizer", "volume",
            "spinner", "pulse", "neon-ring", "carousel", "embers", "loader", "bench-anchor", "magic-trail", "swirl", "flutter",
            "celebrate", "emoji-ring", "shimmer", "recipe-swirl", "recipe-converge", "recipe-fade-in", "recipe-trails", "recipe-burst",
            "recipe-ring", "recipe-turn", "recipe-spring",
        ]
        #expect(lines.count == names.count)
        for name in names {
            let line = lines.first { $0.hasPrefix(name + " ") }
            #expect(line != nil && line!.count > name.count + 20, "\(name) is missing or has no description")
        }
    }
}
