import Foundation
import SparksCore

/// UIView animations as the layer animations UIKit makes of them (core-animation.md §4.6): each
/// animatable property of a view set in the block (frame, bounds, center, transform, alpha,
/// backgroundColor, and the layer's own) animates on the view's layer from its value before the
/// block to the new one, with the block's duration, delay, curve (ease-in-ease-out unless the
/// options say), repeat and autoreverse, or UIKit's spring; keyframe blocks make one keyframe
/// animation per property; the completion block runs when the animations end.
extension BindingTable {
    static let viewAnimation: [Binding] =
        blockAnimations + keyframeAnimations + olderAnimations + animationConstants + propertyAnimators + timingParameters
        + viewTransitions

    private static let blockAnimations: [Binding] = [
        Binding(
            .type("UIView"),
            swift: [
                "animate(withDuration:animations:)", "animate(withDuration:animations:completion:)",
                "animate(withDuration:delay:options:animations:completion:)",
                "animate(withDuration:delay:usingSpringWithDamping:initialSpringVelocity:options:animations:completion:)",
            ],
            objc: [
                "animateWithDuration:animations:", "animateWithDuration:animations:completion:",
                "animateWithDuration:delay:options:animations:completion:",
                "animateWithDuration:delay:usingSpringWithDamping:initialSpringVelocity:options:animations:completion:",
            ],
            meaning: "the block's changes to views animate on their layers (a spring when damping is given)"
        ) { c in
            let (animations, completion) = closures(c)
            var timing = try blockTiming(c, options: c.labelled("options"))
            if let damping = c.labelled("usingSpringWithDamping") {
                let ratio = try c.interpreter.number(damping, at: c.at)
                let velocity = try c.labelled("initialSpringVelocity").map { try c.interpreter.number($0, at: c.at) } ?? 0
                timing.spring = uiKitSpring(duration: timing.duration, dampingRatio: ratio, initialVelocity: velocity)
                timing.timingFunction = nil
            }
            let block = ViewAnimationBlock(timing: timing, what: "UIView.animate")
            try c.interpreter.runViewAnimation(block, animations: animations, completion: completion, at: c.at)
            return .void
        },
        Binding(
            .type("UIView"), swift: ["performWithoutAnimation(_:)"], objc: ["performWithoutAnimation:"],
            meaning: "the block's changes are set at once"
        ) { c in
            var block = ViewAnimationBlock(timing: ActionTiming(duration: 0), what: "performWithoutAnimation")
            block.withoutAnimation = true
            c.interpreter.viewAnimations.append(block)
            defer { c.interpreter.viewAnimations.removeLast() }
            if let f = c.closure { _ = try c.interpreter.call(f, [], at: c.at) }
            return .void
        },
    ]

    private static let keyframeAnimations: [Binding] = [
        Binding(
            .type("UIView"), swift: ["animateKeyframes(withDuration:delay:options:animations:completion:)"],
            objc: ["animateKeyframesWithDuration:delay:options:animations:completion:"],
            meaning: "one keyframe animation per property from the keyframes the block adds"
        ) { c in
            let (animations, completion) = closures(c)
            let options = c.labelled("options")
            var block = ViewAnimationBlock(timing: try blockTiming(c, options: options), what: "UIView.animateKeyframes")
            block.keyframes = calculationMode(options)
            try c.interpreter.runViewAnimation(block, animations: animations, completion: completion, at: c.at)
            return .void
        },
        Binding(
            .type("UIView"), swift: ["addKeyframe(withRelativeStartTime:relativeDuration:animations:)"],
            objc: ["addKeyframeWithRelativeStartTime:relativeDuration:animations:"],
            meaning: "a keyframe of the enclosing animateKeyframes block (start and duration as fractions of it)"
        ) { c in
            let i = c.interpreter
            guard let index = i.viewAnimations.indices.last, i.viewAnimations[index].keyframes != nil else {
                throw c.skip("addKeyframe outside an animateKeyframes block does nothing on iOS")
            }
            let start = try i.number(c.labelled("withRelativeStartTime") ?? c[0], at: c.at)
            let length = try i.number(c.labelled("relativeDuration") ?? c[1], at: c.at)
            guard start.isFinite, length.isFinite else { throw c.skip("a keyframe whose relative start or duration is not a number") }
            let saved = i.viewAnimations[index].segment
            i.viewAnimations[index].segment = (min(max(start, 0), 1), min(max(length, 0), 1))
            defer { if i.viewAnimations.indices.contains(index) { i.viewAnimations[index].segment = saved } }
            if let f = c.closure { _ = try i.call(f, [], at: c.at) }
            return .void
        },
    ]

    /// `beginAnimations`…`commitAnimations`: the changes between them animate when committed,
    /// with what the `setAnimation…` calls between them set (0.2 s, ease-in-ease-out by default).
    private static let olderAnimations: [Binding] = [
        Binding(.type("UIView"), swift: ["beginAnimations(_:context:)"], objc: ["beginAnimations:context:"]) { c in
            c.interpreter.viewAnimations.append(
                ViewAnimationBlock(
                    timing: ActionTiming(duration: 0.2, timingFunction: .easeInEaseOut), what: "UIView.beginAnimations"))
            return .void
        },
        Binding(.type("UIView"), swift: ["commitAnimations()"], objc: ["commitAnimations"]) { c in
            guard c.interpreter.viewAnimations.last?.what == "UIView.beginAnimations" else {
                throw c.skip("commitAnimations without beginAnimations")
            }
            _ = try c.interpreter.endViewAnimation(at: c.at)
            return .void
        },
        olderSetting(["setAnimationDuration(_:)"], objc: ["setAnimationDuration:"]) { c, block in
            block.timing.duration = try time(c, c[0], what: "a duration")
        },
        olderSetting(["setAnimationDelay(_:)"], objc: ["setAnimationDelay:"]) { c, block in
            block.timing.delay = try time(c, c[0], what: "a delay")
        },
        olderSetting(["setAnimationCurve(_:)"], objc: ["setAnimationCurve:"]) { c, block in
            block.timing.timingFunction = curve(c[0]) ?? .easeInEaseOut
        },
        olderSetting(["setAnimationRepeatCount(_:)"], objc: ["setAnimationRepeatCount:"]) { c, block in
            let count = try c.number(0)
            block.timing.repeatCount = count.isNaN ? 0 : max(0, count)
        },
        olderSetting(["setAnimationRepeatAutoreverses(_:)"], objc: ["setAnimationRepeatAutoreverses:"]) { c, block in
            block.timing.autoreverses = try c.truth(0)
        },
        olderSetting(["setAnimationDelegate(_:)"], objc: ["setAnimationDelegate:"]) { c, block in
            if case .object(let delegate)? = c.first { block.delegate = delegate }
        },
        olderSetting(["setAnimationDidStop(_:)"], objc: ["setAnimationDidStopSelector:"]) { c, block in
            if case .selector(let selector)? = c.first { block.didStopSelector = selector }
        },
        olderSetting(
            ["setAnimationBeginsFromCurrentState(_:)", "setAnimationWillStart(_:)", "setAnimationTransition(_:for:cache:)"],
            objc: ["setAnimationBeginsFromCurrentState:", "setAnimationWillStartSelector:", "setAnimationTransition:forView:cache:"]
        ) { c, _ in c.note("\(c.name) changes nothing an import draws") },
    ]

    /// A `setAnimation…` class method of UIView's older API, which changes the open
    /// `beginAnimations` block (and does nothing outside one, as on iOS).
    private static func olderSetting(
        _ swift: [String], objc: [String], _ change: @escaping @Sendable (Call, inout ViewAnimationBlock) throws -> Void
    ) -> Binding {
        Binding(.type("UIView"), swift: swift, objc: objc) { c in
            let i = c.interpreter
            guard let index = i.viewAnimations.indices.last else { return .void }
            try change(c, &i.viewAnimations[index])
            return .void
        }
    }

    /// UIKit's option and curve constants as Objective-C names them (their values as UIKit's
    /// headers give them), so that `UIViewAnimationOptionRepeat | UIViewAnimationOptionAutoreverse`
    /// is the options it is.
    private static let animationConstants: [Binding] =
        optionBits.map { name, value in
            Binding(.global, form: .read, objc: ["UIViewAnimationOption" + name.prefix(1).uppercased() + name.dropFirst()]) { _ in
                .number(value)
            }
        }
        + calculationModes.enumerated().map { index, mode in
            Binding(
                .global, form: .read,
                objc: ["UIViewKeyframeAnimationOptionCalculationMode" + mode.rawValue.prefix(1).uppercased() + mode.rawValue.dropFirst()]
            ) { _ in .number(Double(index << 10)) }
        }
        + curveNames.enumerated().map { index, name in
            Binding(.global, form: .read, objc: ["UIViewAnimationCurve" + name.prefix(1).uppercased() + name.dropFirst()]) { _ in
                .number(Double(index))
            }
        }

    // MARK: Transitions

    /// UIView's transitions: `transition(with:…)` carries the changes its block makes to the view
    /// (a cross-dissolve, a flip; a page curl is drawn as a cross-dissolve), `transition(from:to:…)`
    /// puts one view in the other's place.
    private static let viewTransitions: [Binding] = [
        Binding(
            .type("UIView"), swift: ["transition(with:duration:options:animations:completion:)"],
            objc: ["transitionWithView:duration:options:animations:completion:"],
            meaning: "the block's changes to the view carried by a cross-dissolve or flip"
        ) { c in
            let i = c.interpreter
            if c.labels.first == "from" { return nil }  // transition(from:to:…)
            guard case .object(let view) = c.labelled("with") ?? c[0], let layer = view.viewLayer else {
                throw c.skip("a transition of something that is not a view")
            }
            let duration = try time(c, c.labelled("duration") ?? c[1], what: "a duration")
            let options = c.labelled("options")
            var end = i.now
            if let (style, what) = transitionStyle(options) {
                c.note("UIView.transition (\(what)) over \(PresetNumber.text(duration)) s carries the block's changes to the view")
                end = i.beginTransition(
                    on: layer, style: style, duration: duration, timingFunction: curve(ofOptions: options), key: nil, at: c.at)
            }
            let (animations, completion) = closures(c)
            if let animations { _ = try i.call(animations, [], at: c.at) }
            if let completion { try i.runCompletion(completion, after: end, what: "the transition's completion block", at: c.at) }
            return .void
        },
        Binding(
            .type("UIView"), swift: ["transition(from:to:duration:options:completion:)"],
            objc: ["transitionFromView:toView:duration:options:completion:"],
            meaning: "the second view takes the first one's place, cross-dissolving or flipping"
        ) { c in
            let i = c.interpreter
            guard case .object(let fromView) = c.labelled("from") ?? c[0], let from = fromView.viewLayer,
                case .object(let toView) = c.labelled("to") ?? c[1], let to = toView.viewLayer
            else { throw c.skip("a transition between things that are not views") }
            let duration = try time(c, c.labelled("duration") ?? c[2], what: "a duration")
            let options = c.labelled("options")
            let (style, what) = transitionStyle(options) ?? (.fade, "at once")
            c.note("UIView.transition(from:to:) (\(what)) over \(PresetNumber.text(duration)) s")
            let end = i.replaceView(
                from, with: to, duration: transitionStyle(options) == nil ? 0 : duration, style: style,
                timingFunction: curve(ofOptions: options),
                keepsOld: optionNames(options).contains("showHideTransitionViews"), at: c.at)
            if let completion = closures(c).animations ?? closures(c).completion {
                try i.runCompletion(completion, after: end, what: "the transition's completion block", at: c.at)
            }
            return .void
        },
    ]

    /// The transition an options value names, and how it is drawn; nil for none.
    static func transitionStyle(_ options: Value?) -> (LayerTransition.Style, String)? {
        let names = optionNames(options)
        if names.contains("transitionFlipFromLeft") || names.contains("transitionFlipFromRight") {
            return (.flip(vertical: false), "a flip, turning edge-on and back without perspective")
        }
        if names.contains("transitionFlipFromTop") || names.contains("transitionFlipFromBottom") {
            return (.flip(vertical: true), "a flip, turning edge-on and back without perspective")
        }
        if names.contains("transitionCrossDissolve") { return (.fade, "a cross-dissolve") }
        if names.contains("transitionCurlUp") || names.contains("transitionCurlDown") {
            return (.fade, "a page curl, drawn as a cross-dissolve")
        }
        return nil
    }

    // MARK: Property animators

    /// UIViewPropertyAnimator: its blocks run as a UIView animation block when it starts (each
    /// added block after its delay factor of the duration), its completions when they end.
    /// Scrubbing (`fractionComplete`, pausing, reversing) is interaction, which an import does
    /// not run.
    private static let propertyAnimators: [Binding] = [
        Binding(
            .global,
            swift: [
                "UIViewPropertyAnimator(duration:curve:animations:)", "UIViewPropertyAnimator(duration:dampingRatio:animations:)",
                "UIViewPropertyAnimator(duration:controlPoint1:controlPoint2:animations:)",
                "UIViewPropertyAnimator(duration:timingParameters:)", "UIViewPropertyAnimator()",
            ], meaning: "an animator whose blocks animate when it starts"
        ) { c in
            let i = c.interpreter
            let object = i.newObject(kind: .propertyAnimator, className: "UIViewPropertyAnimator", madeAt: c.at, file: i.file)
            let duration = try c.isEmpty ? 0 : time(c, c.labelled("duration") ?? c[0], what: "a duration")
            var timing = ActionTiming(duration: duration, timingFunction: .easeInEaseOut)
            if let curveValue = c.labelled("curve") { timing.timingFunction = curve(curveValue) ?? .easeInEaseOut }
            if let ratio = c.labelled("dampingRatio") {
                timing.spring = uiKitSpring(duration: timing.duration, dampingRatio: try i.number(ratio, at: c.at), initialVelocity: 0)
                timing.timingFunction = nil
            }
            if let p1 = c.labelled("controlPoint1"), let p2 = c.labelled("controlPoint2") {
                let a = try i.point(p1, at: c.at), b = try i.point(p2, at: c.at)
                timing.timingFunction = TimingFunction(a.x, a.y, b.x, b.y)
            }
            if let parameters = c.labelled("timingParameters") { try apply(parameters, to: &timing, c) }
            object.animator.timing = timing
            if let block = closures(c).animations { object.animator.animations.append((block, 0)) }
            return .object(object)
        },
        Binding(
            .type("UIViewPropertyAnimator"),
            swift: ["runningPropertyAnimator(withDuration:delay:options:animations:completion:)"],
            meaning: "an animator started at once"
        ) { c in
            let i = c.interpreter
            let object = i.newObject(kind: .propertyAnimator, className: "UIViewPropertyAnimator", madeAt: c.at, file: i.file)
            object.animator.timing = try blockTiming(c, options: c.labelled("options"))
            let (animations, completion) = closures(c)
            if let animations { object.animator.animations.append((animations, 0)) }
            if let completion { object.animator.completions.append(completion) }
            try start(object, after: 0, c)
            return .object(object)
        },
        Binding(.object(.propertyAnimator), swift: ["addAnimations(_:)", "addAnimations(_:delayFactor:)"]) { c in
            guard let object = c.object, let block = c.closure else { return .void }
            let factor = try c.labelled("delayFactor").map { try c.interpreter.number($0, at: c.at) } ?? 0
            object.animator.animations.append((block, factor.isFinite ? min(max(factor, 0), 1) : 0))
            return .void
        },
        Binding(.object(.propertyAnimator), swift: ["addCompletion(_:)"]) { c in
            if let object = c.object, let block = c.closure { object.animator.completions.append(block) }
            return .void
        },
        Binding(.object(.propertyAnimator), swift: ["startAnimation()", "startAnimation(afterDelay:)"]) { c in
            guard let object = c.object else { return .void }
            let delay = try c.first.map { try time(c, $0, what: "a delay") } ?? 0
            try start(object, after: delay, c)
            return .void
        },
        Binding(
            .object(.propertyAnimator),
            swift: [
                "pauseAnimation()", "stopAnimation(_:)", "finishAnimation(at:)", "continueAnimation(withTimingParameters:durationFactor:)",
            ], meaning: "interaction, not imported (the animator plays through)"
        ) { c in
            c.note("\(c.name) controls a running animator interactively; not imported (it plays through)")
            return .void
        },
        Binding(
            .object(.propertyAnimator), form: .write,
            swift: [
                "fractionComplete", "isReversed", "isInterruptible", "scrubsLinearly", "pausesOnCompletion", "isUserInteractionEnabled",
            ],
            meaning: "interaction, not imported"
        ) { c in
            c.note("a property animator's \(c.name) is interaction; not imported (the animator plays through)")
            return .void
        },
        Binding(.object(.propertyAnimator), form: .read, swift: ["duration"]) { c in
            .number(c.object?.animator.timing.duration ?? 0)
        },
        Binding(.object(.propertyAnimator), form: .read, swift: ["isRunning"]) { c in .bool(c.object?.animator.started ?? false) },
        Binding(.object(.propertyAnimator), form: .read, swift: ["fractionComplete"]) { _ in .number(0) },
    ]

    /// Starts an animator: each block as a UIView animation block (delayed by its delay factor of
    /// the duration, and lasting the rest), then its completions when they end.
    private static func start(_ object: Object, after delay: Double, _ c: Call) throws {
        let i = c.interpreter
        guard !object.animator.started else { return }
        object.animator.started = true
        var end = i.now + delay
        let timing = object.animator.timing
        for (block, factor) in object.animator.animations {
            var blockTiming = timing
            blockTiming.delay = timing.delay + delay + timing.duration * factor
            blockTiming.duration = timing.duration * (1 - factor)
            let view = ViewAnimationBlock(timing: blockTiming, what: "UIViewPropertyAnimator")
            end = max(end, try i.runViewAnimation(view, animations: block, completion: nil, inheritsOuter: false, at: c.at))
        }
        for completion in object.animator.completions {
            try i.runCompletion(completion, after: end, what: "the animator's completion block", arguments: [.constant(".end")], at: c.at)
        }
    }

    /// UICubicTimingParameters and UISpringTimingParameters, for `UIViewPropertyAnimator(duration:timingParameters:)`.
    private static let timingParameters: [Binding] = [
        Binding(
            .global,
            swift: [
                "UICubicTimingParameters(animationCurve:)", "UICubicTimingParameters(controlPoint1:controlPoint2:)",
                "UICubicTimingParameters()",
            ]
        ) { c in
            if let curveValue = c.labelled("animationCurve") { return .timingFunction(curve(curveValue) ?? .easeInEaseOut) }
            if let p1 = c.labelled("controlPoint1"), let p2 = c.labelled("controlPoint2") {
                let a = try c.interpreter.point(p1, at: c.at), b = try c.interpreter.point(p2, at: c.at)
                return .timingFunction(TimingFunction(a.x, a.y, b.x, b.y))
            }
            return .timingFunction(.easeInEaseOut)
        },
        Binding(
            .global,
            swift: [
                "UISpringTimingParameters(dampingRatio:)", "UISpringTimingParameters(dampingRatio:initialVelocity:)",
                "UISpringTimingParameters()", "UISpringTimingParameters(mass:stiffness:damping:initialVelocity:)",
            ]
        ) { c in
            let i = c.interpreter
            func velocity() throws -> Value {
                guard let v = c.labelled("initialVelocity") else { return .number(0) }
                if case .size(let s) = v { return .number(s.width) }
                if case .point(let p) = v { return .number(p.x) }
                return .number(try i.number(v, at: c.at))
            }
            if let mass = c.labelled("mass"), let stiffness = c.labelled("stiffness"), let damping = c.labelled("damping") {
                return .enumValue("UISpringTimingParameters.physics", [mass, stiffness, damping, try velocity()])
            }
            return .enumValue("UISpringTimingParameters", [c.labelled("dampingRatio") ?? .number(1), try velocity()])
        },
        Binding(.global, swift: ["CGVector(dx:dy:)"]) { c in .size(Size(width: try c.number(0), height: try c.number(1))) },
    ]

    /// Timing parameters given to an animator.
    private static func apply(_ parameters: Value, to timing: inout ActionTiming, _ c: Call) throws {
        let i = c.interpreter
        switch parameters {
        case .timingFunction(let f):
            timing.timingFunction = f
        case .enumValue("UISpringTimingParameters", let values):
            timing.spring = uiKitSpring(
                duration: timing.duration, dampingRatio: try i.number(values[safe: 0], at: c.at),
                initialVelocity: try i.number(values[safe: 1], at: c.at))
            timing.timingFunction = nil
        case .enumValue("UISpringTimingParameters.physics", let values):
            let n = try values.map { try i.number($0, at: c.at) }
            let spring = Spring(mass: n[0], stiffness: n[1], damping: n[2], initialVelocity: n[3])
            timing.spring = spring
            timing.timingFunction = nil
            // UIKit ignores the animator's duration for a spring given by its physics: it settles.
            timing.duration = spring.settlingDuration
            c.note(
                "a spring given by its physics plays until it settles (\(PresetNumber.text(spring.settlingDuration)) s); the animator's duration is not used, as in UIKit"
            )
        default:
            throw c.skip("timing parameters that are not UICubicTimingParameters or UISpringTimingParameters")
        }
    }

    // MARK: Reading a block's arguments

    /// UIViewAnimationOptions' bits (UIView.h), by the option's Swift name.
    static let optionBits: [(String, Double)] = [
        ("layoutSubviews", 1), ("allowUserInteraction", 2), ("beginFromCurrentState", 4), ("repeat", 8), ("autoreverse", 16),
        ("overrideInheritedDuration", 32), ("overrideInheritedCurve", 64), ("allowAnimatedContent", 128),
        ("showHideTransitionViews", 256), ("overrideInheritedOptions", 512), ("curveEaseInOut", 0), ("curveEaseIn", 65536),
        ("curveEaseOut", 131072), ("curveLinear", 196608), ("transitionNone", 0), ("transitionFlipFromLeft", 1_048_576),
        ("transitionFlipFromRight", 2_097_152), ("transitionCurlUp", 3_145_728), ("transitionCurlDown", 4_194_304),
        ("transitionCrossDissolve", 5_242_880), ("transitionFlipFromTop", 6_291_456), ("transitionFlipFromBottom", 7_340_032),
    ]
    static let curveNames = ["easeInOut", "easeIn", "easeOut", "linear"]
    static let calculationModes: [CalculationMode] = [.linear, .discrete, .paced, .cubic, .cubicPaced]

    /// The option names an options value holds: a number (Objective-C's bits, a Swift raw
    /// value), a Swift option set (`[.repeat, .autoreverse]`) or one option.
    static func optionNames(_ value: Value?) -> Set<String> {
        switch value {
        case .number(let n)?:
            guard n.isFinite, n >= 0, n < 1e15 else { return [] }
            let bits = Int64(n)
            var names = Set(optionBits.filter { $0.1 > 0 && $0.1 < 65536 && bits & Int64($0.1) != 0 }.map(\.0))
            names.insert(["curveEaseInOut", "curveEaseIn", "curveEaseOut", "curveLinear"][Int((bits >> 16) & 3)])
            let transitions = optionBits.filter { $0.0.hasPrefix("transition") }.map(\.0)
            let transition = Int((bits >> 20) & 7)
            if transition < transitions.count { names.insert(transitions[transition]) }
            let mode = Int((bits >> 10) & 7)
            if mode < calculationModes.count {
                names.insert(
                    "calculationMode" + calculationModes[mode].rawValue.prefix(1).uppercased() + calculationModes[mode].rawValue.dropFirst()
                )
            }
            return names
        case .array(let items)?:
            return items.reduce(into: Set<String>()) { $0.formUnion(optionNames($1)) }
        case .constant(let text)?, .string(let text)?:
            var name = String(text.split(separator: ".").last ?? "")
            for prefix in ["UIViewAnimationOption", "UIViewKeyframeAnimationOption"] where name.hasPrefix(prefix) {
                name = String(name.dropFirst(prefix.count))
            }
            guard let first = name.first else { return [] }
            return [first.lowercased() + name.dropFirst()]
        default:
            return []
        }
    }

    /// The duration, delay, curve, repeat and autoreverse a block's arguments and options give.
    static func blockTiming(_ c: Call, options: Value?) throws -> ActionTiming {
        let duration = try time(c, c.labelled("withDuration") ?? c[0], what: "a duration")
        let delay = try c.labelled("delay").map { try time(c, $0, what: "a delay") } ?? 0
        let names = optionNames(options)
        var timing = ActionTiming(duration: duration, delay: delay, timingFunction: curve(ofOptions: options))
        if names.contains("repeat") { timing.repeatCount = .infinity }
        if names.contains("autoreverse") { timing.autoreverses = true }
        return timing
    }

    /// The curve an options value names: ease-in-ease-out unless it says another.
    static func curve(ofOptions options: Value?) -> TimingFunction {
        let names = optionNames(options)
        if names.contains("curveEaseIn") { return .easeIn }
        if names.contains("curveEaseOut") { return .easeOut }
        if names.contains("curveLinear") { return .linear }
        return .easeInEaseOut
    }

    /// A keyframe block's calculation mode (linear unless its options name another).
    static func calculationMode(_ options: Value?) -> CalculationMode {
        let names = optionNames(options)
        return calculationModes.last { mode in
            names.contains("calculationMode" + mode.rawValue.prefix(1).uppercased() + mode.rawValue.dropFirst())
        } ?? .linear
    }

    /// A `UIView.AnimationCurve` (`.easeOut`, `UIViewAnimationCurveLinear`, its raw value).
    static func curve(_ value: Value) -> TimingFunction? {
        let functions: [TimingFunction] = [.easeInEaseOut, .easeIn, .easeOut, .linear]
        switch value {
        case .number(let n):
            return n.isFinite && n >= 0 && n < 4 ? functions[Int(n)] : nil
        case .constant(let text), .string(let text):
            let name = String(text.split(separator: ".").last ?? "").replacingOccurrences(of: "UIViewAnimationCurve", with: "")
            return curveNames.firstIndex { $0.lowercased() == name.lowercased() }.map { functions[$0] }
        default:
            return nil
        }
    }

    /// A duration or delay: a finite number of seconds, not negative.
    static func time(_ c: Call, _ value: Value, what: String) throws -> Double {
        let t = try c.interpreter.number(value, at: c.at)
        guard t.isFinite else { throw c.skip("\(c.name) with \(what) that is not a time") }
        return max(0, t)
    }

    /// The block's animations and completion closures: by label, else the first and second
    /// closures given (trailing closures).
    static func closures(_ c: Call) -> (animations: Callable?, completion: Callable?) {
        func function(_ v: Value?) -> Callable? {
            if case .function(let f)? = v { return f }
            return nil
        }
        let all = c.arguments.compactMap { function($0) }
        let animations = function(c.labelled("animations")) ?? all.first
        let completion = function(c.labelled("completion")) ?? all.dropFirst().first { $0 !== animations }
        return (animations, completion)
    }

    /// UIKit's spring for a block of `duration` seconds: a unit mass whose stiffness makes it
    /// settle (within 1/1200 of the distance, as ``Spring/settlingDuration`` measures) in the
    /// block's duration, at the damping ratio given. How UIKit derives the stiffness is not
    /// documented (core-animation.md §4.6, confidence L); the ratio's meaning is.
    static func uiKitSpring(duration: Double, dampingRatio: Double, initialVelocity: Double) -> Spring {
        let ratio = dampingRatio.isFinite ? min(max(dampingRatio, 0.01), 10) : 1
        let velocity = initialVelocity.isFinite ? initialVelocity : 0
        func spring(_ stiffness: Double) -> Spring {
            Spring(mass: 1, stiffness: stiffness, damping: 2 * ratio * stiffness.squareRoot(), initialVelocity: velocity)
        }
        guard duration > 0 else { return spring(100) }
        // Settling time falls as stiffness grows: bisect on its logarithm.
        var low = log(1e-3), high = log(1e9)
        for _ in 0..<80 {
            let middle = (low + high) / 2
            if spring(exp(middle)).settlingDuration > duration { low = middle } else { high = middle }
        }
        return spring(exp(high))
    }
}
