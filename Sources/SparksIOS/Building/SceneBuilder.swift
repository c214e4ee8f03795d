import SparksCore

/// Turns the objects the code built into a scene: the host view's layer tree (the host layer
/// itself when its class is not plain, or when it holds animations or properties of its own;
/// else its sublayers), with layers and cells named from `name` or the variables that held
/// them, and the view's background as the canvas's.
struct SceneBuilder {
    let interpreter: Interpreter

    func scene(name: String, canvas: Size) -> SceneDescription {
        let i = interpreter
        var scene = SceneDescription(name: name)
        scene.canvas = CanvasDescription(width: canvas.width.rounded(), height: canvas.height.rounded())
        let host = i.hostView.layer ?? i.hostView
        let background = (i.hostView.fields["backgroundColor"]).flatMap { v -> Color? in
            if case .color(let c) = v { return c }
            return nil
        }
        if let background {
            scene.canvas.background = background
            // A controller's see-through view shows the window behind it: black, as UIWindow is
            // by default (a clear one is left clear: whatever shows it decides what is behind).
            if i.hostController != nil, background.alpha > 0, background.alpha < 1 {
                let a = max(0, background.alpha)
                scene.canvas.background = Color(red: background.red * a, green: background.green * a, blue: background.blue * a, alpha: 1)
                i.note(
                    "the view's background is see-through (alpha \(NumberText.shortest((a * 1000).rounded() / 1000))): the canvas shows it over the window's black",
                    at: i.hostController?.madeAt ?? i.hostView.madeAt)
            }
        }
        // A view controller's view that the code leaves uncoloured is as its storyboard or xib
        // says, or white: what a storyboard makes it (systemBackground, in light mode).
        if background == nil, let controller = i.hostController, host.state.layer.backgroundColor == .clear {
            if let given = i.interfaces[controller.className], let c = given.scene.root?.background {
                scene.canvas.background = c
                let text = [c.red, c.green, c.blue, c.alpha].map { NumberText.shortest(($0 * 1000).rounded() / 1000) }.joined(
                    separator: ", ")
                i.note("the view controller's view background is [\(text)], as \(given.file) says", at: controller.madeAt)
            } else {
                scene.canvas.background = .white
                i.note(
                    "the view controller's view is white, as a storyboard makes it (the code sets no view.backgroundColor; pass the storyboard to read its own)",
                    at: controller.madeAt)
            }
        }
        var roots: [Object] = []
        var frameLayer = LayerProperties()
        frameLayer.bounds = Rect(x: 0, y: 0, width: canvas.width, height: canvas.height)
        frameLayer.position = Point(x: canvas.width / 2, y: canvas.height / 2)
        let plainHost =
            host.drawings.isEmpty && host.layerKind == .layer && host.animations.isEmpty && host.scheduledChanges.isEmpty
            && host.cells.isEmpty
            && PresetEncoder.changedProperties(of: LayerDescription(properties: host.state.layer)).allSatisfy {
                ["bounds", "position"].contains($0.key)
            }
            && background == nil
            || host.drawings.isEmpty && host.layerKind == .layer && host.animations.isEmpty && host.scheduledChanges.isEmpty
                && onlyGeometryAndBackground(host)
        if host.mask != nil {
            // A masked view: its background is drawn through the mask, over the window (black).
            if host.state.layer.backgroundColor == .clear { host.state.layer.backgroundColor = scene.canvas.background }
            scene.canvas.background = .black
            i.note("the host view is masked: its background is drawn through the mask, over the window's black", at: host.madeAt)
            roots = [host]
        } else if plainHost {
            roots = host.sublayers
            if host.state.layer.backgroundColor != .clear, background == nil { scene.canvas.background = host.state.layer.backgroundColor }
        } else {
            roots = [host]
        }
        var used = Set<String>()
        scene.layers = roots.filter(drawsOrHolds).map { layer($0, depth: 0, used: &used) }
        return scene
    }

    /// False for an outlet's stand-in that nothing drew into: a storyboard's slider or label,
    /// whose pixels UIKit draws, not a layer.
    private func drawsOrHolds(_ object: Object) -> Bool {
        guard object.fields[Interpreter.standInMark] != nil else { return true }
        return
            !(object.sublayers.isEmpty && object.animations.isEmpty && object.scheduledChanges.isEmpty && object.mask == nil
            && PresetEncoder.changedProperties(of: LayerDescription(properties: object.state.layer)).allSatisfy {
                ["bounds", "position"].contains($0.key)
            })
    }

    private func onlyGeometryAndBackground(_ host: Object) -> Bool {
        PresetEncoder.changedProperties(of: LayerDescription(properties: host.state.layer)).allSatisfy {
            ["bounds", "position", "backgroundColor"].contains($0.key)
        }
    }

    private func layer(_ object: Object, depth: Int, used: inout Set<String>) -> LayerDescription {
        var description = LayerDescription(
            properties: object.state.layer, content: object.state.content,
            animations: object.animations + Self.inTimeOrder(object.scheduledChanges))
        if description.properties.name == nil, let hint = object.nameHint {
            description.properties.name = unique(hint, &used)
        } else if let name = description.properties.name {
            used.insert(name)
        }
        if object.layerKind == .emitter {
            if object.cells.contains(where: \.startsNow) { description.content.changeEmitter { $0.startup = .empty } }
            var cellNames = Set<String>()
            let cells = object.cells.map { cell($0, depth: 1, used: &cellNames) }
            let behaviors = object.behaviors.map(\.behavior)
            description.content.changeEmitter {
                $0.emitterCells = cells
                $0.emitterBehaviors = behaviors
            }
        }
        if depth < PresetDecoder.maxLayerDepth - 1 {
            description.sublayers =
                Self.drawnLayers(object.drawings) + object.sublayers.filter(drawsOrHolds).map { layer($0, depth: depth + 1, used: &used) }
            description.mask = object.mask.map { layer($0, depth: depth + 1, used: &used) }
        }
        return description
    }

    private func cell(_ object: Object, depth: Int, used: inout Set<String>) -> EmitterCell {
        var cell = object.cell
        if cell.name == nil, let hint = object.nameHint {
            cell.name = unique(hint, &used)
        } else if let name = cell.name {
            used.insert(name)
        }
        var inner = Set<String>()
        cell.emitterCells = depth < PresetDecoder.maxSubcellDepth ? object.cells.map { self.cell($0, depth: depth + 1, used: &inner) } : []
        return cell
    }

    private func unique(_ name: String, _ used: inout Set<String>) -> String {
        var candidate = name
        var n = 2
        while used.contains(candidate) {
            candidate = "\(name)\(n)"
            n += 1
        }
        used.insert(candidate)
        return candidate
    }

    /// Changes made at moments of the effect, in the order of those moments (a later one wins
    /// over an earlier one, whatever order the code made them in); made at the same moment, in
    /// the order made.
    static func inTimeOrder(_ changes: [Animation]) -> [Animation] {
        changes.enumerated().sorted {
            ($0.element.timing.beginTime, $0.offset) < ($1.element.timing.beginTime, $1.offset)
        }.map(\.element)
    }

    /// What a layer's own drawing code drew, as sublayers under its own: one per shape or text
    /// drawn, as the first drawing shows it, with discrete keyframes at the moments it drew again
    /// (a value held until the next drawing; a shape a drawing lacks is hidden).
    static func drawnLayers(_ drawings: [Object.Drawing]) -> [LayerDescription] {
        let samples = drawings.sorted { $0.time < $1.time }
        guard let first = samples.first, let count = samples.map(\.layers.count).max(), count > 0 else { return [] }
        var layers: [LayerDescription] = []
        // A shape drawn with an empty path (an arc of no angle) is not there.
        func drawn(_ sample: Object.Drawing, _ index: Int) -> LayerDescription? {
            guard sample.layers.count > index else { return nil }
            let layer = sample.layers[index]
            if case .shape(let shape) = layer.content, shape.path?.segments.isEmpty ?? true { return nil }
            return layer
        }
        for index in 0..<count {
            guard let base = samples.lazy.compactMap({ drawn($0, index) }).first else { continue }
            var layer = base
            layer.properties.isHidden = drawn(first, index) == nil
            let kind = base.content.kind
            func state(_ d: LayerDescription) -> LayerState { LayerState(layer: d.properties, content: d.content) }
            if samples.count > 1 {
                // Discrete keyframes take one more key time than values: the last drawing holds a frame, then for good.
                let start = first.time, span = samples[samples.count - 1].time - first.time + 1 / Interpreter.drawingRate
                for keyPath in ["hidden", "path", "fillColor", "strokeColor", "lineWidth", "lineCap", "string", "foregroundColor"] {
                    guard let (address, _) = try? PropertyAddress.resolve(keyPath, on: kind) else { continue }
                    var shown = base
                    let values = samples.map { sample -> PropertyValue? in
                        guard let layer = drawn(sample, index) else {
                            return keyPath == "hidden" ? .bool(true) : address.value(in: state(shown))
                        }
                        if layer.content.kind == kind { shown = layer }
                        return keyPath == "hidden" ? .bool(false) : layer.content.kind == kind ? address.value(in: state(layer)) : nil
                    }
                    guard values.allSatisfy({ $0 != nil }), Set(values.map { $0! }).count > 1 else { continue }
                    var keyframes = Animation.Keyframes()
                    keyframes.values = values.map { $0! }
                    keyframes.keyTimes = samples.map { ($0.time - start) / span } + [1]
                    keyframes.calculationMode = .discrete
                    var animation = Animation(kind: .keyframe(keyframes), keyPath: keyPath, target: address)
                    animation.timing.beginTime = start
                    animation.timing.duration = span
                    animation.timing.fillMode = .both
                    animation.removedOnCompletion = false
                    layer.animations.append(animation)
                }
            }
            layers.append(layer)
        }
        return layers
    }
}
