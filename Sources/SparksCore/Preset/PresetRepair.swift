/// A preset a program wrote (an import) that does not validate: what is valid is kept and each
/// value that is not is left out, so the user gets the effect with a note per value instead of
/// nothing.
public enum PresetRepair {
    /// The most values left out before giving up.
    public static let maxLeftOut = 500

    /// Decodes `text`; while that fails, leaves out the value each diagnostic points at (an
    /// object's member or an array's element) and decodes again. Returns the text decoded, the
    /// result, and what was left out. A problem of the document as a whole, or a budget it
    /// breaks, is not repaired: the result is then the failure.
    public static func decodeLeavingOut(
        _ text: String, with decoder: PresetDecoder, defaultName: String
    ) -> (text: String, result: Result<SceneDescription, PresetError>, leftOut: [PresetDiagnostic]) {
        var bytes = Array(text.utf8)
        var leftOut: [PresetDiagnostic] = []
        while true {
            let result = decoder.decode(bytes, defaultName: defaultName)
            guard case .failure(let error) = result, leftOut.count < maxLeftOut else {
                return (String(decoding: bytes, as: UTF8.self), result, leftOut)
            }
            // The deepest first, so that removing one does not move the paths of the others.
            // A budget the preset breaks is the user's to lower, not a value to drop.
            guard !error.diagnostics.contains(where: { $0.exceeded != nil }) else {
                return (String(decoding: bytes, as: UTF8.self), result, leftOut)
            }
            let removable = error.diagnostics.compactMap { d in steps(of: d.path).map { (d, $0) } }
                .sorted { $0.1.count > $1.1.count }
            guard let (diagnostic, path) = removable.first, !path.isEmpty,
                let repaired = try? PresetTextEdit.removing(at: path, in: bytes)
            else { return (String(decoding: bytes, as: UTF8.self), result, leftOut) }
            bytes = repaired
            leftOut.append(diagnostic)
        }
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
