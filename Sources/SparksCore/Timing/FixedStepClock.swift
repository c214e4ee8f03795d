/// Turns real elapsed time into a whole number of fixed simulation steps.
///
/// The simulation only ever advances by `stepDuration`. Real time is scaled by `speed`, added to
/// an accumulator, and paid out in whole steps; the remainder carries over to the next frame.
/// When a frame asks for more than `maxStepsPerAdvance` steps (a stall, a slow machine) the
/// excess is dropped rather than simulated, so a slow frame can never cause a slower next frame
/// (no spiral of death); the dropped time is reported so the presenter can say time slowed.
public struct FixedStepClock: Sendable {
    /// Seconds of simulated time per step (1 / stepRate).
    public let stepDuration: Double
    /// Multiplier applied to real time; 1 is real time, 0.5 half speed.
    public var speed: Double = 1
    /// When true, `advance(by:)` produces no steps.
    public var isPaused = false
    /// Upper bound on steps produced by one call of `advance(by:)`.
    public var maxStepsPerAdvance: Int
    /// Simulated seconds not yet paid out as a step.
    public private(set) var remainder: Double = 0
    /// Total simulated seconds dropped because a frame asked for too many steps.
    public private(set) var droppedSeconds: Double = 0

    /// The outcome of one `advance(by:)`.
    public struct Advance: Equatable, Sendable {
        /// Steps to run now.
        public var steps: Int
        /// Simulated seconds dropped in this call because of the catch-up bound.
        public var droppedSeconds: Double
        /// Whether this call hit the catch-up bound.
        public var isBehind: Bool { droppedSeconds > 0 }
    }

    /// Creates a clock.
    /// - Parameters:
    ///   - stepRate: steps per simulated second (default 60).
    ///   - maxStepsPerAdvance: catch-up bound per call; default a quarter of a second of steps.
    public init(stepRate: Double = 60, maxStepsPerAdvance: Int? = nil) {
        precondition(stepRate > 0 && stepRate.isFinite, "stepRate must be positive")
        stepDuration = 1 / stepRate
        self.maxStepsPerAdvance = maxStepsPerAdvance ?? max(1, Int((stepRate / 4).rounded(.up)))
    }

    /// Adds `realSeconds` of wall time (scaled by `speed`) and returns how many steps to run.
    /// Any time (a frame of a stalled game, 1e20 s, a speed of 1e300) gives at most
    /// `maxStepsPerAdvance` steps; the count is worked out in floating point and only then made
    /// an integer, so no time is too large.
    public mutating func advance(by realSeconds: Double) -> Advance {
        guard !isPaused, realSeconds > 0, realSeconds.isFinite, speed > 0, speed.isFinite else {
            return Advance(steps: 0, droppedSeconds: 0)
        }
        let owed = remainder + realSeconds * speed
        // A tiny epsilon keeps 1/60 s of real time from becoming 0.9999999 of a step.
        let wholeSteps = (owed / stepDuration + 1e-9).rounded(.down)
        let limit = max(0, maxStepsPerAdvance)
        guard wholeSteps > Double(limit) else {
            let steps = Int(wholeSteps)
            remainder = max(0, owed - wholeSteps * stepDuration)
            return Advance(steps: steps, droppedSeconds: 0)
        }
        // More than one call may run: the rest of the whole steps is dropped, the fraction of a
        // step carried (none when the time is too large for a fraction to mean anything).
        let fraction = owed - wholeSteps * stepDuration
        remainder = fraction.isFinite && fraction >= 0 && fraction < stepDuration ? fraction : 0
        let dropped = min((wholeSteps - Double(limit)) * stepDuration, .greatestFiniteMagnitude)
        droppedSeconds = min(droppedSeconds + dropped, .greatestFiniteMagnitude)
        return Advance(steps: limit, droppedSeconds: dropped)
    }

    /// Forgets carried time and dropped-time statistics (restart).
    public mutating func reset() {
        remainder = 0
        droppedSeconds = 0
    }
}
