import SparksCore

/// Members and calls: the files' own types first (their methods, properties, enum cases and
/// initialisers, as Swift and the Objective-C runtime find them), then iOS's, looked up in the
/// binding table (Bindings/).
extension Interpreter {
    /// A bare name that is a constant of iOS or C (`M_PI`, `YES`, `kCAFillModeForwards`), or nil.
    func constant(_ name: String, at: SourcePosition) throws -> Value? {
        if let v = try runBinding(name, on: [.global], form: .read, at: at) { return v }
        if name.hasPrefix("kCA") { return .constant(name) }
        return nil
    }

    // MARK: Reading members

    func member(of base: Value, _ name: String, at: SourcePosition, scope: Scope, selfObject: Object?) throws -> Value {
        switch base {
        case .type(let type):
            return try staticMember(typeName(type), name, at: at)
        case .object(let object):
            return try property(of: object, name, at: at)
        case .array(let items) where !name.isEmpty && name.allSatisfy(\.isNumber):
            // A tuple's element (`pair.0`), tuples being arrays here.
            if let i = Int(name), i < items.count { return items[i] }
        case .array(let items) where items.count == 2 && (name == "offset" || name == "element"):
            // An element of `enumerated()`: its offset and element.
            return items[name == "offset" ? 0 : 1]
        case .array(let items) where tupleLabelIndex(name, count: items.count) != nil:
            // A labelled tuple's element (`range.red` of a `typealias ColorRange = (red: …, …)`).
            return items[tupleLabelIndex(name, count: items.count)!]
        case .constant(let c):
            if let (type, instance) = enumInstance(c, having: name),
                let property = type.properties.first(where: { $0.name == name && !$0.isStatic }), let getter = property.getter
            {
                return try callBody(
                    getter, parameters: [], arguments: [], captured: globals, selfObject: instance, name: "\(type.name).\(name)", at: at)
            }
            // Generated asset accessors: SwiftGen's `Asset.Images.spark.image`, `.uiImage`.
            if c.hasPrefix("Asset."), name == "image" || name == "uiImage" { return .image(String(c.split(separator: ".").last ?? "")) }
        default: break
        }
        if let v = try extensionMember(of: base, name, call: nil, at: at) { return v }
        let receivers = receivers(of: base)
        if let v = try runBinding(name, on: receivers, form: .read, receiver: base, at: at, scope: scope, selfObject: selfObject) {
            return v
        }
        switch base {
        case .constant(let c):
            let instance = Self.instanceName(c)
            if BindingTable.shared.knows(instance: instance) {
                throw Skip(reason: "\(instance)'s \(name) is not understood", at: at, unknown: "\(c).\(name)")
            }
            // `CAEmitterLayerEmitterShape.line`, `UIColor.red.cgColor`: read where it is used.
            return .constant(c + "." + name)
        case .null:
            throw Skip(reason: "the value whose \(name) is read is nil here (it comes from code that was skipped or gives nothing)", at: at)
        default:
            throw Skip(
                reason: "\(base.description) has no member \(name) that Sparks understands", at: at, unknown: "\(base.description).\(name)")
        }
    }

    /// The Swift types a value is an instance of, for the files' extensions of them; nil for
    /// objects, types and constants.
    static func valueTypeNames(of value: Value) -> [String]? {
        switch value {
        case .number, .mediaTime:
            ["CGFloat", "Double", "Float", "Int", "TimeInterval", "CFTimeInterval", "FloatingPoint", "BinaryFloatingPoint", "Numeric"]
        case .point: ["CGPoint"]
        case .size: ["CGSize"]
        case .rect: ["CGRect"]
        case .color: ["UIColor", "CGColor"]
        case .string: ["String", "StringProtocol"]
        case .array: ["Array", "Collection", "Sequence"]
        case .transform: ["CATransform3D"]
        case .bool: ["Bool"]
        default: nil
        }
    }

    /// A computed property or method that the files' extension of a value's type declares
    /// (`extension CGRect { var center: CGPoint { … } }`, `extension CGFloat { func toRadians() … }`),
    /// run with `self` the value; nil when no extension declares it (an image's drawing
    /// extensions are noted by the caller).
    func extensionMember(
        of base: Value, _ name: String, call: (labels: [String?], arguments: [Value])?, at: SourcePosition
    ) throws
        -> Value?
    {
        guard let names = Self.valueTypeNames(of: base) else { return nil }
        for typeName in names {
            for file in files {
                for type in file.types where type.name == typeName {
                    let body: [Stmt]
                    var parameters: [Parameter] = []
                    if let call {
                        guard let (_, decl) = method(name, labels: call.labels, isStatic: false, in: type) else { continue }
                        body = decl.body
                        parameters = decl.parameters
                    } else {
                        guard let property = type.properties.first(where: { $0.name == name && !$0.isStatic }), let getter = property.getter
                        else { continue }
                        body = getter
                    }
                    let scope = Scope(parent: globals)
                    scope.values["self"] = base
                    let saved = self.file
                    self.file = file.path
                    defer { self.file = saved }
                    return try callBody(
                        body, parameters: parameters, arguments: call?.arguments ?? [], captured: scope, selfObject: nil,
                        name: "\(typeName).\(name)", at: at)
                }
            }
        }
        return nil
    }

    /// The position of `label` in a tuple type of the files' type aliases with `count` elements
    /// (`(red: Float, green: Float, blue: Float)`), or nil.
    func tupleLabelIndex(_ label: String, count: Int) -> Int? {
        for target in typeAliases.values.sorted() where target.hasPrefix("(") {
            let labels = target.dropFirst().dropLast().split(separator: ",").map {
                $0.split(separator: ":").first.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
            }
            if labels.count == count, let i = labels.firstIndex(of: label) { return i }
        }
        // Labels of the tuples the code wrote (`(r: 1, g: 0.5, b: 0)`).
        for labels in tupleLabels where labels.count == count {
            if let i = labels.firstIndex(of: label) { return i }
        }
        return nil
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
        if let t = typeDecl(named: type) {
            if t.isEnum, t.cases.contains(name) { return .constant("." + name) }
            // A type declared inside this one (`Particle.ConfettiShape`).
            if name.first?.isUppercase == true, typeDecl(named: name) != nil { return .type(name) }
            if let property = t.properties.first(where: { $0.name == name && $0.isStatic }) {
                return try staticProperty(property, of: type, at: at)
            }
            if let method = t.methods.first(where: { $0.name == name && $0.isStatic }) {
                return .function(
                    Callable(
                        name: "\(type).\(method.signature)", parameters: method.parameters, body: method.body, captured: globals,
                        selfObject: nil))
            }
        }
        if let v = try runBinding(name, on: typeReceivers(type), form: .read, receiver: .type(type), at: at) { return v }
        // `CAEmitterLayerEmitterShape.line`, `CAMediaTimingFunctionName.easeIn`: read where used.
        return .constant("\(type).\(name)")
    }

    /// A static property of the files' type: computed each time, or stored and worked out once, as
    /// Swift's are (lazily, on first use).
    private func staticProperty(_ property: PropertyDecl, of type: String, at: SourcePosition) throws -> Value {
        let saved = file
        file = property.file ?? file
        defer { file = saved }
        if let getter = property.getter {
            return try callBody(
                getter, parameters: [], arguments: [], captured: globals, selfObject: nil, name: "\(type).\(property.name)", at: at)
        }
        if let known = staticValues["\(type).\(property.name)"] { return known }
        guard let initial = property.initialValue else { return .constant("\(type).\(property.name)") }
        let value = try evaluate(initial, Scope(parent: globals), nil)
        staticValues["\(type).\(property.name)"] = value
        giveName(value, as: property.name)
        return value
    }

    /// A class's receivers: itself, the iOS classes the files' class inherits from, and any class.
    func typeReceivers(_ type: String) -> [Receiver] {
        ([type] + (typeDecl(named: type).map(superclassNames) ?? [])).map(Receiver.type) + [.anyType]
    }

    // MARK: Calls of members

    func callMember(
        _ base: Value, _ method: String, labels: [String?], _ a: [Value], at: SourcePosition, scope: Scope, selfObject: Object?
    ) throws -> Value {
        switch base {
        case .null:
            // A message to nil (Objective-C) or an optional chain on nil (Swift) does nothing.
            return .null
        case .type(let type):
            return try typeMethod(typeName(type), method, labels: labels, a, at: at, scope: scope, selfObject: selfObject)
        case .object(let object):
            return try objectMethod(object, method, labels: labels, a, at: at, scope: scope, selfObject: selfObject)
        case .range(let lower, let upper, let closed):
            let items = Value.array(try elements(of: .range(lower, upper, closed: closed), at: at))
            return try callMember(items, method, labels: labels, a, at: at, scope: scope, selfObject: selfObject)
        case .constant(let c):
            if let (type, instance) = enumInstance(c, having: method),
                let result = try callMethod(type, on: instance, name: method, labels: labels, arguments: a, at: at)
            {
                return result
            }
            // R.swift's generated `R.image.spark()`.
            if c == "R.image" { return .image(method) }
            // `Config.colors.map { … }` with Config in a file not given: the list its name says.
            if c.contains("."), Self.listMethods.contains(method), let list = standInMember(c, of: nil, at: at), case .array = list {
                return try callMember(list, method, labels: labels, a, at: at, scope: scope, selfObject: selfObject)
            }
        case _ where Self.valueTypeNames(of: base) != nil:
            if let v = try extensionMember(of: base, method, call: (labels, a), at: at) { return v }
            if case .image(let name) = base, isImageExtensionMethod(method) {
                note("UIImage.\(method)(…) of the files redraws the image; \"\(name)\" is used as it is", at: at)
                return base
            }
        case .image(let name) where isImageExtensionMethod(method):
            note("UIImage.\(method)(…) of the files redraws the image; \"\(name)\" is used as it is", at: at)
            return base
        default: break
        }
        if let v = try runBinding(
            method, on: receivers(of: base), form: .call, receiver: base, labels: labels, a, at: at, scope: scope, selfObject: selfObject)
        {
            return v
        }
        if let ran = try runClosureOfUnknownCall("\(base.description).\(method)", labels: labels, a, at: at) { return ran }
        if let layer = standInLayer("\(base.description).\(method)", a, at: at) { return layer }
        throw Skip(
            reason: "\(base.description).\(method)(…) is not understood", at: at,
            unknown: Self.unknownCall("\(base.description).\(method)", labels, a))
    }

    /// A call the files do not define, as a note names it: its spelling, or its text argument when
    /// it has one (`KJEmitterGetImage("ball")`: a stand-in image is named after "ball").
    static func unknownCall(_ name: String, _ labels: [String?], _ a: [Value]) -> String {
        for value in a { if case .string(let s) = value, !s.isEmpty, s.count <= 60 { return "\(name)(\"\(s)\")" } }
        return FunctionDecl.signature(name, labels)
    }

    static let listMethods: Set<String> = [
        "map", "compactMap", "flatMap", "forEach", "filter", "enumerated", "enumerate", "first", "randomElement",
    ]

    /// Objective-C class messages and Swift static calls.
    private func typeMethod(
        _ type: String, _ method: String, labels: [String?], _ a: [Value], at: SourcePosition, scope: Scope, selfObject: Object?
    ) throws -> Value {
        if let t = typeDecl(named: type) {
            if method == "alloc" || method == "new" {
                return method == "new"
                    ? try construct(t, labels: [], arguments: [], at: at)
                    : .object(newObject(kind: .allocated(type), className: type, madeAt: at, file: file))
            }
            if let result = try callMethod(t, on: nil, name: method, labels: labels, arguments: a, at: at) { return result }
            if t.isEnum, t.cases.contains(method) { return .enumValue(method, a) }
            // A type declared inside this one, made: `Twinkle.Configuration()`.
            if method.first?.isUppercase == true, let nested = typeDecl(named: method), !isIOSType(method) {
                return try construct(nested, labels: labels, arguments: a, at: at)
            }
            // An extension of a UIKit or Core Graphics value type (UIImage, UIColor) keeps the type's own initialisers.
            if method == "init", !isIOSType(type) {
                return try construct(t, labels: Array(labels.dropFirst()), arguments: a, at: at)
            }
            // `[PulsingHaloLayer layer]`: the files' own layer class made as CALayer's `+layer` makes it, its init run.
            if method == "layer", a.isEmpty, layerAncestor(of: t) != nil { return try construct(t, labels: [], arguments: [], at: at) }
        }
        switch method {
        case "alloc": return .object(newObject(kind: .allocated(type), className: type, madeAt: at, file: file))
        case "new", "init":
            return try builtinFunction(type, labels: method == "init" ? labels : [], a, at: at, scope: globals, selfObject: nil)
        default: break
        }
        if let v = try runBinding(
            method, on: typeReceivers(type), form: .call, receiver: .type(type), labels: labels, a, at: at, scope: scope,
            selfObject: selfObject)
        {
            return v
        }
        if let ran = try runClosureOfUnknownCall("\(type).\(method)", labels: labels, a, at: at) { return ran }
        let signature = "\(type).\(FunctionDecl.signature(method, labels))"
        throw Skip(reason: "\(signature) is not understood", at: at, unknown: signature)
    }

    // MARK: Free functions and constructors

    func builtinFunction(
        _ name: String, labels: [String?], _ a: [Value], at: SourcePosition, scope: Scope, selfObject: Object?
    ) throws -> Value {
        if let v = try runBinding(name, on: [.global], form: .call, labels: labels, a, at: at, scope: scope, selfObject: selfObject) {
            return v
        }
        if name == ".init" { throw Skip(reason: "an implicit initialiser (.init(…)) whose type is not known here", at: at) }
        // `.confetti(allowedShapes: shapes)`: a case of one of the files' enums, with its values.
        if name.hasPrefix("."), files.contains(where: { $0.types.contains { $0.isEnum && $0.cases.contains(String(name.dropFirst())) } }) {
            return .enumValue(String(name.dropFirst()), a)
        }
        if let ran = try runClosureOfUnknownCall(name, labels: labels, a, at: at) { return ran }
        // `ViewModel()`, `Config()`: a type of a file that was not given, made empty; what is read of
        // it stands in by the name and kind of where it goes.
        if !Self.isObjectiveC(file), let first = name.unicodeScalars.first, first.properties.isUppercase, !name.contains("."),
            !isIOSType(name),
            !["CG", "CA", "CF", "UI", "NS", "CT", "CI", "AV"].contains(where: name.hasPrefix)
        {
            note("\(name) is not in the files: an empty \(name) stands in (give the file that defines it to use its values)", at: at)
            let placeholder = TypeDecl(name: name, superclass: nil, properties: [], methods: [], at: at)
            placeholderTypes.insert(name)
            return .object(newObject(kind: .instance(placeholder), className: name, madeAt: at, file: file))
        }
        throw Skip(
            reason: "\(FunctionDecl.signature(name, labels)) is not understood", at: at, unknown: Self.unknownCall(name, labels, a))
    }

    // MARK: Methods of objects

    func objectMethod(
        _ object: Object, _ method: String, labels: [String?], _ a: [Value], at: SourcePosition, scope: Scope, selfObject: Object?
    ) throws -> Value {
        if let result = try ownMethod(object, method, labels: labels, a, at: at, scope: scope, selfObject: selfObject) { return result }
        // Objective-C setters and getters as messages.
        if method.hasPrefix("set"), method.count > 3, a.count == 1, (labels.first ?? nil) == nil, method != "setValue" {
            let key = method.dropFirst(3).prefix(1).lowercased() + method.dropFirst(4)
            try setProperty(of: object, key, a[safe: 0], at: at)
            return .void
        }
        if let v = try runBinding(
            method, on: receivers(of: .object(object)), form: .call, receiver: .object(object), labels: labels, a, at: at, scope: scope,
            selfObject: selfObject)
        {
            return v
        }
        if a.isEmpty, let v = try? property(of: object, method, at: at) { return v }
        // A stored closure called through its property (`config.customize?(cells)`): nil does nothing.
        if object.declaredType != nil, let stored = try? field(of: object, method, at: at) {
            switch stored {
            case .null: return .null
            case .function(let f): return try call(f, a, at: at)
            default: break
            }
        }
        if let ran = try runClosureOfUnknownCall("\(object.className).\(method)", labels: labels, a, at: at) { return ran }
        let signature = "\(object.className).\(FunctionDecl.signature(method, labels))"
        throw Skip(reason: "\(signature) is not understood", at: at, unknown: signature)
    }

    /// The files' own method `method` of the object: its class's, a superclass's found by name
    /// (Objective-C), an extension's of the UIKit or Core Animation class it is, or its
    /// initialiser after `alloc`. Nil when the files have none.
    private func ownMethod(
        _ object: Object, _ method: String, labels: [String?], _ a: [Value], at: SourcePosition, scope: Scope, selfObject: Object?
    ) throws -> Value? {
        if let type = object.declaredType,
            let result = try callMethod(type, on: object, name: method, labels: labels, arguments: a, at: at)
        {
            return result
        }
        if object.enumCase != nil {
            throw Skip(reason: "\(object.className).\(FunctionDecl.signature(method, labels)) is not in the files", at: at)
        }
        // Objective-C dispatches by name: a method of a class whose superclass is not among the
        // files (its header was not given) may be the superclass's, found by name.
        if let type = object.declaredType, type.superclass.flatMap(typeDecl(named:)) == nil,
            let (owner, decl) = files.flatMap(\.types).lazy.compactMap({ self.method(method, labels: labels, isStatic: false, in: $0) })
                .first
        {
            note("\(method) is not in \(type.name): \(owner.name)'s was run (its superclass is not among the files)", at: at)
            return try run(decl, of: owner, on: object, a, at: at)
        }
        // An extension of a UIKit view or Core Animation layer class in the files (`extension
        // UIView { func startShimmering() }`) on an object of that class or one below it.
        if object.declaredType == nil {
            let classes: [String] =
                switch object.kind {
                case .view: [object.className, "UIView"]
                case .layer(let kind): [object.className, kind.className, "CALayer"]
                case .cell: ["CAEmitterCell"]
                case .animation: [object.className, "CAPropertyAnimation", "CAAnimation"]
                case .path: ["UIBezierPath", "CGMutablePath", "CGPath"]
                default: []
                }
            for name in classes {
                if let type = typeDecl(named: name), let (owner, decl) = self.method(method, labels: labels, isStatic: false, in: type) {
                    return try run(decl, of: owner, on: object, a, at: at)
                }
            }
        }
        if case .allocated(let className) = object.kind, method.hasPrefix("init") {
            // `initWithFrame:` is Swift's `init(frame:)`.
            var rest = method.dropFirst(4)
            if rest.hasPrefix("With") { rest = rest.dropFirst(4) }
            var initLabels: [String?] = labels
            if !rest.isEmpty, !initLabels.isEmpty { initLabels[0] = rest.prefix(1).lowercased() + rest.dropFirst() }
            if let type = typeDecl(named: className) { return try construct(type, labels: initLabels, arguments: a, at: at) }
            return try builtinFunction(className, labels: initLabels, a, at: at, scope: scope, selfObject: selfObject)
        }
        return nil
    }

    /// Runs a method of the files' type `owner` on `object`, in the method's own file.
    func run(_ decl: FunctionDecl, of owner: TypeDecl, on object: Object, _ a: [Value], at: SourcePosition) throws -> Value {
        let saved = file
        file = decl.file ?? file
        defer { file = saved }
        return try callBody(
            decl.body, parameters: decl.parameters, arguments: a, captured: globals, selfObject: object,
            name: "\(owner.name).\(decl.signature)",
            at: at)
    }
}
