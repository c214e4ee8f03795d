/// Reads Objective-C (`.m`, `.h`) into the import's source model: `@interface` properties,
/// `@implementation` methods, C functions, `#define` constants, and in bodies the statements
/// and expressions effect code uses (declarations, assignments, messages, C calls, blocks,
/// literals, casts, `if`, `for`, `while`, `return`).
///
/// Tolerant by design (see ``ObjCLexer`` for why Sparks has its own reader): a statement it
/// cannot read is kept as unsupported, with its position, and reading goes on after its `;`
/// or closing brace. Recursion and work are bounded for any input.
struct ObjCReader {
    private var tokens: [ObjCToken]
    private var index = 0
    private var depth = 0
    private var problems: [(SourcePosition, String)] = []
    private var notes: [(SourcePosition, String)] = []
    private static let maxDepth = 120

    /// C scalar types and qualifiers that start a declaration or a cast.
    static let scalarTypes: Set<String> = [
        "int", "float", "double", "long", "short", "char", "unsigned", "signed", "BOOL", "bool", "CGFloat", "NSInteger",
        "NSUInteger", "NSTimeInterval", "CFTimeInterval", "id", "void", "instancetype", "uint32_t", "int32_t", "int64_t",
        "uint64_t", "uint8_t", "size_t", "const", "static", "__block", "__weak", "__strong", "__unsafe_unretained",
        "__kindof", "nullable", "nonnull", "_Nullable", "_Nonnull", "__nullable", "__nonnull", "struct", "extern", "inline",
        "typeof", "__typeof__", "__auto_type", "CGPoint", "CGSize", "CGRect", "CATransform3D", "CGAffineTransform",
        "CGColorRef", "CGImageRef", "CGPathRef", "CGMutablePathRef", "dispatch_time_t", "NSString", "NSArray", "NSMutableArray",
        "NSNumber", "NSDictionary", "UIColor", "UIImage", "UIBezierPath",
    ]

    init(source: String, configuration: IOSBuildConfiguration = IOSBuildConfiguration(defines: [:])) {
        let lexed = ObjCLexer.tokens(source, configuration: configuration)
        tokens = lexed.tokens
        notes = lexed.notes
    }

    /// Reads `source`, once its tokens pass the ``SourceGate``.
    static func read(
        _ source: String, path: String, configuration: IOSBuildConfiguration = IOSBuildConfiguration(defines: [:])
    ) throws(SourceGate.Refusal) -> SourceFile {
        var reader = ObjCReader(source: source, configuration: configuration)
        try SourceGate.check(objectiveC: reader.tokens)
        var file = reader.file(path: path)
        file.notes = reader.notes
        return file
    }

    // MARK: Tokens

    private var current: ObjCToken { tokens[min(index, tokens.count - 1)] }
    private func peek(_ offset: Int) -> ObjCToken { tokens[min(index + offset, tokens.count - 1)] }
    private var atEnd: Bool { current.kind == .end }
    private func isPunct(_ text: String, _ offset: Int = 0) -> Bool {
        let t = peek(offset)
        return t.kind == .punctuation && t.text == text
    }
    private func isWord(_ text: String, _ offset: Int = 0) -> Bool {
        let t = peek(offset)
        return t.kind == .identifier && t.text == text
    }

    private mutating func advance() -> ObjCToken {
        let t = current
        if index < tokens.count - 1 { index += 1 }
        return t
    }

    private mutating func accept(_ text: String) -> Bool {
        if isPunct(text) {
            index += 1
            return true
        }
        return false
    }

    struct ReadError: Error {
        var message: String
        var at: SourcePosition
    }

    private mutating func expect(_ text: String) throws(ReadError) {
        guard accept(text) else { throw ReadError(message: "expected \"\(text)\" but found \(describe(current))", at: current.at) }
    }

    private func describe(_ t: ObjCToken) -> String {
        switch t.kind {
        case .end: "the end of the file"
        case .string: "a string"
        default: "\"\(t.text)\""
        }
    }

    /// Skips a balanced group starting at an opening bracket.
    private mutating func skipBalanced() {
        let pairs: [String: String] = ["(": ")", "[": "]", "{": "}", "<": ">"]
        guard let close = pairs[current.text], current.kind == .punctuation else {
            _ = advance()
            return
        }
        let open = current.text
        var level = 0
        repeat {
            if isPunct(open) { level += 1 } else if isPunct(close) { level -= 1 }
            _ = advance()
        } while level > 0 && !atEnd
    }

    // MARK: File

    private mutating func file(path: String) -> SourceFile {
        var types: [TypeDecl] = []
        var functions: [FunctionDecl] = []
        var statements: [Stmt] = []
        var interfaceProperties: [String: [PropertyDecl]] = [:]
        var interfaceOrder: [String] = []
        var interfaceAt: [String: SourcePosition] = [:]
        var superclasses: [String: String] = [:]
        while !atEnd {
            let start = current
            if start.kind == .define {
                _ = advance()
                var valueTokens: [ObjCToken] = []
                while current.kind != .defineEnd, !atEnd { valueTokens.append(advance()) }
                _ = advance()
                var sub = ObjCReader(tokens: valueTokens + [ObjCToken(kind: .end, text: "", at: start.at)])
                if !valueTokens.isEmpty, let value = try? sub.expression(), sub.atEnd {
                    statements.append(Stmt(.declare(start.text, value), at: start.at))
                }
                continue
            }
            if let constants = enumConstants() {
                statements += constants
                continue
            }
            if isPunct("@class") {
                // `@class CAEmitterLayer;`: a forward declaration.
                while !atEnd, !isPunct(";") { _ = advance() }
                _ = advance()
                continue
            }
            if isPunct("@protocol"), peek(2).text == ";" || peek(2).text == "," {
                // `@protocol Delegate;`: a forward declaration.
                while !atEnd, !isPunct(";") { _ = advance() }
                _ = advance()
                continue
            }
            if isPunct("@interface") || isPunct("@protocol") {
                let isProtocol = isPunct("@protocol")
                _ = advance()
                let name = advance().text
                if accept(":") { superclasses[name] = advance().text }
                var properties: [PropertyDecl] = []
                while !atEnd, !isPunct("@end") {
                    if isPunct("@property") {
                        let at = advance().at
                        if isPunct("(") { skipBalanced() }
                        var last: ObjCToken?
                        var words: [String] = []
                        while !atEnd, !isPunct(";") {
                            if isPunct("<") {
                                skipBalanced()
                                continue
                            }
                            if current.kind == .identifier {
                                if let last { words.append(last.text) }
                                last = current
                            }
                            _ = advance()
                        }
                        if let last {
                            var property = PropertyDecl(name: last.text, initialValue: nil, at: at)
                            property.isOutlet = words.contains("IBOutlet")
                            property.typeName = words.last { $0 != "IBOutlet" && !Self.scalarTypes.contains($0) || $0.hasPrefix("UI") }
                            properties.append(property)
                        }
                    } else if isPunct("{") {
                        properties += instanceVariables()
                        continue
                    }
                    _ = advance()
                }
                _ = advance()
                if !isProtocol {
                    interfaceProperties[name, default: []] += properties
                    if interfaceAt[name] == nil {
                        interfaceOrder.append(name)
                        interfaceAt[name] = start.at
                    }
                }
                continue
            }
            if isPunct("@implementation") {
                _ = advance()
                let name = advance().text
                if accept(":") { superclasses[name] = advance().text }
                var methods: [FunctionDecl] = []
                var properties: [PropertyDecl] = []
                if isPunct("{") { properties += instanceVariables() }
                while !atEnd, !isPunct("@end") {
                    if isPunct("-") || isPunct("+") {
                        if let method = method() { methods.append(method) }
                    } else if current.kind == .identifier, let function = cFunction() {
                        functions.append(function)
                    } else {
                        _ = advance()
                    }
                }
                _ = advance()
                types.append(TypeDecl(name: name, superclass: superclasses[name], properties: properties, methods: methods, at: start.at))
                continue
            }
            if current.kind == .identifier, let function = cFunction() {
                functions.append(function)
                continue
            }
            if current.kind == .identifier {
                // A global: `static const CGFloat kSpeed = 3;`
                let saved = index
                if let stmt = try? declarationStatement(), case .declare = stmt.kind {
                    statements.append(stmt)
                    continue
                }
                index = saved
            }
            _ = advance()
        }
        for i in types.indices {
            let declared = Set(types[i].properties.map(\.name))
            types[i].properties += (interfaceProperties[types[i].name] ?? []).filter { !declared.contains($0.name) }
            if types[i].superclass == nil { types[i].superclass = superclasses[types[i].name] }
        }
        // A header's interfaces: their properties and superclass, for the implementation in
        // another file (Xcode synthesises the ivars and accessors there).
        let implemented = Set(types.map(\.name))
        for name in interfaceOrder where !implemented.contains(name) {
            var interface = TypeDecl(
                name: name, superclass: superclasses[name], properties: interfaceProperties[name] ?? [], methods: [], at: interfaceAt[name]!
            )
            interface.isInterfaceOnly = true
            types.append(interface)
        }
        return SourceFile(path: path, types: types, functions: functions, statements: statements, problems: problems)
    }

    /// `typedef NS_ENUM(NSInteger, Kind) { KindA, KindB = 4 };`, `typedef enum { … } Kind;`
    /// and `enum Kind { … };`: each constant as a global with its value (counting on from the
    /// last one given, from 0). Nil, with nothing read, when the tokens are not an enum.
    private mutating func enumConstants() -> [Stmt]? {
        let start = index
        if isWord("typedef") { _ = advance() }
        if isWord("NS_ENUM") || isWord("NS_OPTIONS") || isWord("NS_CLOSED_ENUM") || isWord("CF_ENUM") {
            _ = advance()
            guard isPunct("(") else {
                index = start
                return nil
            }
            skipBalanced()
        } else if isWord("enum") {
            _ = advance()
            if current.kind == .identifier { _ = advance() }
            if accept(":") { while current.kind == .identifier { _ = advance() } }
        } else {
            index = start
            return nil
        }
        guard accept("{") else {
            index = start
            return nil
        }
        var constants: [Stmt] = []
        var next = 0.0
        while !atEnd, !isPunct("}") {
            guard current.kind == .identifier else {
                _ = advance()
                continue
            }
            let name = advance()
            var value = Expr(.number(next), at: name.at)
            if accept("=") {
                if let given = try? expression() { value = given }
            }
            if case .number(let n) = value.kind { next = n + 1 } else { next += 1 }
            constants.append(Stmt(.declare(name.text, value), at: name.at))
            while !atEnd, !isPunct(","), !isPunct("}") { _ = advance() }
            _ = accept(",")
        }
        _ = accept("}")
        while !atEnd, !isPunct(";") { _ = advance() }
        _ = accept(";")
        return constants
    }

    private init(tokens: [ObjCToken]) {
        self.tokens = tokens
    }

    /// `{ Type *_name; … }` after `@interface` or `@implementation`: each variable's name.
    private mutating func instanceVariables() -> [PropertyDecl] {
        var properties: [PropertyDecl] = []
        _ = advance()
        while !atEnd, !isPunct("}") {
            var last: ObjCToken?
            while !atEnd, !isPunct(";"), !isPunct("}") {
                if current.kind == .identifier { last = current }
                _ = advance()
            }
            _ = accept(";")
            if let last { properties.append(PropertyDecl(name: last.text, initialValue: nil, at: last.at)) }
        }
        _ = accept("}")
        return properties
    }

    /// `- (Type *)first:(T)a second:(T)b { … }`; a declaration without a body is skipped.
    private mutating func method() -> FunctionDecl? {
        let isStatic = advance().text == "+"
        let at = current.at
        if isPunct("(") { skipBalanced() }
        guard current.kind == .identifier else { return nil }
        let name = advance().text
        var parameters: [Parameter] = []
        if accept(":") {
            let type = parameterType()
            parameters.append(Parameter(label: nil, name: advance().text, typeName: type))
            while current.kind == .identifier, isPunct(":", 1) {
                let label = advance().text
                _ = advance()
                let type = parameterType()
                parameters.append(Parameter(label: label, name: advance().text, typeName: type))
            }
            if accept(",") { _ = accept("...") }
        }
        while !atEnd, !isPunct("{"), !isPunct(";"), !isPunct("-"), !isPunct("+"), !isPunct("@end") { _ = advance() }
        guard isPunct("{") else {
            _ = accept(";")
            return nil
        }
        return FunctionDecl(name: name, parameters: parameters, body: block(), at: at, isStatic: isStatic)
    }

    /// `(CGSize)` before a method's parameter: the type's words (`CGSize`, `UIColor *`,
    /// `void (^)(void)`); nil when there is none.
    private mutating func parameterType() -> String? {
        guard isPunct("(") else { return nil }
        let start = index
        skipBalanced()
        let inner = tokens[(start + 1)..<max(start + 1, index - 1)]
        return inner.map(\.text).joined(separator: " ")
    }

    /// A C function definition at the top level: `static CAEmitterCell *MakeCell(UIColor *c) { … }`.
    private mutating func cFunction() -> FunctionDecl? {
        let saved = index
        var names: [ObjCToken] = []
        while current.kind == .identifier || isPunct("*") || isPunct("<") {
            if isPunct("<") {
                skipBalanced()
                continue
            }
            if current.kind == .identifier { names.append(current) }
            _ = advance()
        }
        guard names.count >= 2, isPunct("("), let nameToken = names.last else {
            index = saved
            return nil
        }
        _ = advance()
        var parameters: [Parameter] = []
        var last: ObjCToken?
        var level = 0
        while !atEnd {
            if isPunct("(") { level += 1 }
            if isPunct(")") {
                if level == 0 { break }
                level -= 1
            }
            if level == 0, isPunct(",") {
                if let last, last.text != "void" { parameters.append(Parameter(label: nil, name: last.text)) }
                last = nil
            } else if current.kind == .identifier {
                last = current
            }
            _ = advance()
        }
        if let last, last.text != "void" { parameters.append(Parameter(label: nil, name: last.text)) }
        _ = accept(")")
        guard isPunct("{") else {
            index = saved
            return nil
        }
        return FunctionDecl(name: nameToken.text, parameters: parameters, body: block(), at: nameToken.at)
    }

    // MARK: Statements

    private mutating func block() -> [Stmt] {
        guard accept("{") else { return [] }
        var statements: [Stmt] = []
        while !atEnd, !isPunct("}") { statements.append(statement()) }
        _ = accept("}")
        return statements
    }

    /// One statement; one it cannot read is kept as unsupported and skipped to its end.
    private mutating func statement() -> Stmt {
        let start = index
        let at = current.at
        do {
            return try statementOrThrow()
        } catch {
            index = start
            var level = 0
            var text = ""
            repeat {
                if isPunct("{") || isPunct("(") || isPunct("[") { level += 1 }
                if isPunct("}") || isPunct(")") || isPunct("]") { level -= 1 }
                if level < 0 { break }
                if text.count < 60 { text += (text.isEmpty ? "" : " ") + current.text }
                let t = advance()
                if level == 0, t.kind == .punctuation, t.text == ";" || t.text == "}" { break }
            } while !atEnd
            if index == start { _ = advance() }
            return Stmt(.unsupported("this statement could not be read: \(error.message)"), at: at)
        }
    }

    private mutating func body() throws(ReadError) -> [Stmt] {
        if isPunct("{") { return block() }
        return [try statementOrThrow()]
    }

    private mutating func statementOrThrow() throws(ReadError) -> Stmt {
        depth += 1
        defer { depth -= 1 }
        guard depth < Self.maxDepth else { throw ReadError(message: "statements nest too deeply", at: current.at) }
        let at = current.at
        if isPunct("{") { return Stmt(.block(block()), at: at) }
        if accept(";") { return Stmt(.block([]), at: at) }
        if current.kind == .identifier {
            switch current.text {
            case "if":
                _ = advance()
                try expect("(")
                var condition = try expression()
                // `if (self = [super init])`: an assignment whose value is tested.
                if isPunct("=") {
                    let op = advance()
                    condition = Expr(.binary("=", condition, try expression()), at: op.at)
                }
                try expect(")")
                let then = try body()
                var otherwise: [Stmt]?
                if isWord("else") {
                    _ = advance()
                    otherwise = try body()
                }
                return Stmt(.if([.test(condition)], then, otherwise), at: at)
            case "for":
                _ = advance()
                try expect("(")
                // Fast enumeration: `for (Type *name in collection)`.
                var look = index
                var inIndex: Int?
                var level = 0
                while look < tokens.count - 1 {
                    let t = tokens[look]
                    if t.kind == .punctuation, t.text == "(" { level += 1 }
                    if t.kind == .punctuation, t.text == ")" {
                        if level == 0 { break }
                        level -= 1
                    }
                    if t.kind == .punctuation, t.text == ";" { break }
                    if level == 0, t.kind == .identifier, t.text == "in" {
                        inIndex = look
                        break
                    }
                    look += 1
                }
                if let inIndex {
                    let name = tokens[inIndex - 1].text
                    index = inIndex + 1
                    let sequence = try expression()
                    try expect(")")
                    return Stmt(.forIn(name, sequence, try body()), at: at)
                }
                var initial: [Stmt] = []
                if !isPunct(";") { initial = [try simpleStatement()] }
                try expect(";")
                let condition = isPunct(";") ? nil : try expression()
                try expect(";")
                var step: [Stmt] = []
                while !isPunct(")") {
                    step.append(try simpleStatement())
                    if !accept(",") { break }
                }
                try expect(")")
                return Stmt(.cFor(initial, condition, step, try body()), at: at)
            case "while":
                _ = advance()
                try expect("(")
                let condition = try expression()
                try expect(")")
                return Stmt(.while(condition, try body()), at: at)
            case "return":
                _ = advance()
                if accept(";") { return Stmt(.return(nil), at: at) }
                let value = try expression()
                try expect(";")
                return Stmt(.return(value), at: at)
            case "break":
                _ = advance()
                try expect(";")
                return Stmt(.break, at: at)
            case "continue":
                _ = advance()
                try expect(";")
                return Stmt(.continue, at: at)
            case "switch":
                return try switchStatement()
            case "do", "goto":
                throw ReadError(message: "\"\(current.text)\" statements are not read", at: at)
            default: break
            }
        }
        let stmt = try simpleStatement()
        try expect(";")
        return stmt
    }

    /// C's `switch (subject) { case A: case B: …; break; default: … }`: labels written one
    /// after another share a body; a body that does not end with `break` (or `return`) runs
    /// on into the next one, as C falls through.
    private mutating func switchStatement() throws(ReadError) -> Stmt {
        let at = advance().at
        try expect("(")
        let subject = try expression()
        try expect(")")
        try expect("{")
        var cases: [(patterns: [Expr]?, body: [Stmt])] = []
        var labelsOpen = false
        while !atEnd, !isPunct("}") {
            if isWord("case") || isWord("default") {
                let isDefault = advance().text == "default"
                let pattern = isDefault ? nil : try expression()
                try expect(":")
                if labelsOpen, let last = cases.indices.last {
                    // Another label for the same body.
                    if let pattern, cases[last].patterns != nil {
                        cases[last].patterns!.append(pattern)
                    } else {
                        cases[last].patterns = nil
                    }
                } else {
                    cases.append((pattern.map { [$0] }, []))
                }
                labelsOpen = true
                continue
            }
            let statement = statement()
            labelsOpen = false
            guard !cases.isEmpty else { continue }
            cases[cases.count - 1].body.append(statement)
        }
        try expect("}")
        // Fall-through, then the `break`s that end the bodies.
        for i in cases.indices.reversed() where i + 1 < cases.count {
            switch cases[i].body.last?.kind {
            case .break?, .return?, .continue?: continue
            default: cases[i].body += cases[i + 1].body
            }
        }
        for i in cases.indices {
            while case .break? = cases[i].body.last?.kind { cases[i].body.removeLast() }
        }
        return Stmt(.switch(subject, cases), at: at)
    }

    /// A declaration, assignment or expression, without its `;`.
    private mutating func simpleStatement() throws(ReadError) -> Stmt {
        if looksLikeDeclaration() { return try declarationStatement(needsSemicolon: false) }
        let at = current.at
        let target = try expression()
        for op in ["=", "+=", "-=", "*=", "/="] where isPunct(op) {
            _ = advance()
            return Stmt(.assign(target, op, try expression()), at: at)
        }
        if isPunct("++") || isPunct("--") {
            let op = advance().text == "++" ? "+=" : "-="
            return Stmt(.assign(target, op, Expr(.number(1), at: at)), at: at)
        }
        if case .unary(let op, let operand) = target.kind, op == "++" || op == "--" {
            return Stmt(.assign(operand, op == "++" ? "+=" : "-=", Expr(.number(1), at: at)), at: at)
        }
        return Stmt(.expression(target), at: at)
    }

    /// Whether the tokens here start a declaration: a type (known, or capitalised followed by
    /// `*` or a name) then a name.
    private func looksLikeDeclaration() -> Bool {
        var offset = 0
        var sawType = false
        while true {
            let t = peek(offset)
            if t.kind == .identifier, Self.scalarTypes.contains(t.text) || t.text.hasPrefix("__") {
                sawType = true
                offset += 1
                continue
            }
            if t.kind == .punctuation, t.text == "<", sawType || offset > 0 {
                // Generic arguments: `NSArray<UIColor *> *`.
                var level = 0
                repeat {
                    let u = peek(offset)
                    if u.text == "<" { level += 1 } else if u.text == ">" { level -= 1 } else if u.text == ">>" { level -= 2 }
                    offset += 1
                    if u.kind == .end { return false }
                } while level > 0
                sawType = true
                continue
            }
            break
        }
        let t = peek(offset)
        if !sawType {
            guard t.kind == .identifier, let first = t.text.unicodeScalars.first, first.properties.isUppercase else { return false }
            let next = peek(offset + 1)
            if next.kind == .punctuation, next.text == "*" {
                let after = peek(offset + 2)
                return after.kind == .identifier && [";", "=", ","].contains(peek(offset + 3).text)
            }
            if next.kind == .punctuation, next.text == "<" { return true }
            return next.kind == .identifier && [";", "=", ","].contains(peek(offset + 2).text) && next.text != "in"
        }
        return t.kind == .identifier || (t.kind == .punctuation && (t.text == "*" || t.text == "^" || t.text == "("))
    }

    /// `Type *a = x, *b = y;` as one or more declarations (a block when several).
    private mutating func declarationStatement(needsSemicolon: Bool = true) throws(ReadError) -> Stmt {
        let at = current.at
        // Skip the type.
        var sawName = false
        var declarations: [Stmt] = []
        while !atEnd {
            if isPunct("<") {
                skipBalanced()
                continue
            }
            if isPunct("*") || (current.kind == .identifier && (Self.scalarTypes.contains(current.text) || current.text.hasPrefix("__"))) {
                _ = advance()
                continue
            }
            if current.kind == .identifier {
                // The last identifier before `=`, `;` or `,` is the name.
                if isPunct("=", 1) || isPunct(";", 1) || isPunct(",", 1) || isPunct("[", 1) {
                    let name = advance().text
                    sawName = true
                    if isPunct("[") { skipBalanced() }
                    var value: Expr?
                    if accept("=") { value = try expression() }
                    declarations.append(Stmt(.declare(name, value), at: at))
                    if accept(",") { continue }
                    break
                }
                _ = advance()
                continue
            }
            if isPunct("^") || isPunct("(") {
                throw ReadError(message: "block and function pointer variables are not read", at: current.at)
            }
            break
        }
        guard sawName else { throw ReadError(message: "expected a declaration", at: at) }
        if needsSemicolon { try expect(";") }
        return declarations.count == 1 ? declarations[0] : Stmt(.block(declarations), at: at)
    }

    // MARK: Expressions

    mutating func expression() throws(ReadError) -> Expr {
        depth += 1
        defer { depth -= 1 }
        guard depth < Self.maxDepth else { throw ReadError(message: "expressions nest too deeply", at: current.at) }
        let condition = try binary(0)
        if isPunct("?") {
            let at = advance().at
            if accept(":") { return Expr(.binary("??", condition, try expression()), at: at) }
            let a = try expression()
            try expect(":")
            let b = try expression()
            return Expr(.ternary(condition, a, b), at: condition.at)
        }
        return condition
    }

    private static let precedence: [String: Int] = [
        "||": 1, "&&": 2, "|": 3, "^": 4, "&": 5, "==": 6, "!=": 6, "<": 7, ">": 7, "<=": 7, ">=": 7,
        "<<": 8, ">>": 8, "+": 9, "-": 9, "*": 10, "/": 10, "%": 10,
    ]

    private mutating func binary(_ minimum: Int) throws(ReadError) -> Expr {
        var left = try unary()
        while current.kind == .punctuation, let p = Self.precedence[current.text], p > minimum {
            let op = advance()
            let right = try binary(p)
            left = Expr(.binary(op.text, left, right), at: op.at)
        }
        return left
    }

    private mutating func unary() throws(ReadError) -> Expr {
        depth += 1
        defer { depth -= 1 }
        let at = current.at
        guard depth < Self.maxDepth else { throw ReadError(message: "operators nest too deeply", at: at) }
        for op in ["-", "!", "+", "~", "++", "--", "&", "*"] where isPunct(op) {
            _ = advance()
            let operand = try unary()
            if op == "+" || op == "&" || op == "*" { return operand }
            return Expr(.unary(op, operand), at: at)
        }
        if isWord("sizeof") { throw ReadError(message: "sizeof is not read", at: at) }
        if isPunct("("), let cast = castLength() {
            index += cast
            if isPunct("{") {
                // A compound literal: `(CGPoint){1, 2}`.
                let typeName = tokens[index - cast + 1].text
                _ = advance()
                var arguments: [Argument] = []
                while !isPunct("}"), !atEnd {
                    if accept(".") {
                        _ = advance()
                        try expect("=")
                    }
                    arguments.append(Argument(label: nil, value: try expression()))
                    if !accept(",") { break }
                }
                try expect("}")
                return Expr(.call(Expr(.name(typeName + "Make"), at: at), arguments), at: at)
            }
            return try unary()
        }
        return try postfix(try primary())
    }

    /// The number of tokens of a cast `( type )` here, or nil when the parenthesis is not one.
    private func castLength() -> Int? {
        var offset = 1
        var names: [String] = []
        var sawStar = false
        while true {
            let t = peek(offset)
            if t.kind == .identifier {
                // `(M_PI_4 * i)` is a product: in a pointer type only qualifiers follow a `*`.
                if sawStar, !Self.scalarTypes.contains(t.text), !t.text.hasPrefix("_") { return nil }
                names.append(t.text)
                offset += 1
                continue
            }
            if t.kind == .punctuation, t.text == "*" {
                sawStar = true
                offset += 1
                continue
            }
            if t.kind == .punctuation, t.text == "<" {
                var level = 0
                repeat {
                    let u = peek(offset)
                    if u.text == "<" { level += 1 } else if u.text == ">" { level -= 1 }
                    if u.kind == .end { return nil }
                    offset += 1
                } while level > 0
                continue
            }
            break
        }
        guard isPunct(")", offset), let first = names.first else { return nil }
        let next = peek(offset + 1)
        let startsOperand =
            next.kind == .identifier || next.kind == .number || next.kind == .string
            || (next.kind == .punctuation && ["(", "[", "@[", "{", "-", "^", "!", "@"].contains(next.text)) || next.text.hasPrefix("@")
        if sawStar || names.contains(where: { Self.scalarTypes.contains($0) || $0.hasPrefix("__") }) {
            return startsOperand ? offset + 1 : nil
        }
        if names.count == 1, first.unicodeScalars.first?.properties.isUppercase == true, startsOperand,
            !first.hasPrefix("M_"), !first.hasPrefix("k"), first.contains(where: \.isLowercase)
        {
            return offset + 1
        }
        return nil
    }

    private mutating func postfix(_ base: Expr) throws(ReadError) -> Expr {
        var expr = base
        while true {
            let at = current.at
            if accept(".") || accept("->") {
                expr = Expr(.member(expr, advance().text), at: at)
            } else if isPunct("(") {
                _ = advance()
                var arguments: [Argument] = []
                while !isPunct(")"), !atEnd {
                    arguments.append(Argument(label: nil, value: try expression()))
                    if !accept(",") { break }
                }
                try expect(")")
                expr = Expr(.call(expr, arguments), at: expr.at)
            } else if isPunct("[") {
                _ = advance()
                let key = try expression()
                try expect("]")
                expr = Expr(.subscript(expr, [key]), at: at)
            } else {
                return expr
            }
        }
    }

    private mutating func primary() throws(ReadError) -> Expr {
        let t = current
        let at = t.at
        switch t.kind {
        case .number:
            _ = advance()
            return Expr(.number(Self.number(t.text) ?? 0), at: at)
        case .string:
            _ = advance()
            return Expr(.string(t.text), at: at)
        case .identifier:
            _ = advance()
            switch t.text {
            case "YES", "true", "TRUE": return Expr(.bool(true), at: at)
            case "NO", "false", "FALSE": return Expr(.bool(false), at: at)
            case "nil", "NULL", "Nil": return Expr(.null, at: at)
            default: return Expr(.name(t.text), at: at)
            }
        case .punctuation:
            switch t.text {
            case "(":
                _ = advance()
                var inner = try expression()
                if isPunct("=") {
                    let op = advance()
                    inner = Expr(.binary("=", inner, try expression()), at: op.at)
                }
                try expect(")")
                return inner
            case "[":
                return try message()
            case "@[":
                break
            case "@":
                _ = advance()
                if isPunct("[") {
                    _ = advance()
                    var items: [Expr] = []
                    while !isPunct("]"), !atEnd {
                        items.append(try expression())
                        if !accept(",") { break }
                    }
                    try expect("]")
                    return Expr(.array(items), at: at)
                }
                if isPunct("{") {
                    _ = advance()
                    var pairs: [(Expr, Expr)] = []
                    while !isPunct("}"), !atEnd {
                        let key = try expression()
                        try expect(":")
                        pairs.append((key, try expression()))
                        if !accept(",") { break }
                    }
                    try expect("}")
                    return Expr(.dictionary(pairs), at: at)
                }
                if isPunct("(") {
                    _ = advance()
                    let inner = try expression()
                    try expect(")")
                    return inner
                }
                if current.kind == .number || isPunct("-") { return try unary() }
                throw ReadError(message: "unexpected \"@\"", at: at)
            case "@YES":
                _ = advance()
                return Expr(.bool(true), at: at)
            case "@NO":
                _ = advance()
                return Expr(.bool(false), at: at)
            case "@selector":
                _ = advance()
                try expect("(")
                var name = ""
                while !isPunct(")"), !atEnd { name += advance().text }
                try expect(")")
                return Expr(.selector(name), at: at)
            case "^":
                return try blockLiteral()
            default: break
            }
        default: break
        }
        throw ReadError(message: "unexpected \(describe(t))", at: at)
    }

    /// `^{ … }`, `^(NSTimer *timer) { … }`, `^void(void) { … }`.
    private mutating func blockLiteral() throws(ReadError) -> Expr {
        let at = advance().at
        if current.kind == .identifier, !isPunct("(", 0) { _ = advance() }
        var names: [String] = []
        if isPunct("(") {
            _ = advance()
            var last: String?
            while !isPunct(")"), !atEnd {
                if isPunct(",") {
                    if let l = last, l != "void" { names.append(l) }
                    last = nil
                }
                if current.kind == .identifier { last = current.text }
                _ = advance()
            }
            if let l = last, l != "void" { names.append(l) }
            try expect(")")
        }
        guard isPunct("{") else { throw ReadError(message: "expected a block body", at: current.at) }
        return Expr(.closure(names, block()), at: at)
    }

    /// `[receiver selector]` or `[receiver first:a second:b]`, as a call of `receiver.first`.
    private mutating func message() throws(ReadError) -> Expr {
        let at = advance().at
        let receiver: Expr
        if current.kind == .identifier, peek(1).kind == .identifier || (isPunct(":", 1)) {
            let t = advance()
            receiver = Expr(.name(t.text), at: t.at)
        } else {
            receiver = try expression()
        }
        guard current.kind == .identifier else { throw ReadError(message: "expected a selector", at: current.at) }
        let first = advance()
        var arguments: [Argument] = []
        if accept(":") {
            arguments.append(Argument(label: nil, value: try expression()))
            while !isPunct("]"), !atEnd {
                if accept(",") {
                    arguments.append(Argument(label: nil, value: try expression()))
                    continue
                }
                if accept(":") {
                    // An unnamed selector part: `functionWithControlPoints:a :b :c :d`.
                    arguments.append(Argument(label: nil, value: try expression()))
                    continue
                }
                guard current.kind == .identifier, isPunct(":", 1) else {
                    throw ReadError(message: "expected a selector part", at: current.at)
                }
                let label = advance().text
                _ = advance()
                arguments.append(Argument(label: label, value: try expression()))
            }
        }
        try expect("]")
        return Expr(.call(Expr(.member(receiver, first.text), at: first.at), arguments), at: at)
    }

    /// A C number: `1.5f`, `10U`, `0x1F`, `2e3`.
    static func number(_ text: String) -> Double? {
        var t = Substring(text.lowercased())
        if t.hasPrefix("0x") {
            while let last = t.last, "ul".contains(last) { t = t.dropLast() }
            return UInt64(t.dropFirst(2), radix: 16).map(Double.init)
        }
        while let last = t.last, "fuld".contains(last) { t = t.dropLast() }
        return Double(t)
    }
}
