import Dispatch

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Work split into numbered parts that may run at the same time.
package protocol ParallelJob: AnyObject {
    func run(part: Int)
}

/// A fixed set of threads that run the parts of a job in parallel, created once and reused, so a
/// parallel step allocates nothing (libdispatch's `concurrentPerform` allocates per call, and so
/// does turning a closure into a stored one; jobs are reused objects instead).
package final class WorkerPool: @unchecked Sendable {
    /// The pool every simulation shares, growing to the largest thread count asked for.
    package static let shared = WorkerPool()

    private let lock = Lock()
    private var workers = 0
    private var job: ParallelJob?
    private var parts = 0
    private var nextPart = 0
    private let start = DispatchSemaphore(value: 0)
    private let done = DispatchSemaphore(value: 0)
    private let ready = DispatchSemaphore(value: 0)
    private let serial = Lock()

    /// Runs `job.run(part:)` for every part in 0..<parts, on the calling thread and at most
    /// `threads − 1` pool threads (each takes the next part nobody has started), and returns when
    /// all are done.
    package func run(parts: Int, threads: Int? = nil, _ job: ParallelJob) {
        let helpers = min(parts, max(threads ?? parts, 1)) - 1
        guard helpers > 0 else {
            for part in 0..<max(parts, 0) { job.run(part: part) }
            return
        }
        serial.lock()
        defer { serial.unlock() }
        ensureWorkers(helpers)
        lock.lock()
        self.job = job
        self.parts = parts
        nextPart = 0
        lock.unlock()
        for _ in 0..<helpers { start.signal() }
        while let part = claim() { job.run(part: part) }
        for _ in 0..<helpers { done.wait() }
        lock.lock()
        self.job = nil
        lock.unlock()
    }

    /// The next part nobody has started, if any.
    private func claim() -> Int? {
        lock.lock()
        defer { lock.unlock() }
        guard nextPart < parts else { return nil }
        nextPart += 1
        return nextPart - 1
    }

    private func ensureWorkers(_ count: Int) {
        while workers < count {
            workers += 1
            let started = startThread { [unowned self] in self.work() }
            precondition(started, "a worker thread could not be started")
            // A new thread finishes starting (and allocating) before the job that needs it runs.
            ready.wait()
        }
    }

    private func work() {
        ready.signal()
        while true {
            start.wait()
            runClaimedParts()
            // The job must not be held past this point: `run` returns once all have signalled.
            done.signal()
        }
    }

    private func runClaimedParts() {
        lock.lock()
        let body = job
        lock.unlock()
        guard let body else { return }
        while let part = claim() { body.run(part: part) }
    }
}
