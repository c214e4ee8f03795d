/// The objects a preset is made of (the preset, its canvas, layers of each type, cells,
/// behaviours, animations), each with its keys as the property tables define them. The key
/// reference, the JSON Schema's descriptions and `sparks explain` all read this one list.
public struct PresetObject: Sendable {
    /// A short name, also how `sparks explain` is told which object a key belongs to
    /// (`emitterCells.velocity`, `canvas.width`).
    public let name: String
    /// Other words that name the object in `sparks explain` (`cell`, `emitter`).
    public let aliases: [String]
    /// The heading, with the Core Animation class.
    public let title: String
    /// Where the object sits in a preset and what else it holds.
    public let introduction: String
    /// Its keys, in documentation order.
    public let keys: [PresetKeyInfo]
    /// For an object whose keys depend on one of its keys (a behaviour's `type`): that key and
    /// the keys each of its values reads. Nil when every key always applies.
    public let variants: PresetVariants?

    init(name: String, aliases: [String], title: String, introduction: String, keys: [PresetKeyInfo], variants: PresetVariants? = nil) {
        self.name = name
        self.aliases = aliases
        self.title = title
        self.introduction = introduction
        self.keys = keys
        self.variants = variants
    }

    /// Every object, in the order the key reference lists them.
    public static let all: [PresetObject] = [
        PresetObject(
            name: "preset", aliases: ["scene", "top"], title: "The preset",
            introduction: "The file's top level, besides `canvas` and `layers` (a list of layers).",
            keys: SceneDescription.table.keyInfo(defaults: SceneDescription(name: ""))),
        PresetObject(
            name: "canvas", aliases: [], title: "canvas", introduction: "The drawing surface.",
            keys: CanvasDescription.table.keyInfo(defaults: CanvasDescription())),
        PresetObject(
            name: "layer", aliases: ["layers", "sublayers", "CALayer"], title: "Every layer (CALayer)",
            introduction: "Keys every layer takes, whatever its `type` (`layer`, `emitter`, `replicator`, `shape`, `gradient`, `text`), "
                + "besides `type`, `sublayers`, `animations` and `mask` (a layer whose alpha masks this one and its sublayers, "
                + "in this layer's coordinates).",
            keys: LayerProperties.table.keyInfo(defaults: LayerProperties())),
        PresetObject(
            name: "emitter", aliases: ["CAEmitterLayer"], title: "Emitter layers (CAEmitterLayer)",
            introduction: "`\"type\": \"emitter\"`; its cells in `emitterCells`.",
            keys: EmitterProperties.table.keyInfo(defaults: EmitterProperties())),
        PresetObject(
            name: "emitterCells", aliases: ["cell", "cells", "CAEmitterCell"], title: "Emitter cells (CAEmitterCell)",
            introduction: "Each entry of an emitter's `emitterCells` (and of a cell's own `emitterCells`, its sub-cells).",
            keys: EmitterCell.table.keyInfo(defaults: EmitterCell())),
        PresetObject(
            name: "emitterBehaviors", aliases: ["behavior", "behaviors", "behaviour", "behaviours", "CAEmitterBehavior"],
            title: "Emitter behaviours (CAEmitterBehavior)",
            introduction: "Each entry of an emitter's `emitterBehaviors`: a `type` (`wave`, `drag`, `alignToMotion`, `valueOverLife`, "
                + "`colorOverLife`, `attractor`) and the keys that type reads, named in each key's description. "
                + "Private API on iOS: App Review may reject apps that use it.",
            keys: EmitterBehavior.table.keyInfo(defaults: EmitterBehavior(type: .drag)),
            variants: PresetVariants(
                key: "type", common: ["name", "enabled"],
                choices: EmitterBehavior.Kind.allCases.map { ($0.rawValue, EmitterBehavior.keys[$0] ?? []) })),
        PresetObject(
            name: "replicator", aliases: ["CAReplicatorLayer"], title: "Replicator layers (CAReplicatorLayer)",
            introduction: "`\"type\": \"replicator\"`.", keys: ReplicatorProperties.table.keyInfo(defaults: ReplicatorProperties())),
        PresetObject(
            name: "shape", aliases: ["CAShapeLayer"], title: "Shape layers (CAShapeLayer)", introduction: "`\"type\": \"shape\"`.",
            keys: ShapeProperties.table.keyInfo(defaults: ShapeProperties())),
        PresetObject(
            name: "gradient", aliases: ["CAGradientLayer"], title: "Gradient layers (CAGradientLayer)",
            introduction: "`\"type\": \"gradient\"`.", keys: GradientProperties.table.keyInfo(defaults: GradientProperties())),
        PresetObject(
            name: "text", aliases: ["CATextLayer"], title: "Text layers (CATextLayer)",
            introduction:
                "`\"type\": \"text\"`. Drawn with the nearest installed font: Liberation Sans, Serif or Mono (DejaVu when absent), "
                + "colour emoji from Noto Color Emoji.",
            keys: TextProperties.table.keyInfo(defaults: TextProperties())),
        PresetObject(
            name: "animations", aliases: ["animation", "CAAnimation", "CABasicAnimation", "CAKeyframeAnimation"],
            title: "Animations (CABasicAnimation, CAKeyframeAnimation, CAAnimationGroup)",
            introduction:
                "Each entry of a layer's `animations`, besides `type`, `keyPath` and its values (`fromValue`, `toValue`, `byValue`; "
                + "`values`, `keyTimes`, `path`; a group's `animations`).",
            keys: Animation.table.keyInfo(defaults: Animation(kind: .basic(from: nil, to: nil, by: nil)))),
        PresetObject(
            name: "keyframe", aliases: ["keyframes", "CAKeyframeAnimation"], title: "Keyframe animations (CAKeyframeAnimation)",
            introduction: "`\"type\": \"keyframe\"` animations also take these.",
            keys: Animation.keyframeTable.keyInfo(defaults: Animation(kind: .keyframe(Animation.Keyframes())))),
        PresetObject(
            name: "spring", aliases: ["springs", "CASpringAnimation"], title: "Spring animations (CASpringAnimation)",
            introduction:
                "`\"type\": \"spring\"` animations are basic animations (`fromValue`, `toValue`, `byValue`) paced by a damped "
                + "spring, by the seconds they have run: give `duration` the spring's settling time, or it ends early.",
            keys: Animation.springTable.keyInfo(
                defaults: {
                    var spring = Animation(kind: .basic(from: nil, to: nil, by: nil))
                    spring.spring = Spring()
                    return spring
                }())),
    ]

    /// The object `word` names (its name or an alias, any case), if any.
    public static func named(_ word: String) -> PresetObject? {
        let lower = word.lowercased()
        return all.first { $0.name.lowercased() == lower || $0.aliases.contains { $0.lowercased() == lower } }
    }

    /// The key's information, if the object has it.
    public subscript(key: String) -> PresetKeyInfo? { keys.first { $0.key == key } }
}

/// The key that chooses which of an object's keys apply (a behaviour's `type`), its values, and
/// the keys each value reads besides the ones every value reads.
public struct PresetVariants: Sendable {
    /// The choosing key.
    public let key: String
    /// Keys read whatever the choice (a behaviour's `name` and `enabled`).
    public let common: [String]
    /// Each value of the choosing key, in documentation order, with the keys it reads.
    public let choices: [(value: String, keys: [String])]

    /// The keys `value` reads, the common ones first; nil for a value that is not a choice.
    public func keys(for value: String) -> [String]? {
        choices.first { $0.value == value }.map { common + $0.keys }
    }
}
