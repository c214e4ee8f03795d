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

    /// The keys of a preset's `canvas`.
    public static let table = PropertyTable<CanvasDescription>(
        [
            .number(
                "width", \.width, NumberRule(minimum: 1, maximum: Double(PNGInfo.maxDimension), isInteger: true),
                "Width in points (default 800)."),
            .number(
                "height", \.height, NumberRule(minimum: 1, maximum: Double(PNGInfo.maxDimension), isInteger: true),
                "Height in points (default 600)."),
            .color("background", \.background, "Colour behind every layer (default clear: a transparent canvas, exported with its alpha)."),
        ],
        guides: [
            "width": PropertyGuide(.points, 100...1920, example: "800"),
            "height": PropertyGuide(.points, 100...1080, example: "600"),
            "background": PropertyGuide(example: "\"#101018\""),
        ])
}

/// One layer of a scene description, with its sublayers.
public struct LayerDescription: Hashable, Sendable {
    /// The kinds of layer a preset can name in `type`.
    public typealias Kind = LayerKind

    /// CALayer properties.
    public var properties: LayerProperties
    /// The kind of layer and its own properties.
    public var content: LayerContent
    /// Animations attached to the layer, applied in order.
    public var animations: [Animation]
    /// Sublayers in order.
    public var sublayers: [LayerDescription]
    /// The layer whose alpha masks this one and its sublayers (CALayer's `mask`), in this
    /// layer's coordinates; nil for none.
    public var mask: LayerDescription? {
        get { maskStorage.first }
        set { maskStorage = newValue.map { [$0] } ?? [] }
    }
    /// `mask`, held in an array (a struct cannot hold an optional of itself).
    private var maskStorage: [LayerDescription] = []

    /// Creates a layer description.
    public init(
        properties: LayerProperties = LayerProperties(), content: LayerContent = .plain, animations: [Animation] = [],
        sublayers: [LayerDescription] = []
    ) {
        self.properties = properties
        self.content = content
        self.animations = animations
        self.sublayers = sublayers
    }

    /// Creates a layer description of `kind`, taking the properties that kind has.
    public init(
        kind: Kind, properties: LayerProperties = LayerProperties(), emitter: EmitterProperties = EmitterProperties(),
        replicator: ReplicatorProperties = ReplicatorProperties(), animations: [Animation] = [],
        sublayers: [LayerDescription] = []
    ) {
        let content: LayerContent =
            switch kind {
            case .layer, .gradient, .shape, .text: kind.defaultContent
            case .emitter: .emitter(emitter)
            case .replicator: .replicator(replicator)
            }
        self.init(properties: properties, content: content, animations: animations, sublayers: sublayers)
    }

    /// Which kind of layer.
    public var kind: Kind { content.kind }

    /// The model state the layer starts from.
    public var state: LayerState {
        get { LayerState(layer: properties, content: content) }
        set {
            properties = newValue.layer
            content = newValue.content
        }
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
    /// How emitters start unless a layer says otherwise. Default automatic (iOS's rule).
    public var startup: EmitterStartup = .automatic
    /// What the preset says that Sparks read but does not act on (such as keys of a cell's
    /// `style` dictionary that are not cell properties), each as `file:line:column: path: note`.
    public var notes: [String] = []

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

    /// The top-level settings of a preset besides `canvas` and `layers`.
    public static let table = PropertyTable<SceneDescription>(
        [
            .text("name", \.optionalName, "The preset's name (default: the file name)."),
            .text("description", \.summary, "One line saying what the effect is."),
            .choice(
                "startup", \.startup,
                "How every emitter starts unless it says otherwise: automatic (running when its timeline starts with the scene, as on iOS 7 and later), running (already populated) or empty."
            ),
            .number(
                "stepRate", \.stepRate, NumberRule(minimum: stepRateRange.lowerBound, maximum: stepRateRange.upperBound),
                "Fixed simulation steps per second (default 60)."),
        ],
        guides: [
            "name": PropertyGuide(example: "\"portal\""),
            "description": PropertyGuide(example: "\"A swirling ring of sparks.\""),
            "stepRate": PropertyGuide(.perSecond, 30...240, example: "120"),
        ])

    /// `name` as the table reads and writes it.
    var optionalName: String? {
        get { name }
        set { if let newValue { name = newValue } }
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
        forEachElement(
            layer: { layer, path in note(layer.properties.contents, "\(path).contents") },
            cell: { cell, path in note(cell.contents, "\(path).contents") })
        return uses
    }

    /// Visits every layer (sublayers and masks included, each before what it holds) and every
    /// emitter cell (sub-cells included), with its path in the preset (`layers[0].mask`,
    /// `layers[1].emitterCells[0].emitterCells[2]`).
    public func forEachElement(
        layer visitLayer: (LayerDescription, String) -> Void = { _, _ in }, cell visitCell: (EmitterCell, String) -> Void = { _, _ in }
    ) {
        func cells(_ list: [EmitterCell], _ path: String) {
            for (i, cell) in list.enumerated() {
                visitCell(cell, "\(path)[\(i)]")
                cells(cell.emitterCells, "\(path)[\(i)].\(PresetSlot.subcells.key)")
            }
        }
        func visit(_ layer: LayerDescription, _ path: String) {
            visitLayer(layer, path)
            if let emitter = layer.content.emitter { cells(emitter.emitterCells, "\(path).\(PresetSlot.emitterCells.key)") }
            for (i, sublayer) in layer.sublayers.enumerated() { visit(sublayer, "\(path).\(PresetSlot.sublayers.key)[\(i)]") }
            if let mask = layer.mask { visit(mask, "\(path).\(PresetSlot.mask.key)") }
        }
        for (i, layer) in layers.enumerated() { visit(layer, "\(PresetSlot.layers.key)[\(i)]") }
    }

    /// The Sparks extensions the scene uses (keys no Core Animation class has, such as
    /// ``EmitterCell/emissionFan``), each as the key's path: what iOS code and CAML cannot say.
    public var sparksExtensions: [String] {
        var found: [String] = []
        forEachElement(cell: { cell, path in
            if cell.emissionFan { found.append("\(path).emissionFan") }
        })
        return found
    }
}
