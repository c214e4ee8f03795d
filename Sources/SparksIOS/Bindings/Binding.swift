import SparksCore

/// What the importer knows of iOS, as data: each binding names what it is a member of (its
/// receiver), its spellings in Swift, Objective-C and C, and a small function over the call's
/// arguments. The interpreter looks a member or call up by its receiver and its base name (the
/// selector's first part: `colorWithRed` of `colorWithRed:green:blue:alpha:`, `move` of
/// `move(to:)`); the function sees the labels and arguments. One file per framework declares its
/// bindings (UIKit, QuartzCore, CoreGraphics, Foundation, Dispatch, the Swift and C libraries);
/// docs/importing.md lists them all, generated from this table (`sparks-ios --api`).
struct Binding: Sendable {
    /// How the member is used: read (`rect.midX`, `UIColor.white`), called (`sin(x)`,
    /// `[layer addSublayer:s]`) or set (`view.alpha = 0.5`). A call without arguments also finds
    /// what is read (`[UIColor whiteColor]`, `[color CGColor]`, `array.count`).
    enum Form: Sendable, Hashable {
        case read, call, write
    }

    typealias Run = @Sendable (Call) throws -> Value?

    let receivers: [Receiver]
    let form: Form
    /// Swift spellings: `withAlphaComponent(_:)`, `UIColor(red:green:blue:alpha:)`, `midX`.
    let swift: [String]
    /// Objective-C selectors (`colorWithAlphaComponent:`) and C functions (`CGRectGetMidX`).
    let objectiveC: [String]
    /// C functions that do the same with the receiver as their first argument
    /// (`CGContextFillRect(context, rect)`), found as free functions.
    let c: [String]
    /// What the binding does, when more than its name says (one line, for the API list).
    let meaning: String?
    /// The binding's work; nil when these arguments are not the binding's (the next binding of the
    /// same name is tried, then the interpreter's own fallbacks).
    let run: Run

    init(
        _ receivers: Receiver..., form: Form = .call, swift: [String] = [], objc: [String] = [], c: [String] = [],
        meaning: String? = nil, run: @escaping Run
    ) {
        self.init(receivers, form: form, swift: swift, objc: objc, c: c, meaning: meaning, run: run)
    }

    init(
        _ receivers: [Receiver], form: Form = .call, swift: [String] = [], objc: [String] = [], c: [String] = [],
        meaning: String? = nil, run: @escaping Run
    ) {
        self.c = c
        self.receivers = receivers
        self.form = form
        self.swift = swift
        self.objectiveC = objc
        self.meaning = meaning
        self.run = run
    }

    /// The names the table finds the binding by: each spelling's base name.
    var baseNames: Set<String> { Set((swift + objectiveC).map(Self.baseName)) }

    /// `move(to:)` → `move`, `colorWithRed:green:` → `colorWithRed`, `UIColor(red:)` → `UIColor`.
    static func baseName(_ spelling: String) -> String {
        String(spelling.prefix { $0 != "(" && $0 != ":" })
    }
}

/// What a binding is a member of.
enum Receiver: Sendable, Hashable, CustomStringConvertible {
    /// Free functions, initialisers and constants: `CGPointMake(…)`, `UIColor(red:…)`, `M_PI`.
    case global
    /// Class methods and static members of a type: `UIColor.white`, `[UIColor colorWithRed:…]`.
    case type(String)
    /// What every class answers: `alloc`, `new`, `performSelector:`.
    case anyType
    /// Members and methods of a value: `rect.midX`, `color.withAlphaComponent(_:)`.
    case value(ValueKind)
    /// Methods and properties of an object: `layer.addSublayer(_:)`, `path.move(to:)`, `view.alpha`.
    case object(ObjectKind)
    /// Members of an instance the code reaches through a class (`DispatchQueue.main`,
    /// `UIScreen.main`, `Bundle.main`, a drawing context, a timer).
    case instance(String)

    /// Class methods of each of `names`.
    static func types(_ names: String...) -> [Receiver] { names.map(Receiver.type) }

    /// Instances of each of `names`.
    static func instances(_ names: String...) -> [Receiver] { names.map(Receiver.instance) }

    var description: String {
        switch self {
        case .global: "(free)"
        case .type(let name): name + " (class)"
        case .anyType: "any class"
        case .value(let kind): kind.rawValue
        case .object(let kind): kind.rawValue
        case .instance(let name): name
        }
    }
}

/// The kinds of values bindings are members of.
enum ValueKind: String, Sendable, Hashable, CaseIterable {
    case number = "a number", bool = "a Boolean", string = "a string", point = "CGPoint", size = "CGSize", rect = "CGRect"
    case color = "UIColor / CGColor", transform = "CATransform3D", image = "UIImage", array = "an array", font = "UIFont"
    case range = "a range", timingFunction = "CAMediaTimingFunction", attributedText = "NSAttributedString", any = "any value"

    init?(of value: Value) {
        switch value {
        case .number, .mediaTime: self = .number
        case .bool: self = .bool
        case .string: self = .string
        case .point: self = .point
        case .size: self = .size
        case .rect: self = .rect
        case .color: self = .color
        case .transform: self = .transform
        case .image: self = .image
        case .array: self = .array
        case .font: self = .font
        case .range: self = .range
        case .timingFunction: self = .timingFunction
        case .attributedText: self = .attributedText
        default: return nil
        }
    }
}

/// The kinds of objects bindings are members of.
enum ObjectKind: String, Sendable, Hashable, CaseIterable {
    case layer = "CALayer", view = "UIView", path = "UIBezierPath / CGPath", animation = "CAAnimation"
    case mutableArray = "NSMutableArray", propertyAnimator = "UIViewPropertyAnimator", any = "any object"

    /// The kinds an object answers as, most particular first.
    static func of(_ object: Object) -> [ObjectKind] {
        switch object.kind {
        case .layer: [.layer, .any]
        case .view, .viewController: [.view, .any]
        case .instance: object.isViewLike ? [.view, .any] : [.any]
        case .path: [.path, .any]
        case .animation: [.animation, .any]
        case .mutableArray: [.mutableArray, .any]
        case .propertyAnimator: [.propertyAnimator, .any]
        case .cell, .behavior, .allocated: [.any]
        }
    }
}

/// Every binding, by receiver, form and base name.
struct BindingTable: Sendable {
    struct Key: Hashable {
        let receiver: Receiver
        let form: Binding.Form
        let name: String
    }

    /// The frameworks, in the order docs/importing.md lists them.
    static let frameworks: [(name: String, bindings: [Binding])] = [
        ("UIKit", uiKit), ("QuartzCore", quartzCore), ("CoreGraphics", coreGraphics), ("Foundation", foundation),
        ("Dispatch", dispatch), ("The Swift and C libraries", swiftAndC),
    ]

    static let shared = BindingTable(frameworks.flatMap(\.bindings))

    private let rows: [Key: [Binding]]
    private let instances: Set<String>

    init(_ bindings: [Binding]) {
        var rows: [Key: [Binding]] = [:]
        for binding in bindings {
            for receiver in binding.receivers {
                for name in binding.baseNames.sorted() {
                    rows[Key(receiver: receiver, form: binding.form, name: name), default: []].append(binding)
                }
            }
            for name in binding.c { rows[Key(receiver: .global, form: .call, name: name), default: []].append(binding) }
        }
        self.rows = rows
        instances = Set(
            rows.keys.compactMap {
                if case .instance(let name) = $0.receiver { return name }
                return nil
            })
    }

    /// Whether instances of the class `name` have bindings (`UIScreen`, `DispatchQueue`).
    func knows(instance name: String) -> Bool { instances.contains(name) }

    /// The bindings of `name` on the first of `receivers` that has any; a call without arguments
    /// also finds what is read.
    func bindings(_ name: String, on receivers: [Receiver], form: Binding.Form, argumentCount: Int = 0) -> [Binding] {
        var found: [Binding] = []
        for receiver in receivers {
            found += rows[Key(receiver: receiver, form: form, name: name)] ?? []
            if form == .call, argumentCount == 0 { found += rows[Key(receiver: receiver, form: .read, name: name)] ?? [] }
        }
        return found
    }

    /// Whether any receiver has a binding of `name` in that form.
    func has(_ name: String, on receivers: [Receiver], form: Binding.Form) -> Bool {
        receivers.contains { rows[Key(receiver: $0, form: form, name: name)] != nil }
    }
}

extension Interpreter {
    /// Runs the first binding of `name` on `receivers` that takes these arguments; nil when none does.
    func runBinding(
        _ name: String, on receivers: [Receiver], form: Binding.Form, receiver: Value = .void, labels: [String?] = [],
        _ arguments: [Value] = [], at: SourcePosition, scope: Scope? = nil, selfObject: Object? = nil
    ) throws -> Value? {
        let candidates = BindingTable.shared.bindings(name, on: receivers, form: form, argumentCount: arguments.count)
        guard !candidates.isEmpty else { return nil }
        let call = Call(
            interpreter: self, receiver: receiver, name: name, labels: labels, arguments: arguments, at: at, scope: scope ?? globals,
            selfObject: selfObject)
        for binding in candidates {
            if let value = try binding.run(call) {
                // A list or dictionary made (reversed, shuffled, a prefix, keys) costs its length.
                switch value {
                case .array(let items): try charge(elements: items.count)
                case .dictionary(let pairs): try charge(elements: pairs.count)
                default: break
                }
                return value
            }
        }
        return nil
    }

    /// The receivers a value answers as, most particular first.
    func receivers(of value: Value) -> [Receiver] {
        switch value {
        case .object(let object): return ObjectKind.of(object).map(Receiver.object)
        case .type(let name): return [.type(typeName(name)), .anyType]
        case .constant(let c): return [.instance(Self.instanceName(c)), .value(.any)]
        default:
            guard let kind = ValueKind(of: value) else { return [.value(.any)] }
            return [.value(kind), .value(.any)]
        }
    }

    /// The class of an instance held as a constant: `DispatchQueue` of `DispatchQueue.main`,
    /// `Timer` of `Timer#3`, `UIGraphicsImageRenderer` of `UIGraphicsImageRenderer:100x100`.
    static func instanceName(_ constant: String) -> String {
        constant.hasPrefix(".") ? constant : String(constant.prefix { $0 != "." && $0 != ":" && $0 != "#" })
    }
}
