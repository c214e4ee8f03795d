import Foundation
import SparksCore

/// Runs a piece of work on a thread of its own, with a stack of a known size, and waits for it
/// at most a given time.
///
/// An import parses and runs code a stranger wrote: its parser and interpreter recurse as deep
/// as the code nests (bounded, but by more than a default thread's half megabyte holds in a
/// debug build), and its time is bounded by budgets checked as it goes. The thread gives the
/// recursion a stack that every bound fits in, and the wait ends an import that overruns
/// anyway (a parser's look-ahead the checks before it did not foresee) with an error instead of
/// a hang. Work that overruns is left to finish on its thread, its result dropped: a program
/// that imports once (`sparks import`) ends with the error; a long-lived one should not import
/// what it would not wait for.
enum BoundedThread {
    /// What a run is doing, set by the work as it goes and read when its time runs out.
    final class Stage: @unchecked Sendable {
        private let lock = Lock()
        private var text: String

        init(_ text: String) { self.text = text }

        var current: String { lock.locked { text } }

        func set(_ new: String) { lock.locked { text = new } }
    }

    /// The result of `work`, run on a new thread with `stackBytes` of stack; nil when it has not
    /// finished after `seconds`. When no thread can be made, the work runs on the caller's.
    static func run<T: Sendable>(stackBytes: Int, seconds: Double, _ work: @escaping @Sendable () -> T) -> T? {
        let outcome = Outcome<T>()
        guard startThread(stackBytes: stackBytes, { outcome.finish(work()) }) else { return work() }
        return outcome.wait(seconds: seconds)
    }

    /// The result and the signal that it is there, shared by both threads.
    private final class Outcome<T: Sendable>: @unchecked Sendable {
        private let done = DispatchSemaphore(value: 0)
        private let lock = Lock()
        private var result: T?

        func finish(_ value: T) {
            lock.locked { result = value }
            done.signal()
        }

        func wait(seconds: Double) -> T? {
            guard done.wait(timeout: .now() + seconds) == .success else { return nil }
            return lock.locked { result }
        }
    }
}
