#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// How CAML (Core Animation's XML, `<caml xmlns="http://www.apple.com/CoreAnimation/1.0">`)
/// spells values, shared by ``CAMLReader`` and ``CAMLWriter`` so that each spelling is
/// written once: numbers and lists of numbers separated by spaces (`position="20 20"`),
/// colours as `"r g b"` with an `opacity`, transforms as CSS-like operations
/// (`rotate(30deg) scale(2, 2, 1)`, applied to a point from the right as CSS and Core
/// Animation's `CATransform3DRotate` chain do), and paths in postfix (`0 0 m 10 0 l z`).
enum CAMLSpelling {
    static let namespace = "http://www.apple.com/CoreAnimation/1.0"

    /// The element name of each layer type.
    static func layerClass(ofType type: String) -> String {
        LayerKind(rawValue: type)?.className ?? "CALayer"
    }

    /// The preset layer type of a CAML class, and a note when the class draws differently.
    static func layerType(ofClass name: String) -> (type: String, note: String?) {
        if let kind = LayerKind.allCases.first(where: { $0.className == name }) { return (kind.rawValue, nil) }
        switch name {
        case "CALayer": return ("layer", nil)
        case "CATransformLayer":
            return ("layer", "a transform layer is drawn as a plain layer (its sublayers are flattened into it, without their own depth)")
        default:
            return ("layer", "\(name) is not a layer Sparks draws: drawn as a plain layer (its own properties and sublayers)")
        }
    }

    /// The preset keys whose CAML name differs, by element type (a gradient's `type`).
    static let renamed: [String: [String: String]] = ["gradient": ["type": "gradientType"]]

    /// The CAML name of a preset key.
    static func camlName(of key: String, type: String?) -> String {
        renamed[type ?? ""]?.first { $0.value == key }?.key ?? key
    }

    /// The preset key of a CAML name.
    static func presetKey(of name: String, type: String?) -> String {
        renamed[type ?? ""]?[name] ?? name
    }

    // MARK: Numbers

    static func number(_ n: Double) -> String {
        if n.isInfinite { return n > 0 ? "inf" : "-inf" }
        return PresetJSON.numberText(n)
    }

    /// A number as CAML writes it (`inf`, `1e-100`, `+infinity`).
    static func number(from text: String) -> Double? {
        let t = text.trimmedOfWhiteSpace.lowercased()
        switch t {
        case "inf", "+inf", "infinity", "+infinity": return .infinity
        case "-inf", "-infinity": return -.infinity
        case "yes", "true": return 1
        case "no", "false": return 0
        default: return Double(t)
        }
    }

    /// Numbers separated by spaces or commas.
    static func numbers(from text: String) -> [Double]? {
        let parts = text.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "\t" || $0 == "\n" || $0 == "\r" })
        var values: [Double] = []
        for part in parts {
            guard let n = number(from: String(part)), n.isFinite else { return nil }
            values.append(n)
        }
        return values
    }

    static func numbersText(_ values: [Double]) -> String { values.map(number).joined(separator: " ") }

    // MARK: Transforms

    /// A transform (sixteen numbers, m11…m44) as CAML operations, or `matrix(…)` (Sparks's
    /// spelling, noted by the writer) when no translate, rotate, scale or perspective gives it.
    static func transformText(_ m: [Double]) -> (text: String, exact: Bool) {
        guard m.count == 16 else { return ("", true) }
        let identity: [Double] = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]
        if m == identity { return ("", true) }
        // Perspective alone: m34 = −1/d.
        var withoutPerspective = m
        withoutPerspective[11] = 0
        if withoutPerspective == identity, m[11] < 0 { return ("perspective(\(number(-1 / m[11])))", true) }
        // scale, then rotate about z, then translate (a point goes through them right to left).
        let flat = m[2] == 0 && m[3] == 0 && m[6] == 0 && m[7] == 0 && m[8] == 0 && m[9] == 0 && m[11] == 0 && m[15] == 1
        if flat {
            let sx = (m[0] * m[0] + m[1] * m[1]).squareRoot()
            if sx > 0 {
                let angle = atan2(m[1], m[0])
                let c = m[0] / sx, s = m[1] / sx
                let sy = c * m[5] - s * m[4]
                let rebuilt = [sx * c, sx * s, -sy * s, sy * c]
                let scale = max(abs(sx), abs(sy), 1)
                if zip(rebuilt, [m[0], m[1], m[4], m[5]]).allSatisfy({ abs($0 - $1) <= 1e-12 * scale }) {
                    var ops: [String] = []
                    if m[12] != 0 || m[13] != 0 || m[14] != 0 {
                        ops.append("translate(\([m[12], m[13], m[14]].map(number).joined(separator: ", ")))")
                    }
                    if angle != 0 { ops.append("rotate(\(number(angle * 180 / .pi))deg)") }
                    if sx != 1 || sy != 1 || m[10] != 1 { ops.append("scale(\([sx, sy, m[10]].map(number).joined(separator: ", ")))") }
                    return (ops.joined(separator: " "), true)
                }
            }
        }
        return ("matrix(\(m.map(number).joined(separator: ", ")))", false)
    }

    /// CAML operations as a preset's transform: a list of operations in the same order, or
    /// sixteen numbers for `matrix(…)`; nil with the reason when they cannot be read.
    static func transformJSON(from text: String) -> (value: PresetJSON?, problem: String?) {
        var operations: [PresetJSON] = []
        var rest = Substring(text)
        let degrees = Double.pi / 180
        func angle(_ raw: Substring) -> Double? {
            let t = raw.trimmedOfWhiteSpace.lowercased()
            for (unit, factor) in [("deg", degrees), ("grad", Double.pi / 200), ("rad", 1.0), ("turn", 2 * Double.pi)]
            where t.hasSuffix(unit) {
                return Double(t.dropLast(unit.count)).map { $0 * factor }
            }
            return Double(t)  // No unit: radians, as Core Animation's own numbers are.
        }
        while let open = rest.firstIndex(of: "(") {
            let name = rest[..<open].trimmedOfWhiteSpace
            guard let close = rest[open...].firstIndex(of: ")") else { return (nil, "\"\(text)\": a \"(\" is not closed") }
            let arguments = rest[rest.index(after: open)..<close].split(separator: ",", omittingEmptySubsequences: false)
                .flatMap { $0.split(separator: " ") }.filter { !$0.isEmpty }
            rest = rest[rest.index(after: close)...]
            let values = arguments.map { CAMLSpelling.number(from: String($0)) }
            func all() -> [Double]? { values.allSatisfy { $0?.isFinite == true } ? values.map { $0! } : nil }
            switch name.lowercased() {
            case "translate", "translate3d":
                guard let v = all(), v.count == 2 || v.count == 3 else { return (nil, "translate takes 2 or 3 numbers: \"\(text)\"") }
                operations.append(.object([("translate", .array(v.map(PresetJSON.number)))]))
            case "translatex", "translatey", "translatez":
                guard let v = all(), v.count == 1 else { return (nil, "\(name) takes one number: \"\(text)\"") }
                var xyz = [0.0, 0, 0]
                xyz[["translatex": 0, "translatey": 1, "translatez": 2][name.lowercased()]!] = v[0]
                operations.append(.object([("translate", .array(xyz.map(PresetJSON.number)))]))
            case "scale", "scale3d":
                guard let v = all(), (1...3).contains(v.count) else { return (nil, "scale takes 1 to 3 numbers: \"\(text)\"") }
                let xyz = v.count == 1 ? [v[0], v[0], 1] : v
                operations.append(.object([("scale", .array(xyz.map(PresetJSON.number)))]))
            case "scalex", "scaley", "scalez":
                guard let v = all(), v.count == 1 else { return (nil, "\(name) takes one number: \"\(text)\"") }
                var xyz = [1.0, 1, 1]
                xyz[["scalex": 0, "scaley": 1, "scalez": 2][name.lowercased()]!] = v[0]
                operations.append(.object([("scale", .array(xyz.map(PresetJSON.number)))]))
            case "rotate", "rotatez", "rotatex", "rotatey", "rotate3d":
                let lower = name.lowercased()
                let angleArgument = lower == "rotate3d" ? arguments.last : arguments.first
                guard let angleArgument, let a = angle(angleArgument), a.isFinite else {
                    return (nil, "\(name) needs an angle: \"\(text)\"")
                }
                var axis: [Double] = lower == "rotatex" ? [1, 0, 0] : lower == "rotatey" ? [0, 1, 0] : [0, 0, 1]
                let axisArguments = lower == "rotate3d" ? arguments.dropLast() : arguments.dropFirst()
                if !axisArguments.isEmpty {
                    let numbers = axisArguments.compactMap { CAMLSpelling.number(from: String($0)) }
                    guard numbers.count == 3, numbers.contains(where: { $0 != 0 }), numbers.allSatisfy(\.isFinite) else {
                        return (nil, "a rotation axis is three numbers, not all 0: \"\(text)\"")
                    }
                    axis = numbers
                }
                if axis == [0, 0, 1] {
                    operations.append(.object([("rotate", .number(a))]))
                } else {
                    operations.append(
                        .object([("rotate", .object([("angle", .number(a)), ("axis", .array(axis.map(PresetJSON.number)))]))]))
                }
            case "perspective":
                guard let v = all(), v.count == 1, v[0] > 0 else { return (nil, "perspective takes one distance above 0: \"\(text)\"") }
                operations.append(.object([("perspective", .number(v[0]))]))
            case "matrix", "matrix3d":
                guard let v = all(), v.count == 16, operations.isEmpty, rest.trimmedOfWhiteSpace.isEmpty else {
                    return (nil, "matrix takes sixteen numbers and stands alone: \"\(text)\"")
                }
                return (.array(v.map(PresetJSON.number)), nil)
            default:
                return (nil, "\"\(name)\" is not a transform operation Sparks reads (translate, scale, rotate, perspective, matrix)")
            }
        }
        guard rest.trimmedOfWhiteSpace.isEmpty else { return (nil, "\"\(text)\" is not a list of transform operations") }
        return (operations.isEmpty ? nil : .array(operations), nil)
    }

    // MARK: Paths

    /// A preset path (its move, line, quadCurve, curve and close commands) in CAML's postfix.
    static func pathText(_ commands: [PresetJSON]) -> String {
        var parts: [String] = []
        func point(_ json: PresetJSON?) -> String {
            guard case .array(let xy)? = json else { return "0 0" }
            return xy.map { if case .number(let n) = $0 { number(n) } else { "0" } }.joined(separator: " ")
        }
        for command in commands {
            guard case .object(let members) = command, let (name, value) = members.first else { continue }
            func field(_ key: String) -> PresetJSON? {
                if case .object(let fields) = value { return fields.first { $0.0 == key }?.1 }
                return nil
            }
            switch name {
            case "move": parts.append("\(point(value)) m")
            case "line": parts.append("\(point(value)) l")
            case "quadCurve": parts.append("\(point(field("control"))) \(point(field("to"))) q")
            case "curve": parts.append("\(point(field("control1"))) \(point(field("control2"))) \(point(field("to"))) c")
            case "close": parts.append("z")
            default: continue
            }
        }
        return parts.joined(separator: " ")
    }

    /// A CAML postfix path as SVG path data (which presets take), or nil when it is not one.
    static func svgPath(from text: String) -> String? {
        var operands: [Double] = []
        var out: [String] = []
        for token in text.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" || $0 == "," || $0 == "\r" }) {
            if let n = Double(token), n.isFinite {
                operands.append(n)
                continue
            }
            let need: [String: (letter: String, count: Int)] = [
                "m": ("M", 2), "l": ("L", 2), "q": ("Q", 4), "c": ("C", 6), "z": ("Z", 0), "h": ("Z", 0),
            ]
            guard let op = need[String(token)], operands.count == op.count else { return nil }
            out.append(([op.letter] + operands.map(number)).joined(separator: " "))
            operands.removeAll()
        }
        return operands.isEmpty && !out.isEmpty ? out.joined(separator: " ") : nil
    }

    // MARK: Text

    /// `text` escaped for an XML attribute (quotes, markup, and controls as character references).
    static func escaped(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            default:
                if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || TerminalText.needsEscape(scalar, keepingLines: false) {
                    out += "&#x\(String(scalar.value, radix: 16));"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out
    }
}
