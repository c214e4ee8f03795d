import SparksCore

/// Text from a preset, made safe to write into generated Swift or Objective-C.
///
/// A preset may come from a stranger, and whoever exports it compiles the result into an app:
/// no string of the preset may become code there. Every piece of preset text the exporter
/// writes goes through one of these three doors:
/// - ``literal(_:swift:)``: a string literal whose every character that could end it, start an
///   escape or interpolation, break the line, or look like something else on screen
///   (controls, line and paragraph separators, bidirectional and other format characters) is
///   written as an escape;
/// - ``comment(_:)``: the text of a `//` comment, kept to one line, with those characters
///   turned into spaces and no trailing backslash (which would join the next line to the
///   comment in Objective-C);
/// - ``identifier(_:)``: a name made of ASCII letters and digits only, never a keyword of
///   either language (a name without such letters gives nil: the caller picks a neutral one).
enum CodeText {
    /// Characters written as escapes in literals and as spaces in comments: anything that is
    /// not plainly visible text.
    static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator, .surrogate, .privateUse, .unassigned: true
        default: false
        }
    }

    /// `text` as a string literal: `"…"` in Swift, `@"…"` in Objective-C.
    static func literal(_ text: String, swift: Bool) -> String {
        var out = swift ? "\"" : "@\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": out += "\\\\"
            case "\"": out += "\\\""
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            // Objective-C: `??/` and friends are trigraphs in some language modes.
            case "?" where !swift: out += "\\?"
            default:
                if !isInvisible(scalar) {
                    out.unicodeScalars.append(scalar)
                } else if swift {
                    out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
                } else if scalar.value < 0xA0 {
                    // C allows no universal character name below U+00A0: its UTF-8 bytes, in octal.
                    for byte in String(scalar).utf8 { out += "\\" + Self.octal(byte) }
                } else if scalar.value <= 0xFFFF {
                    out += "\\u" + Self.hex(scalar.value, digits: 4)
                } else {
                    out += "\\U" + Self.hex(scalar.value, digits: 8)
                }
            }
        }
        return out + "\""
    }

    /// `text` as the rest of a `//` comment: one line, invisible characters as spaces, no
    /// trailing backslash.
    static func comment(_ text: String) -> String {
        var line = String(String.UnicodeScalarView(text.unicodeScalars.map { isInvisible($0) ? " " : $0 }))
        while let last = line.last, last == " " || last == "\\" || (last == "/" && line.hasSuffix("??/")) {
            line.removeLast(last == "/" ? 3 : 1)
        }
        return line
    }

    /// A lower camel case identifier from the ASCII letters and digits of `text` (words split
    /// at everything else), or nil when it has none. Never a keyword of Swift or Objective-C
    /// (a keyword gets `suffix`), never starting with a digit.
    static func identifier(_ text: String, suffix: String = "Value") -> String? {
        let words = text.split { !($0.isASCII && ($0.isLetter || $0.isNumber)) }
        guard let first = words.first else { return nil }
        var result =
            first.prefix(1).lowercased() + first.dropFirst() + words.dropFirst().map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
        if result.first?.isNumber ?? true { result = "v" + result }
        if keywords.contains(result) { result += suffix }
        return result
    }

    /// Keywords and reserved words of Swift, C and Objective-C, and the names of the few
    /// literals and types the generated code names in lower case.
    static let keywords: Set<String> = [
        // Swift
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init", "inout", "internal", "let",
        "open", "operator", "private", "precedencegroup", "protocol", "public", "rethrows", "static", "struct", "subscript",
        "typealias", "var", "break", "case", "catch", "continue", "default", "defer", "do", "else", "fallthrough", "for", "guard", "if",
        "in", "repeat", "return", "throw", "switch", "where", "while", "as", "await", "false", "is", "nil", "self", "super",
        "throws", "true", "try", "async", "actor", "any", "some", "borrowing", "consuming", "package", "each", "macro", "Any", "Self",
        "Type", "Protocol",
        // C and Objective-C
        "auto", "char", "const", "double", "extern", "float", "goto", "inline", "int", "long", "register", "restrict", "short",
        "signed", "sizeof", "typedef", "union", "unsigned", "void", "volatile", "bool", "asm", "typeof", "id", "instancetype", "out",
        "bycopy", "byref", "oneway", "nonnull", "nullable", "YES", "NO", "NULL", "Nil", "BOOL", "SEL", "IMP", "Class",
    ]

    private static func octal(_ byte: UInt8) -> String {
        let digits = String(byte, radix: 8)
        return String(repeating: "0", count: 3 - digits.count) + digits
    }

    private static func hex(_ value: UInt32, digits: Int) -> String {
        let text = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, digits - text.count)) + text
    }
}
