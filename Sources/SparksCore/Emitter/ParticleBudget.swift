/// A bound on live particles shared by every emitter of a scene, and on the work of catching
/// an emitter up.
///
/// Births beyond the limit are refused before they are sampled (the count is clamped ahead of
/// each spawn loop), and counted so the presenter and `bench` can say the budget was hit.
public struct ParticleBudget: Sendable {
    /// Default limit on live particles.
    public static let defaultLimit = PresetLimits.defaultMaxParticles

    /// Most particles alive at once.
    public var limit: Int
    /// Particles alive now.
    public internal(set) var live = 0
    /// Births refused since the scene started because the limit was reached.
    public internal(set) var refusedBirths = 0
    /// Most particle-steps one catch-up may simulate (an emitter that starts already running or
    /// with a negative `beginTime`): ``PresetLimits/maxPrewarmWork``, which a preset is checked
    /// against when it is read, kept here too for values set while it runs (a `lifetime` of
    /// 1000 set through the C or Swift API before the first step). A catch-up that would do more
    /// starts later, as close to its target as the work allows.
    public var maxCatchUpWork: Double = .infinity
    /// Catch-ups shortened so, since the scene started.
    public internal(set) var shortenedCatchUps = 0
    /// Births top-level cells may still make from their emitters' shapes (a game's "emit this
    /// many, then stop"); `Int.max`: no limit. Bursts and sub-cells are not counted.
    public var shapeBirthsLeft = Int.max

    /// Creates a budget.
    public init(limit: Int = ParticleBudget.defaultLimit) {
        self.limit = limit
    }

    /// How many of `wanted` births fit; records the rest as refused.
    @inline(__always)
    mutating func grant(_ wanted: Int) -> Int {
        let granted = max(0, min(wanted, limit - live))
        refusedBirths += wanted - granted
        live += granted
        return granted
    }

    /// Returns places for births granted but not stored (dead on arrival) or for deaths.
    @inline(__always)
    mutating func release(_ count: Int) {
        live -= count
    }
}
