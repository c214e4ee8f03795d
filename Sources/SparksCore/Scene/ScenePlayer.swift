/// How a scene is played in a viewer: running or paused, how fast, for how long, and whether it
/// starts again at the end. The window (`sparks run`) and the studio's preview play their
/// scenes through it, so Space, step, the speeds on offer and the end of a timeline behave the
/// same in both; a game's ``FixedStepClock`` use is the same clock without a timeline.
///
/// The player owns no scene: ``advance(_:byWallSeconds:)`` steps the scene it is given, and
/// when a looping timeline ends it answers ``Advance/restart`` so that its owner makes the new
/// scene (the window from its preset file, the studio from the page's document) and calls
/// ``restarted(stepRate:)``.
public struct ScenePlayer: Sendable {
    /// The speeds a viewer offers, slowest to fastest: ``faster()`` and ``slower()`` double and
    /// halve within them, and a speed set outside them is brought inside.
    public static let speeds: ClosedRange<Double> = 1.0 / 16...8
    /// The longest timeline, and the latest time a viewer seeks to (an hour, as `sparks render --at`).
    public static let maxTime = 3600.0

    private var clock: FixedStepClock
    /// Where playing ends, in scene seconds (nil: it runs on), and whether it then starts again.
    public private(set) var length: Double?
    public private(set) var loops = true

    /// A player at real time, playing unless `paused`.
    public init(stepRate: Double, speed: Double = 1, paused: Bool = false) {
        clock = FixedStepClock(stepRate: stepRate)
        clock.isPaused = paused
        self.speed = speed
    }

    /// Whether wall time moves the scene.
    public var isPaused: Bool {
        get { clock.isPaused }
        set { clock.isPaused = newValue }
    }

    /// Scene seconds per wall second, within ``speeds`` (a value that is not a number is 1).
    public var speed: Double {
        get { clock.speed }
        set { clock.speed = newValue.isFinite ? min(max(newValue, Self.speeds.lowerBound), Self.speeds.upperBound) : 1 }
    }

    /// Twice as fast, up to the fastest speed; returns the speed.
    @discardableResult
    public mutating func faster() -> Double {
        speed *= 2
        return speed
    }

    /// Half as fast, down to the slowest speed; returns the speed.
    @discardableResult
    public mutating func slower() -> Double {
        speed /= 2
        return speed
    }

    /// Playing stops at scene time `seconds` (at least one hundredth of a second, at most
    /// ``maxTime``), or starts again from 0 there when `loops`; nil runs on without end.
    public mutating func setLength(_ seconds: Double?, loops: Bool) {
        length = seconds.map { $0.isFinite ? min(max($0, 0.01), Self.maxTime) : Self.maxTime }
        self.loops = loops
    }

    /// What one ``advance(_:byWallSeconds:)`` did.
    public enum Advance: Equatable, Sendable {
        /// The scene took `steps` fixed steps; `droppedSeconds` of scene time were not run
        /// because the frame came too late (the viewer says time slowed).
        case stepped(steps: Int, droppedSeconds: Double)
        /// The looping timeline ended: the owner starts the scene again from 0.
        case restart
    }

    /// Runs `scene` for `seconds` of wall time times ``speed`` in whole fixed steps (the rest is
    /// carried to the next call; more than a quarter of a second of steps at once is dropped,
    /// not caught up). At the end of the timeline the end is shown once, then a looping player
    /// answers ``Advance/restart`` and one that plays once pauses there.
    public mutating func advance(_ scene: Scene, byWallSeconds seconds: Double) -> Advance {
        let advance = clock.advance(by: seconds)
        guard let length else {
            scene.step(count: advance.steps)
            return .stepped(steps: advance.steps, droppedSeconds: advance.droppedSeconds)
        }
        let stepsToEnd = Int(((length - scene.time) / scene.stepDuration - 1e-9).rounded(.up))
        if stepsToEnd <= 0 {
            if isPaused { return .stepped(steps: 0, droppedSeconds: 0) }
            if loops { return .restart }
            isPaused = true
            return .stepped(steps: 0, droppedSeconds: 0)
        }
        let steps = min(advance.steps, stepsToEnd)
        scene.step(count: steps)
        if steps == stepsToEnd && !loops { isPaused = true }
        return .stepped(steps: steps, droppedSeconds: advance.droppedSeconds)
    }

    /// The owner started the scene again (a restart, a new preset, the end of a loop): time
    /// carried from the old scene is forgotten, and the new scene's step rate is used.
    public mutating func restarted(stepRate: Double) {
        let (speed, paused) = (self.speed, isPaused)
        clock = FixedStepClock(stepRate: stepRate)
        clock.speed = speed
        clock.isPaused = paused
    }
}
