/// A node of the layer tree (CALayer): model values plus sublayers.
///
/// The model values live in a ``LayerState`` (CALayer properties and the layer's kind with its
/// own) and read like Core Animation's: `layer.position`, `layer.opacity`. Layers are owned by
/// a ``Scene`` and used from one thread.
@dynamicMemberLookup
public class Layer {
    /// The model values: CALayer properties and the layer's content.
    public internal(set) var model: LayerState
    /// The CALayer model properties.
    public var properties: LayerProperties {
        get { model.layer }
        set { model.layer = newValue }
        _modify { yield &model.layer }
    }
    /// Animations, applied in order to make the presentation values; they never change the
    /// model values.
    public var animations: [Animation] = []
    /// Sublayers, drawn in order (then by zPosition).
    public private(set) var sublayers: [Layer] = []
    /// The layer this one is a sublayer of.
    public private(set) weak var superlayer: Layer?
    /// The layer whose alpha masks this one and its sublayers (CALayer's `mask`), drawn in this
    /// layer's coordinates; it has no superlayer.
    public var mask: Layer?
    /// The image of a text layer's text as last drawn, with what it was made from (made again
    /// only when they change, so steady drawing allocates nothing).
    var textImage: (properties: TextProperties, size: Size, scale: Double, texture: Texture?)?

    /// Creates a plain layer.
    public convenience init(properties: LayerProperties = LayerProperties()) {
        self.init(model: LayerState(layer: properties))
    }

    init(model: LayerState) {
        self.model = model
    }

    /// Which kind of layer this is.
    public var kind: LayerKind { model.content.kind }

    /// The presentation values at the layer's local time `t`: the model values with every
    /// animation applied (core-animation.md §3, §4).
    public func presentationState(atLocalTime t: Double) -> LayerState {
        // Start from the last presentation state, reset to the model values in place, so
        // animating a cell property changes the state's own cell arrays instead of copying
        // the model's on every step.
        var state: LayerState
        if var previous = presentationStorage.take() {
            previous.reset(to: model)
            state = previous
        } else {
            state = model
        }
        for animation in animations { animation.apply(at: t, to: &state) }
        presentationStorage = state
        return state
    }

    /// The storage of the last presentation state, reused by the next.
    private var presentationStorage: LayerState?

    /// Reads and writes model properties by name: `layer.position`, `layer.bounds`.
    public subscript<T>(dynamicMember keyPath: WritableKeyPath<LayerProperties, T>) -> T {
        get { properties[keyPath: keyPath] }
        set { properties[keyPath: keyPath] = newValue }
    }

    /// Appends a sublayer (removing it from any previous superlayer).
    public func addSublayer(_ layer: Layer) {
        layer.removeFromSuperlayer()
        sublayers.append(layer)
        layer.superlayer = self
    }

    /// Replaces every sublayer, in order.
    public func replaceSublayers(with newSublayers: [Layer]) {
        for old in sublayers where !newSublayers.contains(where: { $0 === old }) { old.superlayer = nil }
        for layer in newSublayers where layer.superlayer !== self {
            layer.removeFromSuperlayer()
            layer.superlayer = self
        }
        sublayers = newSublayers
    }

    /// Detaches this layer from its superlayer.
    public func removeFromSuperlayer() {
        guard let parent = superlayer else { return }
        parent.sublayers.removeAll { $0 === self }
        superlayer = nil
    }

    /// Sets a model property by Core Animation key path (`position.x`, `opacity`,
    /// `transform.rotation.z`, `emitterCells.fire.birthRate`), validating the value
    /// (setValue(_:forKeyPath:)).
    public func setValue(_ value: PropertyValue, forKeyPath keyPath: String) throws(KeyPathError) {
        let (address, kind) = try address(ofKeyPath: keyPath)
        if let problem = kind.violation(of: value) { throw KeyPathError(keyPath: keyPath, reason: problem) }
        address.apply(value, to: &model)
    }

    /// Reads a model property by Core Animation key path (value(forKeyPath:)).
    public func value(forKeyPath keyPath: String) throws(KeyPathError) -> PropertyValue {
        let (address, _) = try address(ofKeyPath: keyPath)
        guard let value = address.value(in: model) else { throw KeyPathError(keyPath: keyPath, reason: "no value") }
        return value
    }

    /// The kind of value a key path names, so text can be decoded for it.
    public func propertyKind(forKeyPath keyPath: String) throws(KeyPathError) -> PropertyKind {
        try address(ofKeyPath: keyPath).kind
    }

    /// Where a key path points in this layer's model (its cells must exist), with the kind of
    /// value it holds.
    private func address(ofKeyPath keyPath: String) throws(KeyPathError) -> (address: PropertyAddress, kind: PropertyKind) {
        let resolved = try PropertyAddress.resolve(keyPath, on: kind)
        try resolved.0.check(in: model, keyPath: keyPath)
        return resolved
    }

    /// The map from this layer's coordinates to the canvas, through every superlayer;
    /// superlayers that do not preserve depth flatten what they contain (core-animation.md §1.2).
    public var transformToCanvas: Transform3D { transformToCanvas { $0.model } }

    /// The same map as last presented: with this layer's and its superlayers' animations
    /// applied as they were last drawn (the model's before the first drawing). Where the layer
    /// is on screen: a pointer over a turning layer lands where it points.
    public var presentedTransformToCanvas: Transform3D { transformToCanvas { $0.presentationStorage ?? $0.model } }

    /// A canvas point in this layer's coordinates, through the layer tree as last presented (the
    /// inverse of ``presentedTransformToCanvas``): where an emitter's `emitterPosition` must be
    /// for its particles to be born under the point.
    public func pointFromCanvas(_ point: Point) -> Point {
        presentedTransformToCanvas.planarInverse(of: point) ?? point
    }

    private func transformToCanvas(_ state: (Layer) -> LayerState) -> Transform3D {
        var m = state(self).layer.transformToSuperlayer
        var ancestor = superlayer
        while let layer = ancestor {
            let values = state(layer)
            m = m * values.layer.sublayerSpace(preservesDepth: values.preservesDepth) * values.layer.transformToSuperlayer
            ancestor = layer.superlayer
        }
        return m
    }

    /// This layer and every descendant, parents before children.
    public var subtree: [Layer] {
        var result: [Layer] = [self]
        for sublayer in sublayers { result += sublayer.subtree }
        return result
    }

    /// Sublayers in drawing order: by zPosition, ties in array order.
    var sublayersInDrawingOrder: [Layer] {
        if sublayers.allSatisfy({ $0.properties.zPosition == sublayers.first?.properties.zPosition }) { return sublayers }
        return sublayers.enumerated().sorted {
            ($0.element.properties.zPosition, $0.offset) < ($1.element.properties.zPosition, $1.offset)
        }.map(\.element)
    }
}
