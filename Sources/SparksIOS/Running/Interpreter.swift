import Foundation
import SparksCore

/// Why a statement is skipped: the reason, and where in the statement it arose.
struct Skip: Error {
    var reason: String
    var at: SourcePosition?
    /// What the files do not define, when that is the reason (`Config.colors`,
    /// `TimingFunction.easeInOutCubic.getTimingFunction(…)`): a value it gives may be stood in for.
    var unknown: String?

    init(reason: String, at: SourcePosition? = nil, unknown: String? = nil) {
        self.reason = reason
        self.at = at
        self.unknown = unknown
    }
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
    /// Elements of lists and dictionaries touched and not yet counted as a step (``charge(elements:)``).
    var touchedElements = 0
    /// Bytes of strings and lists made so far.
    var madeBytes = 0
    var callDepth = 0
    var nesting = 0
    /// Fields whose initial values are being worked out (one that needs itself is an error).
    var fieldsInProgress = Set<String>()
    /// Properties whose `didSet` is running, and Objective-C setters running (by object and name).
    var observersRunning = Set<String>()
    var settersRunning = Set<String>()
    /// Static stored properties of the files' types, worked out once (`static let shared = …`).
    var staticValues: [String: Value] = [:]
    /// The layer classes assumed for Objective-C classes whose header was not given, by class.
    var assumedSuperclasses: [String: String] = [:]
    /// Types of files that were not given, made empty where the code makes one (`ViewModel()`).
    var placeholderTypes = Set<String>()
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
    /// Whether the first drawings of what draws itself were taken (before the first later turn).
    var firstDrawingsTaken = false
    /// Display links made, by id (their ids are timers' ids).
    var displayLinks: [Int: DisplayLink] = [:]
    /// Image contexts open (`UIGraphicsBeginImageContext…`), innermost last, and the images
    /// drawn in them.
    var drawingContexts: [DrawingContext] = []
    var drawnImages: [DrawnImage] = []
    /// `CATransaction`s begun and not committed, innermost last.
    var transactions: [PendingTransaction] = []
    /// The run-loop turn the code runs in: 0 while the view loads and first appears, a new one
    /// for each later entry (viewDidAppear, a `--call`, a timer's or delayed closure's firing);
    /// `turns` counts them.
    var turn = 0
    var turns = 0
    /// Delegates' `animationDidStop` calls waiting for the turn that added their animation to
    /// end, how many ran, whether they are running and whether a later turn is.
    var pendingStops: [PendingStop] = []
    var stopsRun = 0
    var runningStops = false
    var turnRunning = false
    /// The labels of the tuples the code made (`(r: 1, g: 0, b: 0)`), which name their elements.
    var tupleLabels = Set<[String]>()
    /// Whether the host's view is in the window: views added from then on hear `didMoveToWindow()`.
    var viewsInWindow = false
    /// UIView animation blocks running, innermost last.
    var viewAnimations: [ViewAnimationBlock] = []
    /// The key paths each kind of layer animates (``animatableKeys(of:)``).
    var animatableKeysByKind: [LayerKind: Set<String>] = [:]
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
    private(set) var objects: [Object]

    /// A new object, kept until the import ends.
    func newObject(kind: Object.Kind, className: String, madeAt: SourcePosition, file: String) -> Object {
        let object = Object(kind: kind, className: className, madeAt: madeAt, file: file)
        object.madeInTurn = turn
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

    func tick() throws(Exhausted) {
        steps += 1
        if steps > Self.maxSteps {
            throw Exhausted(
                reason: "the code runs more than \(Self.maxSteps) steps (a search or copy of a list or dictionary counting one "
                    + "step per \(Self.elementsPerStep) elements); an effect's set-up needs far fewer (is there an endless loop?)")
        }
    }

    /// Values a step may touch for free: work on longer lists and dictionaries (a dictionary's
    /// write, which searches and copies it) counts as one step per this many of their elements.
    static let elementsPerStep = 64

    /// Counts work that touches `elements` values of a list or dictionary (a search, a copy) as
    /// steps, so that code whose every step costs more than the last (writing to a dictionary
    /// in a loop) ends within the step budget's time too.
    func charge(elements: Int) throws(Exhausted) {
        touchedElements += elements
        guard touchedElements >= Self.elementsPerStep else { return }
        steps += touchedElements / Self.elementsPerStep - 1
        touchedElements %= Self.elementsPerStep
        try tick()
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
}
