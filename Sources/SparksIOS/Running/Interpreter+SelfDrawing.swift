import SparksCore

/// Layers and views that draw themselves (core-animation.md §4.8): the files' `draw(in:)` /
/// `drawInContext:` of a layer class and `draw(_:)` / `drawRect:` of a view class run into an
/// image context of the layer's bounds, and what they draw (shapes and text) becomes sublayers
/// under the layer's own. Drawn again when the code asks (`setNeedsDisplay()` some time into the
/// effect, as a display link or timer does) and, for an animation of a key the class redraws for
/// (`needsDisplay(forKey:)`), every 1/30 s of the animation with the animated value: the drawings
/// become discrete keyframes at the moments they were made.
extension Interpreter {
    /// How often an animation of a redrawn key is sampled, and the most samples one gives.
    static let drawingRate = 30.0
    static let maxDrawingSamples = 900

    /// The files' method that draws the object's content, if any, and the object it runs on:
    /// the layer's own, else its delegate's `draw(_:in:)` / `drawLayer:inContext:`.
    func drawMethod(of object: Object) -> (TypeDecl, FunctionDecl)? {
        drawer(of: object).map { ($0.owner, $0.method) }
    }

    private func drawer(of object: Object) -> (owner: TypeDecl, method: FunctionDecl, runsOn: Object, delegated: Bool)? {
        if let own = ownDrawMethod(of: object) { return (own.0, own.1, object, false) }
        guard object.layerKind != nil, case .object(let delegate)? = object.fields["delegate"], let type = delegate.declaredType,
            let (owner, method) = method("draw", labels: [nil, "in"], isStatic: false, in: type)
                ?? lineage(of: type).lazy.compactMap({ t in t.methods.first { $0.name == "drawLayer" }.map { (t, $0) } }).first
        else { return nil }
        return (owner, method, delegate, true)
    }

    private func ownDrawMethod(of object: Object) -> (TypeDecl, FunctionDecl)? {
        guard let type = object.declaredType else { return nil }
        if object.layerKind != nil {
            return method("draw", labels: ["in"], isStatic: false, in: type)
                ?? lineage(of: type).lazy.compactMap { t in t.methods.first { $0.name == "drawInContext" }.map { (t, $0) } }.first
        }
        guard object.isViewLike else { return nil }
        return method("draw", labels: [nil], isStatic: false, in: type)
            ?? lineage(of: type).lazy.compactMap { t in t.methods.first { $0.name == "drawRect" }.map { (t, $0) } }.first
    }

    /// The layer whose content a drawing object draws (a view's layer, or the layer itself).
    private func drawnLayer(of object: Object) -> Object? { object.layerKind != nil ? object : object.layer }

    /// Runs the object's drawing now, its properties given `overrides`: the shapes and text drawn
    /// over its bounds; nil when it has no drawing or no size.
    func runDrawing(of object: Object, overrides: [String: Value] = [:], at: SourcePosition) throws -> [LayerDescription]? {
        guard let (owner, method, runsOn, delegated) = drawer(of: object), let layer = drawnLayer(of: object) else { return nil }
        let bounds = modelState(of: layer).layer.bounds
        guard bounds.size.width >= 1, bounds.size.height >= 1 else { return nil }
        let saved = overrides.keys.map { ($0, object.fields[$0]) }
        for (key, value) in overrides { object.fields[key] = value }
        drawingContexts.append(DrawingContext(size: bounds.size, scale: 3))
        defer {
            for (key, value) in saved { object.fields[key] = value }
        }
        let arguments: [Value] =
            delegated ? [.object(object), .constant("CGContext")] : [object.layerKind != nil ? .constant("CGContext") : .rect(bounds)]
        let f = Callable(
            name: "\(owner.name).\(method.signature)", parameters: method.parameters, body: method.body, captured: globals,
            selfObject: runsOn)
        do {
            _ = try call(f, Array(arguments.prefix(method.parameters.count)), at: at)
        } catch let error as Exhausted {
            drawingContexts.removeLast()
            throw error
        } catch {
            drawingContexts.removeLast()
            report(.skipped, (error as? Skip)?.reason ?? "\(error)", at: (error as? Skip)?.at ?? at)
            return nil
        }
        return drawingContexts.removeLast().layers
    }

    /// Draws the object now and keeps the drawing at this moment of the effect.
    func recordDrawing(of object: Object, overrides: [String: Value] = [:], time: Double? = nil, at: SourcePosition) throws {
        guard let layer = drawnLayer(of: object) else { return }
        guard layer.drawings.count < Self.maxDrawingSamples else {
            note("\(object.className) has drawn \(Self.maxDrawingSamples) times: later drawings are not imported", at: at)
            return
        }
        guard let drawn = try runDrawing(of: object, overrides: overrides, at: at) else { return }
        let moment = time ?? now
        layer.drawings.removeAll { $0.time == moment }
        layer.drawings.append(Object.Drawing(time: moment, layers: drawn))
    }

    /// `setNeedsDisplay()` (and `display()`): some time into the effect, the object draws again
    /// then; at the start its first drawing is made when the view has loaded.
    func needsDisplay(_ object: Object, at: SourcePosition) throws {
        guard turn != 0, drawMethod(of: object) != nil else { return }
        try recordDrawing(of: object, at: at)
    }

    /// The first drawing of every object on screen that draws itself, made when the view has
    /// loaded (its properties as the set-up left them).
    func recordFirstDrawings(at: SourcePosition) throws {
        for object in objects where drawMethod(of: object) != nil {
            guard let layer = drawnLayer(of: object), isShown(layer), !layer.drawings.contains(where: { $0.time == 0 }) else { continue }
            let saved = deferredTime
            deferredTime = nil
            defer { deferredTime = saved }
            try recordDrawing(of: object, time: 0, at: at)
            if !layer.drawings.isEmpty {
                note(
                    "\(object.className) draws itself: what its drawing code draws is imported as shapes under its layer", at: object.madeAt
                )
            }
        }
    }

    /// An animation of a key the layer's class redraws for (a property of its own, with
    /// `needsDisplay(forKey:)`): kept, to be drawn every 1/30 s of it when the import ends (with
    /// the model values the code leaves). True when `keyPath` is such a key.
    func addRedrawnAnimation(_ animation: Object, on layer: Object, keyPath: String, at: SourcePosition) throws -> Bool {
        guard let kind = layer.layerKind, drawMethod(of: layer) != nil, !keyPath.contains("."),
            (try? PropertyAddress.resolve(keyPath, on: kind)) == nil
        else { return false }
        // Evaluated as Sparks evaluates any number: on a stand-in numeric property.
        let copy = newObject(kind: animation.kind, className: animation.className, madeAt: at, file: file)
        copy.settings = animation.settings.filter { $0.key != "keyPath" } + [("keyPath", .string("zPosition"), at)]
        var converted: Animation
        do {
            converted = try convertAnimation(copy, on: layer, at: at)
        } catch var skip as Skip {
            // Said of the key the code animates, not of the stand-in.
            skip.reason = skip.reason.replacingOccurrences(of: "zPosition", with: keyPath)
            throw skip
        }
        if !isMoment(animation.setting("beginTime")) { converted.timing.beginTime += now }
        layer.redrawnAnimations.append(Object.RedrawnAnimation(key: keyPath, animation: converted))
        try animationAdded(animation, converted, at: at)
        note(
            "\(keyPath) is the layer's own property, redrawn every frame as it animates: its drawing is sampled \(PresetNumber.text(Self.drawingRate)) times a second",
            at: at)
        return true
    }

    /// Draws each kept animation of a redrawn key at its samples.
    func sampleRedrawnAnimations(at: SourcePosition) throws {
        for object in objects where !object.redrawnAnimations.isEmpty {
            for redrawn in object.redrawnAnimations {
                let model = (try? field(of: object, redrawn.key, at: at)).flatMap { $0 }.flatMap { try? number($0, at: at) } ?? 0
                let animation = redrawn.animation
                let begin = animation.timing.beginTime
                let end = min(animation.activeEnd, begin + Self.repeatingTimerHorizon)
                guard begin.isFinite, end.isFinite, end >= begin else { continue }
                let count = min(Self.maxDrawingSamples, Int(((end - begin) * Self.drawingRate).rounded(.up)))
                for i in 0...count {
                    let t = i == count ? end + 1 / Self.drawingRate : begin + Double(i) / Self.drawingRate
                    var state = LayerState(layer: LayerProperties(), content: .plain)
                    state.layer.zPosition = model
                    animation.apply(at: t, to: &state)
                    try recordDrawing(of: object, overrides: [redrawn.key: .number(state.layer.zPosition)], time: t, at: at)
                }
                if animation.activeEnd > end {
                    note(
                        "\(redrawn.key)'s drawing is sampled for \(PresetNumber.text(Self.repeatingTimerHorizon)) s; it holds after that",
                        at: at)
                }
            }
        }
    }
}
