/// Why a key path could not be read or set.
public struct KeyPathError: Error, Sendable, CustomStringConvertible {
    /// The key path as given.
    public var keyPath: String
    /// What is wrong.
    public var reason: String
    /// The nearest valid alternative, when one is close.
    public var suggestion: String?

    /// Creates an error.
    public init(keyPath: String, reason: String, suggestion: String? = nil) {
        self.keyPath = keyPath
        self.reason = reason
        self.suggestion = suggestion
    }

    /// `keyPath: reason — did you mean "suggestion"?`
    public var description: String {
        var text = "\(keyPath): \(reason)"
        if let suggestion { text += " — did you mean \"\(suggestion)\"?" }
        return text
    }
}

extension PropertyKind {
    /// Why `value` is not acceptable for this kind, or nil when it is.
    public func violation(of value: PropertyValue) -> String? {
        switch (self, value) {
        case (.number(let rule), .number(let n)): return rule.violation(n)
        case (.repeatCount, .number(let n)):
            if n.isNaN || n < 0 { return "must be a non-negative number or \"infinity\"" }
            return nil
        case (.seed, .number(let n)):
            return NumberRule(minimum: 0, maximum: Double(UInt32.max), isInteger: true).violation(n)
        case (.bool, .bool), (.text, .string), (.color, .color), (.transform, .transform), (.image, .image):
            if case .color(let c) = value, !c.isFinite { return "colour components must be finite" }
            if case .transform(let t) = value, t.rowMajor.contains(where: { !$0.isFinite }) {
                return "transform entries must be finite numbers"
            }
            return nil
        case (.colorList, .colors(let list)):
            if list.count > Self.maxListCount { return "at most \(Self.maxListCount) colours" }
            if !list.allSatisfy(\.isFinite) { return "colour components must be finite" }
            return nil
        case (.numberList(let rule), .numbers(let list)):
            if list.count > Self.maxListCount { return "at most \(Self.maxListCount) numbers" }
            for x in list { if let problem = rule.violation(x) { return problem } }
            return nil
        case (.path, .path(let p)):
            if p.segments.count > Self.maxPathSegments { return "at most \(Self.maxPathSegments) path segments" }
            if !p.isFinite { return "path coordinates must be finite" }
            return nil
        case (.choice(let options), .string(let s)):
            return options.contains(s) ? nil : "\"\(s)\" is not one of \(options.map { "\"\($0)\"" }.joined(separator: ", "))"
        case (.point, .vector(let v)), (.size, .vector(let v)), (.offset, .vector(let v)), (.rect, .vector(let v)), (.vector3, .vector(let v)):
            let expected = vectorCount
            guard v.count == expected else { return "expected \(expected) numbers, got \(v.count)" }
            for x in v { if let problem = componentRule.violation(x) { return problem } }
            return nil
        default:
            return "expected \(expectation)"
        }
    }

    /// How a value of this kind is written, for messages.
    public var expectation: String {
        switch self {
        case .number: "a number"
        case .bool: "true or false"
        case .text: "a string"
        case .choice(let options): "one of \(options.map { "\"\($0)\"" }.joined(separator: ", "))"
        case .point: "[x, y]"
        case .size, .offset: "[width, height]"
        case .rect: "[x, y, width, height]"
        case .vector3: "[x, y, z]"
        case .colorList: "a list of colours"
        case .numberList: "a list of numbers"
        case .path: "a path (SVG path data such as \"M 0 0 L 10 0\", or a list of path commands)"
        case .color: "a colour (\"#RRGGBB\", \"#RRGGBBAA\", [r, g, b], [r, g, b, a], a name such as \"systemBlue\", or {\"white\": w, \"alpha\": a})"
        case .transform: "a transform (16 numbers or a list of operations)"
        case .image: "an image file name"
        case .repeatCount: "a number or \"infinity\""
        case .seed: "a whole number from 0 to 4294967295"
        }
    }
}

/// The candidate closest to `key` by edit distance (case-insensitive), when close enough to be a
/// plausible typo: at most a third of the key's length, and at least one edit.
public func nearestKey(to key: String, in candidates: [String]) -> String? {
    let lowered = key.lowercased()
    var best: (String, Int)?
    for candidate in candidates {
        let d = editDistance(lowered, candidate.lowercased())
        if best == nil || d < best!.1 { best = (candidate, d) }
    }
    guard let (candidate, distance) = best else { return nil }
    let limit = max(2, key.count / 3)
    return distance <= limit ? candidate : nil
}

/// Levenshtein distance between two strings.
func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a.unicodeScalars), b = Array(b.unicodeScalars)
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
        current[0] = i
        for j in 1...b.count {
            let cost = a[i - 1] == b[j - 1] ? 0 : 1
            current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
        }
        swap(&previous, &current)
    }
    return previous[b.count]
}
