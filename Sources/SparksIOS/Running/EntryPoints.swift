import SparksCore

/// Which code runs, as on iOS when a view appears: globals first; then for each view or view
/// controller class of the files (one that no other code of the files creates), an instance
/// with its initialiser and the life-cycle methods, in the order UIKit calls them; then the
/// methods that create and add an emitter or replicator layer and have not run yet, and those
/// `--call` names. Without such classes the files' top-level statements run, then free
/// functions that build layers. Methods that only change a running effect are reported, not run.
struct EntryPoints {
    let interpreter: Interpreter
    let calls: [String]

    static let lifeCycle = [
        "init", "awakeFromNib", "viewDidLoad", "viewWillAppear", "didMoveToSuperview", "willMove", "didMoveToWindow",
        "viewWillLayoutSubviews", "layoutSubviews", "layoutSublayers", "viewDidLayoutSubviews", "viewDidAppear",
    ]
    static let handlers = [
        "touchesBegan", "touchesMoved", "touchesEnded", "touchesCancelled", "motionBegan", "motionEnded", "handleTap", "handlePan",
        "traitCollectionDidChange", "deinit", "viewWillDisappear", "viewDidDisappear", "removeFromSuperview", "observeValue", "draw",
        "drawRect",
    ]

    func run() throws(Exhausted) {
        let i = interpreter
        let files = i.files
        // The host: a view of the canvas's size.
        let host = i.hostView

        // Globals: `#define`s, file-level constants.
        for file in files {
            i.file = file.path
            if file.types.contains(where: { i.inheritsView($0).isView || i.inheritsView($0).isController }) || !file.functions.isEmpty {
                for statement in file.statements {
                    if case .declare = statement.kind { _ = try i.run(statement, in: i.globals, selfObject: nil) }
                }
            }
        }

        let created = Self.createdTypes(files)
        var hosts: [TypeDecl] = []
        for file in files {
            for type in file.types where !created.contains(type.name) {
                let kind = i.inheritsView(type)
                if kind.isView || kind.isController { hosts.append(type) }
            }
        }

        if hosts.isEmpty {
            for file in files {
                i.file = file.path
                let onlyDeclarations =
                    file.types.contains { i.inheritsView($0).isView || i.inheritsView($0).isController } || !file.functions.isEmpty
                if file.statements.contains(where: {
                    if case .declare = $0.kind { return false }
                    return true
                }) || !onlyDeclarations {
                    _ = try i.run(file.statements, in: i.globals, selfObject: nil)
                }
            }
            // Free functions that build layers and that nothing called.
            for file in files {
                i.file = file.path
                for function in file.functions where !i.ran.contains(function.signature) && Self.buildsLayers(function.body) {
                    try runFunction(function, on: nil, type: nil)
                }
            }
            runRequestedCalls(hostObject: nil)
            reportNotRun(hostTypes: [])
            return
        }

        for type in hosts {
            i.file = i.fileOf(type) ?? i.file
            let object = i.newObject(kind: .instance(type), className: type.name, madeAt: type.at, file: i.file)
            let kind = i.inheritsView(type)
            if kind.isView {
                // The view is the host: its layer is the host layer (of the class its
                // `layerClass` names).
                if i.layerClass(of: type).kind != .layer || i.layerClass(of: type).subclass != nil {
                    let layer = try i.viewLayer(of: type, at: type.at)
                    i.setFrame(layer, Rect(x: 0, y: 0, width: i.canvas.width, height: i.canvas.height))
                    host.layer!.sublayers.append(layer)
                    layer.superlayer = host.layer
                    layer.nameHint = type.name
                    object.layer = layer
                } else {
                    object.layer = host.layer
                }
                object.fields["isHost"] = .bool(true)
                i.hostView = object
                host.fields["backgroundColor"] = nil
            } else {
                object.fields["view"] = .object(host)
                i.hostController = object
            }
            // The first initialiser the type has, then the life cycle.
            let initialisers = type.methods.filter { $0.name == "init" || $0.name.hasPrefix("initWith") }
            let preferred =
                initialisers.first { $0.parameters.first?.label == "frame" || $0.name == "initWithFrame" }
                ?? initialisers.first { $0.parameters.isEmpty } ?? initialisers.first
            if let preferred { try runFunction(preferred, on: object, type: type) }
            for name in Self.lifeCycle.dropFirst() {
                for method in type.methods where method.name == name && !method.isStatic {
                    try runFunction(method, on: object, type: type)
                }
            }
            // Methods that build and add emitter or replicator layers and have not run.
            for method in type.methods
            where !method.isStatic && !i.ran.contains("\(type.name).\(method.signature)")
                && !Self.handlers.contains(method.name) && Self.buildsAndAddsLayers(method.body)
                && method.parameters.allSatisfy({ $0.defaultValue != nil })
            {
                try runFunction(method, on: object, type: type)
            }
            runRequestedCalls(hostObject: object)
            if i.hostView === object, let background = object.fields["backgroundColor"] { host.fields["backgroundColor"] = background }
        }
        reportNotRun(hostTypes: hosts)
    }

    private func runFunction(_ function: FunctionDecl, on object: Object?, type: TypeDecl?) throws(Exhausted) {
        let i = interpreter
        let arguments = function.parameters.map { p -> Value in
            if let v = i.defines[p.name] { return v }
            if p.label == "frame" || p.name == "frame" { return .rect(Rect(x: 0, y: 0, width: i.canvas.width, height: i.canvas.height)) }
            if p.label == "animated" || p.name == "animated" { return .bool(false) }
            return .null
        }
        do {
            _ = try i.callBody(
                function.body, parameters: function.parameters, arguments: arguments, captured: nil, selfObject: object,
                name: type.map { "\($0.name).\(function.signature)" } ?? function.signature, at: function.at)
        } catch let error as Exhausted {
            throw error
        } catch let skip as Skip {
            i.report(.skipped, skip.reason, at: skip.at ?? function.at)
        } catch {
            i.report(.skipped, "\(error)", at: function.at)
        }
    }

    private func runRequestedCalls(hostObject: Object?) {
        let i = interpreter
        for name in calls {
            let bare = String(name.prefix { $0 != "(" })
            var found = false
            if let object = hostObject, case .instance(let type) = object.kind {
                for method in type.methods where method.name == bare || method.signature == name {
                    try? runFunction(method, on: object, type: type)
                    found = true
                    break
                }
            }
            if !found, hostObject == nil || !i.files.contains(where: { $0.types.contains { t in t.methods.contains { $0.name == bare } } })
            {
                for file in i.files {
                    if let f = file.functions.first(where: { $0.name == bare }) {
                        try? runFunction(f, on: nil, type: nil)
                        found = true
                    }
                }
            }
            if !found, hostObject == nil || i.hostController === hostObject || i.hostView === hostObject {
                if !i.files.contains(where: {
                    $0.types.contains { t in t.methods.contains { $0.name == bare } } || $0.functions.contains { $0.name == bare }
                }) {
                    i.report(
                        .skipped, "--call \(name): there is no such method or function", at: SourcePosition(line: 1, column: 1),
                        file: i.files.first?.path)
                }
            }
        }
    }

    /// Methods that touch layers but did not run: handlers and changes to a running effect.
    private func reportNotRun(hostTypes: [TypeDecl]) {
        let i = interpreter
        for file in i.files {
            for type in file.types {
                for method in type.methods where !i.ran.contains("\(type.name).\(method.signature)") && Self.touchesEffects(method.body) {
                    let what =
                        Self.handlers.contains(method.name)
                        ? "\(method.signature) handles events; it was not run"
                        : "\(method.signature) changes a running effect; it was not run (--call \(method.name) runs it)"
                    i.report(.note, what, at: method.at, file: file.path)
                }
            }
            for function in file.functions where !i.ran.contains(function.signature) && Self.touchesEffects(function.body) {
                i.report(
                    .note, "\(function.signature) was not called; it was not run (--call \(function.name) runs it)", at: function.at,
                    file: file.path)
            }
        }
    }

    // MARK: What code does, seen from its text

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
            for type in file.types {
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

    static func buildsLayers(_ body: [Stmt]) -> Bool {
        var found = false
        visitStatements(body) { e in
            walk(e) { expr in
                if case .call(let callee, _) = expr.kind, case .name(let n) = callee.kind,
                    ["CAEmitterLayer", "CAReplicatorLayer", "CAShapeLayer", "CAGradientLayer"].contains(n)
                {
                    found = true
                }
                if case .call(let callee, _) = expr.kind, case .member(let base?, _) = callee.kind, case .name(let n) = base.kind,
                    ["CAEmitterLayer", "CAReplicatorLayer", "CAShapeLayer", "CAGradientLayer"].contains(n)
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
            case .block(let b): visitStatements(b, visit)
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
