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
        for object in PresetObject.all { text += section(object) }
        return text
    }

    private static func section(_ object: PresetObject) -> String {
        var text =
            "\n## \(object.title)\n\n\(object.introduction)\n\n| key | value | default | unit, typical values | example | what it does |\n"
        text += "|---|---|---|---|---|---|\n"
        for info in object.keys {
            let guide = [info.guide.unit?.rawValue, info.typicalText.map { "typically " + $0 }].compactMap { $0 }
            text +=
                "| `\(info.key)` | \(cell(values(of: info.kind))) | `\(cell(info.defaultText))` | \(cell(guide.joined(separator: "; "))) "
            text += "| \(info.guide.example.map { "`\(cell($0))`" } ?? "") | \(cell(info.summary + info.optionsText)) |\n"
        }
        return text
    }

    /// What a key of `kind` takes, in a few words.
    private static func values(of kind: PropertyKind) -> String {
        switch kind {
        case .number(let rule):
            let whole = rule.isInteger ? "whole number" : "number"
            if rule == .any { return whole }
            if rule == .nonNegative { return "\(whole) ≥ 0" }
            if rule == .positive { return "\(whole) > 0" }
            let low = rule.minimum.isFinite ? format(rule.minimum) : "−∞"
            let high = rule.maximum.isFinite ? format(rule.maximum) : "∞"
            return "\(whole) \(rule.excludesMinimum ? "above \(low), up to \(high)" : "\(low)…\(high)")"
        case .choice(let options): return options.map { "`\($0)`" }.joined(separator: ", ")
        case .color: return "colour"
        case .transform: return "transform"
        default: return kind.expectation
        }
    }

    /// Text safe inside a Markdown table cell.
    private static func cell(_ text: String) -> String {
        text.replacing("|", with: "\\|").replacing("\n", with: " ")
    }
}
