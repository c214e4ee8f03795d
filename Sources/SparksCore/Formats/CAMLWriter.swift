#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A preset as a CAML document (the `main.caml` of a `.ca` bundle): a root `CALayer` the size
/// of the canvas, coloured as its background, holding the preset's layers; every key that
/// differs from Core Animation's default, spelled by its kind as ``CAMLReader`` reads it back
/// (one walk of the preset's elements and slots, the same ``PresetElement`` description the
/// decoder reads).
public struct CAMLDocument: Sendable {
    /// The document's text.
    public var text: String
    /// The images it names, each to be written to the bundle's `assets/` under its name.
    public var images: [Texture]
    /// What iOS may read differently (a transform spelled as a matrix).
    public var notes: [String]

    /// The document for `scene`.
    public init(_ scene: SceneDescription) {
        var writer = CAMLWriter()
        text = writer.document(PresetEncoder.json(scene))
        var seen = Set<String>()
        images = scene.textureUses.map(\.texture).filter { seen.insert($0.name).inserted }
        notes = writer.notes
    }

    /// Where a bundle keeps its images.
    public static let assetsFolder = "assets"

    /// The bundle's `index.xml`, which names the document and its size.
    public static func index(width: Double, height: Double) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict>
        \t<key>documentHeight</key>
        \t<real>\(PresetJSON.numberText(height))</real>
        \t<key>documentResizesToView</key>
        \t<false/>
        \t<key>documentWidth</key>
        \t<real>\(PresetJSON.numberText(width))</real>
        \t<key>geometryFlipped</key>
        \t<false/>
        \t<key>rootDocument</key>
        \t<string>main.caml</string>
        </dict>
        </plist>

        """
    }
}

struct CAMLWriter {
    var notes: [String] = []
    private var lines: [String] = []

    /// One element: its name, attributes and the lines of its children.
    private struct Element {
        var name: String
        var attributes: [(String, String)] = []
        var children: [Element] = []
    }

    mutating func document(_ preset: PresetJSON) -> String {
        guard case .object(let members) = preset else { return "" }
        func member(_ key: String) -> PresetJSON? { members.first { $0.0 == key }?.1 }
        var width = 400.0, height = 300.0
        var root = Element(name: "CALayer")
        if case .string(let name)? = member("name") { root.attributes.append(("name", CAMLSpelling.escaped(name))) }
        if case .object(let canvas)? = member(PresetSlot.canvas.key) {
            for (key, value) in canvas {
                if key == "width", case .number(let n) = value { width = n }
                if key == "height", case .number(let n) = value { height = n }
            }
            root.attributes.append(("bounds", CAMLSpelling.numbersText([0, 0, width, height])))
            root.attributes.append(("position", CAMLSpelling.numbersText([width / 2, height / 2])))
            if let background = canvas.first(where: { $0.0 == "background" })?.1 {
                write(key: "backgroundColor", value: background, kind: .color, into: &root)
            }
        }
        for (key, attribute) in [("description", "sparksDescription"), ("stepRate", "sparksStepRate"), ("startup", "sparksStartup")] {
            switch member(key) {
            case .string(let text)?: root.attributes.append((attribute, CAMLSpelling.escaped(text)))
            case .number(let n)?: root.attributes.append((attribute, CAMLSpelling.number(n)))
            default: break
            }
        }
        if case .array(let layers)? = member(PresetSlot.layers.key), !layers.isEmpty {
            root.children.append(
                Element(name: PresetSlot.sublayers.key, children: layers.map { element($0, as: .layer, layerType: nil, path: "layers") }))
        }
        lines = ["<?xml version=\"1.0\" encoding=\"UTF-8\"?>", "<caml xmlns=\"\(CAMLSpelling.namespace)\">"]
        emit(root, depth: 1)
        lines.append("</caml>")
        return lines.joined(separator: "\n") + "\n"
    }

    private mutating func emit(_ element: Element, depth: Int) {
        let pad = String(repeating: "  ", count: depth)
        let attributes = element.attributes.map { " \($0.0)=\"\($0.1)\"" }.joined()
        if element.children.isEmpty {
            lines.append("\(pad)<\(element.name)\(attributes)/>")
            return
        }
        lines.append("\(pad)<\(element.name)\(attributes)>")
        for child in element.children { emit(child, depth: depth + 1) }
        lines.append("\(pad)</\(element.name)>")
    }

    /// A layer, cell, behaviour or animation with its keys and the elements it holds.
    private mutating func element(_ json: PresetJSON, as kind: PresetElement, layerType: String?, path: String) -> Element {
        guard case .object(let members) = json else { return Element(name: "CALayer") }
        let type = members.first { $0.0 == "type" }.flatMap { if case .string(let s) = $0.1 { s } else { nil } }
        var element: Element
        switch kind {
        case .layer: element = Element(name: CAMLSpelling.layerClass(ofType: type ?? "layer"))
        case .cell: element = Element(name: "CAEmitterCell")
        case .behavior:
            element = Element(name: "CAEmitterBehavior")
            element.children.append(Element(name: "type", attributes: [("value", CAMLSpelling.escaped(type ?? ""))]))
        case .animation:
            return animation(members, type: type ?? "basic", layerType: layerType ?? "layer", path: path)
        case .preset, .canvas:
            return Element(name: "CALayer")
        }
        let slots = kind.slots(ofType: type)
        for (key, value) in members where key != "type" {
            if let slot = slots.first(where: { $0.key == key }) {
                let items: [PresetJSON]
                if case .array(let list) = value { items = list } else { items = [value] }
                let childType = kind == .layer ? type : layerType
                element.children.append(
                    Element(
                        name: slot.key,
                        children: items.enumerated().map { i, item in
                            self.element(item, as: slot.element, layerType: childType, path: "\(path).\(key)[\(i)]")
                        }))
                continue
            }
            guard let propertyKind = CAMLReader.kind(of: key, in: kind, type: type) else { continue }
            write(key: CAMLSpelling.camlName(of: key, type: type), value: value, kind: propertyKind, into: &element, path: "\(path).\(key)")
        }
        return element
    }

    private mutating func animation(_ members: [(String, PresetJSON)], type: String, layerType: String, path: String) -> Element {
        func member(_ key: String) -> PresetJSON? { members.first { $0.0 == key }?.1 }
        func string(_ key: String) -> String? { if case .string(let s)? = member(key) { s } else { nil } }
        let className =
            ["basic": "CABasicAnimation", "spring": "CASpringAnimation", "keyframe": "CAKeyframeAnimation", "group": "CAAnimationGroup"][
                type]
            ?? "CABasicAnimation"
        var element = Element(name: "animation", attributes: [("type", className)])
        if let key = string("key") { element.attributes.append(("key", CAMLSpelling.escaped(key))) }
        let keyPath = string("keyPath") ?? ""
        if type != "group" { element.attributes.append(("keyPath", CAMLSpelling.escaped(keyPath))) }
        var valueKind = (try? PropertyAddress.resolve(keyPath, on: LayerKind(rawValue: layerType) ?? .layer).1) ?? PropertyKind.number(.any)
        if let function = string("valueFunction") {
            element.attributes.append(("valueFunction", CAMLSpelling.escaped(function)))
            if let f = ValueFunction(rawValue: function) { valueKind = f.inputKind }
        }
        for (key, value) in members {
            switch key {
            case "type", "key", "keyPath", "valueFunction": continue
            case "fromValue", "toValue", "byValue":
                if let typed = typed(value, kind: valueKind, name: key, path: "\(path).\(key)") { element.children.append(typed) }
            case "values":
                guard case .array(let values) = value else { continue }
                element.children.append(
                    Element(
                        name: "values",
                        children: values.enumerated().compactMap { i, v in
                            typed(v, kind: valueKind, name: nil, path: "\(path).values[\(i)]")
                        }))
            case "keyTimes":
                guard case .array(let times) = value else { continue }
                element.children.append(
                    Element(name: "keyTimes", children: times.map { Element(name: "real", attributes: [("value", scalar($0))]) }))
            case "path":
                if case .array(let commands) = value { element.attributes.append(("path", CAMLSpelling.pathText(commands))) }
            case "timingFunction":
                element.attributes.append(("timingFunction", timingFunction(value)))
            case "timingFunctions":
                guard case .array(let curves) = value else { continue }
                element.children.append(
                    Element(
                        name: "timingFunctions",
                        children: curves.map { curve in
                            if case .string(let name) = curve {
                                return Element(name: "CAMediaTimingFunction", attributes: [("name", name)])
                            }
                            return Element(name: "CAMediaTimingFunction", attributes: [("controlPoints", timingFunction(curve))])
                        }))
            case PresetSlot.groupAnimations.key:
                guard case .array(let children) = value else { continue }
                element.children.append(
                    Element(
                        name: "animations",
                        children: children.enumerated().compactMap { i, child in
                            guard case .object(let fields) = child else { return nil }
                            let childType =
                                fields.first { $0.0 == "type" }.flatMap { if case .string(let s) = $0.1 { s } else { nil } } ?? "basic"
                            return animation(fields, type: childType, layerType: layerType, path: "\(path).animations[\(i)]")
                        }))
            default:
                guard let kind = CAMLReader.kind(of: key, in: .animation, type: type) else { continue }
                write(key: key, value: value, kind: kind, into: &element, path: "\(path).\(key)")
            }
        }
        return element
    }

    private func timingFunction(_ value: PresetJSON) -> String {
        switch value {
        case .string(let name): return CAMLSpelling.escaped(name)
        case .array(let points): return points.map(scalar).joined(separator: " ")
        default: return "default"
        }
    }

    private func scalar(_ value: PresetJSON) -> String {
        switch value {
        case .number(let n): return CAMLSpelling.number(n)
        case .bool(let b): return b ? "1" : "0"
        case .string(let s): return CAMLSpelling.escaped(s)
        default: return ""
        }
    }

    private func numbers(_ value: PresetJSON) -> [Double] {
        guard case .array(let items) = value else { return [] }
        return items.compactMap { if case .number(let n) = $0 { n } else { nil } }
    }

    /// A colour's `value` ("r g b") and `opacity`.
    private func colorAttributes(_ value: PresetJSON) -> [(String, String)] {
        let c = numbers(value)
        guard c.count >= 3 else { return [("value", "0 0 0")] }
        var attributes = [("value", CAMLSpelling.numbersText(Array(c.prefix(3))))]
        if c.count == 4, c[3] != 1 { attributes.append(("opacity", CAMLSpelling.number(c[3]))) }
        return attributes
    }

    /// A property `key` on `element`: an attribute when CAML folds the kind into one, else a
    /// child element.
    private mutating func write(key: String, value: PresetJSON, kind: PropertyKind, into element: inout Element, path: String = "") {
        switch kind {
        case .color:
            let attributes = colorAttributes(value)
            if attributes.count == 1 {
                element.attributes.append((key, attributes[0].1))
            } else {
                element.children.append(Element(name: key, attributes: attributes))
            }
        case .image:
            guard case .string(let name) = value else { return }
            let src = CAMLDocument.assetsFolder + "/" + name
            element.children.append(
                Element(name: key, children: [Element(name: "CGImage", attributes: [("src", CAMLSpelling.escaped(src))])]))
        case .colorList:
            guard case .array(let colors) = value else { return }
            element.children.append(Element(name: key, children: colors.map { Element(name: "CGColor", attributes: colorAttributes($0)) }))
        case .numberList:
            element.children.append(
                Element(name: key, children: numbers(value).map { Element(name: "real", attributes: [("value", CAMLSpelling.number($0))]) })
            )
        case .transform:
            let (text, exact) = CAMLSpelling.transformText(numbers(value))
            if !exact { notes.append("\(path): no translate, rotate, scale or perspective gives this transform; written as matrix(…)") }
            if !text.isEmpty { element.attributes.append((key, text)) }
        case .path:
            guard case .array(let commands) = value else { return }
            element.attributes.append((key, CAMLSpelling.pathText(commands)))
        case .point, .size, .offset, .rect, .vector3:
            element.attributes.append((key, CAMLSpelling.numbersText(numbers(value))))
        case .text, .choice:
            guard case .string(let text) = value else { return }
            // A key named like CAML's own words, or a value that may be a string or another
            // object (a text layer's string and font), is a typed child element.
            if key == "type" || key == "string" || key == "font" {
                element.children.append(Element(name: key, attributes: [("type", "string"), ("value", CAMLSpelling.escaped(text))]))
            } else {
                element.attributes.append((key, CAMLSpelling.escaped(text)))
            }
        case .repeatCount:
            if case .string = value { element.attributes.append((key, "inf")) } else { element.attributes.append((key, scalar(value))) }
        case .number, .seed, .bool:
            element.attributes.append((key, scalar(value)))
        }
    }

    /// A value of an animation (`fromValue`, an entry of `values`) as a typed element.
    private mutating func typed(_ value: PresetJSON, kind: PropertyKind, name: String?, path: String) -> Element? {
        var element: Element
        switch kind {
        case .number, .seed, .repeatCount: element = Element(name: "real", attributes: [("value", scalar(value))])
        case .bool: element = Element(name: "integer", attributes: [("value", scalar(value))])
        case .point: element = Element(name: "CGPoint", attributes: [("value", CAMLSpelling.numbersText(numbers(value)))])
        case .size, .offset: element = Element(name: "CGSize", attributes: [("value", CAMLSpelling.numbersText(numbers(value)))])
        case .rect: element = Element(name: "CGRect", attributes: [("value", CAMLSpelling.numbersText(numbers(value)))])
        case .vector3: element = Element(name: "CAPoint3D", attributes: [("value", CAMLSpelling.numbersText(numbers(value)))])
        case .color: element = Element(name: "CGColor", attributes: colorAttributes(value))
        case .transform:
            let (text, exact) = CAMLSpelling.transformText(numbers(value))
            if !exact { notes.append("\(path): no translate, rotate, scale or perspective gives this transform; written as matrix(…)") }
            element = Element(name: "CATransform3D", attributes: [("value", text.isEmpty ? "scale(1)" : text)])
        case .image:
            guard case .string(let image) = value else { return nil }
            element = Element(name: "CGImage", attributes: [("src", CAMLSpelling.escaped(CAMLDocument.assetsFolder + "/" + image))])
        case .path:
            guard case .array(let commands) = value else { return nil }
            element = Element(name: "CGPath", attributes: [("value", CAMLSpelling.pathText(commands))])
        case .text, .choice: element = Element(name: "string", attributes: [("value", scalar(value))])
        case .colorList:
            guard case .array(let colors) = value else { return nil }
            element = Element(name: "NSArray", children: colors.map { Element(name: "CGColor", attributes: colorAttributes($0)) })
        case .numberList:
            element = Element(
                name: "NSArray", children: numbers(value).map { Element(name: "real", attributes: [("value", CAMLSpelling.number($0))]) })
        }
        guard let name else { return element }
        // A property's value is an element named by the key with the value's type.
        return Element(name: name, attributes: [("type", element.name)] + element.attributes, children: element.children)
    }
}
