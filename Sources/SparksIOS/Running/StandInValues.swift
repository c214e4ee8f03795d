import Foundation
import SparksCore

/// Values from code the files do not hold (a configuration in another file, a helper library, a
/// method of a file left out): what the property they are given suggests, as a parameter's
/// stand-in does (StandInArguments). A number is the property's usual value, a colour white, a
/// list of colours a palette, an image a stand-in image, a geometry the host's, a timing
/// function the one its name says; a block given to an unknown call runs, after the delay it
/// names. Each is said in a note with how to give the real value.
extension Interpreter {
    /// The stand-in for what `target = <unknown>` sets, or nil when nothing sensible stands in
    /// (the statement is then skipped, as before).
    func standIn(forUnknown skip: Skip, assignedTo target: Expr, _ scope: Scope, _ selfObject: Object?) throws -> Value? {
        guard let unknown = skip.unknown else { return nil }
        let at = skip.at ?? target.at
        var found: (value: Value, what: String)?
        var targetName: String
        switch target.kind {
        case .member(let baseExpr?, let key):
            targetName = key
            if case .object(let object)? = try? evaluate(baseExpr, scope, selfObject) {
                found = standIn(forKey: propertyKey(key), of: object, unknown: unknown)
            }
            if found == nil { found = standIn(named: key, unknown: unknown) }
        case .name(let name):
            targetName = name
            found = standIn(named: name, unknown: unknown)
        default:
            return nil
        }
        guard let (value, what) = found else { return nil }
        let isName = !unknown.contains(".") && !unknown.contains("(")
        note(
            "\(unknown) is not in the files: \(what) stands in for \(targetName) (give the file that defines it"
                + (isName ? ", or --define \(unknown)=VALUE" : "") + ", to use its value)", at: at)
        return value
    }

    /// A stand-in for a property of a layer, cell or animation, by the property's kind.
    private func standIn(forKey key: String, of object: Object, unknown: String) -> (value: Value, what: String)? {
        switch object.kind {
        case .layer(let kind):
            guard let (_, valueKind) = try? PropertyAddress.resolve(key, on: kind) else { return nil }
            if kind == .gradient, key == "startPoint" || key == "endPoint", let p = Self.unitPoint(named: unknown) {
                return (.point(p), "(\(NumberText.shortest(p.x)), \(NumberText.shortest(p.y))), the corner or edge its name says")
            }
            let guide = LayerProperties.table.guides[key] ?? kind.contentTable?.guides[key]
            return standIn(for: valueKind, guide: guide, unknown: unknown)
        case .cell:
            guard let descriptor = EmitterCell.table[key] else { return nil }
            return standIn(for: descriptor.kind, guide: EmitterCell.table.guides[key], unknown: unknown)
        case .animation:
            if key == "timingFunction" { return timingStandIn(unknown) }
            return nil
        default:
            return nil
        }
    }

    private func standIn(for kind: PropertyKind, guide: PropertyGuide?, unknown: String) -> (value: Value, what: String)? {
        switch kind {
        case .number:
            if let text = guide?.example, let n = Double(text) { return (.number(n), "its usual value \(text)") }
            if let r = guide?.typical {
                let mid = (r.lowerBound + r.upperBound) / 2
                return (.number(mid), "the middle of its usual values, \(NumberText.shortest(mid))")
            }
            return nil
        case .color: return (.color(Color(red: 1, green: 1, blue: 1, alpha: 1)), "white")
        case .colorList: return (.array(Self.standInPalette.map(Value.color)), "a palette of six colours")
        case .image:
            let name = Self.lastWord(of: unknown)
            return (.image(name), "a stand-in image \"\(name)\"")
        case .point: return (.point(Point(x: canvas.width / 2, y: canvas.height / 2)), "the canvas centre")
        case .size: return (.size(canvas), "the canvas size")
        case .rect: return (.rect(Rect(x: 0, y: 0, width: canvas.width, height: canvas.height)), "the host view's bounds")
        case .transform: return (.transform(.identity), "the identity transform")
        default: return nil
        }
    }

    /// A stand-in by what a variable or property is called (`colors`, `particleImage`, `duration`).
    func standIn(named name: String, unknown: String) -> (value: Value, what: String)? {
        let n = name.lowercased()
        if n.hasSuffix("colors") || n.hasSuffix("colours") {
            return (.array(Self.standInPalette.map(Value.color)), "a palette of six colours")
        }
        if n.hasSuffix("color") || n.hasSuffix("colour") { return (.color(Color(red: 1, green: 1, blue: 1, alpha: 1)), "white") }
        if n.hasSuffix("images") || n.hasSuffix("textures") {
            return (.array(["standIn1", "standIn2", "standIn3"].map(Value.image)), "three stand-in images")
        }
        if n.hasSuffix("image") || n.hasSuffix("texture") || n == "contents" {
            let image = Self.lastWord(of: unknown)
            return (.image(image), "a stand-in image \"\(image)\"")
        }
        if n.hasSuffix("timingfunction") { return timingStandIn(unknown) }
        let u = unknown.lowercased()
        if u.contains("mediatime") || u.contains("currenttime") {
            let now = deferredTime ?? 0
            return (.mediaTime(now), "the moment the code runs (\(PresetNumber.text(now)) s)")
        }
        if n.hasSuffix("delay") || n.hasSuffix("offset") { return (.number(0), "0") }
        if n.hasSuffix("duration") || n.hasSuffix("interval") || n.hasSuffix("lifetime") { return (.number(1), "1 s") }
        if n.hasSuffix("size") { return (.size(canvas), "the canvas size") }
        if n.hasSuffix("frame") || n.hasSuffix("bounds") || n.hasSuffix("rect") {
            return (.rect(Rect(x: 0, y: 0, width: canvas.width, height: canvas.height)), "the host view's bounds")
        }
        if n.hasSuffix("center") || n.hasSuffix("position") || n.hasSuffix("point") {
            return (.point(Point(x: canvas.width / 2, y: canvas.height / 2)), "the canvas centre")
        }
        return nil
    }

    /// A member of something the files do not define (`config.colors` of an empty stand-in
    /// `Configuration`, `Config.particles.images`), by its name, with a note; nil when its name
    /// suggests nothing.
    func standInMember(_ name: String, of owner: String?, at: SourcePosition) -> Value? {
        let unknown = owner.map { "\($0).\(name)" } ?? name
        let member = Self.lastWord(of: name)
        guard let (value, what) = standIn(named: member, unknown: unknown) else { return nil }
        note("\(unknown) is not in the files: \(what) stands in (give the file that defines it to use its value)", at: at)
        return value
    }

    /// The Core Animation timing function an unknown one's name says (`easeInOutCubic`: ease in
    /// and out), else the default.
    private func timingStandIn(_ unknown: String) -> (value: Value, what: String) {
        let n = unknown.lowercased()
        let name =
            n.contains("inout") || n.contains("ineaseout")
            ? "easeInEaseOut"
            : n.contains("easein") ? "easeIn" : n.contains("easeout") ? "easeOut" : n.contains("linear") ? "linear" : "default"
        return (.timingFunction(TimingFunction.named[name] ?? .linear), "the \(name) timing function (as its name says)")
    }

    /// The point of the unit square a name says (`topRight`: (1, 0); `left`: (0, 0.5)), or nil.
    static func unitPoint(named text: String) -> Point? {
        let n = text.lowercased()
        let x: Double? = n.contains("left") ? 0 : n.contains("right") ? 1 : nil
        let y: Double? = n.contains("top") ? 0 : n.contains("bottom") ? 1 : nil
        guard x != nil || y != nil || n.contains("center") || n.contains("centre") else { return nil }
        return Point(x: x ?? 0.5, y: y ?? 0.5)
    }

    static let standInPalette: [Color] = ["systemRed", "systemOrange", "systemYellow", "systemGreen", "systemBlue", "systemPurple"]
        .compactMap { Color.named[$0] }

    /// The last identifier of `Config.particles.image` or `Images.spark()`: `image`, `spark`.
    static func lastWord(of text: String) -> String {
        let words = text.split { !($0.isLetter || $0.isNumber || $0 == "_") }
        return words.last.map(String.init) ?? "standIn"
    }

    /// A call the files and Sparks do not know that takes a block (a helper library's
    /// `performBlock:afterDelay:`, a method of a file left out): the block runs, after the delay
    /// an argument gives when the call names one, with a note. Nil when no block is given.
    func runClosureOfUnknownCall(_ name: String, labels: [String?], _ a: [Value], at: SourcePosition) throws -> Value? {
        guard let index = a.lastIndex(where: { if case .function = $0 { return true } else { return false } }),
            case .function(let f) = a[index]
        else { return nil }
        let delayIndex =
            labels.firstIndex { label in
                guard let label = label?.lowercased() else { return false }
                return label.contains("delay") || label == "after" || label == "deadline" || label.hasSuffix("seconds")
            }
            ?? (name.lowercased().contains("after") || name.lowercased().contains("delay")
                ? a.firstIndex { if case .number = $0 { return true } else { return false } } : nil)
        let delay = try delayIndex.map { try number(a[$0], at: at, what: "a delay") } ?? 0
        // The other arguments go to the block (`customize(view) { $0.… }`, `with(layer) { … }`),
        // and the first comes back, as such helpers configure what they are given.
        let given = a.enumerated().filter { $0.offset != index && $0.offset != delayIndex }.map(\.element)
        note(
            "\(name)(…) is not in the files: its block runs"
                + (delay > 0 ? " after \(PresetNumber.text(delay)) s, as the call says" : " at once")
                + (given.isEmpty ? "" : " with what the call gives it")
                + " (give the file that defines it to run what it does)", at: at)
        let arguments = Array(given.prefix(max(1, f.parameters.count)))
        if delay > 0 {
            try inTurn(at: (deferredTime ?? 0) + delay, at: at) { _ = try call(f, arguments, at: at) }
        } else {
            _ = try call(f, arguments, at: at)
        }
        return given.first ?? .void
    }

    /// A call the files do not hold that makes a layer (`NVActivityIndicatorShape.ring.layerWith(size:color:)`
    /// from a file left out): a layer of the size and colour it is given, round when its name
    /// says a circle, ring, dot or ball, with a note. Nil for other calls.
    func standInLayer(_ name: String, _ a: [Value], at: SourcePosition) -> Value? {
        guard name.lowercased().contains("layer") else { return nil }
        var size = Size(width: 10, height: 10)
        var color = Color(red: 1, green: 1, blue: 1, alpha: 1)
        for value in a {
            if case .size(let s) = value { size = s }
            if case .color(let c) = value { color = c }
        }
        let words = name.lowercased()
        let layer = newObject(kind: .layer(.layer), className: "CALayer", madeAt: at, file: file)
        layer.state.layer.bounds = Rect(x: 0, y: 0, width: size.width, height: size.height)
        let round = ["circle", "ring", "dot", "ball"].contains { words.contains($0) }
        if round { layer.state.layer.cornerRadius = min(size.width, size.height) / 2 }
        if words.contains("ring") || words.contains("stroke") {
            layer.state.layer.borderWidth = 2
            layer.state.layer.borderColor = color
        } else {
            layer.state.layer.backgroundColor = color
        }
        let shape = round ? (words.contains("ring") ? "a ring" : "a disc") : "a rectangle"
        note(
            "\(name)(…) is not in the files: \(shape) of the size and colour it is given (\(NumberText.shortest(size.width)) × \(NumberText.shortest(size.height))) stands in for its layer (give the file that defines it to draw its shape)",
            at: at)
        return .object(layer)
    }

    /// `view.width`, `layer.centerX`: a helper library's name for part of a view's or layer's
    /// frame (SwifterSwift and the like), read from the frame; nil for other names and objects.
    func geometryHelper(of object: Object, _ name: String, at: SourcePosition) -> Value? {
        guard let layer = object.layerKind != nil ? object : object.layer else { return nil }
        let f = layer.state.layer.frame
        let value: Value
        switch name {
        case "width": value = .number(f.size.width)
        case "height": value = .number(f.size.height)
        case "x", "left", "minX": value = .number(f.origin.x)
        case "y", "top", "minY": value = .number(f.origin.y)
        case "right", "maxX": value = .number(f.origin.x + f.size.width)
        case "bottom", "maxY": value = .number(f.origin.y + f.size.height)
        case "centerX", "midX": value = .number(f.origin.x + f.size.width / 2)
        case "centerY", "midY": value = .number(f.origin.y + f.size.height / 2)
        case "origin": value = .point(f.origin)
        case "size": value = .size(f.size)
        default: return nil
        }
        note("\(object.className).\(name) is not UIKit's or Core Animation's: read from its frame, as helper libraries define it", at: at)
        return value
    }
}
