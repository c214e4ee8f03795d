import Foundation
import SparksCore

/// Assignments: to variables, fields of the files' types (running their observers and
/// Objective-C setters), and properties of layers, views and cells.
extension Interpreter {
    // MARK: Assignment

    func assign(_ target: Expr, _ value: Value, _ scope: Scope, _ selfObject: Object?) throws {
        switch target.kind {
        case .name(let name):
            if name == "self" { return }  // `self = [super initWithFrame:frame]`
            if scope.assign(name, value) { return giveName(value, as: name) }
            if let object = selfObject, try setField(of: object, name, value, at: target.at) { return }
            if globals.assign(name, value) { return }
            throw Skip(reason: "\(name) is not declared", at: target.at)
        case .member(let baseExpr?, let member):
            let base = try evaluate(baseExpr, scope, selfObject)
            switch base {
            case .object(let object):
                try setProperty(of: object, member, value, at: target.at)
            case .null:
                // `emitter?.birthRate = 0` on nil, `nil.birthRate = 0` in Objective-C: nothing happens.
                return
            case .constant("PlaygroundPage.current") where member == "liveView":
                return try showLiveView(value, at: target.at)
            case .point, .size, .rect, .transform, .constant(".zero"):
                // `frame.origin.x = 10`, `t.m34 = -1/500`: change the copy, store it back.
                let changed = try setComponent(of: base, member, value, at: target.at)
                try assign(baseExpr, changed, scope, selfObject)
            case .constant:
                // A member of an instance reached through a class (`displayLink.preferredFramesPerSecond = 30`).
                if try runBinding(member, on: receivers(of: base), form: .write, receiver: base, [value], at: target.at) != nil { return }
                throw Skip(reason: "cannot set \(member) of \(base.description)", at: target.at)
            default:
                throw Skip(reason: "cannot set \(member) of \(base.description)", at: target.at)
            }
        case .subscript(let baseExpr, let indices):
            // `emitters[name] = emitter`: a dictionary's value for the key, replaced or added.
            if case .dictionary(var pairs)? = try? evaluate(baseExpr, scope, selfObject), let first = indices.first {
                // Searched for the key, and copied.
                try charge(elements: pairs.count)
                let key = try evaluate(first, scope, selfObject)
                pairs.removeAll { sameKey($0.0, key) }
                if !isNull(value) { pairs.append((key, value)) }
                try willMake(elements: 1)
                return try assign(baseExpr, .dictionary(pairs), scope, selfObject)
            }
            guard var items = try? elements(of: try evaluate(baseExpr, scope, selfObject), at: target.at), let first = indices.first,
                case .number(let n) = try evaluate(first, scope, selfObject), let i = wholeNumber(n), i >= 0, i < items.count
            else { throw Skip(reason: "cannot set this element", at: target.at) }
            try charge(elements: items.count)
            items[i] = value
            try assign(baseExpr, .array(items), scope, selfObject)
        default:
            throw Skip(reason: "cannot assign to this expression", at: target.at)
        }
    }

    /// Sets a property of an object of the files' own class (an instance, or a layer of a layer
    /// subclass), as the code names it inside the class; false when the class has none.
    func setField(of object: Object, _ name: String, _ value: Value, at: SourcePosition) throws -> Bool {
        guard object.declaredType != nil else { return false }
        if try setDeclaredProperty(of: object, name, value, at: at) { return true }
        if object.isViewLike || object.layerKind != nil || object.isCell {
            try setProperty(of: object, name, value, at: at)
            return true
        }
        return false
    }

    /// Sets a property the object's own class declares (running its `didSet`, or the Objective-C
    /// setter method the class writes); false when it declares none of that name.
    func setDeclaredProperty(of object: Object, _ name: String, _ value: Value, at: SourcePosition) throws -> Bool {
        guard let type = object.declaredType else { return false }
        let plain = name.hasPrefix("_") ? String(name.dropFirst()) : name
        // `_on` is `on`'s instance variable, unless the class declares `_on` itself (a Swift
        // `private var _on` behind a computed `on`).
        let fieldName = declaredProperty(name, in: type) == nil && declaredProperty(plain, in: type) != nil ? plain : name
        // `self.selected = YES` in Objective-C calls the class's `setSelected:` (but `_selected = …`
        // inside it sets the variable).
        if !name.hasPrefix("_"), let setter = setterMethod(fieldName, in: type),
            settersRunning.insert("\(ObjectIdentifier(object).hashValue).\(fieldName)").inserted
        {
            defer { settersRunning.remove("\(ObjectIdentifier(object).hashValue).\(fieldName)") }
            _ = try callBody(
                setter.body, parameters: setter.parameters, arguments: [value], captured: globals, selfObject: object,
                name: "\(type.name).\(setter.signature)", at: at)
            return true
        }
        guard let property = declaredProperty(fieldName, in: type) else {
            if object.fields[plain] != nil || object.fields[fieldName] != nil {
                object.fields[object.fields[plain] != nil ? plain : fieldName] = value
                return true
            }
            // `_radius = radius` in Objective-C: the instance variable Xcode synthesises for a
            // property declared in a header that was not given; kept as that property.
            if name.hasPrefix("_"), plain.first?.isLetter == true, Self.isObjectiveC(fileOf(type) ?? file) {
                object.fields[plain] = value
                note(
                    "\(name) is the instance variable of \(type.name)'s property \(plain), declared in a header that was not given", at: at)
                return true
            }
            return false
        }
        let old = object.fields[fieldName] ?? .null
        if isInheritedLayerProperty(property, of: object) {
            // `override var backgroundColor: CGColor? { didSet { … } }`: the layer's own property.
            try setProperty(of: object, fieldName, value, at: at, ownFirst: false)
        } else {
            object.fields[fieldName] = value
            giveName(value, as: fieldName)
        }
        if let didSet = property.didSet {
            let key = "\(ObjectIdentifier(object).hashValue).\(fieldName)"
            // A property set inside its own observer does not run the observer again, as in Swift.
            if observersRunning.insert(key).inserted {
                defer { observersRunning.remove(key) }
                let saved = file
                file = property.file ?? file
                defer { file = saved }
                _ = try callBody(
                    didSet, parameters: [Parameter(label: nil, name: "oldValue")], arguments: [old], captured: globals,
                    selfObject: object, name: "\(type.name).\(fieldName).didSet", at: at)
            }
        }
        return true
    }

    /// A property the type (or a class of the files it inherits from) declares.
    func declaredProperty(_ name: String, in type: TypeDecl) -> PropertyDecl? {
        lineage(of: type).lazy.compactMap { t in t.properties.first { $0.name == name && !$0.isStatic } }.first
    }

    /// An Objective-C class's own setter for a property (`- (void)setSelected:(BOOL)selected`).
    private func setterMethod(_ property: String, in type: TypeDecl) -> FunctionDecl? {
        guard let first = property.first else { return nil }
        let name = "set" + first.uppercased() + property.dropFirst()
        return lineage(of: type).lazy.compactMap { t in
            t.methods.first {
                $0.name == name && $0.parameters.count == 1 && !$0.isStatic && ($0.file.map(Self.isObjectiveC) ?? false)
            }
        }.first
    }

    /// An Objective-C class's own getter for a property (`- (CAShapeLayer *)ring`).
    private func getterMethod(_ property: String, in type: TypeDecl) -> (owner: TypeDecl, decl: FunctionDecl)? {
        for t in lineage(of: type) {
            if let decl = t.methods.first(where: {
                $0.name == property && $0.parameters.isEmpty && !$0.isStatic && ($0.file.map(Self.isObjectiveC) ?? false)
            }) {
                return (t, decl)
            }
        }
        return nil
    }

    static func isObjectiveC(_ path: String) -> Bool { !path.lowercased().hasSuffix(".swift") }

    /// Whether a property a layer subclass declares is the layer's own (an override with an
    /// observer, such as `backgroundColor` or `instanceCount`), not a stored property of its own.
    func isInheritedLayerProperty(_ property: PropertyDecl, of object: Object) -> Bool {
        guard property.initialValue == nil, property.getter == nil else { return false }
        if let kind = object.layerKind { return (try? PropertyAddress.resolve(propertyKey(property.name), on: kind)) != nil }
        // `override var bounds: CGRect { didSet { … } }` in a UIView subclass: the view's own.
        return object.layer != nil && BindingTable.shared.has(property.name, on: [.object(.view)], form: .read)
    }

    /// A field of an instance: stored (its initial value worked out on first use, as a lazy
    /// property's is) or computed.
    func field(of object: Object, _ name: String, at: SourcePosition) throws -> Value? {
        guard let type = object.declaredType else {
            if object.isViewLike { return try? member(of: .object(object), name, at: at, scope: globals, selfObject: object) }
            return nil
        }
        let plain = String(name.dropFirst())
        let fieldName =
            name.hasPrefix("_") && declaredProperty(name, in: type) == nil
                && (declaredProperty(plain, in: type) != nil || object.fields[plain] != nil) ? plain : name
        // An Objective-C getter of the class's own (`- (CALayer *)dot { if (!_dot) … return _dot; }`),
        // which `self.dot` calls; inside it, `_dot` is the instance variable.
        if !name.hasPrefix("_"), let getter = getterMethod(name, in: type) {
            let key = "\(ObjectIdentifier(object).hashValue).\(name)"
            if settersRunning.insert(key).inserted {
                defer { settersRunning.remove(key) }
                return try run(getter.decl, of: getter.owner, on: object, [], at: at)
            }
        }
        if let v = object.fields[fieldName] { return v }
        if let property = declaredProperty(fieldName, in: type), !isInheritedLayerProperty(property, of: object) {
            if let getter = property.getter {
                let flow = try callBody(
                    getter, parameters: [], arguments: [], captured: globals, selfObject: object, name: "\(type.name).\(fieldName)", at: at)
                return flow
            }
            var value = Value.null
            let key = "\(ObjectIdentifier(object).hashValue).\(fieldName)"
            guard fieldsInProgress.insert(key).inserted else {
                throw Skip(reason: "\(fieldName) needs its own value to start with", at: at)
            }
            defer { fieldsInProgress.remove(key) }
            if let override = defined(fieldName) {
                value = override
            } else if property.isOutlet, property.initialValue == nil {
                value = outletStandIn(property, of: type, at: at)
            } else if let initial = property.initialValue {
                let saved = file
                file = property.file ?? fileOf(type) ?? file
                defer { file = saved }
                value = try evaluate(initial, Scope(parent: globals), object)
            }
            object.fields[fieldName] = value
            giveName(value, as: fieldName)
            return value
        }
        if let method = type.methods.first(where: { $0.name == fieldName && $0.parameters.isEmpty && !$0.isStatic }) {
            return .function(Callable(name: method.name, parameters: [], body: method.body, captured: globals, selfObject: object))
        }
        if object.isViewLike { return try? viewProperty(object, name, at: at) }
        if object.layerKind != nil { return try? property(of: object, name, at: at, ownFirst: false) }
        return nil
    }

    /// An outlet the storyboard sets: the view it places, when a storyboard or xib given names
    /// it (its class, frame and background), else a view filling the host view; in the host view.
}
