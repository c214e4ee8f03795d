import Foundation
import SparksCore
import SparksRaster
import SparksSDL
import Testing

/// A 100 × 100 black canvas with shape layers given as JSON objects' keys (bounds the whole
/// canvas unless given), pictured at `seconds`.
private func shapes(_ layers: String..., at seconds: Double = 0) throws -> PixelImage {
    let objects = layers.map { keys in
        let frame = keys.contains(#""bounds""#) ? "" : #""position": [50, 50], "bounds": [0, 0, 100, 100], "#
        return #"{ "type": "shape", \#(frame)\#(keys) }"#
    }
    let json = #"{ "canvas": { "width": 100, "height": 100, "background": "black" }, "layers": [\#(objects.joined(separator: ", "))] }"#
    let decoder = PresetDecoder(fileName: "test.json", resolver: ResourceResolver(roots: [repositoryRoot.appendingPathComponent("assets")]))
    return try picture(Scene(try decoder.decode(Array(json.utf8), defaultName: "test").get()), at: seconds)
}

/// The summed coverage of white on black, in pixels (each pixel's red over 255).
private func coverage(_ image: PixelImage, x: Range<Int> = 0..<100, y: Range<Int> = 0..<100) -> Double {
    var sum = 0.0
    for j in y { for i in x { sum += Double(image[i, j].r) / 255 } }
    return sum
}

/// A white stroke with no fill.
private func stroke(_ path: String, _ keys: String = "") -> String {
    #""path": \#(path), "fillColor": "clear", "strokeColor": "white"\#(keys.isEmpty ? "" : ", " + keys)"#
}

@Suite("Shape layers (CAShapeLayer) as pixels")
struct ShapePixelTests {
    @Test("A filled rectangle on whole pixels covers exactly its pixels; a disc covers πr² with soft edges")
    func fillCoverage() throws {
        let square = try shapes(#""path": [{ "rect": [20, 30, 40, 25] }], "fillColor": "white""#)
        #expect(abs(coverage(square) - 1000) < 0.5)
        #expect(square[20, 30].r == 255 && square[59, 54].r == 255 && square[19, 30].r == 0 && square[60, 54].r == 0)
        let disc = try shapes(#""path": [{ "oval": [20, 20, 60, 60] }], "fillColor": "white""#)
        #expect(abs(coverage(disc) / (Double.pi * 900) - 1) < 0.005, "\(coverage(disc))")
        var partial = 0
        for j in 0..<100 { for i in 0..<100 where disc[i, j].r > 10 && disc[i, j].r < 245 { partial += 1 } }
        #expect(partial > 100, "anti-aliased edge pixels: \(partial)")
    }

    @Test(
        "Fill rules: a square inside a square wound the same way is filled under non-zero and a hole under even-odd; wound the other way, a hole under both"
    )
    func fillRules() throws {
        let sameWay = #""M 10 10 H 90 V 90 H 10 Z M 30 30 H 70 V 70 H 30 Z""#
        let otherWay = #""M 10 10 H 90 V 90 H 10 Z M 30 30 V 70 H 70 V 30 Z""#
        let nonZero = try shapes(#""path": \#(sameWay), "fillColor": "white""#)
        let evenOdd = try shapes(#""path": \#(sameWay), "fillColor": "white", "fillRule": "even-odd""#)
        let reversed = try shapes(#""path": \#(otherWay), "fillColor": "white""#)
        #expect(nonZero[50, 50].r == 255 && nonZero[20, 20].r == 255)
        #expect(evenOdd[50, 50].r == 0 && evenOdd[20, 20].r == 255)
        #expect(reversed[50, 50].r == 0 && reversed[20, 20].r == 255)
        #expect(abs(coverage(evenOdd) - (6400 - 1600)) < 0.5)
    }

    @Test(
        "strokeEnd 0.25 and 0.5 of an oval (from 3 o'clock, clockwise on screen) cover a quarter and a half of the ring",
        arguments: [0.25, 0.5])
    func strokeEnd(_ end: Double) throws {
        let whole = try shapes(stroke(#"[{ "oval": [20, 20, 60, 60] }]"#, #""lineWidth": 4"#))
        let part = try shapes(stroke(#"[{ "oval": [20, 20, 60, 60] }]"#, #""lineWidth": 4, "strokeEnd": \#(end)"#))
        #expect(abs(coverage(whole) / (2 * Double.pi * 30 * 4) - 1) < 0.01, "\(coverage(whole))")
        #expect(abs(coverage(part) / coverage(whole) - end) < 0.01, "\(coverage(part) / coverage(whole))")
        // On the ring (radius 30 about (50, 50)) at an angle, clockwise from +x.
        func lit(_ degrees: Double) -> Bool {
            let a = degrees * Double.pi / 180
            return part[Int(50 + 30 * cos(a)), Int(50 + 30 * sin(a))].r > 200
        }
        #expect(lit(10) && lit(80))
        #expect(lit(170) == (end == 0.5))
        #expect(!lit(200) && !lit(280))
    }

    @Test("strokeStart trims the start: 0.5…1 lights the top half of the oval, not the bottom")
    func strokeStart() throws {
        let image = try shapes(stroke(#"[{ "oval": [20, 20, 60, 60] }]"#, #""lineWidth": 4, "strokeStart": 0.5"#))
        #expect(image[50, 20].r > 200 && image[50, 79].r < 10)
    }

    @Test("Dashes: [10, 10] lights 10 pixels and skips 10 along a line; lineDashPhase shifts the pattern back")
    func dashes() throws {
        let line = #""M 10 50 L 90 50""#
        let plain = try shapes(stroke(line, #""lineWidth": 4, "lineDashPattern": [10, 10]"#))
        for x in 10..<20 { #expect(plain[x, 49].r == 255) }
        for x in 20..<30 { #expect(plain[x, 49].r == 0) }
        #expect(plain[35, 49].r == 255 && plain[85, 49].r == 0)
        #expect(abs(coverage(plain) - 4 * 40) < 0.5)
        let shifted = try shapes(stroke(line, #""lineWidth": 4, "lineDashPattern": [10, 10], "lineDashPhase": 5"#))
        #expect(shifted[12, 49].r == 255 && shifted[17, 49].r == 0 && shifted[27, 49].r == 255)
        // An odd count repeats: dash 10, gap 5, dash 5, gap 10, dash 5, gap 5, …
        let odd = try shapes(stroke(line, #""lineWidth": 4, "lineDashPattern": [10, 5, 5]"#))
        #expect(odd[22, 49].r == 0 && odd[27, 49].r == 255 && odd[32, 49].r == 0 && odd[42, 49].r == 255)
    }

    @Test("Caps: butt stops at the end, square reaches half the width beyond, round adds half a disc at each end")
    func caps() throws {
        let line = #""M 30 50 L 70 50""#
        let butt = try shapes(stroke(line, #""lineWidth": 10"#))
        let square = try shapes(stroke(line, #""lineWidth": 10, "lineCap": "square""#))
        let round = try shapes(stroke(line, #""lineWidth": 10, "lineCap": "kCALineCapRound""#))
        #expect(abs(coverage(butt) - 400) < 0.5)
        #expect(abs(coverage(square) - 500) < 0.5)
        #expect(abs(coverage(round) - (400 + Double.pi * 25)) < 1, "\(coverage(round))")
        #expect(butt[28, 50].r == 0 && square[28, 50].r == 255 && round[26, 50].r == 255 && round[25, 45].r < 40)
    }

    @Test(
        "Joins at a right angle: a miter adds the corner square, round a quarter disc, bevel a triangle; a miter past miterLimit is bevelled"
    )
    func joins() throws {
        let corner = #""M 20 80 L 20 20 L 80 20""#
        func area(_ keys: String) throws -> Double { coverage(try shapes(stroke(corner, #""lineWidth": 10, \#(keys)"#))) }
        let base = 2 * 60 * 10 - 25.0  // the two legs, their overlap at the corner counted once
        let miter = try area(#""lineJoin": "miter""#), round = try area(#""lineJoin": "round""#), bevel = try area(#""lineJoin": "bevel""#)
        #expect(abs(miter - (base + 25)) < 0.5, "\(miter)")
        #expect(abs(round - (base + Double.pi * 25 / 4)) < 0.5, "\(round)")
        #expect(abs(bevel - (base + 12.5)) < 0.5, "\(bevel)")
        // A right angle's miter is √2 line widths long: a limit of 1.4 bevels it.
        #expect(abs(try area(#""lineJoin": "miter", "miterLimit": 1.4"#) - bevel) < 0.5)
    }

    @Test("A closed path's stroke joins at its start; an open one gets caps there")
    func closedJoin() throws {
        let closed = try shapes(stroke(#""M 20 20 H 80 V 80 H 20 Z""#, #""lineWidth": 10"#))
        #expect(closed[16, 16].r == 255)  // the mitered corner at the start
        let open = try shapes(stroke(#""M 20 20 H 80 V 80 H 20 V 20""#, #""lineWidth": 10"#))
        #expect(open[16, 16].r == 0)
    }

    @Test("strokeEnd animates: half-way through 0 → 1 the stroke is half drawn; the path morphs between two rectangles")
    func animated() throws {
        let growing = try shapes(
            stroke(
                #""M 10 50 L 90 50""#,
                #""lineWidth": 4, "animations": [{ "type": "basic", "keyPath": "strokeEnd", "fromValue": 0, "toValue": 1, "duration": 4 }]"#
            ),
            at: 2)
        #expect(abs(coverage(growing) - 4 * 40) < 1, "\(coverage(growing))")
        let morph = try shapes(
            #""path": [{ "rect": [40, 40, 20, 20] }], "fillColor": "white", "animations": [{ "type": "basic", "keyPath": "path", "fromValue": [{ "rect": [40, 40, 20, 20] }], "toValue": [{ "rect": [10, 10, 80, 80] }], "duration": 4 }]"#,
            at: 2)
        #expect(abs(coverage(morph) - 50 * 50) < 1, "\(coverage(morph))")
    }

    @Test("Fill is drawn under the stroke, and colours and opacity apply as to any layer")
    func fillUnderStroke() throws {
        let image = try shapes(
            #""path": [{ "rect": [20, 20, 60, 60] }], "fillColor": "red", "strokeColor": [0, 0, 1, 1], "lineWidth": 10, "opacity": 0.5"#)
        #expect(image[50, 50].r > 120 && image[50, 50].r < 135 && image[50, 50].b == 0)
        #expect(image[20, 50].b > 120 && image[20, 50].b < 135 && image[20, 50].r == 0)
        #expect(image[16, 50].b > 120 && image[16, 50].r == 0)
    }

    @Test("A shape in perspective stays anti-aliased and inside its projected box; masksToBounds clips the stroke")
    func projectedAndClipped() throws {
        let tilted = try shapes(
            #""path": [{ "rect": [20, 20, 60, 60] }], "fillColor": "white", "transform": [{ "rotate": { "angle": 0.6, "axis": [0, 1, 0] } }, { "perspective": 300 }]"#
        )
        #expect(tilted[50, 50].r == 255 && tilted[2, 50].r == 0 && coverage(tilted) > 1500 && coverage(tilted) < 3600)
        let clipped = try shapes(
            stroke(#""M -20 50 L 120 50""#, #""lineWidth": 10, "masksToBounds": true, "bounds": [0, 0, 60, 100], "position": [50, 50]"#))
        #expect(clipped[25, 50].r == 255 && clipped[15, 50].r == 0 && clipped[85, 50].r == 0)
    }

    @Test("Path work counts against the covered-pixel budget: past it, further shapes are left out")
    func budget() throws {
        let json =
            #"{ "canvas": { "width": 100, "height": 100 }, "layers": [{ "type": "replicator", "position": [50, 50], "bounds": [0, 0, 100, 100], "instanceCount": 1000, "sublayers": [{ "type": "shape", "position": [50, 50], "bounds": [0, 0, 100, 100], "path": [{ "oval": [0, 0, 100, 100] }] }] }] }"#
        let scene = Scene(
            try PresetDecoder(fileName: "t.json", resolver: ResourceResolver(roots: [])).decode(Array(json.utf8), defaultName: "t").get())
        var list = RenderList()
        scene.buildRenderList(into: &list)
        list.maxCoveredPixels = 100_000
        let builder = DrawListBuilder()
        var draw = DrawList()
        builder.build(list, width: 100, height: 100, into: &draw)
        // Each disc visits its 100 × 100 box: about ten fit in the budget.
        #expect(builder.droppedQuads >= 985 && builder.droppedQuads <= 991, "\(builder.droppedQuads)")
    }
}
