#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One of an emitter layer's behaviours (CAEmitterBehavior, a class iOS ships without
/// documenting it): a change applied to every particle of every cell of the layer, each step.
/// core-animation.md §6.13; the choices where the sources are silent are in ca-differences.md.
public struct EmitterBehavior: Hashable, Sendable {
    /// The kinds of behaviour (`kCAEmitterBehaviorWave`, …).
    public enum Kind: String, CaseIterable, Sendable {
        /// A force that swings between `force` and its opposite, `frequency` times a second.
        case wave
        /// A force −drag · v: velocity decays by e^(−drag · t).
        case drag
        /// The particle's image turns so its y axis follows its velocity (plus `rotation` turns).
        case alignToMotion
        /// A particle property (`keyPath`) set from `values` over the particle's normalised age.
        case valueOverLife
        /// The particle's colour set from `colors` over its normalised age.
        case colorOverLife
        /// A spring that pulls particles towards a point, a line or a plane.
        case attractor
    }

    /// What an attractor pulls towards.
    public enum AttractorType: String, CaseIterable, Sendable {
        /// A point: `position` and `zPosition`.
        case radial
        /// A line through the point along the orientation.
        case axial
        /// A plane through the point, the orientation its normal.
        case planar
    }

    /// The particle properties a `valueOverLife` behaviour can set (the header's list, less
    /// `mass` and `scaleSpeed`, which Sparks's particles do not have as values).
    public enum LifeProperty: String, CaseIterable, Sendable {
        case positionX = "position.x", positionY = "position.y", positionZ = "position.z"
        case velocityX = "velocity.x", velocityY = "velocity.y", velocityZ = "velocity.z"
        case rotation, spin, scale
        case red = "color.red", green = "color.green", blue = "color.blue", alpha = "color.alpha"
    }

    /// Which behaviour this is.
    public var type: Kind
    /// Name used in key paths: `emitterBehaviors.NAME.KEY`.
    public var name: String?
    /// Whether it acts. Default true.
    public var isEnabled = true
    /// wave: the force, points per second² [x, y, z].
    public var force: PropertyVector = [0, 0, 0]
    /// wave: swings per second.
    public var frequency: Double = 0
    /// drag: the slowing per second.
    public var drag: Double = 0
    /// alignToMotion: extra turn, in whole turns (0.25 is a quarter turn).
    public var rotation: Double = 0
    /// alignToMotion: whether to turn in 3-D (only planes can; sprites turn in the plane).
    public var preservesDepth = false
    /// valueOverLife: the property set.
    public var keyPath: LifeProperty = .scale
    /// valueOverLife: the values at the stops.
    public var values: [Double]?
    /// valueOverLife, colorOverLife: where the stops sit in the particle's life, 0…1 increasing
    /// (default: evenly spaced).
    public var locations: [Double]?
    /// colorOverLife: the colours at the stops.
    public var colors: [Color] = []
    /// attractor: what it pulls towards.
    public var attractorType: AttractorType = .radial
    /// attractor: the spring's stiffness (acceleration per point of distance, per second²).
    public var stiffness: Double = 0
    /// attractor: no pull within this distance.
    public var radius: Double = 0
    /// attractor: its point, in the emitter layer's coordinates.
    public var position: Point = .zero
    /// attractor: its point's z.
    public var zPosition: Double = 0
    /// attractor: the axis (axial) or normal (planar): its angle from the x-y plane.
    public var orientationLatitude: Double = 0
    /// attractor: the axis or normal: its angle in the x-y plane from the x axis.
    public var orientationLongitude: Double = 0
    /// attractor: how fast the pull weakens beyond `falloffDistance` (0: it does not; its sign is
    /// ignored).
    public var falloff: Double = 0
    /// attractor: the distance beyond `radius` at which the pull starts to weaken.
    public var falloffDistance: Double = 0

    /// Creates a behaviour of `type` with Core Animation's defaults.
    public init(type: Kind, name: String? = nil) {
        self.type = type
        self.name = name
    }

    /// The keys each type reads (besides `name` and `enabled`).
    public static let keys: [Kind: [String]] = [
        .wave: ["force", "frequency"],
        .drag: ["drag"],
        .alignToMotion: ["rotation", "preservesDepth"],
        .valueOverLife: ["keyPath", "values", "locations"],
        .colorOverLife: ["colors", "locations"],
        .attractor: [
            "attractorType", "stiffness", "radius", "position", "zPosition", "orientationLatitude", "orientationLongitude", "falloff",
            "falloffDistance",
        ],
    ]

    /// Every settable key of every type, by Core Animation key.
    public static let table = PropertyTable<EmitterBehavior>(
        [
            .text("name", \.name, "Name used in key paths: emitterBehaviors.NAME.KEY."),
            .bool("enabled", \.isEnabled, "Whether the behaviour acts (default true)."),
            PropertyDescriptor(
                "force", .vector3, "wave: the force swung to and fro, [x, y, z] in points per second².",
                get: { .vector($0.force) },
                set: { root, value in
                    if case .vector(let v) = value, v.count == 3 { root.force = v }
                }),
            .number("frequency", \.frequency, .nonNegative, "wave: swings per second."),
            .number("drag", \.drag, .nonNegative, "drag: the slowing per second; velocity decays by e^(−drag · t)."),
            .number("rotation", \.rotation, .any, "alignToMotion: extra turn in whole turns (0.25: a quarter turn)."),
            .bool("preservesDepth", \.preservesDepth, "alignToMotion: turn in 3-D (only plane particles can)."),
            .choice("keyPath", \.keyPath, "valueOverLife: the particle property set over the particle's life."),
            .numberList("values", \.values, .any, "valueOverLife: the property's values at the stops."),
            .numberList(
                "locations", \.locations, .unit, "Where the stops sit in the particle's life, 0…1 increasing (default: evenly spaced)."),
            .colorList("colors", \.colors, "colorOverLife: the particle's colours at the stops."),
            .choice("attractorType", \.attractorType, "attractor: pulls towards a point (radial), a line (axial) or a plane (planar)."),
            .number(
                "stiffness", \.stiffness, .any, "attractor: the spring's stiffness, acceleration per point of distance (negative pushes)."),
            .number("radius", \.radius, .nonNegative, "attractor: no pull within this distance of it."),
            .point("position", \.position, "attractor: its point, [x, y] in the emitter layer's coordinates."),
            .number("zPosition", \.zPosition, .any, "attractor: its point's z."),
            .number(
                "orientationLatitude", \.orientationLatitude, .any, "attractor: the axis or normal's angle from the x-y plane, radians."),
            .number(
                "orientationLongitude", \.orientationLongitude, .any, "attractor: the axis or normal's angle in the x-y plane, radians."),
            .number(
                "falloff", \.falloff, .any,
                "attractor: how fast the pull weakens beyond falloffDistance (0: it does not; the sign is ignored)."
            ),
            .number("falloffDistance", \.falloffDistance, .nonNegative, "attractor: the distance beyond radius at which the pull weakens."),
        ],
        guides: [
            "attractorType": PropertyGuide(
                options: [
                    ("radial", "pulls towards a point"),
                    ("axial", "pulls towards a line through position"),
                    ("planar", "pulls towards a plane through position"),
                ]),
            "name": PropertyGuide(example: "\"pull\""),
            "force": PropertyGuide(.pointsPerSecondSquared, -300...300, example: "[40, 0, 0]"),
            "frequency": PropertyGuide(.perSecond, 0...5, example: "1"),
            "drag": PropertyGuide(.perSecond, 0...5, example: "1.5"),
            "rotation": PropertyGuide(nil, -1...1, example: "0.25"),
            "values": PropertyGuide(nil, nil, example: "[0, 1, 0]"),
            "locations": PropertyGuide(.fraction, 0...1, example: "[0, 0.2, 1]"),
            "colors": PropertyGuide(example: "[\"white\", \"#ff8000\", \"#ff000000\"]"),
            "stiffness": PropertyGuide(.perSecond, -50...50, example: "8"),
            "radius": PropertyGuide(.points, 0...200, example: "20"),
            "position": PropertyGuide(.points, example: "[400, 300]"),
            "zPosition": PropertyGuide(.points, -100...100, example: "0"),
            "orientationLatitude": PropertyGuide(.radians, -1.5708...1.5708, example: "0"),
            "orientationLongitude": PropertyGuide(.radians, -3.14159...3.14159, example: "1.5708"),
            "falloff": PropertyGuide(nil, -2...2, example: "0.01"),
            "falloffDistance": PropertyGuide(.points, 0...500, example: "300"),
        ])

    /// The value at normalised age `t` of stops `values` at `locations` (evenly spaced when nil
    /// or of another count): piecewise linear, held beyond the first and last stop.
    public static func interpolate(_ values: [Double], locations: [Double]?, at t: Double) -> Double {
        guard !values.isEmpty else { return 0 }
        let (a, b, f) = segment(count: values.count, locations: locations, at: t)
        return values[a] + (values[b] - values[a]) * f
    }

    /// The stops on either side of `t` and how far between them it lies (0 at `a`, 1 at `b`):
    /// the last pair of neighbouring stops whose first lies before `t`, the fraction held at 1
    /// past the second. For increasing locations that is the pair `t` lies between; for others
    /// it is still one definite answer.
    static func segment(count: Int, locations: [Double]?, at t: Double) -> (a: Int, b: Int, fraction: Double) {
        guard count > 1 else { return (0, 0, 0) }
        let stops = locations.flatMap { $0.count == count ? $0 : nil }
        func location(_ i: Int) -> Double { stops?[i] ?? Double(i) / Double(count - 1) }
        for i in (1..<count).reversed() where t > location(i - 1) {
            let a = location(i - 1), b = location(i)
            return (i - 1, i, b > a ? min(max((t - a) / (b - a), 0), 1) : 1)
        }
        return (0, 0, 0)
    }

    /// The colour at normalised age `t` of `colors` at `locations`, each component interpolated
    /// as ``interpolate(_:locations:at:)`` does.
    public static func color(_ colors: [Color], locations: [Double]?, at t: Double) -> Color {
        guard !colors.isEmpty else { return .white }
        let (a, b, f) = segment(count: colors.count, locations: locations, at: t)
        let c0 = colors[a], c1 = colors[b]
        return Color(
            red: c0.red + (c1.red - c0.red) * f, green: c0.green + (c1.green - c0.green) * f,
            blue: c0.blue + (c1.blue - c0.blue) * f, alpha: c0.alpha + (c1.alpha - c0.alpha) * f)
    }
}

/// The forces, in numbers.
extension EmitterBehavior {
    /// The wave's strength at `phase` turns: a triangle wave (0 at whole turns, 1 at half turns)
    /// eased by smoothstep, mapped to −1…1, so the force swings between −force and +force.
    public static func waveStrength(atPhase phase: Double) -> Double {
        let f = phase - phase.rounded(.down)
        let triangle = 1 - abs(2 * f - 1)
        let eased = triangle * triangle * (3 - 2 * triangle)
        return 2 * eased - 1
    }

    /// The unit axis (axial) or normal (planar) of an attractor: latitude from the x-y plane,
    /// longitude in it from the x axis.
    public var orientation: Vector3 {
        let lat = orientationLatitude, lon = orientationLongitude
        return Vector3(cos(lat) * cos(lon), cos(lat) * sin(lon), sin(lat))
    }

    /// The acceleration an attractor gives a particle `offset` from its point: a spring of
    /// `stiffness` towards the point, line or plane, none within `radius`, weakened beyond
    /// `radius + falloffDistance` by 1 / (1 + falloff · the distance past it).
    public func attraction(offset: Vector3, axis: Vector3) -> Vector3 {
        var towards = offset
        switch attractorType {
        case .radial: break
        case .axial:
            let along = offset.x * axis.x + offset.y * axis.y + offset.z * axis.z
            towards = Vector3(offset.x - along * axis.x, offset.y - along * axis.y, offset.z - along * axis.z)
        case .planar:
            let along = offset.x * axis.x + offset.y * axis.y + offset.z * axis.z
            towards = Vector3(along * axis.x, along * axis.y, along * axis.z)
        }
        let distance = (towards.x * towards.x + towards.y * towards.y + towards.z * towards.z).squareRoot()
        guard distance > radius, distance > 0 else { return Vector3(0, 0, 0) }
        let past = distance - radius - falloffDistance
        let weakening = falloff != 0 && past > 0 ? 1 / (1 + abs(falloff) * past) : 1
        let pull = -stiffness * (distance - radius) * weakening / distance
        return Vector3(towards.x * pull, towards.y * pull, towards.z * pull)
    }

}

extension [EmitterBehavior] {
    /// The index of the behaviour named `name`.
    func firstIndex(named name: String) -> Int? {
        firstIndex { $0.name == name }
    }
}
