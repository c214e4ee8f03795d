import Foundation
import SparksCore
import Testing

/// Decodes a preset given as JSON text with its images from the repository's assets.
private func decode(_ json: String) -> Result<SceneDescription, PresetError> {
    let decoder = PresetDecoder(fileName: "test.json", resolver: ResourceResolver(roots: [repositoryRoot.appendingPathComponent("assets")]))
    return decoder.decode(Array(json.utf8), defaultName: "test")
}

/// The emitter of a preset whose emitter layer has `keys` (JSON members).
private func emitter(_ keys: String) throws -> EmitterProperties {
    let scene = try decode(#"{"layers": [{"type": "emitter", \#(keys) "emitterCells": [{"name": "c", "contents": "spark.png"}]}]}"#).get()
    return try #require(scene.layers[0].content.emitter)
}

/// The colour a preset gives a layer's background.
private func color(_ json: String) throws -> Color {
    try decode(#"{"layers": [{"backgroundColor": \#(json)}]}"#).get().layers[0].properties.backgroundColor
}

@Suite("iOS spellings of enumerated values and colours")
struct IOSSpellingTests {
    @Test(
        "Shape layer fill rules, caps and joins in Objective-C, Swift and qualified Swift spellings (hyphenated values in camel case)",
        arguments: [
            ("fillRule", "kCAFillRuleEvenOdd", "even-odd"), ("fillRule", ".evenOdd", "even-odd"),
            ("fillRule", "CAShapeLayerFillRule.nonZero", "non-zero"), ("fillRule", "kCAFillRuleNonZero", "non-zero"),
            ("lineCap", "kCALineCapRound", "round"), ("lineCap", "CAShapeLayerLineCap.square", "square"),
            ("lineJoin", "kCALineJoinBevel", "bevel"), ("lineJoin", ".miter", "miter"),
        ])
    func shapeChoices(key: String, spelling: String, value: String) throws {
        let scene = try decode(#"{"layers": [{"type": "shape", "\#(key)": "\#(spelling)"}]}"#).get()
        let shape = try #require(scene.layers[0].content.shape)
        let read = ShapeProperties.table[key]!.get(shape)
        #expect(read == .string(value))
    }

    @Test(
        "Emitter shapes, modes and render modes in Objective-C, Swift and qualified Swift spellings",
        arguments: [
            ("kCAEmitterLayerLine", "line"), (".line", "line"), ("CAEmitterLayerEmitterShape.line", "line"),
            ("kCAEmitterLayerCircle", "circle"), ("kCAEmitterLayerCuboid", "cuboid"), (".sphere", "sphere"),
        ])
    func shapes(spelling: String, shape: String) throws {
        #expect(try emitter(#""emitterShape": "\#(spelling)","#).emitterShape.rawValue == shape)
    }

    @Test(
        "Modes and render modes, where one option's name ends another's (outline, line; oldestLast)",
        arguments: [
            ("emitterMode", "kCAEmitterLayerOutline", "outline"), ("emitterMode", "CAEmitterLayerEmitterMode.surface", "surface"),
            ("emitterMode", ".points", "points"), ("renderMode", "kCAEmitterLayerAdditive", "additive"),
            ("renderMode", "kCAEmitterLayerOldestLast", "oldestLast"), ("renderMode", ".backToFront", "backToFront"),
        ])
    func modes(key: String, spelling: String, value: String) throws {
        let e = try emitter(#""\#(key)": "\#(spelling)","#)
        #expect((key == "emitterMode" ? e.emitterMode.rawValue : e.renderMode.rawValue) == value)
    }

    @Test("Fill modes, timing functions, calculation modes, rotation modes and filters")
    func animationSpellings() throws {
        let scene = try decode(
            """
            { "layers": [ { "minificationFilter": "kCAFilterTrilinear", "magnificationFilter": "CALayerContentsFilter.nearest", "animations": [
                { "type": "keyframe", "keyPath": "position", "values": [[0, 0], [10, 10]], "fillMode": "kCAFillModeForwards",
                  "calculationMode": "kCAAnimationCubicPaced", "rotationMode": "kCAAnimationRotateAutoReverse",
                  "timingFunction": "kCAMediaTimingFunctionEaseInEaseOut" },
                { "type": "basic", "keyPath": "opacity", "toValue": 0, "fillMode": ".both", "timingFunction": "CAMediaTimingFunctionName.easeOut" } ] } ] }
            """
        ).get()
        let layer = scene.layers[0]
        #expect(layer.properties.minificationFilter == .trilinear)
        #expect(layer.properties.magnificationFilter == .nearest)
        let keyframe = layer.animations[0], basic = layer.animations[1]
        #expect(keyframe.timing.fillMode == .forwards)
        #expect(keyframe.timingFunction == .easeInEaseOut)
        guard case .keyframe(let frames) = keyframe.kind else {
            Issue.record("not a keyframe animation")
            return
        }
        #expect(frames.calculationMode == .cubicPaced)
        #expect(frames.rotationMode == .autoReverse)
        #expect(basic.timing.fillMode == .both)
        #expect(basic.timingFunction == .easeOut)
    }

    @Test("Every option of every enumerated property, spelled as Swift or Objective-C iOS code writes it, reads back as itself")
    func twoWay() {
        var choices: [(key: String, options: [String])] = []
        func collect<Root>(_ table: PropertyTable<Root>) {
            // `startup` is Sparks's own: iOS has no constant for it; private keys take plain strings.
            for descriptor in table.descriptors where descriptor.key != "startup" && !EmitterCell.privateKeys.contains(descriptor.key) {
                if case .choice(let options) = descriptor.kind { choices.append((descriptor.key, options)) }
            }
        }
        collect(LayerProperties.table)
        collect(EmitterProperties.table)
        collect(EmitterCell.table)
        collect(ShapeProperties.table)
        collect(GradientProperties.table)
        collect(ReplicatorProperties.table)
        collect(Animation.table)
        choices.append(("timingFunction", Array(TimingFunction.named.keys)))
        choices.append(("valueFunction", ValueFunction.allCases.map(\.rawValue)))
        #expect(choices.count >= 12)
        for (key, options) in choices {
            for option in options {
                for swift in [true, false] {
                    let spelled = IOSSpelling.spelling(option, forKey: key, swift: swift)
                    #expect(IOSSpelling.canonical(spelled, among: options) == option, "\(key) \(option) spelled \(spelled)")
                    #expect(spelled != option)
                }
            }
        }
        #expect(IOSSpelling.spelling("autoReverse", forKey: "rotationMode", swift: true) == ".rotateAutoReverse")
        #expect(IOSSpelling.spelling("autoReverse", forKey: "rotationMode", swift: false) == "kCAAnimationRotateAutoReverse")
        #expect(IOSSpelling.spelling("even-odd", forKey: "fillRule", swift: false) == "kCAFillRuleEvenOdd")
    }

    @Test("A spelling of another family's constant is still refused, with the nearest option")
    func wrongFamily() {
        guard case .failure(let error) = decode(#"{"layers": [{"type": "emitter", "emitterShape": "kCAFillModeForwards"}]}"#) else {
            Issue.record("accepted a fill mode as a shape")
            return
        }
        #expect(error.diagnostics[0].path == "layers[0].emitterShape")
    }

    @Test("UIKit's colour names with their light-mode values, in every spelling")
    func uikitColours() throws {
        #expect(try color(#""systemBlue""#) == Color(hex: "#007AFF"))
        #expect(try color(#""UIColor.systemPink""#) == Color(hex: "#FF2D55"))
        #expect(try color(#"".systemGreen""#) == Color(hex: "#34C759"))
        #expect(try color(#""label""#) == .black)
        #expect(try color(#""systemBackground""#) == .white)
        #expect(try color(#""darkGray""#) == Color(red: 1.0 / 3, green: 1.0 / 3, blue: 1.0 / 3))
    }

    @Test("Colours written as UIColor's initialisers take them")
    func componentColours() throws {
        #expect(try color(#"{"white": 0.5, "alpha": 0.25}"#) == Color(red: 0.5, green: 0.5, blue: 0.5, alpha: 0.25))
        #expect(try color(#"{"white": 1}"#) == .white)
        #expect(try color(#"{"red": 1, "green": 0.5, "blue": 0, "alpha": 1}"#) == Color(red: 1, green: 0.5, blue: 0))
        let hsb = try color(#"{"hue": 0.5, "saturation": 1, "brightness": 1}"#)
        #expect(hsb == Color(red: 0, green: 1, blue: 1))
        let mixed = decode(#"{"layers": [{"backgroundColor": {"white": 1, "red": 1}}]}"#)
        guard case .failure(let error) = mixed else {
            Issue.record("accepted a mixed colour")
            return
        }
        #expect(error.diagnostics[0].message.contains("white"))
        guard case .failure(let typo) = decode(#"{"layers": [{"backgroundColor": {"whit": 1}}]}"#) else {
            Issue.record("accepted a typo")
            return
        }
        #expect(typo.diagnostics[0].suggestion == "white")
    }

    @Test("A cell's style gives defaults for the keys it does not set; other style keys are noted, not refused")
    func cellStyle() throws {
        let scene = try decode(
            """
            { "layers": [ { "type": "emitter", "emitterCells": [ { "name": "c", "contents": "spark.png", "birthRate": 5,
                "style": { "birthRate": 100, "lifetime": 3, "privateRendererKey": 1 }, "minificationFilterBias": 1 } ] } ] }
            """
        ).get()
        let cell = try #require(scene.layers[0].content.emitter?.emitterCells.first)
        #expect(cell.birthRate == 5)
        #expect(cell.lifetime == 3)
        #expect(cell.minificationFilterBias == 1)
        #expect(scene.notes.count == 1)
        #expect(scene.notes.first?.contains("layers[0].emitterCells[0].style.privateRendererKey: style key") == true)
    }
}
