/// The first look at a source file, before any parser sees it: how deeply its brackets nest and
/// how long its chains of operators run, on its raw tokens.
///
/// A parser's time and stack depend on what a file nests: swift-syntax decides what `[` starts
/// by looking ahead, which costs about twice as much for each `[` inside another (an array
/// literal 24 deep took seconds; 40 never ended), and recurses once per bracket and per prefix
/// operator. So a file is refused, with its place and a reason, before any parser runs, when its
/// brackets nest deeper or its operators run longer than code that sets up an effect ever does.
/// What passes is bounded for every parser: the readers' trees are bounded too
/// (``Node/maxDepth``), and the parse itself runs under a time limit (``ImportJob``).
///
/// Swift is scanned here (strings with their interpolations, raw and multi-line strings, nested
/// comments); Objective-C through ``ObjCLexer``'s tokens.
struct SourceGate {
    /// Why a file is not read: the first place it passes a bound.
    struct Refusal: Error, Sendable {
        var message: String
        var at: SourcePosition
    }

    /// The deepest brackets of every kind may nest: `(`, `[` and `{` together.
    static let maxBracketDepth = 64
    /// The deepest square brackets may nest in Swift (each one doubles what swift-syntax's
    /// look-ahead may try); nested array literals in effect code go three or four deep.
    static let maxSquareDepth = 12
    /// The most operators and member accesses one expression may chain between separators
    /// (`,` `;` `{` `}` or a line that ends a statement).
    static let maxChain = 1_000

    private init(maxSquares: Int = .max) { self.maxSquares = maxSquares }

    private var brackets: [(scalar: Unicode.Scalar, interpolation: StringKind?)] = []
    private var squares = 0
    private var chain = 0
    /// The deepest square brackets may nest (Swift's bound; Objective-C's reader has none).
    private let maxSquares: Int

    /// A Swift string literal's delimiters: `#` count and whether it is multi-line.
    struct StringKind {
        var hashes: Int
        var multiline: Bool
    }

    // MARK: The checks, on tokens of either language

    private mutating func open(_ scalar: Unicode.Scalar, interpolation: StringKind? = nil, at: SourcePosition) throws(Refusal) {
        brackets.append((scalar, interpolation))
        if scalar == "[" { squares += 1 }
        if scalar == "{" { chain = 0 }
        guard brackets.count <= Self.maxBracketDepth else {
            throw Refusal(
                message: "brackets nest more than \(Self.maxBracketDepth) deep here; code that sets up an effect never nests so deeply",
                at: at)
        }
        guard squares <= maxSquares else {
            throw Refusal(
                message: "square brackets nest more than \(maxSquares) deep here (array and dictionary literals, subscripts); "
                    + "code that sets up an effect never nests them so deeply",
                at: at)
        }
    }

    /// Closes the innermost bracket (a closer with no opener is ignored); returns the string an
    /// interpolation it closes belongs to.
    private mutating func close(_ scalar: Unicode.Scalar) -> StringKind? {
        if scalar == "}" { chain = 0 }
        guard let last = brackets.popLast() else { return nil }
        if last.scalar == "[" { squares -= 1 }
        return last.interpolation
    }

    private mutating func chained(at: SourcePosition) throws(Refusal) {
        chain += 1
        guard chain <= Self.maxChain else {
            throw Refusal(
                message: "an expression chains more than \(Self.maxChain) operators and member accesses here; "
                    + "code that sets up an effect never writes one so long",
                at: at)
        }
    }

    private mutating func separated() { chain = 0 }

    // MARK: Objective-C

    /// Checks Objective-C tokens (``ObjCLexer``).
    static func check(objectiveC tokens: [ObjCToken]) throws(Refusal) {
        var gate = SourceGate()
        for token in tokens where token.kind == .punctuation {
            switch token.text {
            case "(", "[", "{": try gate.open(token.text.unicodeScalars.first!, at: token.at)
            case ")", "]", "}": _ = gate.close(token.text.unicodeScalars.first!)
            case ",", ";", ":": gate.separated()
            default: if !token.text.hasPrefix("@") { try gate.chained(at: token.at) }
            }
        }
    }

    // MARK: Swift

    /// Checks Swift source text.
    static func check(swift source: String) throws(Refusal) {
        var scanner = SwiftScanner(Array(source.unicodeScalars))
        try scanner.run()
    }

    /// Reads Swift's tokens as far as the checks need: brackets, operators, separators and the
    /// line breaks that end statements; strings, comments and names are passed over.
    private struct SwiftScanner {
        let chars: [Unicode.Scalar]
        var i = 0
        var line = 1
        var lineStart = 0
        var gate = SourceGate(maxSquares: SourceGate.maxSquareDepth)
        /// A line break was passed where a statement may end; the next token decides.
        var lineBreakPending = false
        /// The last token was an operator (the expression goes on after a line break).
        var afterOperator = false

        init(_ chars: [Unicode.Scalar]) { self.chars = chars }

        var position: SourcePosition { SourcePosition(line: line, column: i - lineStart + 1) }
        func peek(_ offset: Int = 0) -> Unicode.Scalar? { i + offset < chars.count ? chars[i + offset] : nil }

        mutating func newline() {
            line += 1
            lineStart = i + 1
        }

        static let operatorCharacters = Set("/=-+!*%<>&|^~?".unicodeScalars)

        mutating func run() throws(Refusal) {
            while i < chars.count {
                let c = chars[i]
                if c == "\n" {
                    // Inside ( or [ a line break never ends an expression.
                    let top = gate.brackets.last?.scalar
                    if top == nil || top == "{" { lineBreakPending = true }
                    newline()
                    i += 1
                } else if c == " " || c == "\t" || c == "\r" {
                    i += 1
                } else if c == "/", peek(1) == "/" {
                    while i < chars.count, chars[i] != "\n" { i += 1 }
                } else if c == "/", peek(1) == "*" {
                    blockComment()
                } else if c == "\"" || (c == "#" && startsRawString()) {
                    token(isOperator: false)
                    var hashes = 0
                    while chars[i] == "#" {
                        hashes += 1
                        i += 1
                    }
                    let multiline = peek(1) == "\"" && peek(2) == "\""
                    i += multiline ? 3 : 1
                    try string(StringKind(hashes: hashes, multiline: multiline))
                } else if c == "#", peek(1) == "/" {
                    token(isOperator: false)
                    regexLiteral()
                } else if c == "(" || c == "[" || c == "{" {
                    token(isOperator: false)
                    try gate.open(c, at: position)
                    i += 1
                } else if c == ")" || c == "]" || c == "}" {
                    token(isOperator: false)
                    i += 1
                    if let kind = gate.close(c) { try string(kind) }
                } else if c == "," || c == ";" {
                    token(isOperator: false)
                    gate.separated()
                    i += 1
                } else if c == "." || Self.operatorCharacters.contains(c) {
                    // One operator: the longest run of operator characters (dots only after a dot).
                    let dotted = c == "."
                    let at = position
                    i += 1
                    while i < chars.count,
                        dotted ? chars[i] == "." || Self.operatorCharacters.contains(chars[i]) : Self.operatorCharacters.contains(chars[i])
                    {
                        i += 1
                    }
                    token(isOperator: true)
                    try gate.chained(at: at)
                } else if c.isASCII, c.properties.numericType != nil {
                    // A number: its point and exponent sign are not operators (`0.5`, `1e-3`, `0x1p+4`).
                    token(isOperator: false)
                    i += 1
                    while i < chars.count {
                        let d = chars[i]
                        let digitFollows = peek(1).map { $0.isASCII && $0.properties.numericType != nil } == true
                        let exponentSign = (d == "+" || d == "-") && ["e", "E", "p", "P"].contains(chars[i - 1])
                        guard Self.continuesWord(d) || (d == "." && digitFollows) || exponentSign else { break }
                        i += 1
                    }
                } else {
                    // A name, keyword, `@`, `#`, `:` or `\`: nothing the checks count.
                    token(isOperator: false)
                    i += 1
                    while i < chars.count, Self.continuesWord(chars[i]) { i += 1 }
                }
            }
        }

        /// A token is next: a pending line break ends the statement unless either side of it is
        /// an operator (`a +⏎ b`, `view⏎ .padding()`).
        mutating func token(isOperator: Bool) {
            if lineBreakPending, !isOperator, !afterOperator { gate.separated() }
            lineBreakPending = false
            afterOperator = isOperator
        }

        static func continuesWord(_ c: Unicode.Scalar) -> Bool {
            c == "_" || c.properties.isAlphabetic || (c.isASCII && c.properties.numericType != nil)
                || c.value > 0x7F
                    && !c.properties.isWhitespace
        }

        /// `#"…` or `##"…`: a raw string's opening.
        func startsRawString() -> Bool {
            var j = i
            while j < chars.count, chars[j] == "#" { j += 1 }
            return j < chars.count && chars[j] == "\""
        }

        /// `/* … */`, which nests in Swift.
        mutating func blockComment() {
            var level = 0
            while i < chars.count {
                if chars[i] == "/", peek(1) == "*" {
                    level += 1
                    i += 2
                } else if chars[i] == "*", peek(1) == "/" {
                    level -= 1
                    i += 2
                    if level == 0 { return }
                } else {
                    if chars[i] == "\n" { newline() }
                    i += 1
                }
            }
        }

        /// `#/…/#`: an extended regular expression literal, passed over whole.
        mutating func regexLiteral() {
            var hashes = 0
            while i < chars.count, chars[i] == "#" {
                hashes += 1
                i += 1
            }
            i += 1
            while i < chars.count {
                if chars[i] == "/", (1...hashes).allSatisfy({ peek($0) == "#" }) {
                    i += 1 + hashes
                    return
                }
                if chars[i] == "\n" { newline() }
                i += 1
            }
        }

        /// The body of a string literal, from after its opening (or an interpolation's end) to
        /// its closing delimiter, or to the `(` of an interpolation, whose code is then scanned
        /// with the string waiting on the bracket stack.
        mutating func string(_ kind: StringKind) throws(Refusal) {
            func hashesFollow(at offset: Int) -> Bool {
                kind.hashes == 0 || (0..<kind.hashes).allSatisfy { peek(offset + $0) == "#" }
            }
            while i < chars.count {
                let c = chars[i]
                if c == "\\", hashesFollow(at: 1) {
                    let after = 1 + kind.hashes
                    if peek(after) == "(" {
                        i += after
                        try gate.open("(", interpolation: kind, at: position)
                        i += 1
                        afterOperator = false
                        lineBreakPending = false
                        return
                    }
                    // An escape: the character after it is the string's, a line break included.
                    if peek(after) == "\n" {
                        i += after
                        newline()
                        i += 1
                    } else {
                        i += after + 1
                    }
                } else if c == "\"", !kind.multiline || (peek(1) == "\"" && peek(2) == "\"") {
                    let length = kind.multiline ? 3 : 1
                    if hashesFollow(at: length) {
                        i += length + kind.hashes
                        return
                    }
                    i += 1
                } else if c == "\n" {
                    // A single-line string ends at its line (a compiler's error; the parser recovers).
                    if !kind.multiline { return }
                    newline()
                    i += 1
                } else {
                    i += 1
                }
            }
        }
    }
}
