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
        case (.point, .vector(let v)), (.size, .vector(let v)), (.offset, .vector(let v)), (.rect, .vector(let v)),
            (.vector3, .vector(let v)):
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
        case .color:
            "a colour (\"#RRGGBB\", \"#RRGGBBAA\", \"#RGB\", \"#RGBA\", [r, g, b], [r, g, b, a], a name such as \"systemBlue\", or {\"white\": w, \"alpha\": a})"
        case .transform: "a transform (16 numbers or a list of operations)"
        case .image: "an image file name"
        case .repeatCount: "a number or \"infinity\""
        case .seed: "a whole number from 0 to 4294967295"
        }
    }
}
