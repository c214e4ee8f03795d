import SparksCore

/// Why an effect could not be loaded, changed or drawn. The effect, when there is one, keeps
/// running as it was.
public struct EffectError: Error, Sendable, CustomStringConvertible {
    /// One line per problem: `file:line:column: key: reason — did you mean "…"?` for a preset,
    /// `keyPath: reason` for a change.
    public var description: String
    /// Each problem of a preset that could not be read: `file:line:column: key: reason`.
    public var problems: [String] { diagnostics.map(\.description) }
    /// The problems as the engine reports them.
    package var diagnostics: [PresetDiagnostic]

    init(_ description: String, problems: [PresetDiagnostic] = []) {
        self.description = description
        self.diagnostics = problems
    }

    init(_ error: PresetError) {
        self.init(error.description, problems: error.diagnostics)
    }

    init(_ error: KeyPathError) {
        self.init(error.description)
    }
}
