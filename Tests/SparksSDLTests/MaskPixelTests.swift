import Foundation
import SparksCore
import SparksRaster
import SparksSDL
import Testing

/// A 100 × 100 black canvas with one white layer filling it, masked by the layer given as a
/// JSON object (nil: unmasked), pictured at `seconds`.
private func masked(_ mask: String?, layerKeys: String = "", at seconds: Double = 0) throws -> PixelImage {
    let maskKey = mask.map { #", "mask": \#($0)"# } ?? ""
    let json = """
        { "canvas": { "width": 100, "height": 100, "background": "black" }, "layers": [
          { "position": [50, 50], "bounds": [0, 0, 100, 100], "backgroundColor": "white"\(layerKeys)\(maskKey) } ] }
        """
    let decoder = PresetDecoder(fileName: "test.json", resolver: ResourceResolver(roots: []))
    return try picture(Scene(try decoder.decode(Array(json.utf8), defaultName: "test").get()), at: seconds)
}

/// The summed brightness of the picture, in white pixels.
private func whiteness(_ image: PixelImage, x: Range<Int> = 0..<100, y: Range<Int> = 0..<100) -> Double {
    var sum = 0.0
    for j in y { for i in x { sum += Double(image[i, j].r) / 255 } }
    return sum
}

@Suite("Masks (CALayer's mask) as pixels")
struct MaskPixelTests {
    @Test("A layer keeps what its mask's alpha covers: a left half, a disc, nothing for an empty mask")
    func shapes() throws {
        #expect(whiteness(try masked(nil)) == 10_000)
        let half = try masked(#"{ "position": [25, 50], "bounds": [0, 0, 50, 100], "backgroundColor": "white" }"#)
        #expect(whiteness(half, x: 0..<50) == 5_000 && whiteness(half, x: 50..<100) == 0)
        let disc = try masked(
            #"{ "type": "shape", "position": [50, 50], "bounds": [0, 0, 100, 100], "path": [{ "oval": [20, 20, 60, 60] }], "fillColor": "red" }"#
        )
        #expect(abs(whiteness(disc) / (Double.pi * 900) - 1) < 0.01, "\(whiteness(disc))")
        #expect(whiteness(try masked(#"{ "bounds": [0, 0, 0, 0] }"#)) == 0)
    }

    @Test("Only the mask's alpha counts: a half-transparent mask halves the layer, whatever the mask's colour")
    func alphaOnly() throws {
        let image = try masked(#"{ "position": [50, 50], "bounds": [0, 0, 100, 100], "backgroundColor": [0, 0, 1, 0.5] }"#)
        let centre = image[50, 50]
        #expect(abs(Int(centre.r) - 128) <= 1 && centre.r == centre.g && centre.g == centre.b, "\(centre)")
    }

    @Test("A gradient mask fades the layer along it; the mask lies in the layer's coordinates and moves with it")
    func gradientAndGeometry() throws {
        let ramp = try masked(
            #"{ "type": "gradient", "position": [50, 50], "bounds": [0, 0, 100, 100], "colors": ["clear", "white"], "startPoint": [0, 0.5], "endPoint": [1, 0.5] }"#
        )
        #expect(ramp[2, 50].r < 10 && ramp[97, 50].r > 245)
        #expect(abs(Int(ramp[50, 50].r) - 128) <= 4, "\(ramp[50, 50])")
        // The layer moved right by 50 points takes its mask along: the mask's left half is the
        // canvas's right half.
        let moved = try masked(
            #"{ "position": [25, 50], "bounds": [0, 0, 50, 100], "backgroundColor": "white" }"#,
            layerKeys: #", "transform": [{ "translate": [50, 0, 0] }]"#
        )
        #expect(whiteness(moved, x: 50..<100) == 5_000 && whiteness(moved, x: 0..<50) == 0)
    }

    @Test("A mask's animations run in the layer's time: a mask sliding across uncovers the layer as it goes")
    func animatedMask() throws {
        let sliding = #"""
            { "position": [-50, 50], "bounds": [0, 0, 100, 100], "backgroundColor": "white",
              "animations": [{ "type": "basic", "keyPath": "position.x", "fromValue": -50, "toValue": 150, "duration": 2 }] }
            """#
        #expect(whiteness(try masked(sliding, at: 0)) == 0)
        #expect(abs(whiteness(try masked(sliding, at: 0.5)) - 5_000) <= 100)
        #expect(abs(whiteness(try masked(sliding, at: 1)) - 10_000) <= 100)
    }

    @Test("A masked layer's opacity and sublayers: the sublayers are masked too, and the whole fades once")
    func sublayersAndOpacity() throws {
        let keys = #", "opacity": 0.5, "sublayers": [{ "position": [75, 50], "bounds": [0, 0, 50, 100], "backgroundColor": "red" }]"#
        let image = try masked(#"{ "position": [50, 25], "bounds": [0, 0, 100, 50], "backgroundColor": "white" }"#, layerKeys: keys)
        #expect(image[25, 75].r == 0 && image[75, 75].r == 0, "the bottom half is masked off")
        #expect(abs(Int(image[25, 25].r) - 128) <= 1 && abs(Int(image[25, 25].g) - 128) <= 1)
        #expect(abs(Int(image[75, 25].r) - 128) <= 1 && image[75, 25].g == 0)
    }
}
