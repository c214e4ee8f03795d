/// The shape of a gradient (CAGradientLayerType).
public enum GradientType: String, Hashable, Sendable, CaseIterable {
    /// Colours change along the line from `startPoint` to `endPoint` (the default).
    case axial
    /// Colours change outwards from `startPoint` to the ellipse through `endPoint`.
    case radial
    /// Colours change around `startPoint`, starting in the direction of `endPoint`.
    case conic
}

/// The model properties of a gradient layer (CAGradientLayer), as a value.
///
/// Points are in the layer's unit coordinate space: (0, 0) is the top-left of `bounds`,
/// (1, 1) the bottom-right.
public struct GradientProperties: Hashable, Sendable {
    /// The colours of the stops. Default none (nothing drawn).
    public var colors: [Color] = []
    /// Where each colour sits, increasing: 0 at the gradient's start, 1 at its end, a stop outside
    /// 0…1 beyond an end (shimmers move them there); nil spaces them evenly. Default nil.
    public var locations: [Double]?
    /// Where the gradient starts (axial), or its centre (radial, conic). Default (0.5, 0).
    public var startPoint = Point(x: 0.5, y: 0)
    /// Where the gradient ends (axial), the ellipse's extent (radial), or the direction of the
    /// first colour (conic). Default (0.5, 1).
    public var endPoint = Point(x: 0.5, y: 1)
    /// The shape of the gradient. Default axial.
    public var type: GradientType = .axial

    /// Creates properties with Core Animation's defaults.
    public init() {}

    /// The settable properties, by Core Animation key.
    public static let table = PropertyTable<GradientProperties>(
        [
            .colorList("colors", \.colors, "The colours of the gradient's stops, in order."),
            .numberList(
                "locations", \.locations, .any,
                "Where each colour sits along the gradient, increasing: 0 at its start, 1 at its end; outside 0…1 a stop lies beyond an end (default: evenly spaced)."
            ),
            .point(
                "startPoint", \.startPoint, "Start of the gradient (axial) or its centre (radial, conic), in unit coordinates of bounds."),
            .point(
                "endPoint", \.endPoint,
                "End of the gradient (axial), the ellipse's extent (radial) or the first colour's direction (conic), in unit coordinates."),
            // CAGradientLayer's `type`, renamed: in a preset "type" names the kind of layer.
            .choice(
                "gradientType", \.type,
                "CAGradientLayer's type: axial (default), radial or conic (called gradientType here, as \"type\" names the kind of layer)."),
        ],
        guides: [
            "gradientType": PropertyGuide(
                options: [
                    ("axial", "along the line from startPoint to endPoint (the default)"),
                    ("radial", "in ellipses around startPoint, reaching endPoint"),
                    ("conic", "around startPoint, like a colour wheel"),
                ]),
            "colors": PropertyGuide(example: "[\"#ff0080\", \"#ff8000\"]"),
            "locations": PropertyGuide(.fraction, 0...1, example: "[0, 1]"),
            "startPoint": PropertyGuide(.unitCoordinates, 0...1, example: "[0, 0.5]"),
            "endPoint": PropertyGuide(.unitCoordinates, 0...1, example: "[1, 0.5]"),
        ])

    /// The colour at gradient position `t` (0 at the first stop's side, 1 at the last's):
    /// the end colours beyond the ends, straight-alpha components interpolated between stops.
    public func color(at t: Double) -> Color {
        guard let first = colors.first else { return .clear }
        let n = colors.count
        if !(t > stopLocation(0)) { return first }
        for i in 1..<max(n, 1) where t <= stopLocation(i) {
            let a = stopLocation(i - 1), b = stopLocation(i)
            let f = b > a ? (t - a) / (b - a) : 1
            return Color.mix(colors[i - 1], colors[i], f)
        }
        return colors[n - 1]
    }

    /// Where stop `i` sits, as `color(at:)` places it: its location, or evenly spaced.
    public func stopLocation(_ i: Int) -> Double {
        if let locations, i < locations.count { return locations[i] }
        return colors.count <= 1 ? 0 : Double(i) / Double(colors.count - 1)
    }
}
