/// What `sparks explain` says about a key, an object or everything: the key's values, Core
/// Animation default, unit, typical values, an example as a preset writes it and as iOS code
/// does, and for colours the palette their names come from. Everything is read from the
/// property tables through ``PresetObject``.
public enum KeyExplanation {
    /// The explanation of `query`: a key (`emitterMode`), a key of one object
    /// (`emitterCells.velocityRange`, `cell.velocity`, `canvas.width`), a key path
    /// (`emitterCells.spark.birthRate`, `position.x`) or an object (`emitterCells`). Throws a
    /// message naming the nearest key when nothing matches.
    public static func text(for query: String) throws(KeyExplanationError) -> String {
        let parts = query.split(separator: ".").map(String.init)
        guard let first = parts.first else { return overview }
        let object = PresetObject.named(first)
        let rest = object == nil ? parts : Array(parts.dropFirst())
        if let object, rest.isEmpty { return objectText(object) }
        let objects = object.map { [$0] } ?? PresetObject.all
        // The first word of the rest that is a key (a key path's names and components around it).
        for word in rest {
            let matches = objects.compactMap { o in o[word].map { (o, $0) } }
            if !matches.isEmpty { return matches.map { keyText($0.1, in: $0.0) }.joined(separator: "\n") }
        }
        let candidates = Array(Set(objects.flatMap { $0.keys.map(\.key) } + PresetObject.all.map(\.name))).sorted()
        let word = rest.last ?? first
        throw KeyExplanationError(
            query: query, where: object.map { "\($0.title)" }, suggestion: nearestKey(to: word, in: candidates))
    }

    /// Every object, with how to ask about it.
    public static var overview: String {
        var text = "A preset's objects and their keys (sparks explain OBJECT lists one; sparks explain KEY explains one):\n\n"
        for object in PresetObject.all {
            text += "  \(padded(object.name, 18))\(object.title), \(object.keys.count) keys\n"
        }
        text += "\nExamples: sparks explain emitterMode, sparks explain emitterCells.velocityRange, sparks explain color\n"
        return text
    }

    private static func objectText(_ object: PresetObject) -> String {
        var text = "\(object.title): \(plain(object.introduction))\n\n"
        let width = min((object.keys.map(\.key.count).max() ?? 0) + 2, 26)
        for info in object.keys {
            text += "  \(padded(info.key, width))\(plain(info.summary))\n"
        }
        text += "\nsparks explain \(object.name).KEY says more about one.\n"
        return text
    }

    private static func keyText(_ info: PresetKeyInfo, in object: PresetObject) -> String {
        var lines = ["\(object.name).\(info.key) — \(object.title)", "  \(plain(info.summary))", ""]
        func row(_ label: String, _ value: String) { lines.append("  \(padded(label, 10))\(value)") }
        if info.guide.options.isEmpty {
            row("takes", values(info))
        } else {
            row("takes", "one of:")
            let width = (info.guide.options.map(\.option.count).max() ?? 0) + 2
            for option in info.guide.options { lines.append("            \(padded(option.option, width))\(option.meaning)") }
        }
        row("default", info.defaultText)
        if let unit = info.guide.unit { row("unit", unit.rawValue) }
        if let typical = info.typicalText { row("typically", typical) }
        if let example = info.guide.example {
            row("example", "\"\(info.key)\": \(example)")
            if let ios = iosLine(info, object: object, example: example) { row("iOS", ios) }
        }
        if case .choice(let options) = info.kind, IOSSpelling.spelling(options[0], forKey: info.key, swift: false) != "kCA" {
            lines.append("")
            lines.append(
                "  also read in iOS spellings: "
                    + options.prefix(2).map {
                        "\(IOSSpelling.spelling($0, forKey: info.key, swift: true)), \(IOSSpelling.spelling($0, forKey: info.key, swift: false))"
                    }.joined(separator: ", ") + ", …")
        }
        if info.kind == .color || info.kind == .colorList { lines += [""] + palette.map { "  " + $0 } }
        return lines.joined(separator: "\n") + "\n"
    }

    private static func values(_ info: PresetKeyInfo) -> String {
        switch info.kind {
        case .number(let rule):
            let whole = rule.isInteger ? "a whole number" : "a number"
            if rule == .any { return whole }
            return "\(whole), \(rule.excludesMinimum ? "above" : "from") \(format(rule.minimum)) to \(format(rule.maximum))"
        case .choice(let options): return "one of " + options.joined(separator: ", ")
        default: return info.kind.expectation
        }
    }

    /// The example as a line of Swift, for the keys iOS code sets directly.
    private static func iosLine(_ info: PresetKeyInfo, object: PresetObject, example: String) -> String? {
        let receiver: String
        switch object.name {
        case "emitterCells": receiver = "cell"
        case "emitter": receiver = "emitterLayer"
        case "layer": receiver = "layer"
        case "replicator": receiver = "replicatorLayer"
        case "shape": receiver = "shapeLayer"
        case "gradient": receiver = "gradientLayer"
        case "text": receiver = "textLayer"
        case "animations", "keyframe": receiver = "animation"
        default: return nil
        }
        if EmitterCell.privateKeys.contains(info.key) && object.name == "emitterCells" {
            return "cell.setValue(\(example), forKey: \"\(info.key)\")  (a private key)"
        }
        switch info.kind {
        case .number, .bool: return "\(receiver).\(info.key) = \(example)"
        case .choice:
            let option = example.filter { $0 != "\"" }
            return "\(receiver).\(info.key) = \(IOSSpelling.spelling(option, forKey: info.key, swift: true))"
        default: return nil
        }
    }

    /// UIColor's class colours (`UIColor.red`), in the palette's order.
    static let classColorNames = [
        "black", "darkGray", "lightGray", "white", "gray", "red", "green", "blue", "cyan", "yellow", "magenta", "orange", "purple",
        "brown", "clear",
    ]

    /// Where colour names come from, and the forms a colour takes.
    public static let palette: [String] = [
        "Colours are \"#RRGGBB\", \"#RRGGBBAA\", \"#RGB\", \"#RGBA\" (CSS hex), [r, g, b] or [r, g, b, a] (0…1), {\"white\": w, \"alpha\": a},",
        "or a name from UIKit's UIColor palette, not CSS's: " + classColorNames.joined(separator: ", ") + ",",
        "the system colours (systemBlue, systemPink, …, light mode) and label, separator and the other semantic colours.",
        "Names that differ from CSS: green is UIColor.green (#00ff00; CSS's is #008000), orange is #ff8000 (CSS: #ffa500),",
        "brown is #996633 (CSS: #a52a2a), and purple is #800080 (CSS's too; for a violet use \"systemPurple\", #af52de).",
    ]

    /// `text` with spaces after it up to `width` characters.
    private static func padded(_ text: String, _ width: Int) -> String {
        text + String(repeating: " ", count: max(width - text.count, 1))
    }

    /// Markdown's backticks dropped, for the terminal.
    private static func plain(_ text: String) -> String { text.replacing("`", with: "") }
}

/// A key `sparks explain` does not know, with the nearest it does.
public struct KeyExplanationError: Error, CustomStringConvertible, Sendable {
    /// What was asked.
    public let query: String
    /// The object the query named, if any.
    public let `where`: String?
    /// The nearest key or object name.
    public let suggestion: String?

    public var description: String {
        var text = "no key \"\(query)\"" + (self.where.map { " in \($0)" } ?? "")
        if let suggestion { text += " — did you mean \"\(suggestion)\"?" }
        return text + " (sparks explain lists every object; sparks explain OBJECT lists its keys)"
    }
}
