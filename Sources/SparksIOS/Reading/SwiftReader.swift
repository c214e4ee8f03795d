import SwiftIfConfig
import SwiftParser
import SwiftSyntax

/// Reads Swift (parsed by swift-syntax, which tolerates broken code and always gives a tree)
/// into the import's source model: classes, structs and extensions with their stored and
/// computed properties, methods and initialisers; free functions; top-level statements; and in
/// bodies the statements and expressions effect code uses. Operator sequences are folded here
/// with Swift's standard precedences. Of each `#if`, only the clause an iOS build compiles is
/// read (``IOSBuildConfiguration``).
struct SwiftReader {
    private let converter: SourceLocationConverter
    private let configuration: IOSBuildConfiguration
    private var depth = 0
    private var notes: [(SourcePosition, String)] = []
    private var typeAliases: [String: String] = [:]
    /// Types declared inside other types (`enum Particle { enum ConfettiShape { … } }`), kept
    /// as the file's own types by their simple names.
    private var nestedTypes: [TypeDecl] = []
    private static let maxDepth = 150

    /// Reads `source`, once it passes the ``SourceGate``.
    static func read(
        _ source: String, path: String, configuration: IOSBuildConfiguration = IOSBuildConfiguration(defines: [:])
    ) throws(SourceGate.Refusal) -> SourceFile {
        try SourceGate.check(swift: source)
        // swift-syntax's own bound on nesting: its release default (a debug build's is 20), so
        // that both builds read the same code; the import's stack holds it either way.
        var text = source
        let tree = text.withUTF8 { Parser.parse(source: $0, maximumNestingLevel: 256) }
        var reader = SwiftReader(converter: SourceLocationConverter(fileName: path, tree: tree), configuration: configuration)
        var file = SourceFile(path: path, types: [], functions: [], statements: [], problems: [])
        for item in tree.statements { reader.topLevel(item.item, into: &file) }
        for nested in reader.nestedTypes where !file.types.contains(where: { $0.name == nested.name }) { file.types.append(nested) }
        file.notes = reader.notes
        file.typeAliases = reader.typeAliases
        return file
    }

    private init(converter: SourceLocationConverter, configuration: IOSBuildConfiguration) {
        self.converter = converter
        self.configuration = configuration
    }

    // MARK: Conditional compilation

    /// The elements of the clause of `#if` an iOS build compiles (nil: none). A condition that
    /// depends on a flag or on a module Sparks cannot know is noted with the branch taken.
    private mutating func activeElements(_ decl: IfConfigDeclSyntax) -> IfConfigClauseSyntax.Elements? {
        let (clause, _) = decl.activeClause(in: configuration)
        for c in decl.clauses {
            guard let condition = c.condition else { continue }
            for name in Self.openNames(in: condition) {
                let set = configuration.isCustomConditionSet(name: name)
                notes.append(
                    (
                        at(c),
                        "#if \(condition.trimmedDescription): \(name) is \(set ? "set" : "not set (read as an iOS release build)");"
                            + " --define \(name)=\(set ? "false" : "true") takes the other branch"
                    ))
            }
            for module in Self.unknownImports(in: condition) {
                notes.append((at(c), "#if \(condition.trimmedDescription): \(module) is not an iOS framework, taken as not importable"))
            }
        }
        return clause?.elements
    }

    /// The custom conditions (`DEBUG`, `FEATURE_X`) a condition reads.
    private static func openNames(in condition: ExprSyntax) -> [String] {
        if let name = condition.as(DeclReferenceExprSyntax.self) { return [name.baseName.text] }
        if let prefix = condition.as(PrefixOperatorExprSyntax.self) { return openNames(in: prefix.expression) }
        if let tuple = condition.as(TupleExprSyntax.self), let only = tuple.elements.first { return openNames(in: only.expression) }
        if let sequence = condition.as(SequenceExprSyntax.self) { return sequence.elements.flatMap { openNames(in: $0) } }
        if let infix = condition.as(InfixOperatorExprSyntax.self) {
            return openNames(in: infix.leftOperand) + openNames(in: infix.rightOperand)
        }
        return []
    }

    /// `canImport(X)` of modules that are not iOS frameworks.
    private static func unknownImports(in condition: ExprSyntax) -> [String] {
        var found: [String] = []
        for token in condition.tokens(viewMode: .sourceAccurate) where token.tokenKind == .identifier("canImport") {
            guard let call = token.parent?.parent?.as(FunctionCallExprSyntax.self), let argument = call.arguments.first else { continue }
            let module = argument.expression.trimmedDescription
            let root = String(module.prefix { $0 != "." })
            if !IOSBuildConfiguration.frameworks.contains(root) { found.append(module) }
        }
        return found
    }

    private func at(_ node: some SyntaxProtocol) -> SourcePosition {
        let location = converter.location(for: node.positionAfterSkippingLeadingTrivia)
        return SourcePosition(line: location.line, column: location.column)
    }

    // MARK: Declarations

    private mutating func topLevel(_ item: CodeBlockItemSyntax.Item, into file: inout SourceFile) {
        switch item {
        case .decl(let decl):
            if let condition = decl.as(IfConfigDeclSyntax.self) {
                if case .statements(let items)? = activeElements(condition) { for i in items { topLevel(i.item, into: &file) } }
                return
            }
            if let alias = decl.as(TypeAliasDeclSyntax.self) {
                typeAliases[alias.name.text] = alias.initializer.value.trimmedDescription
                return
            }
            if decl.is(ProtocolDeclSyntax.self) || decl.is(PrecedenceGroupDeclSyntax.self) || decl.is(OperatorDeclSyntax.self) {
                return  // Nothing of a protocol's requirements runs.
            }
            if let type = typeDecl(decl) {
                // Extensions add to the type they extend.
                if let i = file.types.firstIndex(where: { $0.name == type.name }) {
                    file.types[i].properties += type.properties
                    file.types[i].methods += type.methods
                    file.types[i].conformances += type.conformances
                    if file.types[i].superclass == nil { file.types[i].superclass = type.superclass }
                } else {
                    file.types.append(type)
                }
            } else if let function = decl.as(FunctionDeclSyntax.self) {
                file.functions.append(functionDecl(function))
            } else if decl.is(ImportDeclSyntax.self) {
                return
            } else {
                file.statements += statements(for: .decl(decl))
            }
        default:
            file.statements += statements(for: item)
        }
    }

    private mutating func typeDecl(_ decl: DeclSyntax) -> TypeDecl? {
        let name: String
        let inherited: InheritanceClauseSyntax?
        let members: MemberBlockSyntax
        if let c = decl.as(ClassDeclSyntax.self) {
            (name, inherited, members) = (c.name.text, c.inheritanceClause, c.memberBlock)
        } else if let s = decl.as(StructDeclSyntax.self) {
            (name, inherited, members) = (s.name.text, s.inheritanceClause, s.memberBlock)
        } else if let e = decl.as(ExtensionDeclSyntax.self) {
            (name, inherited, members) = (e.extendedType.trimmedDescription, e.inheritanceClause, e.memberBlock)
        } else if let e = decl.as(EnumDeclSyntax.self) {
            (name, inherited, members) = (e.name.text, e.inheritanceClause, e.memberBlock)
        } else {
            return nil
        }
        var type = TypeDecl(
            name: name, superclass: inherited?.inheritedTypes.first?.type.trimmedDescription,
            properties: [], methods: [], at: at(decl), isEnum: decl.is(EnumDeclSyntax.self))
        type.conformances = inherited?.inheritedTypes.map { $0.type.trimmedDescription } ?? []
        for member in members.members { addMember(member.decl, to: &type) }
        return type
    }

    /// One member of a type: a property, method, initialiser, or the active clause of an `#if`.
    private mutating func addMember(_ d: DeclSyntax, to type: inout TypeDecl) {
        if let condition = d.as(IfConfigDeclSyntax.self) {
            if case .decls(let members)? = activeElements(condition) { for m in members { addMember(m.decl, to: &type) } }
            return
        }
        if let alias = d.as(TypeAliasDeclSyntax.self) {
            typeAliases[alias.name.text] = alias.initializer.value.trimmedDescription
            return
        }
        let isStatic =
            d.asProtocol(WithModifiersSyntax.self)?.modifiers.contains { ["static", "class"].contains($0.name.text) } ?? false
        if let v = d.as(VariableDeclSyntax.self) {
            for binding in v.bindings {
                guard let pattern = binding.pattern.as(IdentifierPatternSyntax.self) else { continue }
                var property = PropertyDecl(
                    name: pattern.identifier.text, initialValue: binding.initializer.map { expression($0.value) },
                    at: at(binding), isStatic: isStatic)
                property.isOutlet = v.attributes.contains { $0.trimmedDescription.hasPrefix("@IBOutlet") }
                property.typeName = binding.typeAnnotation.map { Interpreter.bareType($0.type.trimmedDescription) }
                if let accessors = binding.accessorBlock {
                    switch accessors.accessors {
                    case .getter(let items): property.getter = body(items)
                    case .accessors(let list):
                        // A stored property with observers keeps its value; a computed one
                        // has a getter.
                        if let getter = list.first(where: { $0.accessorSpecifier.text == "get" }), let body = getter.body {
                            property.getter = self.body(body.statements)
                        } else if let observer = list.first(where: { $0.accessorSpecifier.text == "didSet" }),
                            let body = observer.body
                        {
                            property.didSet = self.block(body.statements)
                        }
                    }
                }
                type.properties.append(property)
            }
        } else if let f = d.as(FunctionDeclSyntax.self) {
            var function = functionDecl(f)
            function.isStatic = isStatic
            type.methods.append(function)
        } else if let i = d.as(InitializerDeclSyntax.self) {
            type.methods.append(
                FunctionDecl(
                    name: "init", parameters: parameters(i.signature.parameterClause),
                    body: i.body.map { block($0.statements) } ?? [], at: at(i)))
        } else if let e = d.as(EnumCaseDeclSyntax.self) {
            type.cases += e.elements.map(\.name.text)
        } else if let nested = typeDecl(d) {
            nestedTypes.append(nested)
        }
    }

    private mutating func functionDecl(_ f: FunctionDeclSyntax) -> FunctionDecl {
        var function = FunctionDecl(
            name: f.name.text, parameters: parameters(f.signature.parameterClause), body: f.body.map { body($0.statements) } ?? [],
            at: at(f))
        function.isPrivate = f.modifiers.contains { $0.name.text == "private" || $0.name.text == "fileprivate" }
        return function
    }

    /// A `--call` text (`show(at: CGPoint(x: 10, y: 20), color: .red)`) read as one Swift
    /// expression; nil when it is not one.
    static func callExpression(_ text: String) -> Expr? {
        let tree = Parser.parse(source: text)
        guard tree.statements.count == 1, let item = tree.statements.first, case .expr(let e) = item.item else { return nil }
        var reader = SwiftReader(
            converter: SourceLocationConverter(fileName: "--call", tree: tree), configuration: IOSBuildConfiguration(defines: [:]))
        return reader.expression(e)
    }

    private mutating func parameters(_ clause: FunctionParameterClauseSyntax) -> [Parameter] {
        clause.parameters.map { p in
            let first = p.firstName.text
            let label: String? = first == "_" ? nil : first
            return Parameter(
                label: label, name: p.secondName?.text ?? first, defaultValue: p.defaultValue.map { expression($0.value) },
                typeName: p.type.trimmedDescription + (p.ellipsis != nil ? "..." : ""))
        }
    }

    // MARK: Statements

    private mutating func block(_ items: CodeBlockItemListSyntax) -> [Stmt] {
        items.flatMap { statements(for: $0.item) }
    }

    /// A function's, getter's or closure's body: a single expression is what it returns.
    private mutating func body(_ items: CodeBlockItemListSyntax) -> [Stmt] {
        let statements = block(items)
        if statements.count == 1, case .expression(let e) = statements[0].kind { return [Stmt(.return(e), at: statements[0].at)] }
        return statements
    }

    private mutating func statements(for item: CodeBlockItemSyntax.Item) -> [Stmt] {
        depth += 1
        defer { depth -= 1 }
        let node = Syntax(item)
        let position = at(node)
        guard depth < Self.maxDepth else { return [Stmt(.unsupported("code nesting this deep is not read"), at: position)] }
        switch item {
        case .decl(let decl):
            if let condition = decl.as(IfConfigDeclSyntax.self) {
                guard case .statements(let items)? = activeElements(condition) else { return [] }
                return items.flatMap { statements(for: $0.item) }
            }
            if let v = decl.as(VariableDeclSyntax.self) {
                return v.bindings.map { binding in
                    if let pattern = binding.pattern.as(IdentifierPatternSyntax.self) {
                        return Stmt(.declare(pattern.identifier.text, binding.initializer.map { expression($0.value) }), at: at(binding))
                    }
                    return Stmt(
                        .unsupported("a declaration of several names at once (\(binding.pattern.trimmedDescription)) is not understood"),
                        at: at(binding))
                }
            }
            if let f = decl.as(FunctionDeclSyntax.self) { return [Stmt(.function(functionDecl(f)), at: position)] }
            return [Stmt(.unsupported("a \(Self.describe(decl)) inside a body is not understood"), at: position)]
        case .stmt(let stmt):
            return [statement(stmt)]
        case .expr(let expr):
            return [expressionStatement(expr)]
        }
    }

    private mutating func statement(_ stmt: StmtSyntax) -> Stmt {
        let position = at(stmt)
        if let e = stmt.as(ExpressionStmtSyntax.self) { return expressionStatement(e.expression) }
        if let r = stmt.as(ReturnStmtSyntax.self) { return Stmt(.return(r.expression.map { expression($0) }), at: position) }
        if let g = stmt.as(GuardStmtSyntax.self) { return Stmt(.guard(conditions(g.conditions), block(g.body.statements)), at: position) }
        if let f = stmt.as(ForStmtSyntax.self) {
            let name = f.pattern.as(IdentifierPatternSyntax.self)?.identifier.text
            // `for x in xs where condition`: the body runs for the elements that meet it.
            var body = block(f.body.statements)
            if let condition = f.whereClause?.condition { body = [Stmt(.if([.test(expression(condition))], body, nil), at: position)] }
            if f.pattern.is(WildcardPatternSyntax.self) || name != nil {
                return Stmt(.forIn(name, expression(f.sequence), body), at: position)
            }
            // `for (index, layer) in layers.enumerated()`: each element taken apart, as a tuple.
            if let tuple = f.pattern.as(TuplePatternSyntax.self) {
                let names = tuple.elements.map { $0.pattern.as(IdentifierPatternSyntax.self)?.identifier.text }
                if tuple.elements.allSatisfy({ $0.pattern.is(IdentifierPatternSyntax.self) || $0.pattern.is(WildcardPatternSyntax.self) }) {
                    let element = "$element"
                    let parts = names.enumerated().compactMap { i, name in
                        name.map {
                            Stmt(
                                .declare(
                                    $0,
                                    Expr(
                                        .subscript(Expr(.name(element), at: position), [Expr(.number(Double(i)), at: position)]),
                                        at: position)),
                                at: position)
                        }
                    }
                    return Stmt(.forIn(element, expression(f.sequence), parts + body), at: position)
                }
            }
            return Stmt(.unsupported("a for loop over \(f.pattern.trimmedDescription) is not understood"), at: position)
        }
        if let w = stmt.as(WhileStmtSyntax.self) {
            let conds = conditions(w.conditions)
            if conds.count == 1, case .test(let e) = conds[0] { return Stmt(.while(e, block(w.body.statements)), at: position) }
            return Stmt(.unsupported("a while loop with bindings is not understood"), at: position)
        }
        if stmt.is(BreakStmtSyntax.self) { return Stmt(.break, at: position) }
        if stmt.is(ContinueStmtSyntax.self) { return Stmt(.continue, at: position) }
        // `do { … } catch { … }`: nothing imported code runs throws, so the body runs.
        if let d = stmt.as(DoStmtSyntax.self) { return Stmt(.block(block(d.body.statements)), at: position) }
        if let d = stmt.as(DeferStmtSyntax.self) { return Stmt(.defer(block(d.body.statements)), at: position) }
        return Stmt(.unsupported("a \(Self.describe(stmt)) statement is not understood"), at: position)
    }

    private mutating func conditions(_ list: ConditionElementListSyntax) -> [Condition] {
        list.map { element in
            switch element.condition {
            case .expression(let e): return .test(expression(e))
            case .optionalBinding(let b):
                let name = b.pattern.as(IdentifierPatternSyntax.self)?.identifier.text ?? "_"
                let value = b.initializer.map { expression($0.value) } ?? Expr(.name(name), at: at(b))
                return .bind(name, value)
            default:
                return .test(Expr(.unsupported("the condition \(element.trimmedDescription) is not understood"), at: at(element)))
            }
        }
    }

    private mutating func expressionStatement(_ expr: ExprSyntax) -> Stmt {
        let position = at(expr)
        if let i = expr.as(IfExprSyntax.self) { return ifStatement(i) }
        if let s = expr.as(SequenceExprSyntax.self) {
            let elements = Array(s.elements)
            if elements.count >= 3 {
                let op = elements[1]
                let opText: String? = op.is(AssignmentExprSyntax.self) ? "=" : op.as(BinaryOperatorExprSyntax.self)?.operator.text
                if let opText, ["=", "+=", "-=", "*=", "/="].contains(opText) {
                    let target = expression(elements[0])
                    let value = fold(Array(elements[2...]))
                    return Stmt(.assign(target, opText, value), at: position)
                }
            }
        }
        if let s = expr.as(SwitchExprSyntax.self) { return switchStatement(s) }
        return Stmt(.expression(expression(expr)), at: position)
    }

    /// `switch` whose cases compare values (`case .star:`, `case 1, 2:`, `default:`); a case
    /// that binds or matches a pattern is kept as unsupported.
    private mutating func switchStatement(_ s: SwitchExprSyntax) -> Stmt {
        var cases: [(patterns: [Expr]?, body: [Stmt])] = []
        for c in activeCases(s.cases) {
            let body = block(c.statements)
            switch c.label {
            case .default:
                cases.append((nil, body))
            case .case(let label):
                var patterns: [Expr] = []
                for item in label.caseItems {
                    if item.whereClause == nil, let binding = casePattern(item.pattern) {
                        patterns.append(binding)
                        continue
                    }
                    guard item.whereClause == nil, let pattern = item.pattern.as(ExpressionPatternSyntax.self) else {
                        patterns.append(
                            Expr(
                                .unsupported("a switch case that binds values (\(item.trimmedDescription)) is not understood"), at: at(item)
                            ))
                        continue
                    }
                    patterns.append(expression(pattern.expression))
                }
                cases.append((patterns, body))
            }
        }
        return Stmt(.switch(expression(s.subject), cases), at: at(s))
    }

    /// An enum case pattern that binds associated values (`.text(let size, let strings)`, `let
    /// .confetti(shapes)`, `.image(_)`); nil for any other pattern.
    private func casePattern(_ pattern: PatternSyntax) -> Expr? {
        var p = pattern
        var bindsAll = false
        if let binding = p.as(ValueBindingPatternSyntax.self) {
            p = binding.pattern
            bindsAll = true
        }
        guard let expressionPattern = p.as(ExpressionPatternSyntax.self),
            let call = expressionPattern.expression.as(FunctionCallExprSyntax.self),
            let member = call.calledExpression.as(MemberAccessExprSyntax.self)
        else { return nil }
        var bindings: [String?] = []
        for argument in call.arguments {
            let e = argument.expression
            if let patternExpr = e.as(PatternExprSyntax.self) {
                if let binding = patternExpr.pattern.as(ValueBindingPatternSyntax.self),
                    let identifier = binding.pattern.as(IdentifierPatternSyntax.self)
                {
                    bindings.append(identifier.identifier.text)
                } else if let identifier = patternExpr.pattern.as(IdentifierPatternSyntax.self) {
                    bindings.append(identifier.identifier.text)
                } else {
                    bindings.append(nil)
                }
            } else if bindsAll, let reference = e.as(DeclReferenceExprSyntax.self) {
                bindings.append(reference.baseName.text)
            } else {
                bindings.append(nil)
            }
        }
        return Expr(.casePattern(member.declName.baseName.text, bindings), at: at(pattern))
    }

    /// A switch's cases, with those inside `#if` taken from the clause an iOS build compiles.
    private mutating func activeCases(_ list: SwitchCaseListSyntax) -> [SwitchCaseSyntax] {
        var cases: [SwitchCaseSyntax] = []
        for element in list {
            switch element {
            case .switchCase(let c): cases.append(c)
            case .ifConfigDecl(let condition):
                if case .switchCases(let inner)? = activeElements(condition) { cases += activeCases(inner) }
            }
        }
        return cases
    }

    private mutating func ifStatement(_ i: IfExprSyntax) -> Stmt {
        var otherwise: [Stmt]?
        switch i.elseBody {
        case .ifExpr(let nested): otherwise = [ifStatement(nested)]
        case .codeBlock(let b): otherwise = block(b.statements)
        case nil: otherwise = nil
        }
        return Stmt(.if(conditions(i.conditions), block(i.body.statements), otherwise), at: at(i))
    }

    // MARK: Expressions

    mutating func expression(_ expr: ExprSyntax) -> Expr {
        depth += 1
        defer { depth -= 1 }
        let position = at(expr)
        guard depth < Self.maxDepth else { return Expr(.unsupported("an expression nesting this deep is not read"), at: position) }
        if let e = expr.as(IntegerLiteralExprSyntax.self) {
            let text = e.literal.text.replacingOccurrences(of: "_", with: "")
            let value = text.hasPrefix("0x") ? UInt64(text.dropFirst(2), radix: 16).map(Double.init) : Double(text)
            return Expr(.number(value ?? 0), at: position)
        }
        if let e = expr.as(FloatLiteralExprSyntax.self) {
            return Expr(.number(Double(e.literal.text.replacingOccurrences(of: "_", with: "")) ?? 0), at: position)
        }
        if let e = expr.as(BooleanLiteralExprSyntax.self) { return Expr(.bool(e.literal.text == "true"), at: position) }
        if expr.is(NilLiteralExprSyntax.self) { return Expr(.null, at: position) }
        if let e = expr.as(StringLiteralExprSyntax.self) {
            var parts: [InterpolationPart] = []
            for segment in e.segments {
                if let s = segment.as(StringSegmentSyntax.self) {
                    parts.append(.text(s.content.text))
                } else if let s = segment.as(ExpressionSegmentSyntax.self), let first = s.expressions.first {
                    parts.append(.value(expression(first.expression)))
                }
            }
            if parts.allSatisfy({ if case .text = $0 { true } else { false } }) {
                return Expr(.string(parts.map { if case .text(let t) = $0 { t } else { "" } }.joined()), at: position)
            }
            return Expr(.interpolated(parts), at: position)
        }
        if let e = expr.as(DeclReferenceExprSyntax.self) { return Expr(.name(e.baseName.text), at: position) }
        if expr.is(SuperExprSyntax.self) { return Expr(.name("super"), at: position) }
        if let e = expr.as(MemberAccessExprSyntax.self) {
            return Expr(.member(e.base.map { expression($0) }, e.declName.baseName.text), at: position)
        }
        if let e = expr.as(FunctionCallExprSyntax.self) {
            var arguments = e.arguments.map { Argument(label: $0.label?.text, value: expression($0.expression)) }
            if let closure = e.trailingClosure { arguments.append(Argument(label: nil, value: self.closure(closure))) }
            for extra in e.additionalTrailingClosures { arguments.append(Argument(label: extra.label.text, value: closure(extra.closure))) }
            return Expr(.call(expression(e.calledExpression), arguments), at: position)
        }
        if let e = expr.as(MacroExpansionExprSyntax.self) {
            let arguments = e.arguments.map { Argument(label: $0.label?.text, value: expression($0.expression)) }
            if e.macroName.text == "keyPath", let first = e.arguments.first {
                // `#keyPath(CAShapeLayer.strokeEnd)` is the key path after the type.
                var parts = first.expression.trimmedDescription.split(separator: ".").map(String.init)
                if let head = parts.first, head.first?.isUppercase == true, parts.count > 1 { parts.removeFirst() }
                return Expr(.string(parts.joined(separator: ".")), at: position)
            }
            if e.macroName.text == "selector" {
                return Expr(.selector(e.arguments.first?.expression.trimmedDescription ?? ""), at: position)
            }
            return Expr(.call(Expr(.name("#" + e.macroName.text), at: position), arguments), at: position)
        }
        if let e = expr.as(SequenceExprSyntax.self) { return fold(Array(e.elements)) }
        if let e = expr.as(PrefixOperatorExprSyntax.self) {
            let operand = expression(e.expression)
            let op = e.operator.text
            return op == "+" || op == "&" ? operand : Expr(.unary(op, operand), at: position)
        }
        if let e = expr.as(PostfixOperatorExprSyntax.self) { return expression(e.expression) }
        if let e = expr.as(ForceUnwrapExprSyntax.self) { return expression(e.expression) }
        if let e = expr.as(OptionalChainingExprSyntax.self) { return expression(e.expression) }
        if let e = expr.as(TryExprSyntax.self) { return expression(e.expression) }
        if let e = expr.as(AwaitExprSyntax.self) { return expression(e.expression) }
        if let e = expr.as(AsExprSyntax.self) {
            guard e.questionOrExclamationMark?.text == "?" else { return expression(e.expression) }
            return Expr(.binary("as?", expression(e.expression), Expr(.string(e.type.trimmedDescription), at: position)), at: position)
        }
        if let e = expr.as(IsExprSyntax.self) {
            return Expr(.binary("is", expression(e.expression), Expr(.string(e.type.trimmedDescription), at: position)), at: position)
        }
        if let e = expr.as(TupleExprSyntax.self) {
            if e.elements.count == 1, let only = e.elements.first { return expression(only.expression) }
            return Expr(
                .call(
                    Expr(.name("tuple"), at: position), e.elements.map { Argument(label: $0.label?.text, value: expression($0.expression)) }
                ), at: position)
        }
        if let e = expr.as(ArrayExprSyntax.self) { return Expr(.array(e.elements.map { expression($0.expression) }), at: position) }
        if let e = expr.as(DictionaryExprSyntax.self) {
            if case .elements(let list) = e.content {
                return Expr(.dictionary(list.map { (expression($0.key), expression($0.value)) }), at: position)
            }
            return Expr(.dictionary([]), at: position)
        }
        if let e = expr.as(SubscriptCallExprSyntax.self) {
            return Expr(.subscript(expression(e.calledExpression), e.arguments.map { expression($0.expression) }), at: position)
        }
        if let e = expr.as(ClosureExprSyntax.self) { return closure(e) }
        if let e = expr.as(TernaryExprSyntax.self) {
            return Expr(.ternary(expression(e.condition), expression(e.thenExpression), expression(e.elseExpression)), at: position)
        }
        if let e = expr.as(InfixOperatorExprSyntax.self) {
            let op = e.operator.as(BinaryOperatorExprSyntax.self)?.operator.text ?? "?"
            return Expr(.binary(op, expression(e.leftOperand), expression(e.rightOperand)), at: position)
        }
        if let e = expr.as(GenericSpecializationExprSyntax.self) { return expression(e.expression) }
        if let e = expr.as(TypeExprSyntax.self) { return Expr(.name(e.type.trimmedDescription), at: position) }
        if let e = expr.as(IfExprSyntax.self), e.conditions.count == 1, case .expression(let c) = e.conditions.first!.condition,
            let a = e.body.statements.last?.item.as(ExprSyntax.self), case .codeBlock(let elseBlock)? = e.elseBody,
            let b = elseBlock.statements.last?.item.as(ExprSyntax.self)
        {
            return Expr(.ternary(expression(c), expression(a), expression(b)), at: position)
        }
        return Expr(.unsupported("\(Self.describe(expr)) is not understood"), at: position)
    }

    private mutating func closure(_ e: ClosureExprSyntax) -> Expr {
        var names: [String] = []
        switch e.signature?.parameterClause {
        case .simpleInput(let list): names = list.map(\.name.text)
        case .parameterClause(let clause): names = clause.parameters.map { $0.secondName?.text ?? $0.firstName.text }
        case nil: break
        }
        return Expr(.closure(names, body(e.statements)), at: at(e))
    }

    /// Swift's standard precedences, for folding operator sequences.
    private static let precedence: [String: Int] = [
        "??": 3, "||": 4, "&&": 5, "==": 6, "!=": 6, "<": 6, ">": 6, "<=": 6, ">=": 6, "===": 6, "!==": 6, "~=": 6,
        "...": 7, "..<": 7, "+": 8, "-": 8, "&+": 8, "&-": 8, "|": 8, "^": 8, "*": 9, "/": 9, "%": 9, "&*": 9, "&": 9, "<<": 10, ">>": 10,
    ]

    /// Folds `a + b * c` (operands and operators alternating) into a tree.
    private mutating func fold(_ elements: [ExprSyntax]) -> Expr {
        var operands: [Expr] = []
        var operators: [(String, Int, SourcePosition, ExprSyntax?)] = []
        func reduce() {
            guard let (op, _, position, extra) = operators.popLast(), let right = operands.popLast(), let left = operands.popLast() else {
                return
            }
            if op == "?:", let extra {
                operands.append(Expr(.ternary(left, expression(extra), right), at: position))
            } else {
                operands.append(Expr(.binary(op, left, right), at: position))
            }
        }
        var i = 0
        while i < elements.count {
            let element = elements[i]
            if i % 2 == 0 {
                operands.append(expression(element))
                i += 1
                continue
            }
            if element.is(UnresolvedAsExprSyntax.self) || element.is(UnresolvedIsExprSyntax.self) {
                // `x as? CAShapeLayer`, `x is CAShapeLayer`: a test of the class (casts bind
                // tighter than the operators Sparks folds after them); `x as CGFloat` is x.
                let conditional = element.as(UnresolvedAsExprSyntax.self)?.questionOrExclamationMark?.text == "?"
                let isTest = element.is(UnresolvedIsExprSyntax.self)
                if conditional || isTest, i + 1 < elements.count, let operand = operands.popLast() {
                    let type = elements[i + 1].trimmedDescription
                    operands.append(Expr(.binary(isTest ? "is" : "as?", operand, Expr(.string(type), at: at(element))), at: at(element)))
                }
                i += 2
                continue
            }
            var op = "?"
            var p = 1
            var extra: ExprSyntax?
            if let b = element.as(BinaryOperatorExprSyntax.self) {
                op = b.operator.text
                p = Self.precedence[op] ?? 8
            } else if let t = element.as(UnresolvedTernaryExprSyntax.self) {
                op = "?:"
                p = 2
                extra = t.thenExpression
            } else if element.is(AssignmentExprSyntax.self) {
                op = "="
                p = 1
            }
            // Ternaries and assignments are right-associative.
            while let last = operators.last, last.1 > p || (last.1 == p && p > 2) { reduce() }
            operators.append((op, p, at(element), extra))
            i += 1
        }
        while !operators.isEmpty, operands.count >= 2 { reduce() }
        return operands.first ?? Expr(.unsupported("an empty expression is not understood"), at: SourcePosition(line: 1, column: 1))
    }

    private static func describe(_ node: some SyntaxProtocol) -> String {
        let kind = "\(node.syntaxNodeType)".replacingOccurrences(of: "Syntax", with: "").replacingOccurrences(
            of: "Expr", with: " expression"
        )
        .replacingOccurrences(of: "Decl", with: " declaration").replacingOccurrences(of: "Stmt", with: "")
        let text = node.trimmedDescription
        let short = text.count > 40 ? String(text.prefix(40)) + "…" : text
        return "\(kind.lowercased().trimmingCharacters(in: .whitespaces)) `\(short.replacingOccurrences(of: "\n", with: " "))`"
    }
}
