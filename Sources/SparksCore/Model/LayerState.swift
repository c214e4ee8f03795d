/// Everything a layer's appearance depends on at one moment: its CALayer properties and its
/// content (the kind of layer, with that kind's properties). Animations turn the model state
/// into the presentation state.
public struct LayerState: Hashable, Sendable {
    /// CALayer properties.
    public var layer: LayerProperties
    /// The kind of layer and its own properties.
    public var content: LayerContent

    /// Creates a state.
    public init(layer: LayerProperties, content: LayerContent = .plain) {
        self.layer = layer
        self.content = content
    }

    /// CAEmitterLayer properties, for emitter layers.
    public var emitter: EmitterProperties? {
        get { content.emitter }
        set { content.emitter = newValue }
    }

    /// CAReplicatorLayer properties, for replicator layers.
    public var replicator: ReplicatorProperties? {
        get { content.replicator }
        set { content.replicator = newValue }
    }

    /// Whether the layer keeps its sublayers' depth instead of flattening them.
    public var preservesDepth: Bool { content.preservesDepth }

    /// Sets every value to `model`'s, keeping this state's own cell arrays (and their
    /// storage) where the cell tree has the same shape.
    mutating func reset(to model: LayerState) {
        layer = model.layer
        guard case .emitter(let modelEmitter) = model.content, case .emitter(var own) = content else {
            content = model.content
            return
        }
        content = .plain  // `own` now holds the only reference to this state's cell arrays
        own.reset(to: modelEmitter)
        content = .emitter(own)
    }
}

extension EmitterProperties {
    /// Sets every value to `model`'s, keeping the storage of this value's cell and behaviour
    /// arrays (animating `emitterBehaviors.NAME.KEY` then changes them in place).
    mutating func reset(to model: EmitterProperties) {
        var own: [EmitterCell] = [], ownBehaviors: [EmitterBehavior] = []
        swap(&own, &emitterCells)  // hold our arrays aside, uniquely referenced
        swap(&ownBehaviors, &emitterBehaviors)
        self = model
        swap(&own, &emitterCells)  // and put them back in place of the model's
        swap(&ownBehaviors, &emitterBehaviors)
        EmitterCell.reset(&emitterCells, to: model.emitterCells)
        if emitterBehaviors.count == model.emitterBehaviors.count {
            for i in emitterBehaviors.indices { emitterBehaviors[i] = model.emitterBehaviors[i] }
        } else {
            emitterBehaviors = model.emitterBehaviors
        }
    }
}

extension EmitterCell {
    /// Sets `cells` to `model`, element by element at every depth when the shapes match, so
    /// arrays this value owns stay its own.
    static func reset(_ cells: inout [EmitterCell], to model: [EmitterCell]) {
        guard cells.count == model.count else {
            cells = model
            return
        }
        for i in cells.indices {
            var children: [EmitterCell] = []
            swap(&children, &cells[i].emitterCells)
            cells[i] = model[i]
            swap(&children, &cells[i].emitterCells)
            reset(&cells[i].emitterCells, to: model[i].emitterCells)
        }
    }
}
