/// A layer that draws its sublayers `instanceCount` times (CAReplicatorLayer).
///
/// Instance k is drawn with `instanceTransform` to the power k applied about the centre of the
/// bounds, tinted by `instanceColor + k · offsets` (clamped), with its sublayers' animations
/// running `k · instanceDelay` later (spec §8).
public final class ReplicatorLayer: Layer {
    /// The replicator's model values.
    public var replicator: ReplicatorProperties

    /// Creates a replicator layer.
    public init(properties: LayerProperties = LayerProperties(), replicator: ReplicatorProperties = ReplicatorProperties()) {
        self.replicator = replicator
        super.init(properties: properties)
    }

    /// Reads and writes replicator properties by name: `layer.instanceCount`.
    public subscript<T>(dynamicMember keyPath: WritableKeyPath<ReplicatorProperties, T>) -> T {
        get { replicator[keyPath: keyPath] }
        set { replicator[keyPath: keyPath] = newValue }
    }

    /// The model values, with the replicator's.
    public override var modelState: LayerState { LayerState(layer: properties, replicator: replicator) }

    /// Keys of CALayer and CAReplicatorLayer.
    public override class var propertyKeys: [String] {
        LayerProperties.table.keys + ReplicatorProperties.table.keys
    }

    override func setValue(_ value: PropertyValue, components: ArraySlice<String>, fullKeyPath: String) throws(KeyPathError) {
        if let key = components.first, ReplicatorProperties.table[key] != nil {
            try ReplicatorProperties.table.setValue(value, on: &replicator, components: components, fullKeyPath: fullKeyPath)
        } else if let key = components.first, LayerProperties.table[key] == nil {
            throw KeyPathError(
                keyPath: fullKeyPath, reason: "unknown property \"\(key)\" of a replicator layer",
                suggestion: nearestKey(to: key, in: Self.propertyKeys))
        } else {
            try super.setValue(value, components: components, fullKeyPath: fullKeyPath)
        }
    }

    override func propertyKind(components: ArraySlice<String>, fullKeyPath: String) throws(KeyPathError) -> PropertyKind {
        if let key = components.first, ReplicatorProperties.table[key] != nil {
            return try ReplicatorProperties.table.kind(components: components, fullKeyPath: fullKeyPath)
        }
        return try super.propertyKind(components: components, fullKeyPath: fullKeyPath)
    }

    override func value(components: ArraySlice<String>, fullKeyPath: String) throws(KeyPathError) -> PropertyValue {
        if let key = components.first, ReplicatorProperties.table[key] != nil {
            return try ReplicatorProperties.table.value(on: replicator, components: components, fullKeyPath: fullKeyPath)
        }
        return try super.value(components: components, fullKeyPath: fullKeyPath)
    }
}
