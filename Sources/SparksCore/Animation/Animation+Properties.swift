extension Animation {
    /// The kinds of animation a preset names in `"type"`.
    public enum TypeName: String, Sendable, CaseIterable {
        /// CABasicAnimation.
        case basic
        /// CASpringAnimation: a basic animation paced by a damped spring.
        case spring
        /// CAKeyframeAnimation.
        case keyframe
        /// CAAnimationGroup.
        case group

        /// The keys that give this kind its shape, read by the preset decoder itself (values
        /// in the animated property's kind, children, curves); every other key is a table row.
        public var structureKeys: [String] {
            switch self {
            case .basic, .spring: ["type", "keyPath", "valueFunction", "fromValue", "toValue", "byValue", "timingFunction"]
            case .keyframe: ["type", "keyPath", "valueFunction", "values", "keyTimes", "path", "timingFunction", "timingFunctions"]
            case .group: ["type"] + PresetElement.animation.slots(ofType: rawValue).map(\.key) + ["timingFunction"]
            }
        }

        /// The table rows this kind has beyond `Animation.table`.
        public var extraTable: PropertyTable<Animation>? {
            switch self {
            case .keyframe: Animation.keyframeTable
            case .spring: Animation.springTable
            case .basic, .group: nil
            }
        }

        /// Every key an animation of this kind may have.
        public var keys: [String] { structureKeys + Animation.table.keys + (extraTable?.keys ?? []) }
    }

    /// The keys every animation has (CAAnimation and CAMediaTiming), as they are set.
    public static let table = PropertyTable<Animation>(
        [
            .text("key", \.key, "A name for the animation."),
            .number("beginTime", \.timing.beginTime, .any, "Start in the layer's time, seconds; 0 means when the preset starts."),
            .number("duration", \.timing.duration, .nonNegative, "Seconds per cycle; 0 means 0.25 s (or the group's duration)."),
            .number("speed", \.timing.speed, .any, "Rate of the animation's time."),
            .number("timeOffset", \.timing.timeOffset, .any, "Seconds added to the animation's time."),
            .repeatCount("repeatCount", \.timing.repeatCount, "Repetitions, or \"infinity\"."),
            .number("repeatDuration", \.timing.repeatDuration, .nonNegative, "Seconds to keep repeating."),
            .bool("autoreverses", \.timing.autoreverses, "Whether each cycle plays forwards then backwards."),
            .choice("fillMode", \.timing.fillMode, "What shows before the start and after the end."),
            .bool("additive", \.isAdditive, "Whether the value is added to the current value."),
            .bool("cumulative", \.isCumulative, "Whether each repetition continues from the last."),
            .bool(
                "removedOnCompletion", \.removedOnCompletion, "Whether the animation stops affecting the layer when it ends (default true)."
            ),
        ],
        guides: [
            "key": PropertyGuide(example: "\"spin\""),
            "beginTime": PropertyGuide(.seconds, 0...10, example: "0.5"),
            "duration": PropertyGuide(.seconds, 0.1...10, example: "2"),
            "speed": PropertyGuide(.factor, 0...4, example: "2"),
            "timeOffset": PropertyGuide(.seconds, 0...10, example: "1"),
            "repeatCount": PropertyGuide(.count, 0...100, example: "\"infinity\""),
            "repeatDuration": PropertyGuide(.seconds, 0...60, example: "10"),
        ])

    /// The keys of keyframe animations beyond `table` (CAKeyframeAnimation).
    public static let keyframeTable = PropertyTable<Animation>([
        PropertyDescriptor(
            "calculationMode", .choice(CalculationMode.allCases.map(\.rawValue)),
            "How values are joined: linear, discrete, paced, cubic or cubicPaced.",
            get: { .string($0.keyframes?.calculationMode.rawValue ?? CalculationMode.linear.rawValue) },
            set: { animation, value in
                if case .string(let s) = value, let mode = CalculationMode(rawValue: s) { animation.keyframes?.calculationMode = mode }
            }),
        PropertyDescriptor(
            "rotationMode", .choice(RotationMode.allCases.map(\.rawValue)), "Whether a path animation turns the layer along the path.",
            get: { .string($0.keyframes?.rotationMode?.rawValue ?? "") },
            set: { animation, value in
                if case .string(let s) = value, let mode = RotationMode(rawValue: s) { animation.keyframes?.rotationMode = mode }
            }),
    ])

    /// The keys of spring animations beyond `table` (CASpringAnimation).
    public static let springTable = PropertyTable<Animation>(
        [
            .number("mass", \.springPhysics.mass, .positive, "The mass of the object on the spring (default 1)."),
            .number("stiffness", \.springPhysics.stiffness, .positive, "The spring's stiffness coefficient (default 100)."),
            .number("damping", \.springPhysics.damping, .nonNegative, "The damping coefficient (default 10); 0 never settles."),
            .number(
                "initialVelocity", \.springPhysics.initialVelocity, .any,
                "Speed at the start, in distances from fromValue to toValue per second; positive moves toward toValue."),
        ],
        guides: [
            "mass": PropertyGuide(nil, 0.1...10, example: "1"),
            "stiffness": PropertyGuide(nil, 10...1000, example: "200"),
            "damping": PropertyGuide(nil, 1...50, example: "8"),
            "initialVelocity": PropertyGuide(.perSecond, -10...10, example: "2"),
        ])

    /// The kind a preset names in `"type"`.
    public var typeName: TypeName {
        switch kind {
        case .basic: spring == nil ? .basic : .spring
        case .keyframe: .keyframe
        case .group: .group
        }
    }

    /// The spring of a spring animation (Core Animation's defaults for another kind); setting
    /// it on another kind does nothing.
    var springPhysics: Spring {
        get { spring ?? Spring() }
        set { if spring != nil { spring = newValue } }
    }

    /// The keyframes of a keyframe animation; setting it on another kind does nothing.
    var keyframes: Keyframes? {
        get {
            if case .keyframe(let k) = kind { return k }
            return nil
        }
        set {
            if case .keyframe = kind, let newValue { kind = .keyframe(newValue) }
        }
    }
}
