/// The code an import reads, in one form for both languages: the Swift reader (on
/// swift-syntax) and the Objective-C reader lower their files to these declarations,
/// statements and expressions, and one interpreter runs them. Only what effect code uses has a
/// shape of its own; anything else is kept as `.unsupported` with a description, so the
/// interpreter can report it where it would run.

/// Where something is in its file: 1-based line and column.
struct SourcePosition: Hashable, Sendable {
    var line: Int
    var column: Int
}

/// A piece of code with its position: an expression or a statement.
///
/// Every tree of code is at most ``maxDepth`` nodes deep, whatever the file: a node that would
/// be deeper is kept as the reason it was not (`.unsupported`). Readers build trees bottom-up,
/// so no tree a file makes (`1 + 1 + … + 1` with a hundred thousand terms, blocks in blocks)
/// is ever deeper than this, and every walk over one (the survey of entry points, the
/// interpreter, releasing it) recurses at most this deep.
struct Node<Kind: Sendable>: Sendable {
    let kind: Kind
    var at: SourcePosition
    /// This node and the nodes inside it, counted down the deepest branch.
    let depth: Int

    /// The deepest a tree of code may be.
    static var maxDepth: Int { 256 }

    /// A node of `kind`, whose nodes inside go `innerDepth` deep, or `tooDeep` when that
    /// would make it deeper than ``maxDepth``.
    fileprivate init(_ kind: Kind, at: SourcePosition, innerDepth: Int, tooDeep: @autoclosure () -> Kind) {
        if innerDepth + 1 > Self.maxDepth {
            self.kind = tooDeep()
            depth = 1
        } else {
            self.kind = kind
            depth = innerDepth + 1
        }
        self.at = at
    }
}

extension Node where Kind == ExprKind {
    init(_ kind: ExprKind, at: SourcePosition) {
        self.init(
            kind, at: at, innerDepth: kind.innerDepth,
            tooDeep: .unsupported("an expression nesting more than \(Self.maxDepth) deep is not read"))
    }
}

extension Node where Kind == StmtKind {
    init(_ kind: StmtKind, at: SourcePosition) {
        self.init(
            kind, at: at, innerDepth: kind.innerDepth, tooDeep: .unsupported("code nesting more than \(Self.maxDepth) deep is not read"))
    }
}

/// An expression with its position.
typealias Expr = Node<ExprKind>
/// A statement with its position.
typealias Stmt = Node<StmtKind>

/// What an expression is.
indirect enum ExprKind: Sendable {
    case number(Double)
    case string(String)
    /// A string with `\(…)` (Swift) parts: literal text and expressions, in order.
    case interpolated([InterpolationPart])
    case bool(Bool)
    case null
    /// A name: a variable, a type (`CAEmitterLayer`), a constant (`M_PI`, `kCAEmitterLayerLine`), `self`.
    case name(String)
    /// `base.member`; a nil base is Swift's implicit member (`.line`).
    case member(Expr?, String)
    /// A call: `f(a, label: b)`, `Type(…)`, `object.method(…)`; an Objective-C message
    /// `[receiver first:a second:b]` is `receiver.first(a, second: b)`.
    case call(Expr, [Argument])
    case binary(String, Expr, Expr)
    case unary(String, Expr)
    case ternary(Expr, Expr, Expr)
    case array([Expr])
    case dictionary([(Expr, Expr)])
    case `subscript`(Expr, [Expr])
    /// A closure or block: parameter names and body.
    case closure([String], [Stmt])
    /// A key path or selector literal: `#selector(stop)`, `@selector(stop)`, `\.x`.
    case selector(String)
    /// A `switch` case matching an enum case and binding its associated values:
    /// `.text(let size, let strings)`, `let .confetti(shapes)` (nil: a value not bound).
    case casePattern(String, [String?])
    /// Something the readers keep but the interpreter cannot evaluate: why, as a sentence.
    case unsupported(String)
}

/// One argument of a call, with its label (nil for none).
struct Argument: Sendable {
    var label: String?
    var value: Expr
}

/// A piece of an interpolated string.
enum InterpolationPart: Sendable {
    case text(String)
    case value(Expr)
}

/// What a statement is.
indirect enum StmtKind: Sendable {
    /// `let`/`var`/a C declaration: names bound to an initial value (nil: none given).
    case declare(String, Expr?)
    /// `target op value` with op one of `=`, `+=`, `-=`, `*=`, `/=`.
    case assign(Expr, String, Expr)
    case expression(Expr)
    /// `if` with its conditions (all must hold; a `let` binding is a condition), then and else.
    case `if`([Condition], [Stmt], [Stmt]?)
    case `guard`([Condition], [Stmt])
    /// `for name in sequence` (and Objective-C's `for (T *name in sequence)`).
    case forIn(String?, Expr, [Stmt])
    /// C's `for (initial; condition; step)`.
    case cFor([Stmt], Expr?, [Stmt], [Stmt])
    case `while`(Expr, [Stmt])
    /// `switch` over values: each case's patterns (nil for `default`) and body.
    case `switch`(Expr, [(patterns: [Expr]?, body: [Stmt])])
    case `return`(Expr?)
    case `break`
    case `continue`
    case block([Stmt])
    /// `defer { … }`: run when the enclosing block ends, in reverse order of the defers.
    case `defer`([Stmt])
    /// A function declared inside a body.
    case function(FunctionDecl)
    /// A statement the readers could not turn into one of the above: why, as a sentence.
    case unsupported(String)
}

/// A condition of `if` or `guard`.
enum Condition: Sendable {
    case test(Expr)
    /// `let name = value`: holds when the value is not nil, binding it.
    case bind(String, Expr)
}

/// A parameter: the label callers write (nil for none), the name inside, its default value and
/// its type as written (`CGPoint`, `UIView?`, `(Bool) -> Void`), which gives an unsupplied
/// argument its stand-in.
struct Parameter: Sendable {
    var label: String?
    var name: String
    var defaultValue: Expr?
    var typeName: String?
}

/// A function, method or initialiser.
struct FunctionDecl: Sendable {
    /// The base name (`makeCell`, `init`, `cellWithColor` for `cellWithColor:speed:`).
    var name: String
    var parameters: [Parameter]
    var body: [Stmt]
    var at: SourcePosition
    var isStatic = false
    /// The file it is written in (set when the files are read together).
    var file: String?
    /// `private` or `fileprivate`: a helper the type's own code calls, not an entry point.
    var isPrivate = false

    /// How calls name it: `makeCell(color:speed:)`.
    var signature: String { FunctionDecl.signature(name, parameters.map(\.label)) }

    static func signature(_ name: String, _ labels: [String?]) -> String {
        "\(name)(\(labels.map { ($0 ?? "_") + ":" }.joined()))"
    }
}

/// A stored property of a type, with its initial value.
struct PropertyDecl: Sendable {
    var name: String
    var initialValue: Expr?
    var at: SourcePosition
    var isStatic = false
    /// A computed property's getter (`override var intrinsicContentSize: CGSize { … }`).
    var getter: [Stmt]?
    /// What runs after a stored property is set (`didSet { … }`, with `oldValue`).
    var didSet: [Stmt]?
    /// `@IBOutlet`/`IBOutlet`: set from a storyboard the import does not have.
    var isOutlet = false
    /// The declared type, when written (`UIView`).
    var typeName: String?
    /// The file it is written in (set when the files are read together).
    var file: String?
}

/// A class, struct, enum, extension or Objective-C `@implementation` (a category's methods
/// join the class they extend).
struct TypeDecl: Sendable {
    var name: String
    var superclass: String?
    var properties: [PropertyDecl]
    var methods: [FunctionDecl]
    var at: SourcePosition
    /// An enum's cases, in order.
    var cases: [String] = []
    /// Whether it is an enum.
    var isEnum = false
    /// The protocols (and superclass) it names: their extensions' methods are its defaults.
    var conformances: [String] = []
    /// An Objective-C `@interface` (a header's) whose `@implementation` is not in the same file:
    /// its properties and superclass join the implementation's when the files are read together.
    var isInterfaceOnly = false
}

/// One read file.
struct SourceFile: Sendable {
    var path: String
    var types: [TypeDecl]
    var functions: [FunctionDecl]
    /// Top-level statements (a playground or script), in order.
    var statements: [Stmt]
    /// What the reader itself could not read, each with its position.
    var problems: [(SourcePosition, String)]
    /// Choices the reader made (the branch of an `#if` taken on a flag), each with its position.
    var notes: [(SourcePosition, String)] = []
    /// `typealias Color = UIColor`: each alias and the type it names.
    var typeAliases: [String: String] = [:]
}

// MARK: Depth

extension ExprKind {
    /// The depth of the deepest node inside (0 for none).
    var innerDepth: Int {
        switch self {
        case .number, .string, .bool, .null, .name, .selector, .casePattern, .unsupported, .member(nil, _): 0
        case .interpolated(let parts):
            parts.reduce(0) { if case .value(let e) = $1 { max($0, e.depth) } else { $0 } }
        case .member(let base?, _): base.depth
        case .call(let callee, let arguments): arguments.reduce(callee.depth) { max($0, $1.value.depth) }
        case .binary(_, let a, let b): max(a.depth, b.depth)
        case .unary(_, let a): a.depth
        case .ternary(let a, let b, let c): max(a.depth, b.depth, c.depth)
        case .array(let items): items.reduce(0) { max($0, $1.depth) }
        case .dictionary(let pairs): pairs.reduce(0) { max($0, $1.0.depth, $1.1.depth) }
        case .subscript(let base, let indices): indices.reduce(base.depth) { max($0, $1.depth) }
        case .closure(_, let body): body.reduce(0) { max($0, $1.depth) }
        }
    }
}

extension StmtKind {
    /// The depth of the deepest node inside (0 for none).
    var innerDepth: Int {
        func deepest(_ body: [Stmt]?) -> Int { body?.reduce(0) { max($0, $1.depth) } ?? 0 }
        func deepest(_ conditions: [Condition]) -> Int {
            conditions.reduce(0) {
                switch $1 {
                case .test(let e), .bind(_, let e): max($0, e.depth)
                }
            }
        }
        switch self {
        case .declare(_, let value): return value?.depth ?? 0
        case .assign(let target, _, let value): return max(target.depth, value.depth)
        case .expression(let e): return e.depth
        case .if(let conditions, let then, let otherwise): return max(deepest(conditions), deepest(then), deepest(otherwise))
        case .guard(let conditions, let body): return max(deepest(conditions), deepest(body))
        case .forIn(_, let sequence, let body): return max(sequence.depth, deepest(body))
        case .cFor(let initial, let condition, let step, let body):
            return max(deepest(initial), condition?.depth ?? 0, deepest(step), deepest(body))
        case .while(let condition, let body): return max(condition.depth, deepest(body))
        case .switch(let subject, let cases):
            return cases.reduce(subject.depth) { max($0, $1.patterns?.reduce(0) { max($0, $1.depth) } ?? 0, deepest($1.body)) }
        case .return(let value): return value?.depth ?? 0
        case .break, .continue, .unsupported: return 0
        case .block(let body), .defer(let body): return deepest(body)
        case .function(let function):
            return max(deepest(function.body), function.parameters.reduce(0) { max($0, $1.defaultValue?.depth ?? 0) })
        }
    }
}
