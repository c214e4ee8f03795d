import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Ctrl-C and SIGTERM, seen by a thread of the program's own: the signal handler only writes
/// the signal's number to a pipe (all a handler may safely do), and the thread reading it
/// calls back. Neither waits for a shared thread pool, so a stop is heard however busy the
/// previews keep every core.
enum StopSignals {
    /// The pipe's writing end, for the handler.
    nonisolated(unsafe) private static var writeEnd: Int32 = -1

    /// Calls `onSignal` (on a thread of its own) for each SIGINT or SIGTERM from now on.
    static func install(_ onSignal: @escaping @Sendable (Int32) -> Void) {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { return }
        writeEnd = ends[1]
        let readEnd = ends[0]
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { signal in
            var byte = UInt8(truncatingIfNeeded: signal)
            _ = write(StopSignals.writeEnd, &byte, 1)
        }
        sigemptyset(&action.sa_mask)
        action.sa_flags = SA_RESTART
        sigaction(SIGINT, &action, nil)
        sigaction(SIGTERM, &action, nil)
        Thread.detachNewThread {
            var byte: UInt8 = 0
            while true {
                let got = read(readEnd, &byte, 1)
                if got < 0, errno == EINTR { continue }
                guard got == 1 else { return }
                onSignal(Int32(byte))
            }
        }
    }
}
