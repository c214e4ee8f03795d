/// Splits Objective-C source into tokens for ``ObjCReader``.
///
/// Sparks reads Objective-C itself because no maintained Swift library parses it (clang's
/// parser needs the iOS SDK's headers, which Linux does not have); effect code uses a small,
/// regular part of the language, and a reader of our own can be tolerant of what it does not
/// know where a compiler would stop. Comments and preprocessor lines are dropped, except
/// `#define NAME value`, which becomes a constant, and the conditions (`#if`, `#ifdef`,
/// `#ifndef`, `#elif`, `#else`, `#endif`), which keep the branch an iOS build compiles
/// (``IOSBuildConfiguration``): the rest of the lines between them give no tokens.
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
        tokens(source, configuration: IOSBuildConfiguration(defines: [:])).tokens
    }

    /// The tokens of the code an iOS build compiles, and notes on the branches taken on a flag.
    static func tokens(
        _ source: String, configuration: IOSBuildConfiguration
    ) -> (
        tokens: [ObjCToken], notes: [(SourcePosition, String)]
    ) {
        var scanner = Scanner(source)
        scanner.conditions.configuration = configuration
        while !scanner.isAtEnd, scanner.tokens.count < maxTokens { scanner.scanNext() }
        return (scanner.finish(), scanner.conditions.notes)
    }

    /// The lexer's position in one file and the tokens read so far.
    private struct Scanner {
        let chars: [Unicode.Scalar]
        var tokens: [ObjCToken] = []
        var i = 0
        var line = 1
        var lineStart = 0
        var atLineStart = true
        /// Inside a `#define`'s value (which ends at a line break without a backslash).
        var inDefine = false
        /// The `#if` blocks the scanner is inside.
        var conditions = PreprocessorConditions()

        static let threeCharacterOperators: Set<String> = ["<<=", ">>=", "..."]
        static let twoCharacterOperators: Set<String> = [
            "->", "++", "--", "+=", "-=", "*=", "/=", "==", "!=", "<=", ">=", "&&", "||", "<<", ">>", "|=", "&=",
        ]

        init(_ source: String) {
            chars = Array(source.unicodeScalars)
        }

        var isAtEnd: Bool { i >= chars.count }

        func position(_ index: Int) -> SourcePosition { SourcePosition(line: line, column: index - lineStart + 1) }
        func peek(_ offset: Int = 0) -> Unicode.Scalar? { i + offset < chars.count ? chars[i + offset] : nil }

        mutating func newline() {
            line += 1
            lineStart = i + 1
        }

        /// Reads what starts at the current character: white space, a comment, a preprocessor
        /// line, or one token.
        mutating func scanNext() {
            let c = chars[i]
            if c == "\n" {
                lineBreak()
            } else if c == " " || c == "\t" || c == "\r" || c == "\\" {
                i += 1
            } else if c == "/", peek(1) == "/" || peek(1) == "*" {
                comment()
            } else if c == "#", atLineStart {
                preprocessorLine()
            } else if !conditions.isActive {
                // A line of a branch the build does not compile.
                while i < chars.count, chars[i] != "\n" { i += 1 }
            } else {
                atLineStart = false
                token(c)
            }
        }

        mutating func finish() -> [ObjCToken] {
            if inDefine { tokens.append(ObjCToken(kind: .defineEnd, text: "", at: position(i))) }
            tokens.append(ObjCToken(kind: .end, text: "", at: position(min(i, chars.count))))
            return tokens
        }

        private mutating func lineBreak() {
            if inDefine, !(i > 0 && chars[i - 1] == "\\") {
                tokens.append(ObjCToken(kind: .defineEnd, text: "", at: position(i)))
                inDefine = false
            }
            newline()
            i += 1
            atLineStart = true
        }

        private mutating func comment() {
            if peek(1) == "/" {
                while i < chars.count, chars[i] != "\n" { i += 1 }
                return
            }
            i += 2
            while i < chars.count, !(chars[i] == "*" && peek(1) == "/") {
                if chars[i] == "\n" { newline() }
                i += 1
            }
            i += 2
        }

        /// A preprocessor line: `#define NAME value` is kept, everything else dropped.
        private mutating func preprocessorLine() {
            let start = i
            var j = i + 1
            while j < chars.count, chars[j] == " " { j += 1 }
            var word = ""
            while j < chars.count, chars[j].properties.isAlphabetic {
                word.unicodeScalars.append(chars[j])
                j += 1
            }
            if ["if", "ifdef", "ifndef", "elif", "else", "endif"].contains(word) {
                let at = position(start)
                var text = ""
                i = j
                while i < chars.count, !(chars[i] == "\n" && chars[i - 1] != "\\") {
                    if chars[i] == "\n" { newline() }
                    if chars[i] != "\\" { text.unicodeScalars.append(chars[i]) }
                    i += 1
                }
                conditions.directive(word, text, at: at)
                return
            }
            if word == "define", conditions.isActive {
                while j < chars.count, chars[j] == " " { j += 1 }
                var name = ""
                while j < chars.count, ObjCLexer.isIdentifier(chars[j]) {
                    name.unicodeScalars.append(chars[j])
                    j += 1
                }
                if !name.isEmpty { conditions.define(name) }
                if !name.isEmpty, j < chars.count, chars[j] != "(" {
                    tokens.append(ObjCToken(kind: .define, text: name, at: position(start)))
                    inDefine = true
                    i = j
                    atLineStart = false
                    return
                }
            }
            while i < chars.count, !(chars[i] == "\n" && chars[i - 1] != "\\") {
                if chars[i] == "\n" { newline() }
                i += 1
            }
        }

        /// One token starting with `c`.
        private mutating func token(_ c: Unicode.Scalar) {
            let start = i
            if ObjCLexer.isIdentifierStart(c) {
                tokens.append(ObjCToken(kind: .identifier, text: take(while: ObjCLexer.isIdentifier), at: position(start)))
            } else if c.properties.numericType != nil && c.isASCII
                || (c == "." && (peek(1).map { $0.isASCII && $0.properties.numericType != nil } ?? false))
            {
                number(start)
            } else if c == "\"" || (c == "@" && peek(1) == "\"") {
                stringLiteral(start)
            } else if c == "'" {
                characterLiteral(start)
            } else if c == "@", let next = peek(1), ObjCLexer.isIdentifierStart(next) {
                i += 1
                tokens.append(ObjCToken(kind: .punctuation, text: "@" + take(while: ObjCLexer.isIdentifier), at: position(start)))
            } else {
                punctuation(start)
            }
        }

        /// The characters from here on that `accept` takes.
        private mutating func take(while accept: (Unicode.Scalar) -> Bool) -> String {
            var text = ""
            while i < chars.count, accept(chars[i]) {
                text.unicodeScalars.append(chars[i])
                i += 1
            }
            return text
        }

        /// A number: digits, letters (hexadecimal digits, suffixes), points and an exponent's sign.
        private mutating func number(_ start: Int) {
            var text = ""
            while i < chars.count,
                ObjCLexer.isIdentifier(chars[i]) || chars[i] == "."
                    || ((chars[i] == "+" || chars[i] == "-") && (text.last == "e" || text.last == "E") && !text.hasPrefix("0x"))
            {
                text.unicodeScalars.append(chars[i])
                i += 1
            }
            tokens.append(ObjCToken(kind: .number, text: text, at: position(start)))
        }

        /// `"…"` or `@"…"`, unescaped; adjacent literals join, as in C.
        private mutating func stringLiteral(_ start: Int) {
            i += chars[i] == "@" ? 2 : 1
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
            if let last = tokens.last, last.kind == .string {
                tokens[tokens.count - 1].text += text
            } else {
                tokens.append(ObjCToken(kind: .string, text: text, at: position(start)))
            }
        }

        /// `'c'`: the character's code, as a number.
        private mutating func characterLiteral(_ start: Int) {
            i += 1
            var value = 0
            while i < chars.count, chars[i] != "'", chars[i] != "\n" {
                value = Int(chars[i].value)
                i += 1
            }
            i += 1
            tokens.append(ObjCToken(kind: .number, text: String(value), at: position(start)))
        }

        /// An operator or punctuation: the longest of three, two or one characters.
        private mutating func punctuation(_ start: Int) {
            var matched = String(chars[i])
            if i + 2 < chars.count, Self.threeCharacterOperators.contains(String(String.UnicodeScalarView(chars[i..<i + 3]))) {
                matched = String(String.UnicodeScalarView(chars[i..<i + 3]))
            } else if i + 1 < chars.count, Self.twoCharacterOperators.contains(String(String.UnicodeScalarView(chars[i..<i + 2]))) {
                matched = String(String.UnicodeScalarView(chars[i..<i + 2]))
            }
            i += matched.unicodeScalars.count
            tokens.append(ObjCToken(kind: .punctuation, text: matched, at: position(start)))
        }
    }

    static func isIdentifierStart(_ c: Unicode.Scalar) -> Bool { c == "_" || (c.properties.isAlphabetic) }
    static func isIdentifier(_ c: Unicode.Scalar) -> Bool { isIdentifierStart(c) || (c.isASCII && c.properties.numericType != nil) }
}
