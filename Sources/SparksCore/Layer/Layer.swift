/// A node of the layer tree (CALayer): model properties plus sublayers.
///
/// Properties live in a ``LayerProperties`` value and read like Core Animation's:
/// `layer.position`, `layer.opacity`. Layers are owned by a ``Scene`` and used from one thread.
@dynamicMemberLookup
public class Layer {
    /// The model values.
    public var properties: LayerProperties
    /// Animations, applied in order to make the presentation values; they never change the
    /// model values.
    public var animations: [Animation] = []
    /// Sublayers, drawn in order (then by zPosition).
    public private(set) var sublayers: [Layer] = []
    /// The layer this one is a sublayer of.
    public private(set) weak var superlayer: Layer?

    /// Creates a layer.
    public init(properties: LayerProperties = LayerProperties()) {
        self.properties = properties
    }

    /// The model values of this layer and its kind.
    public var modelState: LayerState { LayerState(layer: properties) }

    /// The presentation values at the layer's local time `t`: the model values with every
    /// animation applied (spec §3, §4).
    public func presentationState(atLocalTime t: Double) -> LayerState {
        // Start from the last presentation state, reset to the model values in place, so
        // animating a cell property changes the state's own cell arrays instead of copying
        // the model's on every step.
        var state: LayerState
        if var previous = presentationStorage.take() {
            previous.reset(to: modelState)
            state = previous
        } else {
            state = modelState
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

    /// Sets a property by Core Animation key path (`position.x`, `opacity`), validating the value
    /// (setValue(_:forKeyPath:)).
    public func setValue(_ value: PropertyValue, forKeyPath keyPath: String) throws(KeyPathError) {
        try setValue(value, components: Self.components(of: keyPath), fullKeyPath: keyPath)
    }

    /// Reads a property by Core Animation key path (value(forKeyPath:)).
    public func value(forKeyPath keyPath: String) throws(KeyPathError) -> PropertyValue {
        try value(components: Self.components(of: keyPath), fullKeyPath: keyPath)
    }

    /// The kind of value a key path names, so text can be decoded for it.
    public func propertyKind(forKeyPath keyPath: String) throws(KeyPathError) -> PropertyKind {
        try propertyKind(components: Self.components(of: keyPath), fullKeyPath: keyPath)
    }

    func propertyKind(components: ArraySlice<String>, fullKeyPath: String) throws(KeyPathError) -> PropertyKind {
        try LayerProperties.table.kind(components: components, fullKeyPath: fullKeyPath)
    }

    /// The keys a preset or key path may name on this kind of layer.
    public class var propertyKeys: [String] { LayerProperties.table.keys }

    func setValue(_ value: PropertyValue, components: ArraySlice<String>, fullKeyPath: String) throws(KeyPathError) {
        try LayerProperties.table.setValue(value, on: &properties, components: components, fullKeyPath: fullKeyPath)
    }

    func value(components: ArraySlice<String>, fullKeyPath: String) throws(KeyPathError) -> PropertyValue {
        try LayerProperties.table.value(on: properties, components: components, fullKeyPath: fullKeyPath)
    }

    static func components(of keyPath: String) -> ArraySlice<String> {
        ArraySlice(keyPath.split(separator: ".", omittingEmptySubsequences: false).map(String.init))
    }

    /// The map from this layer's coordinates to the canvas, through every superlayer;
    /// superlayers that do not preserve depth flatten what they contain (spec §1.2).
    public var transformToCanvas: Transform3D {
        var m = properties.transformToSuperlayer
        var ancestor = superlayer
        while let layer = ancestor {
            let preservesDepth = layer.modelState.preservesDepth
            if !preservesDepth { m = m * RenderListBuilder.flatten }
            m = m * layer.properties.transformToSuperlayer
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
