import Foundation
import SparksRaster
import SparksSDL
import Testing

/// The sparks command as `make install PREFIX=.build/prefix` (run by `make examples`) installs it.
let installedSparks = repositoryRoot.appendingPathComponent(".build/prefix/bin/sparks")

@Suite("Starting and checking presets of one's own")
struct ProjectCommandTests {
    @Test("validate takes a folder and checks every preset in it")
    func validateFolder() throws {
        let folder = try temporaryFolder()
        try FileManager.default.copyItem(
            at: repositoryRoot.appendingPathComponent("presets/fire.json"), to: folder.appendingPathComponent("a.json"))
        try #"{ "layers": [ { "type": "emiter" } ] }"#.write(to: folder.appendingPathComponent("b.json"), atomically: true, encoding: .utf8)
        let result = try sparks("validate", folder.path)
        #expect(result.status == 1)
        #expect(result.output.contains("a.json: ok"), "\(result.output)")
        #expect(result.output.contains("b.json:1:25: layers[0].type: unknown value \"emiter\""), "\(result.output)")
        #expect(result.error.contains("1 of 2 files failed"), "\(result.error)")
        let shipped = try sparks("validate", "presets")
        #expect(shipped.status == 0, "\(shipped.output)")
        #expect(shipped.output.contains("presets/sparks.schema.json: skipped (a JSON Schema, not a preset)"))
    }

    @Test("--version prints the version")
    func version() throws {
        let result = try sparks("--version")
        #expect(result.status == 0)
        #expect(result.output.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: ".").count == 3, "\(result.output)")
    }

    @Test("new writes a preset with a working $schema, from a preset or from an empty emitter, and never overwrites by accident")
    func newPreset() throws {
        let folder = try temporaryFolder()
        let campfire = folder.appendingPathComponent("mine/campfire.json")
        let made = try sparks("new", folder.appendingPathComponent("mine/campfire").path, "--from", "fire")
        #expect(made.status == 0, "\(made.error)")
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("mine/sparks.schema.json").path))
        let text = try String(contentsOf: campfire, encoding: .utf8)
        #expect(text.contains("\"$schema\": \"sparks.schema.json\""))
        #expect(text.contains("\"name\": \"campfire\""))
        #expect(try sparks("validate", campfire.path).status == 0)
        // The same effect as the preset it came from.
        let a = folder.appendingPathComponent("a.png"), b = folder.appendingPathComponent("b.png")
        #expect(try sparks("render", "fire", "--at", "1", "--out", a.path).status == 0)
        #expect(try sparks("render", campfire.path, "--at", "1", "--out", b.path).status == 0)
        #expect(try Data(contentsOf: a) == Data(contentsOf: b))

        let again = try sparks("new", campfire.path)
        #expect(again.status != 0)
        #expect(again.error.contains("exists; choose another name or pass --force"), "\(again.error)")

        let blank = folder.appendingPathComponent("blank.json")
        #expect(try sparks("new", blank.path).status == 0)
        #expect(try sparks("validate", blank.path).status == 0)
    }

    @Test(
        "new writes a layer that turns about its centre; a transform on a zero-size layer away from its emitter gets one note naming the fix"
    )
    func newPresetTurnsInPlace() throws {
        let folder = try temporaryFolder()
        let portal = folder.appendingPathComponent("portal.json")
        #expect(try sparks("new", portal.path).status == 0)
        // A designer's first edit: turn the layer a quarter and make the emission one-sided.
        func edit(_ text: String) throws {
            var preset = try String(contentsOf: portal, encoding: .utf8)
            preset = preset.replacing("\"name\": \"emitter\",", with: "\"name\": \"emitter\", \(text)")
            preset = preset.replacing("\"emissionRange\": 6.283185307179586", with: "\"emissionRange\": 0.3")
            try preset.write(to: portal, atomically: true, encoding: .utf8)
        }
        try edit("\"transform\": [{ \"rotate\": 1.5707963267948966 }],")
        let quiet = try sparks("validate", portal.path)
        #expect(quiet.status == 0 && !quiet.output.contains("(note)"), "\(quiet.output)")
        let turned = folder.appendingPathComponent("turned.png")
        #expect(try sparks("render", portal.path, "--at", "1.5", "--out", turned.path).status == 0)
        // The sparks leave the centre along +y (the emission turned a quarter clockwise), and the
        // emitter stays at the canvas centre.
        let image = try PixelImage(contentsOfPNG: turned.path)
        let centroid = try #require(litCentroid(image))
        #expect(abs(centroid.x - 400) < 8, "\(centroid)")
        #expect(centroid.y > 320 && centroid.y < 420, "\(centroid)")

        // The same turn on a zero-size layer with its emitter at (400, 300) swings the effect
        // around the canvas's corner; validate and render say so once, with the fix.
        var trap = try String(contentsOf: portal, encoding: .utf8)
        trap = trap.replacing(/"bounds": \[[^\]]*\],?/, with: "").replacing(/"position": \[[^\]]*\],?/, with: "")
        let trapped = folder.appendingPathComponent("trapped.json")
        try trap.write(to: trapped, atomically: true, encoding: .utf8)
        let advised = try sparks("validate", trapped.path)
        #expect(advised.status == 0)
        let notes = advised.output.split(separator: "\n").filter { $0.hasSuffix("(note)") }
        #expect(notes.count == 1, "\(advised.output)")
        #expect(
            notes.first?.contains(
                "layers[0]: \"transform\" turns this layer about its position [0, 0], but the layer has no size and its emitter is at [400, 300]"
            ) == true, "\(advised.output)")
        #expect(notes.first?.contains("\"bounds\": [0, 0, 800, 600], \"position\": [400, 300]") == true, "\(advised.output)")
        let rendered = try sparks("render", trapped.path, "--at", "1.5", "--out", folder.appendingPathComponent("t.png").path)
        #expect(rendered.error.components(separatedBy: "(note)").count == 2, "\(rendered.error)")
        let swung = try PixelImage(contentsOfPNG: folder.appendingPathComponent("t.png").path)
        // A quarter turn about (0, 0) takes the emitter at (400, 300) to (−300, 400): off the canvas.
        #expect(litCentroid(swung) == nil, "\(String(describing: litCentroid(swung)))")
    }

    /// The centroid of the visibly lit pixels, or nil when none are.
    private func litCentroid(_ image: PixelImage) -> (x: Double, y: Double)? {
        var sx = 0.0, sy = 0.0, n = 0.0
        for y in 0..<image.height {
            for x in 0..<image.width where image.brightness(x: x, y: y) > 0.2 {
                sx += Double(x)
                sy += Double(y)
                n += 1
            }
        }
        return n > 0 ? (sx / n, sy / n) : nil
    }

    @Test(
        "After make install PREFIX, sparks finds its presets and assets from any folder; without them it says where it looked",
        .enabled(
            if: examplesRequired || FileManager.default.isExecutableFile(atPath: installedSparks.path),
            "needs `make examples` (make install PREFIX=.build/prefix)"))
    func installedFromAnywhere() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var environment = ProcessInfo.processInfo.environment
        environment["SPARKS_HOME"] = nil
        let listed = try runProgram(installedSparks, ["list"], in: folder, environment: environment)
        #expect(listed.status == 0, "\(listed.error)")
        #expect(listed.output.split(separator: "\n").contains { $0.hasPrefix("fire ") }, "\(listed.output)")
        // A preset that names a shipped image draws it: the assets were found too.
        let png = folder.appendingPathComponent("fire.png")
        let rendered = try runProgram(
            installedSparks, ["render", "fire", "--at", "1", "--out", png.path], in: folder, environment: environment)
        #expect(rendered.status == 0, "\(rendered.error)")
        let reference = folder.appendingPathComponent("reference.png")
        #expect(try sparks("render", "fire", "--at", "1", "--out", reference.path).status == 0)
        #expect(try Data(contentsOf: png) == Data(contentsOf: reference))

        // The same program elsewhere, with no presets beside it: the message lists every place.
        let bin = folder.appendingPathComponent("elsewhere/bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: sparksExecutable, to: bin.appendingPathComponent("sparks"))
        let lost = try runProgram(bin.appendingPathComponent("sparks"), ["run", "fire"], in: folder, environment: environment)
        #expect(lost.status != 0)
        for place in [
            "the current folder (\(folder.standardizedFileURL.path)/presets)", "the Sparks folder the program was built in (none)",
            "the install prefix (\(folder.standardizedFileURL.path)/elsewhere/share/sparks/presets)", "SPARKS_HOME (not set)",
        ] {
            #expect(lost.error.contains(place), "\(lost.error)")
        }
        environment["SPARKS_HOME"] = repositoryRoot.path
        let found = try runProgram(bin.appendingPathComponent("sparks"), ["list"], in: folder, environment: environment)
        #expect(found.status == 0 && found.output.contains("fire "), "\(found.error)")
    }

    @Test("schema --out writes the schema where a preset outside presets/ can name it")
    func schemaOut() throws {
        let folder = try temporaryFolder()
        let file = folder.appendingPathComponent("sparks.schema.json")
        #expect(try sparks("schema", "--out", file.path).status == 0)
        let written = try String(contentsOf: file, encoding: .utf8)
        let shipped = try String(contentsOf: repositoryRoot.appendingPathComponent("presets/sparks.schema.json"), encoding: .utf8)
        #expect(written == shipped)
    }
}

@Suite("Sprite sheets")
struct SpriteSheetTests {
    @Test("render --sheet puts COLSxROWS frames in one PNG, each the frame render writes for that time")
    func sheet() throws {
        let folder = try temporaryFolder()
        let sheet = folder.appendingPathComponent("sheet.png")
        let result = try sparks(
            "render", "fire", "--sheet", "3x2", "--at", "1", "--fps", "10", "--width", "80", "--no-trim", "--out", sheet.path)
        #expect(result.status == 0, "\(result.error)")
        let image = try PixelImage(contentsOfPNG: sheet.path)
        #expect(image.width == 240 && image.height == 120)
        // The fifth frame (column 1, row 1) is the frame at t = 1.4 s.
        let single = folder.appendingPathComponent("single.png")
        #expect(try sparks("render", "fire", "--at", "1.4", "--width", "80", "--out", single.path).status == 0)
        let frame = try PixelImage(contentsOfPNG: single.path)
        var same = true
        for y in 0..<60 { for x in 0..<80 where image[80 + x, 60 + y] != frame[x, y] { same = false } }
        #expect(same)
        let bad = try sparks("render", "fire", "--sheet", "0x3", "--out", sheet.path)
        #expect(bad.error.contains("--sheet must be COLSxROWS with at most 4096 frames in all, such as 8x4"), "\(bad.error)")
    }

    @Test(
        "A sheet is cut to the effect's box over all its frames: each cell is that box of the whole frame, and nothing is drawn outside it")
    func trimmedSheet() throws {
        let folder = try temporaryFolder()
        let whole = folder.appendingPathComponent("whole.png"), trimmed = folder.appendingPathComponent("trimmed.png")
        let common = ["--sheet", "4x2", "--at", "1", "--fps", "6", "--width", "200"]
        #expect(try runProgram(sparksExecutable, ["render", "recipe-burst"] + common + ["--no-trim", "--out", whole.path]).status == 0)
        let result = try runProgram(sparksExecutable, ["render", "recipe-burst"] + common + ["--out", trimmed.path])
        #expect(result.status == 0, "\(result.error)")
        let box = try #require(
            result.output.firstMatch(of: /cut to (\d+)×(\d+) at \((\d+), (\d+)\) of the 200×150 canvas/), "\(result.output)")
        let (w, h, bx, by) = (Int(box.1)!, Int(box.2)!, Int(box.3)!, Int(box.4)!)
        #expect(w < 200 && h < 150)
        let full = try PixelImage(contentsOfPNG: whole.path), cut = try PixelImage(contentsOfPNG: trimmed.path)
        #expect(cut.width == 4 * w && cut.height == 2 * h)
        let background = full[0, 0]
        for frame in 0..<8 {
            let (fx, fy) = ((frame % 4) * 200, (frame / 4) * 150), (cx, cy) = ((frame % 4) * w, (frame / 4) * h)
            for y in 0..<150 {
                for x in 0..<200 {
                    let inside = x >= bx && x < bx + w && y >= by && y < by + h
                    if inside {
                        if full[fx + x, fy + y] != cut[cx + x - bx, cy + y - by] {
                            Issue.record("frame \(frame) differs at \(x), \(y)")
                            return
                        }
                    } else if full[fx + x, fy + y] != background {
                        Issue.record("frame \(frame) draws at \(x), \(y), outside the box")
                        return
                    }
                }
            }
        }
        // --crop takes a rectangle of the canvas in points.
        let cropped = folder.appendingPathComponent("crop.png")
        #expect(try sparks("render", "fire", "--at", "1", "--width", "400", "--crop", "200,100,400,300", "--out", cropped.path).status == 0)
        let c = try PixelImage(contentsOfPNG: cropped.path)
        #expect(c.width == 200 && c.height == 150)
        for bad in ["1,2,3", "0,0,1e300,10", "0,0,-5,10"] {
            #expect(
                try sparks("render", "fire", "--crop", bad, "--out", cropped.path).error.contains("--crop must be X,Y,WIDTH,HEIGHT"),
                "\(bad)")
        }
        #expect(try sparks("render", "fire", "--crop", "5000,5000,10,10", "--out", cropped.path).error.contains("outside the canvas"))
    }

    @Test("--loop writes one loop length of frames, named as a seamless loop; a loop that cannot close says why")
    func loopFrames() throws {
        let folder = try temporaryFolder()
        let result = try sparks(
            "render", "recipe-burst", "--loop", "--fps", "10", "--width", "100", "--out", folder.appendingPathComponent("loop").path)
        #expect(result.status == 0, "\(result.error)")
        #expect(
            result.output.contains("wrote 15 frames of recipe-burst") && result.output.contains("a seamless loop of 1.5 s"),
            "\(result.output)")
        let short = try sparks("render", "recipe-burst", "--loop", "--loop-length", "0.5", "--out", folder.appendingPathComponent("x").path)
        #expect(short.status != 0 && short.error.contains("shorter than the longest particle life"), "\(short.error)")
    }
}
