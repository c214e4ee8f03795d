/// What a property's value means to a person writing a preset: its unit, the values effects
/// usually use, and one example. The accepted limits (``NumberRule``) guard against broken input;
/// the typical range is advice, shown by `sparks explain`, the key reference and the schema.
public struct PropertyGuide: Hashable, Sendable {
    /// The unit of the value (or of each number of a vector).
    public var unit: PropertyUnit?
    /// The values effects usually use; values outside are allowed.
    public var typical: ClosedRange<Double>?
    /// One value as a preset writes it (JSON text, e.g. `150`, `"circle"`, `[400, 300]`).
    public var example: String?
    /// For a choice: what each option does, in the options' order (every option, or none).
    public var options: [OptionMeaning] = []

    /// What one option of a choice does.
    public struct OptionMeaning: Hashable, Sendable {
        /// The option, as a preset writes it.
        public var option: String
        /// What it does, in a few words.
        public var meaning: String
    }

    /// The typical values as a person reads them ("0…600", "0…2π"), or nil.
    public var typicalText: String? {
        guard let r = typical else { return nil }
        let angles = unit == .radians || unit == .radiansPerSecond
        func text(_ v: Double) -> String { angles ? Self.angle(v) : NumberText.shortest(v) }
        return "\(text(r.lowerBound))…\(text(r.upperBound))"
    }

    /// An angle in radians as a multiple of π when it is a quarter-step one ("π/2", "−2π").
    static func angle(_ value: Double) -> String {
        let quarters = (value / .pi * 4).rounded()
        guard abs(value / .pi * 4 - quarters) < 1e-4 else { return NumberText.shortest(value) }
        if quarters == 0 { return "0" }
        let sign = quarters < 0 ? "−" : ""
        let q = Int(abs(quarters))
        let (whole, rest) = q.quotientAndRemainder(dividingBy: 4)
        switch (whole, rest) {
        case (_, 0): return sign + (whole == 1 ? "π" : "\(whole)π")
        case (0, 2): return sign + "π/2"
        case (0, _): return sign + (rest == 1 ? "π/4" : "3π/4")
        default: return sign + (rest == 2 ? "\(2 * whole + 1)π/2" : "\(q)π/4")
        }
    }

    /// Unit, typical values and example in a few words for a message ("points per second,
    /// typically 0…600, e.g. 150"), or nil when the guide says nothing.
    public var hint: String? {
        let parts = [unit?.rawValue, typicalText.map { "typically \($0)" }, example.map { "e.g. \($0)" }].compactMap { $0 }
        return parts.isEmpty ? nil : parts.joined(separator: ", ")
    }

    /// The guide of a layer's and a cell's `minificationFilter` and `magnificationFilter`.
    public static let textureFilter = PropertyGuide(options: [
        ("linear", "smooth (the default)"),
        ("nearest", "blocky: each pixel a square (pixel art)"),
        ("trilinear", "smooth, and smooth between mipmap levels when shrunk"),
    ])

    /// Creates a guide.
    public init(
        _ unit: PropertyUnit? = nil, _ typical: ClosedRange<Double>? = nil, example: String? = nil,
        options: [(option: String, meaning: String)] = []
    ) {
        self.unit = unit
        self.typical = typical
        self.example = example
        self.options = options.map { OptionMeaning(option: $0.option, meaning: $0.meaning) }
    }
}

/// The units of preset values.
public enum PropertyUnit: String, Hashable, Sendable, CaseIterable {
    /// Points (iOS's coordinate unit: one pixel at scale 1).
    case points = "points"
    /// Points per second.
    case pointsPerSecond = "points per second"
    /// Points per second, per second.
    case pointsPerSecondSquared = "points per second²"
    /// Radians: π is half a turn, 2π a whole turn.
    case radians = "radians (π is half a turn)"
    /// Radians per second.
    case radiansPerSecond = "radians per second (2π is a turn a second)"
    /// Seconds.
    case seconds = "seconds"
    /// Particles born per second.
    case particlesPerSecond = "particles per second"
    /// Per second (a rate).
    case perSecond = "per second"
    /// A factor: 1 leaves the value unchanged.
    case factor = "a factor (1 leaves it unchanged)"
    /// A fraction from 0 to 1.
    case fraction = "a fraction, 0…1"
    /// A change per second of a 0…1 component.
    case fractionPerSecond = "change per second of a 0…1 component"
    /// Unit coordinates: 0…1 across the bounds or the image.
    case unitCoordinates = "unit coordinates (0…1 across the bounds or image)"
    /// Image pixels per point.
    case pixelsPerPoint = "image pixels per point"
    /// Levels of an image's mipmap.
    case mipLevels = "mipmap levels"
    /// A number of copies or repetitions.
    case count = "a count"
}
