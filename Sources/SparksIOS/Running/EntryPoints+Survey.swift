import SparksCore

/// What code does, seen from its text (before it runs): the types it creates and the methods that
/// build, add or touch layers, which make entry points.
extension EntryPoints {
    /// Names of the files' types that code of the files creates.
    static func createdTypes(_ files: [SourceFile]) -> Set<String> {
        let names = Set(files.flatMap(\.types).map(\.name))
        var created = Set<String>()
        func visit(_ e: Expr) {
            walk(e) { expr in
                if case .call(let callee, _) = expr.kind {
                    if case .name(let n) = callee.kind, names.contains(n) { created.insert(n) }
                    if case .member(let base?, let m) = callee.kind, ["alloc", "new", "init"].contains(m), case .name(let n) = base.kind,
                        names.contains(n)
                    {
                        created.insert(n)
                    }
                }
            }
        }
        for file in files {
            // What an app or scene delegate makes is the window's root: UIKit shows it as the app
            // starts, as the host is shown.
            for type in file.types where !isAppDelegate(type) {
                for method in type.methods { visitStatements(method.body, visit) }
                for property in type.properties {
                    if let e = property.initialValue { visit(e) }
                    if let g = property.getter { visitStatements(g, visit) }
                }
            }
            for function in file.functions { visitStatements(function.body, visit) }
            visitStatements(file.statements, visit)
        }
        return created
    }

    /// An app delegate or scene delegate (UIKit's start of the app, which makes the window's
    /// root view controller).
    static func isAppDelegate(_ type: TypeDecl) -> Bool {
        let delegates = ["UIApplicationDelegate", "UIWindowSceneDelegate", "UISceneDelegate"]
        return type.name.hasSuffix("AppDelegate") || type.name.hasSuffix("SceneDelegate")
            || ([type.superclass].compactMap { $0 } + type.conformances).contains { delegates.contains($0) }
    }

    static func buildsLayers(_ body: [Stmt]) -> Bool {
        var found = false
        visitStatements(body) { e in
            walk(e) { expr in
                if case .call(let callee, _) = expr.kind, case .name(let n) = callee.kind,
                    ["CAEmitterLayer", "CAReplicatorLayer", "CAShapeLayer", "CAGradientLayer", "CATextLayer"].contains(n)
                {
                    found = true
                }
                if case .call(let callee, _) = expr.kind, case .member(let base?, _) = callee.kind, case .name(let n) = base.kind,
                    ["CAEmitterLayer", "CAReplicatorLayer", "CAShapeLayer", "CAGradientLayer", "CATextLayer"].contains(n)
                {
                    found = true
                }
            }
        }
        return found
    }

    static func buildsAndAddsLayers(_ body: [Stmt]) -> Bool {
        guard buildsLayers(body) else { return false }
        var adds = false
        visitStatements(body) { e in
            walk(e) { expr in
                if case .call(let callee, _) = expr.kind, case .member(_, let m) = callee.kind,
                    ["addSublayer", "insertSublayer", "addSubview"].contains(m)
                {
                    adds = true
                }
            }
        }
        return adds
    }

    /// Which code adds layers to a view, itself or through the methods and functions it calls
    /// (at most four calls deep, by name). Each name's bodies are surveyed once and each name's
    /// answer worked out once per depth, so a file of a hundred overloads that call one another
    /// is surveyed in time linear in its size, not a hundred to the fourth power.
    final class LayerAdditions {
        /// The deepest chain of calls followed.
        static let maxDepth = 4
        private let bodies: [String: [[Stmt]]]
        private var scans: [String: (adds: Bool, called: Set<String>)] = [:]
        private var answers: [String: [Int: Bool]] = [:]

        init(_ files: [SourceFile]) {
            var bodies: [String: [[Stmt]]] = [:]
            for file in files {
                for type in file.types { for method in type.methods { bodies[method.name, default: []].append(method.body) } }
                for function in file.functions { bodies[function.name, default: []].append(function.body) }
            }
            self.bodies = bodies
        }

        /// Whether `body` adds layers (`addSublayer`, `addSubview`, a mask, …), itself or
        /// through what it calls.
        func adds(_ body: [Stmt]) -> Bool {
            let scan = Self.scan(body)
            return scan.adds || scan.called.contains { adds(named: $0, depth: 1) }
        }

        /// Whether a method or function named `name`, called `depth` calls down, adds layers.
        private func adds(named name: String, depth: Int) -> Bool {
            if let known = answers[name]?[depth] { return known }
            // A name being worked out at this depth (recursion) adds nothing more.
            answers[name, default: [:]][depth] = false
            let scan = scanned(name)
            let result = scan.adds || (depth < Self.maxDepth && scan.called.contains { adds(named: $0, depth: depth + 1) })
            answers[name, default: [:]][depth] = result
            return result
        }

        /// What the bodies named `name` do, together.
        private func scanned(_ name: String) -> (adds: Bool, called: Set<String>) {
            if let known = scans[name] { return known }
            var result = (adds: false, called: Set<String>())
            for body in bodies[name] ?? [] {
                let scan = Self.scan(body)
                result.adds = result.adds || scan.adds
                result.called.formUnion(scan.called)
            }
            scans[name] = result
            return result
        }

        /// Whether `body` itself adds layers, and the names it calls.
        static func scan(_ body: [Stmt]) -> (adds: Bool, called: Set<String>) {
            var adds = false
            var called = Set<String>()
            visitStatements(body) { e in
                walk(e) { expr in
                    if case .call(let callee, _) = expr.kind {
                        switch callee.kind {
                        case .member(_, let m), .name(let m):
                            if ["addSublayer", "insertSublayer", "addSubview", "insertSubview", "setMask"].contains(m) { adds = true }
                            called.insert(m)
                        default: break
                        }
                    }
                }
            }
            for statement in body {
                if case .assign(let target, _, _) = statement.kind, case .member(_, "mask") = target.kind { adds = true }
            }
            return (adds, called)
        }
    }

    static func touchesEffects(_ body: [Stmt]) -> Bool {
        var touches = false
        visitStatements(body) { e in
            walk(e) { expr in
                if case .member(_, let m) = expr.kind,
                    [
                        "birthRate", "emitterPosition", "emitterCells", "instanceCount", "addSublayer", "lifetime", "velocity", "add",
                        "addAnimation", "setValue", "removeFromSuperlayer", "strokeEnd", "colors",
                    ].contains(m)
                {
                    touches = true
                }
                if case .call(let callee, _) = expr.kind, case .member(_, let m) = callee.kind,
                    m.hasPrefix("setBirthRate") || m.hasPrefix("setEmitter")
                {
                    touches = true
                }
            }
        }
        return touches
    }

    /// The functions and methods the body calls by name: `start`, `self.start`, `Type.start`
    /// (as `Type.start`).
    static func calledNames(_ body: [Stmt]) -> Set<String> {
        var names = Set<String>()
        visitStatements(body) { expr in
            walk(expr) { e in
                guard case .call(let callee, _) = e.kind else { return }
                switch callee.kind {
                case .name(let name): names.insert(name)
                case .member(let base?, let name):
                    // `Twinkle.twinkle(…)` names its type; `self.start()` is the method's own.
                    if case .name(let owner) = base.kind { names.insert(owner == "self" ? name : "\(owner).\(name)") }
                default: break
                }
            }
        }
        return names
    }

    static func visitStatements(_ body: [Stmt], _ visit: (Expr) -> Void) {
        for statement in body {
            switch statement.kind {
            case .declare(_, let e): if let e { visit(e) }
            case .assign(let a, _, let b):
                visit(a)
                visit(b)
            case .expression(let e): visit(e)
            case .if(let conditions, let then, let otherwise):
                for c in conditions { if case .test(let e) = c { visit(e) } else if case .bind(_, let e) = c { visit(e) } }
                visitStatements(then, visit)
                if let otherwise { visitStatements(otherwise, visit) }
            case .guard(_, let b): visitStatements(b, visit)
            case .forIn(_, let e, let b):
                visit(e)
                visitStatements(b, visit)
            case .cFor(let a, let c, let s, let b):
                visitStatements(a, visit)
                if let c { visit(c) }
                visitStatements(s, visit)
                visitStatements(b, visit)
            case .while(let c, let b):
                visit(c)
                visitStatements(b, visit)
            case .switch(let e, let cases):
                visit(e)
                for c in cases { visitStatements(c.body, visit) }
            case .return(let e): if let e { visit(e) }
            case .block(let b), .defer(let b): visitStatements(b, visit)
            case .function(let f): visitStatements(f.body, visit)
            default: break
            }
        }
    }

    /// Visits an expression and every expression inside it (closures' bodies included).
    static func walk(_ e: Expr, _ visit: (Expr) -> Void) {
        visit(e)
        switch e.kind {
        case .member(let base?, _): walk(base, visit)
        case .call(let callee, let args):
            walk(callee, visit)
            for a in args { walk(a.value, visit) }
        case .binary(_, let a, let b):
            walk(a, visit)
            walk(b, visit)
        case .unary(_, let a): walk(a, visit)
        case .ternary(let a, let b, let c):
            walk(a, visit)
            walk(b, visit)
            walk(c, visit)
        case .array(let items): for item in items { walk(item, visit) }
        case .dictionary(let pairs):
            for (k, v) in pairs {
                walk(k, visit)
                walk(v, visit)
            }
        case .subscript(let a, let b):
            walk(a, visit)
            for x in b { walk(x, visit) }
        case .closure(_, let body): visitStatements(body) { walk($0, visit) }
        case .interpolated(let parts): for p in parts { if case .value(let x) = p { walk(x, visit) } }
        default: break
        }
    }
}
