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

extension ValueDecoder {
    /// A path: SVG path data, or a list of commands mirroring CGPath and UIBezierPath calls
    /// (`move`, `line`, `quadCurve`, `curve`, `arc`, `close`, and the whole shapes `rect`,
    /// `oval` and `roundedRect`).
    func bezierPath(_ node: JSONNode, path: String) -> BezierPath? {
        if case .string(let svg) = node.value {
            do throws(PathSyntaxError) {
                return checked(try BezierPath(svg: svg), node: node, path: path)
            } catch {
                report(path, node.location, "SVG path data: \(error.message)")
                return nil
            }
        }
        guard let elements = self.elements(node, path: path, what: "SVG path data or a list of path commands") else { return nil }
        let commands = ["move", "line", "quadCurve", "curve", "arc", "close", "rect", "oval", "roundedRect"]
        var result = BezierPath()
        var ok = true
        for (i, element) in elements.enumerated() {
            let p = "\(path)[\(i)]"
            guard let members = self.members(element, path: p, what: "a path command such as {\"line\": [x, y]}"), members.count == 1,
                let command = members.first
            else {
                if case .object = element.value {
                    report(p, element.location, "a path command has exactly one key: \(commands.joined(separator: ", "))")
                }
                ok = false
                continue
            }
            let cp = "\(p).\(command.key)"
            func point(_ node: JSONNode, _ path: String) -> Point? {
                numbers(node, path: path, counts: [2], expected: "[x, y]").map { Point(x: $0[0], y: $0[1]) }
            }
            func fields(_ required: [String], optional: [String] = []) -> [String: JSONNode]? {
                guard let members = self.members(command.value, path: cp, what: "the \(command.key) command's values") else { return nil }
                var result: [String: JSONNode] = [:]
                for m in members {
                    if required.contains(m.key) || optional.contains(m.key) {
                        result[m.key] = m.value
                    } else {
                        report(
                            "\(cp).\(m.key)", m.keyLocation, "unknown key \"\(m.key)\"",
                            suggestion: nearestKey(to: m.key, in: required + optional))
                    }
                }
                for key in required where result[key] == nil {
                    report(cp, command.value.location, "missing key \"\(key)\"")
                    return nil
                }
                return result
            }
            switch command.key {
            case "move": if let q = point(command.value, cp) { result.move(to: q) } else { ok = false }
            case "line": if let q = point(command.value, cp) { result.line(to: q) } else { ok = false }
            case "quadCurve":
                guard let f = fields(["to", "control"]), let to = point(f["to"]!, "\(cp).to"), let c = point(f["control"]!, "\(cp).control")
                else {
                    ok = false
                    continue
                }
                result.quadCurve(to: to, control: c)
            case "curve":
                guard let f = fields(["to", "control1", "control2"]), let to = point(f["to"]!, "\(cp).to"),
                    let c1 = point(f["control1"]!, "\(cp).control1"), let c2 = point(f["control2"]!, "\(cp).control2")
                else {
                    ok = false
                    continue
                }
                result.curve(to: to, control1: c1, control2: c2)
            case "arc":
                guard let f = fields(["center", "radius", "startAngle", "endAngle"], optional: ["clockwise"]),
                    let c = point(f["center"]!, "\(cp).center"),
                    let r = decode(.number(.nonNegative), f["radius"]!, path: "\(cp).radius")?.number,
                    let a0 = decode(.number(.any), f["startAngle"]!, path: "\(cp).startAngle")?.number,
                    let a1 = decode(.number(.any), f["endAngle"]!, path: "\(cp).endAngle")?.number
                else {
                    ok = false
                    continue
                }
                var clockwise = true
                if let node = f["clockwise"] {
                    guard case .bool(let b)? = decode(.bool, node, path: "\(cp).clockwise") else {
                        ok = false
                        continue
                    }
                    clockwise = b
                }
                result.arc(center: c, radius: r, startAngle: a0, endAngle: a1, clockwise: clockwise)
            case "close":
                result.close()
            case "rect", "oval":
                guard let r = numbers(command.value, path: cp, counts: [4], expected: "[x, y, width, height]") else {
                    ok = false
                    continue
                }
                let rect = Rect(x: r[0], y: r[1], width: r[2], height: r[3])
                if command.key == "rect" { result.addRect(rect) } else { result.addOval(in: rect) }
            case "roundedRect":
                guard let f = fields(["rect", "cornerRadius"]),
                    let r = numbers(f["rect"]!, path: "\(cp).rect", counts: [4], expected: "[x, y, width, height]"),
                    let radius = decode(.number(.nonNegative), f["cornerRadius"]!, path: "\(cp).cornerRadius")?.number
                else {
                    ok = false
                    continue
                }
                result.addRoundedRect(Rect(x: r[0], y: r[1], width: r[2], height: r[3]), cornerRadius: radius)
            default:
                report(
                    cp, command.keyLocation, "unknown path command \"\(command.key)\"; expected one of \(commands.joined(separator: ", "))",
                    suggestion: nearestKey(to: command.key, in: commands))
                ok = false
            }
        }
        guard ok else { return nil }
        return checked(result, node: node, path: path)
    }

    /// `path` when it has segments, no more than a path may hold, all finite.
    private func checked(_ result: BezierPath, node: JSONNode, path: String) -> BezierPath? {
        if result.segments.isEmpty {
            report(path, node.location, "the path has no segments")
            return nil
        }
        if let problem = PropertyKind.path.violation(of: .path(result)) {
            report(path, node.location, problem)
            return nil
        }
        return result
    }
}
