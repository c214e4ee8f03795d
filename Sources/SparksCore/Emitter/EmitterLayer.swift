/// A layer that emits, animates and draws particles (CAEmitterLayer).
///
/// Emitter properties read like Core Animation's (`emitter.emitterPosition`,
/// `emitter.emitterCells`); particles live in the layer's own coordinate space, so moving the
/// layer moves them, while moving `emitterPosition` only moves where new ones are born (core-animation.md §5.2).
public final class EmitterLayer: Layer {
    /// The emitter's model values.
    public var emitter: EmitterProperties {
        get { model.content.emitter! }
        set { model.content = .emitter(newValue) }
        _modify {
            // Moved out while changed, so the arrays inside stay uniquely referenced.
            guard case .emitter(var properties) = model.content else { preconditionFailure("an emitter layer holds emitter content") }
            model.content = .plain
            defer { model.content = .emitter(properties) }
            yield &properties
        }
    }
    /// The running particle system.
    public let simulation: EmitterSimulation

    /// The emitter's presentation values at the layer's local time `t`: the model values with
    /// every animation applied (what the simulation emits from).
    public func presentationEmitter(atLocalTime t: Double) -> EmitterProperties {
        animations.isEmpty ? emitter : presentationState(atLocalTime: t).emitter ?? emitter
    }

    /// Creates an emitter layer.
    public init(properties: LayerProperties = LayerProperties(), emitter: EmitterProperties = EmitterProperties()) {
        simulation = EmitterSimulation(seed: emitter.seed)
        simulation.reconcile(with: emitter.emitterCells)
        super.init(model: LayerState(layer: properties, content: .emitter(emitter)))
    }

    /// Reads and writes emitter properties by name: `layer.emitterPosition`, `layer.birthRate`.
    public subscript<T>(dynamicMember keyPath: WritableKeyPath<EmitterProperties, T>) -> T {
        get { emitter[keyPath: keyPath] }
        set { emitter[keyPath: keyPath] = newValue }
    }

    /// Live particles of every cell.
    public var liveParticleCount: Int { simulation.liveCount }
}
