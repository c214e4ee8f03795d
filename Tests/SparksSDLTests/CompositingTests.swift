import Foundation
import SparksCore
import SparksRaster
import SparksSDL
import Testing

/// Decodes a preset given as JSON text (images from assets/).
private func scene(_ json: String) throws -> Scene {
    let decoder = PresetDecoder(fileName: "test.json", resolver: ResourceResolver(roots: [repositoryRoot.appendingPathComponent("assets")]))
    return Scene(try decoder.decode(Array(json.utf8), defaultName: "test").get())
}

/// A 64 × 64 black canvas with one additive emitter at its centre whose 100 particles a second
/// stand still, white, on top of each other; `layer` adds keys to the emitter layer.
private func stackedParticles(layer: String) -> String {
    """
    { "canvas": { "width": 64, "height": 64, "background": "black" },
      "layers": [ { "type": "emitter", "position": [32, 32], "renderMode": "additive", "startup": "empty", \(layer)
        "emitterCells": [ { "name": "dot", "contents": "spark.png", "birthRate": 100, "lifetime": 100, "scale": 0.5 } ] } ] }
    """
}

/// A folder with `square.png`, 16 × 16 opaque white (a particle's pixels are then its colour).
private let squareFolder: URL = {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sparks-square-\(UUID().uuidString)")
    try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try? PixelImage(width: 16, height: 16, rgba: [UInt8](repeating: 255, count: 16 * 16 * 4))
        .writePNG(to: folder.appendingPathComponent("square.png").path)
    return folder
}()

private func squareScene(_ json: String) throws -> Scene {
    let decoder = PresetDecoder(fileName: "test.json", resolver: ResourceResolver(roots: [squareFolder]))
    return Scene(try decoder.decode(Array(json.utf8), defaultName: "test").get())
}

/// An additive emitter of orange particles, standing still at the centre of a 64 × 64 canvas of
/// `background`, `count` of them on top of each other; `below` is a layer drawn first.
private func additiveOver(_ background: String, count: Int, below: String = "") -> String {
    """
    { "canvas": { "width": 64, "height": 64, "background": "\(background)" },
      "layers": [ \(below) { "type": "emitter", "position": [32, 32], "renderMode": "additive", "startup": "empty",
        "emitterCells": [ { "name": "dot", "contents": "square.png", "birthRate": \(count * 60), "lifetime": 100,
          "color": [1, 0.5, 0, 1] } ] } ] }
    """
}

@Suite("Compositing as Core Animation does: group opacity, particles above the border")
struct CompositingTests {
    @Test("Additive particles add up among themselves and lie over a white view: orange, yellow where two overlap")
    func additiveOverWhite() throws {
        // One particle (born in the first step): its orange over the white, not white + orange.
        let one = try picture(try squareScene(additiveOver("white", count: 1)), at: 1.0 / 60)[32, 32]
        #expect(one.r == 255 && abs(Int(one.g) - 128) <= 1 && one.b == 0, "\(one)")
        // Two on top of each other add to yellow, still over the white.
        let two = try picture(try squareScene(additiveOver("white", count: 2)), at: 1.0 / 60)[32, 32]
        #expect(two.r == 255 && two.g == 255 && two.b == 0, "\(two)")
        // The same over a layer drawn first: the particles' sum lies over it.
        let overLayer = try picture(
            try squareScene(
                additiveOver("black", count: 1, below: #"{ "position": [32, 32], "bounds": [0, 0, 64, 64], "backgroundColor": "white" },"#)),
            at: 1.0 / 60)[32, 32]
        #expect(overLayer.r == 255 && abs(Int(overLayer.g) - 128) <= 1 && overLayer.b == 0, "\(overLayer)")
    }

    @Test("Over black, additive particles with their own image and straight onto the canvas are the same pixels")
    func additiveOverBlackIsUnchanged() throws {
        // A dark blue canvas differs: the sum lies over the blue instead of adding to it.
        let blue = try picture(try squareScene(additiveOver("#000040", count: 1)), at: 1.0 / 60)[32, 32]
        #expect(blue.r == 255 && abs(Int(blue.g) - 128) <= 1 && blue.b == 0, "\(blue)")
        let black = try picture(try squareScene(additiveOver("black", count: 2)), at: 1.0 / 60)[32, 32]
        #expect(black.r == 255 && black.g == 255 && black.b == 0 && black.a == 255, "\(black)")
    }

    @Test("An emitter at opacity 0.5 fades its saturated additive particles as one image: half as bright, not saturated")
    func groupOpacityCapsAdditiveParticles() throws {
        let opaque = try picture(try scene(stackedParticles(layer: "")), at: 1)
        let faded = try picture(try scene(stackedParticles(layer: #""opacity": 0.5,"#)), at: 1)
        // 100 particles added on top of each other saturate the centre.
        #expect(opaque[32, 32].r == 255)
        // Faded as a layer: the saturated image at half opacity over black.
        #expect(abs(Int(faded[32, 32].r) - 128) <= 1, "\(faded[32, 32])")
        #expect(abs(Int(faded[32, 32].g) - 128) <= 1)
    }

    @Test("allowsGroupOpacity false multiplies the opacity into every particle: the stack saturates again")
    func withoutGroupOpacity() throws {
        let perParticle = try picture(try scene(stackedParticles(layer: #""opacity": 0.5, "allowsGroupOpacity": false,"#)), at: 1)
        #expect(perParticle[32, 32].r == 255)
        // A lone particle's edge, where one particle's half-faded texel shows, is dimmer than opaque.
        let opaque = try picture(try scene(stackedParticles(layer: "")), at: 0.011)
        let single = try picture(try scene(stackedParticles(layer: #""opacity": 0.5, "allowsGroupOpacity": false,"#)), at: 0.011)
        #expect(opaque[32, 32].r > 0)
        #expect(abs(Int(single[32, 32].r) - Int(opaque[32, 32].r) / 2) <= 2, "\(single[32, 32]) vs \(opaque[32, 32])")
    }

    @Test("Sublayers that overlap fade as one: the overlap shows only the top layer at the group's opacity")
    func overlappingSublayers() throws {
        func centre(_ allowsGroup: Bool) throws -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
            let json = """
                { "canvas": { "width": 64, "height": 64, "background": "black" },
                  "layers": [ { "position": [32, 32], "bounds": [0, 0, 64, 64], "opacity": 0.5, "allowsGroupOpacity": \(allowsGroup),
                    "sublayers": [
                      { "position": [32, 32], "bounds": [0, 0, 40, 40], "backgroundColor": "red" },
                      { "position": [32, 32], "bounds": [0, 0, 20, 20], "backgroundColor": "blue" } ] } ] }
                """
            return try picture(try scene(json), at: 0)[32, 32]
        }
        let grouped = try centre(true)
        // Blue covers red inside the group; the group is half faded over black.
        #expect(grouped.r <= 1 && abs(Int(grouped.b) - 128) <= 1, "\(grouped)")
        // Each square on its own at half opacity: red shows through the half-transparent blue.
        let separate = try centre(false)
        #expect(abs(Int(separate.r) - 64) <= 2 && abs(Int(separate.b) - 128) <= 1, "\(separate)")
    }

    @Test("Group opacities nest: a layer at 0.5 inside one at 0.5 shows at a quarter")
    func nestedGroups() throws {
        let json = """
            { "canvas": { "width": 64, "height": 64, "background": "black" },
              "layers": [ { "position": [32, 32], "bounds": [0, 0, 64, 64], "opacity": 0.5,
                "sublayers": [
                  { "position": [32, 32], "bounds": [0, 0, 40, 40], "backgroundColor": "white", "opacity": 0.5,
                    "borderWidth": 4, "borderColor": "white" },
                  { "position": [5, 5], "bounds": [0, 0, 6, 6], "backgroundColor": "white" } ] } ] }
            """
        let image = try picture(try scene(json), at: 0)
        #expect(abs(Int(image[32, 32].g) - 64) <= 1, "\(image[32, 32])")
        #expect(abs(Int(image[14, 14].g) - 64) <= 1, "border over background, one image: \(image[14, 14])")
        #expect(abs(Int(image[5, 5].g) - 128) <= 1, "\(image[5, 5])")
    }

    @Test("A contents animation cross-fades: half-way, every pixel is the mean of the two images", arguments: [0.25, 0.5, 0.75])
    func contentsCrossFade(fraction: Double) throws {
        func layer(_ contents: String, animation: String = "") -> String {
            """
            { "canvas": { "width": 48, "height": 48, "background": "black" },
              "layers": [ { "position": [24, 24], "bounds": [0, 0, 40, 40], "contents": "\(contents)" \(animation) } ] }
            """
        }
        let from = try picture(try scene(layer("fire.png")), at: 0)
        let to = try picture(try scene(layer("snowflake.png")), at: 0)
        let animation =
            #", "animations": [ { "type": "basic", "keyPath": "contents", "fromValue": "fire.png", "toValue": "snowflake.png", "duration": 4 } ]"#
        let fading = try picture(try scene(layer("fire.png", animation: animation)), at: 4 * fraction)
        var worst = 0
        var differing = 0
        for y in 0..<48 {
            for x in 0..<48 {
                let a = from[x, y], b = to[x, y], m = fading[x, y]
                for (ca, cb, cm) in [(a.r, b.r, m.r), (a.g, b.g, m.g), (a.b, b.b, m.b)] {
                    let expected = Double(ca) * (1 - fraction) + Double(cb) * fraction
                    worst = max(worst, Int((Double(cm) - expected).magnitude.rounded(.up)))
                    if ca != cb { differing += 1 }
                }
            }
        }
        #expect(differing > 500, "the two images differ enough to tell a switch from a fade")
        #expect(worst <= 2, "largest difference from the weighted mean: \(worst)")
    }

    @Test("A cross-fade inside a faded layer is faded as one image: half of the unfaded cross-fade")
    func crossFadeInsideGroupOpacity() throws {
        func fading(opacity: Double) throws -> PixelImage {
            let json = """
                { "canvas": { "width": 48, "height": 48, "background": "black" },
                  "layers": [ { "position": [24, 24], "bounds": [0, 0, 40, 40], "contents": "fire.png", "opacity": \(opacity),
                    "animations": [ { "type": "basic", "keyPath": "contents", "fromValue": "fire.png", "toValue": "snowflake.png", "duration": 4 } ] } ] }
                """
            return try picture(try scene(json), at: 2)
        }
        let full = try fading(opacity: 1)
        let half = try fading(opacity: 0.5)
        var worst = 0
        for y in 0..<48 {
            for x in 0..<48 {
                worst = max(worst, abs(Int(half[x, y].r) - Int(full[x, y].r) / 2), abs(Int(half[x, y].b) - Int(full[x, y].b) / 2))
            }
        }
        #expect(worst <= 2, "largest difference from half the unfaded cross-fade: \(worst)")
    }

    @Test("An emitter's particles are drawn above its border")
    func particlesAboveBorder() throws {
        let json = """
            { "canvas": { "width": 64, "height": 64, "background": "black" },
              "layers": [ { "type": "emitter", "position": [32, 32], "bounds": [0, 0, 40, 40],
                "borderWidth": 10, "borderColor": "red", "backgroundColor": "green", "startup": "empty",
                "emitterPosition": [5, 20],
                "emitterCells": [ { "name": "dot", "contents": "spark.png", "birthRate": 100, "lifetime": 100, "scale": 0.3, "color": "blue" } ] } ] }
            """
        let image = try picture(try scene(json), at: 1)
        // The particles sit on the left border, at (12 + 5, 12 + 20).
        let onBorder = image[17, 32]
        #expect(onBorder.b > 200 && onBorder.r < 40, "\(onBorder)")
        // Elsewhere the border and background show.
        #expect(image[17, 16].r > 200)
        #expect(image[32, 32].g > 100)
    }

}
