import Foundation
import SparksRaster
import SparksSDL
import Testing

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
        let result = try sparks("render", "fire", "--sheet", "3x2", "--at", "1", "--fps", "10", "--width", "80", "--out", sheet.path)
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
}
