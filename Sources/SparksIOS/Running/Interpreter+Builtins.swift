import Foundation
import SparksCore

/// UIKit, Core Graphics, Foundation and C library calls, constants and members that effect code
/// uses, in both languages' spellings.
extension Interpreter {
    /// Constants by name (`M_PI`, `CGFloat.pi` is a member), or nil.
    func constant(_ name: String, at: SourcePosition) throws -> Value? {
        switch name {
        case "M_PI", "pi", "π", "Pi": return .number(Double.pi)
        case "M_PI_2": return .number(Double.pi / 2)
        case "M_PI_4": return .number(Double.pi / 4)
        case "M_2_PI": return .number(2 / Double.pi)
        case "M_E": return .number(M_E)
        case "HUGE_VALF", "HUGE_VAL", "HUGE", "INFINITY", "FLT_MAX", "MAXFLOAT", "CGFLOAT_MAX", "DBL_MAX", "infinity",
            "greatestFiniteMagnitude":
            // Core Animation repeats for ever from HUGE_VALF, and the largest finite floats
            // repeat for longer than any effect runs.
            return .number(.infinity)
        case "YES", "TRUE": return .bool(true)
        case "NO", "FALSE": return .bool(false)
        case "CATransform3DIdentity", "identity": return .transform(.identity)
        case "CGPointZero", "CGSizeZero", "CGRectZero", "zero": return .constant(".zero")
        case "NSEC_PER_SEC": return .number(1e9)
        case "NSEC_PER_MSEC": return .number(1e6)
        case "DISPATCH_TIME_NOW": return .number(0)
        case "UINT32_MAX": return .number(Double(UInt32.max))
        case "INT_MAX", "INT32_MAX": return .number(Double(Int32.max))
        case "LONG_MAX", "INT64_MAX", "NSIntegerMax": return .number(Double(Int64.max))
        case "NSUIntegerMax", "UINT64_MAX", "ULONG_MAX": return .number(Double(UInt64.max))
        case "RAND_MAX": return .number(2_147_483_647)
        default: break
        }
        if name.hasPrefix("kCA") { return .constant(name) }
        return nil
    }

    // MARK: Members

    func member(of base: Value, _ name: String, at: SourcePosition, scope: Scope, selfObject: Object?) throws -> Value {
        switch base {
        case .type(let type):
            return try staticMember(typeName(type), name, at: at)
        case .object(let object):
            return try property(of: object, name, at: at)
        case .point(let p):
            switch name {
            case "x": return .number(p.x)
            case "y": return .number(p.y)
            default: break
            }
        case .size(let s):
            switch name {
            case "width": return .number(s.width)
            case "height": return .number(s.height)
            default: break
            }
        case .rect(let r):
            switch name {
            case "origin": return .point(r.origin)
            case "size": return .size(r.size)
            case "width": return .number(r.size.width)
            case "height": return .number(r.size.height)
            case "minX": return .number(r.origin.x)
            case "minY": return .number(r.origin.y)
            case "midX": return .number(r.origin.x + r.size.width / 2)
            case "midY": return .number(r.origin.y + r.size.height / 2)
            case "maxX": return .number(r.origin.x + r.size.width)
            case "maxY": return .number(r.origin.y + r.size.height)
            default: break
            }
        case .image(let imageName) where ["size", "scale"].contains(name):
            // UIImage's size is in points: the variant's pixels over its scale.
            _ = imageFile(imageName, file, at)
            guard let found = imageFound(imageName) else { break }
            if name == "scale" { return .number(Double(found.scale)) }
            guard let pixels = found.pixels else {
                throw Skip(
                    reason: "the image \"\(imageName)\" is a stand-in; its size is not known (put the image beside the preset)", at: at)
            }
            let scale = Double(found.scale)
            return .size(Size(width: Double(pixels.width) / scale, height: Double(pixels.height) / scale))
        case .transform(let t):
            if let i = Self.matrixNames.firstIndex(of: name) { return .number(t[keyPath: Transform3D.entries[i]]) }
        case .font(let fontName, let size, _):
            if name == "fontName" || name == "familyName" { return .string(fontName) }
            if name == "pointSize", let size { return .number(size) }
        case .color, .image, .timingFunction:
            // `.cgColor`, `.CGColor`, `.cgImage`, `.CGImage`: the same value in Core Animation's terms.
            if ["cgColor", "CGColor", "cgImage", "CGImage", "ciColor"].contains(name) { return base }
            // A CGColor's alpha (`CGColorGetAlpha`), and its components.
            if case .color(let c) = base {
                switch name {
                case "alpha": return .number(c.alpha)
                case "components": return .array([.number(c.red), .number(c.green), .number(c.blue), .number(c.alpha)])
                case "numberOfComponents": return .number(4)
                default: break
                }
            }
        case .array(let items):
            switch name {
            case "count": return .number(Double(items.count))
            case let index where index.allSatisfy(\.isNumber):
                // A tuple's element (`pair.0`), tuples being arrays here.
                if let i = Int(index), i < items.count { return items[i] }
            case "first", "firstObject": return items.first ?? .null
            case "last", "lastObject": return items.last ?? .null
            case "isEmpty": return .bool(items.isEmpty)
            case "indices": return .range(0, Double(items.count), closed: false)
            default: break
            }
        case .string(let s):
            if name == "count" || name == "length" { return .number(Double(s.count)) }
            if name == "isEmpty" { return .bool(s.isEmpty) }
            // Swift 2 and 3's `string.characters`; a font's `fontName` (a font is its name here).
            if name == "characters" { return .array(s.map { .string(String($0)) }) }
            if name == "fontName" || name == "familyName" { return base }
        case .number(let n):
            switch name {
            case "magnitude": return .number(abs(n))
            case "floatValue", "doubleValue", "CGFloatValue", "integerValue", "intValue":
                return .number(name.hasPrefix("int") ? n.rounded(.towardZero) : n)
            default: break
            }
        case .range(let lower, let upper, let closed):
            if name == "lowerBound" { return .number(lower) }
            if name == "upperBound" { return .number(upper) }
            if name == "count" { return .number(closed ? upper - lower + 1 : upper - lower) }
        case .constant(let c):
            if ["cgColor", "CGColor", "cgImage", "CGImage", "cgPath", "CGPath", "rawValue"].contains(name) { return base }
            if c == "UIScreen.main" { return try screenMember(name, at: at) }
            if let (type, instance) = enumInstance(c, having: name) {
                if let property = type.properties.first(where: { $0.name == name && !$0.isStatic }), let getter = property.getter {
                    return try callBody(
                        getter, parameters: [], arguments: [], captured: globals, selfObject: instance, name: "\(type.name).\(name)", at: at
                    )
                }
            }
            // Generated asset accessors: SwiftGen's `Asset.Images.spark.image`, `.uiImage`.
            if c.hasPrefix("Asset."), name == "image" || name == "uiImage" { return .image(String(c.split(separator: ".").last ?? "")) }
            return .constant(c + "." + name)
        default: break
        }
        if case .null = base {
            throw Skip(reason: "the value whose \(name) is read is nil here (it comes from code that was skipped or gives nothing)", at: at)
        }
        throw Skip(reason: "\(base.description) has no member \(name) that Sparks understands", at: at)
    }

    static let matrixNames = (1...4).flatMap { row in (1...4).map { "m\(row)\($0)" } }

    /// `UIScreen.main.bounds` and friends: the screen is the canvas, at the device's scale (3×
    /// unless the import says otherwise).
    func screenMember(_ name: String, at: SourcePosition) throws -> Value {
        switch name {
        case "bounds", "nativeBounds", "applicationFrame", "fixedCoordinateSpace":
            note("the screen's \(name) is the canvas (\(PresetNumber.text(canvas.width))×\(PresetNumber.text(canvas.height)))", at: at)
            return .rect(Rect(x: 0, y: 0, width: canvas.width, height: canvas.height))
        case "scale", "nativeScale": return .number(Double(deviceScale))
        default: throw Skip(reason: "UIScreen's \(name) is not understood", at: at)
        }
    }

    /// An instance of the files' enum whose case `constant` names (`.circle`, `Shape.circle`),
    /// when that enum has `member` (a method or computed property).
    func enumInstance(_ constant: String, having member: String) -> (TypeDecl, Object)? {
        let caseName = String(constant.split(separator: ".").last ?? "")
        let owner = constant.split(separator: ".").dropLast().joined(separator: ".")
        for type in files.flatMap(\.types) where type.isEnum && type.cases.contains(caseName) && (owner.isEmpty || owner == type.name) {
            guard type.methods.contains(where: { $0.name == member }) || type.properties.contains(where: { $0.name == member }) else {
                continue
            }
            let instance = newObject(kind: .instance(type), className: type.name, madeAt: type.at, file: file)
            instance.enumCase = .constant("." + caseName)
            return (type, instance)
        }
        return nil
    }

    func staticMember(_ type: String, _ name: String, at: SourcePosition) throws -> Value {
        if ["CGFloat", "Float", "Double", "Float32", "Float64"].contains(type) {
            switch name {
            case "pi": return .number(Double.pi)
            case "infinity", "greatestFiniteMagnitude": return .number(.infinity)
            case "leastNonzeroMagnitude": return .number(Double.leastNonzeroMagnitude)
            default: break
            }
        }
        if ["UInt32", "Int", "Int32", "UInt", "Int64", "UInt64", "NSInteger", "NSUInteger"].contains(type), name == "max" {
            switch type {
            case "UInt32": return .number(Double(UInt32.max))
            case "Int32": return .number(Double(Int32.max))
            case "UInt", "UInt64", "NSUInteger": return .number(Double(UInt64.max))
            default: return .number(Double(Int64.max))
            }
        }
        if type == "CATransform3D" || type == "CATransform3DIdentity", name == "identity" { return .transform(.identity) }
        if ["CGPoint", "CGSize", "CGRect"].contains(type), name == "zero" {
            switch type {
            case "CGPoint": return .point(Point(x: 0, y: 0))
            case "CGSize": return .size(Size(width: 0, height: 0))
            default: return .rect(Rect(x: 0, y: 0, width: 0, height: 0))
            }
        }
        if type == "UIColor" || type == "NSColor" || type == "CGColor" {
            if let color = namedColor(name) { return .color(color) }
        }
        if type == "UIScreen", name == "main" || name == "mainScreen" { return .constant("UIScreen.main") }
        if type == "DispatchQueue" || type == "RunLoop" { return .constant("\(type).\(name)") }
        if let t = typeDecl(named: type) {
            if t.isEnum, t.cases.contains(name) { return .constant("." + name) }
            // A type declared inside this one (`Particle.ConfettiShape`).
            if name.first?.isUppercase == true, typeDecl(named: name) != nil { return .type(name) }
            if let property = t.properties.first(where: { $0.name == name && $0.isStatic }) {
                if let getter = property.getter {
                    let saved = file
                    file = property.file ?? file
                    defer { file = saved }
                    return try callBody(
                        getter, parameters: [], arguments: [], captured: globals, selfObject: nil, name: "\(type).\(name)", at: at)
                }
                // A static stored property is worked out once, as Swift's are (lazily, on first use).
                if let known = staticValues["\(type).\(name)"] { return known }
                if let initial = property.initialValue {
                    let saved = file
                    file = property.file ?? file
                    defer { file = saved }
                    let value = try evaluate(initial, Scope(parent: globals), nil)
                    staticValues["\(type).\(name)"] = value
                    giveName(value, as: name)
                    return value
                }
            }
            if let method = t.methods.first(where: { $0.name == name && $0.isStatic }) {
                return .function(
                    Callable(
                        name: "\(type).\(method.signature)", parameters: method.parameters, body: method.body, captured: globals,
                        selfObject: nil))
            }
        }
        // `CAEmitterLayerEmitterShape.line`, `CAMediaTimingFunctionName.easeIn`: read where used.
        return .constant("\(type).\(name)")
    }

    /// UIColor's class colours by name: `white`, `whiteColor`, `systemBlue`.
    func namedColor(_ name: String) -> Color? {
        var key = name
        if key.hasSuffix("Color"), key != "Color" { key = String(key.dropLast(5)) }
        if key.hasPrefix(".") { key = String(key.dropFirst()) }
        if let dot = key.lastIndex(of: ".") { key = String(key[key.index(after: dot)...]) }
        return Color.named[key]
    }

    // MARK: Calls of members

    func callMember(
        _ base: Value, _ method: String, labels: [String?], _ arguments: [Value], at: SourcePosition, scope: Scope, selfObject: Object?
    ) throws -> Value {
        let a = arguments
        switch base {
        case .null:
            // A message to nil (Objective-C) or an optional chain on nil (Swift) does nothing.
            return .null
        case .type(let type):
            return try typeMethod(typeName(type), method, labels: labels, a, at: at)
        case .object(let object):
            return try objectMethod(object, method, labels: labels, a, at: at, scope: scope, selfObject: selfObject)
        case .array(let items):
            switch method {
            case "map", "compactMap", "flatMap", "forEach", "filter", "enumerated", "reversed", "shuffled", "randomElement",
                "objectAtIndex", "prefix", "dropFirst", "firstIndex", "reduce":
                return try arrayMethod(items, method, a, at: at)
            case "count": return .number(Double(items.count))
            default: break
            }
        case .range(let lower, let upper, let closed):
            return try callMember(
                .array(try elements(of: .range(lower, upper, closed: closed), at: at)), method, labels: labels, a, at: at, scope: scope,
                selfObject: selfObject)
        case .color(let c):
            switch method {
            case "withAlphaComponent", "colorWithAlphaComponent":
                var copy = c
                copy.alpha = try number(a.first ?? .null, at: at)
                return .color(copy)
            case "copy", "cgColor", "CGColor": return base
            case "setFill", "setStroke", "set":
                // Choosing the colour an image context draws with (nothing to do outside one).
                _ = try drawingMethod(on: base, method, at: at)
                return .void
            default: break
            }
        case .constant(let c):
            if let (type, instance) = enumInstance(c, having: method),
                let result = try callMethod(type, on: instance, name: method, labels: labels, arguments: a, at: at)
            {
                return result
            }
            if c.hasPrefix("NotificationCenter") || c.hasPrefix("NSNotificationCenter") {
                note("notification observers are not run (the effect is imported as it starts)", at: at)
                return .void
            }
            // `DispatchQueue.main.asyncAfter(deadline: .now() + 2) { … }`
            if c.hasPrefix("DispatchQueue"), method == "asyncAfter" || method == "async" {
                let delay = method == "async" ? 0 : try number(a.first ?? .number(0), at: at, what: "a delay")
                guard case .function(let f)? = a.last else { throw Skip(reason: "asyncAfter without a closure", at: at) }
                return try runLater(f, after: delay, what: "asyncAfter", at: at)
            }
            if c.hasPrefix("Timer#") { return timerMethod(c, method) }
            // R.swift's `R.image.spark()`.
            if c == "R.image" { return .image(method) }
            if c.hasPrefix("UIGraphicsImageRenderer"), !c.hasPrefix("UIGraphicsImageRendererContext"),
                method == "image" || method == "pngData"
            {
                return try rendererImage(c, closure: a.last, at: at)
            }
            // Drawing into an image context (a renderer's context or its cgContext).
            if c == "CGContext" || c.hasPrefix("UIGraphicsImageRendererContext") {
                if let drawn = try contextDrawing(method, a, at: at) { return drawn }
                return .void
            }
            if c.hasPrefix(".now") || c == ".now" { return .number(0) }
            if c == "Bundle" {
                switch method {
                case "path", "pathForResource", "url", "URLForResource":
                    guard case .string(let name) = a[safe: 0] else { throw Skip(reason: "a resource without a name", at: at) }
                    if case .string(let ext) = a[safe: 1], !ext.isEmpty { return .string(name + "." + ext) }
                    return .string(name)
                default: break
                }
            }
        case .string where ["draw", "drawAtPoint", "drawInRect"].contains(method),
            .attributedText where ["draw", "drawAtPoint", "drawInRect"].contains(method):
            _ = try drawText(base, labels: labels, a, at: at)
            return .void
        case .image(let name) where isImageExtensionMethod(method):
            note("UIImage.\(method)(…) of the files redraws the image; \"\(name)\" is used as it is", at: at)
            return base
        case .image
        where ["withRenderingMode", "withTintColor", "imageWithRenderingMode", "resizableImage", "withAlignmentRectInsets"]
            .contains(method):
            return base
        case .number, .string, .image, .timingFunction, .transform, .point, .size, .rect:
            if ["copy", "cgColor", "CGColor", "cgImage", "CGImage", "floatValue", "doubleValue", "CGFloatValue"].contains(method) {
                return base
            }
            if method == "CGPointValue" || method == "CATransform3DValue" || method == "CGRectValue" || method == "CGSizeValue" {
                return base
            }
            if case .string(let s) = base {
                if method == "stringByAppendingString" || method == "appending" {
                    if case .string(let t)? = a.first {
                        try willMake(text: s.utf8.count + t.utf8.count)
                        return .string(s + t)
                    }
                }
                if method == "stringByAppendingFormat" || method == "stringWithFormat" { return .string(s) }
                if method == "hasPrefix", case .string(let t)? = a.first { return .bool(s.hasPrefix(t)) }
                if method == "isEqualToString", case .string(let t)? = a.first { return .bool(s == t) }
            }
        default: break
        }
        if method == "now", case .constant = base { return .number(0) }
        throw Skip(reason: "\(base.description).\(method)(…) is not understood", at: at)
    }

    private func arrayMethod(_ items: [Value], _ method: String, _ a: [Value], at: SourcePosition) throws -> Value {
        func function() throws -> Callable {
            guard case .function(let f)? = a.first else { throw Skip(reason: "\(method) needs a closure", at: at) }
            return f
        }
        switch method {
        case "map", "compactMap", "flatMap":
            let f = try function()
            var result: [Value] = []
            for item in items {
                let v = try call(f, closureArguments(f, item), at: at)
                if method == "flatMap", case .array(let inner) = v {
                    result += inner
                } else if !(method == "compactMap" && isNull(v)) {
                    result.append(v)
                }
            }
            return .array(result)
        case "forEach":
            let f = try function()
            for item in items { _ = try call(f, closureArguments(f, item), at: at) }
            return .void
        case "reduce":
            guard a.count == 2, case .function(let f) = a[1] else { throw Skip(reason: "reduce needs a start value and a closure", at: at) }
            var accumulated = a[0]
            for item in items { accumulated = try call(f, [accumulated, item], at: at) }
            return accumulated
        case "filter":
            let f = try function()
            return .array(try items.filter { try truth(try call(f, closureArguments(f, $0), at: at), at: at) })
        case "enumerated":
            return .array(items.enumerated().map { .array([.number(Double($0.offset)), $0.element]) })
        case "reversed": return .array(items.reversed())
        case "shuffled":
            var copy = items
            for i in stride(from: copy.count - 1, to: 0, by: -1) { copy.swapAt(i, Int(random.nextUInt32() % UInt32(i + 1))) }
            note("shuffled in a fixed, seeded order", at: at)
            return .array(copy)
        case "randomElement":
            guard !items.isEmpty else { return .null }
            let choice = Int(random.nextUInt32() % UInt32(items.count))
            note("random element fixed at index \(choice) (seeded)", at: at)
            return items[choice]
        case "objectAtIndex":
            let n = try number(a.first ?? .null, at: at)
            guard let i = wholeNumber(n), i >= 0, i < items.count else {
                throw Skip(reason: "the index \(PresetNumber.text(n)) is outside the array (of \(items.count))", at: at)
            }
            return items[i]
        case "prefix": return .array(Array(items.prefix(max(0, wholeNumber(try number(a.first ?? .null, at: at)) ?? 0))))
        case "dropFirst": return .array(Array(items.dropFirst(a.isEmpty ? 1 : max(0, wholeNumber(try number(a[safe: 0], at: at)) ?? 0))))
        default: throw Skip(reason: "the array method \(method) is not understood", at: at)
        }
    }

    /// A closure called for an element: a pair from `enumerated()` fills two parameters.
    private func closureArguments(_ f: Callable, _ item: Value) -> [Value] {
        if f.parameters.count == 2, case .array(let pair) = item, pair.count == 2 { return pair }
        return [item]
    }

    // MARK: Free functions and constructors

    func builtinFunction(
        _ name: String, labels: [String?], _ a: [Value], at: SourcePosition, scope: Scope, selfObject: Object?
    ) throws -> Value {
        if let value = try numberFunction(name, labels: labels, a, at: at) { return value }
        if let value = try geometryFunction(name, labels: labels, a, at: at) { return value }
        if let value = try objectFunction(name, labels: labels, a, at: at) { return value }
        if let value = try schedulingFunction(name, labels: labels, a, at: at) { return value }
        if name.hasPrefix("CGContext") || name == "UIRectFill", let drawn = try contextDrawing(name, a, at: at) { return drawn }
        if name == ".init" { throw Skip(reason: "an implicit initialiser (.init(…)) whose type is not known here", at: at) }
        // `.confetti(allowedShapes: shapes)`: a case of one of the files' enums, with its values.
        if name.hasPrefix("."), files.contains(where: { $0.types.contains { $0.isEnum && $0.cases.contains(String(name.dropFirst())) } }) {
            return .enumValue(String(name.dropFirst()), a)
        }
        // An implicit member call such as `.init(name: .easeIn)` for a timing function.
        if name.hasPrefix("."), labels == ["name"] { return try timingFunction(labels: labels, a, at: at) }
        throw Skip(reason: "\(FunctionDecl.signature(name, labels)) is not understood", at: at)
    }

    /// Number conversions, C and Swift maths, seeded random numbers and `stride`. Nil when `name` is none of them.
    private func numberFunction(_ name: String, labels: [String?], _ a: [Value], at: SourcePosition) throws -> Value? {
        func n(_ i: Int) throws -> Double { try number(i < a.count ? a[i] : .null, at: at) }
        switch name {
        case "CGFloat", "Float", "Double", "Float32", "Float64", "Int", "Int32", "UInt32", "Int64", "UInt", "NSInteger", "TimeInterval",
            "CFTimeInterval", "NSNumber":
            guard let first = a.first else { return .number(0) }
            let v = try number(first, at: at)
            return .number(name.contains("Int") && !name.hasPrefix("NSNumber") ? v.rounded(.towardZero) : v)
        case "String":
            return .string(
                try a.first.map { v -> String in
                    if case .string(let s) = v { return s }
                    return PresetNumber.text(try number(v, at: at))
                } ?? "")
        case "sin", "sinf": return .number(sin(try n(0)))
        case "cos", "cosf": return .number(cos(try n(0)))
        case "tan", "tanf": return .number(tan(try n(0)))
        case "atan2", "atan2f": return .number(atan2(try n(0), try n(1)))
        case "sqrt", "sqrtf": return .number(sqrt(try n(0)))
        case "pow", "powf": return .number(pow(try n(0), try n(1)))
        case "abs", "fabs", "fabsf", "ABS": return .number(abs(try n(0)))
        case "floor", "floorf": return .number(floor(try n(0)))
        case "ceil", "ceilf": return .number(ceil(try n(0)))
        case "round", "roundf", "lround": return .number((try n(0)).rounded())
        case "fmod", "fmodf": return .number(fmod(try n(0), try n(1)))
        case "min", "MIN", "fmin", "fminf": return .number(try a.indices.map { try n($0) }.min() ?? 0)
        case "max", "MAX", "fmax", "fmaxf": return .number(try a.indices.map { try n($0) }.max() ?? 0)
        case "arc4random_uniform":
            let bound = UInt32(clamping: max(1, wholeNumber(min(try n(0), 4e9)) ?? 1))
            let v = Double(random.nextUInt32() % bound)
            note("random value fixed at \(PresetNumber.text(v)) (seeded)", at: at)
            return .number(v)
        case "arc4random", "random", "rand":
            let v = Double(name == "arc4random" ? random.nextUInt32() : random.nextUInt32() >> 1)
            note("random value fixed at \(PresetNumber.text(v)) (seeded)", at: at)
            return .number(v)
        case "drand48":
            let v = random.nextUnitDouble()
            note("random value fixed at \(PresetNumber.text(v)) (seeded)", at: at)
            return .number(v)
        case "stride":
            let from = try n(0), to = try n(1), by = try n(2)
            guard by != 0, by.isFinite, ((to - from) / by) < Double(Interpreter.maxCollection) else {
                throw Skip(reason: "a stride of too many values", at: at)
            }
            var values: [Value] = []
            var x = from
            let through = labels.contains("through")
            while by > 0 ? (through ? x <= to : x < to) : (through ? x >= to : x > to) {
                values.append(.number(x))
                x += by
            }
            return .array(values)
        default: return nil
        }
    }

    /// Points, sizes, rectangles and transforms: the CGGeometry and CATransform3D functions. Nil when `name` is none of them.
    private func geometryFunction(_ name: String, labels: [String?], _ a: [Value], at: SourcePosition) throws -> Value? {
        func n(_ i: Int) throws -> Double { try number(i < a.count ? a[i] : .null, at: at) }
        switch name {
        case "CGPointMake", "CGPoint": return .point(Point(x: try n(0), y: try n(1)))
        case "CGSizeMake", "CGSize": return .size(Size(width: try n(0), height: try n(1)))
        case "CGRectMake", "CGRect":
            if labels == ["origin", "size"] {
                // `.zero` is the origin as often as a point is.
                let o = try point(a[safe: 0], at: at), s = try size(a[safe: 1], at: at)
                return .rect(Rect(x: o.x, y: o.y, width: s.width, height: s.height))
            }
            return .rect(Rect(x: try n(0), y: try n(1), width: try n(2), height: try n(3)))
        case "CGRectGetMidX": return .number(try rect(a[safe: 0], at: at).origin.x + (try rect(a[safe: 0], at: at).size.width) / 2)
        case "CGRectGetMidY": return .number(try rect(a[safe: 0], at: at).origin.y + (try rect(a[safe: 0], at: at).size.height) / 2)
        case "CGRectGetWidth": return .number(try rect(a[safe: 0], at: at).size.width)
        case "CGRectGetHeight": return .number(try rect(a[safe: 0], at: at).size.height)
        case "CGRectGetMaxX": return .number(try rect(a[safe: 0], at: at).origin.x + (try rect(a[safe: 0], at: at).size.width))
        case "CGRectGetMaxY": return .number(try rect(a[safe: 0], at: at).origin.y + (try rect(a[safe: 0], at: at).size.height))
        case "CGRectGetMinX": return .number(try rect(a[safe: 0], at: at).origin.x)
        case "CGRectGetMinY": return .number(try rect(a[safe: 0], at: at).origin.y)
        case "CGRectInset":
            let r = try rect(a[safe: 0], at: at)
            return .rect(
                Rect(
                    x: r.origin.x + (try n(1)), y: r.origin.y + (try n(2)), width: r.size.width - 2 * (try n(1)),
                    height: r.size.height - 2 * (try n(2))))
        case "CATransform3DMakeRotation": return .transform(.rotation(try n(0), try n(1), try n(2), try n(3)))
        case "CATransform3DMakeScale": return .transform(.scale(try n(0), try n(1), try n(2)))
        case "CATransform3DMakeTranslation": return .transform(.translation(try n(0), try n(1), try n(2)))
        case "CATransform3DRotate": return .transform(try transform(a[safe: 0], at: at).rotated(try n(1), try n(2), try n(3), try n(4)))
        case "CATransform3DScale": return .transform(try transform(a[safe: 0], at: at).scaled(try n(1), try n(2), try n(3)))
        case "CATransform3DTranslate": return .transform(try transform(a[safe: 0], at: at).translated(try n(1), try n(2), try n(3)))
        case "CATransform3DConcat": return .transform(try transform(a[safe: 0], at: at) * (try transform(a[safe: 1], at: at)))
        case "CATransform3DMake", "CATransform3D":
            if a.isEmpty { return .transform(.identity) }
            guard a.count == 16 else { throw Skip(reason: "a transform needs 16 elements", at: at) }
            return .transform(Transform3D(rowMajor: try a.indices.map { try n($0) }))
        case "CGAffineTransformMakeRotation":
            return .transform(.rotation(try n(0), 0, 0, 1))
        case "CGAffineTransform" where labels == ["rotationAngle"]:
            return .transform(.rotation(try n(0), 0, 0, 1))
        case "CATransform3DMakeAffineTransform": return a.first ?? .transform(.identity)
        default: return nil
        }
    }

    /// Constructors of colours, images, paths, resources, timing and value functions, layers,
    /// cells and animations; retain and release (which do nothing here). Nil when `name` is none
    /// of them.
    private func objectFunction(_ name: String, labels: [String?], _ a: [Value], at: SourcePosition) throws -> Value? {
        func n(_ i: Int) throws -> Double { try number(i < a.count ? a[i] : .null, at: at) }
        let key = FunctionDecl.signature(name, labels)
        switch name {
        case "UIColor", "CGColor", "NSColor", "CGColorCreateGenericRGB", "UIColor.init":
            if labels.first == "cgColor" || labels.first == "CGColor" { return .color(try color(a[safe: 0], at: at)) }
            if labels.first == "named" {
                throw Skip(
                    reason: "colours from an asset catalogue (UIColor(named:)) are not known here; write the colour's components", at: at)
            }
            return .color(try colorFrom(labels: labels, a, at: at))
        case ".init" where labels.contains("red") || labels.contains("white") || labels.contains("hue"):
            return .color(try colorFrom(labels: labels, a, at: at))
        case "#colorLiteral": return .color(try colorFrom(labels: labels, a, at: at))
        case "UIImage", "#imageLiteral", "UIImage.init":
            if a.isEmpty { return .null }  // `UIImage()`: an image of nothing
            // Xcode's generated image resources: `UIImage(resource: .spark)`, `UIImage(.spark)`.
            if labels.first == "resource" || labels.first == nil, case .constant(let c) = a[0], c.hasPrefix(".") {
                return .image(String(c.dropFirst()))
            }
            guard case .string(let s)? = a.first else {
                throw Skip(reason: "an image without a name (only UIImage(named:) is understood)", at: at)
            }
            if labels.first == "systemName" {
                note("SF Symbols are not available on Linux: \"\(s)\" is a stand-in", at: at)
                return .image(s)
            }
            if labels.first == "data" || labels.first == "contentsOfFile" { return imageFromResource(s, at: at) }
            return .image(s)
        case "UIFont", "NSFont", "CTFontCreateWithName", "CGFont", "CGFontCreateWithFontName":
            guard case .string(let fontName) = a[safe: 0] else { throw Skip(reason: "a font without a name", at: at) }
            var size: Double?
            if case .number(let n) = a[safe: 1] { size = n }
            return .font(fontName, size: size, isUIFont: name == "UIFont" || name == "NSFont")
        case "NSAttributedString", "NSMutableAttributedString":
            guard case .string(let text) = a[safe: 0] else { throw Skip(reason: "an attributed string without its text", at: at) }
            return attributedText(text, attributes: a[safe: 1])
        case "CGColorGetAlpha":
            return .number(try color(a[safe: 0], at: at).alpha)
        case "UIGraphicsImageRenderer":
            switch a.first {
            case .size(let s)?: return .constant("UIGraphicsImageRenderer:\(s.width)x\(s.height)")
            case .rect(let r)?: return .constant("UIGraphicsImageRenderer:\(r.size.width)x\(r.size.height)")
            default: return .constant("UIGraphicsImageRenderer")
            }
        case "UIGraphicsBeginImageContext", "UIGraphicsBeginImageContextWithOptions":
            return try beginImageContext(a, at: at)
        case "UIGraphicsEndImageContext":
            _ = drawingContexts.popLast()
            return .void
        case "UIGraphicsGetCurrentContext":
            return .constant("CGContext")
        case "UIGraphicsGetImageFromCurrentImageContext":
            return imageFromCurrentContext("UIGraphicsGetImageFromCurrentImageContext()", at: at)
        case "NSClassFromString":
            guard case .string(let name)? = a.first else { throw Skip(reason: "NSClassFromString of something not a name", at: at) }
            return .type(name)
        case "NSSelectorFromString":
            guard case .string(let name)? = a.first else { throw Skip(reason: "NSSelectorFromString of something not a name", at: at) }
            return .selector(name)
        case "CAEmitterBehavior.behaviorWithType":
            return .object(try makeBehavior(a.last, at: at))
        case "NSValue":
            return a.first ?? .null
        case "Bundle", "NSBundle":
            // Resources of the app bundle are found by name (beside the preset or in assets/).
            return .constant("Bundle")
        case "URL", "NSURL", "Data", "NSData":
            // A resource's path, URL or data stands for its name.
            guard case .string? = a.first else {
                throw Skip(reason: "\(key) of something other than a resource's name is not understood", at: at)
            }
            return a[safe: 0]
        case "UIBezierPath", "CGMutablePath", "CGPathCreateMutable", "CGPath":
            return try makePath(labels: labels, a, at: at)
        case "CGPathMoveToPoint", "CGPathAddLineToPoint", "CGPathAddArc", "CGPathAddCurveToPoint", "CGPathAddQuadCurveToPoint",
            "CGPathCloseSubpath",
            "CGPathAddEllipseInRect", "CGPathAddRect", "CGPathAddRoundedRect", "CGPathCreateWithEllipseInRect", "CGPathCreateWithRect",
            "CGPathCreateWithRoundedRect":
            return try cgPathFunction(name, a, at: at)
        case "CGPathRelease", "CGColorRelease", "CGImageRelease", "CFRelease", "NSLog", "print", "debugPrint", "assert", "precondition":
            return .void
        case "CGColorCreateCopy", "CGColorRetain", "CGPathCreateCopy", "CGPathRetain", "CGImageRetain", "CFRetain", "CFBridgingRelease",
            "CFBridgingRetain":
            return a[safe: 0]
        case "CGColorCreateCopyWithAlpha":
            var c = try color(a[safe: 0], at: at)
            c.alpha = try n(1)
            return .color(c)
        case "CAMediaTimingFunction", "CAMediaTimingFunction.init":
            return try timingFunction(labels: labels, a, at: at)
        case "CAValueFunction":
            guard let first = a.first, let f = valueFunction(first) else { throw Skip(reason: "an unknown value function", at: at) }
            return .valueFunction(f)
        case "CAEmitterLayer", "CAReplicatorLayer", "CALayer", "CAShapeLayer", "CAGradientLayer", "CAEmitterCell", "CAEmitterBehavior",
            "CABasicAnimation", "CAKeyframeAnimation", "CAAnimationGroup", "CASpringAnimation", "CATextLayer", "CATransformLayer", "UIView",
            "UIImageView", "UILabel", "UIButton", "UIControl", "UIScrollView", "UIStackView", "UIVisualEffectView":
            return try makeObject(name, labels: labels, a, at: at)
        case "tuple": return .array(a)
        case "Array", "NSMutableArray", "NSArray": return .array(a.first.map { (try? elements(of: $0, at: at)) ?? [] } ?? [])
        default: return nil
        }
    }

    /// Time and the run loop: the current time (the effect's start) and Grand Central Dispatch's delays. Nil when `name` is none of them.
    private func schedulingFunction(_ name: String, labels: [String?], _ a: [Value], at: SourcePosition) throws -> Value? {
        func n(_ i: Int) throws -> Double { try number(i < a.count ? a[i] : .null, at: at) }
        switch name {
        case "CACurrentMediaTime", "CFAbsoluteTimeGetCurrent", "Date":
            let now = deferredTime ?? 0
            note("\(name)() is the moment the code runs (\(PresetNumber.text(now)) s into the effect)", at: at)
            return .mediaTime(now)
        case "dispatch_after":
            guard case .function(let f)? = a.last else { throw Skip(reason: "dispatch_after without a block", at: at) }
            return try runLater(f, after: try n(0), what: "dispatch_after", at: at)
        case "dispatch_time": return .number(((try n(0)) + (try n(1))) / 1e9)
        case "dispatch_get_main_queue": return .constant("DispatchQueue.main")
        case "dispatch_async":
            guard case .function(let f)? = a.last else { return .void }
            return try runLater(f, after: 0, what: "dispatch_async", at: at)
        case ".now": return .number(0)
        case ".seconds": return .number(try n(0))
        case ".milliseconds": return .number(try n(0) / 1000)
        default: return nil
        }
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

    // MARK: Type methods (Objective-C class messages and Swift static calls)

    private func typeMethod(_ type: String, _ method: String, labels: [String?], _ a: [Value], at: SourcePosition) throws -> Value {
        if let t = typeDecl(named: type) {
            if method == "alloc" || method == "new" {
                return method == "new"
                    ? try construct(t, labels: [], arguments: [], at: at)
                    : .object(newObject(kind: .allocated(type), className: type, madeAt: at, file: file))
            }
            if let result = try callMethod(t, on: nil, name: method, labels: labels, arguments: a, at: at) { return result }
            if t.isEnum, t.cases.contains(method) { return .enumValue(method, a) }
            // An extension of a UIKit or Core Graphics value type (UIImage, UIColor) keeps the type's own initialisers.
            if method == "init", !Self.extendedValueTypes.contains(type) {
                return try construct(t, labels: Array(labels.dropFirst()), arguments: a, at: at)
            }
        }
        switch (type, method) {
        case (_, "alloc"): return .object(newObject(kind: .allocated(type), className: type, madeAt: at, file: file))
        case ("CAEmitterBehavior", "behaviorWithType"):
            return .object(try makeBehavior(a.last, at: at))
        case (_, "method"), (_, "instanceMethod"):
            // `cls.method(for: NSSelectorFromString("behaviorWithType:"))`: the class method, to call later.
            guard case .selector(let selector)? = a.first else { break }
            return .type("\(type).\(selector.split(separator: ":").first ?? "")")
        case (_, "perform"), (_, "performSelector"):
            guard case .selector(let selector)? = a.first else { break }
            let name = String(selector.split(separator: ":").first ?? "")
            return try typeMethod(type, name, labels: [nil], Array(a.dropFirst()), at: at)
        case (_, "responds"), (_, "respondsToSelector"):
            return .bool(true)
        case ("NSLayoutConstraint", "activate"), ("NSLayoutConstraint", "activateConstraints"), ("NSLayoutConstraint", "deactivate"),
            ("NSLayoutConstraint", "deactivateConstraints"):
            note("Auto Layout constraints are not evaluated (a view they size takes its superview's bounds)", at: at)
            return .void
        case (_, "new"), (_, "init"):
            return try builtinFunction(type, labels: method == "init" ? labels : [], a, at: at, scope: globals, selfObject: nil)
        case ("CAEmitterLayer", "layer"), ("CAReplicatorLayer", "layer"), ("CALayer", "layer"), ("CAShapeLayer", "layer"),
            ("CAGradientLayer", "layer"), ("CATextLayer", "layer"),
            ("CAEmitterCell", "emitterCell"), ("CAEmitterCell", "cell"), ("CABasicAnimation", "animation"),
            ("CAKeyframeAnimation", "animation"),
            ("CAAnimationGroup", "animation"), ("CASpringAnimation", "animation"):
            return try makeObject(type, labels: [], [], at: at)
        case (_, "animationWithKeyPath"):
            return try makeObject(type, labels: ["keyPath"], a, at: at)
        case ("UIColor", _), ("NSColor", _):
            if method.hasPrefix("colorWith") { return .color(try colorFrom(labels: [method] + labels.dropFirst(), a, at: at)) }
            if let c = namedColor(method) { return .color(c) }
        case ("UIImage", "imageNamed"), ("UIImage", "imageWithContentsOfFile"), ("UIImage", "imageWithData"):
            guard case .string(let s)? = a.first else { throw Skip(reason: "an image without a name", at: at) }
            return method == "imageNamed" ? .image(s) : imageFromResource(s, at: at)
        case ("UIScreen", "mainScreen"): return .constant("UIScreen.main")
        case ("NSNotificationCenter", "defaultCenter"): return .constant("NSNotificationCenter.default")
        case ("NSBundle", "mainBundle"), ("NSBundle", "bundleForClass"), ("NSBundle", "bundleWithPath"), ("Bundle", "main"):
            return .constant("Bundle")
        case ("NSURL", _), ("NSData", _), ("URL", _), ("Data", _):
            guard case .string? = a.first else {
                throw Skip(reason: "\(type).\(method) of something other than a resource's name is not understood", at: at)
            }
            return a[safe: 0]
        case ("NSValue", _), ("NSNumber", _):
            return a.first ?? .null
        case ("CAMediaTimingFunction", _):
            return try timingFunction(labels: [method] + labels.dropFirst(), a, at: at)
        case ("CAValueFunction", "functionWithName"):
            guard let first = a.first, let f = valueFunction(first) else { throw Skip(reason: "an unknown value function", at: at) }
            return .valueFunction(f)
        case ("UIBezierPath", _):
            return try makePath(labels: [method] + labels.dropFirst(), a, at: at)
        case ("NSArray", _), ("NSMutableArray", _):
            if method == "array" || method == "arrayWithCapacity" { return .array([]) }
            if method == "arrayWithObjects" { return .array(Array(a.prefix { !isNull($0) })) }
            if method == "arrayWithArray" || method == "arrayWithObject" {
                return method == "arrayWithObject" ? .array(a) : (a.first ?? .array([]))
            }
        case ("NSString", "stringWithFormat"):
            return try format(a, at: at)
        case ("Timer", "scheduledTimer"), ("NSTimer", "scheduledTimerWithTimeInterval"):
            return try scheduleTimer(labels: labels, a, at: at)
        case ("CATransaction", _):
            return try transactionMethod(method, a, at: at)
        case ("UIFont", _), ("NSFont", _):
            let size = a.lazy.compactMap { v -> Double? in
                if case .number(let n) = v { return n }
                return nil
            }.first
            let isUIFont = type == "UIFont"
            if method == "fontWithName", case .string(let name) = a[safe: 0] { return .font(name, size: size, isUIFont: isUIFont) }
            if method.hasPrefix("bold") { return .font("Helvetica-Bold", size: size, isUIFont: isUIFont) }
            if method.hasPrefix("italic") { return .font("Helvetica-Oblique", size: size, isUIFont: isUIFont) }
            if method.hasPrefix("monospaced") && !method.contains("Digit") { return .font("Menlo", size: size, isUIFont: isUIFont) }
            if method.contains("systemFont") || method.contains("SystemFont") || method == "preferredFont" {
                return .font("Helvetica", size: size, isUIFont: isUIFont)
            }
        case ("Float", "random"), ("CGFloat", "random"), ("Double", "random"), ("Int", "random"), ("UInt32", "random"):
            guard case .range(let lower, let upper, let closed)? = a.first else {
                throw Skip(reason: "random(in:) without a range", at: at)
            }
            var v = lower + (upper - lower) * random.nextUnitDouble()
            if type.hasPrefix("Int") || type.hasPrefix("UInt") {
                v = (lower + ((upper - lower + (closed ? 1 : 0)) * random.nextUnitDouble()).rounded(.down))
            }
            note("random value fixed at \(PresetNumber.text(v)) (seeded)", at: at)
            return .number(v)
        case ("DispatchTime", "now"): return .number(0)
        case ("UIView", "animate"), ("UIView", "animateWithDuration"):
            throw Skip(reason: "UIView animations change views, not layers; not imported", at: at)
        default: break
        }
        throw Skip(reason: "\(type).\(FunctionDecl.signature(method, labels)) is not understood", at: at)
    }

    private func format(_ a: [Value], at: SourcePosition) throws -> Value {
        guard case .string(let pattern)? = a.first else { return .string("") }
        var result = ""
        var args = a.dropFirst().makeIterator()
        var chars = pattern.makeIterator()
        while let c = chars.next() {
            guard c == "%" else {
                result.append(c)
                continue
            }
            var spec = ""
            while let d = chars.next() {
                spec.append(d)
                if d.isLetter || d == "@" || d == "%" { break }
            }
            if spec == "%" {
                result += "%"
                continue
            }
            guard let v = args.next() else { break }
            let piece: String
            switch v {
            case .string(let s): piece = s
            case .number(let n):
                piece = PresetNumber.text(spec.hasSuffix("d") || spec.hasSuffix("i") || spec.hasSuffix("u") ? n.rounded(.towardZero) : n)
            default: piece = v.description
            }
            try mayHold(result.utf8.count + piece.utf8.count)
            result += piece
        }
        try willMake(text: result.utf8.count)
        return .string(result)
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
        _ selector: String, after delay: Double, on target: Object? = nil, saying: Bool = true, at: SourcePosition
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
        return try runLater(f, after: delay, what: "\(name) after a delay", saying: saying, at: at)
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
