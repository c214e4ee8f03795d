#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes a ``SceneDescription`` as preset JSON: every property that differs from Core
/// Animation's default, under its Core Animation name, in the spellings the preset decoder
/// reads back to the same values (numbers in their shortest exact form, colours as
/// `[r, g, b, a]`, transforms as their 16 elements, paths as commands).
public enum PresetEncoder {
    /// `s` as a JSON string literal, quotes included, as presets are written.
    public static func quoted(_ s: String) -> String { PresetJSON.quoted(s) }

    /// The preset text of `scene`, ending in a newline. `schema` is written as `$schema` when
    /// given.
    public static func encode(_ scene: SceneDescription, schema: String? = "sparks.schema.json") -> String {
        json(scene, schema: schema).text(indent: 0) + "\n"
    }

    /// The preset as a JSON tree, in the order ``encode(_:schema:)`` writes it.
    static func json(_ scene: SceneDescription, schema: String? = nil) -> PresetJSON {
        var members: [(String, PresetJSON)] = []
        if let schema { members.append(("$schema", .string(schema))) }
        members.append(("name", .string(scene.name)))
        if let summary = scene.summary { members.append(("description", .string(summary))) }
        var canvas: [(String, PresetJSON)] = [("width", .number(scene.canvas.width)), ("height", .number(scene.canvas.height))]
        if scene.canvas.background != .clear { canvas.append(("background", value(.color(scene.canvas.background), kind: .color))) }
        members.append((PresetSlot.canvas.key, .object(canvas)))
        if scene.stepRate != SceneDescription.defaultStepRate { members.append(("stepRate", .number(scene.stepRate))) }
        if scene.startup != .automatic { members.append(("startup", .string(scene.startup.rawValue))) }
        members.append((PresetSlot.layers.key, .array(scene.layers.map(layer))))
        return PresetJSON.object(members)
    }

    /// The properties of `layer` that differ from a new layer of its kind, CALayer's first,
    /// in table order.
    public static func changedProperties(of layer: LayerDescription) -> [(key: String, kind: PropertyKind, value: PropertyValue)] {
        // `frame` is worked out from bounds, position and anchor point, which are written.
        var changed = changes(LayerProperties.table, layer.properties, LayerProperties()).filter { $0.key != "frame" }
        if let table = layer.kind.contentTable { changed += changes(table, layer.content, layer.kind.defaultContent) }
        return changed
    }

    /// The properties of `cell` that differ from a new cell, in table order.
    public static func changedProperties(of cell: EmitterCell) -> [(key: String, kind: PropertyKind, value: PropertyValue)] {
        changes(EmitterCell.table, cell, EmitterCell())
    }

    /// The keys of `behavior` that differ from a new behaviour of its type, in table order.
    public static func changedProperties(of behavior: EmitterBehavior) -> [(key: String, kind: PropertyKind, value: PropertyValue)] {
        changes(EmitterBehavior.table, behavior, EmitterBehavior(type: behavior.type))
    }

    /// The timing and options of `animation` that differ from a new animation of its kind
    /// (not its values, key path, value function or curves), in table order.
    public static func changedOptions(of animation: Animation) -> [(key: String, kind: PropertyKind, value: PropertyValue)] {
        let blank = Animation(kind: animation.kind)
        var changed = changes(Animation.table, animation, blank).filter { $0.key != "key" }
        if case .keyframe = animation.kind {
            changed += changes(Animation.keyframeTable, animation, Animation(kind: .keyframe(Animation.Keyframes())))
        }
        if animation.spring != nil {
            var blank = Animation(kind: animation.kind)
            blank.spring = Spring()
            changed += changes(Animation.springTable, animation, blank)
        }
        return changed
    }

    /// The name under which a curve is known, or nil for a custom one.
    public static func name(of timingFunction: TimingFunction) -> String? {
        TimingFunction.named.sorted { $0.key < $1.key }.first { $0.value == timingFunction }?.key
    }

    private static func changes<Root>(
        _ table: PropertyTable<Root>, _ value: Root, _ blank: Root
    ) -> [(key: String, kind: PropertyKind, value: PropertyValue)] {
        table.descriptors.compactMap { d in
            let v = d.get(value)
            return v == d.get(blank) ? nil : (d.key, d.kind, v)
        }
    }

    private static func layer(_ layer: LayerDescription) -> PresetJSON {
        var members: [(String, PresetJSON)] = [("type", .string(layer.kind.rawValue))]
        for (key, kind, v) in changedProperties(of: layer) { members.append((key, value(v, kind: kind))) }
        if let cells = layer.content.emitter?.emitterCells, !cells.isEmpty {
            members.append((PresetSlot.emitterCells.key, .array(cells.map(cell))))
        }
        if let behaviors = layer.content.emitter?.emitterBehaviors, !behaviors.isEmpty {
            members.append((PresetSlot.emitterBehaviors.key, .array(behaviors.map(behavior))))
        }
        if !layer.animations.isEmpty {
            members.append((PresetSlot.animations.key, .array(layer.animations.map { animation($0, on: layer.kind) })))
        }
        if !layer.sublayers.isEmpty { members.append((PresetSlot.sublayers.key, .array(layer.sublayers.map(self.layer)))) }
        if let mask = layer.mask { members.append((PresetSlot.mask.key, self.layer(mask))) }
        return .object(members)
    }

    private static func behavior(_ behavior: EmitterBehavior) -> PresetJSON {
        let keys = ["name", "enabled"] + (EmitterBehavior.keys[behavior.type] ?? [])
        let changed = changedProperties(of: behavior).filter { keys.contains($0.key) }
        return .object([("type", .string(behavior.type.rawValue))] + changed.map { ($0.key, value($0.value, kind: $0.kind)) })
    }

    private static func cell(_ cell: EmitterCell) -> PresetJSON {
        var members = changedProperties(of: cell).map { ($0.key, value($0.value, kind: $0.kind)) }
        if !cell.emitterCells.isEmpty { members.append((PresetSlot.subcells.key, .array(cell.emitterCells.map(self.cell)))) }
        return .object(members)
    }

    private static func animation(_ animation: Animation, on layerKind: LayerKind) -> PresetJSON {
        var members: [(String, PresetJSON)] = []
        let valueKind =
            animation.valueFunction?.inputKind
            ?? animation.keyPath.flatMap { try? PropertyAddress.resolve($0, on: layerKind).1 } ?? .number(.any)
        switch animation.kind {
        case .basic(let from, let to, let by):
            members.append(("type", .string(animation.typeName.rawValue)))
            members.append(("keyPath", .string(animation.keyPath ?? "")))
            if let f = animation.valueFunction { members.append(("valueFunction", .string(f.rawValue))) }
            if let from { members.append(("fromValue", value(from, kind: valueKind))) }
            if let to { members.append(("toValue", value(to, kind: valueKind))) }
            if let by { members.append(("byValue", value(by, kind: valueKind))) }
        case .keyframe(let keyframes):
            members.append(("type", .string("keyframe")))
            members.append(("keyPath", .string(animation.keyPath ?? "")))
            if let f = animation.valueFunction { members.append(("valueFunction", .string(f.rawValue))) }
            if let path = keyframes.path {
                members.append(("path", value(.path(path), kind: .path)))
            } else {
                members.append(("values", .array(keyframes.values.map { value($0, kind: valueKind) })))
            }
            if let times = keyframes.keyTimes { members.append(("keyTimes", .array(times.map(PresetJSON.number)))) }
            if let curves = keyframes.timingFunctions { members.append(("timingFunctions", .array(curves.map(timingFunction)))) }
        case .group(let children):
            members.append(("type", .string("group")))
            members.append((PresetSlot.groupAnimations.key, .array(children.map { self.animation($0, on: layerKind) })))
        }
        if let key = animation.key { members.append(("key", .string(key))) }
        if let curve = animation.timingFunction { members.append(("timingFunction", timingFunction(curve))) }
        for (key, kind, v) in changedOptions(of: animation) { members.append((key, value(v, kind: kind))) }
        return .object(members)
    }

    private static func timingFunction(_ curve: TimingFunction) -> PresetJSON {
        if let name = name(of: curve) { return .string(name) }
        return .array([curve.c1.x, curve.c1.y, curve.c2.x, curve.c2.y].map(PresetJSON.number))
    }

    /// A property value in the spelling the preset decoder reads for `kind`.
    static func value(_ value: PropertyValue, kind: PropertyKind) -> PresetJSON {
        switch value {
        case .number(let n):
            if kind == .repeatCount, n.isInfinite { return .string("infinity") }
            return .number(n)
        case .bool(let b): return .bool(b)
        case .string(let s): return .string(s)
        case .vector(let v): return .array((0..<v.count).map { .number(v[$0]) })
        case .color(let c): return color(c)
        case .transform(let t): return .array(Transform3D.entries.map { .number(t[keyPath: $0]) })
        case .image(let texture): return texture.map { .string($0.name) } ?? .null
        case .imageCrossFade(let fade): return fade.to.map { .string($0.name) } ?? .null
        case .colors(let colors): return .array(colors.map(color))
        case .numbers(let numbers): return .array(numbers.map(PresetJSON.number))
        case .path(let path): return .array(commands(of: path))
        }
    }

    private static func color(_ c: Color) -> PresetJSON {
        .array([c.red, c.green, c.blue, c.alpha].map(PresetJSON.number))
    }

    private static func point(_ p: Point) -> PresetJSON { .array([.number(p.x), .number(p.y)]) }

    /// The path as move, line, quadCurve, curve and close commands.
    private static func commands(of path: BezierPath) -> [PresetJSON] {
        var commands: [PresetJSON] = []
        for subpath in path.subpaths where !subpath.segments.isEmpty {
            for (offset, index) in subpath.segments.enumerated() {
                let segment = path.segments[index]
                if offset == 0 {
                    let start: Point =
                        switch segment {
                        case .line(let a, _), .quad(let a, _, _), .cubic(let a, _, _, _): a
                        }
                    commands.append(.object([("move", point(start))]))
                }
                switch segment {
                case .line(_, let b):
                    commands.append(.object([("line", point(b))]))
                case .quad(_, let c, let b):
                    commands.append(.object([("quadCurve", .object([("to", point(b)), ("control", point(c))]))]))
                case .cubic(_, let c1, let c2, let b):
                    commands.append(.object([("curve", .object([("to", point(b)), ("control1", point(c1)), ("control2", point(c2))]))]))
                }
            }
            if subpath.isClosed { commands.append(.object([("close", .bool(true))])) }
        }
        return commands
    }
}

/// JSON as the preset encoder writes it: objects keep their key order, short lists of
/// scalars stay on one line.
enum PresetJSON: Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([PresetJSON])
    case object([(String, PresetJSON)])

    var isScalar: Bool {
        switch self {
        case .array, .object: false
        default: true
        }
    }

    /// The text, nested lines indented by two spaces per level.
    func text(indent: Int) -> String {
        let pad = String(repeating: "  ", count: indent + 1)
        let close = String(repeating: "  ", count: indent)
        switch self {
        case .null: return "null"
        case .bool(let b): return b ? "true" : "false"
        case .number(let n): return Self.numberText(n)
        case .string(let s): return Self.quoted(s)
        case .array(let items):
            if items.isEmpty { return "[]" }
            if items.count <= 16, items.allSatisfy(\.isScalar) || items.allSatisfy(\.isShortList) {
                return "[" + items.map { $0.text(indent: indent + 1) }.joined(separator: ", ") + "]"
            }
            return "[\n" + items.map { pad + $0.text(indent: indent + 1) }.joined(separator: ",\n") + "\n\(close)]"
        case .object(let members):
            if members.isEmpty { return "{}" }
            if members.count == 1, members[0].1.isShortList || members[0].1.isScalar {
                return "{ \(Self.quoted(members[0].0)): \(members[0].1.text(indent: indent + 1)) }"
            }
            return "{\n" + members.map { pad + Self.quoted($0.0) + ": " + $0.1.text(indent: indent + 1) }.joined(separator: ",\n")
                + "\n\(close)}"
        }
    }

    private var isShortList: Bool {
        if case .array(let items) = self { return items.count <= 4 && items.allSatisfy(\.isScalar) }
        return false
    }

    /// A number in its shortest form that reads back exactly (whole numbers without a point).
    static func numberText(_ n: Double) -> String {
        if !n.isFinite { return n.isNaN ? "0" : (n > 0 ? "1e308" : "-1e308") }
        if n == n.rounded(), abs(n) < 1e15 { return String(Int64(n)) }
        return "\(n)"
    }

    static func quoted(_ s: String) -> String {
        var out = "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                // Controls, and what a terminal or an editor would act on or show reordered
                // (C1 controls, bidirectional marks, line separators), as \u escapes.
                if TerminalText.needsEscape(scalar, keepingLines: false) {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }
}
