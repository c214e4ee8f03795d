/// A budget of ``PresetLimits`` that a preset passes: which one, what the preset would take and
/// what is allowed. A problem carries it as a value, so each program says how to raise the budget
/// in its own terms (the `sparks` command names its option, SparksKit its parameter); the
/// problem's message itself names neither.
public struct BudgetExceeded: Hashable, Sendable {
    /// The budgets a preset can pass before any work is done.
    public enum Budget: String, Hashable, Sendable, CaseIterable {
        /// ``PresetLimits/maxParticles``: particles alive at once.
        case particles
        /// ``PresetLimits/maxDrawnInstances``: layer copies drawn per frame.
        case layerCopies
        /// ``PresetLimits/maxDrawnQuads``: quads drawn per frame.
        case drawnQuads
        /// ``PresetLimits/maxTextureBytes``: bytes of decoded images.
        case textureMemory
        /// ``PresetLimits/maxPrewarmWork``: particle-steps of prewarm.
        case prewarm
        /// ``PresetLimits/maxPresetBytes``: bytes of the preset file.
        case presetSize
    }

    /// Which budget.
    public var budget: Budget
    /// What the preset would take, in the budget's unit (particles, copies, quads, bytes,
    /// particle-steps, bytes).
    public var estimate: Double
    /// What the budget allows, in the same unit.
    public var allowed: Double

    /// Creates a record of a passed budget.
    public init(_ budget: Budget, estimate: Double, allowed: Double) {
        self.budget = budget
        self.estimate = estimate
        self.allowed = allowed
    }
}
