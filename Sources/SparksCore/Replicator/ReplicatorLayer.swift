/// A layer that draws its sublayers `instanceCount` times (CAReplicatorLayer).
///
/// Instance k is drawn with `instanceTransform` to the power k applied about the centre of the
/// bounds, tinted by `instanceColor + k · offsets` (clamped), with its sublayers' animations
/// running `k · instanceDelay` later (core-animation.md §8).
public final class ReplicatorLayer: Layer {
    /// The replicator's model values (a few numbers, copied when changed).
    public var replicator: ReplicatorProperties {
        get { model.content.replicator! }
        set { model.content = .replicator(newValue) }
    }

    /// Creates a replicator layer.
    public init(properties: LayerProperties = LayerProperties(), replicator: ReplicatorProperties = ReplicatorProperties()) {
        super.init(model: LayerState(layer: properties, content: .replicator(replicator)))
    }

    /// Reads and writes replicator properties by name: `layer.instanceCount`.
    public subscript<T>(dynamicMember keyPath: WritableKeyPath<ReplicatorProperties, T>) -> T {
        get { replicator[keyPath: keyPath] }
        set { replicator[keyPath: keyPath] = newValue }
    }
}
