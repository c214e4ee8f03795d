extension Scene {
    /// Live particles of one emitter layer, and of each of its cells.
    public struct LayerCount: Equatable, Sendable {
        /// The layer's name (or "emitter N", counting emitter layers from 1, when unnamed).
        public var layer: String
        /// Live particles of every cell of the layer.
        public var total: Int
        /// Each cell's own live particles, parents before their sub-cells.
        public var cells: [CellCount]
    }

    /// Live particles of one cell (its sub-cells not included).
    public struct CellCount: Equatable, Sendable {
        /// The cell's path of names (`rocket.spark`; "cell N" for an unnamed cell).
        public var name: String
        /// Its live particles.
        public var count: Int
    }

    /// Live particles by emitter layer and cell, in tree order (the window's per-layer HUD).
    public var liveCountsByLayer: [LayerCount] {
        emitterLayers.enumerated().map { index, emitter in
            var cells: [CellCount] = []
            func visit(_ states: [CellState], prefix: String) {
                for (i, state) in states.enumerated() {
                    let name = prefix + (state.name ?? "cell \(i + 1)")
                    cells.append(CellCount(name: name, count: state.storage.count))
                    visit(state.children, prefix: name + ".")
                }
            }
            visit(emitter.simulation.cellStates, prefix: "")
            return LayerCount(
                layer: emitter.properties.name ?? "emitter \(index + 1)", total: emitter.liveParticleCount, cells: cells)
        }
    }
}
