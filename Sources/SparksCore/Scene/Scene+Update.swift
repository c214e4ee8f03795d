extension Scene {
    /// What `update(to:)` kept and restarted.
    public struct UpdateSummary: Equatable, Sendable {
        /// Layers matched by name (or position, when unnamed) and updated in place.
        public var keptLayers = 0
        /// Layers that are new or changed kind, started fresh.
        public var startedLayers = 0
        /// Layers no longer in the description, removed with their particles.
        public var removedLayers = 0

        /// Creates a summary.
        public init(keptLayers: Int = 0, startedLayers: Int = 0, removedLayers: Int = 0) {
            self.keptLayers = keptLayers
            self.startedLayers = startedLayers
            self.removedLayers = removedLayers
        }
    }

    /// Applies an edited description to the running scene without restarting it (live editing).
    ///
    /// Layers are matched among their siblings by name (unnamed ones by position) and kind.
    /// A matched layer takes the new model values and animations and keeps its particles; its
    /// cells are matched by name the same way, so a changed value acts as it would on iOS
    /// (core-animation.md §6.10: sampled values affect new particles, accelerations and speeds act on live
    /// ones). Unmatched layers and cells start fresh at the current time; removed ones disappear
    /// with their particles. A different step rate cannot be applied to a running clock: the
    /// caller should rebuild the scene instead (`requiresRestart(for:)`).
    @discardableResult
    public func update(to description: SceneDescription) -> UpdateSummary {
        var summary = UpdateSummary()
        replaceSource(with: description)
        let updated = Self.merge(layers, with: description.layers, parentTime: time, summary: &summary, scene: self)
        replaceLayers(with: updated)
        budget.live = liveParticleCount
        return summary
    }

    /// Whether moving to `description` needs a new scene rather than `update(to:)`.
    public func requiresRestart(for description: SceneDescription) -> Bool {
        description.stepRate != source.stepRate
    }

    private static func merge(
        _ old: [Layer], with descriptions: [LayerDescription], parentTime: Double, summary: inout UpdateSummary, scene: Scene
    ) -> [Layer] {
        var unused = old
        let result = descriptions.enumerated().map { index, description -> Layer in
            let match: Int?
            if let name = description.properties.name {
                match = unused.firstIndex { $0.properties.name == name && $0.kind == description.kind }
            } else {
                match =
                    index < old.count && old[index].properties.name == nil && old[index].kind == description.kind
                    ? unused.firstIndex { $0 === old[index] } : nil
            }
            let localTime = description.properties.timing.localTime(parentTime: parentTime)
            guard let match else {
                summary.startedLayers += 1
                return scene.makeLayerStartingNow(description, parentTime: parentTime)
            }
            let layer = unused.remove(at: match)
            summary.keptLayers += 1
            layer.model = description.state
            layer.animations = scene.animationsStartingAtSceneStart(description, layer: layer)
            if let emitter = layer as? EmitterLayer { emitter.simulation.reconcile(with: emitter.emitter.emitterCells) }
            let sublayers = merge(layer.sublayers, with: description.sublayers, parentTime: localTime, summary: &summary, scene: scene)
            layer.replaceSublayers(with: sublayers)
            // A mask is kept when it stays, as a sublayer is (its animations keep their phase).
            if let maskDescription = description.mask {
                let kept = merge(
                    layer.mask.map { [$0] } ?? [], with: [maskDescription], parentTime: localTime, summary: &summary, scene: scene)
                layer.mask = kept.first
            } else {
                layer.mask = nil
            }
            return layer
        }
        summary.removedLayers += unused.reduce(0) { $0 + $1.subtree.count }
        return result
    }
}
