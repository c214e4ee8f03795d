import Foundation
import SparksCore
import SparksRaster
import SparksSDL
import Testing

/// A 200 × 200 white canvas with one layer given as JSON keys, pictured at time 0.
private func canvas(_ keys: String) throws -> PixelImage {
    let json = #"{ "canvas": { "width": 200, "height": 200, "background": "white" }, "layers": [{ \#(keys) }] }"#
    let decoder = PresetDecoder(fileName: "test.json", resolver: ResourceResolver(roots: [repositoryRoot.appendingPathComponent("assets")]))
    return try picture(Scene(try decoder.decode(Array(json.utf8), defaultName: "test").get()), at: 0)
}

/// How dark each pixel is (0 white … 1 black), by its green channel.
private func darkness(_ image: PixelImage, _ x: Int, _ y: Int) -> Double { 1 - Double(image[x, y].g) / 255 }

/// The total darkness and its centroid.
private func centroid(_ image: PixelImage) -> (mass: Double, x: Double, y: Double) {
    var mass = 0.0, sx = 0.0, sy = 0.0
    for y in 0..<200 {
        for x in 0..<200 {
            let d = darkness(image, x, y)
            mass += d
            sx += d * (Double(x) + 0.5)
            sy += d * (Double(y) + 0.5)
        }
    }
    return (mass, sx / max(mass, 1e-9), sy / max(mass, 1e-9))
}

/// A white 20 × 20 square centred at (60, 60): invisible on the white canvas but for its shadow.
private let square = #""position": [60, 60], "bounds": [0, 0, 20, 20], "backgroundColor": "white", "shadowOpacity": 1"#

@Suite("Shadows (CALayer shadowColor, shadowOpacity, shadowOffset, shadowRadius, shadowPath) as pixels")
struct ShadowPixelTests {
    @Test("shadowOffset moves the shadow by its width and height; radius 0 keeps its edges hard")
    func offset() throws {
        let image = try canvas(square + #", "shadowRadius": 0, "shadowOffset": [50, 40]"#)
        let c = centroid(image)
        #expect(abs(c.mass - 400) < 0.5 && abs(c.x - 110) < 0.01 && abs(c.y - 100) < 0.01, "\(c)")
        #expect(darkness(image, 100, 90) == 1 && darkness(image, 99, 90) == 0)
    }

    @Test(
        "shadowRadius r blurs the edge as a Gaussian of standard deviation r: half dark at the edge, 16 % and 84 % one r either side",
        arguments: [3.0, 6.0])
    func blur(_ radius: Double) throws {
        // A wide band, so that across its left edge the shadow is a blurred step.
        let image = try canvas(
            #""position": [100, 60], "bounds": [0, 0, 120, 120], "backgroundColor": "white", "shadowOpacity": 1, "shadowRadius": \#(radius), "shadowOffset": [0, 100]"#
        )
        // The band's shadow covers x 40…160, y 100…220: read along row 150.
        let r = Int(radius)
        func at(_ x: Int) -> Double { (darkness(image, x - 1, 150) + darkness(image, x, 150)) / 2 }  // at the pixel boundary x
        #expect(abs(at(40) - 0.5) < 0.03, "\(at(40))")
        #expect(abs(at(40 - r) - 0.159) < 0.03, "\(at(40 - r))")
        #expect(abs(at(40 + r) - 0.841) < 0.03, "\(at(40 + r))")
        #expect(darkness(image, 100, 150) > 0.99)
        let c = centroid(image)
        #expect(abs(c.x - 100) < 0.05, "\(c)")
    }

    @Test("The default offset is (0, −3): the shadow shows above the layer, not below")
    func defaultOffset() throws {
        let image = try canvas(square)
        #expect(darkness(image, 60, 48) > darkness(image, 60, 72) + 0.2, "\(darkness(image, 60, 48)) \(darkness(image, 60, 72))")
        var above = 0.0, below = 0.0
        for x in 40..<80 {
            for y in 30..<50 { above += darkness(image, x, y) }
            for y in 70..<90 { below += darkness(image, x, y) }
        }
        #expect(above > below * 3, "above \(above), below \(below)")
    }

    @Test("shadowColor and shadowOpacity paint the shadow; the layer's opacity fades it with the layer")
    func colourAndOpacity() throws {
        let red = try canvas(
            #""position": [60, 60], "bounds": [0, 0, 20, 20], "backgroundColor": "white", "shadowRadius": 0, "shadowOffset": [50, 0], "shadowColor": "red", "shadowOpacity": 0.5"#
        )
        #expect(red[110, 60].r == 255 && abs(Int(red[110, 60].g) - 128) <= 1 && abs(Int(red[110, 60].b) - 128) <= 1)
        let faded = try canvas(square + #", "shadowRadius": 0, "shadowOffset": [50, 0], "opacity": 0.5"#)
        #expect(abs(darkness(faded, 110, 60) - 0.5) < 0.01)
    }

    @Test("The shadow is cast by what the layer draws (its alpha), sublayers included, and drawn beneath it")
    func castByContent() throws {
        let image = try canvas(
            #""position": [60, 60], "bounds": [0, 0, 20, 20], "shadowOpacity": 1, "shadowRadius": 0, "shadowOffset": [10, 0], "sublayers": [{ "position": [10, 10], "bounds": [0, 0, 20, 20], "backgroundColor": "blue" }]"#
        )
        #expect(image[60, 60].b == 255 && image[60, 60].r == 0)  // the layer above its shadow
        #expect(darkness(image, 75, 60) == 1)  // the shadow beyond it
        #expect(darkness(image, 45, 60) == 0)
        let empty = try canvas(#""position": [60, 60], "bounds": [0, 0, 20, 20], "shadowOpacity": 1"#)
        #expect(centroid(empty).mass < 0.01)  // nothing drawn casts nothing
    }

    @Test("shadowPath casts its own shape instead of the layer's")
    func shadowPath() throws {
        let image = try canvas(
            #""position": [60, 60], "bounds": [0, 0, 20, 20], "shadowOpacity": 1, "shadowRadius": 0, "shadowOffset": [0, 0], "shadowPath": [{ "rect": [0, 0, 40, 10] }]"#
        )
        let c = centroid(image)
        #expect(abs(c.mass - 400) < 0.5 && abs(c.x - 70) < 0.01 && abs(c.y - 55) < 0.01, "\(c)")
    }

    @Test("A shadow is the same for any thread count")
    func threads() throws {
        let json =
            #"{ "canvas": { "width": 200, "height": 200, "background": "white" }, "layers": [{ \#(square), "shadowRadius": 7, "shadowOffset": [30, 70] }] }"#
        let description = try PresetDecoder(fileName: "t.json", resolver: ResourceResolver(roots: [])).decode(
            Array(json.utf8), defaultName: "t"
        ).get()
        var pictures: [[UInt8]] = []
        for threads in [1, 2, 3] {
            let scene = Scene(description)
            var list = RenderList()
            scene.buildRenderList(into: &list)
            let renderer = try OffscreenRenderer(width: 200, height: 200)
            renderer.threadCount = threads
            renderer.render(list)
            pictures.append(renderer.image().rgba)
        }
        #expect(pictures[0] == pictures[1] && pictures[0] == pictures[2])
    }
}
