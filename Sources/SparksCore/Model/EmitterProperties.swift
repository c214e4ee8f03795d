/// The model properties of an emitter layer (CAEmitterLayer), as a value. core-animation.md §5.1.
public struct EmitterProperties: Hashable, Sendable {
    /// The top-level cells. Default none.
    public var emitterCells: [EmitterCell] = []
    /// Behaviours applied to every particle of every cell, in order (CAEmitterBehavior, private
    /// on iOS). Default none.
    public var emitterBehaviors: [EmitterBehavior] = []
    /// Multiplies every cell's birth rate (new particles only). Default 1.
    public var birthRate: Double = 1
    /// Multiplies sampled lifetimes of new particles. Default 1.
    public var lifetime: Double = 1
    /// Centre of the emission shape in the layer's coordinates. Default (0, 0).
    public var emitterPosition: Point = .zero
    /// z of the emission shape's centre. Default 0.
    public var emitterZPosition: Double = 0
    /// Size of the emission shape; its meaning depends on the shape. Default (0, 0).
    public var emitterSize: Size = .zero
    /// Depth of the emission shape (cuboid). Default 0.
    public var emitterDepth: Double = 0
    /// The emission shape. Default point.
    public var emitterShape: EmitterShape = .point
    /// Where on the shape particles are born. Default volume.
    public var emitterMode: EmitterMode = .volume
    /// Draw order and blending. Default unordered.
    public var renderMode: RenderMode = .unordered
    /// Whether particles keep their depth in the superlayer's 3-D space. Default false.
    public var preservesDepth = false
    /// Multiplies sampled speeds of new particles. Default 1.
    public var velocity: Double = 1
    /// Multiplies sampled scales of new particles. Default 1.
    public var scale: Double = 1
    /// Multiplies sampled spins of new particles. Default 1.
    public var spin: Double = 1
    /// Seed of the layer's random generator. Default 0.
    public var seed: UInt32 = 0
    /// Whether the emitter is already populated when the scene starts (overrides the
    /// preset's `startup`). Default automatic: as iOS does.
    public var startup: EmitterStartup = .automatic

    /// Creates properties with Core Animation's defaults.
    public init() {}

    /// The settable properties, by Core Animation key (cells and behaviours are structural and
    /// not listed).
    public static let table = PropertyTable<EmitterProperties>(
        [
            .point("emitterPosition", \.emitterPosition, "Centre of the emission shape in the layer's coordinates, [x, y]."),
            .number("emitterZPosition", \.emitterZPosition, .any, "z of the emission shape's centre."),
            .size(
                "emitterSize", \.emitterSize,
                "Size of the emission shape, [width, height]; a circle or sphere is as wide as the width (its radius is half of it)."),
            .number("emitterDepth", \.emitterDepth, .nonNegative, "Depth of a cuboid emission shape."),
            .choice("emitterShape", \.emitterShape, "Shape particles are born on."),
            .choice("emitterMode", \.emitterMode, "Part of the shape particles are born on."),
            .choice("renderMode", \.renderMode, "Draw order and blending of particles."),
            .bool("preservesDepth", \.preservesDepth, "Whether particles keep their depth in the superlayer's 3-D space."),
            .number("birthRate", \.birthRate, .nonNegative, "Multiplies every cell's birth rate."),
            .number("lifetime", \.lifetime, .nonNegative, "Multiplies the sampled lifetime of new particles."),
            .number("velocity", \.velocity, .any, "Multiplies the sampled speed of new particles."),
            .number("scale", \.scale, .any, "Multiplies the sampled scale of new particles."),
            .number("spin", \.spin, .any, "Multiplies the sampled spin of new particles."),
            .seed("seed", \.seed, "Seed of the layer's random generator (0 … 4294967295)."),
            .choice(
                "startup", \.startup,
                "Whether the emitter is already populated when the scene starts: running (as iOS shows an emitter whose beginTime is 0), empty (as after beginTime = CACurrentMediaTime()), or automatic (the preset's startup, else iOS's rule); only the start counts."
            ),
        ],
        guides: [
            "startup": PropertyGuide(
                options: [
                    ("automatic", "as iOS: already running when the layer starts with the scene, else empty"),
                    ("empty", "no particles at first; emission starts with the layer"),
                    ("running", "already full at the start, as if it had been running for a while"),
                ]),
            "emitterPosition": PropertyGuide(.points, example: "[400, 300]"),
            "emitterZPosition": PropertyGuide(.points, -100...100, example: "0"),
            "emitterSize": PropertyGuide(.points, example: "[200, 0]"),
            "emitterDepth": PropertyGuide(.points, 0...200, example: "50"),
            "emitterShape": PropertyGuide(
                example: "\"circle\"",
                options: [
                    ("point", "from one point, emitterPosition"),
                    ("line", "along a horizontal line emitterSize.width long, centred on emitterPosition; particles go up"),
                    ("rectangle", "in a rectangle of emitterSize centred on emitterPosition"),
                    ("cuboid", "in a box of emitterSize and emitterDepth"),
                    ("circle", "in or on a circle as wide as emitterSize.width (radius width/2); on its outline particles go outward"),
                    ("sphere", "in or on a sphere as wide as emitterSize.width (radius width/2); particles go outward"),
                ]),
            "emitterMode": PropertyGuide(
                example: "\"outline\"",
                options: [
                    ("points", "at the shape's corners only"),
                    ("outline", "on the shape's edge: a ring for a circle, a frame for a rectangle"),
                    ("surface", "over the shape's surface (a flat shape's whole area)"),
                    ("volume", "anywhere inside the shape (the default)"),
                ]),
            "renderMode": PropertyGuide(
                example: "\"additive\"",
                options: [
                    ("unordered", "normal blending, cells in order, each oldest first (the default)"),
                    ("oldestFirst", "normal blending, the newest particles on top"),
                    ("oldestLast", "normal blending, the oldest particles on top"),
                    ("backToFront", "normal blending, sorted by depth, far first"),
                    ("additive", "colours add up: overlaps glow, order does not matter (fire, sparks, light)"),
                ]),
            "birthRate": PropertyGuide(.factor, 0...10, example: "2"),
            "lifetime": PropertyGuide(.factor, 0...10, example: "0.5"),
            "velocity": PropertyGuide(.factor, 0...10, example: "1.5"),
            "scale": PropertyGuide(.factor, 0...10, example: "0.5"),
            "spin": PropertyGuide(.factor, 0...10, example: "2"),
            "seed": PropertyGuide(nil, 0...4_294_967_295, example: "42"),
        ])
}
