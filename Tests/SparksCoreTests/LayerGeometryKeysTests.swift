import Foundation
import SparksCore
import Testing

/// Decodes a preset given as JSON text with its images from the repository's assets.
private func decode(_ json: String) throws -> SceneDescription {
    let decoder = PresetDecoder(fileName: "test.json", resolver: ResourceResolver(roots: [repositoryRoot.appendingPathComponent("assets")]))
    return try decoder.decode(Array(json.utf8), defaultName: "test").get()
}

/// Where a point of a layer lands on the canvas.
private func canvasPoint(_ layer: Layer, _ x: Double, _ y: Double) -> Point {
    layer.transformToCanvas.apply(to: Point(x: x, y: y))
}

private func close(_ a: Point, _ b: Point, _ tolerance: Double = 1e-9) -> Bool {
    abs(a.x - b.x) <= tolerance && abs(a.y - b.y) <= tolerance
}

@Suite("CALayer geometry keys: sublayerTransform, anchorPointZ, frame, geometryFlipped")
struct LayerGeometryKeysTests {
    /// A 100 × 100 parent at (200, 200) with one 10 × 10 child at (80, 20), named "child".
    private func tree(parent: String) throws -> Scene {
        Scene(
            try decode(
                """
                { "layers": [ { "name": "parent", "position": [200, 200], "bounds": [0, 0, 100, 100], \(parent)
                    "sublayers": [ { "name": "child", "position": [80, 20], "bounds": [0, 0, 10, 10] } ] } ] }
                """))
    }

    @Test("sublayerTransform turns the sublayers about the layer's anchor point, not the layer itself")
    func sublayerTransformRotates() throws {
        let scene = try tree(parent: #""sublayerTransform": [{"rotate": 1.5707963267948966}],"#)
        let child = try #require(scene.layer(named: "child"))
        // The child's centre (80, 20) is (30, −30) from the parent's centre (50, 50); a quarter
        // turn (y down) takes it to (30, 30): parent point (80, 80), canvas (230, 230).
        #expect(close(canvasPoint(child, 5, 5), Point(x: 230, y: 230)))
        let parent = try #require(scene.layer(named: "parent"))
        #expect(close(canvasPoint(parent, 0, 0), Point(x: 150, y: 150)))
    }

    @Test("sublayerTransform.m34 gives the sublayers perspective: a point in front of the plane moves out from the centre")
    func sublayerPerspective() throws {
        let scene = try tree(parent: #""sublayerTransform": [{"perspective": 500}],"#)
        let child = try #require(scene.layer(named: "child"))
        // Without depth nothing changes: z = 0 stays put.
        #expect(close(canvasPoint(child, 5, 5), Point(x: 230, y: 170)))
        try scene.setValue(.number(100), forKeyPath: "child.zPosition")
        // z = 100 towards the viewer at eye distance 500: offsets from the centre grow by 500/400.
        let p = canvasPoint(child, 5, 5)
        #expect(close(p, Point(x: 200 + 30 * 1.25, y: 200 - 30 * 1.25), 1e-6), "\(p)")
        // The key path sets one element of the matrix.
        try scene.setValue(.number(-1.0 / 250), forKeyPath: "parent.sublayerTransform.m34")
        #expect(try scene.value(forKeyPath: "parent.sublayerTransform.m34") == .number(-1.0 / 250))
        let q = canvasPoint(child, 5, 5)
        #expect(close(q, Point(x: 200 + 30 * 250 / 150, y: 200 - 30 * 250 / 150), 1e-6), "\(q)")
    }

    @Test("anchorPointZ is where a rotation about y pivots in depth")
    func anchorPointZ() throws {
        let scene = Scene(
            try decode(
                """
                { "layers": [ { "name": "card", "position": [100, 100], "bounds": [0, 0, 40, 40], "anchorPointZ": 20,
                    "transform": [{"rotate": {"angle": 3.141592653589793, "axis": [0, 1, 0]}}] } ] }
                """))
        let card = try #require(scene.layer(named: "card"))
        // The anchor (20, 20, 20) sits at (position, zPosition): the layer's plane starts 20
        // behind it. Half a turn about the vertical axis through the anchor brings the plane
        // to 20 in front, mirrored about its centre.
        let m = card.transformToCanvas
        let centre = m.apply(to: Point(x: 20, y: 20))
        #expect(close(centre, Point(x: 100, y: 100), 1e-9))
        #expect(abs(m.m43 - 20) < 1e-9, "z of the layer plane after the turn: \(m.m43)")
        try scene.setValue(.transform(.identity), forKeyPath: "card.transform")
        #expect(abs(card.transformToCanvas.m43 + 20) < 1e-9)
        #expect(close(m.apply(to: Point(x: 0, y: 20)), Point(x: 120, y: 100), 1e-9))
    }

    @Test("frame sets the size of bounds and the position that puts the anchor point inside it; reading it gives it back")
    func frame() throws {
        let scene = Scene(
            try decode(
                """
                { "layers": [ { "name": "box", "anchorPoint": [0, 1], "frame": [10, 20, 100, 50] } ] }
                """))
        let box = try #require(scene.layer(named: "box"))
        #expect(box.properties.bounds == Rect(x: 0, y: 0, width: 100, height: 50))
        #expect(box.properties.position == Point(x: 10, y: 70))
        #expect(try scene.value(forKeyPath: "box.frame") == .vector([10, 20, 100, 50]))
        try scene.setValue(.number(30), forKeyPath: "box.frame.origin.x")
        #expect(box.properties.position == Point(x: 30, y: 70))
    }

    @Test("geometryFlipped measures sublayer positions from the bottom edge, and keeps their images upright")
    func geometryFlipped() throws {
        let scene = try tree(parent: #""geometryFlipped": true,"#)
        let child = try #require(scene.layer(named: "child"))
        // y = 20 from the bottom of the 100-point-tall parent: parent y 80, canvas 230.
        #expect(close(canvasPoint(child, 5, 5), Point(x: 230, y: 230)))
        // Two flips cancel.
        let nested = Scene(
            try decode(
                """
                { "layers": [ { "position": [200, 200], "bounds": [0, 0, 100, 100], "geometryFlipped": true,
                    "sublayers": [ { "position": [50, 50], "bounds": [0, 0, 100, 100], "geometryFlipped": true,
                      "sublayers": [ { "name": "inner", "position": [80, 20], "bounds": [0, 0, 10, 10] } ] } ] } ] }
                """))
        #expect(close(canvasPoint(try #require(nested.layer(named: "inner")), 5, 5), Point(x: 230, y: 170)))
    }

    @Test("The contents of a layer under a flipped superlayer are drawn upright")
    func flippedContentsUpright() throws {
        func contentsTransform(_ flipped: Bool) throws -> Transform3D {
            let scene = Scene(
                try decode(
                    """
                    { "layers": [ { "position": [50, 50], "bounds": [0, 0, 100, 100], "geometryFlipped": \(flipped),
                        "sublayers": [ { "position": [50, 50], "bounds": [0, 0, 20, 20], "contents": "spark.png" } ] } ] }
                    """))
            var list = RenderList()
            scene.buildRenderList(into: &list)
            return try #require(list.batches.first { $0.texture != nil }).transform
        }
        let plain = try contentsTransform(false), flipped = try contentsTransform(true)
        // The image's top edge (y = 0 in the layer) is above its bottom edge on the canvas either way.
        for m in [plain, flipped] {
            #expect(m.apply(to: Point(x: 10, y: 0)).y < m.apply(to: Point(x: 10, y: 20)).y)
        }
    }
}

@Suite("Transform key paths and value functions")
struct TransformKeyPathTests {
    @Test("transform.scale.xy scales x and y and leaves z; transform.rotation is about z; transform.translation is [x, y]")
    func keyPaths() throws {
        let scale = present([basic("transform.scale.xy", from: .number(1), to: .number(3))], at: 0.5)
        let s = scale.layer.transform
        #expect(abs(s.m11 - 2) < 1e-9 && abs(s.m22 - 2) < 1e-9 && abs(s.m33 - 1) < 1e-9)
        let rotation = present([basic("transform.rotation", from: .number(0), to: .number(.pi))], at: 0.5)
        #expect(abs(TransformComponentReader.rotationZ(rotation.layer.transform) - .pi / 2) < 1e-9)
        let move = present([basic("transform.translation", from: .vector([0, 0]), to: .vector([10, -20]))], at: 0.5)
        #expect(move.layer.transform.m41 == 5 && move.layer.transform.m42 == -10)
    }

    /// A layer's transform half-way through a 1-second animation of `transform` with a value function.
    private func halfway(_ function: String, from: String, to: String) throws -> Transform3D {
        let scene = Scene(
            try decode(
                """
                { "layers": [ { "name": "l", "position": [0, 0], "bounds": [0, 0, 10, 10], "animations": [
                    { "type": "basic", "keyPath": "transform", "valueFunction": "\(function)", "fromValue": \(from), "toValue": \(to), "duration": 1 } ] } ] }
                """))
        let layer = try #require(scene.layer(named: "l"))
        return layer.presentationState(atLocalTime: 0.5).layer.transform
    }

    @Test("Each value function builds its transform from the interpolated numbers")
    func valueFunctions() throws {
        let quarter = Double.pi / 2
        #expect(try halfway("rotateZ", from: "0", to: "\(Double.pi)").isClose(to: .rotation(quarter, 0, 0, 1)))
        #expect(try halfway("rotateX", from: "0", to: "\(Double.pi)").isClose(to: .rotation(quarter, 1, 0, 0)))
        #expect(try halfway("rotateY", from: "0", to: "\(Double.pi)").isClose(to: .rotation(quarter, 0, 1, 0)))
        #expect(try halfway("scale", from: "[1, 1, 1]", to: "[3, 5, 7]").isClose(to: .scale(2, 3, 4)))
        #expect(try halfway("scaleX", from: "1", to: "3").isClose(to: .scale(2, 1, 1)))
        #expect(try halfway("scaleY", from: "1", to: "3").isClose(to: .scale(1, 2, 1)))
        #expect(try halfway("scaleZ", from: "1", to: "3").isClose(to: .scale(1, 1, 2)))
        #expect(try halfway("translate", from: "[0, 0, 0]", to: "[10, 20, 30]").isClose(to: .translation(5, 10, 15)))
        #expect(try halfway("translateX", from: "0", to: "10").isClose(to: .translation(5, 0, 0)))
        #expect(try halfway("translateY", from: "0", to: "10").isClose(to: .translation(0, 5, 0)))
        #expect(try halfway("translateZ", from: "0", to: "10").isClose(to: .translation(0, 0, 5)))
    }

    @Test("A rotation of more than half a turn keeps turning the long way, which interpolating matrices cannot")
    func fullTurn() throws {
        // 0 → 2π half-way is a half turn; matrices at 0 and 2π are equal and would not move.
        let m = try halfway("rotateZ", from: "0", to: "\(2 * Double.pi)")
        #expect(m.isClose(to: .rotation(.pi, 0, 0, 1)))
    }

    @Test("A value function needs a transform key path, and its values are checked as its inputs")
    func valueFunctionErrors() throws {
        let fixture = try PresetFixture()
        let wrongPath = fixture.diagnostics(
            #"{"layers": [{"animations": [{"type": "basic", "keyPath": "opacity", "valueFunction": "rotateZ", "toValue": 1}]}]}"#)
        #expect(wrongPath.first?.message.contains("whole transform") == true)
        let wrongValue = fixture.diagnostics(
            #"{"layers": [{"animations": [{"type": "basic", "keyPath": "transform", "valueFunction": "scale", "toValue": 2}]}]}"#)
        #expect(wrongValue.first?.path == "layers[0].animations[0].toValue")
        #expect(wrongValue.first?.message.contains("[x, y, z]") == true)
    }
}

extension Transform3D {
    func isClose(to other: Transform3D, tolerance: Double = 1e-9) -> Bool {
        zip(rowMajor, other.rowMajor).allSatisfy { abs($0 - $1) <= tolerance }
    }
}

@Suite("Layer contents placement: contentsGravity, contentsRect, contentsCenter")
struct ContentsPlacementTests {
    /// The contents quads of a 100 × 60 layer whose bounds coincide with the canvas, drawing
    /// the 16 × 16 spark image with the given keys, as (x0, y0, x1, y1, u0, v0, u1, v1).
    private func pieces(_ keys: String) throws -> [[Float]] {
        let scene = Scene(
            try decode(
                """
                { "layers": [ { "position": [50, 30], "bounds": [0, 0, 100, 60], "contents": "spark.png", \(keys) } ] }
                """))
        var list = RenderList()
        scene.buildRenderList(into: &list)
        return list.quads.map { q in
            [q.centerX - q.halfWidth, q.centerY - q.halfHeight, q.centerX + q.halfWidth, q.centerY + q.halfHeight, q.u0, q.v0, q.u1, q.v1]
        }
    }

    @Test(
        "Each gravity places the image as iOS shows it (the top gravities at the bottom edge, as on iOS)",
        arguments: [
            ("resize", [0, 0, 100, 60]), ("resizeAspect", [20, 0, 80, 60]), ("resizeAspectFill", [0, -20, 100, 80]),
            ("center", [42, 22, 58, 38]), ("left", [0, 22, 16, 38]), ("right", [84, 22, 100, 38]),
            ("top", [42, 44, 58, 60]), ("bottom", [42, 0, 58, 16]),
            ("topLeft", [0, 44, 16, 60]), ("topRight", [84, 44, 100, 60]),
            ("bottomLeft", [0, 0, 16, 16]), ("bottomRight", [84, 0, 100, 16]),
        ] as [(String, [Float])])
    func gravity(name: String, rect: [Float]) throws {
        let quads = try pieces(#""contentsGravity": "\#(name)""#)
        #expect(quads.count == 1)
        #expect(Array(quads[0][0..<4]) == rect)
        #expect(Array(quads[0][4..<8]) == [0, 0, 1, 1])
    }

    @Test("contentsScale sets the natural size the position gravities use")
    func contentsScale() throws {
        #expect(try Array(pieces(#""contentsGravity": "center", "contentsScale": 2"#)[0][0..<4]) == [46, 26, 54, 34])
    }

    @Test("contentsRect draws part of the image, and its size is the natural size")
    func contentsRect() throws {
        let q = try pieces(#""contentsGravity": "bottomLeft", "contentsRect": [0.5, 0, 0.5, 0.25]"#)[0]
        #expect(Array(q[0..<4]) == [0, 0, 8, 4])
        #expect(Array(q[4..<8]) == [0.5, 0, 1, 0.25])
    }

    @Test("contentsCenter stretches the middle and keeps the edges at their natural size")
    func nineParts() throws {
        let quads = try pieces(#""contentsCenter": [0.25, 0.25, 0.5, 0.5]"#)
        #expect(quads.count == 9)
        // Corners are 4 × 4 points (a quarter of 16); the centre takes the rest.
        #expect(quads.contains([0, 0, 4, 4, 0, 0, 0.25, 0.25]))
        #expect(quads.contains([4, 4, 96, 56, 0.25, 0.25, 0.75, 0.75]))
        #expect(quads.contains([96, 56, 100, 60, 0.75, 0.75, 1, 1]))
        // Position gravities ignore contentsCenter.
        #expect(try pieces(#""contentsCenter": [0.25, 0.25, 0.5, 0.5], "contentsGravity": "center""#).count == 1)
    }

    @Test(
        "Spellings of gravities from iOS code",
        arguments: ["kCAGravityResizeAspect", ".resizeAspect", "CALayerContentsGravity.resizeAspect"])
    func spellings(spelling: String) throws {
        #expect(try Array(pieces(#""contentsGravity": "\#(spelling)""#)[0][0..<4]) == [20, 0, 80, 60])
    }
}

@Suite("Where a layer is on screen")
struct PresentedGeometryTests {
    @Test("The presented map to the canvas follows a turning layer; the model's does not")
    func presentedTransform() throws {
        var layer = LayerProperties(name: "ring")
        layer.bounds = Rect(x: 0, y: 0, width: 800, height: 600)
        layer.position = Point(x: 400, y: 300)
        let turn = basic("transform.rotation.z", from: .number(0), to: .number(.pi), duration: 2)
        var description = LayerDescription(kind: .emitter, properties: layer, emitter: EmitterProperties())
        description.animations = [turn]
        let scene = Scene(SceneDescription(name: "turn", layers: [description]))
        scene.run(until: 1)  // a quarter turn
        var list = RenderList()
        scene.buildRenderList(into: &list)
        let emitter = scene.emitterLayers[0]
        let model = emitter.transformToCanvas.apply(to: Point(x: 500, y: 300))
        let shown = emitter.presentedTransformToCanvas.apply(to: Point(x: 500, y: 300))
        #expect(abs(model.x - 500) < 1e-9 && abs(model.y - 300) < 1e-9)
        // A quarter turn clockwise about the centre takes (500, 300) to (400, 400).
        #expect(abs(shown.x - 400) < 1e-6 && abs(shown.y - 400) < 1e-6, "\(shown)")
    }
}
