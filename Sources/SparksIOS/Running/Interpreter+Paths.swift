import Foundation
import SparksCore

/// UIBezierPath and CGPath building, animations converted when they are added to a layer (as
/// Core Animation copies an animation on `add(_:forKey:)`), and components of geometry values.
extension Interpreter {
    // MARK: Paths

    func makePath(labels: [String?], _ a: [Value], at: SourcePosition) throws -> Value {
        let object = newObject(kind: .path, className: "UIBezierPath", madeAt: at, file: file)
        func n(_ i: Int) throws -> Double { try number(i < a.count ? a[i] : .null, at: at) }
        switch labels.first ?? nil {
        case nil, "bezierPath":
            if let first = a.first, case .object(let other) = first, case .path = other.kind { object.path = other.path }
        case "ovalIn", "ovalInRect", "bezierPathWithOvalInRect", "ellipseIn":
            object.path.addOval(in: try rect(a[safe: 0], at: at))
        case "rect", "bezierPathWithRect":
            object.path.addRect(try rect(a[safe: 0], at: at))
        case "roundedRect", "bezierPathWithRoundedRect":
            object.path.addRoundedRect(try rect(a[safe: 0], at: at), cornerRadius: a.count > 1 ? try n(1) : 0)
        case "arcCenter", "bezierPathWithArcCenter":
            object.path.arc(
                center: try point(a[safe: 0], at: at), radius: try n(1), startAngle: try n(2), endAngle: try n(3),
                clockwise: try truth(a[safe: 4], at: at))
        case "cgPath", "bezierPathWithCGPath":
            if case .object(let other)? = a.first, case .path = other.kind { object.path = other.path }
        default:
            throw Skip(reason: "UIBezierPath(\(labels.map { ($0 ?? "_") + ":" }.joined())) is not understood", at: at)
        }
        return .object(object)
    }

    func pathMethod(_ object: Object, _ method: String, labels: [String?], _ a: [Value], at: SourcePosition) throws -> Value {
        func n(_ i: Int) throws -> Double { try number(i < a.count ? a[i] : .null, at: at) }
        func p(_ i: Int) throws -> Point { try point(i < a.count ? a[i] : .null, at: at) }
        let path = object.path
        switch method {
        case "move", "moveToPoint": object.path.move(to: try p(0))
        case "addLine", "addLineToPoint":
            try needsCurrent(path, at: at)
            object.path.line(to: try p(0))
        case "addCurve", "addCurveToPoint":
            try needsCurrent(path, at: at)
            object.path.curve(to: try p(0), control1: try p(1), control2: try p(2))
        case "addQuadCurve", "addQuadCurveToPoint":
            try needsCurrent(path, at: at)
            object.path.quadCurve(to: try p(0), control: try p(1))
        case "addArc", "addArcWithCenter":
            // UIBezierPath's `clockwise` is as seen on screen; CGPath's is in flipped terms.
            let isCG = labels.first == "center"
            let clockwise = try truth(a[safe: 4], at: at)
            object.path.arc(
                center: try p(0), radius: try n(1), startAngle: try n(2), endAngle: try n(3), clockwise: isCG ? !clockwise : clockwise)
        case "close", "closePath", "closeSubpath": object.path.close()
        case "addEllipse": object.path.addOval(in: try rect(a[safe: 0], at: at))
        case "addRect": object.path.addRect(try rect(a[safe: 0], at: at))
        case "addRoundedRect":
            object.path.addRoundedRect(try rect(a[safe: 0], at: at), cornerRadius: a.count > 1 ? try n(1) : 0)
        case "append", "appendPath", "addPath":
            guard case .object(let other)? = a.first, case .path = other.kind else {
                throw Skip(reason: "append of something that is not a path", at: at)
            }
            try appendPath(other.path, to: object)
        case "copy", "cgPath", "CGPath": return .object(object)
        case "apply", "applyTransform":
            throw Skip(reason: "transforming a path is not understood", at: at)
        default:
            throw Skip(reason: "the path method \(FunctionDecl.signature(method, labels)) is not understood", at: at)
        }
        guard object.path.segments.count <= PropertyKind.maxPathSegments else {
            throw Skip(reason: "a path of more than \(PropertyKind.maxPathSegments) segments", at: at)
        }
        return .void
    }

    private func needsCurrent(_ path: BezierPath, at: SourcePosition) throws {
        if path.segments.isEmpty, path.subpaths.isEmpty, path.vertices.isEmpty {
            // UIBezierPath raises without a current point; CGPath logs and ignores.
            if path.segments.isEmpty { _ = 0 }
        }
    }

    private func appendPath(_ other: BezierPath, to object: Object) throws {
        for subpath in other.subpaths where !subpath.segments.isEmpty {
            for (offset, index) in subpath.segments.enumerated() {
                let segment = other.segments[index]
                switch segment {
                case .line(let a, let b):
                    if offset == 0 { object.path.move(to: a) }
                    object.path.line(to: b)
                case .quad(let a, let c, let b):
                    if offset == 0 { object.path.move(to: a) }
                    object.path.quadCurve(to: b, control: c)
                case .cubic(let a, let c1, let c2, let b):
                    if offset == 0 { object.path.move(to: a) }
                    object.path.curve(to: b, control1: c1, control2: c2)
                }
            }
            if subpath.isClosed { object.path.close() }
        }
    }

    /// C functions on CGMutablePathRef: `CGPathMoveToPoint(path, NULL, x, y)` and the rest.
    func cgPathFunction(_ name: String, _ a: [Value], at: SourcePosition) throws -> Value {
        func n(_ i: Int) throws -> Double { try number(i < a.count ? a[i] : .null, at: at) }
        if name.hasPrefix("CGPathCreateWith") {
            let object = newObject(kind: .path, className: "CGPath", madeAt: at, file: file)
            let r = try rect(a[safe: 0], at: at)
            switch name {
            case "CGPathCreateWithEllipseInRect": object.path.addOval(in: r)
            case "CGPathCreateWithRect": object.path.addRect(r)
            default: object.path.addRoundedRect(r, cornerRadius: try n(1))
            }
            return .object(object)
        }
        guard case .object(let object)? = a.first, case .path = object.kind else {
            throw Skip(reason: "\(name) of something that is not a path", at: at)
        }
        switch name {
        case "CGPathMoveToPoint": object.path.move(to: Point(x: try n(2), y: try n(3)))
        case "CGPathAddLineToPoint": object.path.line(to: Point(x: try n(2), y: try n(3)))
        case "CGPathAddCurveToPoint":
            object.path.curve(
                to: Point(x: try n(6), y: try n(7)), control1: Point(x: try n(2), y: try n(3)), control2: Point(x: try n(4), y: try n(5)))
        case "CGPathAddQuadCurveToPoint":
            object.path.quadCurve(to: Point(x: try n(4), y: try n(5)), control: Point(x: try n(2), y: try n(3)))
        case "CGPathAddArc":
            object.path.arc(
                center: Point(x: try n(2), y: try n(3)), radius: try n(4), startAngle: try n(5), endAngle: try n(6),
                clockwise: !(try truth(a[safe: 7], at: at)))
        case "CGPathCloseSubpath": object.path.close()
        case "CGPathAddEllipseInRect": object.path.addOval(in: try rect(a[safe: 2], at: at))
        case "CGPathAddRect": object.path.addRect(try rect(a[safe: 2], at: at))
        case "CGPathAddRoundedRect": object.path.addRoundedRect(try rect(a[safe: 2], at: at), cornerRadius: try n(3))
        default: throw Skip(reason: "\(name) is not understood", at: at)
        }
        guard object.path.segments.count <= PropertyKind.maxPathSegments else {
            throw Skip(reason: "a path of more than \(PropertyKind.maxPathSegments) segments", at: at)
        }
        return .void
    }

    func bounds(of path: BezierPath) -> Rect {
        let points = path.vertices
        guard let first = points.first else { return Rect(x: 0, y: 0, width: 0, height: 0) }
        var lo = first, hi = first
        for p in points {
            lo = Point(x: min(lo.x, p.x), y: min(lo.y, p.y))
            hi = Point(x: max(hi.x, p.x), y: max(hi.y, p.y))
        }
        return Rect(x: lo.x, y: lo.y, width: hi.x - lo.x, height: hi.y - lo.y)
    }

    // MARK: Animations

    /// The animation as Sparks runs it on `layer`: its key path resolved for the layer's kind,
    /// its values read for the property's kind.
    func convertAnimation(_ object: Object, on layer: Object, at: SourcePosition, depth: Int = 0) throws -> Animation {
        guard depth < 8 else { throw Skip(reason: "animation groups nest too deeply", at: at) }
        guard case .animation(let animationClass) = object.kind, let layerKind = layer.layerKind else {
            throw Skip(reason: "not an animation", at: at)
        }
        var kind: Animation.Kind
        var keyPath: String?
        var target: PropertyAddress?
        var valueKind = PropertyKind.bool
        let valueFunction = object.setting("valueFunction").flatMap { v -> ValueFunction? in
            if case .valueFunction(let f) = v { return f }
            return self.valueFunction(v)
        }
        if animationClass != .group {
            guard case .string(let text)? = object.setting("keyPath") else {
                throw Skip(reason: "an animation without a key path", at: object.madeAt)
            }
            do throws(KeyPathError) {
                (target, valueKind) = try PropertyAddress.resolve(text, on: layerKind)
            } catch {
                throw Skip(reason: "the animation's key path \"\(text)\": \(Self.codeReason(error))", at: object.madeAt)
            }
            keyPath = text
            if let valueFunction { valueKind = valueFunction.inputKind }
        }
        func value(_ key: String) throws -> PropertyValue? {
            guard let v = object.setting(key), !isNull(v) else { return nil }
            let position = object.settings.last { $0.key == key }?.at ?? at
            return try propertyValue(v, kind: valueKind, key: "\(key) of \(keyPath ?? "")", at: position)
        }
        switch animationClass {
        case .basic, .spring:
            kind = .basic(from: try value("fromValue"), to: try value("toValue"), by: try value("byValue"))
        case .keyframe:
            var keyframes = Animation.Keyframes()
            if let p = object.setting("path"), case .object(let path) = p, case .path = path.kind {
                guard valueKind == .point else { throw Skip(reason: "a path can only animate a point property", at: at) }
                keyframes.path = path.path
            } else if let values = object.setting("values") {
                let position = object.settings.last { $0.key == "values" }?.at ?? at
                keyframes.values = try elements(of: values, at: position).map {
                    try propertyValue($0, kind: valueKind, key: "values of \(keyPath ?? "")", at: position)
                }
            } else {
                throw Skip(reason: "a keyframe animation without values or a path", at: object.madeAt)
            }
            if let mode = object.setting("calculationMode") {
                let option = try propertyValue(
                    mode, kind: .choice(CalculationMode.allCases.map(\.rawValue)), key: "calculationMode", at: at)
                if case .string(let s) = option, let m = CalculationMode(rawValue: s) { keyframes.calculationMode = m }
            }
            if let times = object.setting("keyTimes") {
                keyframes.keyTimes = try elements(of: times, at: at).map { try number($0, at: at) }
            }
            if let curves = object.setting("timingFunctions") {
                keyframes.timingFunctions = try elements(of: curves, at: at).map { v -> TimingFunction in
                    guard case .timingFunction(let f) = v else { throw Skip(reason: "timingFunctions holds \(v.description)", at: at) }
                    return f
                }
            }
            if let mode = object.setting("rotationMode"), !isNull(mode) {
                let option = try propertyValue(mode, kind: .choice(RotationMode.allCases.map(\.rawValue)), key: "rotationMode", at: at)
                if case .string(let s) = option { keyframes.rotationMode = RotationMode(rawValue: s) }
            }
            kind = .keyframe(keyframes)
        case .group:
            let children = try elements(of: object.setting("animations") ?? .array([]), at: at)
            kind = .group(
                try children.map { v in
                    guard case .object(let child) = v, case .animation = child.kind else {
                        throw Skip(reason: "a group holds \(v.description)", at: at)
                    }
                    return try convertAnimation(child, on: layer, at: at, depth: depth + 1)
                })
        }
        var animation = Animation(kind: kind, keyPath: keyPath, target: target)
        animation.valueFunction = valueFunction
        let table = animationClass == .keyframe ? Animation.keyframeTable : nil
        for (key, v, position) in object.settings {
            guard let d = Animation.table[key] ?? table?[key], !["calculationMode", "rotationMode", "key"].contains(key) else { continue }
            d.set(&animation, try propertyValue(v, kind: d.kind, key: key, at: position))
        }
        if let curve = object.setting("timingFunction") {
            guard case .timingFunction(let f) = curve else { throw Skip(reason: "timingFunction holds \(curve.description)", at: at) }
            animation.timingFunction = f
        }
        if animationClass == .spring {
            // A spring settles over time Sparks works out from its physics; it runs as an
            // ease-out basic animation of that length.
            let mass = try object.setting("mass").map { try number($0, at: at) } ?? 1
            let stiffness = try object.setting("stiffness").map { try number($0, at: at) } ?? 100
            let damping = try object.setting("damping").map { try number($0, at: at) } ?? 10
            let omega = sqrt(max(stiffness, 1e-6) / max(mass, 1e-6))
            let zeta = damping / (2 * sqrt(max(stiffness * mass, 1e-9)))
            let settling = min(60, -log(0.001) / max(zeta * omega, 1e-3))
            if object.setting("duration") == nil { animation.timing.duration = settling }
            animation.timingFunction = animation.timingFunction ?? .easeOut
            note(
                "CASpringAnimation runs as an ease-out animation over its settling time (\(String(format: "%.2f", animation.timing.duration)) s); Sparks has no spring curve",
                at: object.madeAt)
        }
        for (key, _, position) in object.settings
        where !Self.animationKeys.contains(key) && Animation.table[key] == nil && table?[key] == nil {
            report(.skipped, "the animation property \(key) is not understood", at: position)
        }
        return animation
    }

    static let animationKeys: Set<String> = [
        "keyPath", "fromValue", "toValue", "byValue", "values", "keyTimes", "timingFunctions", "timingFunction", "path", "calculationMode",
        "rotationMode", "animations", "valueFunction", "mass", "stiffness", "damping", "initialVelocity", "delegate",
    ]

    // MARK: Components

    /// `rect.origin.x = …`, `t.m34 = …`: the value with one component changed.
    func setComponent(of base: Value, _ name: String, _ value: Value, at: SourcePosition) throws -> Value {
        let n = { () throws -> Double in try self.number(value, at: at) }
        switch base {
        case .point(var p):
            if name == "x" { p.x = try n() } else if name == "y" { p.y = try n() } else { break }
            return .point(p)
        case .size(var s):
            if name == "width" { s.width = try n() } else if name == "height" { s.height = try n() } else { break }
            return .size(s)
        case .rect(var r):
            switch name {
            case "origin": r.origin = try point(value, at: at)
            case "size": r.size = try size(value, at: at)
            default: throw Skip(reason: "cannot set \(name) of a rectangle", at: at)
            }
            return .rect(r)
        case .transform(var t):
            if let i = Self.matrixNames.firstIndex(of: name) {
                t[keyPath: Transform3D.entries[i]] = try n()
                return .transform(t)
            }
        default: break
        }
        throw Skip(reason: "cannot set \(name) of \(base.description)", at: at)
    }
}
