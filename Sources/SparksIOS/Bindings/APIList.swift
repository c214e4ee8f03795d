extension Importer {
    /// The iOS API the importer understands, as Markdown: one table per framework, generated from
    /// the binding table (docs/importing.md holds it; `sparks import --api` prints it). Properties
    /// of layers, cells and behaviours are not listed here: they are the preset keys (docs/keys.md).
    public static var understoodAPI: String {
        var text = ""
        for (framework, bindings) in BindingTable.frameworks {
            text += "\n#### \(framework)\n\n| Of | Swift | Objective-C, C | Gives |\n|---|---|---|---|\n"
            for binding in bindings {
                let of = binding.receivers.map(\.description).joined(separator: ", ")
                let swift = spellings(binding.swift, form: binding.form)
                let objectiveC = spellings(binding.objectiveC + binding.c, form: binding.form)
                let gives = binding.meaning ?? (binding.form == .write ? "set" : "")
                text += "| \(of) | \(swift) | \(objectiveC) | \(gives) |\n"
            }
        }
        return text
    }

    private static func spellings(_ names: [String], form: Binding.Form) -> String {
        names.map { "`\(form == .write ? $0 + " =" : $0)`" }.joined(separator: ", ")
    }
}
