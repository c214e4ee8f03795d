import Foundation
import SparksCore

/// The Swift standard library and the C library as effect code uses them: number conversions and
/// limits, maths, seeded random numbers, strides, and the members and methods of numbers,
/// strings, arrays and ranges.
extension BindingTable {
    static let floatTypes = Receiver.types(
        "CGFloat", "Float", "Double", "Float32", "Float64", "TimeInterval", "CFTimeInterval", "NSTimeInterval")
    static let integerTypeNames: Set<String> = ["Int", "Int32", "UInt32", "Int64", "UInt", "UInt64", "NSInteger", "NSUInteger"]
    static let integerTypes = Receiver.types("UInt32", "Int", "Int32", "UInt", "Int64", "UInt64", "NSInteger", "NSUInteger")

    static let swiftAndC: [Binding] =
        constants + conversions + maths + randomNumbers + numberMembers + stringMembers + arrayMembers + arrayMethods + rangeMembers

    private static func constant(
        _ names: [String], _ value: @autoclosure @escaping @Sendable () -> Value, meaning: String? = nil
    ) -> Binding {
        Binding(.global, form: .read, objc: names, meaning: meaning) { _ in value() }
    }

    private static let constants: [Binding] = [
        constant(["M_PI", "pi", "π", "Pi"], .number(Double.pi)),
        constant(["M_PI_2"], .number(Double.pi / 2)),
        constant(["M_PI_4"], .number(Double.pi / 4)),
        constant(["M_2_PI"], .number(2 / Double.pi)),
        constant(["M_E"], .number(M_E)),
        // Core Animation repeats for ever from HUGE_VALF, and the largest finite floats repeat
        // for longer than any effect runs.
        constant(
            [
                "HUGE_VALF", "HUGE_VAL", "HUGE", "INFINITY", "FLT_MAX", "MAXFLOAT", "CGFLOAT_MAX", "DBL_MAX", "infinity",
                "greatestFiniteMagnitude",
            ],
            .number(.infinity), meaning: "infinity (for ever, as a repeat count)"),
        constant(["YES", "TRUE"], .bool(true)),
        constant(["NO", "FALSE"], .bool(false)),
        constant(["UINT32_MAX"], .number(Double(UInt32.max))),
        constant(["INT_MAX", "INT32_MAX"], .number(Double(Int32.max))),
        constant(["LONG_MAX", "INT64_MAX", "NSIntegerMax"], .number(Double(Int64.max))),
        constant(["NSUIntegerMax", "UINT64_MAX", "ULONG_MAX"], .number(Double(UInt64.max))),
        constant(["RAND_MAX"], .number(2_147_483_647)),
        Binding(floatTypes, form: .read, swift: ["pi"]) { _ in .number(Double.pi) },
        Binding(floatTypes, form: .read, swift: ["infinity", "greatestFiniteMagnitude"]) { _ in .number(.infinity) },
        Binding(floatTypes, form: .read, swift: ["leastNonzeroMagnitude"]) { _ in .number(Double.leastNonzeroMagnitude) },
        Binding(integerTypes, form: .read, swift: ["max"]) { c in
            switch c.receiver {
            case .type("UInt32"): .number(Double(UInt32.max))
            case .type("Int32"): .number(Double(Int32.max))
            case .type("UInt"), .type("UInt64"), .type("NSUInteger"): .number(Double(UInt64.max))
            default: .number(Double(Int64.max))
            }
        },
    ]

    private static let conversions: [Binding] = [
        Binding(
            .global,
            swift: [
                "CGFloat(_:)", "Float(_:)", "Double(_:)", "Float32(_:)", "Float64(_:)", "Int(_:)", "Int32(_:)", "UInt32(_:)", "Int64(_:)",
                "UInt(_:)", "NSInteger(_:)", "TimeInterval(_:)", "CFTimeInterval(_:)", "NSNumber(value:)",
            ], meaning: "the number (whole for integer types)"
        ) { c in
            guard let first = c.first else { return .number(0) }
            let v = try c.interpreter.number(first, at: c.at)
            return .number(Self.integerTypeNames.contains(c.name) ? v.rounded(.towardZero) : v)
        },
        Binding(.global, swift: ["String(_:)"]) { c in
            guard let first = c.first else { return .string("") }
            if case .string(let s) = first { return .string(s) }
            return .string(PresetNumber.text(try c.interpreter.number(first, at: c.at)))
        },
        Binding(.global, swift: ["tuple"], meaning: "a tuple, held as an array (its labels name its elements)") { c in
            let labels = c.labels.compactMap { $0 }
            if labels.count == c.arguments.count, c.interpreter.tupleLabels.count < 64 { c.interpreter.tupleLabels.insert(labels) }
            return .array(c.arguments)
        },
        Binding(.global, swift: ["Array(_:)"], objc: ["NSMutableArray", "NSArray"]) { c in
            .array(c.first.map { (try? c.interpreter.elements(of: $0, at: c.at)) ?? [] } ?? [])
        },
        Binding(
            .global, swift: ["print(_:)", "debugPrint(_:)", "assert(_:_:)", "precondition(_:_:)"], objc: ["NSLog"],
            meaning: "nothing (no output)"
        ) { _ in .void },
        Binding(.global, swift: ["stride(from:to:by:)", "stride(from:through:by:)"]) { c in
            let from = try c.number(0), to = try c.number(1), by = try c.number(2)
            guard by != 0, by.isFinite, ((to - from) / by) < Double(Interpreter.maxCollection) else {
                throw c.skip("a stride of too many values")
            }
            var values: [Value] = []
            var x = from
            let through = c.labels.contains("through")
            while by > 0 ? (through ? x <= to : x < to) : (through ? x >= to : x > to) {
                values.append(.number(x))
                x += by
            }
            return .array(values)
        },
    ]

    private static func function(_ names: [String], _ f: @escaping @Sendable (Double) -> Double) -> Binding {
        Binding(.global, objc: names) { c in .number(f(try c.number(0))) }
    }

    private static func function(_ names: [String], _ f: @escaping @Sendable (Double, Double) -> Double) -> Binding {
        Binding(.global, objc: names) { c in .number(f(try c.number(0), try c.number(1))) }
    }

    private static let maths: [Binding] = [
        function(["sin", "sinf"], sin), function(["cos", "cosf"], cos), function(["tan", "tanf"], tan),
        function(["atan2", "atan2f"], atan2), function(["sqrt", "sqrtf"], sqrt), function(["pow", "powf"], pow),
        function(["abs", "fabs", "fabsf", "ABS"], abs), function(["floor", "floorf"], floor), function(["ceil", "ceilf"], ceil),
        function(["round", "roundf", "lround"]) { $0.rounded() }, function(["fmod", "fmodf"], fmod), function(["hypot", "hypotf"], hypot),
        Binding(.global, objc: ["min", "MIN", "fmin", "fminf"]) { c in .number(try c.numbers().min() ?? 0) },
        Binding(.global, objc: ["max", "MAX", "fmax", "fmaxf"]) { c in .number(try c.numbers().max() ?? 0) },
    ]

    private static let randomNumbers: [Binding] = [
        Binding(.global, objc: ["arc4random_uniform"], meaning: "a seeded random number, said in a note") { c in
            let bound = UInt32(clamping: max(1, wholeNumber(min(try c.number(0), 4e9)) ?? 1))
            return c.interpreter.seeded(Double(c.interpreter.random.nextUInt32() % bound), at: c.at)
        },
        Binding(.global, objc: ["arc4random", "random", "rand"], meaning: "a seeded random number, said in a note") { c in
            let r = c.interpreter.random.nextUInt32()
            return c.interpreter.seeded(Double(c.name == "arc4random" ? r : r >> 1), at: c.at)
        },
        Binding(.global, objc: ["drand48"], meaning: "a seeded random number, said in a note") { c in
            c.interpreter.seeded(c.interpreter.random.nextUnitDouble(), at: c.at)
        },
        Binding(
            floatTypes + integerTypes, swift: ["random(in:)"], meaning: "a seeded random number in the range, said in a note"
        ) { c in
            guard case .range(let lower, let upper, let closed) = c[0] else { throw c.skip("random(in:) without a range") }
            let unit = c.interpreter.random.nextUnitDouble()
            var v = lower + (upper - lower) * unit
            if case .type(let type) = c.receiver, type.hasPrefix("Int") || type.hasPrefix("UInt") {
                v = lower + ((upper - lower + (closed ? 1 : 0)) * unit).rounded(.down)
            }
            return c.interpreter.seeded(v, at: c.at)
        },
    ]

    private static let numberMembers: [Binding] = [
        Binding(.value(.number), form: .read, swift: ["isFinite", "isNaN", "isInfinite", "isZero"]) { c in
            guard case .number(let n) = c.receiver else { return nil }
            switch c.name {
            case "isFinite": return .bool(n.isFinite)
            case "isNaN": return .bool(n.isNaN)
            case "isInfinite": return .bool(n.isInfinite)
            default: return .bool(n == 0)
            }
        },
        Binding(.value(.number), form: .read, swift: ["magnitude"]) { c in
            guard case .number(let n) = c.receiver else { return nil }
            return .number(abs(n))
        },
        Binding(
            .value(.number), form: .read, objc: ["floatValue", "doubleValue", "CGFloatValue", "integerValue", "intValue"]
        ) { c in
            guard case .number(let n) = c.receiver else { return nil }
            return .number(c.name.hasPrefix("int") ? n.rounded(.towardZero) : n)
        },
        // A value boxed in an NSValue or NSNumber is the value itself.
        Binding(
            .value(.any), form: .read,
            objc: [
                "floatValue", "doubleValue", "CGFloatValue", "CGPointValue", "CATransform3DValue", "CGRectValue", "CGSizeValue", "copy",
            ],
            meaning: "the value itself (NSValue and NSNumber hold values as they are)"
        ) { c in c.receiver },
    ]

    private static let stringMembers: [Binding] = [
        Binding(.value(.string), form: .read, swift: ["count"], objc: ["length"]) { c in
            guard case .string(let s) = c.receiver else { return nil }
            return .number(Double(s.count))
        },
        Binding(.value(.string), form: .read, swift: ["isEmpty"]) { c in
            guard case .string(let s) = c.receiver else { return nil }
            return .bool(s.isEmpty)
        },
        // Swift 2 and 3's `string.characters`.
        Binding(.value(.string), form: .read, swift: ["characters"]) { c in
            guard case .string(let s) = c.receiver else { return nil }
            return .array(s.map { .string(String($0)) })
        },
        Binding(.value(.string), swift: ["appending(_:)"], objc: ["stringByAppendingString:"]) { c in
            guard case .string(let s) = c.receiver, case .string(let t)? = c.first else { return nil }
            try c.interpreter.willMake(text: s.utf8.count + t.utf8.count)
            return .string(s + t)
        },
        Binding(
            .value(.string), objc: ["stringByAppendingFormat:", "stringWithFormat:"], meaning: "the string without the formatted part"
        ) { c in c.receiver },
        Binding(.value(.string), swift: ["hasPrefix(_:)"]) { c in
            guard case .string(let s) = c.receiver, case .string(let t)? = c.first else { return nil }
            return .bool(s.hasPrefix(t))
        },
        Binding(.value(.string), objc: ["isEqualToString:"]) { c in
            guard case .string(let s) = c.receiver, case .string(let t)? = c.first else { return nil }
            return .bool(s == t)
        },
    ]

    private static func items(_ c: Call) -> [Value]? {
        if case .array(let items) = c.receiver { return items }
        return nil
    }

    private static let arrayMembers: [Binding] = [
        Binding(.value(.array), form: .read, swift: ["count"]) { c in items(c).map { .number(Double($0.count)) } },
        Binding(.value(.array), form: .read, swift: ["first"], objc: ["firstObject"]) { c in items(c).map { $0.first ?? .null } },
        Binding(.value(.array), form: .read, swift: ["last"], objc: ["lastObject"]) { c in items(c).map { $0.last ?? .null } },
        Binding(.value(.array), form: .read, swift: ["isEmpty"]) { c in items(c).map { .bool($0.isEmpty) } },
        Binding(.value(.array), form: .read, swift: ["indices"]) { c in items(c).map { .range(0, Double($0.count), closed: false) } },
        Binding(.value(.array), swift: ["reversed()"]) { c in items(c).map { .array($0.reversed()) } },
        Binding(.value(.array), swift: ["enumerated()", "enumerate()"]) { c in
            items(c).map { .array($0.enumerated().map { .array([.number(Double($0.offset)), $0.element]) }) }
        },
        Binding(.value(.array), swift: ["shuffled()"], meaning: "shuffled in a fixed, seeded order, said in a note") { c in
            guard var copy = items(c) else { return nil }
            for i in stride(from: copy.count - 1, to: 0, by: -1) {
                copy.swapAt(i, Int(c.interpreter.random.nextUInt32() % UInt32(i + 1)))
            }
            c.note("shuffled in a fixed, seeded order")
            return .array(copy)
        },
        Binding(.value(.array), swift: ["randomElement()"], meaning: "a seeded choice, said in a note") { c in
            guard let items = items(c) else { return nil }
            guard !items.isEmpty else { return .null }
            let choice = Int(c.interpreter.random.nextUInt32() % UInt32(items.count))
            c.note("random element fixed at index \(choice) (seeded)")
            return items[choice]
        },
        Binding(.value(.array), objc: ["objectAtIndex:"]) { c in
            guard let items = items(c) else { return nil }
            let n = try c.number(0)
            guard let i = wholeNumber(n), i >= 0, i < items.count else {
                throw c.skip("the index \(PresetNumber.text(n)) is outside the array (of \(items.count))")
            }
            return items[i]
        },
        Binding(.value(.array), swift: ["prefix(_:)"]) { c in
            guard let items = items(c) else { return nil }
            return .array(Array(items.prefix(max(0, wholeNumber(try c.number(0)) ?? 0))))
        },
        Binding(.value(.array), swift: ["dropFirst()", "dropFirst(_:)"]) { c in
            guard let items = items(c) else { return nil }
            return .array(Array(items.dropFirst(c.isEmpty ? 1 : max(0, wholeNumber(try c.number(0)) ?? 0))))
        },
    ]

    private static func closure(_ c: Call) throws -> Callable {
        guard case .function(let f)? = c.first else { throw c.skip("\(c.name) needs a closure") }
        return f
    }

    private static let arrayMethods: [Binding] = [
        Binding(.value(.array), swift: ["map(_:)", "compactMap(_:)", "flatMap(_:)"]) { c in
            guard let items = items(c) else { return nil }
            let f = try closure(c)
            var result: [Value] = []
            for item in items {
                let v = try c.interpreter.call(f, closureArguments(f, item), at: c.at)
                if c.name == "flatMap", case .array(let inner) = v {
                    result += inner
                } else if !(c.name == "compactMap" && c.interpreter.isNull(v)) {
                    result.append(v)
                }
            }
            return .array(result)
        },
        Binding(.value(.array), swift: ["forEach(_:)"]) { c in
            guard let items = items(c) else { return nil }
            let f = try closure(c)
            for item in items { _ = try c.interpreter.call(f, closureArguments(f, item), at: c.at) }
            return .void
        },
        Binding(.value(.array), swift: ["reduce(_:_:)"]) { c in
            guard let items = items(c) else { return nil }
            guard c.count == 2, case .function(let f) = c[1] else { throw c.skip("reduce needs a start value and a closure") }
            var accumulated = c[0]
            for item in items { accumulated = try c.interpreter.call(f, [accumulated, item], at: c.at) }
            return accumulated
        },
        Binding(.value(.array), swift: ["filter(_:)"]) { c in
            guard let items = items(c) else { return nil }
            let f = try closure(c)
            return .array(
                try items.filter { try c.interpreter.truth(try c.interpreter.call(f, closureArguments(f, $0), at: c.at), at: c.at) })
        },
    ]

    /// A closure called for an element: a pair from `enumerated()` fills two parameters.
    private static func closureArguments(_ f: Callable, _ item: Value) -> [Value] {
        if f.parameters.count == 2, case .array(let pair) = item, pair.count == 2 { return pair }
        return [item]
    }

    private static let rangeMembers: [Binding] = [
        Binding(.value(.range), form: .read, swift: ["lowerBound"]) { c in
            guard case .range(let lower, _, _) = c.receiver else { return nil }
            return .number(lower)
        },
        Binding(.value(.range), form: .read, swift: ["upperBound"]) { c in
            guard case .range(_, let upper, _) = c.receiver else { return nil }
            return .number(upper)
        },
        Binding(.value(.range), form: .read, swift: ["count"]) { c in
            guard case .range(let lower, let upper, let closed) = c.receiver else { return nil }
            return .number(closed ? upper - lower + 1 : upper - lower)
        },
    ]
}

extension Interpreter {
    /// A random value fixed by the seed, said in a note.
    func seeded(_ v: Double, at: SourcePosition) -> Value {
        note("random value fixed at \(PresetNumber.text(v)) (seeded)", at: at)
        return .number(v)
    }
}
