import Foundation
import SparksCore

/// Writes a scene as iOS code that builds the same layer tree: a `UIView` subclass (Swift or
/// Objective-C) whose `intrinsicContentSize` is the canvas, whose background is the canvas's,
/// and which adds one layer per root layer, each made by a method returning the configured
/// layer. Every property that differs from Core Animation's default is set, cells and
/// sub-cells, replicators, shapes, gradients and animations with their timing; images by
/// name. Numbers are written in their shortest exact form, so the code imports back to the
/// same scene.
public struct CodeExporter: Sendable {
    /// The language written.
    public enum Language: String, Sendable, CaseIterable {
        case swift
        case objc
    }

    /// The language.
    public var language: Language

    /// Creates an exporter.
    public init(language: Language) {
        self.language = language
    }

    /// The code for `scene`.
    /// - Throws: ``ExportRefusal`` when the scene uses a Sparks extension iOS cannot say.
    public func code(for scene: SceneDescription) throws(ExportRefusal) -> String {
        try ExportRefusal.check(scene, for: "iOS code")
        var writer = CodeWriter(language: language)
        return writer.file(scene)
    }

    /// The class name the code gives a scene named `name`: `FireView` for "fire".
    /// Only ASCII letters and digits of the name are kept (a name without them gives
    /// `EffectView`), so the class name is an identifier in both languages.
    public static func className(for name: String) -> String {
        let id = CodeText.identifier(name, suffix: "") ?? ""
        var result = id.prefix(1).uppercased() + id.dropFirst()
        if result.first?.isNumber ?? true { result = "Effect" + result }
        return result.hasSuffix("View") ? result : result + "View"
    }
}

private struct CodeWriter {
    let language: CodeExporter.Language
    var lines: [String] = []
    var indent = 0
    var names = Set<String>()
    /// The variable whose properties are being written (names its helper variables).
    var owner = ""

    init(language: CodeExporter.Language) {
        self.language = language
    }

    var swift: Bool { language == .swift }

    mutating func line(_ text: String = "") {
        lines.append(text.isEmpty ? "" : String(repeating: "    ", count: indent) + text)
    }

    mutating func file(_ scene: SceneDescription) -> String {
        let className = CodeExporter.className(for: scene.name)
        let roots = scene.layers.enumerated().map { i, layer in
            (layer, "make" + Self.typeName(layer.properties.name ?? "\(layer.kind.rawValue)\(i + 1)"))
        }
        var usedMethods = Set<String>()
        let methods = roots.map { layer, name -> (LayerDescription, String) in
            var n = name
            var k = 2
            while usedMethods.contains(n) {
                n = name + "\(k)"
                k += 1
            }
            usedMethods.insert(n)
            return (layer, n)
        }
        let summary = scene.summary.map { " — " + $0 } ?? ""
        let settings = sparksOnly(scene)
        if swift {
            line("import UIKit")
            line()
            line("/// " + CodeText.comment(scene.name + summary))
            for s in settings { line("/// " + CodeText.comment(s)) }
            line("final class \(className): UIView {")
            indent += 1
            line(
                "override var intrinsicContentSize: CGSize { CGSize(width: \(num(scene.canvas.width)), height: \(num(scene.canvas.height))) }"
            )
            line()
            line("override init(frame: CGRect) {")
            line("    super.init(frame: frame)")
            line("    setUpEffect()")
            line("}")
            line()
            line("required init?(coder: NSCoder) {")
            line("    super.init(coder: coder)")
            line("    setUpEffect()")
            line("}")
            line()
            line("private func setUpEffect() {")
            indent += 1
            if scene.canvas.background != .clear { line("backgroundColor = \(uiColor(scene.canvas.background))") }
            for (_, method) in methods { line("layer.addSublayer(\(method)())") }
            indent -= 1
            line("}")
            for (layer, method) in methods {
                line()
                names = []
                line("func \(method)() -> \(layer.kind.className) {")
                indent += 1
                let variable = build(layer, depth: 0)
                line("return \(variable)")
                indent -= 1
                line("}")
            }
            if Self.usesBehaviors(scene.layers) { behaviorMaker() }
            indent -= 1
            line("}")
        } else {
            line("#import <UIKit/UIKit.h>")
            line()
            line("/// " + CodeText.comment(scene.name + summary))
            for s in settings { line("/// " + CodeText.comment(s)) }
            line("@interface \(className) : UIView")
            line("@end")
            line()
            line("@implementation \(className)")
            line()
            for (selector, argument) in [
                ("initWithFrame:(CGRect)frame", "initWithFrame:frame"), ("initWithCoder:(NSCoder *)coder", "initWithCoder:coder"),
            ] {
                line("- (instancetype)\(selector) {")
                line("    self = [super \(argument)];")
                line("    if (self) {")
                line("        [self setUpEffect];")
                line("    }")
                line("    return self;")
                line("}")
                line()
            }
            line("- (CGSize)intrinsicContentSize {")
            line("    return CGSizeMake(\(num(scene.canvas.width)), \(num(scene.canvas.height)));")
            line("}")
            line()
            line("- (void)setUpEffect {")
            indent += 1
            if scene.canvas.background != .clear { line("self.backgroundColor = \(uiColor(scene.canvas.background));") }
            for (_, method) in methods { line("[self.layer addSublayer:[self \(method)]];") }
            indent -= 1
            line("}")
            for (layer, method) in methods {
                line()
                names = []
                line("- (\(layer.kind.className) *)\(method) {")
                indent += 1
                let variable = build(layer, depth: 0)
                line("return \(variable);")
                indent -= 1
                line("}")
            }
            line()
            line("@end")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// What the scene sets that iOS has no property for.
    private func sparksOnly(_ scene: SceneDescription) -> [String] {
        var notes: [String] = []
        if scene.stepRate != SceneDescription.defaultStepRate {
            notes.append("Sparks steps this effect \(num(scene.stepRate)) times a second; Core Animation chooses its own rate.")
        }
        if scene.startup != .automatic {
            notes.append("Sparks starts its emitters \(scene.startup.rawValue); iOS starts them when their timeline begins.")
        }
        return notes
    }

    // MARK: Layers

    private mutating func variable(_ base: String?, fallback: String) -> String {
        var name = Self.identifier(base ?? fallback)
        if Self.reserved.contains(name) { name += "Layer" }
        var candidate = name
        var n = 2
        while names.contains(candidate) {
            candidate = name + "\(n)"
            n += 1
        }
        names.insert(candidate)
        return candidate
    }

    private mutating func build(_ layer: LayerDescription, depth: Int) -> String {
        let v = variable(layer.properties.name, fallback: layer.kind == .layer ? "layer" : layer.kind.rawValue)
        let className = layer.kind.className
        line(swift ? "let \(v) = \(className)()" : "\(className) *\(v) = [\(className) layer];")
        owner = v
        for (key, kind, value) in PresetEncoder.changedProperties(of: layer) {
            if key == "startup" {
                // iOS shows an emitter whose timeline starts with the screen already running and
                // one whose beginTime is later empty: an empty start is that clock set now; a
                // running one is iOS's own when the layer's beginTime is 0.
                let startsNow = layer.properties.timing.beginTime == 0
                switch layer.content.emitter?.startup {
                case .empty? where startsNow: line(assignment(v, "beginTime", "CACurrentMediaTime()"))
                case .empty?: break
                case .running? where startsNow: break
                default: line("// " + CodeText.comment("Sparks: emitters of this layer start \(stringValue(value)) (no iOS counterpart)."))
                }
                continue
            }
            if key == "beginTime", case .number(let n) = value {
                let sign = n < 0 ? "-" : "+"
                line(assignment(v, key, "CACurrentMediaTime() \(sign) \(num(abs(n)))"))
                continue
            }
            line(assignment(v, key, expression(value, kind: kind, key: key)))
        }
        if let cells = layer.content.emitter?.emitterCells, !cells.isEmpty {
            let cellNames = cells.map { cell($0, depth: 1) }
            line(assignment(v, "emitterCells", list(cellNames)))
        }
        if let behaviors = layer.content.emitter?.emitterBehaviors, !behaviors.isEmpty {
            line("// CAEmitterBehavior is private API: App Review may reject apps that use it.")
            let behaviorNames = behaviors.map { behavior($0) }
            line(
                swift
                    ? "\(v).setValue(\(list(behaviorNames)), forKey: \"emitterBehaviors\")"
                    : "[\(v) setValue:\(list(behaviorNames)) forKey:@\"emitterBehaviors\"];")
        }
        for animation in layer.animations {
            let a = self.animation(animation, layerKind: layer.kind, inGroup: false)
            let key = animation.key.map(quoted) ?? "nil"
            line(swift ? "\(v).add(\(a), forKey: \(key))" : "[\(v) addAnimation:\(a) forKey:\(key)];")
        }
        for sublayer in layer.sublayers {
            let s = build(sublayer, depth: depth + 1)
            line(swift ? "\(v).addSublayer(\(s))" : "[\(v) addSublayer:\(s)];")
        }
        if let mask = layer.mask {
            let m = build(mask, depth: depth + 1)
            line(assignment(v, "mask", m))
        }
        return v
    }

    private mutating func cell(_ cell: EmitterCell, depth: Int) -> String {
        let v = variable(cell.name, fallback: "cell")
        line(swift ? "let \(v) = CAEmitterCell()" : "CAEmitterCell *\(v) = [CAEmitterCell emitterCell];")
        var saidPrivate = false
        for (key, kind, value) in PresetEncoder.changedProperties(of: cell) {
            guard EmitterCell.privateKeys.contains(key) else {
                line(assignment(v, key, expression(value, kind: kind, key: key)))
                continue
            }
            // Keys in no header: set by key-value coding, with plain strings.
            if !saidPrivate {
                line("// \(EmitterCell.privateKeys.joined(separator: ", ")) are private keys: App Review may reject apps that use them.")
                saidPrivate = true
            }
            let code = if case .string(let text) = value { quoted(text) } else { object(value, kind: kind) }
            line(swift ? "\(v).setValue(\(code), forKey: \(quoted(key)))" : "[\(v) setValue:\(code) forKey:\(quoted(key))];")
        }
        if !cell.emitterCells.isEmpty {
            let inner = cell.emitterCells.map { self.cell($0, depth: depth + 1) }
            line(assignment(v, "emitterCells", list(inner)))
        }
        return v
    }

    // MARK: Animations

    private mutating func animation(_ animation: Animation, layerKind: LayerKind, inGroup: Bool) -> String {
        let valueKind =
            animation.valueFunction?.inputKind
            ?? animation.keyPath.flatMap { try? PropertyAddress.resolve($0, on: layerKind).1 } ?? .number(.any)
        let v: String
        switch animation.kind {
        case .basic(let from, let to, let by):
            v = variable(animation.key.map { $0 + "Animation" }, fallback: "animation")
            let keyPath = quoted(animation.keyPath ?? "")
            let className = animation.spring == nil ? "CABasicAnimation" : "CASpringAnimation"
            line(
                swift
                    ? "let \(v) = \(className)(keyPath: \(keyPath))"
                    : "\(className) *\(v) = [\(className) animationWithKeyPath:\(keyPath)];")
            if let f = animation.valueFunction { line(assignment(v, "valueFunction", valueFunction(f))) }
            if let from { line(assignment(v, "fromValue", object(from, kind: valueKind))) }
            if let to { line(assignment(v, "toValue", object(to, kind: valueKind))) }
            if let by { line(assignment(v, "byValue", object(by, kind: valueKind))) }
        case .keyframe(let keyframes):
            v = variable(animation.key.map { $0 + "Animation" }, fallback: "animation")
            let keyPath = quoted(animation.keyPath ?? "")
            line(
                swift
                    ? "let \(v) = CAKeyframeAnimation(keyPath: \(keyPath))"
                    : "CAKeyframeAnimation *\(v) = [CAKeyframeAnimation animationWithKeyPath:\(keyPath)];")
            if let f = animation.valueFunction { line(assignment(v, "valueFunction", valueFunction(f))) }
            if let path = keyframes.path {
                line(assignment(v, "path", self.path(path, name: v + "Path")))
            } else {
                line(assignment(v, "values", list(keyframes.values.map { object($0, kind: valueKind) })))
            }
            if let times = keyframes.keyTimes { line(assignment(v, "keyTimes", list(times.map(numberObject)))) }
            if let curves = keyframes.timingFunctions { line(assignment(v, "timingFunctions", list(curves.map(timingFunction)))) }
        case .group(let children):
            v = variable(animation.key.map { $0 + "Group" }, fallback: "group")
            line(swift ? "let \(v) = CAAnimationGroup()" : "CAAnimationGroup *\(v) = [CAAnimationGroup animation];")
            let inner = children.map { self.animation($0, layerKind: layerKind, inGroup: true) }
            line(assignment(v, "animations", list(inner)))
        }
        if let curve = animation.timingFunction { line(assignment(v, "timingFunction", timingFunction(curve))) }
        for (key, kind, value) in PresetEncoder.changedOptions(of: animation) {
            if key == "beginTime", !inGroup, case .number(let n) = value {
                line(assignment(v, key, "CACurrentMediaTime() \(n < 0 ? "-" : "+") \(num(abs(n)))"))
                continue
            }
            line(assignment(v, key, expression(value, kind: kind, key: key)))
        }
        return v
    }

    private func valueFunction(_ f: ValueFunction) -> String {
        let name = IOSSpelling.spelling(f.rawValue, forKey: "valueFunction", swift: swift)
        return swift ? "CAValueFunction(name: \(name))" : "[CAValueFunction functionWithName:\(name)]"
    }

    private func timingFunction(_ f: TimingFunction) -> String {
        if let name = PresetEncoder.name(of: f) {
            let spelled = IOSSpelling.spelling(name, forKey: "timingFunction", swift: swift)
            return swift ? "CAMediaTimingFunction(name: \(spelled))" : "[CAMediaTimingFunction functionWithName:\(spelled)]"
        }
        let (a, b, c, d) = (num(f.c1.x), num(f.c1.y), num(f.c2.x), num(f.c2.y))
        return swift
            ? "CAMediaTimingFunction(controlPoints: \(a), \(b), \(c), \(d))"
            : "[CAMediaTimingFunction functionWithControlPoints:\(a) :\(b) :\(c) :\(d)]"
    }

    // MARK: Values

    private func assignment(_ variable: String, _ key: String, _ value: String) -> String {
        swift ? "\(variable).\(swiftKey(key)) = \(value)" : "\(variable).\(objcKey(key)) = \(value);"
    }

    private func swiftKey(_ key: String) -> String {
        switch key {
        case "hidden", "geometryFlipped", "enabled", "removedOnCompletion", "additive", "cumulative", "doubleSided", "wrapped":
            return "is" + Self.capitalised(key)
        case "gradientType": return "type"
        default: return key
        }
    }

    private func objcKey(_ key: String) -> String {
        key == "gradientType" ? "type" : key
    }

    private func list(_ items: [String]) -> String {
        swift ? "[" + items.joined(separator: ", ") + "]" : "@[" + items.joined(separator: ", ") + "]"
    }

    private func num(_ n: Double) -> String { NumberText.shortest(n == 0 ? 0 : n) }

    private func quoted(_ s: String) -> String { CodeText.literal(s, swift: swift) }

    private func stringValue(_ v: PropertyValue) -> String {
        if case .string(let s) = v { return s }
        return ""
    }

    private func uiColor(_ c: Color) -> String {
        swift
            ? "UIColor(red: \(num(c.red)), green: \(num(c.green)), blue: \(num(c.blue)), alpha: \(num(c.alpha)))"
            : "[UIColor colorWithRed:\(num(c.red)) green:\(num(c.green)) blue:\(num(c.blue)) alpha:\(num(c.alpha))]"
    }

    private func cgColor(_ c: Color) -> String {
        swift ? uiColor(c) + ".cgColor" : "(id)" + uiColor(c) + ".CGColor"
    }

    private func point(_ x: Double, _ y: Double) -> String {
        swift ? "CGPoint(x: \(num(x)), y: \(num(y)))" : "CGPointMake(\(num(x)), \(num(y)))"
    }

    /// A property value as code, for a property of `kind`.
    private mutating func expression(_ value: PropertyValue, kind: PropertyKind, key: String) -> String {
        switch value {
        case .number(let n):
            if n.isInfinite { return swift ? ".infinity" : "HUGE_VALF" }
            return num(n)
        case .bool(let b): return swift ? (b ? "true" : "false") : (b ? "YES" : "NO")
        case .string(let s):
            if case .choice = kind { return choice(s, key: key) }
            // A text layer's font is a CFTypeRef: its name as a CFString.
            if key == "font" { return swift ? "\(quoted(s)) as CFString" : "(__bridge CFTypeRef)\(quoted(s))" }
            return quoted(s)
        case .vector(let v):
            switch kind {
            case .point: return point(v[0], v[1])
            case .size, .offset:
                return swift ? "CGSize(width: \(num(v[0])), height: \(num(v[1])))" : "CGSizeMake(\(num(v[0])), \(num(v[1])))"
            case .rect:
                return swift
                    ? "CGRect(x: \(num(v[0])), y: \(num(v[1])), width: \(num(v[2])), height: \(num(v[3])))"
                    : "CGRectMake(\(num(v[0])), \(num(v[1])), \(num(v[2])), \(num(v[3])))"
            default: return list((0..<v.count).map { numberObject(v[$0]) })
            }
        case .color(let c): return cgColor(c)
        case .transform(let t): return transform(t)
        case .image(let texture): return texture.map { image($0.name) } ?? (swift ? "nil" : "nil")
        case .imageCrossFade(let fade): return fade.to.map { image($0.name) } ?? "nil"
        case .colors(let colors): return list(colors.map(cgColor))
        case .numbers(let numbers): return list(numbers.map(numberObject))
        case .path(let p): return path(p, name: key == "path" ? owner + "Path" : owner + Self.capitalised(key))
        }
    }

    /// A value stored in an `id` property (an animation's values): boxed as Core Animation expects.
    private mutating func object(_ value: PropertyValue, kind: PropertyKind) -> String {
        switch value {
        case .number(let n): return numberObject(n)
        case .bool(let b): return swift ? (b ? "true" : "false") : (b ? "@YES" : "@NO")
        case .vector where kind.vectorCount == 2 || kind.vectorCount == 4:
            let inner = expression(value, kind: kind, key: "")
            let type = kind == .point ? "CGPoint" : kind.vectorCount == 4 ? "CGRect" : "CGSize"
            return swift
                ? "NSValue(\(type == "CGPoint" ? "cgPoint" : type == "CGRect" ? "cgRect" : "cgSize"): \(inner))"
                : "[NSValue valueWith\(type):\(inner)]"
        case .transform(let t):
            return swift ? "NSValue(caTransform3D: \(transform(t)))" : "[NSValue valueWithCATransform3D:\(transform(t))]"
        default:
            return expression(value, kind: kind, key: "")
        }
    }

    private func numberObject(_ n: Double) -> String {
        if n.isInfinite { return swift ? "Float.infinity" : "@(HUGE_VALF)" }
        return swift ? num(n) : "@(\(num(n)))"
    }

    private func image(_ name: String) -> String {
        let bare = name.lowercased().hasSuffix(".png") ? String(name.dropLast(4)) : name
        return swift ? "UIImage(named: \(quoted(bare)))?.cgImage" : "(id)[UIImage imageNamed:\(quoted(bare))].CGImage"
    }

    private func choice(_ option: String, key: String) -> String {
        IOSSpelling.spelling(option, forKey: key, swift: swift)
    }

    /// One emitter behaviour, made through the runtime (the class is in no header) and set
    /// up by key-value coding; returns its variable.
    private mutating func behavior(_ behavior: EmitterBehavior) -> String {
        let v = variable(behavior.name, fallback: behavior.type.rawValue + "Behavior")
        let type = quoted(behavior.type.rawValue)
        line(
            swift
                ? "let \(v) = emitterBehavior(type: \(type))"
                : "id \(v) = [NSClassFromString(@\"CAEmitterBehavior\") performSelector:NSSelectorFromString(@\"behaviorWithType:\") withObject:\(type)];"
        )
        let keys = ["name", "enabled"] + (EmitterBehavior.keys[behavior.type] ?? [])
        for (key, kind, value) in PresetEncoder.changedProperties(of: behavior) where keys.contains(key) {
            // Behaviours take plain strings (`"radial"`), not iOS constants.
            let code = if case .string(let s) = value { quoted(s) } else { object(value, kind: kind) }
            line(swift ? "\(v).setValue(\(code), forKey: \(quoted(key)))" : "[\(v) setValue:\(code) forKey:\(quoted(key))];")
        }
        return v
    }

    /// The Swift helper that makes a CAEmitterBehavior through the runtime.
    private mutating func behaviorMaker() {
        for text in [
            "",
            "/// A CAEmitterBehavior, made through the runtime: the class is not in the SDK's headers",
            "/// (private API: App Review may reject apps that use it).",
            "private func emitterBehavior(type: String) -> NSObject {",
            "    let behaviorClass = NSClassFromString(\"CAEmitterBehavior\") as! NSObject.Type",
            "    let make = behaviorClass.method(for: NSSelectorFromString(\"behaviorWithType:\"))!",
            "    let behaviorWithType = unsafeBitCast(make, to: (@convention(c) (Any?, Selector, Any?) -> NSObject).self)",
            "    return behaviorWithType(behaviorClass, NSSelectorFromString(\"behaviorWithType:\"), type)",
            "}",
        ] {
            line(text)
        }
    }

    /// Whether any layer of the tree has emitter behaviours.
    private static func usesBehaviors(_ layers: [LayerDescription]) -> Bool {
        layers.contains { !($0.content.emitter?.emitterBehaviors.isEmpty ?? true) || usesBehaviors($0.sublayers) }
    }

    /// A transform as the Core Animation call that makes it exactly, or its sixteen elements.
    private func transform(_ t: Transform3D) -> String {
        let e = t.rowMajor
        let identity = Transform3D.identity.rowMajor
        if t == .identity { return "CATransform3DIdentity" }
        let changed = Set(e.indices.filter { e[$0] != identity[$0] })
        if changed.isSubset(of: [12, 13, 14]) {
            return swift
                ? "CATransform3DMakeTranslation(\(num(e[12])), \(num(e[13])), \(num(e[14])))"
                : "CATransform3DMakeTranslation(\(num(e[12])), \(num(e[13])), \(num(e[14])))"
        }
        if changed.isSubset(of: [0, 5, 10]) { return "CATransform3DMakeScale(\(num(e[0])), \(num(e[5])), \(num(e[10])))" }
        if changed.isSubset(of: [0, 1, 4, 5]) {
            let angle = atan2(e[1], e[0])
            if Transform3D.rotation(angle, 0, 0, 1) == t { return "CATransform3DMakeRotation(\(num(angle)), 0, 0, 1)" }
        }
        let names = (1...4).flatMap { r in (1...4).map { "m\(r)\($0)" } }
        if swift { return "CATransform3D(" + zip(names, e).map { "\($0): \(num($1))" }.joined(separator: ", ") + ")" }
        return "(CATransform3D){" + e.map(num).joined(separator: ", ") + "}"
    }

    /// Writes the statements that build `path` as a UIBezierPath; returns the CGPath expression.
    private mutating func path(_ p: BezierPath, name: String) -> String {
        let v = variable(name, fallback: "path")
        line(swift ? "let \(v) = UIBezierPath()" : "UIBezierPath *\(v) = [UIBezierPath bezierPath];")
        func pt(_ q: Point) -> String { point(q.x, q.y) }
        for subpath in p.subpaths where !subpath.segments.isEmpty {
            for (offset, index) in subpath.segments.enumerated() {
                let segment = p.segments[index]
                if offset == 0 {
                    let start: Point =
                        switch segment {
                        case .line(let a, _), .quad(let a, _, _), .cubic(let a, _, _, _): a
                        }
                    line(swift ? "\(v).move(to: \(pt(start)))" : "[\(v) moveToPoint:\(pt(start))];")
                }
                switch segment {
                case .line(_, let b):
                    line(swift ? "\(v).addLine(to: \(pt(b)))" : "[\(v) addLineToPoint:\(pt(b))];")
                case .quad(_, let c, let b):
                    line(
                        swift
                            ? "\(v).addQuadCurve(to: \(pt(b)), controlPoint: \(pt(c)))"
                            : "[\(v) addQuadCurveToPoint:\(pt(b)) controlPoint:\(pt(c))];")
                case .cubic(_, let c1, let c2, let b):
                    line(
                        swift
                            ? "\(v).addCurve(to: \(pt(b)), controlPoint1: \(pt(c1)), controlPoint2: \(pt(c2)))"
                            : "[\(v) addCurveToPoint:\(pt(b)) controlPoint1:\(pt(c1)) controlPoint2:\(pt(c2))];")
                }
            }
            if subpath.isClosed { line(swift ? "\(v).close()" : "[\(v) closePath];") }
        }
        return swift ? "\(v).cgPath" : "\(v).CGPath"
    }

    // MARK: Names

    /// Names the generated code uses for itself, which a variable must not take (keywords
    /// are ``CodeText/keywords``).
    static let reserved: Set<String> = ["layer", "view", "frame", "bounds", "center", "emitterBehavior"]

    /// A variable or method name from preset text (ASCII letters and digits only; `value`
    /// when it has none).
    static func identifier(_ text: String) -> String {
        CodeText.identifier(text) ?? "value"
    }

    static func typeName(_ text: String) -> String {
        let id = identifier(text)
        return id.prefix(1).uppercased() + id.dropFirst()
    }

    static func capitalised(_ text: String) -> String { text.prefix(1).uppercased() + text.dropFirst() }
}
