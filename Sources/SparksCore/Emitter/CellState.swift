/// The live state of one cell of an emitter: its particles, its birth accumulator and the
/// states of its sub-cells, mirroring the cell tree.
public final class CellState {
    /// The cell's name when the state was made, used to match cells across edits.
    public let name: String?
    /// Live particles, in birth order.
    public let storage: ParticleStorage
    /// Fractional births carried between steps (top-level cells; sub-cells keep one per parent
    /// particle in the parent's storage).
    var accumulator: Double = 0
    /// The cell's emission rate at the end of the last step (nil before the first): a step
    /// emits at the mean of its rates at its start and end (core-animation.md §6.5).
    var lastRate: Double?
    /// Particles born into this cell since it started (statistics; not part of the state hash).
    public internal(set) var birthCount = 0
    /// States of the sub-cells, in the cell's `emitterCells` order.
    public private(set) var children: [CellState]

    init(cell: EmitterCell) {
        name = cell.name
        storage = ParticleStorage(accumulatorCount: cell.emitterCells.count, hasFacing: cell.particleType == .plane)
        children = cell.emitterCells.map(CellState.init(cell:))
    }

    /// States for `cells`, reusing those in `old` that match by name (or by position when
    /// unnamed) and have the same number of sub-cells, recursively; others start empty
    /// (core-animation.md §6.10: a removed cell's particles disappear).
    static func reconcile(_ old: [CellState], with cells: [EmitterCell]) -> [CellState] {
        if matches(old, cells) { return old }  // every step: no allocation
        var taken = Set<ObjectIdentifier>()
        return cells.enumerated().map { index, cell in
            let candidate: CellState?
            if let name = cell.name {
                candidate = old.first { $0.name == name && !taken.contains(ObjectIdentifier($0)) }
            } else {
                candidate = index < old.count && old[index].name == nil ? old[index] : nil
            }
            if let state = candidate, state.children.count == cell.emitterCells.count,
                taken.insert(ObjectIdentifier(state)).inserted
            {
                state.children = reconcile(state.children, with: cell.emitterCells)
                if cell.particleType == .plane { state.storage.addFacing() }
                return state
            }
            return CellState(cell: cell)
        }
    }

    /// Whether `states` already mirror `cells` (same names and shape, recursively).
    private static func matches(_ states: [CellState], _ cells: [EmitterCell]) -> Bool {
        guard states.count == cells.count else { return false }
        for (state, cell) in zip(states, cells) {
            guard state.name == cell.name, state.storage.accumulatorCount == cell.emitterCells.count,
                state.storage.hasFacing || cell.particleType != .plane, matches(state.children, cell.emitterCells)
            else { return false }
        }
        return true
    }

    /// Live particles of this cell and all its sub-cells.
    public var totalCount: Int {
        children.reduce(storage.count) { $0 + $1.totalCount }
    }

    /// Calls `body` for this state and every descendant, parents first.
    func forEach(_ body: (CellState) -> Void) {
        body(self)
        for child in children { child.forEach(body) }
    }
}
