#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A CAML document (Core Animation's XML archive of a layer tree, as Apple's tools, the
/// `.ca` bundles of iOS and CAPlayground write it) read into a preset's JSON.
///
/// CAML names objects by class (`<CALayer>`, `<CAEmitterCell>`) or by key with a `type`
/// (`<animation type="CABasicAnimation">`, `<p key=… type=…>`), and properties by key: simple
/// values fold into attributes, others are child elements. Every key is read by the kind the
/// preset's own property tables give it (the one description the decoder, the schema and the
/// writer use), so a property Sparks draws is read whatever element it is on. What Sparks
/// does not draw is named in one note per key, never dropped silently; states and transitions
/// (`LKState`) are noted and their base state drawn.
struct CAMLReader {
    var reading: ForeignReading
    /// Keys Sparks does not draw, with how many elements had them.
    private var leftOut: [String: Int] = [:]
    /// Whether the document's own settings (`index.xml`) flip the root layer's geometry.
    let flipsRoot: Bool

    init(reading: ForeignReading, flipsRoot: Bool) {
        self.reading = reading
        self.flipsRoot = flipsRoot
    }

    /// The preset for the document whose root element is `caml`.
    mutating func preset(_ caml: MarkupElement, name: String) -> PresetJSON {
        var members: [(String, PresetJSON)] = [("name", .string(name))]
        let layers = caml.children.filter { !Self.notLayers.contains($0.name) }
        for other in caml.children where Self.notLayers.contains(other.name) { noteStates(other) }
        guard let root = layers.first else {
            reading.note("caml", "the document has no layer; nothing is drawn")
            members.append(("canvas", .object([("width", .number(400)), ("height", .number(300))])))
            members.append(("layers", .array([])))
            return .object(members)
        }
        if layers.count > 1 { reading.note("caml", "\(layers.count) root elements: the first, <\(root.name)>, is read") }
        var rootLayer = layer(root, depth: 0)
        let bounds = root.attribute("bounds").flatMap(CAMLSpelling.numbers(from:)) ?? []
        let width = bounds.count == 4 && bounds[2] >= 1 ? min(8192, bounds[2].rounded()) : 400
        let height = bounds.count == 4 && bounds[3] >= 1 ? min(8192, bounds[3].rounded()) : 300
        var canvas: [(String, PresetJSON)] = [("width", .number(width)), ("height", .number(height))]
        // Sparks's own preset keys, kept by its writer on the root layer.
        for (attribute, key) in [("sparksDescription", "description"), ("sparksStepRate", "stepRate"), ("sparksStartup", "startup")] {
            guard let text = root.attribute(attribute) else { continue }
            members.append(
                (key, key == "stepRate" ? (CAMLSpelling.number(from: text).map(PresetJSON.number) ?? .string(text)) : .string(text)))
        }
        if flipsRoot { rootLayer = Self.setting("geometryFlipped", to: .bool(true), in: rootLayer) }
        // A plain root the size of the document is the canvas: its colour the background, its
        // sublayers the preset's layers.
        if case .object(let fields) = rootLayer, Self.isPlainRoot(fields, width: width, height: height) {
            if let name = fields.first(where: { $0.0 == "name" })?.1, case .string(let text) = name, !text.isEmpty {
                members[0] = ("name", .string(text))
            }
            if let background = fields.first(where: { $0.0 == "backgroundColor" })?.1 { canvas.append(("background", background)) }
            members.append(("canvas", .object(canvas)))
            members.append(("layers", fields.first { $0.0 == "sublayers" }?.1 ?? .array([])))
        } else {
            members.append(("canvas", .object(canvas)))
            members.append(("layers", .array([rootLayer])))
        }
        let ignored = leftOut.sorted { $0.key < $1.key }.map { "\($0.key) (\($0.value)×)" }
        if !ignored.isEmpty {
            reading.note("caml", "not drawn by Sparks, left out: " + ignored.joined(separator: ", "))
        }
        return .object(members)
    }

    /// Elements of a document or layer that hold no layer properties: states, their
    /// transitions and scripts.
    static let notLayers: Set<String> = [
        "states", "stateTransitions", "modules", "scriptComponents", "style", "LKState", "LKStateTransition",
    ]

    private static let rootKeys: Set<String> = ["type", "name", "bounds", "position", "backgroundColor", "sublayers", "allowsGroupOpacity"]

    private static func isPlainRoot(_ fields: [(String, PresetJSON)], width: Double, height: Double) -> Bool {
        guard fields.allSatisfy({ rootKeys.contains($0.0) }) else { return false }
        func numbers(_ key: String) -> [Double]? {
            guard case .array(let items)? = fields.first(where: { $0.0 == key })?.1 else { return nil }
            return items.compactMap { if case .number(let n) = $0 { n } else { nil } }
        }
        return numbers("bounds") == [0, 0, width, height] && numbers("position") == [width / 2, height / 2]
    }

    private static func setting(_ key: String, to value: PresetJSON, in element: PresetJSON) -> PresetJSON {
        guard case .object(var fields) = element else { return element }
        fields.removeAll { $0.0 == key }
        fields.insert((key, value), at: min(2, fields.count))
        return .object(fields)
    }

    private mutating func noteStates(_ element: MarkupElement) {
        switch element.name {
        case "states", "LKState":
            reading.note("states", "states (\(element.children.count)) are switched by the app at run time; the base state is drawn")
        case "stateTransitions", "LKStateTransition":
            reading.note("stateTransitions", "transitions between states run when the app switches state; not drawn")
        default:
            reading.note(element.name, "<\(element.name)> is not drawn by Sparks; left out")
        }
    }

    // MARK: Elements

    /// The preset layer for a CAML layer element.
    mutating func layer(_ element: MarkupElement, depth: Int) -> PresetJSON {
        let (type, note) = CAMLSpelling.layerType(ofClass: element.name)
        if let note { reading.note(element.attribute("name") ?? element.name, note) }
        var members: [(String, PresetJSON)] = [("type", .string(type))]
        read(element, as: .layer, type: type, into: &members, depth: depth)
        return .object(members)
    }

    /// Reads `element`'s properties (attributes and child elements) and the elements it holds.
    private mutating func read(
        _ element: MarkupElement, as kind: PresetElement, type: String?, into members: inout [(String, PresetJSON)], depth: Int
    ) {
        let slots = kind.slots(ofType: type)
        var seen = Set(members.map(\.0))
        func add(_ key: String, _ value: PresetJSON) {
            guard !seen.contains(key) else { return }
            seen.insert(key)
            members.append((key, value))
        }
        for (name, text) in element.attributes {
            if ["id", "object", "xmlns"].contains(name) || name.hasPrefix("xmlns:") || name.hasPrefix("sparks") { continue }
            if kind == .animation, name == "type" { continue }
            if name.contains(".") {
                // A key path set alongside (transform.rotation.z beside transform).
                let base = String(name.split(separator: ".").first ?? "")
                if element.attribute(base) == nil { leftOut[name, default: 0] += 1 }
                continue
            }
            let key = CAMLSpelling.presetKey(of: name, type: type)
            if seen.contains(key) { continue }
            guard let propertyKind = Self.kind(of: key, in: kind, type: type) else {
                leftOut[name, default: 0] += 1
                continue
            }
            if let value = attributeValue(text, kind: propertyKind, key: key, element: element) { add(key, value) }
        }
        for child in element.children {
            if let slot = slots.first(where: { $0.key == child.name }) {
                guard depth < 64 else {
                    reading.note(child.name, "nested more than 64 deep; the deeper elements are left out")
                    continue
                }
                let items = child.children.compactMap { item(of: slot.element, $0, layerType: type, depth: depth + 1) }
                if slot.isList {
                    add(slot.key, .array(items))
                } else if let first = items.first {
                    add(slot.key, first)
                }
                continue
            }
            if Self.notLayers.contains(child.name) {
                noteStates(child)
                continue
            }
            let key = CAMLSpelling.presetKey(of: child.name, type: type)
            if seen.contains(key) { continue }
            guard let propertyKind = Self.kind(of: key, in: kind, type: type) else {
                leftOut[child.name, default: 0] += 1
                continue
            }
            if let value = childValue(child, kind: propertyKind, key: key) { add(key, value) }
        }
    }

    /// An element of a slot (a layer, cell, behaviour or animation), or nil when it is not one.
    private mutating func item(of element: PresetElement, _ node: MarkupElement, layerType: String?, depth: Int) -> PresetJSON? {
        switch element {
        case .layer:
            return layer(node, depth: depth)
        case .cell:
            var members: [(String, PresetJSON)] = []
            read(node, as: .cell, type: nil, into: &members, depth: depth)
            return .object(members)
        case .behavior:
            let type = node.attribute("type") ?? node.child("type")?.attribute("value") ?? ""
            var members: [(String, PresetJSON)] = [("type", .string(type))]
            read(node, as: .behavior, type: type, into: &members, depth: depth)
            return .object(members)
        case .animation:
            return animation(node, layerType: layerType ?? "layer", depth: depth)
        case .preset, .canvas:
            return nil
        }
    }

    // MARK: Animations

    private mutating func animation(_ node: MarkupElement, layerType: String, depth: Int) -> PresetJSON? {
        let className = node.name == "animation" || node.name == "p" ? (node.attribute("type") ?? "") : node.name
        let type: String
        switch className {
        case "CABasicAnimation": type = "basic"
        case "CASpringAnimation": type = "spring"
        case "CAKeyframeAnimation": type = "keyframe"
        case "CAAnimationGroup": type = "group"
        default:
            reading.note(
                "animation", "\(className.isEmpty ? "an animation without a type" : className) is not an animation Sparks runs; left out")
            return nil
        }
        var members: [(String, PresetJSON)] = [("type", .string(type))]
        let keyPath = node.attribute("keyPath") ?? ""
        if type != "group" { members.append(("keyPath", .string(keyPath))) }
        if let key = node.attribute("key") { members.append(("key", .string(key))) }
        // The kind of the animated values: the key path's, or a value function's input.
        var valueKind = (try? PropertyAddress.resolve(keyPath, on: LayerKind(rawValue: layerType) ?? .layer).1) ?? PropertyKind.number(.any)
        if let function = node.attribute("valueFunction") ?? node.child("valueFunction")?.attribute("name") {
            members.append(("valueFunction", .string(function)))
            if let f = ValueFunction(rawValue: function) { valueKind = f.inputKind }
        }
        for key in ["fromValue", "toValue", "byValue"] where type == "basic" || type == "spring" {
            if let child = node.child(key), let value = childValue(child, kind: valueKind, key: key) {
                members.append((key, value))
            } else if let text = node.attribute(key), let value = attributeValue(text, kind: valueKind, key: key, element: node) {
                members.append((key, value))
            }
        }
        if type == "keyframe" {
            if let values = node.child("values") {
                members.append(("values", .array(values.children.compactMap { typedValue($0, kind: valueKind, key: "values") })))
            } else if let path = node.attribute("path").flatMap(CAMLSpelling.svgPath(from:)) {
                members.append(("path", .string(path)))
            }
            if let times = node.child("keyTimes") {
                members.append(
                    (
                        "keyTimes",
                        .array(
                            times.children.compactMap { $0.attribute("value").flatMap(CAMLSpelling.number(from:)).map(PresetJSON.number) })
                    ))
            }
            if let curves = node.child("timingFunctions") {
                members.append(("timingFunctions", .array(curves.children.compactMap(timingFunction))))
            }
        }
        if let curve = node.attribute("timingFunction").flatMap(timingFunction(text:))
            ?? node.child("timingFunction").flatMap(timingFunction)
        {
            members.append(("timingFunction", curve))
        }
        if type == "group", let children = node.child("animations") {
            members.append(("animations", .array(children.children.compactMap { animation($0, layerType: layerType, depth: depth + 1) })))
        }
        let structural: Set<String> = [
            "type", "key", "keyPath", "valueFunction", "fromValue", "toValue", "byValue", "values", "path", "keyTimes", "timingFunction",
            "timingFunctions", "animations",
        ]
        let table = Animation.table.keys + (Animation.TypeName(rawValue: type)?.extraTable?.keys ?? [])
        for (name, text) in node.attributes where !structural.contains(name) && !["id", "object"].contains(name) {
            guard table.contains(name), let kind = Self.kind(of: name, in: .animation, type: type) else {
                if !["velocity", "enabled"].contains(name) || className != "CASpringAnimation" { leftOut[name, default: 0] += 1 }
                continue
            }
            if let value = attributeValue(text, kind: kind, key: name, element: node) { members.append((name, value)) }
        }
        return .object(members)
    }

    private func timingFunction(text: String) -> PresetJSON? {
        if TimingFunction.named[text] != nil { return .string(text) }
        let names = ["easeInEaseOut": "easeInEaseOut", "ease-in-out": "easeInEaseOut", "ease-in": "easeIn", "ease-out": "easeOut"]
        if let name = names[text] { return .string(name) }
        if let points = CAMLSpelling.numbers(from: text), points.count == 4 { return .array(points.map(PresetJSON.number)) }
        return nil
    }

    private func timingFunction(_ node: MarkupElement) -> PresetJSON? {
        if let name = node.attribute("name") ?? node.attribute("value") { return timingFunction(text: name) }
        if let points = node.attribute("controlPoints") { return timingFunction(text: points) }
        return nil
    }

    // MARK: Values

    /// The kind of `key` on an element of `kind` (a layer of `type`).
    static func kind(of key: String, in kind: PresetElement, type: String?) -> PropertyKind? {
        switch kind {
        case .layer:
            let layerKind = LayerKind(rawValue: type ?? "") ?? .layer
            return LayerProperties.table[key]?.kind ?? layerKind.contentTable?[key]?.kind
        case .cell: return EmitterCell.table[key]?.kind
        case .behavior: return EmitterBehavior.table[key]?.kind
        case .animation:
            return Animation.table[key]?.kind
                ?? (type.flatMap(Animation.TypeName.init(rawValue:))?.extraTable ?? Animation.keyframeTable)[key]?.kind
        case .canvas: return CanvasDescription.table[key]?.kind
        case .preset: return SceneDescription.table[key]?.kind
        }
    }

    /// A value written as an attribute.
    private mutating func attributeValue(_ text: String, kind: PropertyKind, key: String, element: MarkupElement) -> PresetJSON? {
        func bad(_ why: String) -> PresetJSON? {
            reading.note(key, "\"\(text.count > 60 ? String(text.prefix(60)) + "…" : text)\" \(why); left out")
            return nil
        }
        switch kind {
        case .number, .seed:
            guard let n = CAMLSpelling.number(from: text), n.isFinite else { return bad("is not a number") }
            return .number(n)
        case .repeatCount:
            guard let n = CAMLSpelling.number(from: text) else { return bad("is not a number") }
            return n.isInfinite ? .string("infinity") : .number(n)
        case .bool:
            guard let n = CAMLSpelling.number(from: text) else { return bad("is not 0 or 1") }
            return .bool(n != 0)
        case .text, .choice:
            return .string(text)
        case .point, .size, .offset, .rect, .vector3:
            guard let values = CAMLSpelling.numbers(from: text), values.count == kind.vectorCount else {
                return bad("is not \(kind.vectorCount) numbers")
            }
            return .array(values.map(PresetJSON.number))
        case .color:
            return color(value: text, opacity: element.attribute("\(key)Opacity"), key: key)
        case .transform:
            let (value, problem) = CAMLSpelling.transformJSON(from: text)
            if let problem { return bad(problem) }
            return value
        case .path:
            guard let svg = CAMLSpelling.svgPath(from: text) else { return bad("is not a path Sparks reads (m, l, q, c and z)") }
            return .string(svg)
        case .numberList:
            guard let values = CAMLSpelling.numbers(from: text) else { return bad("is not a list of numbers") }
            return .array(values.map(PresetJSON.number))
        case .image:
            return image(src: text)
        case .colorList:
            return bad("is a list of colours, which CAML writes as <CGColor> elements")
        }
    }

    /// A value written as a child element `<key …>` (a colour with its opacity, an image, a
    /// list, or any value with a `type` and `value`).
    private mutating func childValue(_ node: MarkupElement, kind: PropertyKind, key: String) -> PresetJSON? {
        switch kind {
        case .colorList:
            return .array(node.children.compactMap { typedValue($0, kind: .color, key: key) })
        case .numberList:
            if node.children.isEmpty, let text = node.attribute("value") {
                return attributeValue(text, kind: kind, key: key, element: node)
            }
            return .array(node.children.compactMap { $0.attribute("value").flatMap(CAMLSpelling.number(from:)).map(PresetJSON.number) })
        default:
            return typedValue(node, kind: kind, key: key)
        }
    }

    /// One value: `<CGColor value opacity>`, `<CGImage src>`, `<real value>`, `<CGPoint
    /// value>`, `<key type="…" value="…">` or an element holding one of these.
    private mutating func typedValue(_ node: MarkupElement, kind: PropertyKind, key: String) -> PresetJSON? {
        var isList = kind == .colorList
        if case .numberList = kind { isList = true }
        if isList {
            // A list: `<NSArray>` (or an element of that type) holding one element per entry.
            if node.name != "NSArray", node.attribute("type") != "NSArray", node.children.count == 1, let inner = node.children.first {
                return typedValue(inner, kind: kind, key: key)
            }
            return childValue(node, kind: kind, key: key)
        }
        if kind == .color, let value = node.attribute("value") { return color(value: value, opacity: node.attribute("opacity"), key: key) }
        if kind == .image || node.name == "CGImage" || node.attribute("type") == "CGImage" {
            if let src = node.attribute("src") { return image(src: src) }
            if let inner = node.children.first { return typedValue(inner, kind: kind, key: key) }
            return nil
        }
        if let value = node.attribute("value") { return attributeValue(value, kind: kind, key: key, element: node) }
        if let inner = node.children.first { return typedValue(inner, kind: kind, key: key) }
        if !node.text.trimmedOfWhiteSpace.isEmpty {
            return attributeValue(node.text.trimmedOfWhiteSpace, kind: kind, key: key, element: node)
        }
        return nil
    }

    private mutating func color(value: String, opacity: String?, key: String) -> PresetJSON? {
        guard var components = CAMLSpelling.numbers(from: value), components.count == 3 || components.count == 4 || components.count == 1
        else {
            reading.note(key, "\"\(value)\" is not a colour (r g b); left out")
            return nil
        }
        if components.count == 1 { components = [components[0], components[0], components[0]] }
        if components.count == 3 { components.append(opacity.flatMap(CAMLSpelling.number(from:)) ?? 1) }
        // Extended-range components (Display P3 beyond sRGB) are drawn clamped.
        return .array(components.map { .number(min(1, max(0, $0))) })
    }

    /// An image named by a CAML `src`: a path inside the bundle (`assets/x.png`).
    private mutating func image(src: String) -> PresetJSON? {
        let trimmed = src.trimmedOfWhiteSpace
        guard !trimmed.isEmpty else { return nil }
        if trimmed.hasPrefix("/") || trimmed.contains("..") || trimmed.contains("://") {
            reading.note("contents", "\"\(trimmed)\" is outside the document's folder; not read")
            return nil
        }
        guard let texture = try? reading.resolver.image(trimmed) else {
            reading.note("contents", "image \"\(trimmed)\" is not in the document's folder; left out")
            return nil
        }
        let fileName = String(trimmed.split(separator: "/").last ?? Substring(trimmed))
        return .string(reading.register(texture, preferredName: fileName).name)
    }
}
