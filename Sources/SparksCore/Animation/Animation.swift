/// How keyframe values are joined (CAAnimationCalculationMode).
public enum CalculationMode: String, Sendable, CaseIterable {
    /// Straight lines between values (the default).
    case linear
    /// Each value held until the next key time.
    case discrete
    /// Constant speed over the whole animation; keyTimes and timingFunctions ignored.
    case paced
    /// A smooth Catmull–Rom spline through the values.
    case cubic
    /// The cubic spline at constant speed.
    case cubicPaced
}

/// Whether a path animation turns the layer along the path (CAAnimationRotationMode).
public enum RotationMode: String, Sendable, CaseIterable {
    /// Rotated to the path's tangent.
    case auto
    /// Rotated to the tangent plus half a turn.
    case autoReverse
}

/// An animation attached to a layer (CABasicAnimation, CASpringAnimation, CAKeyframeAnimation,
/// CAAnimationGroup).
///
/// A value: a layer evaluates its animations at its own local time on every step, and the
/// results become the layer's presentation values; the model values never change.
public struct Animation: Hashable, Sendable {
    /// What kind of animation, with its kind-specific values.
    public enum Kind: Hashable, Sendable {
        /// From, to and by values (any may be nil, core-animation.md §4.2).
        case basic(from: PropertyValue?, to: PropertyValue?, by: PropertyValue?)
        /// A list of values or a path.
        case keyframe(Keyframes)
        /// Children run together in the group's time.
        case group([Animation])
    }

    /// Keyframe data (CAKeyframeAnimation).
    public struct Keyframes: Hashable, Sendable {
        /// The values; ignored when `path` is set.
        public var values: [PropertyValue] = [] { didSet { resolveTimes() } }
        /// When each value is reached, 0…1; nil spaces them evenly.
        public var keyTimes: [Double]? { didSet { resolveTimes() } }
        /// A pacing curve per segment.
        public var timingFunctions: [TimingFunction]?
        /// How values are joined.
        public var calculationMode: CalculationMode = .linear { didSet { resolveTimes() } }
        /// A path for point properties; replaces `values`.
        public var path: BezierPath? { didSet { resolveTimes() } }
        /// When each value (or, with a path, each vertex) is reached: `keyTimes` when they fit,
        /// else spaced evenly or by distance; worked out when the keyframes change, so
        /// evaluating them allocates nothing.
        public internal(set) var resolvedKeyTimes: [Double] = []
        /// Whether the layer turns along the path.
        public var rotationMode: RotationMode?

        /// Creates empty keyframes.
        public init() {}
    }

    /// The animation's name (the key it was added under); informational.
    public var key: String?
    /// The animated property (nil for a group).
    public var keyPath: String?
    /// The property `keyPath` names, resolved for the layer.
    public var target: PropertyAddress?
    /// Kind and values.
    public var kind: Kind
    /// Media timing; a duration of 0 means 0.25 s, or the group's duration inside a group.
    public var timing = MediaTiming()
    /// Pacing over each cycle; nil is linear.
    public var timingFunction: TimingFunction?
    /// For a basic animation: the spring whose motion paces it (CASpringAnimation); nil for
    /// an ordinary basic animation. The timing function, if any, maps the cycle's time first.
    public var spring: Spring?
    /// For a transform property: what the values are (an angle, factors, offsets) and how they
    /// become the transform shown; nil when the values are transforms.
    public var valueFunction: ValueFunction?
    /// Whether the value is added to the current value instead of replacing it.
    public var isAdditive = false
    /// Whether each repetition continues from where the last ended.
    public var isCumulative = false
    /// Whether the animation stops affecting the layer when it ends (default true).
    public var removedOnCompletion = true

    /// Creates an animation.
    public init(kind: Kind, keyPath: String? = nil, target: PropertyAddress? = nil) {
        self.kind = kind
        self.keyPath = keyPath
        self.target = target
    }

    /// Duration a stand-alone animation takes when its duration is 0 (core-animation.md §3.1).
    public static let defaultDuration = 0.25
}
