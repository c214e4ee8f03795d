import Foundation
import SparksCore

/// Calls: functions and methods of the files, matched by name and labels, with their
/// arguments bound to parameters.
extension Interpreter {
    func freeFunction(named name: String) -> Callable? {
        for f in files {
            if let decl = f.functions.first(where: { $0.name == name }) {
                return Callable(name: decl.name, parameters: decl.parameters, body: decl.body, captured: globals, selfObject: nil)
            }
        }
        return nil
    }

    // MARK: Calls

    func callBody(
        _ body: [Stmt], parameters: [Parameter], arguments: [Value], captured: Scope?, selfObject: Object?, name: String, at: SourcePosition
    ) throws -> Value {
        guard callDepth < Self.maxCallDepth else { throw Skip(reason: "calls nest deeper than \(Self.maxCallDepth) (recursion?)", at: at) }
        callDepth += 1
        defer { callDepth -= 1 }
        ran.insert(name)
        let owner = name.split(separator: ".").first.map(String.init)
        let ownType = owner.flatMap { typeDecl(named: $0) } != nil
        if ownType { typeContext.append(owner!) }
        defer { if ownType { typeContext.removeLast() } }
        callNames.append(String((name.split(separator: ".").last ?? "").prefix { $0 != "(" }))
        defer { callNames.removeLast() }
        if let why = explainNextCall {
            explainNextCall = nil
            explain(why)
        } else if name != "closure" {
            let described = zip(parameters, arguments).map { p, v in
                let text = v.description
                return "\(p.name): " + (text.count > 60 ? text.prefix(59) + "…" : text)
            }
            explain("\(name)" + (described.isEmpty ? "" : " with " + described.joined(separator: ", ")))
        }
        let scope = Scope(parent: captured ?? globals)
        // A closure without a parameter list names its arguments $0, $1, ….
        if parameters.isEmpty { for (i, a) in arguments.enumerated() { scope.values["$\(i)"] = a } }
        for (i, parameter) in parameters.enumerated() {
            // `.void` is an argument left out (a `--call` that names later ones): its default applies.
            if i < arguments.count, !(arguments[i].isOmitted && parameter.defaultValue != nil) {
                scope.values[parameter.name] = arguments[i]
            } else if let d = parameter.defaultValue {
                scope.values[parameter.name] = try evaluate(d, scope, selfObject)
            } else if let v = defined(parameter.name) {
                scope.values[parameter.name] = v
            } else {
                scope.values[parameter.name] = .null
            }
        }
        switch try run(body, in: scope, selfObject: selfObject) {
        case .returned(let v): return v
        default: return .void
        }
    }

    func call(_ function: Callable, _ arguments: [Value], at: SourcePosition) throws -> Value {
        try callBody(
            function.body, parameters: function.parameters, arguments: arguments, captured: function.captured,
            selfObject: function.selfObject, name: function.name, at: at)
    }

    /// Calls a method of the file's own type on `object` (or a static one when nil), matched
    /// by name and argument labels; nil when the type has none.
    func callMethod(
        _ type: TypeDecl, on object: Object?, name: String, labels: [String?], arguments: [Value], at: SourcePosition
    ) throws -> Value? {
        guard let (owner, decl) = method(name, labels: labels, isStatic: object == nil, in: type) else { return nil }
        let saved = file
        file = decl.file ?? fileOf(owner) ?? file
        defer { file = saved }
        // Labels that skip defaulted parameters or fill a variadic one: the arguments in place.
        let aligned = decl.parameters.map(\.label) == labels ? arguments : Self.align(labels, arguments, to: decl.parameters) ?? arguments
        return try callBody(
            decl.body, parameters: decl.parameters, arguments: aligned, captured: globals, selfObject: object,
            name: "\(owner.name).\(decl.signature)", at: at)
    }

    /// The method a call names, matched by name and labels (missing trailing arguments with
    /// defaults), in the type or the classes of the files it inherits from.
    func method(_ name: String, labels: [String?], isStatic: Bool, in type: TypeDecl) -> (TypeDecl, FunctionDecl)? {
        if let found = sameSpelledMethod(name, labels: labels, isStatic: isStatic, in: type) { return found }
        // Swift's `init(frame:)` is Objective-C's `-initWithFrame:`, and the other way round.
        if name == "init", let first = labels.first, let label = first {
            let objc = "initWith" + label.prefix(1).uppercased() + label.dropFirst()
            return sameSpelledMethod(objc, labels: [nil] + labels.dropFirst(), isStatic: isStatic, in: type)
        }
        if name.hasPrefix("initWith"), name.count > 8, labels.first == String?.none {
            let rest = name.dropFirst(8)
            let label = rest.prefix(1).lowercased() + rest.dropFirst()
            return sameSpelledMethod("init", labels: [label] + labels.dropFirst(), isStatic: isStatic, in: type)
        }
        return nil
    }

    private func sameSpelledMethod(_ name: String, labels: [String?], isStatic: Bool, in type: TypeDecl) -> (TypeDecl, FunctionDecl)? {
        for t in lineage(of: type) {
            let candidates = t.methods.filter { $0.name == name && isStatic == $0.isStatic }
            let exact = candidates.first { $0.parameters.map(\.label) == labels }
            let fitting =
                exact
                ?? candidates.first { decl in
                    labels.count <= decl.parameters.count && zip(decl.parameters, labels).allSatisfy { $0.label == $1 }
                        && decl.parameters.dropFirst(labels.count).allSatisfy { $0.defaultValue != nil }
                }
                // A trailing closure loses its label (`generate { … }` calls `generate(block:)`).
                ?? candidates.first { decl in
                    guard labels.count == decl.parameters.count, labels.last == String?.none else { return false }
                    return zip(decl.parameters.dropLast(), labels.dropLast()).allSatisfy { $0.label == $1 }
                }
            if let fitting { return (t, fitting) }
            // Labels that skip defaulted parameters (`transform(to:)` of `transform(from:to:)`) or
            // several values of a variadic one.
            if let aligned = candidates.first(where: { Self.align(labels, labels.map { _ in .void }, to: $0.parameters) != nil }) {
                return (t, aligned)
            }
        }
        return nil
    }

    /// The arguments of a call in the order of the parameters, Swift's way: a parameter whose
    /// label the call skips takes its default (`.void`, an argument left out), a variadic one
    /// (`CAAnimation...`) the unlabelled values that follow its label, as an array. Nil when the
    /// labels do not fit.
    static func align(_ labels: [String?], _ arguments: [Value], to parameters: [Parameter]) -> [Value]? {
        var result: [Value] = []
        var i = 0
        for p in parameters {
            let variadic = p.typeName?.hasSuffix("...") == true
            if i < labels.count, labels[i] == p.label {
                if variadic {
                    var values = [arguments[i]]
                    i += 1
                    while i < labels.count, labels[i] == nil, p.label != nil {
                        values.append(arguments[i])
                        i += 1
                    }
                    result.append(.array(values))
                } else {
                    result.append(arguments[i])
                    i += 1
                }
            } else if p.defaultValue != nil {
                result.append(.void)
            } else if variadic {
                result.append(.array([]))
            } else {
                return nil
            }
        }
        return i == labels.count ? result : nil
    }

    func typeDecl(named name: String) -> TypeDecl? {
        let resolved = typeName(name)
        for f in files { if let t = f.types.first(where: { $0.name == resolved }) { return t } }
        return nil
    }

    /// A type's name with the files' aliases resolved (`Color` → `UIColor`).
    func typeName(_ name: String) -> String {
        var current = name
        var seen = 0
        while let target = typeAliases[current], seen < 8 {
            current = target
            seen += 1
        }
        return current
    }

    func call(
        _ callee: Expr, _ argumentExprs: [Argument], _ scope: Scope, _ selfObject: Object?, at: SourcePosition
    ) throws -> Value {
        let labels = argumentExprs.map(\.label)
        // `unsafeBitCast(value, to: SomeType.self)`: the value, whatever the type says.
        if case .name("unsafeBitCast") = callee.kind, let first = argumentExprs.first {
            return try evaluate(first.value, scope, selfObject)
        }
        var arguments: [Value] = []
        for a in argumentExprs { arguments.append(try evaluate(a.value, scope, selfObject)) }
        switch callee.kind {
        case .name(let name):
            if let v = scope.lookup(name), case .function(let f) = v { return try call(f, arguments, at: at) }
            // `configure?(layer)` on a closure parameter that is nil: nothing happens.
            if let v = scope.lookup(name), case .null = v { return .null }
            // `completion?()` on a stored closure property of self.
            if scope.lookup(name) == nil, let object = selfObject, let type = object.declaredType,
                declaredProperty(name, in: type) != nil, let stored = try? field(of: object, name, at: at)
            {
                if case .function(let f) = stored { return try call(f, arguments, at: at) }
                if case .null = stored { return .null }
            }
            // A class method held in a variable (`let make = cls.method(for: selector)`), called.
            if let v = scope.lookup(name), case .type(let t) = v {
                return try builtinFunction(t, labels: labels, arguments, at: at, scope: scope, selfObject: selfObject)
            }
            // A method of self called without `self.`.
            if let object = selfObject, let type = object.declaredType,
                let result = try callMethod(type, on: object, name: name, labels: labels, arguments: arguments, at: at)
            {
                return result
            }
            // A static method of the enclosing type, or of the enum `self` is a case of.
            if let object = selfObject, let type = object.declaredType,
                let result = try callMethod(type, on: nil, name: name, labels: labels, arguments: arguments, at: at)
            {
                return result
            }
            // Inside a static method (or an initialiser's helpers), another static method of the
            // type whose code is running.
            if selfObject == nil, let typeName = typeContext.last, let type = typeDecl(named: typeName),
                let result = try callMethod(type, on: nil, name: name, labels: labels, arguments: arguments, at: at)
            {
                return result
            }
            // `Array(arrayLiteral: a, b)`: the list of its arguments.
            if ["Array", "NSArray", "Set"].contains(name), labels.first == "arrayLiteral" { return .array(arguments) }
            if let decl = files.lazy.flatMap(\.functions).first(where: {
                $0.name == name && ($0.parameters.map(\.label) == labels || $0.parameters.count >= labels.count)
            }) {
                let saved = file
                file = files.first { $0.functions.contains { $0.name == decl.name && $0.at == decl.at } }?.path ?? file
                defer { file = saved }
                return try callBody(
                    decl.body, parameters: decl.parameters, arguments: arguments, captured: globals, selfObject: nil, name: decl.signature,
                    at: at)
            }
            if let type = typeDecl(named: name), !isIOSType(name) {
                return try construct(type, labels: labels, arguments: arguments, at: at)
            }
            if let v = defines[name] ?? globals.lookup(name), case .function(let f) = v { return try call(f, arguments, at: at) }
            do {
                return try builtinFunction(typeName(name), labels: labels, arguments, at: at, scope: scope, selfObject: selfObject)
            } catch let skip as Skip {
                // Inside a layer or view subclass, `addSublayer(pulse)` is a method of self.
                guard let object = selfObject, object.layerKind != nil || object.isViewLike, object.enumCase == nil,
                    name.first?.isLowercase == true
                else { throw skip }
                return try objectMethod(object, name, labels: labels, arguments, at: at, scope: scope, selfObject: selfObject)
            }
        case .member(let baseExpr?, let method):
            if case .name("super") = baseExpr.kind {
                // `[super setFrame:frame]` in a setter the class overrides: the layer's or view's own
                // property; other calls of the superclass (`super.init()`, `[super layoutSubviews]`)
                // do what UIKit and Core Animation do by default, which is nothing to import.
                if method.hasPrefix("set"), method.count > 3, arguments.count == 1, let object = selfObject,
                    object.layerKind != nil || object.isViewLike
                {
                    let key = method.dropFirst(3).prefix(1).lowercased() + method.dropFirst(4)
                    try setProperty(of: object, key, arguments[0], at: at, ownFirst: false)
                }
                return .void
            }
            var base = try evaluate(baseExpr, scope, selfObject)
            // Mutating array methods change the variable.
            if case .array(var items) = base,
                ["append", "addObject", "insert", "appendContentsOf", "removeAll", "removeAllObjects", "addObjectsFromArray"].contains(
                    method)
            {
                // A variable's list is changed in place (the variable lets go of it first), not
                // copied at each append.
                base = .void
                if case .name = baseExpr.kind { try assign(baseExpr, .void, scope, selfObject) }
                let before = items.count
                if method == "insert" { try charge(elements: items.count) }
                switch method {
                case "removeAll", "removeAllObjects": items = []
                case "appendContentsOf", "addObjectsFromArray": items += (try arguments.first.map { try elements(of: $0, at: at) } ?? [])
                case "insert":
                    if arguments.count == 2, case .number(let n) = arguments[1], let i = wholeNumber(n), i >= 0, i <= items.count {
                        items.insert(arguments[0], at: i)
                    }
                default:
                    if labels.first == "contentsOf" { items += try elements(of: arguments[0], at: at) } else { items += arguments }
                }
                guard items.count <= Self.maxCollection else {
                    throw Skip(reason: "an array grows past \(Self.maxCollection) elements", at: at)
                }
                try willMake(elements: max(0, items.count - before))
                try assign(baseExpr, .array(items), scope, selfObject)
                return .void
            }
            // Mutating dictionary methods change the variable too.
            if case .dictionary(var pairs) = base, ["updateValue", "removeValue", "removeAll"].contains(method) {
                try charge(elements: pairs.count)
                let key = method == "updateValue" ? arguments[safe: 1] : arguments[safe: 0]
                let old = pairs.first { sameKey($0.0, key) }?.1 ?? .null
                pairs.removeAll { method == "removeAll" || sameKey($0.0, key) }
                if method == "updateValue" { pairs.append((key, arguments[safe: 0])) }
                try willMake(elements: 1)
                try assign(baseExpr, .dictionary(pairs), scope, selfObject)
                return old
            }
            return try callMember(base, method, labels: labels, arguments, at: at, scope: scope, selfObject: selfObject)
        case .member(nil, let member):
            // `.init(...)` or an implicit static factory (`.init(name: .easeIn)`): left to the receiver.
            return try builtinFunction("." + member, labels: labels, arguments, at: at, scope: scope, selfObject: selfObject)
        case .array, .dictionary:
            // `[CAEmitterCell]()`, `[String: Float]()`: an empty collection.
            if case .dictionary = callee.kind { return .dictionary([]) }
            return .array([])
        default:
            let f = try evaluate(callee, scope, selfObject)
            switch f {
            case .function(let function): return try call(function, arguments, at: at)
            case .type(let name): return try builtinFunction(name, labels: labels, arguments, at: at, scope: scope, selfObject: selfObject)
            default: throw Skip(reason: "\(f.description) cannot be called", at: at)
            }
        }
    }

    /// Makes an instance of the file's own class, running its initialiser.
}
