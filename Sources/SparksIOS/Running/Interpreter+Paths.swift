import Foundation
import SparksCore

/// Paths appended and measured, animations converted when they are added to a layer (as
/// Core Animation copies an animation on `add(_:forKey:)`), and components of geometry values.
extension Interpreter {
    // MARK: Paths

    /// Appends `other`'s subpaths to the path object, as `append(_:)` and `addPath(_:)` do.
    func appendPath(_ other: BezierPath, to object: Object) throws {
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
            var keyPathText: String?
            switch object.setting("keyPath") {
            case .string(let text)?: keyPathText = text
            case .constant(let c)? where c.hasPrefix("."):
                // `CAKeyframeAnimation(keyPath: .scale)`: a String constant of a file not given,
                // taken as the key path its name says (`scale`, else `transform.scale`).
                let name = String(c.dropFirst())
                keyPathText = [name, "transform.\(name)"].first { (try? PropertyAddress.resolve($0, on: layerKind)) != nil }
                if let found = keyPathText {
                    note("the key path \(c) is not in the files: taken as \"\(found)\", as its name says", at: object.madeAt)
                }
            default: break
            }
            guard let text = keyPathText else {
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
                let given = try elements(of: times, at: at).map { try number($0, at: at) }
                // Times outside 0…1 are never reached (or passed at once): the animation's
                // clock runs from 0 to 1, so they are held at its ends.
                keyframes.keyTimes = given.map { min(max($0, 0), 1) }
                if keyframes.keyTimes != given {
                    note("keyTimes \(given.map(PresetNumber.text).joined(separator: ", ")) run past 0…1; held at its ends", at: at)
                }
            }
            if let curves = object.setting("timingFunctions") {
                var functions = try elements(of: curves, at: at).map { v -> TimingFunction in
                    guard case .timingFunction(let f) = v else { throw Skip(reason: "timingFunctions holds \(v.description)", at: at) }
                    return f
                }
                // One per interval between keyframes; Core Animation uses the first ones of a longer list.
                let intervals = max(0, (keyframes.path == nil ? keyframes.values.count : 2) - 1)
                if keyframes.path == nil, functions.count > intervals {
                    note(
                        "timingFunctions has \(functions.count) for \(intervals) intervals between keyframes: Core Animation uses the first \(intervals)",
                        at: object.settings.last { $0.key == "timingFunctions" }?.at ?? at)
                    functions = Array(functions.prefix(intervals))
                }
                keyframes.timingFunctions = functions
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
        if animationClass == .spring { animation.spring = Spring() }
        let table = animationClass == .keyframe ? Animation.keyframeTable : animationClass == .spring ? Animation.springTable : nil
        for (key, v, position) in object.settings {
            guard let d = Animation.table[key] ?? table?[key], !["calculationMode", "rotationMode", "key"].contains(key) else { continue }
            d.set(&animation, try propertyValue(v, kind: d.kind, key: key, at: position))
        }
        if let curve = object.setting("timingFunction") {
            guard case .timingFunction(let f) = curve else { throw Skip(reason: "timingFunction holds \(curve.description)", at: at) }
            animation.timingFunction = f
        }
        if let spring = animation.spring {
            let lasts = animation.timing.duration > 0 ? animation.timing.duration : Animation.defaultDuration
            if lasts < spring.settlingDuration - 1e-6 {
                note(
                    "the spring settles in \(String(format: "%.2f", spring.settlingDuration)) s but the animation lasts "
                        + "\(String(format: "%.2f", lasts)) s: it jumps to its end then, as on iOS (set duration to settlingDuration to see it settle)",
                    at: object.madeAt)
            }
        }
        for (key, _, position) in object.settings
        where !Self.animationKeys.contains(key) && Animation.table[key] == nil && table?[key] == nil
            && !(object.fields["transition"] != nil && ["type", "subtype", "startProgress", "endProgress", "filter"].contains(key))
        {
            report(.skipped, "the animation property \(key) is not understood", at: position)
        }
        return animation
    }

    /// The spring a CASpringAnimation's settings describe, Core Animation's defaults for the
    /// rest.
    /// Read through the spring table, whose limits a preset's spring has too.
    func spring(of object: Object, at: SourcePosition) throws -> Spring {
        var animation = Animation(kind: .basic(from: nil, to: nil, by: nil))
        animation.spring = Spring()
        for (key, v, position) in object.settings {
            guard let d = Animation.springTable[key] else { continue }
            d.set(&animation, try propertyValue(v, kind: d.kind, key: key, at: position))
        }
        return animation.spring ?? Spring()
    }

    static let animationKeys: Set<String> = [
        "keyPath", "fromValue", "toValue", "byValue", "values", "keyTimes", "timingFunctions", "timingFunction", "path", "calculationMode",
        "rotationMode", "animations", "valueFunction", "mass", "stiffness", "damping", "initialVelocity", "delegate",
    ]

    // MARK: Components

    /// `rect.origin.x = …`, `t.m34 = …`: the value with one component changed.
    func setComponent(of base: Value, _ name: String, _ value: Value, at: SourcePosition) throws -> Value {
        let n = { () throws -> Double in try self.number(value, at: at) }
        // `var p: CGPoint = .zero; p.x = 3`: the zero of the type the member names.
        if case .constant(".zero") = base {
            let zero: Value =
                ["x", "y"].contains(name)
                ? .point(Point(x: 0, y: 0))
                : ["width", "height"].contains(name) ? .size(Size(width: 0, height: 0)) : .rect(Rect(x: 0, y: 0, width: 0, height: 0))
            return try setComponent(of: zero, name, value, at: at)
        }
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
