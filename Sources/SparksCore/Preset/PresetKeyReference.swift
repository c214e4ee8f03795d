/// Every key a preset may hold, as a Markdown reference generated from the property tables the
/// decoder reads (as the JSON Schema is): for each object, each key with the values it takes,
/// its default and what it does. `docs/keys.md` is this text; `sparks schema --keys` prints it.
public enum PresetKeyReference {
    /// The reference as Markdown.
    public static var markdown: String {
        var text = """
            # Preset keys

            Every key Sparks reads in a preset, object by object, with the values it takes, its default and
            what it does. Generated from the property tables the decoder reads (`sparks schema --keys >
            docs/keys.md`); a test keeps this file equal to them. Keys are Core Animation's property
            names; enumerated values are also read in their iOS spellings (`kCAEmitterLayerLine`,
            `.line`). How each behaves, with its sources: [core-animation.md](core-animation.md).

            """
        text += section(
            "The preset", "The file's top level, besides `canvas` and `layers` (a list of layers).", SceneDescription.table,
            SceneDescription(name: ""))
        text += section("canvas", "The drawing surface.", CanvasDescription.table, CanvasDescription())
        text += section(
            "Every layer (CALayer)",
            "Keys every layer takes, whatever its `type` (`layer`, `emitter`, `replicator`, `shape`, `gradient`), "
                + "besides `type`, `sublayers`, `animations` and `mask` (a layer whose alpha masks this one and its sublayers, "
                + "in this layer's coordinates).", LayerProperties.table, LayerProperties())
        text += section(
            "Emitter layers (CAEmitterLayer)", "`\"type\": \"emitter\"`; its cells in `emitterCells`.", EmitterProperties.table,
            EmitterProperties())
        text += section(
            "Emitter cells (CAEmitterCell)",
            "Each entry of an emitter's `emitterCells` (and of a cell's own `emitterCells`, its sub-cells).",
            EmitterCell.table, EmitterCell())
        text += section(
            "Emitter behaviours (CAEmitterBehavior)",
            "Each entry of an emitter's `emitterBehaviors`: a `type` (`wave`, `drag`, `alignToMotion`, `valueOverLife`, "
                + "`colorOverLife`, `attractor`) and the keys that type reads, named in each key's description. "
                + "Private API on iOS: App Review may reject apps that use it.",
            EmitterBehavior.table, EmitterBehavior(type: .drag))
        text += section(
            "Replicator layers (CAReplicatorLayer)", "`\"type\": \"replicator\"`.", ReplicatorProperties.table, ReplicatorProperties())
        text += section("Shape layers (CAShapeLayer)", "`\"type\": \"shape\"`.", ShapeProperties.table, ShapeProperties())
        text += section("Gradient layers (CAGradientLayer)", "`\"type\": \"gradient\"`.", GradientProperties.table, GradientProperties())
        text += section(
            "Text layers (CATextLayer)",
            "`\"type\": \"text\"`. Drawn with the nearest installed font: Liberation Sans, Serif or Mono (DejaVu when absent), "
                + "colour emoji from Noto Color Emoji.",
            TextProperties.table, TextProperties())
        text += section(
            "Animations (CABasicAnimation, CAKeyframeAnimation, CAAnimationGroup)",
            "Each entry of a layer's `animations`, besides `type`, `keyPath` and its values (`fromValue`, `toValue`, `byValue`; "
                + "`values`, `keyTimes`, `path`; a group's `animations`).",
            Animation.table, Animation(kind: .basic(from: nil, to: nil, by: nil)))
        return text
    }

    private static func section<Root>(_ title: String, _ introduction: String, _ table: PropertyTable<Root>, _ defaults: Root) -> String {
        var text = "\n## \(title)\n\n\(introduction)\n\n| key | value | default | what it does |\n|---|---|---|---|\n"
        for descriptor in table.descriptors {
            let value = cell(values(of: descriptor.kind))
            let fallback = cell(defaultText(descriptor.get(defaults), kind: descriptor.kind))
            text += "| `\(descriptor.key)` | \(value) | \(fallback) | \(cell(descriptor.summary)) |\n"
        }
        return text
    }

    /// What a key of `kind` takes, in a few words.
    private static func values(of kind: PropertyKind) -> String {
        switch kind {
        case .number(let rule):
            let whole = rule.isInteger ? "whole number" : "number"
            let low = rule.minimum.isFinite ? format(rule.minimum) : "−∞"
            let high = rule.maximum.isFinite ? format(rule.maximum) : "∞"
            return "\(whole) \(rule.excludesMinimum ? "above \(low), up to \(high)" : "\(low)…\(high)")"
        case .choice(let options): return options.map { "`\($0)`" }.joined(separator: ", ")
        case .color: return "colour"
        case .transform: return "transform"
        default: return kind.expectation
        }
    }

    /// The default as a preset writes it.
    private static func defaultText(_ value: PropertyValue, kind: PropertyKind) -> String {
        switch value {
        case .transform(let t) where t == .identity: return "identity"
        case .image(nil): return "none"
        case .string(let s) where s.isEmpty: return "none"
        default: return "`" + PresetEncoder.value(value, kind: kind).text(indent: 0) + "`"
        }
    }

    /// Text safe inside a Markdown table cell.
    private static func cell(_ text: String) -> String {
        text.replacing("|", with: "\\|").replacing("\n", with: " ")
    }
}
