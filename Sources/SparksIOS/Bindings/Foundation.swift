import Foundation
import SparksCore

/// Foundation and the Objective-C runtime as effect code uses them: boxed values, arrays, string
/// formats, resources of the app bundle, timers, notifications, the clock, selectors, manual
/// reference counting and key-value coding.
extension BindingTable {
    static let foundation: [Binding] = boxes + collections + resources + time + runtime + keyValueCoding

    private static let boxes: [Binding] = [
        Binding(
            Receiver.types("NSValue", "NSNumber"),
            objc: [
                "valueWithCGPoint:", "valueWithCGSize:", "valueWithCGRect:", "valueWithCATransform3D:", "valueWithCGAffineTransform:",
                "numberWithFloat:", "numberWithDouble:", "numberWithInt:", "numberWithInteger:", "numberWithBool:",
                "numberWithUnsignedInt:",
            ], meaning: "the value itself"
        ) { c in c.first ?? .null },
        Binding(.global, swift: ["NSValue(cgPoint:)", "NSValue(caTransform3D:)", "NSValue(cgRect:)", "NSValue(cgSize:)"]) { c in
            c.first ?? .null
        },
    ]

    private static let collections: [Binding] = [
        Binding([.global, .type("NSNull")], swift: ["NSNull()"], objc: ["null"], meaning: "NSNull (no action, in a layer's actions)") { _ in
            .constant("NSNull")
        },
        Binding(Receiver.types("NSArray", "NSMutableArray"), objc: ["array", "arrayWithCapacity:"]) { _ in .array([]) },
        Binding(Receiver.types("NSArray", "NSMutableArray"), objc: ["arrayWithObjects:"], meaning: "the objects up to nil") { c in
            .array(Array(c.arguments.prefix { !c.interpreter.isNull($0) }))
        },
        Binding(Receiver.types("NSArray", "NSMutableArray"), objc: ["arrayWithObject:"]) { c in .array(c.arguments) },
        Binding(Receiver.types("NSArray", "NSMutableArray"), objc: ["arrayWithArray:"]) { c in c.first ?? .array([]) },
        Binding(.object(.mutableArray), objc: ["addObject:"]) { c in
            c.object?.items += c.arguments
            return .void
        },
        Binding(.object(.mutableArray), form: .read, objc: ["count"]) { c in .number(Double(c.object?.items.count ?? 0)) },
        Binding(.type("NSString"), objc: ["stringWithFormat:"]) { c in try format(c) },
        Binding(.global, swift: ["String(format:_:)"]) { c in c.firstLabel == "format" ? try format(c) : nil },
    ]

    /// `%@`, `%d`, `%f` and the rest, each the argument's text.
    private static func format(_ c: Call) throws -> Value {
        guard case .string(let pattern)? = c.first else { return .string("") }
        var result = ""
        var args = c.arguments.dropFirst().makeIterator()
        var chars = pattern.makeIterator()
        while let ch = chars.next() {
            guard ch == "%" else {
                result.append(ch)
                continue
            }
            var spec = ""
            while let d = chars.next() {
                spec.append(d)
                if d.isLetter || d == "@" || d == "%" { break }
            }
            if spec == "%" {
                result += "%"
                continue
            }
            guard let v = args.next() else { break }
            let piece: String
            switch v {
            case .string(let s): piece = s
            case .number(let n):
                piece = PresetNumber.text(spec.hasSuffix("d") || spec.hasSuffix("i") || spec.hasSuffix("u") ? n.rounded(.towardZero) : n)
            default: piece = v.description
            }
            try c.interpreter.mayHold(result.utf8.count + piece.utf8.count)
            result += piece
        }
        try c.interpreter.willMake(text: result.utf8.count)
        return .string(result)
    }

    private static let resources: [Binding] = [
        // Resources of the app bundle are found by name (beside the preset or in assets/).
        Binding(.global, swift: ["Bundle(for:)", "Bundle(path:)"], objc: ["NSBundle"], meaning: "the app's resources") { _ in
            .constant("Bundle")
        },
        Binding(.type("Bundle"), form: .read, swift: ["main"]) { _ in .constant("Bundle") },
        Binding(.type("NSBundle"), objc: ["mainBundle", "bundleForClass:", "bundleWithPath:"]) { _ in .constant("Bundle") },
        Binding(
            .instance("Bundle"), swift: ["path(forResource:ofType:)", "url(forResource:withExtension:)"],
            objc: ["pathForResource:ofType:", "URLForResource:withExtension:"], meaning: "the resource's name"
        ) { c in
            let name = try c.string(0, or: "a resource without a name")
            if let ext = c.string(1), !ext.isEmpty { return .string(name + "." + ext) }
            return .string(name)
        },
        // A resource's path, URL or data stands for its name.
        Binding(
            .global, swift: ["URL(fileURLWithPath:)", "URL(string:)", "Data(contentsOf:)"], objc: ["NSURL", "NSData"],
            meaning: "the resource's name"
        ) { c in
            guard case .string? = c.first else {
                throw c.skip("\(c.signature) of something other than a resource's name is not understood")
            }
            return c[0]
        },
        Binding(
            Receiver.types("NSURL", "NSData", "URL", "Data"),
            objc: ["URLWithString:", "fileURLWithPath:", "dataWithContentsOfFile:", "dataWithContentsOfURL:"],
            meaning: "the resource's name"
        ) { c in
            guard case .string? = c.first else {
                throw c.skip("\(c.receiver.description).\(c.name) of something other than a resource's name is not understood")
            }
            return c[0]
        },
    ]

    private static let time: [Binding] = [
        Binding(
            .global, swift: ["Date()"], objc: ["CFAbsoluteTimeGetCurrent"], meaning: "the moment the code runs, in seconds of the effect",
            run: currentTime),
        Binding(.type("NSDate"), objc: ["date"], meaning: "the moment the code runs, in seconds of the effect") { c in
            currentTime(c)
        },
        Binding(
            .value(.number), form: .read, swift: ["timeIntervalSince1970", "timeIntervalSinceReferenceDate"],
            meaning: "0: a wall-clock time differs on every run (said in a note)"
        ) { c in
            c.note("\(c.name) is a wall-clock time, different on every run: 0 here")
            return .number(0)
        },
        Binding(
            Receiver.types("Timer", "NSTimer"),
            swift: ["scheduledTimer(withTimeInterval:repeats:block:)", "scheduledTimer(timeInterval:target:selector:userInfo:repeats:)"],
            objc: ["scheduledTimerWithTimeInterval:target:selector:userInfo:repeats:"],
            meaning: "fires at its moments of the effect (a repeating timer for 30 s at most)"
        ) { c in
            try c.interpreter.scheduleTimer(labels: c.labels, c.arguments, at: c.at)
        },
        Binding(.instance("Timer"), swift: ["invalidate()"], meaning: "stops its firings") { c in
            if case .constant(let timer) = c.receiver, let id = Int(timer.dropFirst("Timer#".count)) {
                c.interpreter.invalidatedTimers.insert(id)
            }
            return .void
        },
        Binding(.instance("Timer"), swift: ["fire()"]) { _ in .void },
        Binding(
            Receiver.instances("NotificationCenter", "NSNotificationCenter"),
            swift: [
                "addObserver(_:selector:name:object:)", "addObserver(forName:object:queue:using:)", "post(name:object:)",
                "removeObserver(_:)",
            ],
            objc: ["addObserver:selector:name:object:", "postNotificationName:object:", "removeObserver:"],
            meaning: "nothing: observers are not run (the effect is imported as it starts)"
        ) { c in
            c.note("notification observers are not run (the effect is imported as it starts)")
            return .void
        },
        Binding(.type("NSNotificationCenter"), objc: ["defaultCenter"]) { _ in .constant("NSNotificationCenter.default") },
    ]

    /// `CACurrentMediaTime()`, `Date()`: the moment the code runs, in seconds of the effect.
    static func currentTime(_ c: Call) -> Value {
        let now = c.interpreter.deferredTime ?? 0
        c.note("\(c.name)() is the moment the code runs (\(PresetNumber.text(now)) s into the effect)")
        return .mediaTime(now)
    }

    private static let runtime: [Binding] = [
        Binding(.global, objc: ["NSClassFromString"]) { c in
            .type(try c.string(0, or: "NSClassFromString of something not a name"))
        },
        Binding(.global, objc: ["NSSelectorFromString"]) { c in
            .selector(try c.string(0, or: "NSSelectorFromString of something not a name"))
        },
        Binding(.anyType, swift: ["method(for:)", "instanceMethod(for:)"], meaning: "the class method, to call later") { c in
            // `cls.method(for: NSSelectorFromString("behaviorWithType:"))`.
            guard case .selector(let selector)? = c.first, case .type(let type) = c.receiver else { return nil }
            return .type("\(type).\(selector.split(separator: ":").first ?? "")")
        },
        Binding(.anyType, swift: ["perform(_:)", "perform(_:with:)"], objc: ["performSelector:", "performSelector:withObject:"]) { c in
            guard case .selector(let selector)? = c.first, case .type(let type) = c.receiver else { return nil }
            let name = String(selector.split(separator: ":").first ?? "")
            return try c.interpreter.callMember(
                .type(type), name, labels: [nil], Array(c.arguments.dropFirst()), at: c.at, scope: c.scope, selfObject: c.selfObject)
        },
        Binding(.anyType, swift: ["responds(to:)"], objc: ["respondsToSelector:"], meaning: "true") { _ in .bool(true) },
        Binding(
            .object(.any), swift: ["perform(_:with:afterDelay:)", "perform(_:)"],
            objc: ["performSelector:withObject:afterDelay:", "performSelector:"],
            meaning: "runs the method at that moment of the effect"
        ) { c in
            guard case .selector(let name)? = c.first else { throw c.skip("perform without a selector") }
            let delay = try c.labels.firstIndex { $0 == "afterDelay" }.map { try c.number($0) } ?? 0
            return try c.interpreter.runSelectorLater(name, after: delay, on: c.object, at: c.at)
        },
        // Manual reference counting and Core Foundation ownership: the object itself, kept.
        Binding(.object(.any), objc: ["retain", "autorelease", "copy"]) { c in c.receiver },
        Binding(.object(.any), objc: ["release"]) { _ in .void },
        Binding(.object(.any), swift: ["takeUnretainedValue()", "takeRetainedValue()"]) { c in c.receiver },
        Binding(.global, objc: ["CFRelease", "CGPathRelease", "CGColorRelease", "CGImageRelease"], meaning: "nothing") { _ in .void },
        Binding(
            .global,
            objc: [
                "CFRetain", "CFBridgingRelease", "CFBridgingRetain", "CGColorCreateCopy", "CGColorRetain", "CGPathCreateCopy",
                "CGPathRetain", "CGImageRetain",
            ],
            meaning: "the object itself"
        ) { c in c[0] },
    ]

    private static let keyValueCoding: [Binding] = [
        Binding(
            .object(.any), swift: ["setValue(_:forKeyPath:)", "setValue(_:forKey:)"], objc: ["setValue:forKeyPath:", "setValue:forKey:"],
            meaning: "any key path Sparks resolves (emitterCells.spark.birthRate)"
        ) { c in
            guard c.count == 2, case .string(let keyPath) = c[1], let object = c.object else {
                throw c.skip("setValue(_:forKeyPath:) with a key path that is not a string")
            }
            if object.layerKind != nil {
                try c.interpreter.setKeyPath(of: object, keyPath, c[0], at: c.at)
            } else if case .animation = object.kind, !Interpreter.animationKeys.contains(keyPath), Animation.table[keyPath] == nil {
                // Any key of the code's own on an animation (`anim.setValue(layer, forKey: "circle")`),
                // read back in its delegate.
                object.fields[keyPath] = c[0]
            } else {
                try c.interpreter.setProperty(of: object, keyPath, c[0], at: c.at)
            }
            return .void
        },
        Binding(
            .object(.any), swift: ["value(forKeyPath:)", "value(forKey:)"], objc: ["valueForKeyPath:", "valueForKey:"]
        ) { c in
            guard case .string(let keyPath)? = c.first, let object = c.object else {
                throw c.skip("value(forKeyPath:) with a key path that is not a string")
            }
            if let kind = object.layerKind, let (address, _) = try? PropertyAddress.resolve(keyPath, on: kind) {
                return c.interpreter.propertyValue(address.value(in: c.interpreter.stateWithCells(object)) ?? .bool(false))
            }
            return try c.interpreter.property(of: object, keyPath, at: c.at)
        },
    ]
}
