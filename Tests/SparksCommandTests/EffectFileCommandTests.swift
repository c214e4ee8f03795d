import Foundation
import SparksRaster
import SparksSDL
import Testing

/// Effect files of other engines and Core Animation bundles through the commands a person
/// types: `sparks import`, `validate`, `render` and `export caml`.
@Suite("Effect files and .ca bundles on the command line")
struct EffectFileCommandTests {
    static let effectFiles = repositoryRoot.appendingPathComponent("Tests/EffectFiles")

    @Test(
        "import of a Particle Designer file writes the preset and the image it carries; a different image of that name is never overwritten"
    )
    func importWritesImages() throws {
        let folder = try temporaryFolder()
        let out = folder.appendingPathComponent("boom.json")
        let result = try sparks("import", Self.effectFiles.appendingPathComponent("explosion.plist").path, "--out", out.path)
        #expect(result.status == 0, "\(result.error)")
        #expect(result.error.contains("wrote image"), "\(result.error)")
        let image = folder.appendingPathComponent("explosion.png")
        let written = try Data(contentsOf: image)
        #expect(written.starts(with: [0x89, 0x50, 0x4E, 0x47]), "the image inside the file is written as a PNG")
        let validate = try sparks("validate", out.path)
        #expect(validate.status == 0, "\(validate.output)\(validate.error)")

        // The same import again into the folder: the same image is kept; a different one refused.
        #expect(try sparks("import", Self.effectFiles.appendingPathComponent("explosion.plist").path, "--out", out.path).status == 0)
        try Data([1, 2, 3]).write(to: image)
        let refused = try sparks("import", Self.effectFiles.appendingPathComponent("explosion.plist").path, "--out", out.path)
        #expect(refused.status != 0 && refused.error.contains("is a different image"), "\(refused.error)")
        #expect(try Data(contentsOf: image) == Data([1, 2, 3]))
    }

    @Test("validate and render open a SpriteKit file by its content; a scene file is named as one")
    func openByContent() throws {
        let folder = try temporaryFolder()
        // A SpriteKit file under another extension is still read as one.
        let renamed = folder.appendingPathComponent("fire.particles")
        try FileManager.default.copyItem(at: Self.effectFiles.appendingPathComponent("FireParticles.sks"), to: renamed)
        try FileManager.default.copyItem(
            at: Self.effectFiles.appendingPathComponent("spark.png"), to: folder.appendingPathComponent("spark.png"))
        let validate = try sparks("validate", renamed.path)
        #expect(validate.status == 0, "\(validate.output)\(validate.error)")
        let png = folder.appendingPathComponent("fire.png")
        let render = try sparks("render", renamed.path, "--at", "1", "--out", png.path)
        #expect(render.status == 0, "\(render.error)")
        let image = try PixelImage(contentsOfPNG: png.path)
        #expect(image.rgba.contains { $0 > 40 }, "the fire draws")

        let scene = try sparks("validate", Self.effectFiles.appendingPathComponent("GameScene.sks").path)
        #expect(scene.status != 0)
        #expect((scene.output + scene.error).contains("scene, not a particle emitter"), "\(scene.output)\(scene.error)")
    }

    @Test("export caml writes a .ca bundle that renders exactly as the preset; an extension iOS lacks is refused with the fix")
    func exportCAML() throws {
        let folder = try temporaryFolder()
        let bundle = folder.appendingPathComponent("Fire.ca")
        let export = try sparks("export", "caml", "fire", "--out", bundle.path)
        #expect(export.status == 0, "\(export.error)")
        for file in ["main.caml", "index.xml", "assets/fire.png"] {
            #expect(FileManager.default.fileExists(atPath: bundle.appendingPathComponent(file).path), "\(file) is missing")
        }
        let fromPreset = folder.appendingPathComponent("preset.png"), fromBundle = folder.appendingPathComponent("bundle.png")
        #expect(try sparks("render", "fire", "--at", "1.5", "--out", fromPreset.path).status == 0)
        let render = try sparks("render", bundle.path, "--at", "1.5", "--out", fromBundle.path)
        #expect(render.status == 0, "\(render.error)")
        #expect(try Data(contentsOf: fromPreset) == Data(contentsOf: fromBundle), "the bundle draws what the preset draws")

        // --format spelling, into a folder that is not a bundle: refused, nothing written.
        let occupied = folder.appendingPathComponent("occupied")
        try FileManager.default.createDirectory(at: occupied, withIntermediateDirectories: true)
        let refused = try sparks("export", "--format", "caml", "fire", "--out", occupied.path)
        #expect(refused.status != 0 && refused.error.contains("is not a .ca bundle"), "\(refused.error)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: occupied.path).isEmpty)

        // A SpriteKit effect uses the flat-fan extension: refused, saying how to export it.
        let imported = folder.appendingPathComponent("sk.json")
        #expect(try sparks("import", Self.effectFiles.appendingPathComponent("Fire.sks").path, "--out", imported.path).status == 0)
        let extensionRefused = try sparks("export", "caml", imported.path, "--out", folder.appendingPathComponent("sk.ca").path)
        #expect(extensionRefused.status != 0 && extensionRefused.error.contains("emissionFan"), "\(extensionRefused.error)")
    }
}
