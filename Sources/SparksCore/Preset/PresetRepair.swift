/// A preset a program wrote (an import) that does not validate: what is valid is kept and each
/// value that is not is left out, so the user gets the effect with a note per value instead of
/// nothing.
public enum PresetRepair {
    /// The most rounds of leaving out before giving up (each round leaves out every value the
    /// decoder named; a value left out can leave its holder empty, named in the next round).
    public static let maxRounds = 8

    /// Decodes `text`; while that fails, leaves out the value each diagnostic points at (an
    /// object's member or an array's element) and decodes again. Returns the text decoded, the
    /// result, and what was left out. A problem of the document as a whole, or a budget it
    /// breaks, is not repaired: the result is then the failure.
    public static func decodeLeavingOut(
        _ text: String, with decoder: PresetDecoder, defaultName: String
    ) -> (text: String, result: Result<SceneDescription, PresetError>, leftOut: [PresetDiagnostic]) {
        var bytes = Array(text.utf8)
        var leftOut: [PresetDiagnostic] = []
        for round in 0...maxRounds {
            let result = decoder.decode(bytes, defaultName: defaultName)
            guard case .failure(let error) = result, round < maxRounds,
                // A budget the preset breaks is the user's to lower, not a value to drop.
                !error.diagnostics.contains(where: { $0.exceeded != nil })
            else { return (String(decoding: bytes, as: UTF8.self), result, leftOut) }
            // Every value named, the last in the file first, so that leaving one out does not
            // move the places of the others (an element's index, an ancestor's bytes).
            var seen = Set<[PresetTextEdit.Step]>()
            let removable = error.diagnostics.compactMap { d in steps(of: d.path).map { (d, $0) } }
                .filter { !$0.1.isEmpty && seen.insert($0.1).inserted }
                .sorted { comesAfter($0.1, $1.1) }
            var removed = false
            for (diagnostic, path) in removable {
                guard let repaired = try? PresetTextEdit.removing(at: path, in: bytes) else { continue }
                bytes = repaired
                leftOut.append(diagnostic)
                removed = true
            }
            if !removed { return (String(decoding: bytes, as: UTF8.self), result, leftOut) }
        }
        return (String(decoding: bytes, as: UTF8.self), decoder.decode(bytes, defaultName: defaultName), leftOut)
    }

    /// Whether path `a` is later in a document than `b` or inside it: removed first.
    static func comesAfter(_ a: [PresetTextEdit.Step], _ b: [PresetTextEdit.Step]) -> Bool {
        for (x, y) in zip(a, b) where x != y {
            switch (x, y) {
            case (.index(let i), .index(let j)): return i > j
            case (.key(let k), .key(let l)): return k > l
            case (.index, .key): return true
            case (.key, .index): return false
            }
        }
        return a.count > b.count
    }

    /// `layers[0].emitterCells[1].birthRate` as steps; nil when it is not such a path.
    static func steps(of path: String) -> [PresetTextEdit.Step]? {
        guard !path.isEmpty else { return nil }
        var steps: [PresetTextEdit.Step] = []
        for part in path.split(separator: ".", omittingEmptySubsequences: false) {
            var rest = Substring(part)
            let key = rest.prefix { $0 != "[" }
            guard !key.isEmpty else { return nil }
            steps.append(.key(String(key)))
            rest = rest.dropFirst(key.count)
            while rest.first == "[" {
                guard let close = rest.firstIndex(of: "]"), let index = Int(rest[rest.index(after: rest.startIndex)..<close]) else {
                    return nil
                }
                steps.append(.index(index))
                rest = rest[rest.index(after: close)...]
            }
            guard rest.isEmpty else { return nil }
        }
        return steps
    }
}
