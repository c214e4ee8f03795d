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
        case "CABasicAnimation", "CAKeyframeAnimation", "CAAnimationGroup", "CASpringAnimation":
            object = newObject(kind: .animation(Object.AnimationClass(rawValue: className)!), className: className, madeAt: at, file: file)
            if labels.first == "keyPath" || labels.first == "animationWithKeyPath", let first = a.first {
                object.settings.append(("keyPath", first, at))
            }
        case "UIView", "UIImageView", "UILabel", "UIButton", "UIControl", "UIScrollView", "UIStackView", "UIVisualEffectView":
            object = newObject(kind: .view, className: className, madeAt: at, file: file)
            object.layer = newObject(kind: .layer(.layer), className: "CALayer", madeAt: at, file: file)
            if labels.first == "frame" || labels.first == "initWithFrame", case .rect(let r)? = a.first { setFrame(object.layer!, r) }
        default:
            throw Skip(reason: "\(className) is not understood", at: at)
        }
        return .object(object)
    }

    // MARK: Methods

    func objectMethod(
        _ object: Object, _ method: String, labels: [String?], _ a: [Value], at: SourcePosition, scope: Scope, selfObject: Object?
    ) throws -> Value {
        // The file's own methods first.
        if let type = object.declaredType,
            let result = try callMethod(type, on: object, name: method, labels: labels, arguments: a, at: at)
        {
            return result
        }
        if object.enumCase != nil {
            throw Skip(reason: "\(object.className).\(FunctionDecl.signature(method, labels)) is not in the files", at: at)
        }
        // Objective-C dispatches by name: a method of a class whose superclass is not among the
        // files (its header was not given) may be the superclass's, found by name.
        if let type = object.declaredType, type.superclass.flatMap(typeDecl(named:)) == nil,
            let (owner, decl) = files.flatMap(\.types).lazy.compactMap({ self.method(method, labels: labels, isStatic: false, in: $0) })
                .first
        {
            note("\(method) is not in \(type.name): \(owner.name)'s was run (its superclass is not among the files)", at: at)
            return try run(decl, of: owner, on: object, a, at: at)
        }
        // An extension of a UIKit view or Core Animation layer class in the files (`extension
        // UIView { func startShimmering() }`) on an object of that class or one below it.
        if object.declaredType == nil {
            let classes: [String] =
                switch object.kind {
                case .view: [object.className, "UIView"]
                case .layer(let kind): [object.className, kind.className, "CALayer"]
                default: []
                }
            for name in classes {
                if let type = typeDecl(named: name), let (owner, decl) = self.method(method, labels: labels, isStatic: false, in: type) {
                    return try run(decl, of: owner, on: object, a, at: at)
                }
            }
        }
        if case .allocated(let className) = object.kind, method.hasPrefix("init") {
            // `initWithFrame:` is Swift's `init(frame:)`.
            var rest = method.dropFirst(4)
            if rest.hasPrefix("With") { rest = rest.dropFirst(4) }
            var initLabels: [String?] = labels
            if !rest.isEmpty, !initLabels.isEmpty { initLabels[0] = rest.prefix(1).lowercased() + rest.dropFirst() }
            if let type = typeDecl(named: className) { return try construct(type, labels: initLabels, arguments: a, at: at) }
            return try builtinFunction(className, labels: initLabels, a, at: at, scope: scope, selfObject: selfObject)
        }
        if object.isPath, let drawn = try drawingMethod(on: .object(object), method, at: at) { return drawn }
        if case .path = object.kind { return try pathMethod(object, method, labels: labels, a, at: at) }
        if case .mutableArray = object.kind, method == "addObject" {
            object.items += a
            return .void
        }
        // Objective-C setters and getters as messages.
        if method.hasPrefix("set"), method.count > 3, a.count == 1, (labels.first ?? nil) == nil, method != "setValue" {
            let key = method.dropFirst(3).prefix(1).lowercased() + method.dropFirst(4)
            try setProperty(of: object, key, a[safe: 0], at: at)
            return .void
        }
        if a.isEmpty,
            ![
                "removeFromSuperlayer", "removeAllAnimations", "layoutIfNeeded", "setNeedsLayout", "setNeedsDisplay", "init", "copy",
                "removeFromSuperview", "sizeToFit",
            ].contains(method)
        {
            if let v = try? property(of: object, method, at: at) { return v }
        }
        if let value = try layerTreeMethod(object, method, labels: labels, a, at: at) { return value }
        if let value = try animationMethod(object, method, labels: labels, a, at: at) { return value }
        if let value = try keyValueMethod(object, method, labels: labels, a, at: at) { return value }
        if let value = try inertMethod(object, method, labels: labels, a, at: at) { return value }
        // A stored closure called through its property (`config.customize?(cells)`): nil does nothing.
        if object.declaredType != nil, let stored = try? field(of: object, method, at: at) {
            switch stored {
            case .null: return .null
            case .function(let f): return try call(f, a, at: at)
            default: break
            }
        }
        throw Skip(reason: "\(object.className).\(FunctionDecl.signature(method, labels)) is not understood", at: at)
    }

    /// Adding and removing sublayers and subviews (a removal after a delay hides the layer then). Nil when `method` is none of them.
    private func layerTreeMethod(_ object: Object, _ method: String, labels: [String?], _ a: [Value], at: SourcePosition) throws -> Value? {
        let layer = object.layerKind != nil ? object : object.layer
        switch method {
        case "addSublayer", "insertSublayer":
            guard let target = layer, case .object(let child)? = a.first, child.layerKind != nil else {
                throw Skip(reason: "\(method) of something that is not a layer", at: at)
            }
            child.superlayer?.sublayers.removeAll { $0 === child }
            var index = target.sublayers.count
            if labels.count == 2, labels[1] == "at" || labels[1] == "atIndex" {
                index = max(0, min(index, wholeNumber(try number(a[safe: 1], at: at)) ?? index))
            }
            if labels.count == 2, labels[1] == "below", case .object(let sibling) = a[safe: 1],
                let i = target.sublayers.firstIndex(where: { $0 === sibling })
            {
                index = i
            }
            if labels.count == 2, labels[1] == "above", case .object(let sibling) = a[safe: 1],
                let i = target.sublayers.firstIndex(where: { $0 === sibling })
            {
                index = i + 1
            }
            target.sublayers.insert(child, at: index)
            child.superlayer = target
            return .void
        case "addSubview", "insertSubview":
            guard let target = layer, case .object(let child)? = a.first,
                let childLayer = child.layer
                    ?? (child.fields["view"].flatMap {
                        if case .object(let v) = $0 { return v.layer }
                        return nil
                    })
            else {
                throw Skip(reason: "addSubview of something that is not a view", at: at)
            }
            childLayer.superlayer?.sublayers.removeAll { $0 === childLayer }
            target.sublayers.append(childLayer)
            childLayer.superlayer = target
            return .void
        case "removeFromSuperlayer", "removeFromSuperview":
            let me = object.layerKind != nil ? object : object.layer
            if let me, let parent = me.superlayer {
                if let t = deferredTime {
                    try deferChange(of: me, "hidden", .bool(true), at: at, time: t)
                } else {
                    parent.sublayers.removeAll { $0 === me }
                    me.superlayer = nil
                }
            }
            return .void
        default: return nil
        }
    }

    /// Adding and removing animations (an animation added after a delay begins then). Nil when `method` is none of them.
    private func animationMethod(_ object: Object, _ method: String, labels: [String?], _ a: [Value], at: SourcePosition) throws -> Value? {
        let layer = object.layerKind != nil ? object : object.layer
        switch method {
        case "add", "addAnimation":
            guard let target = layer, case .object(let animation)? = a.first, case .animation = animation.kind else {
                throw Skip(reason: "\(method) of something that is not an animation", at: at)
            }
            var key: String?
            if a.count > 1, case .string(let k) = a[safe: 1] { key = k }
            // A property animation without a key path animates the property its key names
            // (`add(CABasicAnimation(), forKey: "opacity")`), as Core Animation does.
            if let key, animation.setting("keyPath") == nil, !isGroup(animation) {
                animation.settings.append(("keyPath", .string(key), at))
            }
            var converted = try convertAnimation(animation, on: target, at: at)
            converted.key = key
            // Added later (a timer's closure): a beginTime of 0 is "now", one read from the clock
            // is already a moment of the effect.
            if let t = deferredTime, !isMoment(animation.setting("beginTime")) { converted.timing.beginTime += t }
            if let key { target.animations.removeAll { $0.key == key } }
            target.animations.append(converted)
            try animationAdded(animation, converted, at: at)
            return .void
        case "removeAllAnimations":
            layer?.animations.removeAll()
            return .void
        case "removeAnimation", "removeAnimationForKey":
            if case .string(let k)? = a.first { layer?.animations.removeAll { $0.key == k } }
            return .void
        default: return nil
        }
    }

    /// Key-value coding: `setValue(_:forKeyPath:)` and `value(forKeyPath:)` through Sparks's key
    /// paths. Nil when `method` is none of them.
    private func keyValueMethod(_ object: Object, _ method: String, labels: [String?], _ a: [Value], at: SourcePosition) throws -> Value? {
        switch method {
        case "setValue":
            guard a.count == 2, case .string(let keyPath) = a[safe: 1] else {
                throw Skip(reason: "setValue(_:forKeyPath:) with a key path that is not a string", at: at)
            }
            if let target = object.layerKind != nil ? object : nil {
                try setKeyPath(of: target, keyPath, a[safe: 0], at: at)
            } else {
                try setProperty(of: object, keyPath, a[safe: 0], at: at)
            }
            return .void
        case "value", "valueForKeyPath", "valueForKey":
            guard case .string(let keyPath)? = a.first else {
                throw Skip(reason: "value(forKeyPath:) with a key path that is not a string", at: at)
            }
            if let target = object.layerKind != nil ? object : nil,
                let (address, _) = try? PropertyAddress.resolve(keyPath, on: target.layerKind!)
            {
                return propertyValue(address.value(in: stateWithCells(target)) ?? .bool(false))
            }
            return try property(of: object, keyPath, at: at)
        default: return nil
        }
    }

    /// Methods that change nothing Sparks draws (layout, display, conversions, copies), and
    /// `perform(_:with:afterDelay:)`. Nil when `method` is none of them.
    private func inertMethod(_ object: Object, _ method: String, labels: [String?], _ a: [Value], at: SourcePosition) throws -> Value? {
        switch method {
        case "layoutIfNeeded", "setNeedsLayout", "setNeedsDisplay", "layoutSublayers", "sizeToFit", "copy", "init", "bringSubviewToFront",
            "display":
            return method == "copy" ? .object(object) : .void
        case "retain", "autorelease":
            // Manual reference counting: the object itself, kept.
            return .object(object)
        case "release":
            return .void
        case "convert", "convertPoint":
            return a.first ?? .null
        case "takeUnretainedValue", "takeRetainedValue":
            return .object(object)
        case "perform", "performSelector":
            guard case .selector(let name)? = a.first else { throw Skip(reason: "perform without a selector", at: at) }
            let delayIndex = labels.firstIndex { $0 == "afterDelay" }
            let delay = try delayIndex.map { try number(a[safe: $0], at: at) } ?? 0
            return try runSelectorLater(name, after: delay, on: object, at: at)
        case "convertTime":
            return a.first ?? .number(0)
        default: return nil
        }
    }

    // MARK: Reading properties

    func property(of object: Object, _ name: String, at: SourcePosition, ownFirst: Bool = true) throws -> Value {
        if ownFirst, object.subclass != nil, let v = try field(of: object, name, at: at) { return v }
        switch object.kind {
        case .instance:
            if let v = try field(of: object, name, at: at) { return v }
            if object.layer != nil || object.fields["view"] != nil { return try viewProperty(object, name, at: at) }
        case .view, .viewController:
            return try viewProperty(object, name, at: at)
        case .layer(let kind):
            let key = propertyKey(name)
            if key == "emitterCells" { return .array(object.cells.map(Value.object)) }
            if key == "emitterBehaviors" { return .array(object.behaviors.map(Value.object)) }
            if key == "sublayers" { return .array(object.sublayers.map(Value.object)) }
            if key == "superlayer" { return object.superlayer.map(Value.object) ?? .null }
            if key == "animationKeys" { return .array(object.animations.compactMap(\.key).map(Value.string)) }
            if let (address, _) = try? PropertyAddress.resolve(key == "type" && kind == .gradient ? "gradientType" : key, on: kind),
                let v = address.value(in: object.state)
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
            return .null
        case .path:
            if ["cgPath", "CGPath", "copy"].contains(name) { return .object(object) }
            if name == "bounds" { return .rect(bounds(of: object.path)) }
        case .mutableArray:
            if name == "count" { return .number(Double(object.items.count)) }
        case .allocated:
            break
        }
        throw Skip(reason: "\(object.className) has no property \(name) that Sparks understands", at: at)
    }

    func viewProperty(_ object: Object, _ name: String, at: SourcePosition) throws -> Value {
        if let viewValue = object.fields["view"], case .object(let view) = viewValue, object.layer == nil {
            if name == "view" { return viewValue }
            return try viewProperty(view, name, at: at)
        }
        guard let layer = object.layer else { throw Skip(reason: "\(object.className) has no \(name)", at: at) }
        let bounds = layer.state.layer.bounds
        switch name {
        case "layer": return .object(layer)
        case "view": return .object(object)
        case "bounds": return .rect(bounds)
        case "frame": return .rect(layer.state.layer.frame)
        case "center": return .point(layer.state.layer.position)
        case "window", "superview", "traitCollection", "safeAreaInsets": return .null
        case "contentScaleFactor", "scale": return .number(Double(deviceScale))
        case "alpha": return .number(layer.state.layer.opacity)
        case "backgroundColor":
            return object === hostView ? .color(hostBackground ?? .clear) : propertyValue(.color(layer.state.layer.backgroundColor))
        case "subviews": return .array([])
        case _ where name.hasSuffix("Anchor") || name == "constraints" || name == "safeAreaLayoutGuide" || name == "layoutMarginsGuide":
            // Auto Layout is not evaluated: a view it sizes, still without a size, takes its
            // superview's bounds (what constraints to the edges give, the usual case).
            if bounds.size.width == 0 || bounds.size.height == 0, let superlayer = layer.superlayer {
                setFrame(layer, superlayer.state.layer.bounds)
                let b = superlayer.state.layer.bounds.size
                note(
                    "Auto Layout is not evaluated: this \(object.className) takes its superview's bounds (\(NumberText.shortest(b.width)) × \(NumberText.shortest(b.height))); set its frame to place it otherwise",
                    at: at)
            }
            return .null
        default:
            // A control's own state the code set (a slider's value) reads back as set.
            if let kept = object.fields[name] { return kept }
            return try property(of: layer, name, at: at)
        }
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
                case .object(let m) where m.layerKind != nil: object.mask = m
                case .object(let v) where v.layer != nil: object.mask = v.layer  // a view's mask view
                default: throw Skip(reason: "a mask is a layer, not \(value.description)", at: at)
                }
            case "delegate", "actions", "style", "needsDisplayOnBoundsChange", "drawsAsynchronously", "shouldRasterize",
                "rasterizationScale", "isOpaque", "opaque", "edgeAntialiasingMask", "allowsEdgeAntialiasing":
                throw Skip(reason: "\(key) is not supported by Sparks", at: at)
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
                    throw Skip(reason: Self.codeReason(error), at: at)
                }
                do {
                    address.apply(try propertyValue(value, kind: valueKind, key: key, at: at), to: &object.state)
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
                        + (nearestCellKey(key).map { " (did you mean \"\($0)\"?)" } ?? ""), at: at)
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
            // What a path's own fill() and stroke() use when drawn into an image.
            guard ["lineWidth", "usesEvenOddFillRule", "lineCapStyle", "lineJoinStyle", "miterLimit", "flatness"].contains(name) else {
                throw Skip(reason: "a path has no property \(name) to set", at: at)
            }
            object.fields[name] = value
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

    private func nearestCellKey(_ key: String) -> String? {
        let keys = EmitterCell.table.keys
        return keys.min { distance($0, key) < distance($1, key) }.flatMap { distance($0, key) <= 3 ? $0 : nil }
    }

    private func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a.lowercased()), b = Array(b.lowercased())
        var row = Array(0...b.count)
        for i in 1...max(1, a.count) where !a.isEmpty {
            var previous = row[0]
            row[0] = i
            for j in 1...max(1, b.count) where !b.isEmpty {
                let old = row[j]
                row[j] = min(row[j] + 1, row[j - 1] + 1, previous + (a[i - 1] == b[j - 1] ? 0 : 1))
                previous = old
            }
        }
        return row[b.count]
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

    private var hostBackground: Color? {
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
        guard let layer = object.layer else { throw Skip(reason: "\(object.className) has no \(key)", at: at) }
        switch key {
        case "backgroundColor":
            if object === hostView || (object.fields["isHost"] != nil) {
                hostView.fields["backgroundColor"] = .color(try color(value, at: at))
            } else {
                try setProperty(of: layer, "backgroundColor", value, at: at)
            }
        case "alpha": try setProperty(of: layer, "opacity", value, at: at)
        case "mask", "maskView": try setProperty(of: layer, "mask", value, at: at)
        case "center": try setProperty(of: layer, "position", value, at: at)
        case "frame": setFrame(layer, try rect(value, at: at))
        case "bounds", "transform3D": try setProperty(of: layer, key == "transform3D" ? "transform" : key, value, at: at)
        case "clipsToBounds": try setProperty(of: layer, "masksToBounds", value, at: at)
        case "hidden": try setProperty(of: layer, "hidden", value, at: at)
        case "text", "attributedText", "textColor", "font", "textAlignment", "numberOfLines", "adjustsFontSizeToFitWidth", "title",
            "lineBreakMode":
            // A label's or button's own text is drawn by UIKit, not by a layer.
            note("\(object.className)'s \(key) is drawn by UIKit, not by a layer; not imported (a CATextLayer draws text)", at: at)
        case "userInteractionEnabled", "translatesAutoresizingMaskIntoConstraints", "autoresizingMask", "contentMode", "tag",
            "accessibilityIdentifier", "isAccessibilityElement", "tintColor", "multipleTouchEnabled", "exclusiveTouch":
            // Touch handling, layout and accessibility change nothing drawn.
            note("\(key) concerns UIKit views, not layers; it changes nothing drawn", at: at)
        default:
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
    }

    /// `frame = rect`: bounds take its size, position its point at the anchor (CALayer.frame).
    func setFrame(_ layer: Object, _ r: Rect) {
        var p = layer.state.layer
        p.bounds = Rect(x: p.bounds.origin.x, y: p.bounds.origin.y, width: r.size.width, height: r.size.height)
        p.position = Point(x: r.origin.x + p.anchorPoint.x * r.size.width, y: r.origin.y + p.anchorPoint.y * r.size.height)
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
        if let t = deferredTime { return try deferChange(of: layer, keyPath, value, at: at, time: t) }
        address.apply(v, to: &layer.state)
    }

    private func isGroup(_ animation: Object) -> Bool {
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
        var animation = Animation(kind: .basic(from: v, to: v, by: nil), keyPath: keyPath, target: address)
        animation.timing.beginTime = time
        animation.timing.duration = 1
        animation.timing.fillMode = .forwards
        animation.removedOnCompletion = false
        layer.scheduledChanges.append(animation)
    }

    // MARK: Values for properties

    func propertyValue(_ value: Value, kind: PropertyKind, key: String, at: SourcePosition) throws -> PropertyValue {
        let result: PropertyValue
        switch kind {
        case .number(let rule):
            let n = try number(value, at: at, what: "a number for \(key)")
            if let problem = rule.violation(n) { throw Skip(reason: "\(key): \(problem)", at: at) }
            result = .number(n)
        case .repeatCount:
            let n = try number(value, at: at, what: "a repeat count for \(key)")
            if n.isNaN || n < 0 { throw Skip(reason: "\(key): \(PresetNumber.text(n)) is not a repeat count", at: at) }
            // `Float(Int.max)`, `Float(Int32.max)`: more repeats than any effect lives through.
            if n.isFinite, n >= Self.foreverRepeatCount {
                note("\(key) \(PresetNumber.text(n)) repeats for ever", at: at)
                result = .number(.infinity)
            } else {
                result = .number(n)
            }
        case .seed:
            let n = try number(value, at: at, what: "a seed")
            guard n >= 0, n <= Double(UInt32.max) else { throw Skip(reason: "seed: \(PresetNumber.text(n)) is not a 32-bit seed", at: at) }
            result = .number(n.rounded(.down))
        case .bool:
            result = .bool(try truth(value, at: at))
        case .text:
            guard case .string(let s) = value else { throw Skip(reason: "\(key) needs a string, got \(value.description)", at: at) }
            result = .string(s)
        case .choice(let options):
            let text: String
            switch value {
            case .constant(let c): text = c
            case .string(let s): text = s
            case .valueFunction(let f): text = f.rawValue
            default: throw Skip(reason: "\(key) needs one of \(options.joined(separator: ", ")), got \(value.description)", at: at)
            }
            guard
                let option = IOSSpelling.canonical(text, among: options)
                    ?? IOSSpelling.canonical(text.hasPrefix(".") ? text : "." + text, among: options)
            else {
                throw UnknownChoice(key: key, text: text, options: options)
            }
            result = .string(option)
        case .point:
            let p = try point(value, at: at)
            result = .vector(PropertyVector(p.x, p.y))
        case .size, .offset:
            let s = try size(value, at: at)
            if kind == .size, s.width < 0 || s.height < 0 { throw Skip(reason: "\(key): a size must not be negative", at: at) }
            result = .vector(PropertyVector(s.width, s.height))
        case .rect:
            let r = try rect(value, at: at)
            result = .vector(PropertyVector(r.origin.x, r.origin.y, r.size.width, r.size.height))
        case .vector3:
            let items = try elements(of: value, at: at).map { try number($0, at: at) }
            guard items.count == 3 else { throw Skip(reason: "\(key) needs three numbers", at: at) }
            result = .vector(PropertyVector(items))
        case .color:
            result = .color(try color(value, at: at))
        case .transform:
            result = .transform(try transform(value, at: at))
        case .image:
            switch value {
            case .image(let name):
                // An image the code drew is the file it is drawn into; others are found (or stood in for).
                let fileName = drawnImages.contains { $0.fileName == name } ? name : imageFile(name, file, at)
                result = .image(Texture(name: fileName, pixelWidth: 0, pixelHeight: 0))
            case .null: result = .image(nil)
            default: throw Skip(reason: "\(key) needs an image (UIImage(named:)), got \(value.description)", at: at)
            }
        case .colorList:
            result = .colors(try elements(of: value, at: at).map { try color($0, at: at) })
        case .numberList(let rule):
            let numbers = try elements(of: value, at: at).map { try number($0, at: at) }
            if let bad = numbers.lazy.compactMap(rule.violation).first { throw Skip(reason: "\(key): \(bad)", at: at) }
            result = .numbers(numbers)
        case .path:
            guard case .object(let o) = value, case .path = o.kind else {
                if case .null = value { return .path(BezierPath()) }
                throw Skip(reason: "\(key) needs a path, got \(value.description)", at: at)
            }
            result = .path(o.path)
        }
        return result
    }

    /// A repeat count this large (a billion cycles) is the code's way of saying "for ever".
    static let foreverRepeatCount = 1e9

    func point(_ value: Value, at: SourcePosition) throws -> Point {
        switch value {
        case .point(let p): return p
        case .constant(".zero"): return Point(x: 0, y: 0)
        case .array(let items) where items.count == 2: return Point(x: try number(items[0], at: at), y: try number(items[1], at: at))
        default: throw Skip(reason: "expected a point, got \(value.description)", at: at)
        }
    }

    func size(_ value: Value, at: SourcePosition) throws -> Size {
        switch value {
        case .size(let s): return s
        case .constant(".zero"): return Size(width: 0, height: 0)
        case .point(let p):
            // A point given where a size is wanted (through an NSValue or key-value coding):
            // iOS reads the same two numbers as width and height.
            note("a point given as a size: x is the width, y the height", at: at)
            return Size(width: p.x, height: p.y)
        default: throw Skip(reason: "expected a size, got \(value.description)", at: at)
        }
    }

    func rect(_ value: Value, at: SourcePosition) throws -> Rect {
        switch value {
        case .rect(let r): return r
        case .constant(".zero"): return Rect(x: 0, y: 0, width: 0, height: 0)
        default: throw Skip(reason: "expected a rectangle, got \(value.description)", at: at)
        }
    }

    func color(_ value: Value, at: SourcePosition) throws -> Color {
        switch value {
        case .color(let c): return c
        case .constant(let c): if let color = namedColor(c) { return color }
        case .string(let s): if let color = namedColor(s) { return color }
        case .null: return .clear
        default: break
        }
        throw Skip(reason: "expected a colour, got \(value.description)", at: at)
    }

    func transform(_ value: Value, at: SourcePosition) throws -> Transform3D {
        switch value {
        case .transform(let t): return t
        case .constant(".identity"): return .identity
        default: throw Skip(reason: "expected a transform, got \(value.description)", at: at)
        }
    }

    /// Runs a method of the files' type `owner` on `object`, in the method's own file.
    private func run(_ decl: FunctionDecl, of owner: TypeDecl, on object: Object, _ a: [Value], at: SourcePosition) throws -> Value {
        let saved = file
        file = decl.file ?? file
        defer { file = saved }
        return try callBody(
            decl.body, parameters: decl.parameters, arguments: a, captured: globals, selfObject: object,
            name: "\(owner.name).\(decl.signature)",
            at: at)
    }

    // MARK: Text layers

    /// A text layer's `string`: text, or an attributed string whose font, size and colour
    /// (Helvetica 12-point black when its attributes give none) are what iOS draws it with.
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
