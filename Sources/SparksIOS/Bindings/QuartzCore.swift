import SparksCore

/// Core Animation: layers, cells, behaviours and animations made and combined, transforms, timing
/// and value functions, and transactions. Properties of layers and cells are not bindings: they
/// are set and read through Sparks's one key-path system (PropertyTable), as a preset's are.
extension BindingTable {
    static let quartzCore: [Binding] = makers + transforms + timing + layerTree + animations + displayLinks + inert

    static let layerClasses = ["CAEmitterLayer", "CAReplicatorLayer", "CALayer", "CAShapeLayer", "CAGradientLayer", "CATextLayer"]
    static let animationClasses = ["CABasicAnimation", "CAKeyframeAnimation", "CAAnimationGroup", "CASpringAnimation"]

    private static let makers: [Binding] = [
        Binding(
            .global,
            swift: (layerClasses + ["CAEmitterCell", "CATransformLayer", "CATransition"]).map { $0 + "()" }
                + animationClasses.map { $0 + "(keyPath:)" },
            meaning: "a new layer, cell or animation"
        ) { c in try c.interpreter.makeObject(c.name, labels: c.labels, c.arguments, at: c.at) },
        Binding(layerClasses.map(Receiver.type), objc: ["layer"]) { c in try make(c) },
        Binding(.type("CAEmitterCell"), objc: ["emitterCell", "cell"]) { c in try make(c) },
        Binding((animationClasses + ["CATransition"]).map(Receiver.type), objc: ["animation"]) { c in try make(c) },
        Binding(animationClasses.map(Receiver.type), objc: ["animationWithKeyPath:"]) { c in
            guard case .type(let type) = c.receiver else { return nil }
            return try c.interpreter.makeObject(type, labels: ["keyPath"], c.arguments, at: c.at)
        },
        Binding(
            [.global, .type("CAEmitterBehavior")], swift: ["CAEmitterBehavior(type:)", "CAEmitterBehavior.behaviorWithType"],
            objc: ["behaviorWithType:"], meaning: "a behaviour of that type (private API on iOS, which Sparks runs)"
        ) { c in .object(try c.interpreter.makeBehavior(c.last, at: c.at)) },
        Binding(.global, objc: ["CACurrentMediaTime"], meaning: "the moment the code runs, in seconds of the effect", run: currentTime),
    ]

    private static func make(_ c: Call) throws -> Value? {
        guard case .type(let type) = c.receiver else { return nil }
        return try c.interpreter.makeObject(type, labels: [], [], at: c.at)
    }

    private static let transforms: [Binding] = [
        Binding(.global, form: .read, objc: ["CATransform3DIdentity", "identity"]) { _ in .transform(.identity) },
        Binding(Receiver.types("CATransform3D", "CATransform3DIdentity"), form: .read, swift: ["identity"]) { _ in .transform(.identity) },
        Binding(.global, objc: ["CATransform3DMakeRotation"]) { c in
            .transform(.rotation(try c.number(0), try c.number(1), try c.number(2), try c.number(3)))
        },
        Binding(.global, objc: ["CATransform3DMakeScale"]) { c in .transform(.scale(try c.number(0), try c.number(1), try c.number(2))) },
        Binding(.global, objc: ["CATransform3DMakeTranslation"]) { c in
            .transform(.translation(try c.number(0), try c.number(1), try c.number(2)))
        },
        Binding(.global, objc: ["CATransform3DRotate"]) { c in
            .transform(try c.transform(0).rotated(try c.number(1), try c.number(2), try c.number(3), try c.number(4)))
        },
        Binding(.global, objc: ["CATransform3DScale"]) { c in
            .transform(try c.transform(0).scaled(try c.number(1), try c.number(2), try c.number(3)))
        },
        Binding(.global, objc: ["CATransform3DTranslate"]) { c in
            .transform(try c.transform(0).translated(try c.number(1), try c.number(2), try c.number(3)))
        },
        Binding(.global, objc: ["CATransform3DConcat"]) { c in .transform(try c.transform(0) * (try c.transform(1))) },
        Binding(.global, swift: ["CATransform3D()", "CATransform3D(m11:m12:…:m44:)"], objc: ["CATransform3DMake"]) { c in
            if c.isEmpty { return .transform(.identity) }
            guard c.count == 16 else { throw c.skip("a transform needs 16 elements") }
            return .transform(Transform3D(rowMajor: try c.numbers()))
        },
        Binding(.global, objc: ["CATransform3DMakeAffineTransform"]) { c in c.first ?? .transform(.identity) },
        Binding(.value(.transform), form: .read, swift: Interpreter.matrixNames, meaning: "an element of the matrix") { c in
            guard case .transform(let t) = c.receiver, let i = Interpreter.matrixNames.firstIndex(of: c.name) else { return nil }
            return .number(t[keyPath: Transform3D.entries[i]])
        },
    ]

    private static let timing: [Binding] = [
        // Swift's typed string constants made from their raw value (`CATransitionType(rawValue: "cube")`).
        Binding(
            .global,
            swift: [
                "CATransitionType(rawValue:)", "CATransitionSubtype(rawValue:)", "CAMediaTimingFunctionName(rawValue:)",
                "CAMediaTimingFillMode(rawValue:)", "CAEmitterLayerEmitterShape(rawValue:)", "CAEmitterLayerEmitterMode(rawValue:)",
                "CAEmitterLayerRenderMode(rawValue:)", "CAGradientLayerType(rawValue:)", "CAShapeLayerLineCap(rawValue:)",
                "CAShapeLayerLineJoin(rawValue:)", "CAShapeLayerFillRule(rawValue:)", "CATextLayerAlignmentMode(rawValue:)",
                "CATextLayerTruncationMode(rawValue:)", "CAAnimationCalculationMode(rawValue:)", "CAAnimationRotationMode(rawValue:)",
                "CAValueFunctionName(rawValue:)", "CALayerContentsGravity(rawValue:)",
            ], meaning: "the constant its raw value names"
        ) { c in
            guard c.labels.first == "rawValue", case .string? = c.first else { return nil }
            return c.first
        },
        Binding(.global, swift: ["CAMediaTimingFunction(name:)", "CAMediaTimingFunction(controlPoints:_:_:_:)"]) { c in
            try c.interpreter.timingFunction(labels: c.labels, c.arguments, at: c.at)
        },
        Binding(.global, swift: [".init(name:)"], meaning: "a timing function by name") { c in
            c.labels == ["name"] ? try c.interpreter.timingFunction(labels: c.labels, c.arguments, at: c.at) : nil
        },
        Binding(.type("CAMediaTimingFunction"), objc: ["functionWithName:", "functionWithControlPoints::::"]) { c in
            try c.interpreter.timingFunction(labels: [c.name] + c.labels.dropFirst(), c.arguments, at: c.at)
        },
        Binding([.global, .type("CAValueFunction")], swift: ["CAValueFunction(name:)"], objc: ["functionWithName:"]) { c in
            guard let first = c.first, let f = c.interpreter.valueFunction(first) else { throw c.skip("an unknown value function") }
            return .valueFunction(f)
        },
        Binding(.type("CATransaction"), swift: ["begin()"], objc: ["begin"], meaning: "opens a transaction") { c in
            c.interpreter.transactions.append(PendingTransaction())
            return .void
        },
        Binding(
            .type("CATransaction"), swift: ["setCompletionBlock(_:)"], objc: ["setCompletionBlock:"],
            meaning: "runs the block when the last animation added in the transaction ends"
        ) { c in
            guard case .function(let f)? = c.first else { return .void }
            c.interpreter.setTransaction { $0.completion = f }
            return .void
        },
        Binding(.type("CATransaction"), swift: ["commit()", "flush()"], objc: ["commit", "flush"]) { c in
            guard let transaction = c.interpreter.transactions.popLast() else { return .void }
            try c.interpreter.complete(transaction, at: c.at)
            return .void
        },
        transactionSetter(
            "animationDuration", swift: "setAnimationDuration(_:)", objc: "setAnimationDuration:",
            meaning: "the duration of the implicit animations made in the transaction (0.25 s when not set)"),
        transactionSetter(
            "animationTimingFunction", swift: "setAnimationTimingFunction(_:)", objc: "setAnimationTimingFunction:",
            meaning: "the curve of the implicit animations made in the transaction"),
        transactionSetter(
            "disableActions", swift: "setDisableActions(_:)", objc: "setDisableActions:",
            meaning: "true: changes in the transaction do not animate implicitly"),
        Binding(
            .type("CATransaction"), swift: ["setValue(_:forKey:)"], objc: ["setValue:forKey:"],
            meaning: "kCATransactionDisableActions, kCATransactionAnimationDuration, kCATransactionAnimationTimingFunction"
        ) { c in
            switch c[1] {
            case .string(let key), .constant(let key):
                // `kCATransactionAnimationDuration` is the key "animationDuration".
                let name =
                    key.hasPrefix("kCATransaction")
                    ? key.dropFirst("kCATransaction".count).prefix(1).lowercased()
                        + key.dropFirst("kCATransaction".count + 1) : key
                try setTransactionValue(name, c[0], c)
            default: break
            }
            return .void
        },
        Binding(.type("CATransaction"), swift: ["animationDuration()"], objc: ["animationDuration"]) { c in
            .number(c.interpreter.transactionValue(\.duration) ?? Animation.defaultDuration)
        },
        Binding(.type("CATransaction"), swift: ["disableActions()"], objc: ["disableActions"]) { c in
            .bool(c.interpreter.transactionValue(\.disablesActions) ?? false)
        },
        Binding(.type("CATransaction"), swift: ["lock()", "unlock()"], meaning: "nothing (one thread)") { _ in .void },
    ]

    /// A `CATransaction` class method that sets one of the open transaction's values.
    private static func transactionSetter(_ key: String, swift: String, objc: String, meaning: String) -> Binding {
        Binding(.type("CATransaction"), swift: [swift], objc: [objc], meaning: meaning) { c in
            try setTransactionValue(key, c[0], c)
            return .void
        }
    }

    /// Sets a transaction value by its key (`animationDuration`, `animationTimingFunction`,
    /// `disableActions`); other keys change nothing an import draws.
    private static func setTransactionValue(_ key: String, _ value: Value, _ c: Call) throws {
        let i = c.interpreter
        switch key {
        case "animationDuration":
            let duration = try i.number(value, at: c.at)
            guard duration.isFinite, duration >= 0 else { throw c.skip("a transaction's duration that is not a time") }
            i.setTransaction { $0.duration = duration }
        case "animationTimingFunction":
            guard case .timingFunction(let f) = value else { throw c.skip("a transaction's timing function that is not one") }
            i.setTransaction { $0.timingFunction = f }
        case "disableActions":
            let disables = try i.truth(value, at: c.at)
            i.setTransaction { $0.disablesActions = disables }
        default:
            break
        }
    }

    private static func layerArgument(_ c: Call) throws -> (target: Object, child: Object) {
        guard let target = c.layer, case .object(let child)? = c.first, child.layerKind != nil else {
            throw c.skip("\(c.name) of something that is not a layer")
        }
        return (target, child)
    }

    private static let layerTree: [Binding] = [
        Binding(
            .object(.layer), swift: ["render(in:)"], objc: ["renderInContext:"],
            meaning: "the layer and its sublayers drawn into the open image context, in the layer's own coordinates"
        ) { c in
            guard case .object(let layer) = c.receiver, c.interpreter.drawLayer(layer) else { return nil }
            return .void
        },
        Binding(.object(.layer), .object(.view), swift: ["addSublayer(_:)"], objc: ["addSublayer:"]) { c in
            let (target, child) = try layerArgument(c)
            let shown = c.interpreter.isShown(child)
            target.insert(child, at: target.sublayers.count)
            c.interpreter.appears(child, wasShown: shown, at: c.at)
            return .void
        },
        Binding(
            .object(.layer), .object(.view), swift: ["insertSublayer(_:at:)", "insertSublayer(_:below:)", "insertSublayer(_:above:)"],
            objc: ["insertSublayer:atIndex:", "insertSublayer:below:", "insertSublayer:above:"]
        ) { c in
            let (target, child) = try layerArgument(c)
            let shown = c.interpreter.isShown(child)
            child.superlayer?.sublayers.removeAll { $0 === child }
            var index = target.sublayers.count
            if c.labels.count == 2, c.labels[1] == "at" || c.labels[1] == "atIndex" {
                index = max(0, min(index, wholeNumber(try c.number(1)) ?? index))
            }
            if c.labels.count == 2, case .object(let sibling) = c[1], let i = target.sublayers.firstIndex(where: { $0 === sibling }) {
                if c.labels[1] == "below" { index = i }
                if c.labels[1] == "above" { index = i + 1 }
            }
            target.insert(child, at: index)
            c.interpreter.appears(child, wasShown: shown, at: c.at)
            return .void
        },
        Binding(
            .object(.layer), .object(.view), swift: ["removeFromSuperlayer()"], objc: ["removeFromSuperlayer"],
            meaning: "removed (hidden from then on, when done after a delay)"
        ) { c in
            try c.interpreter.removeFromParent(c.layer, at: c.at)
            return .void
        },
    ]

    private static let animations: [Binding] = [
        Binding(
            .object(.animation), form: .read, swift: ["settlingDuration"], objc: ["settlingDuration"],
            meaning: "the seconds a spring takes to come to rest, worked out from its physics as Sparks runs it"
        ) { c in
            guard let spring = c.object, case .animation(.spring) = spring.kind else {
                throw c.skip("settlingDuration of something that is not a CASpringAnimation")
            }
            return .number(try c.interpreter.spring(of: spring, at: c.at).settlingDuration)
        },
        Binding(
            .object(.layer), .object(.view), swift: ["add(_:forKey:)"], objc: ["addAnimation:forKey:"],
            meaning: "runs the animation from now (or from the moment it is added, after a delay)"
        ) { c in
            guard let target = c.layer, case .object(let animation)? = c.first, case .animation = animation.kind else {
                throw c.skip("\(c.name) of something that is not an animation")
            }
            try c.interpreter.addAnimation(animation, to: target, key: c.string(1), at: c.at)
            return .void
        },
        Binding(.object(.layer), .object(.view), swift: ["removeAllAnimations()"], objc: ["removeAllAnimations"]) { c in
            c.layer.map { c.interpreter.removeAnimations(of: $0) { _ in true } }
            return .void
        },
        Binding(.object(.layer), .object(.view), swift: ["removeAnimation(forKey:)"], objc: ["removeAnimationForKey:"]) { c in
            if let key = c.string(0), let layer = c.layer { c.interpreter.removeAnimations(of: layer) { $0.key == key } }
            return .void
        },
        Binding(
            .object(.layer), .object(.view), swift: ["animation(forKey:)"], objc: ["animationForKey:"],
            meaning: "the animation added with that key, or nil"
        ) { c in
            guard let key = c.string(0), let layer = c.layer else { return .null }
            return layer.addedAnimations[key].map(Value.object) ?? .null
        },
        Binding(.object(.layer), .object(.view), form: .read, swift: ["animationKeys()"], objc: ["animationKeys"]) { c in
            .array((c.layer?.animations.compactMap(\.key) ?? []).map(Value.string))
        },
    ]

    /// CADisplayLink: a callback every frame (core-animation.md §4.8).
    private static let displayLinks: [Binding] = [
        Binding(
            [.global, .type("CADisplayLink")], swift: ["CADisplayLink(target:selector:)"], objc: ["displayLinkWithTarget:selector:"],
            meaning: "calls its selector every frame once added to a run loop"
        ) { c in
            guard case .selector(let selector) = c.labelled("selector") ?? c[1] else { throw c.skip("a display link without a selector") }
            var target: Object?
            if case .object(let o) = c.labelled("target") ?? c[0] { target = o }
            return c.interpreter.makeDisplayLink(target: target, selector: selector)
        },
        Binding(.instance("CADisplayLink"), swift: ["add(to:forMode:)"], objc: ["addToRunLoop:forMode:"]) { c in
            if let id = Interpreter.linkID(c.receiver) { try c.interpreter.startDisplayLink(id, at: c.at) }
            return .void
        },
        Binding(.instance("CADisplayLink"), swift: ["invalidate()", "remove(from:forMode:)"], objc: ["removeFromRunLoop:forMode:"]) { c in
            if let id = Interpreter.linkID(c.receiver) { c.interpreter.invalidatedTimers.insert(id) }
            return .void
        },
        Binding(.instance("CADisplayLink"), form: .write, swift: ["isPaused", "paused"], meaning: "true stops its firings") { c in
            if let id = Interpreter.linkID(c.receiver), try c.truth(0) { c.interpreter.invalidatedTimers.insert(id) }
            return .void
        },
        Binding(.instance("CADisplayLink"), form: .write, swift: ["preferredFramesPerSecond", "frameInterval"]) { c in
            guard let id = Interpreter.linkID(c.receiver) else { return .void }
            let n = try c.number(0)
            guard n.isFinite, n >= 1 else { return .void }
            c.interpreter.displayLinks[id]?.framesPerSecond = min(120, c.name == "frameInterval" ? 60 / n : n)
            return .void
        },
        Binding(.instance("CADisplayLink"), form: .read, swift: ["timestamp", "targetTimestamp"], meaning: "the moment of the frame") { c in
            let fps = Interpreter.linkID(c.receiver).flatMap { c.interpreter.displayLinks[$0]?.framesPerSecond } ?? 60
            return .mediaTime(c.interpreter.now + (c.name == "targetTimestamp" ? 1 / fps : 0))
        },
        Binding(.instance("CADisplayLink"), form: .read, swift: ["duration"], meaning: "one frame's seconds") { c in
            .number(1 / (Interpreter.linkID(c.receiver).flatMap { c.interpreter.displayLinks[$0]?.framesPerSecond } ?? 60))
        },
    ]

    private static let inert: [Binding] = [
        Binding(
            .object(.any),
            swift: [
                "sizeToFit()", "init()", "bringSubviewToFront(_:)", "layoutSublayers()", "layoutSubviews()",
            ], objc: ["bringSubviewToFront:", "layoutSublayers", "layoutSubviews"],
            meaning: "nothing Sparks draws differently (UIKit's own layoutSubviews, which an override calls on super)"
        ) { _ in .void },
        Binding(
            .object(.any), swift: ["setNeedsLayout()", "layoutIfNeeded()"], objc: ["setNeedsLayout", "layoutIfNeeded"],
            meaning: "a layout pass: layoutSubviews (a view's) or layoutSublayers (a layer's class) runs at the turn's end, or now"
        ) { c in
            guard let layer = c.layer else { return .void }
            layer.needsLayout = true
            if c.name != "setNeedsLayout" { try c.interpreter.layoutPass(from: layer, at: c.at) }
            return .void
        },
        Binding(
            .object(.layer), swift: ["presentation()", "model()"], objc: ["presentationLayer", "modelLayer"],
            meaning: "the layer itself (while it draws an animated value, the value drawn)"
        ) { c in c.receiver },
        Binding(.global, objc: ["UIGraphicsPushContext", "UIGraphicsPopContext"], meaning: "nothing: the context drawn into stays") { _ in
            .void
        },
        Binding(
            .object(.any), swift: ["setNeedsDisplay()", "setNeedsDisplay(_:)", "display()"],
            objc: ["setNeedsDisplay", "setNeedsDisplayInRect:", "display"],
            meaning: "a layer or view that draws itself draws again (some time into the effect: then)"
        ) { c in
            if let object = c.object { try c.interpreter.needsDisplay(object, at: c.at) }
            return .void
        },
        Binding(.object(.any), swift: ["convert(_:to:)", "convert(_:from:)", "convertTime(_:from:)"], objc: ["convertPoint:toView:"]) { c in
            c.first ?? (c.name == "convertTime" ? .number(0) : .null)
        },
    ]
}

extension Object {
    /// Puts `child` among the sublayers at `index`, taking it from where it was.
    func insert(_ child: Object, at index: Int) {
        child.superlayer?.sublayers.removeAll { $0 === child }
        sublayers.insert(child, at: min(index, sublayers.count))
        child.superlayer = self
    }
}
