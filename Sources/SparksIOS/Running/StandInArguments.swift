import Foundation
import SparksCore

/// What a method gets for a parameter nobody supplies (it runs as an entry point, or `--call`
/// leaves the parameter out): what its type and name suggest in a host view of the canvas's
/// size. A point is the canvas's centre, a size the canvas's, a view the host view, a layer its
/// layer, a colour white, a duration one second, a closure nothing; each is said in a note.
extension Interpreter {
    /// The stand-in for `parameter` and how to say it (`the canvas centre (187.5, 333.5)`).
    func standIn(for parameter: Parameter, at: SourcePosition) throws -> (value: Value, what: String) {
        if let v = defined(parameter.name) { return (v, "\(v.description) from --define") }
        let type = Self.bareType(parameter.typeName ?? "")
        let name = parameter.name.lowercased()
        let centre = Point(x: canvas.width / 2, y: canvas.height / 2)
        if type.contains("->") || type.contains("^")
            || ["Block", "Handler", "Completion", "Closure", "Callback"].contains(where: type.hasSuffix)
            || (type.isEmpty && (name.contains("completion") || name.contains("handler")))
        {
            return (.null, "no closure")
        }
        if type.hasPrefix("[") || type.hasPrefix("NSArray") || type.hasPrefix("NSMutableArray") || type.hasPrefix("Array<") {
            let element = type.hasPrefix("[") ? String(type.dropFirst().dropLast()) : ""
            guard !element.isEmpty, !element.contains(":") else { return (.array([]), "an empty array") }
            let one = try standIn(for: Parameter(label: nil, name: parameter.name, typeName: element), at: at)
            return (.array([one.value]), "[\(one.what)]")
        }
        switch type {
        case "CGPoint", "NSPoint":
            return (.point(centre), "the canvas centre (\(PresetNumber.text(centre.x)), \(PresetNumber.text(centre.y)))")
        case "CGSize", "NSSize":
            return (.size(canvas), "the canvas size (\(PresetNumber.text(canvas.width))×\(PresetNumber.text(canvas.height)))")
        case "CGRect", "NSRect":
            return (.rect(Rect(x: 0, y: 0, width: canvas.width, height: canvas.height)), "the host view's bounds")
        case "UIColor", "CGColor", "CGColorRef", "Color", "NSColor":
            return (.color(Color(red: 1, green: 1, blue: 1, alpha: 1)), "white")
        case "UIImage", "CGImage", "CGImageRef":
            return (.image(parameter.name), "a stand-in image \"\(parameter.name)\"")
        case "Bool", "BOOL", "bool":
            return name == "animated" ? (.bool(false), "false") : (.bool(true), "true")
        case "String", "NSString", "Substring":
            return (.string(""), "an empty string")
        case "CGFloat", "Float", "Double", "Int", "NSInteger", "NSUInteger", "UInt", "Int32", "UInt32", "Float32", "Float64",
            "TimeInterval",
            "CFTimeInterval", "NSTimeInterval", "int", "float", "double", "long", "unsigned", "NSNumber":
            if name.contains("delay") || name.contains("offset") { return (.number(0), "0") }
            if name.contains("duration") || name.contains("time") || name.contains("interval") { return (.number(1), "1 s") }
            return (.number(1), "1")
        default:
            break
        }
        if let kind = LayerKind.allCases.first(where: { $0.className == type }), kind != .layer {
            // A method that configures a layer it is given: a new one filling the host view.
            let layer = newObject(kind: .layer(kind), className: type, madeAt: at, file: file)
            setFrame(layer, Rect(x: 0, y: 0, width: canvas.width, height: canvas.height))
            hostView.layer!.sublayers.append(layer)
            layer.superlayer = hostView.layer
            return (.object(layer), "a new \(type) filling the host view")
        }
        if let own = typeDecl(named: type) {
            if own.isEnum, let first = own.cases.first { return (.constant("." + first), ".\(first), the first case") }
            if layerAncestor(of: own) == nil, !inheritsView(own).isView, !inheritsView(own).isController {
                return (try construct(own, labels: [], arguments: [], at: at), "a new \(type)()")
            }
        }
        if type == "CALayer" || type.hasSuffix("Layer") { return (.object(hostView.layer!), "the host view's layer") }
        if type.hasSuffix("View") || type.hasSuffix("Button") || type.hasSuffix("Control") || type == "UIWindow" || type.hasSuffix("Label")
        {
            return (.object(hostView), "the host view")
        }
        if type.hasSuffix("ViewController") { return (.object(hostController ?? hostView), "the host view controller") }
        return (.null, "nil")
    }

    /// A type as written, without optionality, pointers, nullability, `inout` and attributes.
    static func bareType(_ text: String) -> String {
        var t = text
        for word in ["@escaping", "inout", "__nonnull", "__nullable", "_Nonnull", "_Nullable", "nonnull", "nullable", "const", "__kindof"] {
            t = t.replacingOccurrences(of: word, with: "")
        }
        t = t.trimmingCharacters(in: .whitespaces)
        while let last = t.last, last == "?" || last == "!" || last == "*" || last == " " { t.removeLast() }
        if t.hasPrefix("("), t.hasSuffix(")"), !t.contains("->") { t = String(t.dropFirst().dropLast()) }
        return t.trimmingCharacters(in: .whitespaces)
    }
}
