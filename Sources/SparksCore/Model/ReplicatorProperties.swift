/// The model properties of a replicator layer (CAReplicatorLayer), as a value. core-animation.md §8.1.
public struct ReplicatorProperties: Hashable, Sendable {
    /// Most instances a replicator may ask for.
    public static let maxInstanceCount = 10_000

    /// Copies drawn, including the original; 0 or less draws no sublayers. Default 1.
    public var instanceCount = 1
    /// Seconds between the timelines of consecutive instances. Default 0.
    public var instanceDelay: Double = 0
    /// The transform taking instance k − 1 to instance k, about the bounds centre. Default identity.
    public var instanceTransform: Transform3D = .identity
    /// Colour multiplied into instance 0. Default opaque white.
    public var instanceColor: Color = .white
    /// Added to the red of the modulation colour per instance. Default 0.
    public var instanceRedOffset: Double = 0
    /// Added to the green per instance. Default 0.
    public var instanceGreenOffset: Double = 0
    /// Added to the blue per instance. Default 0.
    public var instanceBlueOffset: Double = 0
    /// Added to the alpha per instance. Default 0.
    public var instanceAlphaOffset: Double = 0
    /// Whether instances keep their depth instead of being flattened. Default false.
    public var preservesDepth = false

    /// Creates properties with Core Animation's defaults.
    public init() {}

    /// The colour instance k multiplies into what it draws:
    /// clamp(instanceColor + k · offsets) per component (core-animation.md §8.3).
    public func modulation(instance k: Int) -> Color {
        let k = Double(k)
        return Color(
            red: instanceColor.red + k * instanceRedOffset, green: instanceColor.green + k * instanceGreenOffset,
            blue: instanceColor.blue + k * instanceBlueOffset, alpha: instanceColor.alpha + k * instanceAlphaOffset
        ).clamped
    }

    /// The settable properties, by Core Animation key.
    public static let table = PropertyTable<ReplicatorProperties>(
        [
            .integer(
                "instanceCount", \.instanceCount, NumberRule(minimum: 0, maximum: Double(maxInstanceCount), isInteger: true),
                "Copies of the sublayers drawn, including the original."),
            .number("instanceDelay", \.instanceDelay, .any, "Seconds between the timelines of consecutive instances."),
            .transform("instanceTransform", \.instanceTransform, "Transform from one instance to the next, about the bounds centre."),
            .color("instanceColor", \.instanceColor, "Colour multiplied into the first instance."),
            .number("instanceRedOffset", \.instanceRedOffset, .any, "Added to the red of the modulation colour per instance."),
            .number("instanceGreenOffset", \.instanceGreenOffset, .any, "Added to the green of the modulation colour per instance."),
            .number("instanceBlueOffset", \.instanceBlueOffset, .any, "Added to the blue of the modulation colour per instance."),
            .number("instanceAlphaOffset", \.instanceAlphaOffset, .any, "Added to the alpha of the modulation colour per instance."),
            .bool("preservesDepth", \.preservesDepth, "Whether instances keep their depth instead of being flattened."),
        ],
        guides: [
            "instanceCount": PropertyGuide(.count, 1...60, example: "12"),
            "instanceDelay": PropertyGuide(.seconds, 0...1, example: "0.1"),
            "instanceTransform": PropertyGuide(example: "[{ \"rotate\": 0.5236 }]"),
            "instanceColor": PropertyGuide(example: "\"#80c0ff\""),
            "instanceRedOffset": PropertyGuide(nil, -0.5...0.5, example: "-0.08"),
            "instanceGreenOffset": PropertyGuide(nil, -0.5...0.5, example: "-0.08"),
            "instanceBlueOffset": PropertyGuide(nil, -0.5...0.5, example: "-0.08"),
            "instanceAlphaOffset": PropertyGuide(nil, -0.5...0.5, example: "-0.08"),
        ])
}
