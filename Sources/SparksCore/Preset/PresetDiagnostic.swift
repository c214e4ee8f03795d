/// One problem found in a preset: where it is and what is wrong.
///
/// Printed as `file:line:column: path: message — did you mean "suggestion"?`, the form editors
/// and terminals turn into links.
public struct PresetDiagnostic: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file as the user named it.
    public var file: String
    /// The JSON path of the offending value, such as `layers[0].emitterCells[1].birthRate`;
    /// empty for the document itself.
    public var path: String
    /// Line and column, when known.
    public var location: SourceLocation?
    /// What is wrong.
    public var message: String
    /// The nearest valid alternative, when one is close.
    public var suggestion: String?
    /// What the suggested key takes, said after the suggestion ("points per second, typically
    /// 0…600, e.g. 150").
    public var suggestionDetail: String?
    /// The budget the preset passes, when that is the problem (the message then says what to
    /// lower; how to raise the budget is the calling program's to add).
    public var exceeded: BudgetExceeded?

    /// Creates a diagnostic.
    public init(
        file: String, path: String, location: SourceLocation?, message: String, suggestion: String? = nil, exceeded: BudgetExceeded? = nil
    ) {
        self.file = file
        self.path = path
        self.location = location
        self.message = message
        self.suggestion = suggestion
        self.exceeded = exceeded
    }

    /// `file:line:column: path: message — did you mean "suggestion"?`, on one line: what a
    /// terminal would act on (a key's escape sequences, line breaks) escaped.
    public var description: String { TerminalText.escaped(text) }

    private var text: String {
        var text = file
        if let location { text += ":\(location.line):\(location.column)" }
        text += ": "
        if !path.isEmpty { text += "\(path): " }
        text += message
        if let suggestion { text += " — did you mean \"\(suggestion)\"?" }
        if let suggestionDetail { text += " (\(suggestionDetail))" }
        return text
    }
}

/// Every problem found in a preset.
public struct PresetError: Error, Sendable, CustomStringConvertible {
    /// The problems, in document order.
    public var diagnostics: [PresetDiagnostic]

    /// Creates an error from its problems.
    public init(_ diagnostics: [PresetDiagnostic]) {
        self.diagnostics = diagnostics
    }

    /// One line per problem.
    public var description: String {
        diagnostics.map(\.description).joined(separator: "\n")
    }
}
