import Foundation
import SparksCore

/// Expressions evaluated: literals, names, members, operators, subscripts and closures.
extension Interpreter {
    // MARK: Expressions

    func evaluate(_ expr: Expr, _ scope: Scope, _ selfObject: Object?) throws -> Value {
        try tick()
        // Nesting of expressions, calls and lazily worked-out fields together: bounded so any
        // code runs within a thread's stack.
        guard nesting < Self.maxNesting else {
            throw Skip(reason: "the code nests deeper than \(Self.maxNesting) expressions and calls", at: expr.at)
        }
        nesting += 1
        defer { nesting -= 1 }
        switch expr.kind {
        case .number(let n): return .number(n)
        case .string(let s): return .string(s)
        case .bool(let b): return .bool(b)
        case .null: return .null
        case .interpolated(let parts):
            var text = ""
            for part in parts {
                let piece: String
                switch part {
                case .text(let t): piece = t
                case .value(let e): piece = try interpolation(try evaluate(e, scope, selfObject))
                }
                try mayHold(text.utf8.count + piece.utf8.count)
                text += piece
            }
            try willMake(text: text.utf8.count)
            return .string(text)
        case .name(let name):
            return try lookup(name, scope, selfObject, at: expr.at)
        case .member(nil, let member):
            if member == "pi" { return .number(Double.pi) }
            if member == "infinity" || member == "greatestFiniteMagnitude" { return .number(.infinity) }
            return .constant("." + member)
        case .member(let baseExpr?, let member):
            let base = try evaluate(baseExpr, scope, selfObject)
            return try self.member(of: base, member, at: expr.at, scope: scope, selfObject: selfObject)
        case .call(let callee, let arguments):
            return try call(callee, arguments, scope, selfObject, at: expr.at)
        case .binary(let op, let a, let b):
            if op == "&&" {
                return .bool(try truth(try evaluate(a, scope, selfObject), at: a.at) && truth(try evaluate(b, scope, selfObject), at: b.at))
            }
            if op == "||" {
                return .bool(try truth(try evaluate(a, scope, selfObject), at: a.at) || truth(try evaluate(b, scope, selfObject), at: b.at))
            }
            if op == "=" {
                // An assignment inside an expression: `if ((self = [super initWithFrame:frame]))`.
                let value = try evaluate(b, scope, selfObject)
                try assign(a, value, scope, selfObject)
                if case .name("self") = a.kind { return selfObject.map(Value.object) ?? value }
                return value
            }
            if op == "as?" || op == "is", case .string(let type) = b.kind {
                let value = try evaluate(a, scope, selfObject)
                let fits = isInstance(value, of: type)
                return op == "is" ? .bool(fits ?? true) : fits == false ? .null : value
            }
            if op == "??" {
                let left = try? evaluate(a, scope, selfObject)
                if let left, !isNull(left) { return left }
                return try evaluate(b, scope, selfObject)
            }
            let left = try evaluate(a, scope, selfObject)
            let right = try evaluate(b, scope, selfObject)
            return try arithmetic(op, left, right, at: expr.at)
        case .unary(let op, let operand):
            let value = try evaluate(operand, scope, selfObject)
            switch op {
            case "-": return try arithmetic("*", value, .number(-1), at: expr.at)
            case "!": return .bool(!(try truth(value, at: expr.at)))
            default: throw Skip(reason: "the operator \(op) is not understood", at: expr.at)
            }
        case .ternary(let c, let a, let b):
            return try truth(try evaluate(c, scope, selfObject), at: c.at)
                ? try evaluate(a, scope, selfObject) : try evaluate(b, scope, selfObject)
        case .array(let items):
            return .array(try items.map { try evaluate($0, scope, selfObject) })
        case .dictionary(let pairs):
            return .dictionary(try pairs.map { (try evaluate($0.0, scope, selfObject), try evaluate($0.1, scope, selfObject)) })
        case .subscript(let baseExpr, let indices):
            let base = try evaluate(baseExpr, scope, selfObject)
            guard let first = indices.first else { throw Skip(reason: "an empty subscript", at: expr.at) }
            let index = try evaluate(first, scope, selfObject)
            if case .dictionary(let pairs) = base {
                try charge(elements: pairs.count)
                return pairs.first { key, _ in sameKey(key, index) }?.1 ?? .null
            }
            let items = try elements(of: base, at: expr.at)
            guard case .number(let n) = index, let i = wholeNumber(n), i >= 0, i < items.count else {
                throw Skip(reason: "the index \(index.description) is outside the array (of \(items.count))", at: expr.at)
            }
            return items[i]
        case .closure(let names, let body):
            return .function(
                Callable(
                    name: "closure", parameters: names.map { Parameter(label: nil, name: $0) }, body: body, captured: scope,
                    selfObject: selfObject))
        case .selector(let name):
            return .selector(name)
        case .casePattern(let name, _):
            return .constant("." + name)
        case .unsupported(let reason):
            throw Skip(reason: reason, at: expr.at)
        }
    }

    func sameKey(_ a: Value, _ b: Value) -> Bool {
        switch (a, b) {
        case (.string(let x), .string(let y)): x == y
        case (.number(let x), .number(let y)): x == y
        case (.constant(let x), .constant(let y)): x == y
        default: false
        }
    }

    func isNull(_ value: Value) -> Bool {
        if case .null = value { return true }
        return false
    }

    private func interpolation(_ value: Value) throws -> String {
        switch value {
        case .string(let s): return s
        case .number(let n): return PresetNumber.text(n)
        case .bool(let b): return b ? "true" : "false"
        case .constant(let c): return c.hasPrefix(".") ? String(c.dropFirst()) : c
        default: throw Skip(reason: "\(value.description) inside a string is not understood")
        }
    }

    /// A name: a variable, a field of `self`, a global, a `--define`, a constant or a type.
    func lookup(_ name: String, _ scope: Scope, _ selfObject: Object?, at: SourcePosition) throws -> Value {
        if let v = scope.lookup(name) { return v }
        // Inside an extension of a value type (`extension CGRect { var center … midX … }`): a
        // member of the value `self` is.
        if selfObject == nil, let selfValue = scope.lookup("self"), Self.valueTypeNames(of: selfValue) != nil,
            let v = try? member(of: selfValue, name, at: at, scope: scope, selfObject: nil)
        {
            return v
        }
        if name == "self" {
            if let c = selfObject?.enumCase { return c }
            // In a static method, `self` is the type (`self.layer(radius:)` in `struct Drawer`).
            if selfObject == nil, let type = typeContext.last { return .type(type) }
            return selfObject.map(Value.object) ?? .object(hostView)
        }
        if name == "super" { return .constant("super") }
        if let object = selfObject {
            if let v = try field(of: object, name, at: at) { return v }
            // An Objective-C instance variable of a header not given, not set yet: nil, as the
            // runtime zeroes a new object.
            if name.hasPrefix("_"), name.count > 1, let type = object.declaredType, Self.isObjectiveC(fileOf(type) ?? file) {
                return object.fields[String(name.dropFirst())] ?? .null
            }
        }
        // Inside a type's code, its static properties and methods by their bare names.
        if let type = typeContext.last, let decl = typeDecl(named: type),
            decl.properties.contains(where: { $0.isStatic && $0.name == name })
                || decl.methods.contains(where: { $0.isStatic && $0.name == name })
        {
            return try staticMember(type, name, at: at)
        }
        if let v = defined(name) { return v }
        if let v = globals.lookup(name) { return v }
        if let v = try constant(name, at: at) { return v }
        if let function = freeFunction(named: name) { return .function(function) }
        if typeAliases[name] != nil { return .type(typeName(name)) }
        if files.contains(where: { $0.types.contains { $0.name == name } }) { return .type(name) }
        if let first = name.unicodeScalars.first, first.properties.isUppercase { return .type(name) }
        // Properties of the host view or controller, as written inside it (`bounds`, `view`).
        if selfObject == nil || !(selfObject.map(\.isViewLike) ?? false) {
            if let v = try? member(of: .object(hostController ?? hostView), name, at: at, scope: scope, selfObject: selfObject) { return v }
        }
        throw Skip(reason: "\(name) is not known here; give it a value with --define \(name)=VALUE", at: at, unknown: name)
    }

    // MARK: Values

    func truth(_ value: Value, at: SourcePosition) throws -> Bool {
        switch value {
        case .bool(let b): return b
        case .number(let n): return n != 0
        case .null: return false
        case .object, .string, .array, .color, .image: return true
        default: throw Skip(reason: "\(value.description) is not a condition", at: at)
        }
    }

    /// Whether `value` is an instance of the class `type` names, when Sparks knows (a layer,
    /// view or cell and a Core Animation or UIKit class, or the files' class); nil when it
    /// cannot tell (the cast then lets the value through, as code written for it expects).
    func isInstance(_ value: Value, of type: String) -> Bool? {
        let name = typeName(type.trimmingCharacters(in: CharacterSet(charactersIn: "!?")))
        guard case .object(let object) = value else { return isNull(value) ? false : nil }
        if let own = typeDecl(named: name) { return object.declaredType.map { lineage(of: $0).contains { $0.name == own.name } } ?? false }
        if let kind = object.layerKind {
            if name == "CALayer" { return true }
            guard let wanted = LayerKind.allCases.first(where: { $0.className == name }) else { return nil }
            return kind == wanted
        }
        if case .cell = object.kind { return name == "CAEmitterCell" }
        if object.isViewLike, name.hasPrefix("UI") { return name == "UIView" || object.className == name ? true : nil }
        return nil
    }

    func elements(of value: Value, at: SourcePosition) throws -> [Value] {
        switch value {
        case .array(let items): return items
        case .object(let o)
        where {
            if case .mutableArray = o.kind { return true }
            return false
        }(): return o.items
        case .range(let lower, let upper, let closed):
            let count = (closed ? upper - lower + 1 : upper - lower).rounded(.down)
            guard count.isFinite else { throw Skip(reason: "a range that does not end", at: at) }
            guard count <= Double(Self.maxCollection) else {
                throw Skip(reason: "a range of more than \(Self.maxCollection) values", at: at)
            }
            return count <= 0 ? [] : (0..<Int(count)).map { .number(lower + Double($0)) }
        case .dictionary(let pairs): return pairs.map { .array([$0.0, $0.1]) }
        case .string(let s): return s.map { .string(String($0)) }
        case .null: return []
        default: throw Skip(reason: "\(value.description) is not a collection", at: at)
        }
    }

    func number(_ value: Value, at: SourcePosition, what: String = "a number") throws -> Double {
        switch value {
        case .number(let n): return n
        case .mediaTime(let t): return t
        case .bool(let b): return b ? 1 : 0
        case .constant(".zero"): return 0  // `Float.zero`, `.zero` where a number is wanted
        case .constant(let c):
            if let n = try constant(c.hasPrefix(".") ? String(c.dropFirst()) : c, at: at), case .number(let v) = n { return v }
        default: break
        }
        throw Skip(reason: "expected \(what), got \(value.description)", at: at, unknown: unresolved(value))
    }

    func arithmetic(_ op: String, _ a: Value, _ b: Value, at: SourcePosition) throws -> Value {
        switch (a, b) {
        case (.string(let x), .string(let y)) where op == "+":
            try willMake(text: x.utf8.count + y.utf8.count)
            return .string(x + y)
        case (.string(let x), .string(let y)) where op == "==": return .bool(x == y)
        case (.string(let x), .string(let y)) where op == "!=": return .bool(x != y)
        case (.array(let x), .array(let y)) where op == "+":
            try willMake(elements: x.count + y.count)
            return .array(x + y)
        case (.point(let p), _) where op == "+" || op == "-":
            if case .point(let q) = b { return .point(op == "+" ? Point(x: p.x + q.x, y: p.y + q.y) : Point(x: p.x - q.x, y: p.y - q.y)) }
        case (.transform(let x), .transform(let y)) where op == "*": return .transform(x * y)
        case (.null, _) where op == "==": return .bool(isNull(b))
        case (.null, _) where op == "!=": return .bool(!isNull(b))
        case (_, .null) where op == "==": return .bool(isNull(a))
        case (_, .null) where op == "!=": return .bool(!isNull(a))
        case (.object(let x), .object(let y)) where op == "==" || op == "!=": return .bool((x === y) == (op == "=="))
        case (.point(let x), .point(let y)) where op == "==" || op == "!=": return .bool((x == y) == (op == "=="))
        case (.size(let x), .size(let y)) where op == "==" || op == "!=": return .bool((x == y) == (op == "=="))
        case (.rect(let x), .rect(let y)) where op == "==" || op == "!=": return .bool((x == y) == (op == "=="))
        case (.color(let x), .color(let y)) where op == "==" || op == "!=": return .bool((x == y) == (op == "=="))
        case (.bool(let x), .bool(let y)) where op == "==" || op == "!=": return .bool((x == y) == (op == "=="))
        case (.constant(let x), .constant(let y)) where op == "==" || op == "!=": return .bool((x == y) == (op == "=="))
        case (.enumValue(let x, _), .constant(let y)) where op == "==" || op == "!=": return .bool(("." + x == y) == (op == "=="))
        case (.constant(let x), .enumValue(let y, _)) where op == "==" || op == "!=": return .bool((x == "." + y) == (op == "=="))
        default: break
        }
        if op == "..." || op == "..<" { return .range(try number(a, at: at), try number(b, at: at), closed: op == "...") }
        let x = try number(a, at: at), y = try number(b, at: at)
        // A moment plus or minus seconds is a moment; the difference of two moments is seconds.
        switch (a, b, op) {
        case (.mediaTime, .mediaTime, _): break
        case (.mediaTime, _, "+"), (_, .mediaTime, "+"): return .mediaTime(x + y)
        case (.mediaTime, _, "-"): return .mediaTime(x - y)
        default: break
        }
        switch op {
        case "+", "&+": return .number(x + y)
        case "-", "&-": return .number(x - y)
        case "*", "&*": return .number(x * y)
        case "/": return .number(x / y)
        case "%": return .number(x.truncatingRemainder(dividingBy: y))
        case "==": return .bool(x == y)
        case "!=": return .bool(x != y)
        case "<": return .bool(x < y)
        case ">": return .bool(x > y)
        case "<=": return .bool(x <= y)
        case ">=": return .bool(x >= y)
        case "&": return .number(Double(Int64(clamping: x) & Int64(clamping: y)))
        case "|": return .number(Double(Int64(clamping: x) | Int64(clamping: y)))
        case "<<": return .number(x * pow(2, y))
        case ">>": return .number((x / pow(2, y)).rounded(.down))
        default: throw Skip(reason: "the operator \(op) is not understood", at: at)
        }
    }
}

private extension Int64 {
    init(clamping value: Double) {
        self = value.isFinite ? Int64(Swift.max(Swift.min(value, 9e18), -9e18)) : 0
    }
}
