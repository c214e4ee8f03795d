/// Text from files made safe to print on a terminal.
///
/// A preset's names, keys and image names, and the code an import reads, are a stranger's
/// text, and a terminal acts on some characters instead of showing them: escape sequences
/// write the clipboard (OSC 52), retitle the window, hide or clear what was printed; a carriage
/// return overwrites a line; bidirectional controls show text in another order than it is.
/// Every such character is shown as a visible escape, `\u{1B}`, so a message says exactly what
/// the file holds and does nothing else.
public enum TerminalText {
    /// `text` with every control, bidirectional and line-separating character escaped; line
    /// breaks and tabs too when `keepingLines` is false (one line: a name, a key, a diagnostic).
    public static func escaped(_ text: String, keepingLines: Bool = false) -> String {
        guard text.unicodeScalars.contains(where: { needsEscape($0, keepingLines: keepingLines) }) else { return text }
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if needsEscape(scalar, keepingLines: keepingLines) {
                result.append(contentsOf: "\\u{\(String(scalar.value, radix: 16, uppercase: true))}".unicodeScalars)
            } else {
                result.append(scalar)
            }
        }
        return String(result)
    }

    /// JSON text with every character a terminal would act on written as a JSON `\uXXXX`
    /// escape: still the same JSON, and safe to print. (Serialisers escape controls inside
    /// strings but not bidirectional or C1 characters; line breaks between values stay.)
    public static func escaped(json: String) -> String {
        guard json.unicodeScalars.contains(where: { needsEscape($0, keepingLines: true) }) else { return json }
        var result = String.UnicodeScalarView()
        for scalar in json.unicodeScalars {
            if needsEscape(scalar, keepingLines: true) {
                let hex = String(scalar.value, radix: 16)
                result.append(contentsOf: ("\\u" + String(repeating: "0", count: 4 - hex.count) + hex).unicodeScalars)
            } else {
                result.append(scalar)
            }
        }
        return String(result)
    }

    /// Whether a terminal may act on `scalar` rather than show it.
    public static func needsEscape(_ scalar: Unicode.Scalar, keepingLines: Bool) -> Bool {
        switch scalar.value {
        case 0x0A, 0x09: !keepingLines
        // C0 controls (ESC, BEL, CR, backspace…), DEL and the C1 controls (CSI, OSC as one byte).
        case 0x00...0x1F, 0x7F...0x9F: true
        // Bidirectional marks, embeddings, overrides and isolates; line and paragraph separators.
        case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069, 0x2028, 0x2029: true
        default: false
        }
    }
}
