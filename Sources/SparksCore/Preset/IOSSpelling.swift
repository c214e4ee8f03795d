/// The spellings iOS code gives an enumerated value, read as Sparks's own: the Objective-C
/// constant (`kCAEmitterLayerLine`, `kCAFillModeForwards`, `kCAMediaTimingFunctionEaseOut`),
/// the Swift member (`.line`) and the qualified Swift member (`CAEmitterLayerEmitterShape.line`,
/// `UIColor.systemBlue`).
public enum IOSSpelling {
    /// The option `text` spells, or nil when it spells none.
    public static func canonical(_ text: String, among options: [String]) -> String? {
        if options.contains(text) { return text }
        // `.line`, `CAEmitterLayerEmitterShape.line`: the member after the last dot.
        if let dot = text.lastIndex(of: "."), text[text.index(after: dot)...].allSatisfy({ $0.isLetter || $0.isNumber }) {
            let member = String(text[text.index(after: dot)...])
            if let option = options.first(where: { camelCase($0) == member }) { return option }
        }
        // `kCAEmitterLayerLine`: "kCA", the constant family's name, then the option capitalised;
        // the longest option that fits (`…AutoReverse` is autoReverse, not auto).
        if text.hasPrefix("kCA"), text.allSatisfy({ $0.isLetter || $0.isNumber }) {
            return options.filter { text.hasSuffix(capitalised($0)) && text.count > 3 + capitalised($0).count }.max { $0.count < $1.count }
        }
        return nil
    }

    /// A regular expression matching the iOS spellings of `options` that `canonical` accepts
    /// (not the options themselves), for the JSON Schema.
    static func pattern(for options: [String]) -> String {
        let members = options.map(camelCase).joined(separator: "|")
        let constants = options.map(capitalised).joined(separator: "|")
        return "^(?:kCA[A-Za-z0-9]+(?:\(constants))|[A-Za-z0-9_.]*\\.(?:\(members)))$"
    }

    /// The option as iOS code's constants end: `EvenOdd` for "even-odd", `Line` for "line".
    private static func capitalised(_ option: String) -> String {
        let member = camelCase(option)
        return member.prefix(1).uppercased() + member.dropFirst()
    }

    /// The option as a Swift member: hyphenated words joined in camel case ("even-odd" is
    /// `evenOdd`, as CAShapeLayerFillRule spells it).
    private static func camelCase(_ option: String) -> String {
        let words = option.split(separator: "-")
        guard words.count > 1 else { return option }
        return words.enumerated().map { i, w in i == 0 ? String(w) : w.prefix(1).uppercased() + w.dropFirst() }.joined()
    }
}
