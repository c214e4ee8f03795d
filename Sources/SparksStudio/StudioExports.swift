import Foundation
import SparksCore

/// The exports being made: at most ``maxRunning`` at once (more are refused, not queued), each
/// stopped when it has run ``timeLimit`` seconds, when its request's task is cancelled or when
/// the studio stops. Exports run on threads of their own, never on the server's.
final class StudioExports: Sendable {
    /// Exports made at the same time.
    static let maxRunning = 2
    /// The longest an export may take, in seconds.
    static let timeLimit = 300.0

    private let running = LockedValue(0)
    private let stopped = LockedValue(false)

    /// Runs `work` (which asks its argument whether to stop) on a thread of its own; nil when
    /// ``maxRunning`` exports are already being made.
    func run<T: Sendable>(_ work: @escaping @Sendable (_ isCancelled: @escaping () -> Bool) throws -> T) async throws -> T? {
        let admitted = running.modify { count -> Bool in
            guard count < Self.maxRunning else { return false }
            count += 1
            return true
        }
        guard admitted else { return nil }
        defer { running.modify { $0 -= 1 } }
        let cancelled = LockedValue(false)
        let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(Self.timeLimit * 1e9)
        let stopped = stopped
        return try await withTaskCancellationHandler {
            // A queue of its own: a thread even while previews keep every core busy.
            try await SerialWork(label: "sparks.studio.export").run {
                try work { cancelled.value || stopped.value || DispatchTime.now().uptimeNanoseconds > deadline }
            }
        } onCancel: {
            cancelled.value = true
        }
    }

    /// Stops every export being made, and refuses the rest (the studio is stopping).
    func stopAll() {
        stopped.value = true
    }
}
