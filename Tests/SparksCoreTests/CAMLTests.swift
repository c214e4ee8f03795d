import Foundation
import SparksCore
import Testing

/// Core Animation's CAML: every gallery preset written as a `.ca` bundle reads back to the same
/// preset, and documents in the two writers' styles (Apple's tools: colours as elements with an
/// opacity, `rotate(…deg)` transforms, postfix paths, states; CAPlayground: emitters, keyframe
/// animations with `inf` repeats and `<p>` entries, gradients, text) read as their values say.
@Suite("CAML documents and .ca bundles")
struct CAMLTests {
    /// `text` saved as `main.caml` of a new bundle with `images` in its `assets/`, and read.
    static func open(_ text: String, images: [(String, URL)] = [], flipped: Bool = false) throws -> Result<SceneDescription, PresetError> {
        let bundle = FileManager.default.temporaryDirectory.appendingPathComponent("sparks-caml-\(UUID().uuidString).ca")
        try FileManager.default.createDirectory(at: bundle.appendingPathComponent("assets"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: bundle) }
        try Data(text.utf8).write(to: bundle.appendingPathComponent("main.caml"))
        var index = CAMLDocument.index(width: 400, height: 300)
        if flipped {
            index = index.replacingOccurrences(of: "<key>geometryFlipped</key>\n\t<false/>", with: "<key>geometryFlipped</key>\n\t<true/>")
        }
        try Data(index.utf8).write(to: bundle.appendingPathComponent("index.xml"))
        for (name, source) in images {
            try FileManager.default.copyItem(at: source, to: bundle.appendingPathComponent("assets/\(name)"))
        }
        return PresetDecoder.load(contentsOf: bundle, assetDirectories: [])
    }

    /// The preset's JSON with every number rounded to 9 significant digits (a transform read
    /// from degrees differs in the last bits).
    static func normalised(_ scene: SceneDescription) throws -> String {
        let text = PresetEncoder.encode(scene, schema: nil)
        let json = try JSONSerialization.jsonObject(with: Data(text.utf8))
        func round(_ value: Any) -> Any {
            switch value {
            case let b as Bool: return b
            case let n as NSNumber:
                let d = n.doubleValue
                if d == 0 || !d.isFinite { return 0.0 }
                let scale = pow(10, 8 - floor(log10(abs(d))))
                let r = (d * scale).rounded() / scale
                return abs(r) < 1e-9 ? 0.0 : r
            case let list as [Any]: return list.map(round)
            case let object as [String: Any]: return object.mapValues(round)
            default: return value
            }
        }
        let data = try JSONSerialization.data(withJSONObject: round(json), options: [.sortedKeys])
        return String(decoding: data, as: UTF8.self)
    }

    @Test("Every gallery preset written as a .ca bundle reads back to the same preset")
    func galleryRoundTrip() throws {
        let presets = try FileManager.default.contentsOfDirectory(atPath: repositoryRoot.appendingPathComponent("presets").path)
            .filter { $0.hasSuffix(".json") && !$0.hasSuffix(".schema.json") }.sorted()
        #expect(presets.count >= 30)
        for file in presets {
            let original = try PresetDecoder.load(
                contentsOf: repositoryRoot.appendingPathComponent("presets/\(file)"),
                assetDirectories: [repositoryRoot.appendingPathComponent("assets")]
            ).get()
            let document = CAMLDocument(original)
            let images = document.images.compactMap { image in image.url.map { (image.name, $0) } }
            #expect(images.count == document.images.count, "\(file): an image without a file")
            let back: SceneDescription
            switch try Self.open(document.text, images: images) {
            case .success(let scene): back = scene
            case .failure(let error):
                Issue.record("\(file): the bundle does not read back: \(error)")
                continue
            }
            #expect(try Self.normalised(back) == Self.normalised(original), "\(file) reads back differently")
        }
    }

    static let appleStyle = """
        <?xml version="1.0" encoding="UTF-8"?>

        <caml xmlns="http://www.apple.com/CoreAnimation/1.0">
          <CALayer allowsEdgeAntialiasing="1" allowsGroupOpacity="1" bounds="0 0 120 80" contentsFormat="RGBA8" name="glyph" position="60 40">
            <backgroundColor opacity="0.5" value="0.2 0.4 0.6"/>
            <sublayers>
              <CATransformLayer bounds="0 0 50 50" name="group" position="30 30" transform="rotate(30deg) scale(2, 2, 1)">
                <sublayers>
                  <CAShapeLayer fillColor="1 0.5 0" path="0 0 m 10 0 l 10 10 5 15 0 10 c z" name="wedge" position="25 25" cornerCurve="circular"/>
                </sublayers>
              </CATransformLayer>
              <CALayer id="#1" bounds="0 0 10 10" position="100 60" name="dot" opacity="0.25" hidden="0" transform="rotate(90deg, 0, 0, 1)"/>
            </sublayers>
            <states>
              <LKState name="On"><elements><LKStateSetValue targetId="#1" keyPath="opacity"><value type="real" value="1"/></LKStateSetValue></elements></LKState>
            </states>
          </CALayer>
        </caml>
        """

    @Test("A document in Apple's style: colours with opacity, degrees, postfix paths, states noted, what is not drawn named once")
    func appleStyleDocument() throws {
        let scene = try Self.open(Self.appleStyle).get()
        // A plain root the document's size is the canvas: its name the preset's, its colour the
        // background, its sublayers the layers.
        #expect(scene.canvas.width == 120 && scene.canvas.height == 80)
        #expect(scene.name == "glyph")
        #expect(scene.canvas.background == Color(red: 0.2, green: 0.4, blue: 0.6, alpha: 0.5))
        #expect(scene.layers.count == 2)
        let group = try #require(scene.layers.first)
        #expect(group.properties.name == "group")
        let t = group.properties.transform
        // rotate(30°) after scale(2): m11 = 2 cos 30°, m12 = 2 sin 30°.
        #expect(abs(t.m11 - 2 * cos(Double.pi / 6)) < 1e-9 && abs(t.m12 - 2 * sin(Double.pi / 6)) < 1e-9)
        let wedge = try #require(group.sublayers.first)
        guard case .shape(let shape) = wedge.content else {
            Issue.record("the wedge is not a shape layer")
            return
        }
        #expect(shape.fillColor == Color(red: 1, green: 0.5, blue: 0, alpha: 1))
        #expect(shape.path?.segments.count == 3, "a line, a curve and the closing line")
        let dot = try #require(scene.layers.last)
        #expect(dot.properties.opacity == 0.25 && abs(dot.properties.transform.m12 - 1) < 1e-12)
        #expect(scene.notes.contains { $0.contains("states") && $0.contains("base state") })
        #expect(scene.notes.contains { $0.contains("transform layer") })
        #expect(scene.notes.contains { $0.contains("allowsEdgeAntialiasing (1×)") && $0.contains("cornerCurve (1×)") })
    }

    static let playgroundStyle = """
        <?xml version="1.0" encoding="UTF-8"?>
        <caml xmlns="http://www.apple.com/CoreAnimation/1.0">
          <CALayer id="root" name="Root Layer" bounds="0 0 390 844" position="195 422" geometryFlipped="1">
            <sublayers>
              <CAEmitterLayer id="e" name="Sparkles" bounds="0 0 390 844" position="195 422" emitterPosition="195 300" emitterSize="40 0" emitterShape="line" emitterMode="volume" renderMode="additive" birthRate="1" transform.rotation.z="0" transform="rotate(0deg) rotate(0deg, 0, 1, 0) rotate(0deg, 1, 0, 0)">
                <emitterCells>
                  <CAEmitterCell id="c" name="Cell 1" birthRate="80" lifetime="3" velocity="120" emissionRange="3.14159" emissionLongitude="0" scale="0.2" alphaSpeed="-0.3" spin="1.5" yAcceleration="40">
                    <contents><CGImage src="assets/dot.png"/></contents>
                  </CAEmitterCell>
                </emitterCells>
              </CAEmitterLayer>
              <CAGradientLayer name="Sky" bounds="0 0 390 200" position="195 100" startPoint="0 0" endPoint="0 1">
                <colors><CGColor value="0 0 0.2"/><CGColor value="0.3 0 0.5" opacity="0.5"/></colors>
                <type value="radial"/>
              </CAGradientLayer>
              <CATextLayer name="Label" bounds="0 0 200 40" position="195 700" fontSize="24" foregroundColor="1 1 1" alignmentMode="center">
                <font type="string" value="Helvetica"/>
                <string type="string" value="Hi &amp; bye"/>
              </CATextLayer>
              <CALayer name="Mover" bounds="0 0 20 20" position="50 50" backgroundColor="1 0 0">
                <animations>
                  <animation key="animation-0" type="CAKeyframeAnimation" keyPath="position" autoreverses="1" beginTime="1e-100" duration="2" removedOnCompletion="0" repeatCount="inf" repeatDuration="inf" calculationMode="linear" timingFunction="linear">
                    <keyTimes><real value="0"/><real value="1"/></keyTimes>
                    <values><CGPoint value="50 50"/><CGPoint value="300 50"/></values>
                  </animation>
                  <p key="animation-1" type="CAKeyframeAnimation" keyPath="opacity" duration="1" repeatCount="inf">
                    <values><real value="1"/><real value="0.2"/></values>
                  </p>
                </animations>
              </CALayer>
            </sublayers>
          </CALayer>
        </caml>
        """

    @Test("A document in CAPlayground's style: an emitter with its image, a gradient, text, keyframe animations repeating forever")
    func playgroundStyleDocument() throws {
        let dot = repositoryRoot.appendingPathComponent("assets/spark.png")
        let scene = try Self.open(Self.playgroundStyle, images: [("dot.png", dot)]).get()
        #expect(scene.canvas.width == 390 && scene.canvas.height == 844)
        let root = try #require(scene.layers.first)
        #expect(root.properties.isGeometryFlipped, "the root's own geometryFlipped is kept")
        #expect(root.sublayers.count == 4)
        guard case .emitter(let emitter) = root.sublayers[0].content else {
            Issue.record("Sparkles is not an emitter")
            return
        }
        #expect(emitter.emitterShape == .line && emitter.renderMode == .additive && emitter.emitterPosition == Point(x: 195, y: 300))
        let cell = try #require(emitter.emitterCells.first)
        #expect(cell.birthRate == 80 && cell.lifetime == 3 && cell.velocity == 120 && cell.emissionRange == 3.14159)
        #expect(cell.contents?.pixelWidth ?? 0 > 0, "the image in assets/ is drawn")
        guard case .gradient(let gradient) = root.sublayers[1].content else {
            Issue.record("Sky is not a gradient")
            return
        }
        #expect(gradient.type == .radial)
        #expect(gradient.colors == [Color(red: 0, green: 0, blue: 0.2, alpha: 1), Color(red: 0.3, green: 0, blue: 0.5, alpha: 0.5)])
        guard case .text(let text) = root.sublayers[2].content else {
            Issue.record("Label is not a text layer")
            return
        }
        #expect(text.string == "Hi & bye" && text.font == "Helvetica" && text.fontSize == 24)
        let animations = root.sublayers[3].animations
        #expect(animations.count == 2)
        #expect(animations.first?.timing.repeatCount == .infinity && animations.first?.timing.autoreverses == true)
        #expect(animations.last?.keyPath == "opacity")
    }

    @Test("index.xml's geometryFlipped flips the root layer")
    func indexFlips() throws {
        let text = """
            <caml xmlns="http://www.apple.com/CoreAnimation/1.0"><CALayer bounds="0 0 100 100" position="50 50" name="r">
            <sublayers><CALayer bounds="0 0 10 10" position="10 10" backgroundColor="1 1 1"/></sublayers></CALayer></caml>
            """
        #expect(try Self.open(text).get().layers.allSatisfy { !$0.properties.isGeometryFlipped })
        let flipped = try Self.open(text, flipped: true).get()
        #expect(flipped.layers.first?.properties.isGeometryFlipped == true)
    }

    @Test("Hostile documents: paths out of the bundle, unknown operations and deep nesting give notes or errors, never a crash")
    func hostileDocuments() throws {
        let outside = """
            <caml xmlns="http://www.apple.com/CoreAnimation/1.0"><CALayer bounds="0 0 100 100" position="50 50" transform="skew(3)">
            <contents><CGImage src="../../../etc/passwd"/></contents></CALayer></caml>
            """
        let scene = try Self.open(outside).get()
        #expect(scene.notes.contains { $0.contains("outside the document's folder") })
        #expect(scene.notes.contains { $0.contains("skew") })
        func nested(_ depth: Int) -> String {
            "<caml xmlns=\"http://www.apple.com/CoreAnimation/1.0\">" + String(repeating: "<CALayer><sublayers>", count: depth)
                + String(repeating: "</sublayers></CALayer>", count: depth) + "</caml>"
        }
        // Deeper than presets may nest layers, and deeper than XML may nest here: an error
        // naming the nesting, not a crash.
        for depth in [80, 200] {
            let refused = try #require(try Self.open(nested(depth)).failure, "\(depth) deep was accepted")
            #expect(
                !refused.diagnostics.isEmpty && (refused.description.contains("nest") || refused.description.contains("deep")), "\(refused)"
            )
        }
    }
}
