/// Splits Objective-C source into tokens for ``ObjCReader``.
///
/// Sparks reads Objective-C itself because no maintained Swift library parses it (clang's
/// parser needs the iOS SDK's headers, which Linux does not have); effect code uses a small,
/// regular part of the language, and a reader of our own can be tolerant of what it does not
/// know where a compiler would stop. Comments and preprocessor lines are dropped, except
/// `#define NAME value`, which becomes a constant.
struct ObjCToken: Equatable, Sendable {
    enum Kind: Equatable, Sendable {
        case identifier
        case number
        /// A string literal (`@"…"` or `"…"`), its text unescaped.
        case string
        /// An operator or punctuation, `@` words (`@interface`) included.
        case punctuation
        /// `#define NAME`: the name; the value's tokens follow, then `.defineEnd`.
        case define
        case defineEnd
        case end
    }

    var kind: Kind
    var text: String
    var at: SourcePosition
}

enum ObjCLexer {
    /// The most tokens a file may have (bounded work for any input).
    static let maxTokens = 400_000

    static func tokens(_ source: String) -> [ObjCToken] {
        let chars = Array(source.unicodeScalars)
        var tokens: [ObjCToken] = []
        var i = 0, line = 1, lineStart = 0
        var atLineStart = true
        func position(_ index: Int) -> SourcePosition { SourcePosition(line: line, column: index - lineStart + 1) }
        func peek(_ offset: Int = 0) -> Unicode.Scalar? { i + offset < chars.count ? chars[i + offset] : nil }
        func newline() {
            line += 1
            lineStart = i + 1
        }
        var inDefine = false
        let threeChar: Set<String> = ["<<=", ">>=", "..."]
        let twoChar: Set<String> = ["->", "++", "--", "+=", "-=", "*=", "/=", "==", "!=", "<=", ">=", "&&", "||", "<<", ">>", "|=", "&="]
        while i < chars.count, tokens.count < maxTokens {
            let c = chars[i]
            if c == "\n" {
                if inDefine, !(i > 0 && chars[i - 1] == "\\") {
                    tokens.append(ObjCToken(kind: .defineEnd, text: "", at: position(i)))
                    inDefine = false
                }
                newline()
                i += 1
                atLineStart = true
                continue
            }
            if c == " " || c == "\t" || c == "\r" || c == "\\" {
                i += 1
                continue
            }
            if c == "/", peek(1) == "/" {
                while i < chars.count, chars[i] != "\n" { i += 1 }
                continue
            }
            if c == "/", peek(1) == "*" {
                i += 2
                while i < chars.count, !(chars[i] == "*" && peek(1) == "/") {
                    if chars[i] == "\n" { newline() }
                    i += 1
                }
                i += 2
                continue
            }
            if c == "#", atLineStart {
                // A preprocessor line: `#define NAME value` is kept, everything else dropped.
                let start = i
                var j = i + 1
                while j < chars.count, chars[j] == " " { j += 1 }
                var word = ""
                while j < chars.count, chars[j].properties.isAlphabetic { word.unicodeScalars.append(chars[j]); j += 1 }
                if word == "define" {
                    while j < chars.count, chars[j] == " " { j += 1 }
                    var name = ""
                    while j < chars.count, isIdentifier(chars[j]) { name.unicodeScalars.append(chars[j]); j += 1 }
                    if !name.isEmpty, j < chars.count, chars[j] != "(" {
                        tokens.append(ObjCToken(kind: .define, text: name, at: position(start)))
                        inDefine = true
                        i = j
                        atLineStart = false
                        continue
                    }
                }
                while i < chars.count, !(chars[i] == "\n" && chars[i - 1] != "\\") {
                    if chars[i] == "\n" { newline() }
                    i += 1
                }
                continue
            }
            atLineStart = false
            let start = i
            if isIdentifierStart(c) {
                var text = ""
                while i < chars.count, isIdentifier(chars[i]) { text.unicodeScalars.append(chars[i]); i += 1 }
                tokens.append(ObjCToken(kind: .identifier, text: text, at: position(start)))
                continue
            }
            if c.properties.numericType != nil && c.isASCII || (c == "." && (peek(1).map { $0.isASCII && $0.properties.numericType != nil } ?? false)) {
                var text = ""
                while i < chars.count, isIdentifier(chars[i]) || chars[i] == "." || ((chars[i] == "+" || chars[i] == "-") && (text.last == "e" || text.last == "E") && !text.hasPrefix("0x")) {
                    text.unicodeScalars.append(chars[i])
                    i += 1
                }
                tokens.append(ObjCToken(kind: .number, text: text, at: position(start)))
                continue
            }
            if c == "\"" || (c == "@" && peek(1) == "\"") {
                i += c == "@" ? 2 : 1
                var text = ""
                while i < chars.count, chars[i] != "\"", chars[i] != "\n" {
                    if chars[i] == "\\", i + 1 < chars.count {
                        i += 1
                        switch chars[i] {
                        case "n": text += "\n"
                        case "t": text += "\t"
                        default: text.unicodeScalars.append(chars[i])
                        }
                    } else {
                        text.unicodeScalars.append(chars[i])
                    }
                    i += 1
                }
                i += 1
                // Adjacent literals join, as in C.
                if let last = tokens.last, last.kind == .string, tokens.count > 0 {
                    tokens[tokens.count - 1].text += text
                } else {
                    tokens.append(ObjCToken(kind: .string, text: text, at: position(start)))
                }
                continue
            }
            if c == "'" {
                i += 1
                var value = 0
                while i < chars.count, chars[i] != "'", chars[i] != "\n" { value = Int(chars[i].value); i += 1 }
                i += 1
                tokens.append(ObjCToken(kind: .number, text: String(value), at: position(start)))
                continue
            }
            if c == "@", let next = peek(1), isIdentifierStart(next) {
                var text = "@"
                i += 1
                while i < chars.count, isIdentifier(chars[i]) { text.unicodeScalars.append(chars[i]); i += 1 }
                tokens.append(ObjCToken(kind: .punctuation, text: text, at: position(start)))
                continue
            }
            var matched = String(c)
            if i + 2 < chars.count, threeChar.contains(String(String.UnicodeScalarView(chars[i..<i + 3]))) {
                matched = String(String.UnicodeScalarView(chars[i..<i + 3]))
            } else if i + 1 < chars.count, twoChar.contains(String(String.UnicodeScalarView(chars[i..<i + 2]))) {
                matched = String(String.UnicodeScalarView(chars[i..<i + 2]))
            }
            i += matched.unicodeScalars.count
            tokens.append(ObjCToken(kind: .punctuation, text: matched, at: position(start)))
        }
        if inDefine { tokens.append(ObjCToken(kind: .defineEnd, text: "", at: position(i))) }
        tokens.append(ObjCToken(kind: .end, text: "", at: position(min(i, chars.count))))
        return tokens
    }

    private static func isIdentifierStart(_ c: Unicode.Scalar) -> Bool { c == "_" || (c.properties.isAlphabetic) }
    private static func isIdentifier(_ c: Unicode.Scalar) -> Bool { isIdentifierStart(c) || (c.isASCII && c.properties.numericType != nil) }
}
