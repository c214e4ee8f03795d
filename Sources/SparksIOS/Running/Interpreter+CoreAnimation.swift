import Foundation
import SparksCore

/// Layers, cells, animations, views and paths as objects: their creation, their properties
/// (set and read through Sparks's one key-path system, so a value is checked as a preset's
/// would be), and their methods.
extension Interpreter {
    func makeObject(_ className: String, labels: [String?], _ a: [Value], at: SourcePosition) throws -> Value {
        let object: Object
        switch className {
        case "CAEmitterLayer", "CAReplicatorLayer", "CALayer", "CAShapeLayer", "CAGradientLayer", "CATextLayer":
            let kind = LayerKind.allCases.first { $0.className == className } ?? .layer
            object = newObject(kind: .layer(kind), className: className, madeAt: at, file: file)
        case "CATransformLayer":
            throw Skip(reason: "\(className) is not supported by Sparks", at: at)
        case "CAEmitterCell":
            object = newObject(kind: .cell, className: className, madeAt: at, file: file)
        case "CAEmitterBehavior":
            object = try makeBehavior(a.last, at: at)
        case "CATransition":
            // Run as the basic animation it looks like (a fade in, or a push from its side),
            // worked out when it is added to a layer.
            object = newObject(kind: .animation(.basic), className: className, madeAt: at, file: file)
            object.fields["transition"] = .bool(true)
        case "CABasicAnimation", "CAKeyframeAnimation", "CAAnimationGroup", "CASpringAnimation":
            object = newObject(kind: .animation(Object.AnimationClass(rawValue: className)!), className: className, madeAt: at, file: file)
            if labels.first == "keyPath" || labels.first == "animationWithKeyPath", let first = a.first {
                object.settings.append(("keyPath", first, at))
            }
        case "UIView", "UIImageView", "UILabel", "UIButton", "UIControl", "UIScrollView", "UIStackView", "UIVisualEffectView",
            "UIWindow":
            object = newObject(kind: .view, className: className, madeAt: at, file: file)
            object.layer = newObject(kind: .layer(.layer), className: "CALayer", madeAt: at, file: file)
            if labels.first == "frame" || labels.first == "initWithFrame", case .rect(let r)? = a.first { setFrame(object.layer!, r) }
        default:
            throw Skip(reason: "\(className) is not understood", at: at)
        }
        return .object(object)
    }

    // MARK: Reading properties

    func property(of object: Object, _ name: String, at: SourcePosition, ownFirst: Bool = true) throws -> Value {
        if ownFirst, object.subclass != nil, let v = try field(of: object, name, at: at) { return v }
        switch object.kind {
        case .instance(let type):
            if let v = try field(of: object, name, at: at) { return v }
            if object.layer != nil || object.fields["view"] != nil { return try viewProperty(object, name, at: at) }
            if placeholderTypes.contains(type.name), let v = standInMember(name, of: type.name, at: at) { return v }
        case .view, .viewController:
            return try viewProperty(object, name, at: at)
        case .layer(let kind):
            let key = propertyKey(name)
            if key == "emitterCells" { return .array(object.cells.map(Value.object)) }
            if key == "emitterBehaviors" { return .array(object.behaviors.map(Value.object)) }
            if key == "sublayers" { return .array(object.sublayers.map(Value.object)) }
            if key == "superlayer" { return object.superlayer.map(Value.object) ?? .null }
            if key == "mask" { return object.mask.map(Value.object) ?? .null }
            if key == "affineTransform" { return .transform(modelState(of: object).layer.transform) }
            if let (address, _) = try? PropertyAddress.resolve(key == "type" && kind == .gradient ? "gradientType" : key, on: kind),
                let v = address.value(in: modelState(of: object))
            {
                return propertyValue(v)
            }
        case .behavior:
            let key = name == "isEnabled" ? "enabled" : name
            if key == "type" { return .string(object.behavior.type.rawValue) }
            if let d = EmitterBehavior.table[key] { return propertyValue(d.get(object.behavior)) }
        case .cell:
            let key = propertyKey(name)
            if key == "emitterCells" { return .array(object.cells.map(Value.object)) }
            if let d = EmitterCell.table[key] { return propertyValue(d.get(object.cell)) }
        case .animation:
            if let v = object.setting(propertyKey(name)) { return v }
            if let v = object.fields[name] { return v }
            if let v = try runBinding(name, on: receivers(of: .object(object)), form: .read, receiver: .object(object), at: at) { return v }
            return .null
        case .path, .mutableArray, .allocated, .propertyAnimator:
            break
        }
        if let v = try runBinding(name, on: receivers(of: .object(object)), form: .read, receiver: .object(object), at: at) { return v }
        if let v = geometryHelper(of: object, name, at: at) { return v }
        throw Skip(
            reason: "\(object.className) has no property \(name) that Sparks understands", at: at, unknown: "\(object.className).\(name)")
    }

    func viewProperty(_ object: Object, _ name: String, at: SourcePosition) throws -> Value {
        if let viewValue = object.fields["view"], case .object(let view) = viewValue, object.layer == nil {
            if name == "view" { return viewValue }
            return try viewProperty(view, name, at: at)
        }
        guard let layer = object.layer else { throw Skip(reason: "\(object.className) has no \(name)", at: at) }
        if let v = try runBinding(name, on: [.object(.view)], form: .read, receiver: .object(object), at: at) { return v }
        // A control's own state the code set (a slider's value) reads back as set.
        if let kept = object.fields[name] { return kept }
        return try property(of: layer, name, at: at)
    }

    /// Swift's `isHidden`, `isEnabled`, `isRemovedOnCompletion` as Core Animation's keys.
    func propertyKey(_ name: String) -> String {
        if name.hasPrefix("is"), name.count > 2, let third = name.dropFirst(2).first, third.isUppercase {
            return third.lowercased() + name.dropFirst(3)
        }
        return name
    }

    /// A property value as imported code sees it.
    func propertyValue(_ v: PropertyValue) -> Value {
        switch v {
        case .number(let n): return .number(n)
        case .bool(let b): return .bool(b)
        case .string(let s): return .string(s)
        case .vector(let vector):
            switch vector.count {
            case 2: return .point(Point(x: vector[0], y: vector[1]))
            case 4: return .rect(Rect(x: vector[0], y: vector[1], width: vector[2], height: vector[3]))
            default: return .array((0..<vector.count).map { .number(vector[$0]) })
            }
        case .color(let c): return .color(c)
        case .transform(let t): return .transform(t)
        case .image(let t): return t.map { .image($0.name) } ?? .null
        case .colors(let c): return .array(c.map(Value.color))
        case .numbers(let n): return .array(n.map(Value.number))
        case .imageCrossFade(let f): return f.to.map { .image($0.name) } ?? .null
        case .path(let p):
            let o = newObject(kind: .path, className: "CGPath", madeAt: SourcePosition(line: 0, column: 0), file: file)
            o.path = p
            return .object(o)
        }
    }

    // MARK: Setting properties

    func setProperty(of object: Object, _ name: String, _ value: Value, at: SourcePosition, ownFirst: Bool = true) throws {
        let key = propertyKey(name)
        if ownFirst, object.declaredType != nil, try setDeclaredProperty(of: object, name, value, at: at) { return }
        switch object.kind {
        case .instance:
            if object.layer != nil || object.fields["view"] != nil { return try setViewProperty(object, key, value, at: at) }
            object.fields[name] = value
        case .view, .viewController:
            try setViewProperty(object, key, value, at: at)
        case .layer(let kind):
            if key == "beginTime", case .mediaTime(let moment) = value { return setTimelineStart(of: object, moment, at: at) }
            // `setAffineTransform(_:)`, the `affineTransform` property: the transform in the plane.
            if key == "affineTransform" { return try setProperty(of: object, "transform", value, at: at) }
            if try animateChange(of: object, key, value, at: at) { return }
            if let t = deferredTime { return try deferChange(of: object, key, value, at: at, time: t) }
            switch key {
            case "emitterCells":
                guard kind == .emitter else { throw Skip(reason: "emitterCells belongs to emitter layers (CAEmitterLayer)", at: at) }
                object.cells = try cellList(value, owner: object, at: at)
            case "emitterBehaviors":
                guard kind == .emitter else { throw Skip(reason: "emitterBehaviors belongs to emitter layers (CAEmitterLayer)", at: at) }
                object.behaviors = try elements(of: value, at: at).map {
                    guard case .object(let b) = $0, case .behavior = b.kind else {
                        throw Skip(reason: "emitterBehaviors holds \($0.description), not a CAEmitterBehavior", at: at)
                    }
                    return b
                }
                note("emitterBehaviors is private API on iOS (CAEmitterBehavior); Sparks runs it", at: at)
            case "sublayers":
                object.sublayers = try elements(of: value, at: at).compactMap {
                    if case .object(let o) = $0, o.layerKind != nil { return o }
                    return nil
                }
                for child in object.sublayers { child.superlayer = object }
            case "mask":
                switch value {
                case .null: object.mask = nil
                case .object(let m) where m.layerKind != nil:
                    object.mask = m
                    m.masked = object
                case .object(let v) where v.layer != nil:  // a view's mask view
                    object.mask = v.layer
                    v.layer?.masked = object
                default: throw Skip(reason: "a mask is a layer, not \(value.description)", at: at)
                }
            case "style":
                throw Skip(reason: "\(key) is not supported by Sparks", at: at)
            case "delegate", "actions":
                // Read by the action search when a property changes later (implicit animations).
                object.fields[key] = value
            case "needsDisplayOnBoundsChange", "drawsAsynchronously", "shouldRasterize", "rasterizationScale",
                "isOpaque", "opaque", "edgeAntialiasingMask", "allowsEdgeAntialiasing", "allowsGroupOpacity":
                // How iOS caches, draws in the background or animates implicitly: not what it draws.
                note("\(key) changes how iOS draws the layer, not what it draws; not imported", at: at)
            case "repeatCount", "repeatDuration", "autoreverses", "duration":
                // A layer's own timing repeats nothing while its duration is 0, the default (Sparks
                // layers have none): kept for code that reads it back (an animation given the
                // layer's repeatCount).
                object.fields[key] = value
                note("a layer's own \(key) changes nothing Sparks draws (a layer's duration is 0); kept for the code that reads it", at: at)
            case "string" where kind == .text:
                try setText(of: object, value, at: at)
            case let textKey
            where kind == .text && object.fields["attributedText"] != nil && ["font", "fontSize", "foregroundColor"].contains(textKey):
                note("\(textKey) is not used when a text layer's string is attributed (its attributes give the font and colour)", at: at)
            case "font" where kind == .text:
                try setFont(of: object, value, at: at)
            case "contentsScale" where kind != .layer:
                fallthrough
            default:
                let keyPath = key == "type" && kind == .gradient ? "gradientType" : key
                let (address, valueKind): (PropertyAddress, PropertyKind)
                do throws(KeyPathError) {
                    (address, valueKind) = try PropertyAddress.resolve(keyPath, on: kind)
                } catch {
                    // A property of the files' own Objective-C layer class declared in a header
                    // that was not given (`self.animationDuration = 3`): kept, as the class keeps it.
                    if let type = object.declaredType, Self.isObjectiveC(fileOf(type) ?? file), !key.contains(".") {
                        object.fields[key] = value
                        note("\(key) is not declared in the files (\(type.name)'s header was not given?): kept as its property", at: at)
                        return
                    }
                    throw Skip(reason: Self.codeReason(error), at: at)
                }
                do {
                    let before = object.state.layer.bounds.size
                    address.apply(try propertyValue(value, kind: valueKind, key: key, at: at), to: &object.state)
                    if object.state.layer.bounds.size != before { sizeChanged(object) }
                } catch let unknown as UnknownChoice {
                    // iOS ignores a value it does not know and draws with the default.
                    let fallback = address.value(in: LayerState(layer: LayerProperties(), content: kind.defaultContent))
                    if let fallback { address.apply(fallback, to: &object.state) }
                    note(unknown.message(defaultValue: fallback), at: at)
                }
            }
        case .cell:
            if key == "beginTime", case .mediaTime(let moment) = value { return setTimelineStart(of: object, moment, at: at) }
            if let t = deferredTime { return try deferChange(of: object, key, value, at: at, time: t) }
            if key == "emitterCells" {
                object.cells = try cellList(value, owner: object, at: at)
                return
            }
            guard let d = EmitterCell.table[key] else {
                if key == "emitterBehaviors" {
                    throw Skip(reason: "emitterBehaviors belong to the emitter layer (CAEmitterLayer), not to a cell", at: at)
                }
                if key == "style" {
                    throw Skip(reason: "style is a private Core Animation key that Sparks does not support", at: at)
                }
                throw Skip(
                    reason: "\"\(key)\" is not a property of an emitter cell (CAEmitterCell)"
                        + (nearestKey(to: key, in: EmitterCell.table.keys.sorted()).map { " (did you mean \"\($0)\"?)" } ?? ""), at: at)
            }
            do {
                d.set(&object.cell, try propertyValue(value, kind: d.kind, key: key, at: at))
            } catch let unknown as UnknownChoice {
                let fallback = d.get(EmitterCell())
                d.set(&object.cell, fallback)
                note(unknown.message(defaultValue: fallback), at: at)
            }
        case .behavior:
            try setBehaviorProperty(of: object, key, value, at: at)
        case .animation:
            object.settings.append((key, value, at))
        case .path:
            guard try runBinding(name, on: [.object(.path)], form: .write, receiver: .object(object), [value], at: at) != nil else {
                throw Skip(reason: "a path has no property \(name) to set", at: at)
            }
        case .propertyAnimator:
            guard try runBinding(name, on: [.object(.propertyAnimator)], form: .write, receiver: .object(object), [value], at: at) != nil
            else { throw Skip(reason: "a property animator's \(name) is not imported", at: at) }
        case .mutableArray, .allocated:
            throw Skip(reason: "cannot set \(name) here", at: at)
        }
    }

    func isMoment(_ value: Value?) -> Bool {
        if case .mediaTime? = value { return true }
        return false
    }

    /// `beginTime = CACurrentMediaTime() ± x` on a layer or cell: its timeline starts x seconds
    /// after the moment the code runs. An emitter (or a top-level cell) started "now" starts
    /// empty instead of already running (core-animation.md §5.7); restarting the clock of an
    /// emitter as a later change raises its rate is what Sparks does anyway (it does not back-fill
    /// an idle emitter's gap).
    func setTimelineStart(of object: Object, _ moment: Double, at: SourcePosition) {
        let offset = moment - (deferredTime ?? 0)
        if deferredTime != nil, offset == 0 {
            note("beginTime = CACurrentMediaTime() restarts the clock; the emission that follows starts then, as it does here", at: at)
            return
        }
        if object.layerKind == .emitter, offset == 0 {
            object.state.content.changeEmitter { $0.startup = .empty }
            note("beginTime = CACurrentMediaTime(): the emitter starts empty, not already running", at: at)
            return
        }
        if object.isCell, offset == 0 {
            object.startsNow = true
            note("beginTime = CACurrentMediaTime() on a cell: its emitter starts empty, not already running", at: at)
            return
        }
        if object.isCell {
            object.cell.timing.beginTime = offset
        } else {
            object.state.layer.timing.beginTime = offset
        }
    }

    /// A key-path error as said of code: the reason (without a preset's advice) and the
    /// nearest key.
    static func codeReason(_ error: KeyPathError) -> String {
        var reason = error.reason
        if let cut = reason.range(of: "; add \"type\"") { reason = String(reason[..<cut.lowerBound]) }
        return reason + (error.suggestion.map { " (did you mean \"\($0)\"?)" } ?? "")
    }

    private func cellList(_ value: Value, owner: Object, at: SourcePosition) throws -> [Object] {
        try elements(of: value, at: at).map { v in
            guard case .object(let cell) = v, cell.isCell else {
                throw Skip(reason: "emitterCells holds \(v.description), not an emitter cell", at: at)
            }
            cell.owner = owner
            return cell
        }
    }

    var hostBackground: Color? {
        get {
            if case .color(let c)? = hostView.fields["backgroundColor"] { return c }
            return nil
        }
        set { hostView.fields["backgroundColor"] = newValue.map(Value.color) }
    }

    private func setViewProperty(_ object: Object, _ key: String, _ value: Value, at: SourcePosition) throws {
        if let viewValue = object.fields["view"], case .object(let view) = viewValue, object.layer == nil {
            return try setViewProperty(view, key, value, at: at)
        }
        guard object.layer != nil else { throw Skip(reason: "\(object.className) has no \(key)", at: at) }
        if try runBinding(key, on: [.object(.view)], form: .write, receiver: .object(object), [value], at: at) != nil { return }
        // A property of the files' own view class declared where the files do not show (an
        // Objective-C header not given): kept, as the class would keep it.
        if let type = object.declaredType {
            object.fields[key] = value
            note("\(key) is not declared in the files (\(type.name)'s header was not given?): kept as its property", at: at)
            return
        }
        // A control's own state (a slider's value, a switch's isOn): nothing a layer draws,
        // but code reads it back (a demo sets a slider, then reads it into the effect).
        object.fields[key] = value
        note("\(object.className)'s \(key) changes nothing a layer draws; kept for the code that reads it back", at: at)
    }

    /// `frame = rect`: bounds take its size, position its point at the anchor (CALayer.frame).
    func setFrame(_ layer: Object, _ r: Rect) {
        var p = layer.state.layer
        p.bounds = Rect(x: p.bounds.origin.x, y: p.bounds.origin.y, width: r.size.width, height: r.size.height)
        p.position = Point(x: r.origin.x + p.anchorPoint.x * r.size.width, y: r.origin.y + p.anchorPoint.y * r.size.height)
        if p.bounds.size != layer.state.layer.bounds.size { sizeChanged(layer) }
        layer.state.layer = p
    }

    /// `setValue(_:forKeyPath:)` on a layer: any key path Sparks resolves (`emitterCells.spark.birthRate`).
    func setKeyPath(of layer: Object, _ keyPath: String, _ value: Value, at: SourcePosition) throws {
        if !keyPath.contains(".") { return try setProperty(of: layer, keyPath, value, at: at) }
        guard let kind = layer.layerKind else { return }
        let (address, valueKind): (PropertyAddress, PropertyKind)
        do throws(KeyPathError) {
            (address, valueKind) = try PropertyAddress.resolve(keyPath, on: kind)
        } catch {
            throw Skip(reason: "key path \"\(keyPath)\": \(Self.codeReason(error))", at: at)
        }
        let v = try propertyValue(value, kind: valueKind, key: keyPath, at: at)
        if case .cell(let names, let key, let component) = address {
            // Cells are objects here: find the one named and change it.
            var cells = layer.cells
            var target: Object?
            for name in names {
                guard let found = cells.first(where: { ($0.cell.name ?? $0.nameHint) == name }) else {
                    throw Skip(reason: "key path \"\(keyPath)\": there is no cell named \"\(name)\"", at: at)
                }
                target = found
                cells = found.cells
            }
            guard let cell = target else { return }
            if let t = deferredTime {
                return try deferChange(
                    of: cell, key + (component == nil ? "" : keyPath.components(separatedBy: key).last ?? ""), value, at: at, time: t)
            }
            var state = LayerState(layer: LayerProperties(), content: .emitter(EmitterProperties()))
            var single = cell.cell
            single.name = "target"
            state.content.changeEmitter { $0.emitterCells = [single] }
            PropertyAddress.cell(names: ["target"], key: key, component: component).apply(v, to: &state)
            if var changed = state.content.emitter?.emitterCells.first {
                changed.name = cell.cell.name
                changed.emitterCells = cell.cell.emitterCells
                cell.cell = changed
            }
            return
        }
        if case .behavior(let name, let key, let component) = address {
            guard let behavior = layer.behaviors.first(where: { ($0.behavior.name ?? $0.nameHint) == name }) else {
                throw Skip(reason: "key path \"\(keyPath)\": there is no behaviour named \"\(name)\"", at: at)
            }
            if let t = deferredTime { return try deferChange(of: layer, keyPath, value, at: at, time: t) }
            guard component == nil else { throw Skip(reason: "key path \"\(keyPath)\": set the whole \(key)", at: at) }
            return try setBehaviorProperty(of: behavior, key, value, at: at)
        }
        if try animateChange(of: layer, keyPath, value, at: at) { return }
        if let t = deferredTime { return try deferChange(of: layer, keyPath, value, at: at, time: t) }
        address.apply(v, to: &layer.state)
    }

    func isGroup(_ animation: Object) -> Bool {
        if case .animation(.group) = animation.kind { return true }
        return false
    }

    /// A CAEmitterBehavior of the type `type` names (`"wave"`, `kCAEmitterBehaviorWave`).
    func makeBehavior(_ type: Value?, at: SourcePosition) throws -> Object {
        let options = EmitterBehavior.Kind.allCases.map(\.rawValue)
        let text: String
        switch type {
        case .string(let s)?: text = s
        case .constant(let c)?: text = c
        default: throw Skip(reason: "a CAEmitterBehavior without a type", at: at)
        }
        if text == "light" || text.hasSuffix("BehaviorLight") {
            throw Skip(
                reason: "the light behaviour is not supported: it lights particles as 3-D surfaces, which Sparks does not draw", at: at)
        }
        guard let name = IOSSpelling.canonical(text, among: options) ?? IOSSpelling.canonical("." + text, among: options),
            let kind = EmitterBehavior.Kind(rawValue: name)
        else {
            throw Skip(reason: "\"\(text)\" is not a CAEmitterBehavior type (types: \(options.joined(separator: ", ")))", at: at)
        }
        let object = newObject(kind: .behavior, className: "CAEmitterBehavior", madeAt: at, file: file)
        object.behavior = EmitterBehavior(type: kind)
        return object
    }

    /// `behavior.setValue(value, forKey: key)`: a key of the behaviour's type.
    func setBehaviorProperty(of object: Object, _ name: String, _ value: Value, at: SourcePosition) throws {
        let key = name == "isEnabled" ? "enabled" : name
        let type = object.behavior.type
        guard let d = EmitterBehavior.table[key], key == "name" || key == "enabled" || (EmitterBehavior.keys[type] ?? []).contains(key)
        else {
            throw Skip(reason: "\"\(key)\" is not a key of a \(type.rawValue) behaviour", at: at)
        }
        d.set(&object.behavior, try propertyValue(value, kind: d.kind, key: key, at: at))
    }

    /// The layer's state with its cells as values (for reading key paths through cells).
    func stateWithCells(_ layer: Object) -> LayerState {
        var state = layer.state
        state.content.changeEmitter {
            $0.emitterCells = layer.cells.map(cellValue)
            $0.emitterBehaviors = layer.behaviors.map(\.behavior)
        }
        return state
    }

    func cellValue(_ cell: Object) -> EmitterCell {
        var value = cell.cell
        value.emitterCells = cell.cells.map(cellValue)
        return value
    }

    /// A change made some time after the start: an animation on the layer (or on the layer
    /// holding the cell) that starts then and holds the new value.
    func deferChange(of object: Object, _ key: String, _ value: Value, at: SourcePosition, time: Double) throws {
        var layer = object
        var keyPath = key
        if object.isCell {
            var path: [String] = []
            var current: Object? = object
            while let c = current, c.isCell {
                if c.cell.name == nil { c.cell.name = c.nameHint ?? "cell" }
                path.insert(c.cell.name!, at: 0)
                current = c.owner
            }
            guard let owner = current, owner.layerKind == .emitter else {
                throw Skip(reason: "a later change to a cell that is in no emitter layer", at: at)
            }
            layer = owner
            keyPath = path.map { "emitterCells.\($0)" }.joined(separator: ".") + ".\(key)"
        }
        guard let kind = layer.layerKind else { throw Skip(reason: "a later change to \(object.className)", at: at) }
        let (address, valueKind): (PropertyAddress, PropertyKind)
        do throws(KeyPathError) {
            (address, valueKind) = try PropertyAddress.resolve(keyPath, on: kind)
        } catch {
            throw Skip(reason: "a later change of \(keyPath): \(Self.codeReason(error))", at: at)
        }
        let v = try propertyValue(value, kind: valueKind, key: key, at: at)
        layer.setLaterValue(v, at: address, time: time)
        // Set again at the same moment (a loop): the one change holds the last value.
        let held = Animation.holding(v, keyPath: keyPath, target: address, from: time)
        if let last = layer.scheduledChanges.last, last.keyPath == keyPath, last.timing.beginTime == time, !last.isAction,
            case .basic(let from, let to, _) = last.kind, from == to
        {
            layer.scheduledChanges[layer.scheduledChanges.count - 1] = held
        } else {
            layer.scheduledChanges.append(held)
        }
    }

    func setText(of layer: Object, _ value: Value, at: SourcePosition) throws {
        switch value {
        case .string(let s):
            layer.fields["attributedText"] = nil
            layer.state.content.changeText { $0.string = s }
        case .attributedText(let s, let font, let size, let color):
            layer.fields["attributedText"] = .bool(true)
            layer.state.content.changeText {
                $0.string = s
                $0.font = font ?? "Helvetica"
                $0.fontSize = size ?? 12
                $0.foregroundColor = color ?? .black
            }
            note("an attributed string is drawn with its own font and colour, not the layer's fontSize and foregroundColor", at: at)
        case .null:
            layer.state.content.changeText { $0.string = nil }
        default:
            throw Skip(reason: "a text layer's string is text, not \(value.description)", at: at)
        }
    }

    /// A text layer's `font`: a name, or a Core Text or Core Graphics font (whose size is
    /// ignored); a UIFont has no effect on iOS (Apple's documentation of CATextLayer.font).
    func setFont(of layer: Object, _ value: Value, at: SourcePosition) throws {
        switch value {
        case .string(let name), .font(let name, _, false):
            layer.state.content.changeText { $0.font = name }
        case .font(_, _, true):
            note("a UIFont given to a text layer's font does nothing on iOS (it takes a font name or a CTFont): Helvetica is drawn", at: at)
        default:
            throw Skip(reason: "a text layer's font is a font name or a CTFont, not \(value.description)", at: at)
        }
    }
}
