/// What a timed object shows outside its active interval (CAMediaTimingFillMode).
public enum FillMode: String, Sendable, CaseIterable {
    /// No effect outside the active interval (the default).
    case removed
    /// The final state is held after the end.
    case forwards
    /// The initial state is shown before the start.
    case backwards
    /// Both `forwards` and `backwards`.
    case both
}

/// Core Animation's media timing properties (CAMediaTiming), shared by layers, animations and
/// emitter cells. core-animation.md §3.
public struct MediaTiming: Hashable, Sendable {
    /// Start, in seconds of the parent's time. Default 0.
    public var beginTime: Double = 0
    /// Simple duration in seconds. Default 0; what 0 means depends on the owner
    /// (0.25 s for a stand-alone animation, "for ever" for an emitter cell, infinite for layers).
    public var duration: Double = 0
    /// Parent-to-local rate. Default 1; 0 pauses.
    public var speed: Double = 1
    /// Seconds added in local time. Default 0.
    public var timeOffset: Double = 0
    /// Number of repetitions, may be fractional or infinite. Default 0 (play once).
    public var repeatCount: Double = 0
    /// Total time to keep repeating, in seconds. Default 0 (unused).
    public var repeatDuration: Double = 0
    /// Whether each cycle plays forwards then backwards. Default false.
    public var autoreverses: Bool = false
    /// What shows outside the active interval. Default `.removed`.
    public var fillMode: FillMode = .removed

    /// Creates timing with Core Animation's defaults.
    public init() {}

    /// Local time for a parent time: `(t − beginTime) · speed + timeOffset` (core-animation.md §3.2).
    @inlinable
    public func localTime(parentTime t: Double) -> Double {
        (t - beginTime) * speed + timeOffset
    }

    /// The length of the active interval in local seconds for a simple duration `d`
    /// (core-animation.md §3.3): `repeatDuration` when set, else one cycle (doubled by `autoreverses`) times
    /// `repeatCount` (0 counts as 1). Infinite when `d` is infinite or `repeatCount` is infinite.
    public func activeDuration(simpleDuration d: Double) -> Double {
        if repeatDuration > 0 { return repeatDuration }
        let cycle = d * (autoreverses ? 2 : 1)
        return cycle * (repeatCount > 0 ? repeatCount : 1)
    }
}
