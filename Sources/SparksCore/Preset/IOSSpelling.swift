/// The spellings iOS code gives an enumerated value, both ways: read as Sparks's own
/// (``canonical(_:among:)``) and written for a property (``spelling(_:forKey:swift:)``): the
/// Objective-C constant (`kCAEmitterLayerLine`, `kCAFillModeForwards`,
/// `kCAMediaTimingFunctionEaseOut`), the Swift member (`.line`, `.rotateAuto`) and the qualified
/// Swift member (`CAEmitterLayerEmitterShape.line`, `UIColor.systemBlue`).
public enum IOSSpelling {
    /// How one property's options are spelled: the Objective-C constants' common start, and
    /// what Swift members add before the option (CAAnimationRotationMode's `.rotateAuto`).
    private struct Family {
        var constantPrefix: String
        var memberPrefix = ""
    }

    /// The families by property key (`timingFunction` and `valueFunction` name their
    /// functions' constants). Properties not listed spell constants `kCA` + the option.
    private static let families: [String: Family] = [
        "emitterShape": Family(constantPrefix: "kCAEmitterLayer"), "emitterMode": Family(constantPrefix: "kCAEmitterLayer"),
        "renderMode": Family(constantPrefix: "kCAEmitterLayer"), "fillMode": Family(constantPrefix: "kCAFillMode"),
        "contentsGravity": Family(constantPrefix: "kCAGravity"), "minificationFilter": Family(constantPrefix: "kCAFilter"),
        "magnificationFilter": Family(constantPrefix: "kCAFilter"), "fillRule": Family(constantPrefix: "kCAFillRule"),
        "lineCap": Family(constantPrefix: "kCALineCap"), "lineJoin": Family(constantPrefix: "kCALineJoin"),
        "gradientType": Family(constantPrefix: "kCAGradientLayer"), "calculationMode": Family(constantPrefix: "kCAAnimation"),
        "rotationMode": Family(constantPrefix: "kCAAnimationRotate", memberPrefix: "rotate"),
        "timingFunction": Family(constantPrefix: "kCAMediaTimingFunction"), "valueFunction": Family(constantPrefix: "kCAValueFunction"),
        "alignmentMode": Family(constantPrefix: "kCAAlignment"), "truncationMode": Family(constantPrefix: "kCATruncation"),
    ]

    /// How iOS code spells `option` of the property `key`: the Swift member (`.line`,
    /// `.evenOdd`, `.rotateAuto`) or the Objective-C constant (`kCAEmitterLayerLine`,
    /// `kCAFillRuleEvenOdd`, `kCAAnimationRotateAuto`). ``canonical(_:among:)`` reads each back.
    public static func spelling(_ option: String, forKey key: String, swift: Bool) -> String {
        let family = families[key] ?? Family(constantPrefix: "kCA")
        if swift { return "." + (family.memberPrefix.isEmpty ? camelCase(option) : family.memberPrefix + capitalised(option)) }
        return family.constantPrefix + capitalised(option)
    }

    /// The option `text` spells, or nil when it spells none.
    public static func canonical(_ text: String, among options: [String]) -> String? {
        if options.contains(text) { return text }
        // `.line`, `CAEmitterLayerEmitterShape.line`: the member after the last dot.
        if let dot = text.lastIndex(of: "."), text[text.index(after: dot)...].allSatisfy({ $0.isLetter || $0.isNumber }) {
            let member = String(text[text.index(after: dot)...])
            if let option = options.first(where: { camelCase($0) == member }) { return option }
            if let option = options.first(where: { option in memberPrefixes.contains { $0 + capitalised(option) == member } }) {
                return option
            }
        }
        // `kCAEmitterLayerLine`: "kCA", the constant family's name, then the option capitalised;
        // the longest option that fits (`…AutoReverse` is autoReverse, not auto).
        if text.hasPrefix("kCA"), text.allSatisfy({ $0.isLetter || $0.isNumber }) {
            return options.filter { text.hasSuffix(capitalised($0)) && text.count > 3 + capitalised($0).count }.max { $0.count < $1.count }
        }
        return nil
    }

    /// What Swift members may add before an option (`rotate` of `.rotateAuto`).
    private static let memberPrefixes = Set(families.values.map(\.memberPrefix).filter { !$0.isEmpty })

    /// A regular expression matching the iOS spellings of `options` that `canonical` accepts
    /// (not the options themselves), for the JSON Schema.
    static func pattern(for options: [String]) -> String {
        let members = (options.map(camelCase) + memberPrefixes.sorted().flatMap { prefix in options.map { prefix + capitalised($0) } })
            .joined(separator: "|")
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
