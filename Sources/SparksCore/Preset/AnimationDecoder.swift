/// Reads the `animations` of a layer: basic, keyframe and group animations with Core
/// Animation's keys, their values decoded for the property their key path names.
struct AnimationDecoder {
    /// Deepest nesting of groups.
    static let maxDepth = 8

    let reader: ValueDecoder
    let layerKind: LayerKind

    func decodeList(_ node: JSONNode, path: String, depth: Int = 1) -> [Animation] {
        guard let elements = reader.elements(node, path: path, what: "a list of animations") else { return [] }
        if depth > Self.maxDepth {
            reader.report(path, node.location, "animation groups nest deeper than \(Self.maxDepth) levels")
            return []
        }
        return elements.enumerated().compactMap { i, element in decode(element, path: "\(path)[\(i)]", depth: depth) }
    }

    func decode(_ node: JSONNode, path: String, depth: Int) -> Animation? {
        guard let members = reader.members(node, path: path, what: "an animation") else { return nil }
        func member(_ key: String) -> JSONMember? { members.first { $0.key == key } }
        let typeNames = Animation.TypeName.allCases.map(\.rawValue)
        guard let typeMember = member("type") else {
            reader.report(path, node.location, "missing key \"type\" (\"basic\", \"spring\", \"keyframe\" or \"group\")")
            return nil
        }
        guard case .string(let typeName)? = reader.decode(.choice(typeNames), typeMember.value, path: "\(path).type"),
            let type = Animation.TypeName(rawValue: typeName)
        else { return nil }
        let allowed = type.keys
        for m in members where !allowed.contains(m.key) {
            let elsewhere = Animation.TypeName.allCases.contains { $0.keys.contains(m.key) }
            reader.report(
                "\(path).\(m.key)", m.keyLocation,
                elsewhere ? "\"\(m.key)\" does not belong to a \(typeName) animation" : "unknown key \"\(m.key)\"",
                suggestion: elsewhere ? nil : nearestKey(to: m.key, in: allowed))
        }

        // Target and value kind.
        var target: PropertyAddress?
        var valueKind = PropertyKind.bool
        var keyPath: String?
        if type != .group {
            guard let keyPathMember = member("keyPath") else {
                reader.report(path, node.location, "missing key \"keyPath\" (the property to animate, such as \"position.y\")")
                return nil
            }
            guard case .string(let text)? = reader.decode(.text, keyPathMember.value, path: "\(path).keyPath") else { return nil }
            do throws(KeyPathError) {
                (target, valueKind) = try PropertyAddress.resolve(text, on: layerKind)
                keyPath = text
            } catch {
                reader.report("\(path).keyPath", keyPathMember.value.location, error.reason, suggestion: error.suggestion)
                return nil
            }
        }
        // A value function changes what the values are: read it before them.
        var valueFunction: ValueFunction?
        if type != .group, let m = member("valueFunction") {
            guard
                case .string(let name)? = reader.decode(
                    .choice(ValueFunction.allCases.map(\.rawValue)), m.value, path: "\(path).valueFunction"),
                let function = ValueFunction(rawValue: name)
            else { return nil }
            guard valueKind == .transform else {
                reader.report(
                    "\(path).valueFunction", m.keyLocation,
                    "a value function animates a whole transform (keyPath \"transform\", \"sublayerTransform\" or \"instanceTransform\")")
                return nil
            }
            valueFunction = function
            valueKind = function.inputKind
        }

        var kind: Animation.Kind
        switch type {
        case .basic, .spring:
            func value(_ key: String) -> PropertyValue? {
                member(key).flatMap { reader.decode(valueKind, $0.value, path: "\(path).\(key)") }
            }
            kind = .basic(from: value("fromValue"), to: value("toValue"), by: value("byValue"))
        case .keyframe:
            guard let keyframes = decodeKeyframeValues(members, path: path, node: node, valueKind: valueKind) else { return nil }
            kind = .keyframe(keyframes)
        case .group:
            guard let children = member(PresetSlot.groupAnimations.key) else {
                reader.report(path, node.location, "missing key \"animations\" (the group's children)")
                return nil
            }
            kind = .group(decodeList(children.value, path: "\(path).animations", depth: depth + 1))
        }

        var animation = Animation(kind: kind, keyPath: keyPath, target: target)
        animation.valueFunction = valueFunction
        if type == .spring { animation.spring = Spring() }
        for m in members { _ = reader.set(m, path: "\(path).\(m.key)", on: &animation, from: Animation.table, type.extraTable) }
        if let m = member("timingFunction") { animation.timingFunction = timingFunction(m.value, path: "\(path).timingFunction") }
        if let spring = animation.spring, animation.timing.duration > 0 || depth <= 1 {
            // A spring moves by its seconds: a shorter animation cuts it off (core-animation.md §4.5).
            let lasts = animation.timing.duration > 0 ? animation.timing.duration : Animation.defaultDuration
            let settles = spring.settlingDuration
            if lasts < settles - 1e-6 {
                let seconds = { (s: Double) in String((s * 100).rounded() / 100) }
                reader.note(
                    path, node.location,
                    "the spring settles in \(seconds(settles)) s but the animation lasts \(seconds(lasts)) s: the layer jumps to its "
                        + "end value then, as on iOS; \"duration\": \(seconds(settles)) lets it settle")
            }
        }
        if var keyframes = animation.keyframes {
            decodeKeyframeTiming(members, path: path, into: &keyframes)
            animation.keyframes = keyframes
        }
        return animation
    }

    /// The values or path of a keyframe animation.
    private func decodeKeyframeValues(
        _ members: [JSONMember], path: String, node: JSONNode, valueKind: PropertyKind
    ) -> Animation.Keyframes? {
        func member(_ key: String) -> JSONMember? { members.first { $0.key == key } }
        var keyframes = Animation.Keyframes()
        if let m = member("path") {
            guard valueKind == .point else {
                reader.report("\(path).path", m.keyLocation, "a path can only animate a point property such as position or emitterPosition")
                return nil
            }
            guard let p = reader.bezierPath(m.value, path: "\(path).path") else { return nil }
            keyframes.path = p
        } else if let m = member("values") {
            guard let elements = reader.elements(m.value, path: "\(path).values", what: "a list of values") else { return nil }
            guard !elements.isEmpty else {
                reader.report("\(path).values", m.value.location, "a keyframe animation needs at least one value")
                return nil
            }
            let values = elements.enumerated().compactMap { i, e in reader.decode(valueKind, e, path: "\(path).values[\(i)]") }
            guard values.count == elements.count else { return nil }
            keyframes.values = values
        } else {
            reader.report(path, node.location, "a keyframe animation needs \"values\" or \"path\"")
            return nil
        }
        return keyframes
    }

    /// The key times and per-interval curves of a keyframe animation, checked against its
    /// values (or path) and calculation mode.
    private func decodeKeyframeTiming(_ members: [JSONMember], path: String, into keyframes: inout Animation.Keyframes) {
        func member(_ key: String) -> JSONMember? { members.first { $0.key == key } }
        let intervals = keyframes.path?.segments.count ?? keyframes.values.count - 1
        if let m = member("keyTimes") {
            let expected = keyframes.calculationMode == .discrete ? intervals + 2 : intervals + 1
            if let times = reader.numbers(
                m.value, path: "\(path).keyTimes", counts: [expected],
                expected:
                    "\(expected) key times for \(keyframes.path == nil ? "\(keyframes.values.count) values" : "a path of \(intervals) segments") in \(keyframes.calculationMode.rawValue) mode",
                rule: .unit)
            {
                if zip(times, times.dropFirst()).contains(where: { $0 > $1 }) {
                    reader.report("\(path).keyTimes", m.value.location, "key times must not decrease")
                } else {
                    keyframes.keyTimes = times
                }
            }
        }
        if let m = member("timingFunctions") {
            guard let elements = reader.elements(m.value, path: "\(path).timingFunctions", what: "a list of timing functions") else {
                return
            }
            if elements.count != intervals {
                reader.report(
                    "\(path).timingFunctions", m.value.location,
                    "expected \(intervals) timing functions (one per interval between keyframes), got \(elements.count)")
            }
            keyframes.timingFunctions = elements.enumerated().compactMap { i, e in timingFunction(e, path: "\(path).timingFunctions[\(i)]")
            }
        }
    }

    /// A named curve or four control-point numbers.
    func timingFunction(_ node: JSONNode, path: String) -> TimingFunction? {
        if case .string(let name) = node.value {
            if let canonical = IOSSpelling.canonical(name, among: Array(TimingFunction.named.keys)), let f = TimingFunction.named[canonical]
            {
                return f
            }
            let names = TimingFunction.named.keys.sorted()
            reader.report(
                path, node.location,
                "unknown timing function \"\(name)\"; expected one of \(names.map { "\"\($0)\"" }.joined(separator: ", ")) or [x1, y1, x2, y2]",
                suggestion: nearestKey(to: name, in: names))
            return nil
        }
        guard let v = reader.numbers(node, path: path, counts: [4], expected: "a timing function name or [x1, y1, x2, y2]") else {
            return nil
        }
        if !(0...1).contains(v[0]) || !(0...1).contains(v[2]) {
            reader.report(path, node.location, "control point x values must be within 0…1")
            return nil
        }
        return TimingFunction(v[0], v[1], v[2], v[3])
    }
}
