import SparksCore

/// A transition on a layer (a `CATransition` added to it, or `UIView.transition`), as the
/// animation it looks like (core-animation.md §4.7). Core Animation animates from a picture of
/// what the layer showed, which an import does not have: the layer's own changes made in the same
/// run-loop turn carry the transition instead, each type drawn as close as the layer can.
struct LayerTransition {
    enum Style: Equatable {
        /// Cross-dissolve: each change fades over the duration.
        case fade
        /// Push and move-in: the layer slides in from `offset` with its new values.
        case slide(offset: Point)
        /// A flip about the vertical (or horizontal) axis: the layer turns edge-on with its old
        /// values and back with its new ones.
        case flip(vertical: Bool)
        /// A cube turn: the new face turns in from edge-on.
        case cube(vertical: Bool)
    }

    let time: Double
    let turn: Int
    let duration: Double
    let style: Style
    let timingFunction: TimingFunction?
}

/// A change to one of a layer's properties in a later run-loop turn: what the layer was before
/// (so that a transition added later in the turn can carry it instead).
struct TurnChange {
    let turn: Int
    let keyPath: String
    let address: PropertyAddress
    let old: PropertyValue
    var new: PropertyValue
    let interpolates: Bool
    let stateBefore: LayerState
    let scheduledBefore: Int
}

extension Interpreter {
    /// The transition added in this turn to the layer or the nearest layer above it: it carries
    /// the changes made to the layer (Core Animation transitions the whole picture of the tree).
    func transitionCarrying(_ layer: Object) -> LayerTransition? {
        var current: Object? = layer
        var depth = 0
        while let c = current, depth < 256 {
            if let transition = c.transition, transition.turn == turn, transition.time == now { return transition }
            current = c.superlayer
            depth += 1
        }
        return nil
    }

    /// The transition types Core Animation draws and the private ones tutorials use, and how each
    /// is drawn here (with the note that says so for an approximation).
    func transitionStyle(type: String, subtype: String, layer: Object) -> (LayerTransition.Style, note: String?) {
        let size = modelState(of: layer).layer.bounds.size
        var offset = Point(x: -size.width, y: 0)
        if subtype.contains("right") { offset = Point(x: size.width, y: 0) }
        if subtype.contains("top") { offset = Point(x: 0, y: -size.height) }
        if subtype.contains("bottom") { offset = Point(x: 0, y: size.height) }
        let vertical = subtype.contains("top") || subtype.contains("bottom")
        switch type {
        case "push", "movein":
            return (
                .slide(offset: offset),
                "slides the layer in from its side with its new values; Core Animation slides the new picture over (or against) the old one"
            )
        case "", "fade":
            return (.fade, nil)
        case "oglflip", "flip", "alignedflip":
            return (
                .flip(vertical: vertical),
                "turns the layer edge-on and back, its new values from the middle (a flat flip, without perspective)"
            )
        case "cube", "alignedcube":
            return (.cube(vertical: vertical), "turns the layer in from edge-on with its new values (one face of the cube)")
        default:
            // reveal, pageCurl, pageUnCurl, rippleEffect, suckEffect, cameraIrisHollowOpen/Close
            // and any other: a cross-dissolve.
            return (
                .fade,
                "is drawn as a cross-dissolve (Core Animation's \(type) distorts a picture of the layer, which an import does not have)"
            )
        }
    }

    /// A `CATransition` added to a layer: its type, subtype, duration (0.25 s when 0) and timing
    /// function, begun now.
    func addTransition(_ animation: Object, to layer: Object, key: String?, at: SourcePosition) throws {
        func text(_ key: String) -> String {
            switch animation.setting(key) {
            case .constant(let c)?: String(c.split(separator: ".").last ?? "")
            case .string(let s)?: s
            default: ""
            }
        }
        let written = text("type")
        var type = written.lowercased()
        if type.hasPrefix("kcatransition") { type = String(type.dropFirst("kcatransition".count)) }
        var subtype = text("subtype").lowercased()
        if subtype.hasPrefix("kcatransition") { subtype = String(subtype.dropFirst("kcatransition".count)) }
        let given = try animation.setting("duration").map { try number($0, at: at) } ?? 0
        let duration = given.isFinite && given > 0 ? given : Animation.defaultDuration
        var function: TimingFunction?
        if case .timingFunction(let f)? = animation.setting("timingFunction") { function = f }
        let (style, approximation) = transitionStyle(type: type, subtype: subtype, layer: layer)
        note(
            "a CATransition (\(written.isEmpty ? "fade" : written)) over \(PresetNumber.text(duration)) s: the changes made to the layer in the same turn carry it"
                + (approximation.map { "; it " + $0 } ?? ""), at: at)
        beginTransition(on: layer, style: style, duration: duration, timingFunction: function, key: key, at: at)
    }

    /// Begins a transition on `layer` now: the motion it draws (an animation on the layer, added
    /// with `key`) and the changes made to the layer in this turn, before or after, carried by it.
    /// Returns when it ends.
    @discardableResult
    func beginTransition(
        on layer: Object, style: LayerTransition.Style, duration: Double, timingFunction: TimingFunction?, key: String?, at: SourcePosition
    ) -> Double {
        let transition = LayerTransition(time: now, turn: turn, duration: duration, style: style, timingFunction: timingFunction)
        layer.transition = transition
        if let motion = transitionMotion(transition, on: layer) {
            var motion = motion
            motion.key = key
            layer.animations.append(motion)
        }
        // Changes made to the layer and those below it earlier in this turn: undone, and made
        // again through the transition.
        var pending = [layer]
        var visited = 0
        while let current = pending.popLast(), visited < 4096 {
            visited += 1
            pending += current.sublayers
            let earlier = current.turnChanges.filter { $0.turn == turn }
            guard let first = earlier.first else { continue }
            current.state = first.stateBefore
            if current.scheduledChanges.count > first.scheduledBefore {
                current.scheduledChanges.removeSubrange(first.scheduledBefore...)
            }
            for change in earlier { carry(change, through: transition, on: current) }
        }
        let end = now + duration
        transactionAdded(end: end)
        return end
    }

    /// The animation a transition's style draws on the layer itself, if any.
    private func transitionMotion(_ transition: LayerTransition, on layer: Object) -> Animation? {
        let model = modelState(of: layer).layer
        let d = transition.duration
        func animation(_ kind: Animation.Kind, _ keyPath: String) -> Animation? {
            guard let (address, _) = try? PropertyAddress.resolve(keyPath, on: layer.layerKind ?? .layer) else { return nil }
            var a = Animation(kind: kind, keyPath: keyPath, target: address)
            a.timing.beginTime = transition.time
            a.timing.duration = d
            a.timingFunction = transition.timingFunction
            return a
        }
        switch transition.style {
        case .fade:
            return nil
        case .slide(let offset):
            let p = model.position
            let from = PropertyValue.vector(PropertyVector(p.x + offset.x, p.y + offset.y))
            return animation(.basic(from: from, to: .vector(PropertyVector(p.x, p.y)), by: nil), "position")
        case .flip(let vertical):
            let t = model.transform
            let edgeOn = Transform3D.rotation(.pi / 2, vertical ? 1 : 0, vertical ? 0 : 1, 0) * t
            let back = Transform3D.rotation(-.pi / 2, vertical ? 1 : 0, vertical ? 0 : 1, 0) * t
            var keyframes = Animation.Keyframes()
            keyframes.values = [.transform(t), .transform(edgeOn), .transform(back), .transform(t)]
            keyframes.keyTimes = [0, 0.5, 0.5, 1]
            return animation(.keyframe(keyframes), "transform")
        case .cube(let vertical):
            let t = model.transform
            let edgeOn = Transform3D.rotation(-.pi / 2, vertical ? 1 : 0, vertical ? 0 : 1, 0) * t
            return animation(.basic(from: .transform(edgeOn), to: .transform(t), by: nil), "transform")
        }
    }

    /// A change to a layer made in the same turn as its transition: faded over it, shown from its
    /// middle (a flip), or shown from its start (a slide or a cube turn).
    func carry(_ change: TurnChange, through transition: LayerTransition, on layer: Object) {
        switch transition.style {
        case .fade where change.interpolates && change.old != change.new:
            var timing = ActionTiming(duration: transition.duration, timingFunction: transition.timingFunction)
            timing.delay = transition.time - now
            let animation = Animation(
                kind: .basic(from: change.old, to: change.new, by: nil), keyPath: change.keyPath, target: change.address)
            schedule(animation, on: layer, holding: change.new, at: change.address, timing: timing)
        case .fade, .flip:
            hold(change.new, at: change.address, keyPath: change.keyPath, on: layer, from: transition.time + transition.duration / 2)
        case .slide, .cube:
            hold(change.new, at: change.address, keyPath: change.keyPath, on: layer, from: transition.time)
        }
    }

    /// A layer added to the tree some time into the effect (a timer's or completion's code)
    /// appears then, not from the start.
    func appears(_ layer: Object, wasShown: Bool, at: SourcePosition) {
        guard let t = deferredTime, t > 0, !wasShown, isShown(layer) else { return }
        setHidden(layer, true, from: 0)
        setHidden(layer, false, from: t)
        note("the layer added \(PresetNumber.text(t)) s into the effect is hidden until then", at: at)
    }

    /// Hides or shows a layer from `time` on (from the start: its own value).
    func setHidden(_ layer: Object, _ hidden: Bool, from time: Double) {
        guard let kind = layer.layerKind, let (address, _) = try? PropertyAddress.resolve("hidden", on: kind) else { return }
        hold(.bool(hidden), at: address, keyPath: "hidden", on: layer, from: max(0, time))
        if time > 0 { layer.setLaterValue(.bool(hidden), at: address, time: time) }
    }

    /// `UIView.transition(from:to:duration:options:)`: the new view takes the old one's place
    /// (or, with `showHideTransitionViews`, is shown as the old one is hidden), cross-dissolving
    /// or flipping from one to the other. Returns when it ends.
    func replaceView(
        _ from: Object, with to: Object, duration: Double, style: LayerTransition.Style, timingFunction: TimingFunction?, keepsOld: Bool,
        at: SourcePosition
    ) -> Double {
        let start = now, end = now + duration
        if !keepsOld, let parent = from.superlayer, to.superlayer == nil {
            parent.insert(to, at: (parent.sublayers.firstIndex { $0 === from } ?? parent.sublayers.count - 1) + 1)
        }
        var timing = ActionTiming(duration: duration, timingFunction: timingFunction)
        func animate(
            _ layer: Object, _ keyPath: String, _ kind: Animation.Kind, holding value: PropertyValue, delay: Double, length: Double
        ) {
            guard let lk = layer.layerKind, let (address, _) = try? PropertyAddress.resolve(keyPath, on: lk) else { return }
            timing.delay = delay
            timing.duration = length
            schedule(Animation(kind: kind, keyPath: keyPath, target: address), on: layer, holding: value, at: address, timing: timing)
        }
        switch style {
        case .flip(let vertical):
            let axis = (vertical ? 1.0 : 0.0, vertical ? 0.0 : 1.0)
            let t = modelState(of: from).layer.transform, u = modelState(of: to).layer.transform
            let out = Transform3D.rotation(.pi / 2, axis.0, axis.1, 0) * t, back = Transform3D.rotation(-.pi / 2, axis.0, axis.1, 0) * u
            animate(
                from, "transform", .basic(from: .transform(t), to: .transform(out), by: nil), holding: .transform(t), delay: 0,
                length: duration / 2)
            setHidden(to, true, from: start)
            setHidden(to, false, from: start + duration / 2)
            setHidden(from, true, from: start + duration / 2)
            animate(
                to, "transform", .basic(from: .transform(back), to: .transform(u), by: nil), holding: .transform(u), delay: duration / 2,
                length: duration / 2)
        default:
            let o = modelState(of: to).layer.opacity
            animate(to, "opacity", .basic(from: .number(0), to: .number(o), by: nil), holding: .number(o), delay: 0, length: duration)
            animate(
                from, "opacity", .basic(from: .number(modelState(of: from).layer.opacity), to: .number(0), by: nil),
                holding: .number(modelState(of: from).layer.opacity), delay: 0, length: duration)
            setHidden(to, false, from: start)
            setHidden(from, true, from: end)
        }
        transactionAdded(end: end)
        return end
    }
}
