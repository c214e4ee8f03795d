import Foundation
import SparksCore

/// Statements of imported code run in order, with its loops, switches and conditions.
extension Interpreter {
    // MARK: Statements

    enum Flow {
        case normal
        case returned(Value)
        case broke
        case continued
    }

    func run(_ statements: [Stmt], in scope: Scope, selfObject: Object?) throws(Exhausted) -> Flow {
        var deferred: [[Stmt]] = []
        var flow = Flow.normal
        for statement in statements {
            if case .defer(let body) = statement.kind {
                deferred.append(body)
                continue
            }
            flow = try run(statement, in: scope, selfObject: selfObject)
            if case .normal = flow { continue }
            break
        }
        // `defer` blocks run as the block ends, last first, whatever ends it.
        for body in deferred.reversed() { _ = try run(body, in: scope, selfObject: selfObject) }
        return flow
    }

    func run(_ statement: Stmt, in scope: Scope, selfObject: Object?) throws(Exhausted) -> Flow {
        do {
            return try execute(statement, in: scope, selfObject: selfObject)
        } catch let error as Exhausted {
            throw error
        } catch let skip as Skip {
            report(.skipped, skip.reason, at: skip.at ?? statement.at)
            return .normal
        } catch {
            report(.skipped, "\(error)", at: statement.at)
            return .normal
        }
    }

    private func execute(_ statement: Stmt, in scope: Scope, selfObject: Object?) throws -> Flow {
        try tick()
        switch statement.kind {
        case .declare(let name, let initial):
            try declare(name, initial, scope, selfObject)
        case .assign(let target, let op, let valueExpr):
            do {
                var value = try evaluate(valueExpr, scope, selfObject)
                if op != "=" {
                    let old = try evaluate(target, scope, selfObject)
                    value = try arithmetic(String(op.dropLast()), old, value, at: statement.at)
                }
                try assign(target, value, scope, selfObject)
            } catch let skip as Skip where skip.unknown != nil && op == "=" {
                // The value comes from code the files do not hold: a stand-in for what it sets.
                guard let standIn = try standIn(forUnknown: skip, assignedTo: target, scope, selfObject) else { throw skip }
                try assign(target, standIn, scope, selfObject)
            }
        case .expression(let expr):
            _ = try evaluate(expr, scope, selfObject)
        case .if(let conditions, let then, let otherwise):
            let inner = Scope(parent: scope)
            if try holds(conditions, inner, selfObject) {
                return try run(then, in: inner, selfObject: selfObject)
            } else if let otherwise {
                return try run(otherwise, in: Scope(parent: scope), selfObject: selfObject)
            }
        case .guard(let conditions, let otherwise):
            if try !holds(conditions, scope, selfObject) {
                let flow = try run(otherwise, in: Scope(parent: scope), selfObject: selfObject)
                if case .normal = flow { return .returned(.void) }
                return flow
            }
        case .forIn, .cFor, .while:
            return try loop(statement, scope, selfObject)
        case .switch(let subjectExpr, let cases):
            return try switchCase(subjectExpr, cases, scope, selfObject)
        case .return(let expr):
            return .returned(try expr.map { try evaluate($0, scope, selfObject) } ?? .void)
        case .break:
            return .broke
        case .continue:
            return .continued
        case .block(let statements):
            return try run(statements, in: Scope(parent: scope), selfObject: selfObject)
        case .defer(let statements):
            // Outside a block's own list (a lone statement): it runs as that statement ends.
            return try run(statements, in: scope, selfObject: selfObject)
        case .function(let decl):
            scope.values[decl.name] = .function(
                Callable(name: decl.name, parameters: decl.parameters, body: decl.body, captured: scope, selfObject: selfObject))
        case .unsupported(let reason):
            throw Skip(reason: reason)
        }
        return .normal
    }

    /// `let`/`var`: the value a `--define` gives the name, else its initial value.
    private func declare(_ name: String, _ initial: Expr?, _ scope: Scope, _ selfObject: Object?) throws {
        var value = Value.null
        if let override = defined(name) {
            value = override
        } else if let initial {
            do {
                do {
                    value = try evaluate(initial, scope, selfObject)
                } catch let skip as Skip where skip.unknown != nil {
                    guard
                        let standIn = try standIn(
                            forUnknown: skip, assignedTo: Expr(.name(name), at: skip.at ?? SourcePosition(line: 0, column: 0)), scope,
                            selfObject)
                    else { throw skip }
                    value = standIn
                }
            } catch {
                // The name exists from here on, as nil: what uses it says so.
                scope.values[name] = .null
                throw error
            }
        }
        giveName(value, as: name)
        scope.values[name] = value
    }

    /// `for … in`, C's `for (;;)` and `while`: the body runs until the loop ends, breaks or returns.
    private func loop(_ statement: Stmt, _ scope: Scope, _ selfObject: Object?) throws -> Flow {
        switch statement.kind {
        case .forIn(let name, let sequenceExpr, let body):
            let sequence = try elements(of: try evaluate(sequenceExpr, scope, selfObject), at: sequenceExpr.at)
            for element in sequence {
                let inner = Scope(parent: scope)
                if let name { inner.values[name] = element }
                let flow = try run(body, in: inner, selfObject: selfObject)
                if case .broke = flow { break }
                if case .returned = flow { return flow }
            }
        case .cFor(let initial, let condition, let step, let body):
            let outer = Scope(parent: scope)
            _ = try run(initial, in: outer, selfObject: selfObject)
            while try condition.map({ try truth(try evaluate($0, outer, selfObject), at: $0.at) }) ?? true {
                let flow = try run(body, in: Scope(parent: outer), selfObject: selfObject)
                if case .broke = flow { break }
                if case .returned = flow { return flow }
                _ = try run(step, in: outer, selfObject: selfObject)
            }
        case .while(let condition, let body):
            while try truth(try evaluate(condition, scope, selfObject), at: condition.at) {
                let flow = try run(body, in: Scope(parent: scope), selfObject: selfObject)
                if case .broke = flow { break }
                if case .returned = flow { return flow }
            }
        default: break
        }
        return .normal
    }

    /// `switch`: the first case whose pattern matches runs (a pattern Sparks cannot evaluate is
    /// reported and does not match).
    private func switchCase(
        _ subjectExpr: Expr, _ cases: [(patterns: [Expr]?, body: [Stmt])], _ scope: Scope, _ selfObject: Object?
    ) throws -> Flow {
        let subject = try evaluate(subjectExpr, scope, selfObject)
        for c in cases {
            var matches = c.patterns == nil
            let caseScope = Scope(parent: scope)
            for pattern in c.patterns ?? [] where !matches {
                // `.text(let size, let strings)`: the case's name, its associated values bound.
                if case .casePattern(let name, let bindings) = pattern.kind {
                    switch subject {
                    case .enumValue(let caseName, let values) where caseName == name:
                        matches = true
                        for (binding, value) in zip(bindings, values) { if let binding { caseScope.values[binding] = value } }
                    case .constant(let c) where c == "." + name || c.hasSuffix("." + name):
                        matches = true
                    default: break
                    }
                    continue
                }
                let value: Value
                do {
                    value = try evaluate(pattern, scope, selfObject)
                } catch let skip as Skip {
                    // A case Sparks cannot match is reported and does not match.
                    report(.skipped, skip.reason, at: skip.at ?? pattern.at)
                    continue
                }
                if case .range(let lower, let upper, let closed) = value, case .number(let n) = subject {
                    matches = n >= lower && (closed ? n <= upper : n < upper)
                } else if case .bool(true) = try arithmetic("==", subject, value, at: pattern.at) {
                    matches = true
                }
            }
            if matches {
                let flow = try run(c.body, in: caseScope, selfObject: selfObject)
                if case .broke = flow { return .normal }
                return flow
            }
        }
        return .normal
    }

    private func holds(_ conditions: [Condition], _ scope: Scope, _ selfObject: Object?) throws -> Bool {
        for condition in conditions {
            switch condition {
            case .test(let e):
                if try !truth(try evaluate(e, scope, selfObject), at: e.at) { return false }
            case .bind(let name, let e):
                let value = try evaluate(e, scope, selfObject)
                if case .null = value { return false }
                scope.values[name] = value
            }
        }
        return true
    }
}
