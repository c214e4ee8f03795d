/// What a game loop asks of a running scene beyond stepping: one-shot bursts and whether an
/// effect has played out.
extension Scene {
    /// Births `count` particles of a top-level cell at the end of the next step, from its
    /// emitter's shape, whatever the cell's `birthRate` (a one-shot explosion from a cell whose
    /// rate is 0). `cellPath` is `LAYER.CELL`, such as `explosion.spark`.
    /// - Throws: when there is no such emitter layer or top-level cell (with the names there are).
    public func burst(_ cellPath: String, count: Int, at point: Point? = nil) throws(KeyPathError) {
        let expected = "expected LAYER.CELL, an emitter layer's name and one of its top-level cells"
        guard cellPath.contains(".") else {
            // A layer's name alone: say which cells it has.
            if let emitter = layer(named: cellPath) as? EmitterLayer, let first = emitter.emitter.emitterCells.compactMap(\.name).first {
                throw KeyPathError(
                    keyPath: cellPath,
                    reason: "\(expected): \"\(cellPath)\" is an emitter layer; its cells are "
                        + "\(emitter.emitter.emitterCells.compactMap(\.name).joined(separator: ", ")) (\(cellPath).\(first))")
            }
            throw KeyPathError(keyPath: cellPath, reason: expected)
        }
        let (layer, cell) = try resolveLayer(cellPath)
        guard !cell.isEmpty, !cell.contains(".") else { throw KeyPathError(keyPath: cellPath, reason: expected) }
        let layerName = layer.properties.name ?? ""
        guard let emitter = layer as? EmitterLayer else {
            throw KeyPathError(keyPath: cellPath, reason: "layer \"\(layerName)\" is not an emitter layer")
        }
        let cells = emitter.emitter.emitterCells.compactMap(\.name)
        guard emitter.emitter.emitterCells.firstIndex(named: cell) != nil else {
            throw KeyPathError(
                keyPath: cellPath,
                reason:
                    "emitter layer \"\(layerName)\" has no top-level cell named \"\(cell)\" (cells: \(cells.isEmpty ? "none named" : cells.joined(separator: ", ")))",
                suggestion: nearestKey(to: cell, in: cells))
        }
        // A canvas point, in the emitter layer's coordinates (as `emitterPosition` is).
        emitter.simulation.burst(cellNamed: cell, count: count, at: point.map { emitter.pointFromCanvas($0) })
    }

    /// Whether the effect has played out: no particle is alive, no burst is waiting, and no
    /// emitter can emit again — every top-level cell has a rate of 0, is disabled or has ended
    /// its emission, and no animation that could change that is still to run. A looping effect
    /// never finishes; a one-shot effect (a burst, or a `birthRate` animated to 0 and held)
    /// finishes when its last particle dies, and so does any effect once ``isEmitting`` is off.
    public var isFinished: Bool {
        guard liveParticleCount == 0 else { return false }
        if emitterLayers.contains(where: \.simulation.hasPendingBursts) { return false }
        return !isEmitting || !layers.contains { canStillEmit($0, parentTime: time) }
    }

    private func canStillEmit(_ layer: Layer, parentTime: Double) -> Bool {
        let localTime = layer.properties.timing.localTime(parentTime: parentTime)
        if let emitter = layer as? EmitterLayer {
            if emitter.animations.contains(where: { $0.couldChangeEmission(after: localTime, groupDuration: nil) }) { return true }
            let values = emitter.presentationEmitter(atLocalTime: localTime)
            for cell in values.emitterCells
            where cell.isEnabled && EmitterSimulation.rate(of: cell, properties: values, isSubcell: false) > 0 {
                if cell.emissionInterval.end > localTime { return true }
            }
        }
        return layer.sublayers.contains { canStillEmit($0, parentTime: localTime) }
    }
}

extension Animation {
    /// Whether this animation changes what an emitter emits (its or a cell's `birthRate`,
    /// `enabled`, `lifetime` or the cells themselves) and is still to run or running after
    /// `time` (the layer's local time, or the group's for a child).
    func couldChangeEmission(after time: Double, groupDuration: Double?) -> Bool {
        let d = simpleDuration(inGroup: groupDuration)
        let active = timing.activeDuration(simpleDuration: d)
        let end = timing.speed > 0 ? timing.beginTime + active / timing.speed : .infinity
        guard end > time else { return false }
        if case .group(let children) = kind {
            return children.contains { $0.couldChangeEmission(after: timing.localTime(parentTime: time), groupDuration: d) }
        }
        switch target {
        case .content(let key, _): return ["birthRate", "lifetime", "emitterCells"].contains(key)
        case .cell(_, let key, _): return ["birthRate", "enabled", "lifetime"].contains(key)
        case .layer, .behavior, nil: return false
        }
    }
}
