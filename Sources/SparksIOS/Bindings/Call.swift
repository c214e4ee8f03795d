import SparksCore

/// One use of a binding: the receiver, the name and labels as written, the arguments as values,
/// and typed readers of them. A missing argument reads as nil (`.null`), as calls in imported code
/// may pass fewer arguments than their spelling needs.
struct Call {
    unowned let interpreter: Interpreter
    /// What the member belongs to (`.void` for a free function or a constant).
    let receiver: Value
    /// The base name as written: `colorWithRed`, `withAlphaComponent`, `CGRectGetMidX`.
    let name: String
    let labels: [String?]
    let arguments: [Value]
    let at: SourcePosition
    let scope: Scope
    let selfObject: Object?

    var count: Int { arguments.count }
    var isEmpty: Bool { arguments.isEmpty }
    var first: Value? { arguments.first }
    var last: Value? { arguments.last }
    /// The first label (Swift's first argument label, or an Objective-C selector's first part for
    /// calls that name their variant there: `colorWithWhite`).
    var firstLabel: String? { labels.first ?? nil }

    subscript(_ i: Int) -> Value { arguments[safe: i] }

    /// The argument labelled `label`, if given.
    func labelled(_ label: String) -> Value? {
        labels.firstIndex(of: label).map { arguments[safe: $0] }
    }

    func number(_ i: Int, what: String = "a number") throws -> Double {
        try interpreter.number(self[i], at: at, what: what)
    }

    func numbers() throws -> [Double] { try arguments.map { try interpreter.number($0, at: at) } }

    func point(_ i: Int) throws -> Point { try interpreter.point(self[i], at: at) }
    func size(_ i: Int) throws -> Size { try interpreter.size(self[i], at: at) }
    func rect(_ i: Int) throws -> Rect { try interpreter.rect(self[i], at: at) }
    func color(_ i: Int) throws -> Color { try interpreter.color(self[i], at: at) }
    func transform(_ i: Int) throws -> Transform3D { try interpreter.transform(self[i], at: at) }
    func truth(_ i: Int) throws -> Bool { try interpreter.truth(self[i], at: at) }
    func elements(_ i: Int) throws -> [Value] { try interpreter.elements(of: self[i], at: at) }

    /// The argument as a string, or nil.
    func string(_ i: Int) -> String? {
        if case .string(let s) = self[i] { return s }
        return nil
    }

    /// The argument as a string, or a skip saying what was wanted.
    func string(_ i: Int, or reason: String) throws -> String {
        guard let s = string(i) else { throw Skip(reason: reason, at: at) }
        return s
    }

    /// The last closure among the arguments (a trailing closure, a block).
    var closure: Callable? {
        arguments.lazy.compactMap { v -> Callable? in
            if case .function(let f) = v { return f }
            return nil
        }.last
    }

    /// The argument as a path object.
    func path(_ i: Int) -> Object? {
        if case .object(let o) = self[i], o.isPath { return o }
        return nil
    }

    /// The receiver as an object.
    var object: Object? {
        if case .object(let o) = receiver { return o }
        return nil
    }

    /// The receiver's layer: itself, or a view's.
    var layer: Object? {
        guard let object else { return nil }
        return object.layerKind != nil ? object : object.layer
    }

    /// A skip at the call.
    func skip(_ reason: String) -> Skip { Skip(reason: reason, at: at) }

    /// A note at the call.
    func note(_ text: String) { interpreter.note(text, at: at) }

    /// The call as written, for messages: `UIColor(named:)`, `colorWithRed:green:blue:alpha:`.
    var signature: String { FunctionDecl.signature(name, labels) }
}
