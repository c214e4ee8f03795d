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

/// Decodes JSON values into property values, reporting every problem with its JSON path.
final class ValueDecoder {
    let file: String
    let resolver: ResourceResolver
    var diagnostics: [PresetDiagnostic] = []
    /// What was read but is not acted on.
    private(set) var notes: [PresetDiagnostic] = []
    /// Where each layer and layer key was found, by JSON path, for checks made after decoding.
    var locations: [String: SourceLocation] = [:]
    private var textures: [String: Texture] = [:]

    init(file: String, resolver: ResourceResolver) {
        self.file = file
        self.resolver = resolver
    }

    func report(_ path: String, _ location: SourceLocation?, _ message: String, suggestion: String? = nil, exceeded: BudgetExceeded? = nil)
    {
        diagnostics.append(
            PresetDiagnostic(file: file, path: path, location: location, message: message, suggestion: suggestion, exceeded: exceeded))
    }

    func note(_ path: String, _ location: SourceLocation?, _ message: String) {
        notes.append(PresetDiagnostic(file: file, path: path, location: location, message: message))
    }

    func typeMismatch(_ path: String, _ node: JSONNode, expected: String) {
        report(path, node.location, "expected \(expected), got \(node.value.typeDescription)\(sample(node))")
    }

    private func sample(_ node: JSONNode) -> String {
        switch node.value {
        case .string(let s): " \"\(s.count > 40 ? String(s.prefix(40)) + "…" : s)\""
        case .number(let n): " \(format(n))"
        case .bool(let b): " \(b)"
        default: ""
        }
    }

    /// The members of an object, reporting a type mismatch and duplicate keys.
    func members(_ node: JSONNode, path: String, what: String) -> [JSONMember]? {
        guard case .object(let members) = node.value else {
            typeMismatch(path, node, expected: "\(what) (an object)")
            return nil
        }
        var seen = Set<String>()
        for member in members where !seen.insert(member.key).inserted {
            report(join(path, member.key), member.keyLocation, "duplicate key \"\(member.key)\"; only the first is used")
        }
        var first = Set<String>()
        return members.filter { first.insert($0.key).inserted }
    }

    /// The elements of an array, reporting a type mismatch.
    func elements(_ node: JSONNode, path: String, what: String) -> [JSONNode]? {
        guard case .array(let elements) = node.value else {
            typeMismatch(path, node, expected: "\(what) (an array)")
            return nil
        }
        return elements
    }

    func join(_ path: String, _ key: String) -> String {
        path.isEmpty ? key : "\(path).\(key)"
    }

    /// Sets `member` on `root` when one of `tables` has its key, decoded for that key's kind (a
    /// bad value is reported and left unset); false when none has it.
    func set<Root>(_ member: JSONMember, path: String, on root: inout Root, from tables: PropertyTable<Root>?...) -> Bool {
        guard let table = tables.lazy.compactMap({ $0 }).first(where: { $0[member.key] != nil }), let descriptor = table[member.key]
        else { return false }
        if let value = decode(descriptor.kind, member.value, path: path, key: member.key, guide: table.guides[member.key]) {
            descriptor.set(&root, value)
        }
        return true
    }

    /// A value of `kind` for `key`; when it is refused, the message also says what the key
    /// takes (unit, typical values, an example), so the fix can be written without looking it up.
    func decode(_ kind: PropertyKind, _ node: JSONNode, path: String, key: String, guide: PropertyGuide?) -> PropertyValue? {
        let problems = diagnostics.count
        let value = decode(kind, node, path: path)
        if value == nil, diagnostics.count == problems + 1, let hint = guide?.hint {
            if case .choice = kind {} else { diagnostics[problems].message += " (\(key): \(hint))" }
        }
        return value
    }

    /// A property value of `kind` from `node`, or nil after reporting why not.
    func decode(_ kind: PropertyKind, _ node: JSONNode, path: String) -> PropertyValue? {
        switch kind {
        case .number(let rule):
            guard case .number(let n) = node.value else {
                typeMismatch(path, node, expected: "a number")
                return nil
            }
            if let problem = rule.violation(n) {
                report(path, node.location, problem)
                return nil
            }
            return .number(n)
        case .bool:
            guard case .bool(let b) = node.value else {
                typeMismatch(path, node, expected: "true or false")
                return nil
            }
            return .bool(b)
        case .text:
            guard case .string(let s) = node.value else {
                typeMismatch(path, node, expected: "a string")
                return nil
            }
            return .string(s)
        case .choice(let options):
            guard case .string(let s) = node.value else {
                typeMismatch(path, node, expected: kind.expectation)
                return nil
            }
            guard let option = IOSSpelling.canonical(s, among: options) else {
                // What the word means comes before what it is spelled like.
                let meaning = ChoiceSynonyms.meaning(of: s, among: options)
                report(
                    path, node.location, "unknown value \"\(s)\"; expected \(kind.expectation)",
                    suggestion: meaning?.option ?? nearestKey(to: s, in: options))
                if let note = meaning?.note { diagnostics[diagnostics.count - 1].suggestionDetail = note }
                return nil
            }
            return .string(option)
        case .point, .size, .offset, .rect, .vector3:
            let count = kind.vectorCount
            guard let values = numbers(node, path: path, counts: [count], expected: kind.expectation, rule: kind.componentRule) else {
                return nil
            }
            return .vector(PropertyVector(values))
        case .color:
            return color(node, path: path).map(PropertyValue.color)
        case .transform:
            return transform(node, path: path).map(PropertyValue.transform)
        case .image:
            guard case .string(let name) = node.value else {
                typeMismatch(path, node, expected: "an image file name")
                return nil
            }
            return texture(named: name, node: node, path: path).map { .image($0) }
        case .repeatCount:
            if case .string(let s) = node.value {
                guard ["infinity", "inf", "HUGE_VALF"].contains(s) else {
                    report(
                        path, node.location, "unknown value \"\(s)\"; expected a number or \"infinity\"",
                        suggestion: nearestKey(to: s, in: ["infinity"]))
                    return nil
                }
                return .number(.infinity)
            }
            guard case .number(let n) = node.value else {
                typeMismatch(path, node, expected: kind.expectation)
                return nil
            }
            if let problem = NumberRule(minimum: 0, maximum: .greatestFiniteMagnitude).violation(n) {
                report(path, node.location, problem)
                return nil
            }
            return .number(n >= Double(Float.greatestFiniteMagnitude) ? .infinity : n)
        case .colorList:
            guard let elements = elements(node, path: path, what: kind.expectation) else { return nil }
            guard elements.count <= PropertyKind.maxListCount else {
                report(path, node.location, "at most \(PropertyKind.maxListCount) colours, got \(elements.count)")
                return nil
            }
            let colors = elements.enumerated().compactMap { i, e in color(e, path: "\(path)[\(i)]") }
            return colors.count == elements.count ? .colors(colors) : nil
        case .path:
            return bezierPath(node, path: path).map(PropertyValue.path)
        case .numberList(let rule):
            guard case .array(let elements) = node.value else {
                typeMismatch(path, node, expected: kind.expectation)
                return nil
            }
            guard elements.count <= PropertyKind.maxListCount else {
                report(path, node.location, "at most \(PropertyKind.maxListCount) numbers, got \(elements.count)")
                return nil
            }
            return numbers(node, path: path, counts: [elements.count], expected: kind.expectation, rule: rule).map { .numbers($0) }
        case .seed:
            guard case .number(let n) = node.value else {
                typeMismatch(path, node, expected: kind.expectation)
                return nil
            }
            if let problem = NumberRule(minimum: 0, maximum: Double(UInt32.max), isInteger: true).violation(n) {
                report(path, node.location, problem)
                return nil
            }
            return .number(n)
        }
    }

    /// An array of finite numbers with one of the allowed counts.
    func numbers(_ node: JSONNode, path: String, counts: [Int], expected: String, rule: NumberRule = .any) -> [Double]? {
        guard case .array(let elements) = node.value else {
            typeMismatch(path, node, expected: expected)
            return nil
        }
        guard counts.contains(elements.count) else {
            report(
                path, node.location,
                "expected \(expected): \(counts.map(String.init).joined(separator: " or ")) numbers, got \(elements.count)")
            return nil
        }
        var values: [Double] = []
        var ok = true
        for (i, element) in elements.enumerated() {
            guard case .number(let n) = element.value else {
                typeMismatch("\(path)[\(i)]", element, expected: "a number")
                ok = false
                continue
            }
            if let problem = rule.violation(n) {
                report("\(path)[\(i)]", element.location, problem)
                ok = false
            }
            values.append(n)
        }
        return ok ? values : nil
    }

    func color(_ node: JSONNode, path: String) -> Color? {
        let expected = PropertyKind.color.expectation
        switch node.value {
        case .string(let s):
            if let c = Color(hex: s) { return c }
            if let name = IOSSpelling.canonical(s, among: Color.namesForLookup), let c = Color.named[name] { return c }
            if s.hasPrefix("#") {
                report(
                    path, node.location,
                    "\"\(s)\" is not a colour; use \"#RRGGBB\", \"#RRGGBBAA\", \"#RGB\" or \"#RGBA\" with hexadecimal digits")
            } else {
                if let css = Color.cssOnlyNames[s.lowercased()] {
                    report(
                        path, node.location,
                        "unknown colour \"\(s)\": colour names are UIKit's (UIColor), and \(s) is CSS's; write its CSS value \"\(css)\"",
                        suggestion: css)
                } else {
                    report(
                        path, node.location, "unknown colour \"\(s)\" (colour names are UIKit's, UIColor's); expected \(expected)",
                        suggestion: nearestKey(to: s, in: Array(Color.named.keys).sorted()))
                }
            }
            return nil
        case .array:
            guard let v = numbers(node, path: path, counts: [3, 4], expected: "[r, g, b] or [r, g, b, a]", rule: .unit) else { return nil }
            return Color(red: v[0], green: v[1], blue: v[2], alpha: v.count == 4 ? v[3] : 1)
        case .object:
            return componentColor(node, path: path)
        default:
            typeMismatch(path, node, expected: expected)
            return nil
        }
    }

    /// A colour written as UIColor's initialisers take it: `{"white": w, "alpha": a}`,
    /// `{"red": r, "green": g, "blue": b, "alpha": a}` or `{"hue": h, "saturation": s,
    /// "brightness": b, "alpha": a}`, components 0…1, alpha optional (1).
    private func componentColor(_ node: JSONNode, path: String) -> Color? {
        guard let members = members(node, path: path, what: "a colour") else { return nil }
        let forms = [["white"], ["red", "green", "blue"], ["hue", "saturation", "brightness"]]
        let keys = Set(members.map(\.key)).subtracting(["alpha"])
        guard let form = forms.first(where: { Set($0) == keys }) else {
            let known = forms.joined().map { $0 } + ["alpha"]
            if let unknown = members.first(where: { !known.contains($0.key) }) {
                report(
                    join(path, unknown.key), unknown.keyLocation, "unknown key \"\(unknown.key)\"",
                    suggestion: nearestKey(to: unknown.key, in: known))
            } else {
                report(
                    path, node.location,
                    "a colour object has {\"white\"}, {\"red\", \"green\", \"blue\"} or {\"hue\", \"saturation\", \"brightness\"}, each with an optional \"alpha\""
                )
            }
            return nil
        }
        var values: [String: Double] = ["alpha": 1]
        var ok = true
        for member in members {
            if let n = decode(.number(.unit), member.value, path: join(path, member.key))?.number {
                values[member.key] = n
            } else {
                ok = false
            }
        }
        guard ok, let alpha = values["alpha"] else { return nil }
        switch form[0] {
        case "white": return Color(red: values["white"]!, green: values["white"]!, blue: values["white"]!, alpha: alpha)
        case "red": return Color(red: values["red"]!, green: values["green"]!, blue: values["blue"]!, alpha: alpha)
        default: return Color(hue: values["hue"]!, saturation: values["saturation"]!, brightness: values["brightness"]!, alpha: alpha)
        }
    }

    /// Sixteen numbers (m11…m44), or operations applied in order as CATransform3DTranslate,
    /// Scale and Rotate apply to the transform so far (each acts first, in its input space).
    func transform(_ node: JSONNode, path: String) -> Transform3D? {
        guard case .array(let elements) = node.value else {
            typeMismatch(path, node, expected: PropertyKind.transform.expectation)
            return nil
        }
        if elements.allSatisfy({ if case .number = $0.value { true } else { false } }), !elements.isEmpty {
            guard let values = numbers(node, path: path, counts: [16], expected: "a matrix of 16 numbers (m11 … m44)") else { return nil }
            return Transform3D(rowMajor: values)
        }
        var t = Transform3D.identity
        var ok = true
        let operations = ["translate", "scale", "rotate", "perspective"]
        for (i, element) in elements.enumerated() {
            let elementPath = "\(path)[\(i)]"
            guard let operation = members(element, path: elementPath, what: "a transform operation such as {\"translate\": [x, y, z]}")
            else {
                ok = false
                continue
            }
            guard operation.count == 1, let member = operation.first else {
                report(elementPath, element.location, "a transform operation has exactly one key: \(operations.joined(separator: ", "))")
                ok = false
                continue
            }
            let opPath = "\(elementPath).\(member.key)"
            let value = member.value
            switch member.key {
            case "translate":
                guard let v = numbers(value, path: opPath, counts: [2, 3], expected: "[x, y] or [x, y, z]") else {
                    ok = false
                    continue
                }
                t = t.translated(v[0], v[1], v.count == 3 ? v[2] : 0)
            case "scale":
                if case .number(let s) = value.value, NumberRule.any.violation(s) == nil {
                    t = t.scaled(s, s, s)
                } else {
                    guard let v = numbers(value, path: opPath, counts: [2, 3], expected: "[sx, sy] or [sx, sy, sz]") else {
                        ok = false
                        continue
                    }
                    t = t.scaled(v[0], v[1], v.count == 3 ? v[2] : 1)
                }
            case "rotate":
                if case .number(let angle) = value.value {
                    if let problem = NumberRule.any.violation(angle) {
                        report(opPath, value.location, problem)
                        ok = false
                        continue
                    }
                    t = t.rotated(angle, 0, 0, 1)
                } else if let parts = members(value, path: opPath, what: "an angle or {\"angle\": a, \"axis\": [x, y, z]}") {
                    var angle: Double?
                    var axis = [0.0, 0, 1]
                    for part in parts {
                        switch part.key {
                        case "angle":
                            angle = decode(.number(.any), part.value, path: "\(opPath).angle")?.number
                        case "axis":
                            if let v = numbers(part.value, path: "\(opPath).axis", counts: [3], expected: "[x, y, z]") {
                                if v.allSatisfy({ $0 == 0 }) {
                                    report("\(opPath).axis", part.value.location, "the rotation axis must not be [0, 0, 0]")
                                } else {
                                    axis = v
                                }
                            }
                        default:
                            report(
                                "\(opPath).\(part.key)", part.keyLocation, "unknown key \"\(part.key)\"",
                                suggestion: nearestKey(to: part.key, in: ["angle", "axis"]))
                        }
                    }
                    guard let angle else {
                        report(opPath, value.location, "missing key \"angle\" (radians)")
                        ok = false
                        continue
                    }
                    t = t.rotated(angle, axis[0], axis[1], axis[2])
                } else {
                    ok = false
                }
            case "perspective":
                guard let d = decode(.number(.positive), value, path: opPath)?.number else {
                    ok = false
                    continue
                }
                t.m34 = -1 / d
            default:
                report(
                    opPath, member.keyLocation,
                    "unknown transform operation \"\(member.key)\"; expected one of \(operations.joined(separator: ", "))",
                    suggestion: nearestKey(to: member.key, in: operations))
                ok = false
            }
        }
        return ok ? t : nil
    }

    func texture(named name: String, node: JSONNode, path: String) -> Texture? {
        if let cached = textures[name] { return cached }
        do throws(ResolveError) {
            let texture = try resolver.image(name)
            textures[name] = texture
            return texture
        } catch {
            report(path, node.location, error.message, suggestion: error.suggestion)
            return nil
        }
    }
}
