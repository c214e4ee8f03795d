import Foundation
import SparksCore

/// Values iOS calls make that more than one binding needs: colours from components or names,
/// timing and value functions by name, images of resources, text with attributes, and methods
/// run later by selector.
extension Interpreter {
    static let matrixNames = (1...4).flatMap { row in (1...4).map { "m\(row)\($0)" } }

    /// UIImage's `size` (in points: the variant's pixels over its scale) and `scale`.
    func imageMetric(_ imageName: String, _ name: String, at: SourcePosition) throws -> Value? {
        _ = imageFile(imageName, file, at)
        guard let found = imageFound(imageName) else { return nil }
        if name == "scale" { return .number(Double(found.scale)) }
        guard let pixels = found.pixels else {
            throw Skip(reason: "the image \"\(imageName)\" is a stand-in; its size is not known (put the image beside the preset)", at: at)
        }
        let scale = Double(found.scale)
        return .size(Size(width: Double(pixels.width) / scale, height: Double(pixels.height) / scale))
    }

    /// UIColor's class colours by name: `white`, `whiteColor`, `systemBlue`.
    func namedColor(_ name: String) -> Color? {
        var key = name
        if key.hasSuffix("Color"), key != "Color" { key = String(key.dropLast(5)) }
        if key.hasPrefix(".") { key = String(key.dropFirst()) }
        if let dot = key.lastIndex(of: ".") { key = String(key[key.index(after: dot)...]) }
        return Color.named[key]
    }

    /// `UIColor(red:green:blue:alpha:)`, `(white:alpha:)`, `(hue:saturation:brightness:alpha:)`,
    /// `(displayP3Red:…)`, `#colorLiteral(…)`, `CGColor(red:…)`, `[UIColor colorWithRed:…]`.
    func colorFrom(labels: [String?], _ a: [Value], at: SourcePosition) throws -> Color {
        func n(_ i: Int) throws -> Double { try number(i < a.count ? a[i] : .number(1), at: at) }
        let first = labels.first ?? nil
        switch first {
        case "white", "colorWithWhite", "genericGrayGamma2_2Gray":
            return Color(red: try n(0), green: try n(0), blue: try n(0), alpha: try n(1))
        case "hue", "colorWithHue": return Color(hue: try n(0), saturation: try n(1), brightness: try n(2), alpha: try n(3))
        default: return Color(red: try n(0), green: try n(1), blue: try n(2), alpha: a.count > 3 ? try n(3) : 1)
        }
    }

    func timingFunction(labels: [String?], _ a: [Value], at: SourcePosition) throws -> Value {
        if labels.first == "controlPoints" || labels.first == "functionWithControlPoints" || a.count == 4 {
            let v = try a.map { try number($0, at: at) }
            guard v.count == 4 else { throw Skip(reason: "a timing curve needs four numbers", at: at) }
            return .timingFunction(TimingFunction(v[0], v[1], v[2], v[3]))
        }
        guard let first = a.first else { throw Skip(reason: "a timing function without a name", at: at) }
        let text: String
        switch first {
        case .constant(let c): text = c
        case .string(let s): text = s
        default: throw Skip(reason: "\(first.description) is not a timing function name", at: at)
        }
        let names = Array(TimingFunction.named.keys)
        guard let canonical = IOSSpelling.canonical(text, among: names), let f = TimingFunction.named[canonical] else {
            throw Skip(reason: "\(text) is not a timing function Core Animation names", at: at)
        }
        return .timingFunction(f)
    }

    func valueFunction(_ value: Value) -> ValueFunction? {
        let text: String
        switch value {
        case .constant(let c): text = c
        case .string(let s): text = s
        default: return nil
        }
        return IOSSpelling.canonical(text, among: ValueFunction.allCases.map(\.rawValue)).flatMap(ValueFunction.init(rawValue:))
            ?? IOSSpelling.canonical(
                text.replacingOccurrences(of: "kCAValueFunction", with: "kCAValue"), among: ValueFunction.allCases.map(\.rawValue)
            ).flatMap(ValueFunction.init(rawValue:))
    }

    /// An image loaded from a resource file (`UIImage(contentsOfFile:)`, `UIImage(data:)`): the
    /// image named by the file.
    func imageFromResource(_ path: String, at: SourcePosition) -> Value {
        let name = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
        note(
            "the image read from the app's resource \(URL(fileURLWithPath: path).lastPathComponent) is the image named \"\(name)\"", at: at)
        return .image(name)
    }

    func runSelectorLater(
        _ selector: String, after delay: Double, on target: Object? = nil, saying: Bool = true, arguments: [Value] = [],
        at: SourcePosition
    ) throws -> Value {
        let name = String(selector.prefix { $0 != ":" && $0 != "(" })
        let host = target ?? hostController ?? hostView
        guard let type = host.declaredType ?? (hostController ?? hostView).declaredType,
            let (_, method) = self.method(name, labels: [], isStatic: false, in: type)
                ?? type.methods.first(where: { $0.name == name }).map({ (type, $0) })
        else {
            throw Skip(reason: "the method \(selector) to run later is not in the files", at: at)
        }
        let f = Callable(
            name: "\(type.name).\(method.signature)", parameters: method.parameters, body: method.body, captured: globals, selfObject: host)
        return try runLater(f, after: delay, what: "\(name) after a delay", saying: saying, arguments: arguments, at: at)
    }

    /// Whether `name` is a type of iOS (one the binding table makes, or a value type Sparks
    /// reads): an `extension` of it in the files adds methods but keeps iOS's initialisers.
    func isIOSType(_ name: String) -> Bool {
        Self.extendedValueTypes.contains(name) || BindingTable.shared.has(name, on: [.global], form: .call)
    }

    /// Types Sparks reads as values, which the files may extend but not redefine.
    static let extendedValueTypes: Set<String> = [
        "UIImage", "NSImage", "UIColor", "NSColor", "CGColor", "CGPoint", "CGSize", "CGRect", "CGFloat", "Float", "Double", "Int",
        "String", "Array", "CATransform3D", "CGAffineTransform", "UIBezierPath", "CGPath",
    ]

    // MARK: Images drawn in code

    /// Whether a method of a UIImage extension or category of the files is called `method`.
    func isImageExtensionMethod(_ method: String) -> Bool {
        files.contains { file in
            file.types.contains { ($0.name == "UIImage" || $0.name == "NSImage") && $0.methods.contains { $0.name == method } }
        }
    }

    // MARK: Text

    /// An attributed string read as one run: its text, and the font and colour its attributes
    /// give (`.font`, `.foregroundColor`, `NSFontAttributeName`, …).
    func attributedText(_ text: String, attributes: Value) -> Value {
        var font: String?, size: Double?, color: Color?
        if case .dictionary(let pairs) = attributes {
            for (key, value) in pairs {
                let name = key.description.lowercased()
                if name.hasSuffix("font") || name.hasSuffix("fontattributename") || name.hasSuffix("font\"") {
                    if case .font(let n, let s, _) = value { (font, size) = (n, s) }
                } else if name.contains("foregroundcolor") {
                    if case .color(let c) = value { color = c }
                }
            }
        }
        return .attributedText(text, font: font, size: size, color: color)
    }
}
