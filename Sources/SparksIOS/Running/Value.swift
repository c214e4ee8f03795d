import SparksCore

/// What an expression of imported code evaluates to: the values Core Animation code handles
/// (numbers, geometry, colours, transforms, images, paths), collections, objects with identity
/// (layers, cells, animations, views, instances of the file's own classes), names of
/// constants not yet given a meaning (`.line`, `kCAEmitterLayerLine`), and types.
enum Value {
    case number(Double)
    case bool(Bool)
    case string(String)
    case point(Point)
    case size(Size)
    case rect(Rect)
    case color(Color)
    case transform(Transform3D)
    /// A named image (`UIImage(named:)`); its file is found when it is set.
    case image(String)
    case array([Value])
    case dictionary([(Value, Value)])
    case object(Object)
    /// A constant read by the property it is given to: `.line`, `kCAFillModeForwards`, `.white`.
    case constant(String)
    /// A type named as a value (`CAEmitterLayer`, `UIColor`, a class of the file).
    case type(String)
    case function(Callable)
    case timingFunction(TimingFunction)
    case valueFunction(ValueFunction)
    /// `lower...upper` or `lower..<upper`.
    case range(Double, Double, closed: Bool)
    /// A selector or a key path literal.
    case selector(String)
    /// A moment read from the clock (`CACurrentMediaTime()`, plus or minus seconds), in seconds
    /// of the effect (0: when it starts). As a number it is that time; given to a layer's or a
    /// cell's `beginTime` it says when the timeline starts, relative to when the code runs.
    case mediaTime(Double)
    /// A case of one of the files' enums with associated values (`.confetti(allowedShapes: …)`).
    case enumValue(String, [Value])
    /// A font: its name and size; a UIFont (which a text layer's `font` ignores on iOS) or a
    /// Core Text or Core Graphics font.
    case font(String, size: Double?, isUIFont: Bool)
    /// An attributed string with one font and colour for all of it (those of its attributes).
    case attributedText(String, font: String?, size: Double?, color: Color?)
    case null
    case void

    /// An argument left out of a call (its parameter's default applies).
    var isOmitted: Bool {
        if case .void = self { return true }
        return false
    }

    /// A short description for messages.
    var description: String {
        switch self {
        case .number(let n): return PresetNumber.text(n)
        case .bool(let b): return b ? "true" : "false"
        case .string(let s): return "\"\(s)\""
        case .point: return "a point"
        case .size: return "a size"
        case .rect: return "a rectangle"
        case .color: return "a colour"
        case .transform: return "a transform"
        case .image(let name): return "the image \"\(name)\""
        case .array: return "an array"
        case .dictionary: return "a dictionary"
        case .object(let o): return "a \(o.className)"
        case .constant(let c): return c
        case .type(let t): return t
        case .function: return "a function"
        case .timingFunction: return "a timing function"
        case .valueFunction: return "a value function"
        case .range: return "a range"
        case .selector(let s): return "#selector(\(s))"
        case .mediaTime(let t):
            return t == 0 ? "CACurrentMediaTime()" : "CACurrentMediaTime() \(t < 0 ? "-" : "+") \(PresetNumber.text(abs(t)))"
        case .enumValue(let name, _): return "." + name + "(…)"
        case .font(let name, _, let isUIFont): return "\(isUIFont ? "the UIFont" : "the font") \(name)"
        case .attributedText(let text, _, _, _): return "an attributed string \"\(text)\""
        case .null: return "nil"
        case .void: return "nothing"
        }
    }
}

/// Number text as presets and messages write it.
enum PresetNumber {
    static func text(_ n: Double) -> String {
        if n == n.rounded(), abs(n) < 1e15 { return String(Int64(n)) }
        return "\(n)"
    }
}

/// A function value: a closure of the code (with the scope it was made in) or a method bound
/// to its object.
final class Callable {
    let parameters: [Parameter]
    let body: [Stmt]
    let captured: Scope?
    let selfObject: Object?
    let name: String

    init(name: String, parameters: [Parameter], body: [Stmt], captured: Scope?, selfObject: Object?) {
        self.name = name
        self.parameters = parameters
        self.body = body
        self.captured = captured
        self.selfObject = selfObject
    }
}

/// Variables of one block, chained to the enclosing one.
final class Scope {
    var values: [String: Value] = [:]
    let parent: Scope?
    /// On the outermost scope: every scope made inside it, so an import can empty them all
    /// when it ends (closures and the scopes they capture refer to each other).
    private var descendants: [Scope] = []

    init(parent: Scope?) {
        self.parent = parent
        var root = parent
        while let r = root, let up = r.parent { root = up }
        root?.descendants.append(self)
    }

    /// Empties this outermost scope and every scope made inside it.
    func tearDown() {
        for scope in descendants { scope.values = [:] }
        descendants = []
        values = [:]
    }

    func lookup(_ name: String) -> Value? {
        var scope: Scope? = self
        while let s = scope {
            if let v = s.values[name] { return v }
            scope = s.parent
        }
        return nil
    }

    /// Sets an existing variable where it lives; false when there is none.
    func assign(_ name: String, _ value: Value) -> Bool {
        var scope: Scope? = self
        while let s = scope {
            if s.values[name] != nil {
                s.values[name] = value
                return true
            }
            scope = s.parent
        }
        return false
    }
}

/// An object with identity, as Core Animation's are: a change made through any reference is
/// seen through every other (a cell changed after it was put in a layer's `emitterCells`).
final class Object {
    enum Kind {
        case layer(LayerKind)
        case cell
        /// A CAEmitterBehavior; `behavior` holds it.
        case behavior
        case animation(AnimationClass)
        /// A UIView (or a view controller's view); `layer` is its layer.
        case view
        /// A view controller.
        case viewController
        /// An instance of a class or struct of the file.
        case instance(TypeDecl)
        /// UIBezierPath or CGMutablePath.
        case path
        /// NSMutableArray.
        case mutableArray
        /// `[SomeClass alloc]`, waiting for its `init`.
        case allocated(String)
        /// A UIViewPropertyAnimator; `animator` holds it.
        case propertyAnimator
    }

    enum AnimationClass: String {
        case basic = "CABasicAnimation", keyframe = "CAKeyframeAnimation", group = "CAAnimationGroup", spring = "CASpringAnimation"
    }

    let kind: Kind
    let className: String
    /// Where it was made.
    let madeAt: SourcePosition
    let file: String

    // Layers.
    var state = LayerState(layer: LayerProperties(), content: .plain)
    var sublayers: [Object] = []
    /// The layer masking this one (`layer.mask`), and the one this layer masks.
    var mask: Object?
    weak var masked: Object?
    weak var superlayer: Object?
    var animations: [Animation] = []
    /// The animation objects added with a key, for `animation(forKey:)`.
    var addedAnimations: [String: Object] = [:]
    /// The transition last added to the layer, which carries the changes made in its turn.
    var transition: LayerTransition?
    /// The changes made to the layer's properties in the current later turn.
    var turnChanges: [TurnChange] = []
    /// What the layer's (or its view's) drawing code drew, and when; the animations it redraws for.
    var drawings: [Drawing] = []
    var redrawnAnimations: [RedrawnAnimation] = []
    /// Changes the code makes some time after the start (`asyncAfter`, timers), as animations
    /// that start then and hold: they are the layer's model values, so removing the layer's
    /// animations leaves them.
    var scheduledChanges: [Animation] = []
    // Layers and cells.
    var cells: [Object] = []
    // Emitter layers: their behaviours, in order.
    var behaviors: [Object] = []
    // Behaviours.
    var behavior = EmitterBehavior(type: .drag)
    // Cells.
    var cell = EmitterCell()
    weak var owner: Object?
    /// `beginTime = CACurrentMediaTime()`: the cell starts with the effect, so its emitter starts empty.
    var startsNow = false
    // Animations: properties as set, read when the animation is added to a layer.
    var settings: [(key: String, value: Value, at: SourcePosition)] = []
    // Views, controllers, instances, and layers of the files' own layer classes.
    var fields: [String: Value] = [:]
    /// A view's own layer, which does not animate implicitly (core-animation.md §4.6).
    var layer: Object? {
        didSet {
            layer?.backsView = true
            layer?.ownerView = self
        }
    }
    /// Whether this layer is a view's own layer, and the view it is.
    var backsView = false
    weak var ownerView: Object?
    /// A layer whose view (or layer class) lays it out in the next layout pass; a view that has
    /// entered the window (``Interpreter/enterWindow(_:at:)``).
    var needsLayout = true
    var inWindow = false
    /// The run-loop turn the object was made in (``Interpreter/turn``): a layer shown in an
    /// earlier turn animates a change implicitly, one made in this turn does not.
    var madeInTurn = 0
    /// Model values set some time into the effect or in an animation (effect seconds, in the
    /// order set), which ``Interpreter/modelState(of:)`` reads back at a later moment.
    var laterValues: [LaterValue] = []
    /// The files' own class a layer is made from (`class Pulsator: CAReplicatorLayer`): its
    /// methods and stored properties come first.
    var subclass: TypeDecl?
    /// The case an instance of the files' own enum is (`self` inside its methods).
    var enumCase: Value?
    // Paths.
    var path = BezierPath()
    // Mutable arrays.
    var items: [Value] = []
    // Property animators.
    var animator = PropertyAnimator()

    /// The variable name it was last given, and how deep in calls that was (outer names win).
    var nameHint: String?
    var hintDepth = Int.max

    init(kind: Kind, className: String, madeAt: SourcePosition, file: String) {
        self.kind = kind
        self.className = className
        self.madeAt = madeAt
        self.file = file
        if case .layer(let layerKind) = kind { state = LayerState(layer: LayerProperties(), content: layerKind.defaultContent) }
    }

    var layerKind: LayerKind? {
        if case .layer(let k) = kind { return k }
        return nil
    }

    /// Whether the object is a path (UIBezierPath, CGPath).
    var isPath: Bool {
        if case .path = kind { return true }
        return false
    }

    /// Whether the object is a view, a view controller, or an instance of the files' view or
    /// controller class (it has a layer, or a view).
    var isViewLike: Bool {
        switch kind {
        case .view, .viewController: true
        case .instance: layer != nil || fields["view"] != nil
        default: false
        }
    }

    var isAnimation: Bool {
        if case .animation = kind { return true }
        return false
    }

    var isCell: Bool {
        if case .cell = kind { return true }
        return false
    }

    /// The files' own type whose methods and properties this object has, if any.
    var declaredType: TypeDecl? {
        if case .instance(let type) = kind { return type }
        return subclass
    }

    func setting(_ key: String) -> Value? { settings.last { $0.key == key }?.value }

    /// A UIViewPropertyAnimator's timing, animation blocks (each with its delay factor) and
    /// completion blocks, run when it starts.
    struct PropertyAnimator {
        var timing = ActionTiming(duration: 0)
        var animations: [(block: Callable, delayFactor: Double)] = []
        var completions: [Callable] = []
        var started = false
    }

    /// What the object's own drawing code drew at a moment of the effect (shapes and text).
    struct Drawing {
        let time: Double
        let layers: [LayerDescription]
    }

    /// An animation of a key the layer's class redraws for, evaluated on a stand-in number.
    struct RedrawnAnimation {
        let key: String
        let animation: Animation
    }

    /// A model value set at a moment of the effect.
    struct LaterValue {
        let time: Double
        let address: PropertyAddress
        let value: PropertyValue
    }

    /// Records a model value set at `time`: one set again at the same moment replaces it, so code
    /// that sets a value in a loop keeps one entry.
    func setLaterValue(_ value: PropertyValue, at address: PropertyAddress, time: Double) {
        if let i = laterValues.lastIndex(where: { $0.time == time && $0.address == address }) {
            laterValues[i] = LaterValue(time: time, address: address, value: value)
        } else {
            laterValues.append(LaterValue(time: time, address: address, value: value))
        }
    }

    /// Records a change made in a later turn, for a transition added later in the turn: the
    /// first change of each property in the turn keeps what it changed from, a later one only
    /// what it changes to.
    func recordTurnChange(_ change: TurnChange) {
        if let first = turnChanges.first, first.turn != change.turn { turnChanges.removeAll() }
        if let i = turnChanges.firstIndex(where: { $0.address == change.address }) {
            turnChanges[i].new = change.new
        } else {
            turnChanges.append(change)
        }
    }

    /// Drops what the object refers to (objects, fields and closures refer to each other).
    func tearDown() {
        fields = [:]
        items = []
        addedAnimations = [:]
        settings = []
        sublayers = []
        mask = nil
        cells = []
        layer = nil
        animator = PropertyAnimator()
        turnChanges = []
    }
}

extension Array where Element == Value {
    /// The element at `index`, or nil (`.null`) past the end: calls in imported code may pass
    /// fewer arguments than their spelling needs.
    subscript(safe index: Int) -> Value { index >= 0 && index < count ? self[index] : .null }
}

/// `n` as an index or count when it is a whole, finite number of a sensible size.
func wholeNumber(_ n: Double) -> Int? {
    guard n.isFinite, abs(n) <= 1e9 else { return nil }
    return Int(n.rounded(.towardZero))
}

/// A value holds objects the interpreter shares (layers, views), so it is not `Sendable`; said
/// here, so the compiler does not work that out from its cases (which refer to `Value` again, a
/// cycle some builds stop at).
@available(*, unavailable)
extension Value: Sendable {}
