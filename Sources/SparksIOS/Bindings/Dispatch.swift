import SparksCore

/// Grand Central Dispatch: work run after a delay happens at that moment of the effect (what it
/// changes becomes animations that start then and hold; docs/importing.md).
extension BindingTable {
    static let dispatch: [Binding] = [
        Binding(.global, form: .read, objc: ["NSEC_PER_SEC"]) { _ in .number(1e9) },
        Binding(.global, form: .read, objc: ["NSEC_PER_MSEC"]) { _ in .number(1e6) },
        Binding(.global, form: .read, objc: ["DISPATCH_TIME_NOW"]) { _ in .number(0) },
        Binding(.type("DispatchQueue"), form: .read, swift: ["main"]) { _ in .constant("DispatchQueue.main") },
        Binding(.type("DispatchQueue"), swift: ["global()", "global(qos:)"]) { _ in .constant("DispatchQueue.global") },
        Binding(.type("RunLoop"), form: .read, swift: ["main", "current"]) { c in .constant("RunLoop.\(c.name)") },
        Binding(.type("NSRunLoop"), objc: ["mainRunLoop", "currentRunLoop"]) { c in .constant("RunLoop.\(c.name)") },
        Binding(.global, objc: ["dispatch_get_main_queue", "dispatch_get_global_queue"]) { _ in .constant("DispatchQueue.main") },
        Binding(
            .instance("DispatchQueue"), swift: ["asyncAfter(deadline:execute:)", "async(execute:)"],
            meaning: "runs the closure at that moment of the effect"
        ) { c in
            let delay = c.name == "async" ? 0 : try c.number(0, what: "a delay")
            guard case .function(let f)? = c.last else { throw c.skip("asyncAfter without a closure") }
            return try c.interpreter.runLater(f, after: delay, what: "asyncAfter", at: c.at)
        },
        Binding(.global, objc: ["dispatch_after"], meaning: "runs the block at that moment of the effect") { c in
            guard case .function(let f)? = c.last else { throw c.skip("dispatch_after without a block") }
            return try c.interpreter.runLater(f, after: try c.number(0), what: "dispatch_after", at: c.at)
        },
        Binding(.global, objc: ["dispatch_async"], meaning: "runs the block now") { c in
            guard case .function(let f)? = c.last else { return .void }
            return try c.interpreter.runLater(f, after: 0, what: "dispatch_async", at: c.at)
        },
        Binding(.global, objc: ["dispatch_time"], meaning: "seconds after now") { c in
            .number(((try c.number(0)) + (try c.number(1))) / 1e9)
        },
        Binding([.type("DispatchTime"), .global], swift: ["now()", ".now()"], meaning: "the moment the code runs (0)") { _ in .number(0) },
        Binding(.global, swift: [".seconds(_:)"]) { c in .number(try c.number(0)) },
        Binding(.global, swift: [".milliseconds(_:)"]) { c in .number(try c.number(0) / 1000) },
    ]
}
