import SparksCore

/// How a change animates: the timing Core Animation's action for it gives (an implicit
/// animation, core-animation.md §4.6) or the UIView animation block it is made in.
struct ActionTiming {
    var duration: Double
    var delay = 0.0
    var timingFunction: TimingFunction?
    var spring: Spring?
    var repeatCount = 0.0
    var autoreverses = false

    /// An implicit animation's: 0.25 s with the default curve, unless a transaction says otherwise.
    static let implicit = ActionTiming(duration: Animation.defaultDuration, timingFunction: .default)
}

extension Animation {
    /// A change that starts at `time` and holds `value` (a model value set then).
    static func holding(_ value: PropertyValue, keyPath: String, target: PropertyAddress, from time: Double) -> Animation {
        var held = Animation(kind: .basic(from: value, to: value, by: nil), keyPath: keyPath, target: target)
        held.timing.beginTime = time
        held.timing.duration = 1
        held.timing.fillMode = .forwards
        held.removedOnCompletion = false
        return held
    }

    /// Whether this change is an implicit or view animation (added for its key path), not a
    /// value that holds.
    var isAction: Bool {
        guard key != nil, key == keyPath else { return false }
        if case .basic(let from, let to, _) = kind { return from != to }
        return true
    }
}

/// A UIView animation block being run (`UIView.animate…`, `animateKeyframes`,
/// `beginAnimations`…`commitAnimations`, a property animator): its timing, and the changes made
/// to views' layers inside it, which become animations when it ends.
struct ViewAnimationBlock {
    /// A change to a view's layer made in the block: from what to what, and for a keyframe block
    /// the part of the whole it takes (`addKeyframe(withRelativeStartTime:relativeDuration:)`).
    struct Change {
        let layer: Object
        let keyPath: String
        let address: PropertyAddress
        let old: PropertyValue
        let new: PropertyValue
        let start: Double
        let length: Double
    }

    var timing: ActionTiming
    /// How a keyframe block joins its keyframes; nil for a basic block.
    var keyframes: CalculationMode?
    /// The keyframe being added (relative start and duration), inside a keyframe block.
    var segment = (start: 0.0, length: 1.0)
    var changes: [Change] = []
    /// `performWithoutAnimation`: changes inside are set at once.
    var withoutAnimation = false
    /// What the block is called, for notes.
    var what: String
    /// The older API's `setAnimationDelegate(_:)` and `setAnimationDidStop(_:)`.
    var delegate: Object?
    var didStopSelector: String?
}

extension Interpreter {
    /// The moment the code runs, in effect seconds.
    var now: Double { deferredTime ?? 0 }

    // MARK: Which changes animate

    /// A change that Core Animation animates: a view's layer changed in a UIView animation block
    /// (recorded, and animated when the block ends), or a stand-alone layer shown in an earlier
    /// run-loop turn whose action search finds an animation (animated now). False when the change
    /// is simply set.
    func animateChange(of layer: Object, _ key: String, _ value: Value, at: SourcePosition) throws -> Bool {
        guard let kind = layer.layerKind, turn != 0 || !viewAnimations.isEmpty || transitionCarrying(layer) != nil else { return false }
        if key == "frame" {
            // A frame is not animated itself: its bounds and position are.
            let r = try rect(value, at: at)
            let current = modelState(of: layer).layer
            let bounds = Rect(x: current.bounds.origin.x, y: current.bounds.origin.y, width: r.size.width, height: r.size.height)
            let position = Point(
                x: r.origin.x + current.anchorPoint.x * r.size.width, y: r.origin.y + current.anchorPoint.y * r.size.height)
            try setProperty(of: layer, "bounds", .rect(bounds), at: at)
            try setProperty(of: layer, "position", .point(position), at: at)
            return true
        }
        guard let (address, valueKind) = try? PropertyAddress.resolve(key, on: kind),
            let old = address.value(in: modelState(of: layer)),
            let new = try? propertyValue(value, kind: valueKind, key: key, at: at)
        else { return false }
        let interpolates = animatableKeys(of: kind).contains(key)
        let change = TurnChange(
            turn: turn, keyPath: key, address: address, old: old, new: new, interpolates: interpolates || valueKind == .image,
            stateBefore: layer.state, scheduledBefore: layer.scheduledChanges.count)
        // A transition added to the layer (or a layer above it) in this turn carries the change.
        if let transition = transitionCarrying(layer) {
            carry(change, through: transition, on: layer)
            layer.setLaterValue(new, at: address, time: now)
            return true
        }
        // Kept for a transition added later in the turn.
        layer.recordTurnChange(change)
        guard interpolates else { return false }
        if layer.backsView {
            guard let block = viewAnimations.last, !block.withoutAnimation else { return false }
            let change = ViewAnimationBlock.Change(
                layer: layer, keyPath: key, address: address, old: old, new: new, start: block.segment.start,
                length: block.segment.length)
            viewAnimations[viewAnimations.count - 1].changes.append(change)
            layer.setLaterValue(new, at: address, time: now)
            return true
        }
        guard layer.madeInTurn != turn, isShown(layer), old != new else { return false }
        switch try action(for: layer, key: key, at: at) {
        case .none:
            return false
        case .implicit(let timing):
            let animation = Animation(kind: .basic(from: old, to: new, by: nil), keyPath: key, target: address)
            let end = schedule(animation, on: layer, holding: new, at: address, timing: timing)
            transactionAdded(end: end)
            note(
                "\(key) animates implicitly over \(PresetNumber.text(timing.duration)) s (a layer shown before changes in a later run-loop turn)",
                at: at)
        case .animation(let action) where action.fields["transition"] != nil:
            // A CATransition as the key's action: it carries the change.
            try addTransition(action, to: layer, key: key, at: at)
            if let transition = layer.transition { carry(change, through: transition, on: layer) }
        case .animation(let action):
            // The action's own animation, added for the key: from the old value to the new one
            // unless it says its values.
            let copy = newObject(kind: action.kind, className: action.className, madeAt: at, file: file)
            copy.settings = action.settings
            copy.fields = action.fields
            if copy.setting("keyPath") == nil, !isGroup(copy) { copy.settings.append(("keyPath", .string(key), at)) }
            if copy.setting("fromValue") == nil, copy.setting("toValue") == nil, copy.setting("byValue") == nil,
                copy.setting("values") == nil
            {
                copy.settings += [("fromValue", propertyValue(old), at), ("toValue", propertyValue(new), at)]
            }
            var converted = try convertAnimation(copy, on: layer, at: at)
            converted.key = key
            if !isMoment(copy.setting("beginTime")) { converted.timing.beginTime += now }
            hold(new, at: address, keyPath: key, on: layer, from: now)
            layer.scheduledChanges.append(converted)
            transactionAdded(end: converted.activeEnd)
            note("\(key) runs the layer's action for it (its actions, delegate or class)", at: at)
        }
        layer.setLaterValue(new, at: address, time: now)
        return true
    }

    /// The key paths of a layer kind that Core Animation animates (numbers, points, sizes,
    /// rectangles, colours, transforms), worked out once per kind.
    func animatableKeys(of kind: LayerKind) -> Set<String> {
        if let known = animatableKeysByKind[kind] { return known }
        let keys = Set(AnimatableKeyPaths.list(on: kind).map(\.keyPath))
        animatableKeysByKind[kind] = keys
        return keys
    }

    /// Whether the layer is in the host view's tree (on screen), as a sublayer or a mask.
    func isShown(_ layer: Object) -> Bool {
        var current: Object? = layer
        var depth = 0
        while let c = current, depth < 256 {
            if c === hostView.layer { return true }
            current = c.superlayer ?? c.masked
            depth += 1
        }
        return false
    }

    /// The layer's model values at the moment the code runs: as set at the start, with the
    /// values set since (a timer's change, an animated change) up to now.
    func modelState(of layer: Object) -> LayerState {
        guard !layer.laterValues.isEmpty else { return layer.state }
        var state = layer.state
        let time = now
        for change in layer.laterValues.enumerated().sorted(by: { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) })
        where change.element.time <= time {
            change.element.address.apply(change.element.value, to: &state)
        }
        return state
    }

    // MARK: The action search

    enum FoundAction {
        case none
        case implicit(ActionTiming)
        case animation(Object)
    }

    /// Core Animation's search for a layer's action for `key` (core-animation.md §4.6): the
    /// delegate's `action(for:forKey:)`, the layer's `actions`, its class's `action(forKey:)` or
    /// `defaultAction(forKey:)`, then the implicit animation the transaction's values time. An
    /// `NSNull` ends it with no action; a transaction's `disableActions` makes none.
    func action(for layer: Object, key: String, at: SourcePosition) throws -> FoundAction {
        if transactionValue(\.disablesActions) == true { return .none }
        var found: Value = .null
        if case .object(let delegate)? = layer.fields["delegate"], let type = delegate.declaredType,
            let (owner, method) = self.method("action", labels: ["for", "forKey"], isStatic: false, in: type)
                ?? self.method("actionForLayer", labels: [nil, "forKey"], isStatic: false, in: type)
        {
            found = try callMethod(method, of: owner, on: delegate, [.object(layer), .string(key)], at: at)
        }
        if case .null = found, case .dictionary(let pairs)? = layer.fields["actions"],
            let pair = pairs.first(where: { if case .string(key) = $0.0 { true } else { false } })
        {
            found = pair.1
        }
        if case .null = found, let type = layer.subclass {
            if let (owner, method) = self.method("action", labels: ["forKey"], isStatic: false, in: type)
                ?? self.method("actionForKey", labels: [nil], isStatic: false, in: type)
            {
                found = (try? callMethod(method, of: owner, on: layer, [.string(key)], at: at)) ?? .null
            }
            if case .null = found,
                let (owner, method) = self.method("defaultAction", labels: ["forKey"], isStatic: true, in: type)
                    ?? self.method("defaultActionForKey", labels: [nil], isStatic: true, in: type)
            {
                found = (try? callMethod(method, of: owner, on: nil, [.string(key)], at: at)) ?? .null
            }
        }
        switch found {
        case .constant("NSNull"):
            return .none
        case .object(let animation) where animation.isAnimation:
            return .animation(animation)
        default:
            var timing = ActionTiming.implicit
            if let duration = transactionValue(\.duration) { timing.duration = duration }
            if let function = transactionValue(\.timingFunction) { timing.timingFunction = function }
            return timing.duration > 0 ? .implicit(timing) : .none
        }
    }

    private func callMethod(
        _ method: FunctionDecl, of owner: TypeDecl, on object: Object?, _ arguments: [Value], at: SourcePosition
    )
        throws -> Value
    {
        let f = Callable(
            name: "\(owner.name).\(method.signature)", parameters: method.parameters, body: method.body, captured: globals,
            selfObject: object)
        return try call(f, arguments, at: at)
    }

    /// A value the innermost transaction that sets it gives (transactions nest).
    func transactionValue<T>(_ value: KeyPath<PendingTransaction, T?>) -> T? {
        transactions.reversed().lazy.compactMap { $0[keyPath: value] }.first
    }

    /// The open transaction (the turn's implicit one when none was begun), for a value set on it.
    func setTransaction(_ change: (inout PendingTransaction) -> Void) {
        if transactions.isEmpty { transactions.append(PendingTransaction()) }
        change(&transactions[transactions.count - 1])
    }

    /// An animation made in the open transaction ends at `end`: its completion block waits for it.
    func transactionAdded(end: Double) {
        guard !transactions.isEmpty else { return }
        transactions[transactions.count - 1].end = max(transactions[transactions.count - 1].end, end)
    }

    // MARK: Making the animations

    /// Adds `animation` (its kind and key path set) to the layer's changes with `timing`, from
    /// now (after the delay), and the new model value it leaves; returns when it ends. The new
    /// value is the layer's own when it changes at the start and nothing else changes the key;
    /// else the animation holds its end, or (when it repeats, reverses or springs, whose end is
    /// not the new value) a change that starts with it holds the new value.
    @discardableResult
    func schedule(
        _ animation: Animation, on layer: Object, holding new: PropertyValue, at address: PropertyAddress, timing: ActionTiming
    ) -> Double {
        var animation = animation
        let begin = now + timing.delay
        animation.timing.beginTime = begin
        animation.timing.duration = timing.duration
        animation.timing.repeatCount = timing.repeatCount
        animation.timing.autoreverses = timing.autoreverses
        animation.timingFunction = timing.timingFunction
        animation.spring = timing.spring
        let keyPath = animation.keyPath ?? ""
        // Core Animation adds an implicit or view animation for its key path: one added again at
        // the same moment (a value set in a loop) replaces it, from where the first started.
        animation.key = keyPath
        if let i = layer.scheduledChanges.lastIndex(where: { $0.isAction && $0.key == keyPath && $0.timing.beginTime == begin }) {
            if case .basic(let from, _, _) = layer.scheduledChanges[i].kind, case .basic(_, let to, let by) = animation.kind {
                animation.kind = .basic(from: from, to: to, by: by)
            }
            layer.scheduledChanges.remove(at: i)
        }
        let setAtStart = begin == 0 && !layer.scheduledChanges.contains { $0.keyPath == keyPath }
        if setAtStart || timing.repeatCount > 0 || timing.autoreverses || timing.spring != nil {
            hold(new, at: address, keyPath: keyPath, on: layer, from: begin)
        } else {
            animation.timing.fillMode = .forwards
            animation.removedOnCompletion = false
        }
        layer.scheduledChanges.append(animation)
        return animation.activeEnd
    }

    /// The model value a change leaves, from `time`: set on the layer when it is the start and
    /// nothing else changes the key, else a change that starts then and holds.
    func hold(_ value: PropertyValue, at address: PropertyAddress, keyPath: String, on layer: Object, from time: Double) {
        if time == 0, !layer.scheduledChanges.contains(where: { $0.keyPath == keyPath }) {
            address.apply(value, to: &layer.state)
            return
        }
        layer.scheduledChanges.append(.holding(value, keyPath: keyPath, target: address, from: time))
    }

    /// Runs a UIView animation block: the changes `animations` makes to views' layers become
    /// animations with the block's timing when it ends, and `completion` runs when they end
    /// (with `finished` true), as a turn of its own.
    /// Returns when its animations end.
    @discardableResult
    func runViewAnimation(
        _ block: ViewAnimationBlock, animations: Callable?, completion: Callable?, inheritsOuter: Bool = true, at: SourcePosition
    ) throws -> Double {
        var block = block
        // A block inside another takes the outer one's duration and curve (UIKit's nesting).
        if inheritsOuter, let outer = viewAnimations.last, !outer.withoutAnimation {
            block.timing.duration = outer.timing.duration
            block.timing.timingFunction = outer.timing.timingFunction
            block.timing.spring = outer.timing.spring
        }
        viewAnimations.append(block)
        do {
            if let animations { _ = try call(animations, [], at: at) }
        } catch {
            viewAnimations.removeLast()
            throw error
        }
        let ended = try endViewAnimation(at: at)
        if let completion { try runCompletion(completion, after: ended, what: "the animation's completion block", at: at) }
        return ended
    }

    /// Ends the innermost UIView animation block: its changes become animations. Returns when
    /// they end (now when it animated nothing).
    func endViewAnimation(at: SourcePosition) throws -> Double {
        guard let block = viewAnimations.popLast() else { return now }
        var end = now + block.timing.delay
        var keys: [(Object, String)] = []
        for change in block.changes where !keys.contains(where: { $0.0 === change.layer && $0.1 == change.keyPath }) {
            keys.append((change.layer, change.keyPath))
        }
        for (layer, keyPath) in keys {
            let changes = block.changes.filter { $0.layer === layer && $0.keyPath == keyPath }
            guard let first = changes.first, let last = changes.last else { continue }
            // The value the block found stays the layer's until it runs; then the animation.
            layer.laterValues.removeAll { $0.time == now && $0.address == first.address }
            let animation: Animation
            if let mode = block.keyframes {
                animation = Animation(
                    kind: .keyframe(Self.keyframes(changes, mode: mode)), keyPath: keyPath, target: first.address)
            } else {
                guard first.old != last.new else { continue }
                animation = Animation(kind: .basic(from: first.old, to: last.new, by: nil), keyPath: keyPath, target: first.address)
            }
            end = max(end, schedule(animation, on: layer, holding: last.new, at: first.address, timing: block.timing))
            layer.setLaterValue(last.new, at: first.address, time: now)
        }
        if !keys.isEmpty {
            note(
                "\(block.what): \(keys.count == 1 ? "one property animates" : "\(keys.count) properties animate") over \(PresetNumber.text(block.timing.duration)) s"
                    + (block.timing.delay > 0 ? " after \(PresetNumber.text(block.timing.delay)) s" : "")
                    + (block.timing.spring != nil ? " with UIKit's spring" : ""),
                at: at)
        }
        if let selector = block.didStopSelector {
            if end.isFinite {
                _ = try runSelectorLater(selector, after: end - now, on: block.delegate, saying: false, at: at)
            } else {
                note("the animation's did-stop selector never runs: the animation repeats for ever", at: at)
            }
        }
        return end
    }

    /// A completion block that runs when the animations end at `end`, as a turn of its own.
    func runCompletion(
        _ completion: Callable, after end: Double, what: String, arguments: [Value] = [.bool(true)], at: SourcePosition
    ) throws {
        guard runs(what, at: end, at: at) else { return }
        _ = try runLater(completion, after: max(0, end - now), what: what, saying: false, arguments: arguments, at: at)
    }

    /// One keyframe animation from the keyframes a block added for a key: the value before each
    /// keyframe held until it starts, then reached at its end (relative times of the whole).
    static func keyframes(_ changes: [ViewAnimationBlock.Change], mode: CalculationMode) -> Animation.Keyframes {
        var times = [0.0]
        var values = [changes[0].old]
        var previous: (start: Double, length: Double)?
        for change in changes.sorted(by: { $0.start < $1.start }) {
            // Changes made in one keyframe: its last value is the one it reaches.
            if let p = previous, p.start == change.start, p.length == change.length, values.count > 1 {
                values[values.count - 1] = change.new
                continue
            }
            previous = (change.start, change.length)
            let start = min(max(change.start, times[times.count - 1]), 1)
            let end = min(max(change.start + change.length, start), 1)
            if start > times[times.count - 1] {
                times.append(start)
                values.append(values[values.count - 1])
            }
            times.append(end)
            values.append(change.new)
        }
        if times[times.count - 1] < 1 {
            times.append(1)
            values.append(values[values.count - 1])
        }
        var keyframes = Animation.Keyframes()
        keyframes.values = values
        keyframes.keyTimes = times
        keyframes.calculationMode = mode
        return keyframes
    }
}
