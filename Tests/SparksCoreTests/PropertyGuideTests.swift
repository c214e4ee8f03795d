import Foundation
import SparksCore
import Testing

@Suite("Every key explains itself: default, unit, typical values and an example")
struct PropertyGuideTests {
    private let decoder = PresetDecoder(
        fileName: "example", resolver: ResourceResolver(roots: [repositoryRoot.appendingPathComponent("assets")]))

    @Test("Every key has an example its own decoder accepts; every number has a typical range inside its limits, holding the example")
    func examples() throws {
        for object in PresetObject.all {
            for info in object.keys {
                let name = "\(object.name).\(info.key)"
                let example = try #require(info.guide.example, "\(name) has no example")
                let decoded = decoder.decodeValue(example, kind: info.kind, path: name)
                #expect((try? decoded.get()) != nil, "\(name)'s example \(example) is refused: \(decoded)")
                guard case .number(let rule) = info.kind else { continue }
                let typical = try #require(info.guide.typical, "\(name) has no typical range")
                #expect(rule.violation(typical.lowerBound) == nil && rule.violation(typical.upperBound) == nil, "\(name): \(typical)")
                if case .number(let n) = try? decoded.get() { #expect(typical.contains(n), "\(name): \(n) outside \(typical)") }
                #expect(info.guide.unit != nil || Self.dimensionless.contains(name), "\(name) has no unit")
            }
        }
    }

    /// Numbers without a unit: ratios and counts whose summary says what they are.
    static let dimensionless: Set = [
        "emitter.seed", "emitterBehaviors.rotation", "emitterBehaviors.falloff", "replicator.instanceRedOffset",
        "replicator.instanceGreenOffset", "replicator.instanceBlueOffset", "replicator.instanceAlphaOffset", "shape.miterLimit",
        // A spring's physics, in Core Animation's own units.
        "spring.mass", "spring.stiffness", "spring.damping",
    ]

    @Test("Every key's explanation shows what it takes, its default, its example and, for numbers, unit and typical values")
    func explanations() throws {
        for object in PresetObject.all {
            for info in object.keys {
                let text = try KeyExplanation.text(for: "\(object.name).\(info.key)")
                #expect(text.hasPrefix("\(object.name).\(info.key) — \(object.title)\n"), "\(text)")
                #expect(text.contains("  default   \(info.defaultText)\n"), "\(text)")
                #expect(text.contains("  example   \"\(info.key)\": \(info.guide.example ?? "?")\n"), "\(text)")
                switch info.kind {
                case .number:
                    #expect(text.contains("  typically "), "\(text)")
                case .choice(let options) where info.guide.options.isEmpty:
                    #expect(text.contains("one of " + options.joined(separator: ", ")), "\(text)")
                case .choice(let options):
                    // Every option, in order, with what it does.
                    #expect(info.guide.options.map(\.option) == options, "\(object.name).\(info.key)")
                    for option in info.guide.options {
                        #expect(text.contains("\(option.option)  ") && text.contains(option.meaning), "\(text)")
                    }
                case .color, .colorList:
                    #expect(text.contains("a name from UIKit's UIColor palette, not CSS's"), "\(text)")
                default: break
                }
            }
        }
    }

    @Test("Explain finds a key by itself, with its object, in a key path, or an object; and names the nearest key for a typo")
    func lookup() throws {
        let mode = try KeyExplanation.text(for: "emitterMode")
        #expect(
            mode.contains("takes     one of:\n            points   at the shape's corners only\n            outline  on the shape's edge"))
        #expect(mode.contains("iOS       emitterLayer.emitterMode = .outline"))
        let range = try KeyExplanation.text(for: "emitterCells.velocityRange")
        #expect(
            range.contains("unit      points per second") && range.contains("typically 0…300") && range.contains("cell.velocityRange = 50"))
        // A key two objects have is explained for each; a key path finds its key.
        let velocity = try KeyExplanation.text(for: "velocity")
        #expect(velocity.contains("emitter.velocity — ") && velocity.contains("emitterCells.velocity — "))
        #expect(try KeyExplanation.text(for: "emitterCells.spark.birthRate").hasPrefix("emitterCells.birthRate — "))
        #expect(try KeyExplanation.text(for: "cell.emissionRange").contains("typically 0…2π"))
        #expect(try KeyExplanation.text(for: "canvas").contains("width"))
        #expect(KeyExplanation.overview.contains("emitterCells"))
        #expect(throws: KeyExplanationError.self) { try KeyExplanation.text(for: "velocty") }
        do {
            _ = try KeyExplanation.text(for: "emitterCells.velocty")
        } catch {
            #expect(
                error.description.hasPrefix("no key \"emitterCells.velocty\" in Emitter cells (CAEmitterCell) — did you mean \"velocity\"?")
            )
        }
        // Every class colour the palette lists is a colour name presets take.
        #expect(KeyExplanation.palette.joined().contains("black, darkGray"))
    }

    @Test("Angles read as multiples of π")
    func angles() {
        let values: [(Double, String)] = [(0, "0"), (.pi, "π"), (2 * .pi, "2π"), (-.pi / 2, "−π/2"), (.pi / 4, "π/4"), (0.3, "0.3")]
        for (value, text) in values {
            #expect(PropertyGuide(.radians, value...value).typicalText == "\(text)…\(text)")
        }
    }

    @Test("A refused value says what the key takes; an unknown key's suggestion says what the suggested key takes")
    func messages() throws {
        let text = """
            { "layers": [ { "type": "emitter", "emitterCells": [ { "lifetime": -2, "velocty": 80 } ] } ] }
            """
        let result = decoder.decode(Array(text.utf8), defaultName: "x")
        guard case .failure(let error) = result else {
            Issue.record("accepted")
            return
        }
        let lines = error.diagnostics.map(\.description)
        #expect(lines.contains { $0.hasSuffix("must not be negative, got -2 (lifetime: seconds, typically 0.2…10, e.g. 2.5)") }, "\(lines)")
        #expect(
            lines.contains {
                $0.hasSuffix("unknown key \"velocty\" — did you mean \"velocity\"? (points per second, typically 0…600, e.g. 150)")
            }, "\(lines)")
    }

    @Test("Colour names are UIKit's; a CSS-only name's message gives its CSS value")
    func colourPalette() throws {
        func problem(_ colour: String) -> String {
            let text = #"{ "canvas": { "background": "\#(colour)" }, "layers": [] }"#
            if case .failure(let error) = decoder.decode(Array(text.utf8), defaultName: "x") { return error.description }
            return ""
        }
        #expect(problem("gold").contains("colour names are UIKit's (UIColor), and gold is CSS's; write its CSS value \"#ffd700\""))
        #expect(problem("blurple").contains("(colour names are UIKit's, UIColor's)"))
        #expect(problem("purple").isEmpty)
    }

    @Test("A word for an option suggests what it means before what it is spelled like: ring is a circle's outline, not line")
    func synonyms() throws {
        func problem(_ json: String) -> PresetDiagnostic? {
            let text = #"{ "layers": [ { \#(json) } ] }"#
            if case .failure(let error) = decoder.decode(Array(text.utf8), defaultName: "x") { return error.diagnostics.first }
            return nil
        }
        let ring = try #require(problem(#""type": "emitter", "emitterShape": "ring""#))
        #expect(ring.suggestion == "circle")
        #expect(ring.description.hasSuffix(#"did you mean "circle"? (a ring is a circle's outline: also set "emitterMode": "outline")"#))
        #expect(problem(#""type": "emitter", "renderMode": "glow""#)?.suggestion == "additive")
        #expect(problem(#""type": "particles""#)?.suggestion == "emitter")
        #expect(problem(#""type": "gradient", "gradientType": "linear""#)?.suggestion == "axial")
        // A misspelling the table does not know still gets the nearest spelling.
        #expect(problem(#""type": "emitter", "emitterShape": "circel""#)?.suggestion == "circle")
        // And words the table knows suggest what they mean, for the property or the layer type
        // that has that option.
        let meanings = [
            ("ring", "circle"), ("disc", "circle"), ("square", "rectangle"), ("dot", "point"), ("ball", "sphere"), ("cube", "cuboid"),
            ("edge", "outline"), ("filled", "surface"), ("add", "additive"), ("fit", "resizeAspect"), ("sweep", "conic"),
            ("card", "plane"), ("label", "text"), ("path", "shape"),
        ]
        for (word, meaning) in meanings {
            #expect(suggests(word, meaning), "\(word) should suggest \(meaning)")
        }
    }

    /// Whether a preset writing `word` where `option` is one of the values (a property's, or
    /// the layer type's) is told `option`.
    private func suggests(_ word: String, _ option: String) -> Bool {
        if LayerKind(rawValue: option) != nil {
            let text = #"{ "layers": [ { "type": "\#(word)" } ] }"#
            guard case .failure(let error) = decoder.decode(Array(text.utf8), defaultName: "x") else { return false }
            return error.diagnostics.first?.suggestion == option
        }
        for object in PresetObject.all {
            for info in object.keys {
                guard case .choice(let list) = info.kind, list.contains(option) else { continue }
                if case .failure(let error) = decoder.decodeValue("\"\(word)\"", kind: info.kind, path: info.key),
                    error.diagnostics.first?.suggestion == option
                {
                    return true
                }
            }
        }
        return false
    }
}
