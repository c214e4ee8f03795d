/// A layer that emits, animates and draws particles (CAEmitterLayer).
///
/// Emitter properties read like Core Animation's (`emitter.emitterPosition`,
/// `emitter.emitterCells`); particles live in the layer's own coordinate space, so moving the
/// layer moves them, while moving `emitterPosition` only moves where new ones are born (spec §5.2).
public final class EmitterLayer: Layer {
    /// The emitter's model values.
    public var emitter: EmitterProperties
    /// The running particle system.
    public let simulation: EmitterSimulation

    /// Creates an emitter layer.
    public init(properties: LayerProperties = LayerProperties(), emitter: EmitterProperties = EmitterProperties()) {
        self.emitter = emitter
        simulation = EmitterSimulation(seed: emitter.seed)
        simulation.reconcile(with: emitter.emitterCells)
        super.init(properties: properties)
    }

    /// Reads and writes emitter properties by name: `layer.emitterPosition`, `layer.birthRate`.
    public subscript<T>(dynamicMember keyPath: WritableKeyPath<EmitterProperties, T>) -> T {
        get { emitter[keyPath: keyPath] }
        set { emitter[keyPath: keyPath] = newValue }
    }

    /// The model values, with the emitter's.
    public override var modelState: LayerState { LayerState(layer: properties, emitter: emitter) }

    /// Keys of CALayer and CAEmitterLayer (not counting `emitterCells`).
    public override class var propertyKeys: [String] {
        LayerProperties.table.keys + EmitterProperties.table.keys
    }

    /// Live particles of every cell.
    public var liveParticleCount: Int { simulation.liveCount }

    override func setValue(_ value: PropertyValue, components: ArraySlice<String>, fullKeyPath: String) throws(KeyPathError) {
        if components.first == "emitterCells" {
            try EmitterCell.setValue(value, in: &emitter.emitterCells, components: components, fullKeyPath: fullKeyPath)
        } else if let key = components.first, EmitterProperties.table[key] != nil {
            try EmitterProperties.table.setValue(value, on: &emitter, components: components, fullKeyPath: fullKeyPath)
        } else if let key = components.first, LayerProperties.table[key] == nil {
            throw KeyPathError(
                keyPath: fullKeyPath, reason: "unknown property \"\(key)\" of an emitter layer",
                suggestion: nearestKey(to: key, in: Self.propertyKeys + ["emitterCells"]))
        } else {
            try super.setValue(value, components: components, fullKeyPath: fullKeyPath)
        }
    }

    override func propertyKind(components: ArraySlice<String>, fullKeyPath: String) throws(KeyPathError) -> PropertyKind {
        if components.first == "emitterCells" {
            return try EmitterCell.kind(in: emitter.emitterCells, components: components, fullKeyPath: fullKeyPath)
        }
        if let key = components.first, EmitterProperties.table[key] != nil {
            return try EmitterProperties.table.kind(components: components, fullKeyPath: fullKeyPath)
        }
        return try super.propertyKind(components: components, fullKeyPath: fullKeyPath)
    }

    override func value(components: ArraySlice<String>, fullKeyPath: String) throws(KeyPathError) -> PropertyValue {
        if components.first == "emitterCells" {
            return try EmitterCell.value(in: emitter.emitterCells, components: components, fullKeyPath: fullKeyPath)
        }
        if let key = components.first, EmitterProperties.table[key] != nil {
            return try EmitterProperties.table.value(on: emitter, components: components, fullKeyPath: fullKeyPath)
        }
        return try super.value(components: components, fullKeyPath: fullKeyPath)
    }
}
