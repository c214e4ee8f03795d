/// The elements a preset is made of and where each sits: which element holds a list (or one)
/// of which others under which key, for which of its types, and the key that names each
/// element. The decoder's and encoder's structural keys, the JSON Schema, the studio's layer
/// tree, its + Add menu and its renames all read this one description.
public enum PresetElement: String, CaseIterable, Sendable {
    /// The file's top level.
    case preset
    /// The drawing surface.
    case canvas
    /// A layer of any type (CALayer and its subclasses).
    case layer
    /// An emitter cell (CAEmitterCell), or a sub-cell.
    case cell
    /// An emitter behaviour (CAEmitterBehavior).
    case behavior
    /// An animation (CABasicAnimation, CAKeyframeAnimation, CAAnimationGroup).
    case animation

    /// The key that names each element of a list of these (an animation's `key`, as
    /// `add(_:forKey:)`), or nil for an element that is never in a list.
    public var nameKey: String? {
        switch self {
        case .preset, .canvas: nil
        case .animation: "key"
        case .layer, .cell, .behavior: "name"
        }
    }

    /// The key that chooses the element's type, if it has types.
    public var typeKey: String? {
        switch self {
        case .layer, .behavior, .animation: "type"
        case .preset, .canvas, .cell: nil
        }
    }

    /// The ``PresetObject`` listing the element's own keys.
    public var objectName: String {
        switch self {
        case .preset, .canvas, .layer: rawValue
        case .cell: "emitterCells"
        case .behavior: "emitterBehaviors"
        case .animation: "animations"
        }
    }

    /// What the element holds, in the order a layer tree shows it.
    public var slots: [PresetSlot] {
        switch self {
        case .preset: [.canvas, .layers]
        case .layer: [.emitterCells, .emitterBehaviors, .sublayers, .mask, .animations]
        case .cell: [.subcells]
        case .animation: [.groupAnimations]
        case .canvas, .behavior: []
        }
    }

    /// What an element of type `type` holds (a layer's type; nil or absent: the default type).
    public func slots(ofType type: String?) -> [PresetSlot] {
        slots.filter { $0.holds(inType: type) }
    }

    /// The element the last key of a list's path holds (`emitterCells` of a layer or a cell,
    /// `animations` of a layer or a group), if it is a list of the preset's structure.
    public static func held(under key: String) -> PresetElement? {
        allCases.lazy.flatMap(\.slots).first { $0.key == key }?.element
    }
}

/// One place an element holds others: a key, what it holds, and whether it is a list.
public struct PresetSlot: Sendable, Equatable {
    /// The key in the holding element.
    public let key: String
    /// What it holds.
    public let element: PresetElement
    /// A list of elements (true) or one (a layer's `mask`, the preset's `canvas`).
    public let isList: Bool
    /// The holder's types that have it (only an emitter holds cells); nil: every type.
    public let types: [String]?
    /// A sentence for the key reference and the schema.
    public let summary: String

    /// Whether an element of type `type` (nil: its default) holds this.
    public func holds(inType type: String?) -> Bool {
        types.map { $0.contains(type ?? "") } ?? true
    }

    /// The preset's canvas.
    public static let canvas = PresetSlot(key: "canvas", element: .canvas, isList: false, types: nil, summary: "The drawing surface.")
    /// The preset's root layers.
    public static let layers = PresetSlot(key: "layers", element: .layer, isList: true, types: nil, summary: "Root layers, drawn in order.")
    /// A layer's sublayers.
    public static let sublayers = PresetSlot(
        key: "sublayers", element: .layer, isList: true, types: nil, summary: "Sublayers, drawn above this layer in order.")
    /// A layer's animations.
    public static let animations = PresetSlot(
        key: "animations", element: .animation, isList: true, types: nil, summary: "Animations, applied in order at the layer's time.")
    /// A layer's mask.
    public static let mask = PresetSlot(
        key: "mask", element: .layer, isList: false, types: nil,
        summary: "A layer whose alpha masks this one and its sublayers (CALayer's mask), in this layer's coordinates.")
    /// An emitter layer's cells.
    public static let emitterCells = PresetSlot(
        key: "emitterCells", element: .cell, isList: true, types: [LayerKind.emitter.rawValue], summary: "The cells this layer emits.")
    /// An emitter layer's behaviours.
    public static let emitterBehaviors = PresetSlot(
        key: "emitterBehaviors", element: .behavior, isList: true, types: [LayerKind.emitter.rawValue],
        summary: "Behaviours applied to every particle of every cell, in order (CAEmitterBehavior: private API on iOS).")
    /// A cell's sub-cells.
    public static let subcells = PresetSlot(
        key: "emitterCells", element: .cell, isList: true, types: nil, summary: "Sub-cells emitted by every live particle of this cell.")
    /// A group's animations.
    public static let groupAnimations = PresetSlot(
        key: "animations", element: .animation, isList: true, types: ["group"],  // Animation.TypeName.group
        summary: "Children, run together in the group's time.")
}
