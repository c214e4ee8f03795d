import Foundation
import SparksCore
import Testing

/// Decodes a preset given as JSON text (no images).
private func decode(_ json: String) -> Result<SceneDescription, PresetError> {
    PresetDecoder(fileName: "test.json", resolver: ResourceResolver(roots: [])).decode(Array(json.utf8), defaultName: "test")
}

private func near(_ p: Point, _ x: Double, _ y: Double) -> Bool { abs(p.x - x) < 1e-9 && abs(p.y - y) < 1e-9 }

@Suite("Paths as CGPath and UIBezierPath build them")
struct BezierPathTests {
    @Test("An oval starts at the right end of its horizontal axis and runs clockwise on screen, closed, in four quarter turns")
    func oval() {
        var path = BezierPath()
        path.addOval(in: Rect(x: 10, y: 20, width: 60, height: 40))
        #expect(path.segments.count == 4)
        #expect(path.subpaths == [BezierPath.Subpath(segments: 0..<4, isClosed: true)])
        #expect(near(path.vertex(0), 70, 40))
        #expect(near(path.vertex(1), 40, 60))  // a quarter on: the bottom (y grows downwards)
        #expect(near(path.vertex(2), 10, 40) && near(path.vertex(3), 40, 20) && near(path.vertex(4), 70, 40))
        // A cubic quarter circle strays from the circle by under 0.03 %.
        var circle = BezierPath()
        circle.addOval(in: Rect(x: -1, y: -1, width: 2, height: 2))
        for k in 0...16 {
            let p = circle.point(segment: 0, t: Double(k) / 16)
            #expect(abs((p.x * p.x + p.y * p.y).squareRoot() - 1) < 3e-4)
        }
    }

    @Test("A rectangle runs clockwise from its top-left corner; a rounded one starts after the top-left corner")
    func rectangles() {
        var rect = BezierPath()
        rect.addRect(Rect(x: 1, y: 2, width: 10, height: 5))
        #expect(rect.vertices.count == 5 && near(rect.vertex(0), 1, 2) && near(rect.vertex(1), 11, 2) && near(rect.vertex(2), 11, 7))
        #expect(rect.subpaths.count == 1 && rect.subpaths[0].isClosed)
        var rounded = BezierPath()
        rounded.addRoundedRect(Rect(x: 0, y: 0, width: 100, height: 40), cornerRadius: 50)  // limited to half the height
        #expect(near(rounded.vertex(0), 20, 0) && near(rounded.vertex(1), 80, 0) && near(rounded.vertex(2), 100, 20))
        #expect(abs(rounded.totalLength - (2 * 60 + 2 * 0 + 2 * Double.pi * 20)) < 0.01)
    }

    @Test(
        "An arc whose angles are a whole turn or more apart is a full circle in either direction; a shorter one goes the way it is told",
        arguments: [true, false])
    func arcs(clockwise: Bool) {
        let fullCircle = 2 * Double.pi * 10
        for (start, end) in [(0.0, 2 * Double.pi), (2 * Double.pi, 0), (-Double.pi, Double.pi), (0, 5 * Double.pi)] {
            var path = BezierPath()
            path.arc(center: Point(x: 0, y: 0), radius: 10, startAngle: start, endAngle: end, clockwise: clockwise)
            #expect(abs(path.totalLength - fullCircle) < 0.01, "\(start) → \(end), clockwise \(clockwise): \(path.totalLength)")
        }
        var half = BezierPath()
        half.arc(center: Point(x: 0, y: 0), radius: 10, startAngle: 0, endAngle: Double.pi, clockwise: clockwise)
        #expect(abs(half.totalLength - fullCircle / 2) < 0.01)
        // Clockwise on screen from 0 to π passes through the bottom (y grows downwards).
        #expect(half.point(segment: 0, t: 1).y * (clockwise ? 1 : -1) > 0)
    }

    @Test("Moves start subpaths, closes end them, and a segment after a close starts a new subpath at the start point")
    func subpaths() throws {
        let path = try BezierPath(svg: "M 0 0 L 10 0 L 10 10 Z M 20 0 L 30 0 L 30 10 L 40 10 Z L 50 50")
        #expect(path.subpaths.map(\.isClosed) == [true, true, false])
        #expect(path.subpaths.map(\.segments) == [0..<3, 3..<7, 7..<8])
        #expect(near(path.vertex(7), 20, 0) && near(path.vertex(8), 50, 50))
    }

    @Test("Paths with segments that pair up morph point by point; lines meet cubics as cubics; others do not morph")
    func morph() throws {
        var small = BezierPath(), big = BezierPath()
        small.addRect(Rect(x: 40, y: 40, width: 20, height: 20))
        big.addRect(Rect(x: 0, y: 0, width: 100, height: 100))
        let half = try #require(BezierPath.interpolate(small, big, 0.5))
        #expect(near(half.vertex(0), 20, 20) && near(half.vertex(2), 80, 80))
        #expect(half.subpaths == small.subpaths)
        let curve = try BezierPath(svg: "M 0 0 C 0 10 10 10 10 0")
        let line = try BezierPath(svg: "M 0 0 L 10 0")
        let mixed = try #require(BezierPath.interpolate(line, curve, 0.5))
        #expect(near(mixed.point(segment: 0, t: 0.5), 5, 3.75))
        #expect(BezierPath.interpolate(line, small, 0.5) == nil)
    }

    @Test("Preset paths: rect, oval and roundedRect commands; bad commands and oversized paths are reported with their place")
    func presetPaths() throws {
        let scene = try decode(
            #"{"layers": [{"type": "shape", "path": [{"rect": [0, 0, 10, 10]}, {"oval": [0, 0, 10, 10]}, {"roundedRect": {"rect": [0, 0, 20, 10], "cornerRadius": 3}}]}]}"#
        ).get()
        let path = try #require(scene.layers[0].content.shape?.path)
        #expect(path.subpaths.count == 3 && path.subpaths.allSatisfy(\.isClosed))
        for (json, message) in [
            (#"[{"oval": [0, 0, 10]}]"#, "layers[0].path[0].oval: expected [x, y, width, height]"),
            (#"[{"roundedRect": {"rect": [0, 0, 1, 1]}}]"#, #"missing key "cornerRadius""#),
            (#"[{"ovel": [0, 0, 10, 10]}]"#, #"did you mean "oval""#),
            (#""M 0 0 L 1e400 0""#, "layers[0].path: SVG path data: expected a number at character 9"),
            (
                "\"M 0 0" + String(repeating: " L 1 1", count: PropertyKind.maxPathSegments + 1) + "\"",
                "at most \(PropertyKind.maxPathSegments) path segments"
            ),
        ] {
            guard case .failure(let error) = decode(#"{"layers": [{"type": "shape", "path": \#(json)}]}"#) else {
                Issue.record("\(json) was accepted")
                continue
            }
            #expect("\(error)".contains(message), "\(error)")
        }
    }

    @Test("--set and setValue(forKeyPath:) take a path as SVG text; shape keys are addressable and animatable")
    func keyPaths() throws {
        let description = try decode(#"{"layers": [{"type": "shape", "name": "s", "path": "M 0 0 L 10 0"}]}"#).get()
        let value = try PresetDecoder(fileName: "--set", resolver: ResourceResolver(roots: [])).decodeValue(
            "M 0 0 L 5 5 L 10 0", kind: .path, path: "s.path"
        ).get()
        let scene = Scene(description)
        try scene.setValue(value, forKeyPath: "s.path")
        guard case .path(let p) = try scene.value(forKeyPath: "s.path") else {
            Issue.record("not a path")
            return
        }
        #expect(p.segments.count == 2)
        try scene.setValue(.number(0.25), forKeyPath: "s.strokeEnd")
        #expect(try scene.value(forKeyPath: "s.strokeEnd") == .number(0.25))
        #expect(throws: KeyPathError.self) { try scene.setValue(.number(2), forKeyPath: "s.strokeEnd") }
    }
}
