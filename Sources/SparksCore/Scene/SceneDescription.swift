/// The drawing surface a scene is made for.
public struct CanvasDescription: Hashable, Sendable {
    /// Width in points. Default 800.
    public var width: Double = 800
    /// Height in points. Default 600.
    public var height: Double = 600
    /// Colour behind every layer. Default clear: a transparent canvas (PNG and GIF exports keep
    /// the transparency; the window shows it over black).
    public var background: Color = .clear

    /// Creates a canvas description.
    public init(width: Double = 800, height: Double = 600, background: Color = .clear) {
        self.width = width
        self.height = height
        self.background = background
    }

    /// The size in points.
    public var size: Size { Size(width: width, height: height) }
}

/// One layer of a scene description, with its sublayers.
public struct LayerDescription: Hashable, Sendable {
    /// The kinds of layer a preset can name in `type`.
    public enum Kind: String, Hashable, Sendable, CaseIterable {
        /// A plain layer (CALayer).
        case layer
        /// An emitter layer (CAEmitterLayer).
        case emitter
        /// A replicator layer (CAReplicatorLayer).
        case replicator
    }

    /// Which kind of layer.
    public var kind: Kind
    /// CALayer properties.
    public var properties: LayerProperties
    /// CAEmitterLayer properties (used when `kind` is `.emitter`).
    public var emitter: EmitterProperties
    /// CAReplicatorLayer properties (used when `kind` is `.replicator`).
    public var replicator: ReplicatorProperties
    /// Animations attached to the layer, applied in order.
    public var animations: [Animation]
    /// Sublayers in order.
    public var sublayers: [LayerDescription]

    /// Creates a layer description.
    public init(
        kind: Kind, properties: LayerProperties = LayerProperties(), emitter: EmitterProperties = EmitterProperties(),
        replicator: ReplicatorProperties = ReplicatorProperties(), animations: [Animation] = [],
        sublayers: [LayerDescription] = []
    ) {
        self.kind = kind
        self.properties = properties
        self.emitter = emitter
        self.replicator = replicator
        self.animations = animations
        self.sublayers = sublayers
    }
}

/// A whole effect as a value: what a preset file decodes to and a ``Scene`` is built from.
public struct SceneDescription: Hashable, Sendable {
    /// Steps per second when a preset does not say.
    public static let defaultStepRate = 60.0
    /// Accepted step rates.
    public static let stepRateRange = 1.0...1000.0

    /// The preset's name.
    public var name: String
    /// A one-line description.
    public var summary: String?
    /// The drawing surface.
    public var canvas: CanvasDescription
    /// Fixed simulation steps per second.
    public var stepRate: Double
    /// Root layers, drawn in order.
    public var layers: [LayerDescription]

    /// Creates a scene description.
    public init(
        name: String, summary: String? = nil, canvas: CanvasDescription = CanvasDescription(),
        stepRate: Double = SceneDescription.defaultStepRate, layers: [LayerDescription] = []
    ) {
        self.name = name
        self.summary = summary
        self.canvas = canvas
        self.stepRate = stepRate
        self.layers = layers
    }
}

extension SceneDescription {
    /// Every image the scene names, once each, with the JSON path of its first use
    /// (`layers[0].emitterCells[1].contents`), in the order they appear.
    public var textureUses: [(texture: Texture, path: String)] {
        var uses: [(texture: Texture, path: String)] = []
        var seen = Set<String>()
        func note(_ texture: Texture?, _ path: String) {
            if let texture, seen.insert(texture.cacheKey).inserted { uses.append((texture, path)) }
        }
        func cells(_ list: [EmitterCell], _ path: String) {
            for (i, cell) in list.enumerated() {
                note(cell.contents, "\(path)[\(i)].contents")
                cells(cell.emitterCells, "\(path)[\(i)].emitterCells")
            }
        }
        func layers(_ list: [LayerDescription], _ path: String) {
            for (i, layer) in list.enumerated() {
                let here = "\(path)[\(i)]"
                note(layer.properties.contents, "\(here).contents")
                if layer.kind == .emitter { cells(layer.emitter.emitterCells, "\(here).emitterCells") }
                layers(layer.sublayers, "\(here).sublayers")
            }
        }
        layers(self.layers, "layers")
        return uses
    }
}
