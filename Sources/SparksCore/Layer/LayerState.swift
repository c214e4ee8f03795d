/// Everything a layer's appearance depends on at one moment: its CALayer properties and, for
/// emitter and replicator layers, theirs. Animations turn the model state into the
/// presentation state.
public struct LayerState: Hashable, Sendable {
    /// CALayer properties.
    public var layer: LayerProperties
    /// CAEmitterLayer properties, for emitter layers.
    public var emitter: EmitterProperties?
    /// CAReplicatorLayer properties, for replicator layers.
    public var replicator: ReplicatorProperties?

    /// Creates a state.
    public init(layer: LayerProperties, emitter: EmitterProperties? = nil, replicator: ReplicatorProperties? = nil) {
        self.layer = layer
        self.emitter = emitter
        self.replicator = replicator
    }

    /// Whether the layer keeps its sublayers' depth instead of flattening them.
    public var preservesDepth: Bool {
        emitter?.preservesDepth ?? replicator?.preservesDepth ?? false
    }
}
