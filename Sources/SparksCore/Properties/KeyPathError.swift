/// Why a key path could not be read or set.
public struct KeyPathError: Error, Sendable, CustomStringConvertible {
    /// The key path as given.
    public var keyPath: String
    /// What is wrong.
    public var reason: String
    /// The nearest valid alternative, when one is close.
    public var suggestion: String?

    /// Creates an error.
    public init(keyPath: String, reason: String, suggestion: String? = nil) {
        self.keyPath = keyPath
        self.reason = reason
        self.suggestion = suggestion
    }

    /// `keyPath: reason — did you mean "suggestion"?`
    public var description: String {
        var text = "\(keyPath): \(reason)"
        if let suggestion { text += " — did you mean \"\(suggestion)\"?" }
        return text
    }

    /// No `thing` (layer, cell, behaviour) named `name`: the names there are, and the nearest.
    static func noneNamed(_ name: String, _ thing: String, plural: String, known: [String], keyPath: String) -> KeyPathError {
        KeyPathError(
            keyPath: keyPath,
            reason: known.isEmpty
                ? "there is no \(thing) named \"\(name)\" (no \(thing) \(thing == "layer" ? "has" : "here has") a name)"
                : "there is no \(thing) named \"\(name)\" (\(plural): \(known.joined(separator: ", ")))",
            suggestion: nearestKey(to: name, in: known))
    }
}
