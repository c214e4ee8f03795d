import Foundation
import SparksCore

/// The files' types: instances made with their initialisers, the UIKit or Core Animation
/// classes they inherit from, and stand-ins for outlets.
extension Interpreter {
    func outletStandIn(_ property: PropertyDecl, of owner: TypeDecl, at: SourcePosition) -> Value {
        let laidOut = interfaces[owner.name].flatMap { given in given.scene.outlets[property.name].map { ($0, given.file) } }
        let type = laidOut?.0.className ?? property.typeName ?? "UIView"
        guard type.hasPrefix("UI"), !type.hasSuffix("Controller"), !["UIColor", "UIImage", "UIFont"].contains(type) else { return .null }
        let view = newObject(kind: .view, className: type, madeAt: at, file: file)
        let layer = newObject(kind: .layer(.layer), className: "CALayer", madeAt: at, file: file)
        view.layer = layer
        layer.fields[Self.standInMark] = .bool(true)
        hostView.layer!.sublayers.append(layer)
        layer.superlayer = hostView.layer
        if let (given, interface) = laidOut {
            setFrame(layer, given.frame)
            if let background = given.background { layer.state.layer.backgroundColor = background }
            let f = given.frame
            let text = [f.origin.x, f.origin.y, f.size.width, f.size.height].map(NumberText.shortest).joined(separator: ", ")
            note("the outlet \(property.name) is the \(type) \(interface) places at [\(text)]", at: property.at)
        } else {
            setFrame(layer, Rect(x: 0, y: 0, width: canvas.width, height: canvas.height))
            note(
                "the outlet \(property.name) comes from a storyboard: a \(type) filling the host view stands in (pass the storyboard to place it)",
                at: property.at)
        }
        return .object(view)
    }

    /// The field that marks an outlet's stand-in layer; the scene leaves it out when nothing
    /// drew into it.
    static let standInMark = "standsInForOutlet"

    func fileOf(_ type: TypeDecl) -> String? {
        files.first { $0.types.contains { $0.name == type.name && $0.at == type.at } }?.path
    }

    func construct(_ type: TypeDecl, labels: [String?], arguments: [Value], at: SourcePosition) throws -> Value {
        if let layerKind = layerAncestor(of: type) {
            // A layer of the files' own layer class: a layer with the class's methods and properties.
            let layer = newObject(kind: .layer(layerKind), className: type.name, madeAt: at, file: fileOf(type) ?? file)
            layer.subclass = type
            _ = try callMethod(type, on: layer, name: "init", labels: labels, arguments: arguments, at: at)
            try setDefinedProperties(of: layer, type, at: at)
            return .object(layer)
        }
        if inheritsEmitterCell(type) {
            // A cell of the files' own CAEmitterCell subclass: a cell its initialiser configures.
            let cell = newObject(kind: .cell, className: type.name, madeAt: at, file: fileOf(type) ?? file)
            cell.subclass = type
            _ = try callMethod(type, on: cell, name: "init", labels: labels, arguments: arguments, at: at)
            return .object(cell)
        }
        let viewLike = inheritsView(type)
        let object = newObject(kind: .instance(type), className: type.name, madeAt: at, file: fileOf(type) ?? file)
        if viewLike.isView {
            object.layer = try viewLayer(of: type, at: at)
            if labels.first == "frame", case .rect(let r) = arguments.first { setFrame(object.layer!, r) }
        }
        if viewLike.isController {
            let view = newObject(kind: .view, className: "UIView", madeAt: at, file: object.file)
            view.layer = newObject(kind: .layer(.layer), className: "CALayer", madeAt: at, file: object.file)
            setFrame(view.layer!, Rect(x: 0, y: 0, width: canvas.width, height: canvas.height))
            object.fields["view"] = .object(view)
        }
        if try callMethod(type, on: object, name: "init", labels: labels, arguments: arguments, at: at) == nil, !labels.isEmpty {
            // Memberwise initialiser of a struct.
            for (label, value) in zip(labels, arguments) { if let label { object.fields[label] = value } }
        }
        try setDefinedProperties(of: object, type, at: at)
        return .object(object)
    }

    /// `--define numPulse=3` for a property whose setting does more (a `didSet`, an Objective-C
    /// `setNumPulse:`): set once the object is made, as a caller sets it, so what it does runs.
    private func setDefinedProperties(of object: Object, _ type: TypeDecl, at: SourcePosition) throws {
        for (name, value) in defines.sorted(by: { $0.key < $1.key }) {
            let hasDidSet = declaredProperty(name, in: type)?.didSet != nil
            let setter = "set" + name.prefix(1).uppercased() + name.dropFirst()
            let hasSetter = lineage(of: type).contains { $0.methods.contains { $0.name == setter && $0.parameters.count == 1 } }
            guard hasDidSet || hasSetter else { continue }
            note("--define \(name) sets \(type.name).\(name) once it is made, running its \(hasDidSet ? "didSet" : setter + ":")", at: at)
            _ = defined(name)
            _ = try setDeclaredProperty(of: object, name, value, at: at)
        }
    }

    /// A view's layer, of the class its `layerClass` names (its own layer class's `init` runs, as
    /// UIKit makes the layer).
    func viewLayer(of type: TypeDecl, at: SourcePosition) throws(Exhausted) -> Object {
        let (kind, subclass) = layerClass(of: type)
        let layer = newObject(kind: .layer(kind), className: subclass?.name ?? kind.className, madeAt: at, file: fileOf(type) ?? file)
        if let subclass {
            layer.subclass = subclass
            do {
                _ = try callMethod(subclass, on: layer, name: "init", labels: [], arguments: [], at: at)
            } catch let error as Exhausted {
                throw error
            } catch let skip as Skip {
                report(.skipped, skip.reason, at: skip.at ?? at)
            } catch {
                report(.skipped, "\(error)", at: at)
            }
        }
        return layer
    }

    /// The type and the classes of the files it inherits from, nearest first (16 at most: a
    /// cycle of superclasses ends there).
    func lineage(of type: TypeDecl) -> [TypeDecl] {
        var result = [type]
        while let superclass = result.last?.superclass, result.count < 16, let next = typeDecl(named: superclass),
            !result.contains(where: { $0.name == next.name })
        {
            result.append(next)
        }
        // Then the extensions of the protocols they conform to: their methods are defaults.
        for conformance in result.flatMap(\.conformances) where !result.contains(where: { $0.name == conformance }) {
            if let ext = typeDecl(named: conformance), ext.superclass == nil || ext.superclass == conformance { result.append(ext) }
        }
        return result
    }

    /// The names of the classes the type inherits from, nearest first: the files' own and the
    /// first one that is not the files' (a UIKit or Core Animation class).
    func superclassNames(of type: TypeDecl) -> [String] {
        let lineage = lineage(of: type)
        var names = lineage.compactMap(\.superclass)
        if let last = lineage.last, last.superclass == nil, let assumed = assumedLayerClass(of: last) { names.append(assumed) }
        return names
    }

    /// The Core Animation class an Objective-C layer class of the files inherits from when its
    /// `@interface` is in a header that was not given (`@implementation PulsingHaloLayer` alone):
    /// the layer class whose own properties its code sets on `self` (`self.instanceCount`:
    /// CAReplicatorLayer), else CALayer; said in a note. Nil for a class not named as a layer.
    func assumedLayerClass(of type: TypeDecl) -> String? {
        guard type.name.hasSuffix("Layer"), !LayerKind.allCases.contains(where: { $0.className == type.name }) else { return nil }
        if let known = assumedSuperclasses[type.name] { return known }
        var keys = Set<String>()
        for method in type.methods {
            EntryPoints.visitStatements(method.body) { expr in
                EntryPoints.walk(expr) { e in
                    if case .member(let base?, let key) = e.kind, case .name("self") = base.kind { keys.insert(key) }
                    if case .call(let callee, let arguments) = e.kind, arguments.count == 1,
                        case .member(let base?, let method) = callee.kind,
                        case .name("self") = base.kind, method.hasPrefix("set"), method.count > 3
                    {
                        keys.insert(method.dropFirst(3).prefix(1).lowercased() + method.dropFirst(4))
                    }
                }
            }
        }
        let ownKey = { (kind: LayerKind) in
            keys.sorted().first {
                (try? PropertyAddress.resolve($0, on: kind)) != nil && (try? PropertyAddress.resolve($0, on: .layer)) == nil
            }
        }
        let kind = [LayerKind.replicator, .emitter, .shape, .gradient, .text].first { ownKey($0) != nil } ?? .layer
        assumedSuperclasses[type.name] = kind.className
        note(
            "\(type.name)'s superclass is declared in a header that was not given: taken as \(kind.className)"
                + (ownKey(kind).map { ", whose \($0) it sets" } ?? ""), at: type.at)
        return kind.className
    }

    /// Whether the file's type inherits from CAEmitterCell.
    func inheritsEmitterCell(_ type: TypeDecl) -> Bool {
        superclassNames(of: type).contains("CAEmitterCell")
    }

    /// The Core Animation layer class a class of the files inherits from (`class Pulsator:
    /// CAReplicatorLayer`), or nil.
    func layerAncestor(of type: TypeDecl) -> LayerKind? {
        superclassNames(of: type).lazy.compactMap { name in LayerKind.allCases.first { $0.className == name } }.first
    }

    /// Whether the file's type is (or inherits from) a UIKit view or view controller.
    func inheritsView(_ type: TypeDecl) -> (isView: Bool, isController: Bool) {
        // An `@implementation` without its `@interface`: the class's name tells.
        var names = superclassNames(of: type)
        if names.isEmpty, ["View", "ViewController", "Button", "Control", "Label"].contains(where: type.name.hasSuffix) {
            names = [type.name]
        }
        for n in names {
            if n.hasSuffix("ViewController") || n == "UIViewController" { return (false, true) }
            if n.hasSuffix("View") || n == "UIView" || n.hasSuffix("Control") || n.hasSuffix("Button") || n.hasSuffix("Label") {
                return (true, false)
            }
        }
        return (false, false)
    }

    /// `override class var layerClass: AnyClass { CAEmitterLayer.self }`: the kind of the view's
    /// layer, and the files' own layer class when it names one (`SnowEmitterLayer.self`).
    func layerClass(of type: TypeDecl) -> (kind: LayerKind, subclass: TypeDecl?) {
        for t in lineage(of: type) {
            let body =
                t.properties.first(where: { $0.name == "layerClass" })?.getter ?? t.methods.first(where: { $0.name == "layerClass" })?.body
            if let body, let name = className(returnedBy: body) {
                if let kind = LayerKind.allCases.first(where: { $0.className == name }) { return (kind, nil) }
                if let own = typeDecl(named: name), let kind = layerAncestor(of: own) { return (kind, own) }
            }
        }
        return (.layer, nil)
    }

    private func className(returnedBy body: [Stmt]) -> String? {
        for statement in body {
            var expr: Expr?
            if case .return(let e) = statement.kind { expr = e }
            if case .expression(let e) = statement.kind { expr = e }
            guard var e = expr else { continue }
            if case .member(let base?, "self") = e.kind { e = base }
            if case .call(let callee, let args) = e.kind, args.isEmpty, case .member(let base?, "class") = callee.kind { e = base }
            if case .name(let name) = e.kind { return name }
        }
        return nil
    }
}
