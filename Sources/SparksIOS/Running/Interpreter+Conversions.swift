import SparksCore

/// Values of imported code as the values of Sparks properties: numbers checked by each
/// property's rule, choices by their iOS spellings, geometry, colours, transforms, images and paths.
extension Interpreter {
    // MARK: Values for properties

    func propertyValue(_ value: Value, kind: PropertyKind, key: String, at: SourcePosition) throws -> PropertyValue {
        let result: PropertyValue
        switch kind {
        case .number(let rule):
            let n = try number(value, at: at, what: "a number for \(key)")
            if let problem = rule.violation(n) { throw Skip(reason: "\(key): \(problem)", at: at) }
            result = .number(n)
        case .repeatCount:
            let n = try number(value, at: at, what: "a repeat count for \(key)")
            if n.isNaN || n < 0 { throw Skip(reason: "\(key): \(PresetNumber.text(n)) is not a repeat count", at: at) }
            // `Float(Int.max)`, `Float(Int32.max)`: more repeats than any effect lives through.
            if n.isFinite, n >= Self.foreverRepeatCount {
                note("\(key) \(PresetNumber.text(n)) repeats for ever", at: at)
                result = .number(.infinity)
            } else {
                result = .number(n)
            }
        case .seed:
            let n = try number(value, at: at, what: "a seed")
            guard n >= 0, n <= Double(UInt32.max) else { throw Skip(reason: "seed: \(PresetNumber.text(n)) is not a 32-bit seed", at: at) }
            result = .number(n.rounded(.down))
        case .bool:
            result = .bool(try truth(value, at: at))
        case .text:
            guard case .string(let s) = value else { throw Skip(reason: "\(key) needs a string, got \(value.description)", at: at) }
            result = .string(s)
        case .choice(let options):
            let text: String
            switch value {
            case .constant(let c): text = c
            case .string(let s): text = s
            case .valueFunction(let f): text = f.rawValue
            default: throw Skip(reason: "\(key) needs one of \(options.joined(separator: ", ")), got \(value.description)", at: at)
            }
            guard
                let option = IOSSpelling.canonical(text, among: options)
                    ?? IOSSpelling.canonical(text.hasPrefix(".") ? text : "." + text, among: options)
            else {
                throw UnknownChoice(key: key, text: text, options: options)
            }
            result = .string(option)
        case .point:
            let p = try point(value, at: at)
            result = .vector(PropertyVector(p.x, p.y))
        case .size, .offset:
            let s = try size(value, at: at)
            if kind == .size, s.width < 0 || s.height < 0 { throw Skip(reason: "\(key): a size must not be negative", at: at) }
            result = .vector(PropertyVector(s.width, s.height))
        case .rect:
            let r = try rect(value, at: at)
            result = .vector(PropertyVector(r.origin.x, r.origin.y, r.size.width, r.size.height))
        case .vector3:
            let items = try elements(of: value, at: at).map { try number($0, at: at) }
            guard items.count == 3 else { throw Skip(reason: "\(key) needs three numbers", at: at) }
            result = .vector(PropertyVector(items))
        case .color:
            result = .color(try color(value, at: at))
        case .transform:
            result = .transform(try transform(value, at: at))
        case .image:
            switch value {
            case .image(let name):
                // An image the code drew is the file it is drawn into; others are found (or stood in for).
                let fileName = drawnImages.contains { $0.fileName == name } ? name : imageFile(name, file, at)
                result = .image(Texture(name: fileName, pixelWidth: 0, pixelHeight: 0))
            case .null: result = .image(nil)
            default:
                throw Skip(reason: "\(key) needs an image (UIImage(named:)), got \(value.description)", at: at, unknown: unresolved(value))
            }
        case .colorList:
            result = .colors(try elements(of: value, at: at).map { try color($0, at: at) })
        case .numberList(let rule):
            let numbers = try elements(of: value, at: at).map { try number($0, at: at) }
            if let bad = numbers.lazy.compactMap(rule.violation).first { throw Skip(reason: "\(key): \(bad)", at: at) }
            result = .numbers(numbers)
        case .path:
            guard case .object(let o) = value, case .path = o.kind else {
                if case .null = value { return .path(BezierPath()) }
                throw Skip(reason: "\(key) needs a path, got \(value.description)", at: at)
            }
            result = .path(o.path)
        }
        return result
    }

    /// A repeat count this large (a billion cycles) is the code's way of saying "for ever".
    static let foreverRepeatCount = 1e9

    func point(_ value: Value, at: SourcePosition) throws -> Point {
        switch value {
        case .point(let p): return p
        case .constant(".zero"): return Point(x: 0, y: 0)
        case .array(let items) where items.count == 2: return Point(x: try number(items[0], at: at), y: try number(items[1], at: at))
        default: throw Skip(reason: "expected a point, got \(value.description)", at: at, unknown: unresolved(value))
        }
    }

    func size(_ value: Value, at: SourcePosition) throws -> Size {
        switch value {
        case .size(let s): return s
        case .constant(".zero"): return Size(width: 0, height: 0)
        case .point(let p):
            // A point given where a size is wanted (through an NSValue or key-value coding):
            // iOS reads the same two numbers as width and height.
            note("a point given as a size: x is the width, y the height", at: at)
            return Size(width: p.x, height: p.y)
        default: throw Skip(reason: "expected a size, got \(value.description)", at: at, unknown: unresolved(value))
        }
    }

    func rect(_ value: Value, at: SourcePosition) throws -> Rect {
        switch value {
        case .rect(let r): return r
        case .constant(".zero"): return Rect(x: 0, y: 0, width: 0, height: 0)
        default: throw Skip(reason: "expected a rectangle, got \(value.description)", at: at, unknown: unresolved(value))
        }
    }

    func color(_ value: Value, at: SourcePosition) throws -> Color {
        switch value {
        case .color(let c): return c
        case .constant(let c):
            if let color = namedColor(c) { return color }
            // `.rippleDark`: a static colour of the files' `extension UIColor`.
            if c.hasPrefix("."), let name = c.split(separator: ".").last.map(String.init),
                let owner = ["UIColor", "CGColor", "NSColor"].first(where: {
                    typeDecl(named: $0)?.properties.contains { $0.isStatic && $0.name == name } == true
                }),
                case .color(let color) = try staticMember(owner, name, at: at)
            {
                return color
            }
        case .string(let s): if let color = namedColor(s) { return color }
        case .null: return .clear
        default: break
        }
        throw Skip(reason: "expected a colour, got \(value.description)", at: at, unknown: unresolved(value))
    }

    func transform(_ value: Value, at: SourcePosition) throws -> Transform3D {
        switch value {
        case .transform(let t): return t
        case .constant(".identity"): return .identity
        default: throw Skip(reason: "expected a transform, got \(value.description)", at: at, unknown: unresolved(value))
        }
    }

    /// A constant that names something the files do not define (`PastelPoint.topRight.point`),
    /// or nil for any other value.
    func unresolved(_ value: Value) -> String? {
        if case .constant(let c) = value, c.contains(".") { return c }
        return nil
    }
}
