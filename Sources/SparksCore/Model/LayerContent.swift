/// The kinds of layer, as a preset's `"type"` names them. Each kind is one row here: its
/// content's property table and the structural keys it adds; key paths, presets, `--set`,
/// animations and the schema all read these rows.
public enum LayerKind: String, Hashable, Sendable, CaseIterable {
    /// A plain layer (CALayer).
    case layer
    /// An emitter layer (CAEmitterLayer).
    case emitter
    /// A replicator layer (CAReplicatorLayer).
    case replicator
    /// A gradient layer (CAGradientLayer).
    case gradient
    /// A shape layer (CAShapeLayer).
    case shape
    /// A text layer (CATextLayer).
    case text

    /// The Core Animation class, for messages and documentation.
    public var className: String {
        switch self {
        case .layer: "CALayer"
        case .emitter: "CAEmitterLayer"
        case .replicator: "CAReplicatorLayer"
        case .gradient: "CAGradientLayer"
        case .shape: "CAShapeLayer"
        case .text: "CATextLayer"
        }
    }

    /// A layer of this kind with Core Animation's defaults.
    public var defaultContent: LayerContent {
        switch self {
        case .layer: .plain
        case .emitter: .emitter(EmitterProperties())
        case .replicator: .replicator(ReplicatorProperties())
        case .gradient: .gradient(GradientProperties())
        case .shape: .shape(ShapeProperties())
        case .text: .text(TextProperties())
        }
    }

    /// The properties this kind adds to CALayer's, read and written on the content.
    public var contentTable: PropertyTable<LayerContent>? {
        switch self {
        case .layer: Optional.none
        case .emitter: LayerContent.emitterTable
        case .replicator: LayerContent.replicatorTable
        case .gradient: LayerContent.gradientTable
        case .shape: LayerContent.shapeTable
        case .text: LayerContent.textTable
        }
    }

    /// Keys holding nested structures this kind adds (decoded by the preset reader, addressed
    /// by name in key paths), besides its properties.
    public var structureKeys: [String] {
        PresetElement.layer.slots.filter { $0.types != nil && $0.holds(inType: rawValue) }.map(\.key)
    }

    /// Every property key a layer of this kind has: CALayer's, then its own.
    public var propertyKeys: [String] {
        LayerProperties.table.keys + (contentTable?.keys ?? [])
    }

    /// "a layer (CALayer)", "an emitter layer (CAEmitterLayer)", "a shape layer (CAShapeLayer)".
    var describedWithArticle: String {
        let noun = self == .layer ? "layer" : "\(rawValue) layer"
        let article = noun.first.map { "aeiou".contains($0) } == true ? "an" : "a"
        return "\(article) \(noun) (\(className))"
    }

    /// Why `key` is not this kind's when another kind has it: "belongs to emitter layers…".
    func misplacedKeyReason(_ key: String) -> String? {
        guard let owner = Self.allCases.first(where: { $0 != self && ($0.contentTable?[key] != nil || $0.structureKeys.contains(key)) })
        else { return nil }
        return "\"\(key)\" belongs to \(owner.rawValue) layers (\(owner.className)); add \"type\": \"\(owner.rawValue)\" to this layer"
    }
}

/// What a layer is besides a CALayer: its kind, with that kind's properties. A plain layer has
/// none.
public enum LayerContent: Hashable, Sendable {
    /// A plain layer.
    case plain
    /// An emitter layer's properties, cells included.
    case emitter(EmitterProperties)
    /// A replicator layer's properties.
    case replicator(ReplicatorProperties)
    /// A gradient layer's properties.
    case gradient(GradientProperties)
    /// A shape layer's properties.
    case shape(ShapeProperties)
    /// A text layer's properties.
    case text(TextProperties)

    /// Which kind of layer this is.
    public var kind: LayerKind {
        switch self {
        case .plain: .layer
        case .emitter: .emitter
        case .replicator: .replicator
        case .gradient: .gradient
        case .shape: .shape
        case .text: .text
        }
    }

    /// The emitter properties, for an emitter layer. Setting them makes this an emitter
    /// layer's content; to change them in place without copying, use ``changeEmitter(_:)``.
    public var emitter: EmitterProperties? {
        get {
            if case .emitter(let properties) = self { return properties }
            return nil
        }
        set {
            if let newValue { self = .emitter(newValue) } else if kind == .emitter { self = .plain }
        }
    }

    /// The replicator properties, for a replicator layer (see ``changeReplicator(_:)``).
    public var replicator: ReplicatorProperties? {
        get {
            if case .replicator(let properties) = self { return properties }
            return nil
        }
        set {
            if let newValue { self = .replicator(newValue) } else if kind == .replicator { self = .plain }
        }
    }

    /// The gradient properties, for a gradient layer (see ``changeGradient(_:)``).
    public var gradient: GradientProperties? {
        get {
            if case .gradient(let properties) = self { return properties }
            return nil
        }
        set {
            if let newValue { self = .gradient(newValue) } else if kind == .gradient { self = .plain }
        }
    }

    /// The shape properties, for a shape layer (see ``changeShape(_:)``).
    public var shape: ShapeProperties? {
        get {
            if case .shape(let properties) = self { return properties }
            return nil
        }
        set {
            if let newValue { self = .shape(newValue) } else if kind == .shape { self = .plain }
        }
    }

    /// The text properties, for a text layer (see ``changeText(_:)``).
    public var text: TextProperties? {
        get {
            if case .text(let properties) = self { return properties }
            return nil
        }
        set {
            if let newValue { self = .text(newValue) } else if kind == .text { self = .plain }
        }
    }

    /// Changes the emitter properties in place, for an emitter layer (moved out while
    /// changed, so their cell arrays stay uniquely referenced and nothing is copied).
    public mutating func changeEmitter(_ change: (inout EmitterProperties) -> Void) {
        changePayload({ $0.emitter }, LayerContent.emitter, change)
    }

    /// Changes the replicator properties in place, for a replicator layer.
    public mutating func changeReplicator(_ change: (inout ReplicatorProperties) -> Void) {
        changePayload({ $0.replicator }, LayerContent.replicator, change)
    }

    /// Changes the gradient properties in place, for a gradient layer (its colour arrays stay
    /// uniquely referenced).
    public mutating func changeGradient(_ change: (inout GradientProperties) -> Void) {
        changePayload({ $0.gradient }, LayerContent.gradient, change)
    }

    /// Changes the shape properties in place, for a shape layer (its path stays uniquely
    /// referenced).
    public mutating func changeShape(_ change: (inout ShapeProperties) -> Void) {
        changePayload({ $0.shape }, LayerContent.shape, change)
    }

    /// Changes the text properties in place, for a text layer.
    public mutating func changeText(_ change: (inout TextProperties) -> Void) {
        changePayload({ $0.text }, LayerContent.text, change)
    }

    /// Changes the payload `extract` finds, if this content has one: the content is emptied
    /// while the payload is changed, so the payload's arrays have one owner, then wrapped back.
    private mutating func changePayload<Payload>(
        _ extract: (LayerContent) -> Payload?, _ wrap: (Payload) -> LayerContent, _ change: (inout Payload) -> Void
    ) {
        guard var payload = extract(self) else { return }
        self = .plain
        change(&payload)
        self = wrap(payload)
    }

    /// Whether the layer keeps its sublayers' depth instead of flattening them.
    public var preservesDepth: Bool {
        emitter?.preservesDepth ?? replicator?.preservesDepth ?? false
    }

    /// The emitter table, read and written on the content.
    static let emitterTable: PropertyTable<LayerContent> = EmitterProperties.table.lifted(
        read: { $0.emitter }, change: { $0.changeEmitter($1) })
    /// The replicator table, read and written on the content.
    static let replicatorTable: PropertyTable<LayerContent> = ReplicatorProperties.table.lifted(
        read: { $0.replicator }, change: { $0.changeReplicator($1) })
    /// The gradient table, read and written on the content.
    static let gradientTable: PropertyTable<LayerContent> = GradientProperties.table.lifted(
        read: { $0.gradient }, change: { $0.changeGradient($1) })
    /// The shape table, read and written on the content.
    static let shapeTable: PropertyTable<LayerContent> = ShapeProperties.table.lifted(read: { $0.shape }, change: { $0.changeShape($1) })
    /// The text table, read and written on the content.
    static let textTable: PropertyTable<LayerContent> = TextProperties.table.lifted(read: { $0.text }, change: { $0.changeText($1) })
}

extension PropertyTable {
    /// This table read and written through an optional part of `Outer` (a layer's content):
    /// reads of an absent part give the property's value on nothing (never asked: addresses
    /// are resolved for the layer's kind), writes to an absent part do nothing.
    func lifted<Outer>(
        read: @escaping @Sendable (Outer) -> Root?,
        change: @escaping @Sendable (inout Outer, (inout Root) -> Void) -> Void
    ) -> PropertyTable<Outer> {
        PropertyTable<Outer>(
            descriptors.map { descriptor in
                PropertyDescriptor<Outer>(
                    descriptor.key, descriptor.kind, descriptor.summary,
                    get: { outer in
                        read(outer).map(descriptor.get) ?? .number(0)
                    },
                    set: { outer, value in
                        change(&outer) { descriptor.set(&$0, value) }
                    })
            }, guides: guides)
    }
}
