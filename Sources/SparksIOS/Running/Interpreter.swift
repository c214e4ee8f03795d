import Foundation
import SparksCore

/// Why a statement is skipped: the reason, and where in the statement it arose.
struct Skip: Error {
    var reason: String
    var at: SourcePosition?
}

/// A value an enumerated property does not have (a misspelt `"addtive"`): iOS ignores it and
/// draws with the property's default, and so does the import, with a note.
struct UnknownChoice: Error {
    var key: String
    var text: String
    var options: [String]

    func message(defaultValue: PropertyValue?) -> String {
        let nearest = nearestKey(to: text, in: options)
        var fallback = ""
        if case .string(let option)? = defaultValue { fallback = "; iOS uses the default, \(option)" }
        return "\(key): \"\(text)\" is not one of \(options.joined(separator: ", "))"
            + (nearest.map { " (did you mean \($0)?)" } ?? "") + fallback
    }
}

/// The whole import stops: the code does more work than any effect set-up needs.
struct Exhausted: Error {
    var reason: String
}

/// Runs imported code, statement by statement: variables, calls of the file's functions and
/// methods, loops, conditions, and Core Animation, UIKit and Core Graphics calls (in
/// ``Interpreter+Builtins``) that build layers, cells and animations as objects. A statement
/// it cannot run is skipped and reported once, with its position; the rest runs on. Work is
/// bounded: a step budget, a call depth, a collection size, and a byte budget for the text
/// and lists the code makes (one value, and all of them together), checked before a value is
/// made, so code that doubles a string sixty times ends with a message, not out of memory.
final class Interpreter {
    static let maxSteps = 250_000
    static let maxCallDepth = 64
    static let maxCollection = 100_000
    static let maxNesting = 300
    /// The largest string or list one value may be, in bytes.
    static let maxValueBytes = 16 << 20
    /// The bytes of strings and lists the code may make in all.
    static let maxMadeBytes = 256 << 20
    /// Bytes of an element of a list.
    static let elementBytes = MemoryLayout<Value>.stride

    let files: [SourceFile]
    let canvas: Size
    var file: String
    var steps = 0
    /// Bytes of strings and lists made so far.
    var madeBytes = 0
    var callDepth = 0
    var nesting = 0
    /// Fields whose initial values are being worked out (one that needs itself is an error).
    private var fieldsInProgress = Set<String>()
    /// Properties whose `didSet` is running, and Objective-C setters running (by object and name).
    private var observersRunning = Set<String>()
    private var settersRunning = Set<String>()
    /// Static stored properties of the files' types, worked out once (`static let shared = …`).
    var staticValues: [String: Value] = [:]
    var random = SeededRandom(seed: 20_241_123)
    let globals = Scope(parent: nil)
    var defines: [String: Value]
    var messages: [ImportMessage] = []
    private var reported = Set<String>()
    /// Functions and methods run, by signature.
    var ran = Set<String>()
    /// What ran, in order and indented by depth, with the arguments, and the values `--define`
    /// gave (`sparks import --explain`).
    var explanation: [String] = []
    /// How the next method run came to run (an entry point's stand-ins, a `--call`), said in
    /// the explanation instead of its arguments.
    var explainNextCall: String?
    /// The longest explanation kept.
    static let maxExplanationLines = 5_000
    private var definesUsed = Set<String>()
    /// The size of the view a playground shows (`PlaygroundPage.current.liveView`), which is
    /// the canvas when none is given.
    var liveViewSize: Size?

    /// `PlaygroundPage.current.liveView = view` (or a view controller): the view is what the
    /// playground shows, so its layer is the host's content and its size the canvas.
    func showLiveView(_ value: Value, at: SourcePosition) throws {
        guard case .object(let object) = value else { throw Skip(reason: "a live view that is not a view", at: at) }
        // A view controller shows its view once UIKit has loaded it: its life cycle runs now.
        if let type = object.declaredType, inheritsView(type).isController {
            for name in ["loadView", "viewDidLoad", "viewWillAppear", "viewWillLayoutSubviews", "viewDidLayoutSubviews", "viewDidAppear"]
            where !ran.contains("\(type.name).\(name)()") {
                _ = try callMethod(type, on: object, name: name, labels: [], arguments: [], at: at)
            }
        }
        var view = object
        if case .object(let v)? = object.fields["view"] { view = v }
        guard let layer = view.layer, layer !== hostView.layer else { return }
        if layer.superlayer == nil {
            hostView.layer!.sublayers.append(layer)
            layer.superlayer = hostView.layer
        }
        let bounds = layer.state.layer.bounds.size
        if bounds.width >= 1, bounds.height >= 1 {
            liveViewSize = bounds
            note(
                "the playground's live view is the canvas (\(PresetNumber.text(bounds.width))×\(PresetNumber.text(bounds.height)))", at: at)
        }
        if let background = view.fields["backgroundColor"] { hostView.fields["backgroundColor"] = background }
    }

    /// The files' types whose code is running, innermost last.
    var typeContext: [String] = []
    /// The names of the methods and functions running, innermost last.
    var callNames: [String] = []

    /// The value `--define` gives `name`, said once in the explanation.
    func defined(_ name: String) -> Value? {
        guard let value = defines[name] else { return nil }
        if definesUsed.insert(name).inserted { explain("\(name) = \(value.description) (from --define)") }
        return value
    }

    /// Adds a line to the explanation at the current call depth.
    func explain(_ line: String) {
        guard explanation.count < Self.maxExplanationLines else { return }
        explanation.append(String(repeating: "  ", count: max(0, callDepth - 1)) + line)
    }
    /// The files' `typealias`es.
    let typeAliases: [String: String]
    /// The view or controller whose code runs, and its view.
    var hostView: Object
    var hostController: Object?
    /// What storyboards and xibs say of each view controller's scene, by the controller's class.
    var interfaces: [String: (scene: InterfaceFile.Scene, file: String)] = [:]
    /// The device's scale (UIScreen.main.scale) and what `imageFile` found for a name.
    var deviceScale = 3
    var imageFound: (String) -> ImageFinder.Found? = { _ in nil }
    /// When set, property changes happen this many seconds after the start (a timer's or
    /// `asyncAfter`'s closure) and become animations.
    var deferredTime: Double?
    /// Timers made so far, and those invalidated.
    var timerCount = 0
    var invalidatedTimers = Set<Int>()
    /// Image contexts open (`UIGraphicsBeginImageContext…`), innermost last, and the images
    /// drawn in them.
    var drawingContexts: [DrawingContext] = []
    var drawnImages: [DrawnImage] = []
    /// `CATransaction`s begun and not committed, innermost last.
    var transactions: [PendingTransaction] = []
    /// Finds the file for an image name (and makes a stand-in when there is none).
    let imageFile: (String, String, SourcePosition) -> String

    init(files: [SourceFile], canvas: Size, defines: [String: Value], imageFile: @escaping (String, String, SourcePosition) -> String) {
        self.files = files
        self.canvas = canvas
        self.defines = defines
        self.imageFile = imageFile
        typeAliases = files.reduce(into: [:]) { $0.merge($1.typeAliases) { a, _ in a } }
        file = files.first?.path ?? ""
        hostView = Object(kind: .view, className: "UIView", madeAt: SourcePosition(line: 1, column: 1), file: file)
        hostView.layer = Object(kind: .layer(.layer), className: "CALayer", madeAt: hostView.madeAt, file: file)
        objects = [hostView, hostView.layer!]
        setFrame(hostView.layer!, Rect(x: 0, y: 0, width: canvas.width, height: canvas.height))
    }

    /// Every object made, so `tearDown` can break the references between them.
    private var objects: [Object]

    /// A new object, kept until the import ends.
    func newObject(kind: Object.Kind, className: String, madeAt: SourcePosition, file: String) -> Object {
        let object = Object(kind: kind, className: className, madeAt: madeAt, file: file)
        objects.append(object)
        return object
    }

    /// Ends an import: objects, scopes and closures refer to each other in cycles, which this
    /// breaks so their memory is freed.
    func tearDown() {
        for object in objects { object.tearDown() }
        objects = []
        globals.tearDown()
        defines = [:]
    }

    // MARK: Messages

    func report(_ kind: ImportMessage.Kind, _ text: String, at: SourcePosition, file: String? = nil) {
        let message = ImportMessage(kind: kind, file: file ?? self.file, line: at.line, column: at.column, text: text)
        if reported.insert(message.description).inserted { messages.append(message) }
    }

    func note(_ text: String, at: SourcePosition) { report(.note, text, at: at) }

    // MARK: Statements

    enum Flow {
        case normal
        case returned(Value)
        case broke
        case continued
    }

    func run(_ statements: [Stmt], in scope: Scope, selfObject: Object?) throws(Exhausted) -> Flow {
        for statement in statements {
            let flow = try run(statement, in: scope, selfObject: selfObject)
            if case .normal = flow { continue }
            return flow
        }
        return .normal
    }

    func run(_ statement: Stmt, in scope: Scope, selfObject: Object?) throws(Exhausted) -> Flow {
        do {
            return try execute(statement, in: scope, selfObject: selfObject)
        } catch let error as Exhausted {
            throw error
        } catch let skip as Skip {
            report(.skipped, skip.reason, at: skip.at ?? statement.at)
            return .normal
        } catch {
            report(.skipped, "\(error)", at: statement.at)
            return .normal
        }
    }

    private func execute(_ statement: Stmt, in scope: Scope, selfObject: Object?) throws -> Flow {
        try tick()
        switch statement.kind {
        case .declare(let name, let initial):
            try declare(name, initial, scope, selfObject)
        case .assign(let target, let op, let valueExpr):
            var value = try evaluate(valueExpr, scope, selfObject)
            if op != "=" {
                let old = try evaluate(target, scope, selfObject)
                value = try arithmetic(String(op.dropLast()), old, value, at: statement.at)
            }
            try assign(target, value, scope, selfObject)
        case .expression(let expr):
            _ = try evaluate(expr, scope, selfObject)
        case .if(let conditions, let then, let otherwise):
            let inner = Scope(parent: scope)
            if try holds(conditions, inner, selfObject) {
                return try run(then, in: inner, selfObject: selfObject)
            } else if let otherwise {
                return try run(otherwise, in: Scope(parent: scope), selfObject: selfObject)
            }
        case .guard(let conditions, let otherwise):
            if try !holds(conditions, scope, selfObject) {
                let flow = try run(otherwise, in: Scope(parent: scope), selfObject: selfObject)
                if case .normal = flow { return .returned(.void) }
                return flow
            }
        case .forIn, .cFor, .while:
            return try loop(statement, scope, selfObject)
        case .switch(let subjectExpr, let cases):
            return try switchCase(subjectExpr, cases, scope, selfObject)
        case .return(let expr):
            return .returned(try expr.map { try evaluate($0, scope, selfObject) } ?? .void)
        case .break:
            return .broke
        case .continue:
            return .continued
        case .block(let statements):
            return try run(statements, in: Scope(parent: scope), selfObject: selfObject)
        case .function(let decl):
            scope.values[decl.name] = .function(
                Callable(name: decl.name, parameters: decl.parameters, body: decl.body, captured: scope, selfObject: selfObject))
        case .unsupported(let reason):
            throw Skip(reason: reason)
        }
        return .normal
    }

    /// `let`/`var`: the value a `--define` gives the name, else its initial value.
    private func declare(_ name: String, _ initial: Expr?, _ scope: Scope, _ selfObject: Object?) throws {
        var value = Value.null
        if let override = defined(name) {
            value = override
        } else if let initial {
            do {
                value = try evaluate(initial, scope, selfObject)
            } catch {
                // The name exists from here on, as nil: what uses it says so.
                scope.values[name] = .null
                throw error
            }
        }
        giveName(value, as: name)
        scope.values[name] = value
    }

    /// `for … in`, C's `for (;;)` and `while`: the body runs until the loop ends, breaks or returns.
    private func loop(_ statement: Stmt, _ scope: Scope, _ selfObject: Object?) throws -> Flow {
        switch statement.kind {
        case .forIn(let name, let sequenceExpr, let body):
            let sequence = try elements(of: try evaluate(sequenceExpr, scope, selfObject), at: sequenceExpr.at)
            for element in sequence {
                let inner = Scope(parent: scope)
                if let name { inner.values[name] = element }
                let flow = try run(body, in: inner, selfObject: selfObject)
                if case .broke = flow { break }
                if case .returned = flow { return flow }
            }
        case .cFor(let initial, let condition, let step, let body):
            let outer = Scope(parent: scope)
            _ = try run(initial, in: outer, selfObject: selfObject)
            while try condition.map({ try truth(try evaluate($0, outer, selfObject), at: $0.at) }) ?? true {
                let flow = try run(body, in: Scope(parent: outer), selfObject: selfObject)
                if case .broke = flow { break }
                if case .returned = flow { return flow }
                _ = try run(step, in: outer, selfObject: selfObject)
            }
        case .while(let condition, let body):
            while try truth(try evaluate(condition, scope, selfObject), at: condition.at) {
                let flow = try run(body, in: Scope(parent: scope), selfObject: selfObject)
                if case .broke = flow { break }
                if case .returned = flow { return flow }
            }
        default: break
        }
        return .normal
    }

    /// `switch`: the first case whose pattern matches runs (a pattern Sparks cannot evaluate is
    /// reported and does not match).
    private func switchCase(
        _ subjectExpr: Expr, _ cases: [(patterns: [Expr]?, body: [Stmt])], _ scope: Scope, _ selfObject: Object?
    ) throws -> Flow {
        let subject = try evaluate(subjectExpr, scope, selfObject)
        for c in cases {
            var matches = c.patterns == nil
            let caseScope = Scope(parent: scope)
            for pattern in c.patterns ?? [] where !matches {
                // `.text(let size, let strings)`: the case's name, its associated values bound.
                if case .casePattern(let name, let bindings) = pattern.kind {
                    switch subject {
                    case .enumValue(let caseName, let values) where caseName == name:
                        matches = true
                        for (binding, value) in zip(bindings, values) { if let binding { caseScope.values[binding] = value } }
                    case .constant(let c) where c == "." + name || c.hasSuffix("." + name):
                        matches = true
                    default: break
                    }
                    continue
                }
                let value: Value
                do {
                    value = try evaluate(pattern, scope, selfObject)
                } catch let skip as Skip {
                    // A case Sparks cannot match is reported and does not match.
                    report(.skipped, skip.reason, at: skip.at ?? pattern.at)
                    continue
                }
                if case .range(let lower, let upper, let closed) = value, case .number(let n) = subject {
                    matches = n >= lower && (closed ? n <= upper : n < upper)
                } else if case .bool(true) = try arithmetic("==", subject, value, at: pattern.at) {
                    matches = true
                }
            }
            if matches {
                let flow = try run(c.body, in: caseScope, selfObject: selfObject)
                if case .broke = flow { return .normal }
                return flow
            }
        }
        return .normal
    }

    private func holds(_ conditions: [Condition], _ scope: Scope, _ selfObject: Object?) throws -> Bool {
        for condition in conditions {
            switch condition {
            case .test(let e):
                if try !truth(try evaluate(e, scope, selfObject), at: e.at) { return false }
            case .bind(let name, let e):
                let value = try evaluate(e, scope, selfObject)
                if case .null = value { return false }
                scope.values[name] = value
            }
        }
        return true
    }

    func tick() throws(Exhausted) {
        steps += 1
        if steps > Self.maxSteps {
            throw Exhausted(
                reason: "the code runs more than \(Self.maxSteps) steps; an effect's set-up needs far fewer (is there an endless loop?)")
        }
    }

    /// Counts a string or list of `bytes` about to be made against the byte budget; the whole
    /// import stops when one value or all of them together would be too large.
    func willMake(_ bytes: Int, _ what: String) throws(Exhausted) {
        try mayHold(bytes, what)
        madeBytes += bytes
        guard madeBytes <= Self.maxMadeBytes else {
            throw Exhausted(
                reason:
                    "the code makes more than \(CheckedFile.describe(bytes: Self.maxMadeBytes)) of strings and lists in all; an effect's set-up needs far less (is there a loop that builds them?)"
            )
        }
    }

    /// Checks that one value of `bytes` may be made (a string being built piece by piece),
    /// without counting it yet.
    func mayHold(_ bytes: Int, _ what: String = "a string") throws(Exhausted) {
        guard bytes <= Self.maxValueBytes else {
            throw Exhausted(
                reason:
                    "the code makes \(what) of \(CheckedFile.describe(bytes: bytes)), more than the \(CheckedFile.describe(bytes: Self.maxValueBytes)) one value may hold; an effect's set-up needs far less (does it double a value in a loop?)"
            )
        }
    }

    /// Counts a string about to be made.
    func willMake(text count: Int) throws(Exhausted) { try willMake(count, "a string") }

    /// Counts a list of `count` elements about to be made.
    func willMake(elements count: Int) throws(Exhausted) { try willMake(count * Self.elementBytes, "a list") }

    /// Gives an object the variable name it is held in, unless an outer call named it already.
    func giveName(_ value: Value, as variable: String) {
        guard case .object(let object) = value else { return }
        let clean = variable.hasPrefix("_") ? String(variable.dropFirst()) : variable
        if object.nameHint == nil || callDepth <= object.hintDepth {
            object.nameHint = clean
            object.hintDepth = callDepth
        }
    }

    // MARK: Assignment

    func assign(_ target: Expr, _ value: Value, _ scope: Scope, _ selfObject: Object?) throws {
        switch target.kind {
        case .name(let name):
            if name == "self" { return }  // `self = [super initWithFrame:frame]`
            if scope.assign(name, value) { return giveName(value, as: name) }
            if let object = selfObject, try setField(of: object, name, value, at: target.at) { return }
            if globals.assign(name, value) { return }
            throw Skip(reason: "\(name) is not declared", at: target.at)
        case .member(let baseExpr?, let member):
            let base = try evaluate(baseExpr, scope, selfObject)
            switch base {
            case .object(let object):
                try setProperty(of: object, member, value, at: target.at)
            case .null:
                // `emitter?.birthRate = 0` on nil, `nil.birthRate = 0` in Objective-C: nothing happens.
                return
            case .constant("PlaygroundPage.current") where member == "liveView":
                return try showLiveView(value, at: target.at)
            case .point, .size, .rect, .transform:
                // `frame.origin.x = 10`, `t.m34 = -1/500`: change the copy, store it back.
                let changed = try setComponent(of: base, member, value, at: target.at)
                try assign(baseExpr, changed, scope, selfObject)
            default:
                throw Skip(reason: "cannot set \(member) of \(base.description)", at: target.at)
            }
        case .subscript(let baseExpr, let indices):
            guard var items = try? elements(of: try evaluate(baseExpr, scope, selfObject), at: target.at), let first = indices.first,
                case .number(let n) = try evaluate(first, scope, selfObject), let i = wholeNumber(n), i >= 0, i < items.count
            else { throw Skip(reason: "cannot set this element", at: target.at) }
            items[i] = value
            try assign(baseExpr, .array(items), scope, selfObject)
        default:
            throw Skip(reason: "cannot assign to this expression", at: target.at)
        }
    }

    /// Sets a property of an object of the files' own class (an instance, or a layer of a layer
    /// subclass), as the code names it inside the class; false when the class has none.
    func setField(of object: Object, _ name: String, _ value: Value, at: SourcePosition) throws -> Bool {
        guard object.declaredType != nil else { return false }
        if try setDeclaredProperty(of: object, name, value, at: at) { return true }
        if isViewLike(object) || object.layerKind != nil || object.isCell {
            try setProperty(of: object, name, value, at: at)
            return true
        }
        return false
    }

    /// Sets a property the object's own class declares (running its `didSet`, or the Objective-C
    /// setter method the class writes); false when it declares none of that name.
    func setDeclaredProperty(of object: Object, _ name: String, _ value: Value, at: SourcePosition) throws -> Bool {
        guard let type = object.declaredType else { return false }
        let plain = name.hasPrefix("_") ? String(name.dropFirst()) : name
        let fieldName = declaredProperty(plain, in: type) != nil ? plain : name
        // `self.selected = YES` in Objective-C calls the class's `setSelected:` (but `_selected = …`
        // inside it sets the variable).
        if !name.hasPrefix("_"), let setter = setterMethod(fieldName, in: type),
            settersRunning.insert("\(ObjectIdentifier(object).hashValue).\(fieldName)").inserted
        {
            defer { settersRunning.remove("\(ObjectIdentifier(object).hashValue).\(fieldName)") }
            _ = try callBody(
                setter.body, parameters: setter.parameters, arguments: [value], captured: globals, selfObject: object,
                name: "\(type.name).\(setter.signature)", at: at)
            return true
        }
        guard let property = declaredProperty(fieldName, in: type) else {
            if object.fields[fieldName] != nil {
                object.fields[fieldName] = value
                return true
            }
            return false
        }
        let old = object.fields[fieldName] ?? .null
        if isInheritedLayerProperty(property, of: object) {
            // `override var backgroundColor: CGColor? { didSet { … } }`: the layer's own property.
            try setProperty(of: object, fieldName, value, at: at, ownFirst: false)
        } else {
            object.fields[fieldName] = value
            giveName(value, as: fieldName)
        }
        if let didSet = property.didSet {
            let key = "\(ObjectIdentifier(object).hashValue).\(fieldName)"
            // A property set inside its own observer does not run the observer again, as in Swift.
            if observersRunning.insert(key).inserted {
                defer { observersRunning.remove(key) }
                let saved = file
                file = property.file ?? file
                defer { file = saved }
                _ = try callBody(
                    didSet, parameters: [Parameter(label: nil, name: "oldValue")], arguments: [old], captured: globals,
                    selfObject: object, name: "\(type.name).\(fieldName).didSet", at: at)
            }
        }
        return true
    }

    /// A property the type (or a class of the files it inherits from) declares.
    func declaredProperty(_ name: String, in type: TypeDecl) -> PropertyDecl? {
        var current: TypeDecl? = type
        var seen = 0
        while let t = current, seen < 16 {
            if let p = t.properties.first(where: { $0.name == name && !$0.isStatic }) { return p }
            current = t.superclass.flatMap(typeDecl(named:))
            seen += 1
        }
        return nil
    }

    /// An Objective-C class's own setter for a property (`- (void)setSelected:(BOOL)selected`).
    private func setterMethod(_ property: String, in type: TypeDecl) -> FunctionDecl? {
        guard let first = property.first else { return nil }
        let name = "set" + first.uppercased() + property.dropFirst()
        var current: TypeDecl? = type
        var seen = 0
        while let t = current, seen < 16 {
            if let m = t.methods.first(where: {
                $0.name == name && $0.parameters.count == 1 && !$0.isStatic && ($0.file.map(Self.isObjectiveC) ?? false)
            }) {
                return m
            }
            current = t.superclass.flatMap(typeDecl(named:))
            seen += 1
        }
        return nil
    }

    static func isObjectiveC(_ path: String) -> Bool { !path.lowercased().hasSuffix(".swift") }

    /// Whether a property a layer subclass declares is the layer's own (an override with an
    /// observer, such as `backgroundColor` or `instanceCount`), not a stored property of its own.
    func isInheritedLayerProperty(_ property: PropertyDecl, of object: Object) -> Bool {
        guard let kind = object.layerKind, property.initialValue == nil, property.getter == nil else { return false }
        return (try? PropertyAddress.resolve(propertyKey(property.name), on: kind)) != nil
    }

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

    private func sameKey(_ a: Value, _ b: Value) -> Bool {
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
        if name == "self" {
            if let c = selfObject?.enumCase { return c }
            return selfObject.map(Value.object) ?? .object(hostView)
        }
        if name == "super" { return .constant("super") }
        if let object = selfObject {
            if let v = try field(of: object, name, at: at) { return v }
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
        if selfObject == nil || !(selfObject.map(isViewLike) ?? false) {
            if let v = try? member(of: .object(hostController ?? hostView), name, at: at, scope: scope, selfObject: selfObject) { return v }
        }
        throw Skip(reason: "\(name) is not known here; give it a value with --define \(name)=VALUE", at: at)
    }

    func isViewLike(_ object: Object) -> Bool {
        switch object.kind {
        case .view, .viewController: return true
        case .instance: return object.layer != nil || object.fields["view"] != nil
        default: return false
        }
    }

    /// A field of an instance: stored (its initial value worked out on first use, as a lazy
    /// property's is) or computed.
    func field(of object: Object, _ name: String, at: SourcePosition) throws -> Value? {
        guard let type = object.declaredType else {
            if isViewLike(object) { return try? member(of: .object(object), name, at: at, scope: globals, selfObject: object) }
            return nil
        }
        let fieldName =
            name.hasPrefix("_") && declaredProperty(String(name.dropFirst()), in: type) != nil ? String(name.dropFirst()) : name
        if let v = object.fields[fieldName] { return v }
        if let property = declaredProperty(fieldName, in: type), !isInheritedLayerProperty(property, of: object) {
            if let getter = property.getter {
                let flow = try callBody(
                    getter, parameters: [], arguments: [], captured: globals, selfObject: object, name: "\(type.name).\(fieldName)", at: at)
                return flow
            }
            var value = Value.null
            let key = "\(ObjectIdentifier(object).hashValue).\(fieldName)"
            guard fieldsInProgress.insert(key).inserted else {
                throw Skip(reason: "\(fieldName) needs its own value to start with", at: at)
            }
            defer { fieldsInProgress.remove(key) }
            if let override = defined(fieldName) {
                value = override
            } else if property.isOutlet, property.initialValue == nil {
                value = outletStandIn(property, of: type, at: at)
            } else if let initial = property.initialValue {
                let saved = file
                file = property.file ?? fileOf(type) ?? file
                defer { file = saved }
                value = try evaluate(initial, Scope(parent: globals), object)
            }
            object.fields[fieldName] = value
            giveName(value, as: fieldName)
            return value
        }
        if let method = type.methods.first(where: { $0.name == fieldName && $0.parameters.isEmpty && !$0.isStatic }) {
            return .function(Callable(name: method.name, parameters: [], body: method.body, captured: globals, selfObject: object))
        }
        if isViewLike(object) { return try? viewProperty(object, name, at: at) }
        if object.layerKind != nil { return try? property(of: object, name, at: at, ownFirst: false) }
        return nil
    }

    /// An outlet the storyboard sets: the view it places, when a storyboard or xib given names
    /// it (its class, frame and background), else a view filling the host view; in the host view.
    func outletStandIn(_ property: PropertyDecl, of owner: TypeDecl, at: SourcePosition) -> Value {
        let laidOut = interfaces[owner.name].flatMap { given in given.scene.outlets[property.name].map { ($0, given.file) } }
        let type = laidOut?.0.className ?? property.typeName ?? "UIView"
        guard type.hasPrefix("UI"), !type.hasSuffix("Controller"), !["UIColor", "UIImage", "UIFont"].contains(type) else { return .null }
        let view = newObject(kind: .view, className: type, madeAt: at, file: file)
        let layer = newObject(kind: .layer(.layer), className: "CALayer", madeAt: at, file: file)
        view.layer = layer
        layer.fields[Self.standInMark] = .bool(true)
        hostView.layer!.sublayers.append(layer)
        layer.superlayer = hostView.layer
        if let (given, interface) = laidOut {
            setFrame(layer, given.frame)
            if let background = given.background { layer.state.layer.backgroundColor = background }
            let f = given.frame
            let text = [f.origin.x, f.origin.y, f.size.width, f.size.height].map(NumberText.shortest).joined(separator: ", ")
            note("the outlet \(property.name) is the \(type) \(interface) places at [\(text)]", at: property.at)
        } else {
            setFrame(layer, Rect(x: 0, y: 0, width: canvas.width, height: canvas.height))
            note(
                "the outlet \(property.name) comes from a storyboard: a \(type) filling the host view stands in (pass the storyboard to place it)",
                at: property.at)
        }
        return .object(view)
    }

    /// The field that marks an outlet's stand-in layer; the scene leaves it out when nothing
    /// drew into it.
    static let standInMark = "standsInForOutlet"

    func fileOf(_ type: TypeDecl) -> String? {
        files.first { $0.types.contains { $0.name == type.name && $0.at == type.at } }?.path
    }

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
        return try callBody(
            decl.body, parameters: decl.parameters, arguments: arguments, captured: globals, selfObject: object,
            name: "\(owner.name).\(decl.signature)", at: at)
    }

    /// The method a call names, matched by name and labels (missing trailing arguments with
    /// defaults), in the type or the classes of the files it inherits from.
    func method(_ name: String, labels: [String?], isStatic: Bool, in type: TypeDecl) -> (TypeDecl, FunctionDecl)? {
        var current: TypeDecl? = type
        var seen = 0
        while let t = current, seen < 16 {
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
            current = t.superclass.flatMap(typeDecl(named:))
            seen += 1
        }
        return nil
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

    private func call(
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
            if let type = typeDecl(named: name), !Self.extendedValueTypes.contains(name) {
                return try construct(type, labels: labels, arguments: arguments, at: at)
            }
            if let v = defines[name] ?? globals.lookup(name), case .function(let f) = v { return try call(f, arguments, at: at) }
            do {
                return try builtinFunction(typeName(name), labels: labels, arguments, at: at, scope: scope, selfObject: selfObject)
            } catch let skip as Skip {
                // Inside a layer or view subclass, `addSublayer(pulse)` is a method of self.
                guard let object = selfObject, object.layerKind != nil || isViewLike(object), object.enumCase == nil,
                    name.first?.isLowercase == true
                else { throw skip }
                return try objectMethod(object, name, labels: labels, arguments, at: at, scope: scope, selfObject: selfObject)
            }
        case .member(let baseExpr?, let method):
            if case .name("super") = baseExpr.kind { return .void }
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
    func construct(_ type: TypeDecl, labels: [String?], arguments: [Value], at: SourcePosition) throws -> Value {
        if let layerKind = layerAncestor(of: type) {
            // A layer of the files' own layer class: a layer with the class's methods and properties.
            let layer = newObject(kind: .layer(layerKind), className: type.name, madeAt: at, file: fileOf(type) ?? file)
            layer.subclass = type
            _ = try callMethod(type, on: layer, name: "init", labels: labels, arguments: arguments, at: at)
            return .object(layer)
        }
        if inheritsEmitterCell(type) {
            // A cell of the files' own CAEmitterCell subclass: a cell its initialiser configures.
            let cell = newObject(kind: .cell, className: type.name, madeAt: at, file: fileOf(type) ?? file)
            cell.subclass = type
            _ = try callMethod(type, on: cell, name: "init", labels: labels, arguments: arguments, at: at)
            return .object(cell)
        }
        let viewLike = inheritsView(type)
        let object = newObject(kind: .instance(type), className: type.name, madeAt: at, file: fileOf(type) ?? file)
        if viewLike.isView {
            object.layer = try viewLayer(of: type, at: at)
            if labels.first == "frame", case .rect(let r) = arguments.first { setFrame(object.layer!, r) }
        }
        if viewLike.isController {
            let view = newObject(kind: .view, className: "UIView", madeAt: at, file: object.file)
            view.layer = newObject(kind: .layer(.layer), className: "CALayer", madeAt: at, file: object.file)
            setFrame(view.layer!, Rect(x: 0, y: 0, width: canvas.width, height: canvas.height))
            object.fields["view"] = .object(view)
        }
        if try callMethod(type, on: object, name: "init", labels: labels, arguments: arguments, at: at) == nil, !labels.isEmpty {
            // Memberwise initialiser of a struct.
            for (label, value) in zip(labels, arguments) { if let label { object.fields[label] = value } }
        }
        return .object(object)
    }

    /// A view's layer, of the class its `layerClass` names (its own layer class's `init` runs, as
    /// UIKit makes the layer).
    func viewLayer(of type: TypeDecl, at: SourcePosition) throws(Exhausted) -> Object {
        let (kind, subclass) = layerClass(of: type)
        let layer = newObject(kind: .layer(kind), className: subclass?.name ?? kind.className, madeAt: at, file: fileOf(type) ?? file)
        if let subclass {
            layer.subclass = subclass
            do {
                _ = try callMethod(subclass, on: layer, name: "init", labels: [], arguments: [], at: at)
            } catch let error as Exhausted {
                throw error
            } catch let skip as Skip {
                report(.skipped, skip.reason, at: skip.at ?? at)
            } catch {
                report(.skipped, "\(error)", at: at)
            }
        }
        return layer
    }

    /// The Core Animation layer class a class of the files inherits from (`class Pulsator:
    /// CAReplicatorLayer`), or nil.
    /// Whether the file's type inherits from CAEmitterCell.
    func inheritsEmitterCell(_ type: TypeDecl) -> Bool {
        var name = type.superclass
        var seen = 0
        while let n = name, seen < 16 {
            if n == "CAEmitterCell" { return true }
            name = typeDecl(named: n)?.superclass
            seen += 1
        }
        return false
    }

    func layerAncestor(of type: TypeDecl) -> LayerKind? {
        var name = type.superclass
        var seen = 0
        while let n = name, seen < 16 {
            if let kind = LayerKind.allCases.first(where: { $0.className == n }) { return kind }
            name = typeDecl(named: n)?.superclass
            seen += 1
        }
        return nil
    }

    /// Whether the file's type is (or inherits from) a UIKit view or view controller.
    func inheritsView(_ type: TypeDecl) -> (isView: Bool, isController: Bool) {
        // An `@implementation` without its `@interface`: the class's name tells.
        var name =
            type.superclass
            ?? (["View", "ViewController", "Button", "Control", "Label"].contains(where: type.name.hasSuffix) ? type.name : nil)
        var seen = 0
        while let n = name, seen < 16 {
            if n.hasSuffix("ViewController") || n == "UIViewController" { return (false, true) }
            if n.hasSuffix("View") || n == "UIView" || n.hasSuffix("Control") || n.hasSuffix("Button") || n.hasSuffix("Label") {
                return (true, false)
            }
            name = typeDecl(named: n)?.superclass
            seen += 1
        }
        return (false, false)
    }

    /// `override class var layerClass: AnyClass { CAEmitterLayer.self }`: the kind of the view's
    /// layer, and the files' own layer class when it names one (`SnowEmitterLayer.self`).
    func layerClass(of type: TypeDecl) -> (kind: LayerKind, subclass: TypeDecl?) {
        var current: TypeDecl? = type
        var seen = 0
        while let t = current, seen < 16 {
            let body =
                t.properties.first(where: { $0.name == "layerClass" })?.getter ?? t.methods.first(where: { $0.name == "layerClass" })?.body
            if let body, let name = className(returnedBy: body) {
                if let kind = LayerKind.allCases.first(where: { $0.className == name }) { return (kind, nil) }
                if let own = typeDecl(named: name), let kind = layerAncestor(of: own) { return (kind, own) }
            }
            current = t.superclass.flatMap(typeDecl(named:))
            seen += 1
        }
        return (.layer, nil)
    }

    private func className(returnedBy body: [Stmt]) -> String? {
        for statement in body {
            var expr: Expr?
            if case .return(let e) = statement.kind { expr = e }
            if case .expression(let e) = statement.kind { expr = e }
            guard var e = expr else { continue }
            if case .member(let base?, "self") = e.kind { e = base }
            if case .call(let callee, let args) = e.kind, args.isEmpty, case .member(let base?, "class") = callee.kind { e = base }
            if case .name(let name) = e.kind { return name }
        }
        return nil
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
        throw Skip(reason: "expected \(what), got \(value.description)", at: at)
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
        case (_, .null) where op == "!=": return .bool(!isNull(b) && !isNull(a))
        case (.object(let x), .object(let y)) where op == "==" || op == "!=": return .bool((x === y) == (op == "=="))
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
