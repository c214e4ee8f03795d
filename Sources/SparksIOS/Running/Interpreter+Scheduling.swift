import Foundation
import SparksCore

/// Timing written with the run loop: what a delayed closure, a timer, a transaction's completion
/// block or an animation delegate changes happens at its moment of the effect, as animations that
/// start then and hold (docs/importing.md).
extension Interpreter {
    /// The longest a repeating timer is followed, and its most firings.
    static let repeatingTimerHorizon = 30.0
    static let maxTimerFirings = 120
    static let maxDisplayLinkFirings = 1800

    /// Runs a closure's changes as if `delay` seconds after now: what it sets becomes animations.
    /// `arguments` go first to its parameters (a completion block's `finished`), nil to the rest.
    func runLater(
        _ f: Callable, after delay: Double, what: String, saying: Bool = true, arguments: [Value] = [], at: SourcePosition
    ) throws -> Value {
        guard delay.isFinite, delay >= 0 else { throw Skip(reason: "\(what) with a delay that is not a time", at: at) }
        // Code that keeps scheduling itself is followed as a repeating timer is.
        guard (deferredTime ?? 0) + delay <= Self.repeatingTimerHorizon else {
            note(
                "\(what) at \(PresetNumber.text((deferredTime ?? 0) + delay)) s is past the \(PresetNumber.text(Self.repeatingTimerHorizon)) s followed; not run",
                at: at)
            return .void
        }
        if saying { note("what \(what) changes after \(PresetNumber.text(delay)) s becomes animations that start then and hold", at: at) }
        let given = Array(arguments.prefix(f.parameters.count))
        try inTurn(at: (deferredTime ?? 0) + delay, at: at) {
            _ = try call(f, given + Array(repeating: .null, count: f.parameters.count - given.count), at: at)
        }
        return .void
    }

    /// Runs `body` as a run-loop turn of its own at `time` (effect seconds; nil: the start, after
    /// the view appeared): a layer made before it animates a change implicitly, and the turn's
    /// transactions left open commit when it ends, as Core Animation's implicit transaction does.
    func inTurn(at time: Double?, at position: SourcePosition, _ body: () throws -> Void) throws {
        // What draws itself has drawn its first picture before code some time later changes it.
        if (time ?? 0) > 0, !firstDrawingsTaken {
            firstDrawingsTaken = true
            try recordFirstDrawings(at: position)
        }
        let savedTurn = turn, savedTime = deferredTime, depth = transactions.count
        turns += 1
        turn = turns
        deferredTime = time
        defer {
            turn = savedTurn
            deferredTime = savedTime
        }
        let wasRunning = turnRunning
        turnRunning = true
        defer { turnRunning = wasRunning }
        try body()
        try layoutPass(at: position)
        while transactions.count > depth, let transaction = transactions.popLast() { try complete(transaction, at: position) }
        if !wasRunning { try runPendingStops(at: position) }
    }

    // MARK: Display links

    /// `CADisplayLink(target:selector:)`: a link that calls its selector every frame once added
    /// to a run loop (60 a second, or its `preferredFramesPerSecond`).
    func makeDisplayLink(target: Object?, selector: String) -> Value {
        timerCount += 1
        displayLinks[timerCount] = DisplayLink(target: target, selector: selector)
        return .constant("CADisplayLink#\(timerCount)")
    }

    /// `add(to:forMode:)`: the link fires every frame until it is invalidated or paused (by its
    /// own callback, usually), followed for `repeatingTimerHorizon` seconds at most.
    func startDisplayLink(_ id: Int, at: SourcePosition) throws {
        guard let link = displayLinks[id], !link.started else { return }
        displayLinks[id]?.started = true
        let interval = 1 / link.framesPerSecond
        var firings = 0
        while !invalidatedTimers.contains(id), firings < Self.maxDisplayLinkFirings,
            Double(firings + 1) * interval <= Self.repeatingTimerHorizon
        {
            firings += 1
            _ = try runSelectorLater(
                link.selector, after: Double(firings) * interval, on: link.target, saying: false,
                arguments: [.constant("CADisplayLink#\(id)")], at: at)
        }
        let end = PresetNumber.text(Double(firings) * interval)
        note(
            invalidatedTimers.contains(id)
                ? "a display link fires \(firings) times, \(PresetNumber.text(link.framesPerSecond)) a second, to \(end) s, then stops: each frame's changes and drawing start then"
                : "a display link fires \(PresetNumber.text(link.framesPerSecond)) times a second: its first \(firings) frames, to \(end) s, are imported; the effect keeps their last state after that",
            at: at)
    }

    /// The id of a display link or timer value (`CADisplayLink#3`).
    static func linkID(_ value: Value) -> Int? {
        guard case .constant(let text) = value, let hash = text.firstIndex(of: "#") else { return nil }
        return Int(text[text.index(after: hash)...])
    }

    // MARK: Timers

    /// `Timer.scheduledTimer(withTimeInterval:repeats:block:)`, `(timeInterval:target:selector:userInfo:repeats:)`
    /// and `+[NSTimer scheduledTimerWithTimeInterval:target:selector:userInfo:repeats:]`: a timer
    /// that fires once runs its action then; a repeating one fires every interval until it
    /// invalidates itself, followed for `repeatingTimerHorizon` seconds at most.
    func scheduleTimer(labels: [String?], _ a: [Value], at: SourcePosition) throws -> Value {
        let interval = try number(a.first ?? .null, at: at, what: "an interval")
        guard interval.isFinite, interval >= 0 else { throw Skip(reason: "a timer whose interval is not a time", at: at) }
        let repeats = try labels.firstIndex(of: "repeats").map { try truth(a[safe: $0], at: at) } ?? false
        timerCount += 1
        let timer = Value.constant("Timer#\(timerCount)")
        let target = labels.firstIndex(of: "target").flatMap { i -> Object? in
            if case .object(let o) = a[safe: i] { return o }
            return nil
        }
        let selector = a.lazy.compactMap { v -> String? in
            if case .selector(let s) = v { return s }
            return nil
        }.first
        let block = a.lazy.compactMap { v -> Callable? in
            if case .function(let f) = v { return f }
            return nil
        }.last
        guard block != nil || selector != nil else { throw Skip(reason: "a timer whose action is not understood", at: at) }
        func fire(after delay: Double, saying: Bool) throws {
            if let block {
                _ = try runLater(block, after: delay, what: "the timer", saying: false, arguments: [timer], at: at)
            } else if let selector {
                _ = try runSelectorLater(selector, after: delay, on: target, saying: saying, at: at)
            }
        }
        guard repeats, interval > 0 else {
            note("what the timer changes after \(PresetNumber.text(interval)) s becomes animations that start then and hold", at: at)
            try fire(after: interval, saying: false)
            return timer
        }
        let id = timerCount
        var firings = 0
        while !invalidatedTimers.contains(id), firings < Self.maxTimerFirings,
            Double(firings + 1) * interval <= Self.repeatingTimerHorizon
        {
            firings += 1
            try fire(after: Double(firings) * interval, saying: false)
        }
        let end = PresetNumber.text(Double(firings) * interval)
        note(
            invalidatedTimers.contains(id)
                ? "a repeating timer every \(PresetNumber.text(interval)) s fires \(firings) times, to \(end) s, then invalidates itself: each firing's changes start then and hold"
                : "a repeating timer every \(PresetNumber.text(interval)) s: its first \(firings) firings, to \(end) s, are imported (changes start then and hold); the effect keeps their last state after that",
            at: at)
        return timer
    }

    // MARK: Transactions and animation delegates

    /// A transaction committed: its completion block runs when the animations it added end.
    func complete(_ transaction: PendingTransaction, at: SourcePosition) throws {
        guard let completion = transaction.completion else { return }
        let now = deferredTime ?? 0
        guard transaction.end.isFinite else {
            note("the transaction's completion block never runs: an animation it added repeats for ever", at: at)
            return
        }
        let delay = max(0, transaction.end - now)
        _ = try runLater(completion, after: delay, what: "the transaction's completion block", at: at)
    }

    /// Transactions still open when the code that began them returns commit at the end of the run
    /// loop's turn, as Core Animation's implicit transaction does.
    func commitOpenTransactions(at: SourcePosition) throws {
        while let transaction = transactions.popLast() { try complete(transaction, at: at) }
    }

    /// Whether code that runs when animations end at `end` is followed: not when they repeat
    /// for ever, or end past the time followed (each said in a note).
    func runs(_ what: String, at end: Double, at: SourcePosition) -> Bool {
        guard end.isFinite else {
            note("\(what) never runs: the animation repeats for ever", at: at)
            return false
        }
        guard end <= Self.repeatingTimerHorizon else {
            note(
                "\(what) at \(PresetNumber.text(end)) s is past the \(PresetNumber.text(Self.repeatingTimerHorizon)) s followed; not run",
                at: at)
            return false
        }
        return true
    }

    /// An animation was added at effect time `begin` (its beginTime in the effect): the open
    /// transaction's completion waits for its end, and its delegate's `animationDidStop(_:finished:)`
    /// (or `animationDidStop:finished:`) runs then, once the turn that added it is over (so that
    /// animations ending together stop in the order added, and one replaced under its key by
    /// then stops unfinished, as Core Animation tells a replaced animation's delegate).
    func animationAdded(
        _ animation: Object, to target: Object? = nil, key: String? = nil, _ converted: Animation, at: SourcePosition
    )
        throws
    {
        let end = converted.activeEnd
        transactionAdded(end: end)
        guard case .object(let delegate)? = animation.setting("delegate"), let type = delegate.declaredType,
            let (owner, method) = self.method("animationDidStop", labels: [nil, "finished"], isStatic: false, in: type)
                ?? type.methods.first(where: { $0.name == "animationDidStop" }).map({ (type, $0) })
        else { return }
        guard runs("\(owner.name).animationDidStop", at: end, at: at) else { return }
        let f = Callable(
            name: "\(owner.name).\(method.signature)", parameters: method.parameters, body: method.body, captured: globals,
            selfObject: delegate)
        note("\(owner.name).animationDidStop runs when the animation ends, \(PresetNumber.text(end)) s into the effect", at: at)
        pendingStops.append(
            PendingStop(end: end, order: pendingStops.count + stopsRun, animation: animation, target: target, key: key, call: f))
    }

    /// Runs the delegates' `animationDidStop` calls waiting, earliest first, each in its turn;
    /// those their turns add run in this loop too, not nested inside them.
    func runPendingStops(at position: SourcePosition) throws {
        guard !runningStops else { return }
        runningStops = true
        defer { runningStops = false }
        while let next = pendingStops.indices.min(by: {
            (pendingStops[$0].end, pendingStops[$0].order) < (pendingStops[$1].end, pendingStops[$1].order)
        }) {
            let stop = pendingStops.remove(at: next)
            stopsRun += 1
            // Replaced under its key (or taken off) before its end: it stops unfinished.
            let finished = stop.key.map { stop.target?.addedAnimations[$0] === stop.animation } ?? true
            try inTurn(at: stop.end, at: position) { _ = try call(stop.call, [.object(stop.animation), .bool(finished)], at: position) }
        }
    }
}

/// A delegate's `animationDidStop` waiting for its animation's end.
struct PendingStop {
    var end: Double
    var order: Int
    var animation: Object
    weak var target: Object?
    var key: String?
    var call: Callable
}

/// A display link: what it calls, how often, and whether it was started.
struct DisplayLink {
    var target: Object?
    var selector: String
    var framesPerSecond = 60.0
    var started = false
}

/// A `CATransaction` begun and not yet committed (or the implicit one of a run-loop turn, made
/// when the code sets a transaction's value without `begin()`): what it sets for the implicit
/// animations made inside it, its completion block, and when the animations added inside it end
/// (effect seconds).
struct PendingTransaction {
    var completion: Callable?
    var end = 0.0
    var duration: Double?
    var timingFunction: TimingFunction?
    var disablesActions: Bool?
}
