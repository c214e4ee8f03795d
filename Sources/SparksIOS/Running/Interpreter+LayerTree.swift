import SparksCore

/// Layers leaving their parents and animations added and removed, as Core Animation does it when
/// the code runs at a moment of the effect (a timer, a delegate): a removal then hides the layer
/// from then on, an animation added then begins then, one removed then stops then.
extension Interpreter {
    /// `removeFromSuperlayer()`, `removeFromSuperview()`: the layer leaves its parent (or, done
    /// after a delay, is hidden from then on).
    func removeFromParent(_ layer: Object?, at: SourcePosition) throws {
        guard let layer, let parent = layer.superlayer else { return }
        if let t = deferredTime {
            try deferChange(of: layer, "hidden", .bool(true), at: at, time: t)
        } else {
            parent.sublayers.removeAll { $0 === layer }
            layer.superlayer = nil
        }
    }

    /// `removeAllAnimations()`, `removeAnimation(forKey:)`: gone; done some time into the effect
    /// (a delegate, a timer), the animations stop then, having played until then.
    func removeAnimations(of layer: Object, where matches: (Animation) -> Bool) {
        guard let t = deferredTime, t > 0 else { return layer.animations.removeAll(where: matches) }
        layer.animations.removeAll { matches($0) && $0.timing.beginTime >= t }
        for i in layer.animations.indices where matches(layer.animations[i]) {
            let timing = layer.animations[i].timing
            let speed = abs(timing.speed == 0 ? 1 : timing.speed)
            let end = layer.animations[i].activeEnd
            // One still running then is cut short; one that already ended keeps its end (and a
            // held final value stays, as what replaces it usually hides the layer then).
            guard end > t else { continue }
            layer.animations[i].timing.repeatDuration = (t - timing.beginTime) * speed
            layer.animations[i].timing.fillMode = .removed
            layer.animations[i].removedOnCompletion = true
        }
        cutActions(of: layer, at: t, where: matches)
    }

    /// Implicit and view animations running at `t` (among the layer's changes) stop then: the
    /// layer shows the model value they were animating to from then on.
    private func cutActions(of layer: Object, at t: Double, where matches: (Animation) -> Bool) {
        var holds: [Animation] = []
        for i in layer.scheduledChanges.indices where layer.scheduledChanges[i].isAction && matches(layer.scheduledChanges[i]) {
            let animation = layer.scheduledChanges[i]
            let begin = animation.timing.beginTime
            guard begin < t, animation.activeEnd > t, let keyPath = animation.keyPath, let target = animation.target else { continue }
            let speed = abs(animation.timing.speed == 0 ? 1 : animation.timing.speed)
            layer.scheduledChanges[i].timing.repeatDuration = (t - begin) * speed
            if animation.timing.fillMode == .forwards, case .basic(_, let to?, _) = animation.kind {
                holds.append(.holding(to, keyPath: keyPath, target: target, from: t))
            }
            layer.scheduledChanges[i].timing.fillMode = .removed
            layer.scheduledChanges[i].removedOnCompletion = true
        }
        layer.scheduledChanges += holds
    }

    /// An implicit or view animation Core Animation added under `key` at `time` (a property set
    /// just before, `layer.birthRate = 1`) is replaced by an animation added under the same key
    /// then: the value set stays the model value, without its implicit animation.
    private func replaceActions(of layer: Object, key: String, at time: Double, position: SourcePosition) {
        var holds: [Animation] = []
        var replaced = false
        layer.scheduledChanges.removeAll { action in
            guard action.isAction, action.key == key, action.timing.beginTime == time else { return false }
            replaced = true
            if action.timing.fillMode == .forwards, case .basic(_, let to?, _) = action.kind, let keyPath = action.keyPath,
                let target = action.target
            {
                holds.append(.holding(to, keyPath: keyPath, target: target, from: time))
            }
            return true
        }
        if replaced {
            note(
                "the animation added for \(key) replaces its implicit animation, as an action is added under its key",
                at: .init(line: 1, column: 1))
        }
        layer.scheduledChanges += holds
    }

    /// `add(_:forKey:)`: the animation as Sparks runs it, from now (or from the moment it is added
    /// after a delay); one with the same key replaces the one before.
    func addAnimation(_ animation: Object, to target: Object, key: String?, at: SourcePosition) throws {
        if animation.fields["transition"] != nil { return try addTransition(animation, to: target, key: key, at: at) }
        // A property animation without a key path animates the property its key names
        // (`add(CABasicAnimation(), forKey: "opacity")`), as Core Animation does.
        if let key, animation.setting("keyPath") == nil, !isGroup(animation) {
            animation.settings.append(("keyPath", .string(key), at))
        }
        if case .string(let keyPath)? = animation.setting("keyPath"),
            try addRedrawnAnimation(animation, on: target, keyPath: keyPath, at: at)
        {
            return
        }
        var converted = try convertAnimation(animation, on: target, at: at)
        converted.key = key
        // Added later (a timer's closure): a beginTime of 0 is "now", one read from the clock
        // is already a moment of the effect.
        if let t = deferredTime, !isMoment(animation.setting("beginTime")) { converted.timing.beginTime += t }
        if let key {
            // The one it replaces stops now: one added earlier in the effect keeps its time before
            // this one begins (a delegate chaining animations under one key), one added at the same
            // moment or later is gone.
            let begin = converted.timing.beginTime
            target.animations.removeAll { $0.key == key && $0.timing.beginTime >= begin }
            target.addedAnimations[key] = animation
            replaceActions(of: target, key: key, at: begin, position: at)
        }
        target.animations.append(converted)
        try animationAdded(animation, to: target, key: key, converted, at: at)
    }
}
