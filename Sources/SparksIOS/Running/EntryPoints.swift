import SparksCore

/// Which code runs, as on iOS when a view appears: globals first; then for each view or view
/// controller class of the files (one that no other code of the files creates), an instance
/// with its initialiser and the life-cycle methods, in the order UIKit calls them, and the
/// methods that create and add an emitter or replicator layer and have not run yet. Without
/// such classes the files' top-level statements run, then free functions that build layers.
///
/// The files' own layer classes are layers a host view adds (placed in it); extensions and
/// categories of UIView are methods of the host view. Then each `--call` runs, with the
/// arguments it gives. When all that adds nothing to the view, the methods that add layers
/// (of any class, static or not, with parameters or not) run as entry points, each with
/// stand-ins for its parameters (``Interpreter/standIn(for:at:)``), and a note says so.
/// Methods that only change a running effect or handle events are reported, not run.
struct EntryPoints {
    let interpreter: Interpreter
    let calls: [String]

    /// The name an interface file's controller of UIKit's own class is read by.
    static let plainController = "UIViewController"

    static let lifeCycle = [
        "init", "loadView", "awakeFromNib", "viewDidLoad", "viewWillAppear", "didMoveToSuperview", "willMove", "didMoveToWindow",
        "viewWillLayoutSubviews", "layoutSubviews", "layoutSublayers", "viewDidLayoutSubviews", "viewDidAppear",
    ]
    static let handlers = [
        "touchesBegan", "touchesMoved", "touchesEnded", "touchesCancelled", "motionBegan", "motionEnded", "handleTap", "handlePan",
        "traitCollectionDidChange", "deinit", "dealloc", "viewWillDisappear", "viewDidDisappear", "removeFromSuperview",
        "removeFromSuperlayer", "observeValue", "draw", "drawRect", "animationDidStop", "animationDidStart", "prepareForReuse",
        "didReceiveMemoryWarning", "encode", "encodeWithCoder", "hitTest", "point", "action", "layoutSublayersOfLayer",
    ]

    func run() throws(Exhausted) {
        let i = interpreter
        runGlobals()
        // Classes the code makes, and those a controller's storyboard or xib makes.
        let controllers = Set(i.files.flatMap(\.types).filter { i.inheritsView($0).isController }.map(\.name) + [Self.plainController])
        let created = Self.createdTypes(i.files).union(
            i.interfaces.filter { controllers.contains($0.key) }.values.flatMap {
                $0.scene.views.values.filter(\.isCustomClass).map(\.className)
            })
        var hosts: [TypeDecl] = []
        for file in i.files {
            for type in file.types where !created.contains(type.name) {
                let kind = i.inheritsView(type)
                if kind.isView || kind.isController { hosts.append(type) }
            }
        }
        var receivers: [String: Object] = [:]
        if hosts.isEmpty {
            // A storyboard's plain view controller whose views are the files' classes.
            if i.interfaces[Self.plainController] != nil {
                let controller = i.newObject(
                    kind: .viewController, className: Self.plainController, madeAt: .init(line: 1, column: 1), file: i.file)
                controller.fields["view"] = .object(i.hostView)
                i.hostController = controller
                try i.loadInterface(of: controller, Self.plainController, at: SourcePosition(line: 1, column: 1))
            }
            try runScript()
            try i.enterWindow(i.hostView.layer!, at: SourcePosition(line: 1, column: 1))
        } else {
            for type in hosts { receivers[type.name] = try runHost(type) }
        }
        for (name, layer) in try placeLayerClasses(created: created) { receivers[name] = layer }
        try i.layoutPass(at: SourcePosition(line: 1, column: 1))
        try reporting { try i.runPendingStops(at: SourcePosition(line: 1, column: 1)) }
        // What draws itself draws once the view has loaded.
        try reporting { try i.recordFirstDrawings(at: SourcePosition(line: 1, column: 1)) }
        // A call comes after the view appeared (a tap, a timer the app starts): a turn of its own.
        for text in calls {
            try inLaterTurn(at: SourcePosition(line: 1, column: 1)) { () throws(Exhausted) in
                try runRequest(CallRequest(text), receivers: &receivers)
            }
        }
        if !hasContent(i.hostView.layer!) { try runEntryMethods(receivers: &receivers) }
        try reporting { try i.runPendingStops(at: SourcePosition(line: 1, column: 1)) }
        try reporting { try i.commitOpenTransactions(at: SourcePosition(line: 1, column: 1)) }
        try reporting { try i.runPendingStops(at: SourcePosition(line: 1, column: 1)) }
        try reporting { try i.sampleRedrawnAnimations(at: SourcePosition(line: 1, column: 1)) }
        for type in hosts {
            if case .object(let object)? = receivers[type.name].map(Value.object), i.hostView === object,
                let background = object.fields["backgroundColor"]
            {
                i.hostView.fields["backgroundColor"] = background
            }
        }
        reportNotRun()
    }

    // MARK: The flow

    /// Runs `body`, reporting what it skips; only running out of budget stops the import.
    private func reporting(at position: SourcePosition = SourcePosition(line: 1, column: 1), _ body: () throws -> Void) throws(Exhausted) {
        try interpreter.reporting(at: position, body)
    }

    /// Runs `body` as a later run-loop turn at the start of the effect (the view has appeared).
    private func inLaterTurn(at position: SourcePosition, _ body: () throws(Exhausted) -> Void) throws(Exhausted) {
        try reporting(at: position) { try interpreter.inTurn(at: nil, at: position) { try body() } }
    }

    /// `#define`s and file-level constants of files with classes or functions.
    private func runGlobals() {
        let i = interpreter
        for file in i.files {
            i.file = file.path
            // (An Objective-C file's are its `#define`s and enums, a header's too.)
            if file.types.contains(where: { i.inheritsView($0).isView || i.inheritsView($0).isController }) || !file.functions.isEmpty
                || !file.types.isEmpty || Interpreter.isObjectiveC(file.path)
            {
                for statement in file.statements {
                    if case .declare = statement.kind { _ = try? i.run(statement, in: i.globals, selfObject: nil) }
                }
            }
        }
    }

    /// A script or playground: its top-level statements, then free functions that build layers.
    private func runScript() throws(Exhausted) {
        let i = interpreter
        for file in i.files {
            i.file = file.path
            let onlyDeclarations = !file.types.isEmpty || !file.functions.isEmpty
            if file.statements.contains(where: {
                if case .declare = $0.kind { return false }
                return true
            }) || !onlyDeclarations {
                _ = try i.run(file.statements, in: i.globals, selfObject: nil)
            }
        }
        for file in i.files {
            i.file = file.path
            for function in file.functions where !i.ran.contains(function.signature) && Self.buildsLayers(function.body) {
                try invoke(function, of: nil, on: nil, given: [], saying: false)
            }
        }
    }

    /// A view or view controller of the files as the host: an instance whose initialiser and
    /// life cycle run, then its methods that build and add layers.
    private func runHost(_ type: TypeDecl) throws(Exhausted) -> Object {
        let i = interpreter
        let host = i.hostView
        i.file = i.fileOf(type) ?? i.file
        let object = i.newObject(kind: .instance(type), className: type.name, madeAt: type.at, file: i.file)
        let kind = i.inheritsView(type)
        if kind.isView {
            // The view is the host: its layer is the host layer (of the class its `layerClass` names).
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
        if let preferred { try invoke(preferred, of: type, on: object, given: [], saying: false) }
        // A controller's storyboard or xib makes its views (UIKit's loadView), unless it loads its own.
        if kind.isController, !type.methods.contains(where: { $0.name == "loadView" }) {
            try i.loadInterface(of: object, type.name, at: type.at)
        }
        // A host view is in the window from the start; its subviews hear so at layout time.
        object.inWindow = kind.isView
        for name in Self.lifeCycle.dropFirst() {
            if name == "viewWillLayoutSubviews" { try i.enterWindow(i.hostView.layer!, at: type.at) }
            if name == "layoutSubviews" {
                // The layout pass: the host view's layoutSubviews, then its subviews', top-down.
                i.hostView.layer!.needsLayout = true
                try i.layoutPass(at: type.at)
                continue
            }
            if name == "layoutSublayers" { continue }
            for method in type.methods where method.name == name && !method.isStatic {
                // viewDidAppear runs after the first frame is committed: what it changes on a
                // layer made before animates implicitly.
                if name == "viewDidAppear" {
                    try inLaterTurn(at: method.at) { () throws(Exhausted) in
                        try invoke(method, of: type, on: object, given: [], saying: false)
                    }
                } else {
                    try invoke(method, of: type, on: object, given: [], saying: false)
                }
            }
        }
        // Methods that build and add emitter or replicator layers and have not run (a method a
        // --call names runs when the call says, once).
        let requested = Set(calls.map { CallRequest($0).name })
        for method in type.methods
        where !method.isStatic && !i.ran.contains("\(type.name).\(method.signature)") && !Self.handlers.contains(method.name)
            && !requested.contains(method.name)
            && Self.buildsAndAddsLayers(method.body) && method.parameters.allSatisfy({ $0.defaultValue != nil })
        {
            try invoke(method, of: type, on: object, given: [], saying: false)
        }
        return object
    }

    /// The files' own layer classes that no code of the files makes: a host view adds one, as
    /// the class is written to be used. An emitter layer fills the view (its emitter position is
    /// in the view's points); another layer the code does not place is centred.
    private func placeLayerClasses(created: Set<String>) throws(Exhausted) -> [(String, Object)] {
        let i = interpreter
        var placed: [(String, Object)] = []
        let hostLayerClass = i.hostView.layer?.subclass?.name
        for file in i.files {
            for type in file.types where !created.contains(type.name) && type.name != hostLayerClass {
                guard let kind = i.layerAncestor(of: type),
                    !i.files.flatMap(\.types).contains(where: { $0.superclass == type.name })
                else { continue }
                i.file = file.path
                let made: Value
                do {
                    made = try makeAsCallerWould(type)
                } catch let error as Exhausted {
                    throw error
                } catch {
                    i.report(.skipped, (error as? Skip)?.reason ?? "\(error)", at: (error as? Skip)?.at ?? type.at)
                    continue
                }
                guard case .object(let layer) = made else { continue }
                let hostLayer = i.hostView.layer!
                hostLayer.sublayers.append(layer)
                layer.superlayer = hostLayer
                layer.nameHint = type.name
                var p = layer.state.layer
                if p.bounds.size.width == 0, p.bounds.size.height == 0, p.position.x == 0, p.position.y == 0 {
                    if kind == .emitter {
                        i.setFrame(layer, Rect(x: 0, y: 0, width: i.canvas.width, height: i.canvas.height))
                        i.note("\(type.name) is a layer class: added to the host view, filling it", at: type.at)
                    } else {
                        p.position = Point(x: i.canvas.width / 2, y: i.canvas.height / 2)
                        layer.state.layer = p
                        i.note("\(type.name) is a layer class: added to the host view at its centre", at: type.at)
                    }
                } else {
                    i.note("\(type.name) is a layer class: added to the host view", at: type.at)
                }
                placed.append((type.name, layer))
            }
        }
        return placed
    }

    /// A `--call`: the method or function it names, on the object that has it, with the
    /// arguments it gives and stand-ins for the rest.
    private func runRequest(_ request: CallRequest, receivers: inout [String: Object]) throws(Exhausted) {
        let i = interpreter
        var candidates: [(TypeDecl, FunctionDecl)] = []
        for type in i.files.flatMap(\.types) {
            for method in type.methods where method.name == request.name {
                if let labels = request.labels {
                    let names = method.parameters.map(\.label)
                    guard labels.allSatisfy({ l in l == nil || names.contains(l) || method.parameters.contains { $0.name == l } }) else {
                        continue
                    }
                }
                candidates.append((type, method))
            }
        }
        // The host's own methods first, then layer classes, then the rest.
        candidates.sort { a, b in rank(a.0, receivers) < rank(b.0, receivers) }
        if let (type, method) = candidates.first {
            i.file = method.file ?? i.fileOf(type) ?? i.file
            let receiver = method.isStatic ? nil : try receiver(for: type, receivers: &receivers)
            try invoke(method, of: type, on: receiver, given: request.arguments, saying: true, request: request.text)
            return
        }
        if let function = i.files.flatMap(\.functions).first(where: { $0.name == request.name }) {
            i.file = function.file ?? i.file
            try invoke(function, of: nil, on: nil, given: request.arguments, saying: true, request: request.text)
            return
        }
        let similar = i.files.flatMap(\.types).flatMap { t in t.methods.map { "\(t.name).\($0.signature)" } }
            .filter { $0.lowercased().contains(request.name.lowercased().prefix(4)) }.prefix(4)
        i.report(
            .skipped,
            "--call \(request.text): there is no such method or function"
                + (similar.isEmpty ? "" : " (the files have \(similar.joined(separator: ", ")))"),
            at: SourcePosition(line: 1, column: 1), file: i.files.first?.path)
    }

    private func rank(_ type: TypeDecl, _ receivers: [String: Object]) -> Int {
        let i = interpreter
        if let object = receivers[type.name] {
            return object === i.hostView || object === i.hostController ? 0 : 1
        }
        return i.layerAncestor(of: type) != nil ? 2 : 3
    }

    /// When the code so far adds nothing to the view: the methods that add layers, as entry
    /// points, with stand-ins for their parameters.
    private func runEntryMethods(receivers: inout [String: Object]) throws(Exhausted) {
        let i = interpreter
        let superclasses = Set(i.files.flatMap(\.types).compactMap(\.superclass))
        var candidates: [(file: SourceFile, type: TypeDecl?, method: FunctionDecl)] = []
        let additions = LayerAdditions(i.files)
        for file in i.files {
            for type in file.types where !superclasses.contains(type.name) || receivers[type.name] != nil {
                for method in type.methods
                where !method.isPrivate && !Self.lifeCycle.contains(method.name) && !method.name.hasPrefix("initWith")
                    && !Self.handlers.contains(method.name) && additions.adds(method.body)
                {
                    candidates.append((file, type, method))
                }
            }
            for function in file.functions where additions.adds(function.body) {
                candidates.append((file, nil, function))
            }
        }
        // One that another entry point calls runs through it (`view.twinkle()` calling
        // `Twinkle.twinkle(view)`), not a second time on its own.
        let calls = candidates.map { Self.calledNames($0.method.body) }
        let outermost = candidates.indices.filter { j in
            let candidate = candidates[j]
            let names = [candidate.method.name] + (candidate.type.map { ["\($0.name).\(candidate.method.name)"] } ?? [])
            return !calls.indices.contains { k in k != j && names.contains(where: calls[k].contains) }
        }.map { candidates[$0] }
        for (file, type, method) in outermost.isEmpty ? candidates : outermost {
            let signature = type.map { "\($0.name).\(method.signature)" } ?? method.signature
            guard !i.ran.contains(signature) else { continue }
            i.file = method.file ?? file.path
            if let type {
                let receiver = method.isStatic ? nil : try receiver(for: type, receivers: &receivers)
                try invoke(method, of: type, on: receiver, given: [], saying: true, asEntryPoint: true)
            } else {
                try invoke(method, of: nil, on: nil, given: [], saying: true, asEntryPoint: true)
            }
        }
    }

    /// An instance of the files' class, made with its initialiser that takes nothing, else with
    /// its first one, whose parameters get stand-ins (`init(frame:)`: the host view's bounds).
    private func makeAsCallerWould(_ type: TypeDecl) throws -> Value {
        let i = interpreter
        let inits = type.methods.filter { $0.name == "init" && !$0.isStatic && !$0.parameters.contains { $0.label == "coder" } }
        guard let first = inits.first, !inits.contains(where: { $0.parameters.allSatisfy { $0.defaultValue != nil } }) else {
            return try i.construct(type, labels: [], arguments: [], at: type.at)
        }
        let standIns = try first.parameters.map { try i.standIn(for: $0, at: first.at) }
        let labels = first.parameters.map(\.label)
        let said = zip(first.parameters, standIns).map { "\($0.name) = \($1.what)" }.joined(separator: ", ")
        i.note("\(type.name) is made with \(FunctionDecl.signature("init", labels)), \(said)", at: first.at)
        return try i.construct(type, labels: labels, arguments: standIns.map(\.value), at: type.at)
    }

    /// The object a method of `type` runs on: the host, a placed layer, the host view for an
    /// extension of a UIKit view or the host layer for one of CALayer, else a new instance.
    private func receiver(for type: TypeDecl, receivers: inout [String: Object]) throws(Exhausted) -> Object? {
        let i = interpreter
        if let known = receivers[type.name] { return known }
        if type.superclass == nil, LayerKind.allCases.contains(where: { $0.className == type.name }) { return i.hostView.layer }
        if i.inheritsView(type).isView, type.superclass == nil { return i.hostView }
        // The one the code made and shows (a view the controller added): the demo's own.
        if let made = i.shownInstance(of: type) {
            receivers[type.name] = made
            return made
        }
        do {
            if case .object(let made) = try makeAsCallerWould(type) {
                receivers[type.name] = made
                if made.layerKind != nil, made.superlayer == nil {
                    i.hostView.layer!.sublayers.append(made)
                    made.superlayer = i.hostView.layer
                } else if made.isViewLike, let layer = made.layer, layer.superlayer == nil, layer !== i.hostView.layer {
                    // A view of the files nobody places is shown filling the host view, as a
                    // caller that makes one for its effect would.
                    i.setFrame(layer, Rect(x: 0, y: 0, width: i.canvas.width, height: i.canvas.height))
                    try i.addSubview(made, to: i.hostView.layer!, at: i.hostView.layer!.sublayers.count, position: type.at)
                    try i.layoutPass(at: type.at)
                    i.note("\(type.name) is made and shown filling the host view", at: type.at)
                }
                return made
            }
        } catch let error as Exhausted {
            throw error
        } catch {
            i.report(.skipped, (error as? Skip)?.reason ?? "\(error)", at: (error as? Skip)?.at ?? type.at)
        }
        return nil
    }

    /// Runs a method or function: the arguments given (a `--call`'s) by label or in order, the
    /// parameters' defaults, and stand-ins for the rest, said in a note when `saying`.
    private func invoke(
        _ function: FunctionDecl, of type: TypeDecl?, on object: Object?, given: [Argument], saying: Bool, request: String? = nil,
        asEntryPoint: Bool = false
    ) throws(Exhausted) {
        let i = interpreter
        let name = type.map { "\($0.name).\(function.signature)" } ?? function.signature
        var arguments: [Value] = []
        var said: [String] = []
        var unlabelled = given.filter { $0.label == nil }.makeIterator()
        do {
            for p in function.parameters {
                if let g = given.first(where: { $0.label != nil && ($0.label == p.label || $0.label == p.name) })
                    ?? unlabelledNext(p, &unlabelled)
                {
                    let v = try argument(g.value, for: p)
                    arguments.append(v)
                    said.append("\(p.name) = \(v.description)")
                } else if p.defaultValue != nil {
                    arguments.append(.void)
                    said.append("\(p.name) = its default")
                } else if p.label == "frame" || p.name == "frame" {
                    arguments.append(.rect(Rect(x: 0, y: 0, width: i.canvas.width, height: i.canvas.height)))
                    said.append("frame = the host view's bounds")
                } else {
                    let (v, what) = try i.standIn(for: p, at: function.at)
                    arguments.append(v)
                    said.append("\(p.name) = \(what)")
                }
            }
        } catch let error as Exhausted {
            throw error
        } catch {
            i.report(.skipped, (error as? Skip)?.reason ?? "\(error)", at: (error as? Skip)?.at ?? function.at)
            return
        }
        let described = said.isEmpty ? "" : " with " + said.joined(separator: ", ")
        i.explainNextCall =
            "\(name)\(described)"
            + (request.map { " (--call \($0))" } ?? (asEntryPoint ? " (an entry point: it adds layers and nothing else would)" : ""))
        if saying, asEntryPoint {
            i.report(
                .note,
                "\(name) adds layers and nothing else would: run\(described) (--call '\(function.name)(…)' chooses the arguments)",
                at: function.at, file: function.file)
        } else if saying, !said.isEmpty {
            i.report(.note, "--call \(request ?? function.name): \(name)\(described)", at: function.at, file: function.file)
        }
        do {
            let result = try i.callBody(
                function.body, parameters: function.parameters, arguments: arguments, captured: nil, selfObject: object, name: name,
                at: function.at)
            // A method that makes and returns a layer (`maker(…) -> CAEmitterLayer`) leaves adding it
            // to its caller: the host view shows it, as a caller would.
            if case .object(let made) = result, made.layerKind != nil, made.superlayer == nil, made !== i.hostView.layer {
                i.hostView.layer!.insert(made, at: i.hostView.layer!.sublayers.count)
                i.report(
                    .note, "\(name) returns a layer nobody adds: the host view shows it, as its caller would", at: function.at,
                    file: function.file)
            }
        } catch let error as Exhausted {
            throw error
        } catch let skip as Skip {
            i.report(.skipped, skip.reason, at: skip.at ?? function.at)
        } catch {
            i.report(.skipped, "\(error)", at: function.at)
        }
    }

    private func unlabelledNext(_ p: Parameter, _ iterator: inout IndexingIterator<[Argument]>) -> Argument? {
        iterator.next()
    }

    /// A `--call` argument for a parameter: a size where a point is wanted is that point, a bare
    /// colour name that colour.
    private func argument(_ expr: Expr, for parameter: Parameter) throws -> Value {
        let i = interpreter
        let type = Interpreter.bareType(parameter.typeName ?? "")
        var value: Value
        do {
            value = try i.evaluate(expr, i.globals, nil)
        } catch let skip as Skip {
            guard case .name(let n) = expr.kind, let color = i.namedColor(n) else { throw skip }
            value = .color(color)
        }
        if type == "CGPoint", case .size(let s) = value { value = .point(Point(x: s.width, y: s.height)) }
        if type == "CGRect", case .size(let s) = value { value = .rect(Rect(x: 0, y: 0, width: s.width, height: s.height)) }
        if ["UIColor", "CGColor", "CGColorRef", "Color"].contains(type), case .constant(let c) = value, let color = i.namedColor(c) {
            value = .color(color)
        }
        return value
    }

    /// Whether the view holds anything yet: a sublayer, cells, a mask, a drawing, or a layer class of its own.
    private func hasContent(_ layer: Object) -> Bool {
        !layer.sublayers.isEmpty || !layer.cells.isEmpty || !layer.animations.isEmpty || layer.mask != nil || !layer.drawings.isEmpty
    }

    /// Methods that touch layers but did not run: handlers and changes to a running effect.
    private func reportNotRun() {
        let i = interpreter
        for file in i.files {
            for type in file.types {
                for method in type.methods where !i.ran.contains("\(type.name).\(method.signature)") && Self.touchesEffects(method.body) {
                    let what =
                        Self.handlers.contains(method.name)
                        ? "\(method.signature) handles events; it was not run"
                        : "\(method.signature) changes a running effect; it was not run (--call \(method.name) runs it)"
                    i.report(.note, what, at: method.at, file: method.file ?? file.path)
                }
            }
            for function in file.functions where !i.ran.contains(function.signature) && Self.touchesEffects(function.body) {
                i.report(
                    .note, "\(function.signature) was not called; it was not run (--call \(function.name) runs it)", at: function.at,
                    file: file.path)
            }
        }
    }
}
