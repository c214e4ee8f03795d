import Foundation

/// The `#if` blocks of an Objective-C file as an iOS build compiles them: which branch is
/// active, from `#if`/`#elif` conditions (numbers, `defined(NAME)`, `__has_feature(…)`,
/// `__has_include(…)`, `!`, `&&`, `||`, comparisons and parentheses, over the file's own
/// `#define`s and ``IOSBuildConfiguration``'s macros; an unknown name is 0, as in C).
struct PreprocessorConditions {
    var configuration = IOSBuildConfiguration(defines: [:])
    /// Names the file `#define`s.
    private(set) var defined = Set<String>()
    /// Branches taken on a flag, with the flag's name (an include guard's note is dropped when
    /// the file defines the name).
    private var flagNotes: [(name: String, at: SourcePosition, text: String)] = []

    /// Branches taken on a flag, noted for the import's messages.
    var notes: [(SourcePosition, String)] { flagNotes.map { ($0.at, $0.text) } }

    /// `#define NAME …` in a compiled branch.
    mutating func define(_ name: String) {
        defined.insert(name)
        flagNotes.removeAll { $0.name == name }
    }

    private struct Block {
        /// Whether the enclosing code is compiled.
        var outerActive: Bool
        /// Whether a branch of this block was taken already.
        var taken: Bool
        /// Whether the current branch is compiled.
        var active: Bool
    }

    private var blocks: [Block] = []

    /// Whether the current line is compiled.
    var isActive: Bool { blocks.last?.active ?? true }

    mutating func directive(_ word: String, _ text: String, at: SourcePosition) {
        let condition = Self.withoutComments(text)
        switch word {
        case "if", "ifdef", "ifndef":
            let outer = isActive
            var holds = false
            if outer {
                let expression =
                    word == "if" ? condition : "\(word == "ifndef" ? "!" : "")defined(\(condition.trimmingCharacters(in: .whitespaces)))"
                holds = evaluate(expression, at: at)
            }
            blocks.append(Block(outerActive: outer, taken: holds, active: outer && holds))
        case "elif":
            guard var block = blocks.popLast() else { return }
            let holds = block.outerActive && !block.taken && evaluate(condition, at: at)
            block.active = holds
            block.taken = block.taken || holds
            blocks.append(block)
        case "else":
            guard var block = blocks.popLast() else { return }
            block.active = block.outerActive && !block.taken
            block.taken = true
            blocks.append(block)
        case "endif":
            _ = blocks.popLast()
        default:
            break
        }
    }

    private static func withoutComments(_ text: String) -> String {
        var result = text
        if let range = result.range(of: "//") { result = String(result[..<range.lowerBound]) }
        while let open = result.range(of: "/*") {
            let close = result.range(of: "*/", range: open.upperBound..<result.endIndex)
            result.removeSubrange(open.lowerBound..<(close?.upperBound ?? result.endIndex))
        }
        return result
    }

    // MARK: Evaluation

    private mutating func evaluate(_ text: String, at: SourcePosition) -> Bool {
        var parser = Parser(tokens: Self.tokens(text), conditions: self)
        let value = parser.orExpression()
        for name in Set(parser.flags).sorted() {
            let set = configuration.isCustomConditionSet(name: name)
            flagNotes.append(
                (
                    name, at,
                    "#if \(text.trimmingCharacters(in: .whitespaces)): \(name) is \(set ? "defined" : "not defined (read as an iOS release build)");"
                        + " --define \(name)=\(set ? "false" : "true") takes the other branch"
                ))
        }
        return value != 0
    }

    private static func tokens(_ text: String) -> [String] {
        var tokens: [String] = []
        var current = ""
        func flush() {
            if !current.isEmpty { tokens.append(current) }
            current = ""
        }
        let scalars = Array(text.unicodeScalars)
        var i = 0
        while i < scalars.count {
            let c = scalars[i]
            if ObjCLexer.isIdentifier(c) || c == "." {
                current.unicodeScalars.append(c)
            } else {
                flush()
                if c != " " && c != "\t" && c != "\r" {
                    let pair = i + 1 < scalars.count ? String(c) + String(scalars[i + 1]) : ""
                    if ["&&", "||", "==", "!=", "<=", ">="].contains(pair) {
                        tokens.append(pair)
                        i += 1
                    } else {
                        tokens.append(String(c))
                    }
                }
            }
            i += 1
        }
        flush()
        return tokens
    }

    /// A recursive-descent reader of one condition, bounded by its tokens.
    private struct Parser {
        let tokens: [String]
        let conditions: PreprocessorConditions
        var index = 0
        var depth = 0
        /// Names read as flags (not Apple's macros, not the file's own).
        var flags: [String] = []

        init(tokens: [String], conditions: PreprocessorConditions) {
            self.tokens = tokens
            self.conditions = conditions
        }

        var current: String? { index < tokens.count ? tokens[index] : nil }

        mutating func accept(_ token: String) -> Bool {
            guard current == token else { return false }
            index += 1
            return true
        }

        mutating func orExpression() -> Double {
            var value = andExpression()
            while accept("||") {
                let right = andExpression()
                value = (value != 0 || right != 0) ? 1 : 0
            }
            return value
        }

        mutating func andExpression() -> Double {
            var value = comparison()
            while accept("&&") {
                let right = comparison()
                value = (value != 0 && right != 0) ? 1 : 0
            }
            return value
        }

        mutating func comparison() -> Double {
            let left = unary()
            for op in ["==", "!=", "<=", ">=", "<", ">"] where accept(op) {
                let right = unary()
                switch op {
                case "==": return left == right ? 1 : 0
                case "!=": return left != right ? 1 : 0
                case "<=": return left <= right ? 1 : 0
                case ">=": return left >= right ? 1 : 0
                case "<": return left < right ? 1 : 0
                default: return left > right ? 1 : 0
                }
            }
            return left
        }

        mutating func unary() -> Double {
            depth += 1
            defer { depth -= 1 }
            guard depth < 64, let token = current else { return 0 }
            index += 1
            if token == "!" { return unary() == 0 ? 1 : 0 }
            if token == "(" {
                let value = orExpression()
                _ = accept(")")
                return value
            }
            if token == "defined" {
                let parenthesised = accept("(")
                let name = current ?? ""
                index += 1
                if parenthesised { _ = accept(")") }
                if conditions.defined.contains(name) || conditions.configuration.objectiveCMacro(name) != nil { return 1 }
                flags.append(name)
                return 0
            }
            if token == "__has_feature" || token == "__has_extension" || token == "__has_include" || token == "__has_attribute" {
                var argument: [String] = []
                if accept("(") {
                    var level = 1
                    while let t = current, level > 0 {
                        index += 1
                        if t == "(" { level += 1 }
                        if t == ")" { level -= 1 }
                        if level > 0 { argument.append(t) }
                    }
                }
                if token == "__has_include" {
                    // An iOS framework's header is there; anything else is taken as absent.
                    let module = argument.first { $0 != "<" && $0 != "\"" } ?? ""
                    return IOSBuildConfiguration.frameworks.contains(module) ? 1 : 0
                }
                return argument.first.map { ["objc_arc", "objc_arc_weak", "blocks", "objc_instancetype"].contains($0) } == true ? 1 : 0
            }
            if let number = Double(token.trimmingCharacters(in: CharacterSet(charactersIn: "uUlL"))) { return number }
            return value(of: token)
        }

        mutating func value(of name: String) -> Double {
            if let v = conditions.configuration.objectiveCMacro(name) { return v }
            if conditions.defined.contains(name) { return 1 }
            flags.append(name)
            return 0
        }
    }
}
