extension EmitterCell {
    /// Largest birth rate a preset may ask for, per second.
    public static let maxBirthRate = 1e7
    /// Longest lifetime a preset may ask for, in seconds.
    public static let maxLifetime = 1e5

    /// Keys Core Animation reads by key-value coding but declares in no header: iOS code sets
    /// them with `setValue(_:forKey:)` and plain strings (core-animation.md §6.12).
    public static let privateKeys = ["particleType", "orientationLongitude", "orientationLatitude", "orientationRange"]

    /// Keys that are Sparks extensions, not Core Animation: what effects from other engines
    /// (SpriteKit, Particle Designer) need and iOS cannot say. The iOS exporters refuse them.
    public static let sparksKeys = ["emissionFan"]

    /// The settable properties, by Core Animation key (sub-cells are structural and not listed).
    public static let table = PropertyTable<EmitterCell>(
        [
            .text("name", \.name, "Name used in key paths such as emitterCells.NAME.birthRate."),
            .bool("enabled", \.isEnabled, "Whether the cell emits and draws."),
            .number(
                "birthRate", \.birthRate, NumberRule(minimum: 0, maximum: maxBirthRate),
                "Particles per second (per parent particle for a sub-cell)."),
            .number("lifetime", \.lifetime, NumberRule(minimum: 0, maximum: maxLifetime), "Seconds a particle lives."),
            .number(
                "lifetimeRange", \.lifetimeRange, NumberRule(minimum: 0, maximum: maxLifetime),
                "Spread of lifetime: uniform in lifetime ± lifetimeRange/2."),
            .number("emissionLatitude", \.emissionLatitude, .any, "Tilt of the emission direction toward +z, radians."),
            .number(
                "emissionLongitude", \.emissionLongitude, .any,
                "Rotation of the emission direction from the shape's natural direction, radians, clockwise on screen."),
            .number(
                "emissionRange", \.emissionRange, .any,
                "Spread of emission directions, radians: the half-angle of their cone (π and more: all directions)."),
            .bool(
                "emissionFan", \.emissionFan,
                "Sparks extension, not Core Animation: spread directions over a flat fan (emissionLongitude ± emissionRange in the x-y plane), as SpriteKit and Particle Designer do."
            ),
            .number("velocity", \.velocity, .any, "Initial speed, points per second."),
            .number("velocityRange", \.velocityRange, .any, "Spread of velocity: uniform in velocity ± velocityRange/2."),
            .number("xAcceleration", \.xAcceleration, .any, "Acceleration along x, points per second²."),
            .number("yAcceleration", \.yAcceleration, .any, "Acceleration along y (down on screen), points per second²."),
            .number("zAcceleration", \.zAcceleration, .any, "Acceleration along z (toward the viewer), points per second²."),
            .number("scale", \.scale, .any, "Scale factor at birth."),
            .number("scaleRange", \.scaleRange, .any, "Spread of scale."),
            .number("scaleSpeed", \.scaleSpeed, .any, "Change of scale per second."),
            .number("spin", \.spin, .any, "Rotation speed, radians per second, clockwise on screen."),
            .number("spinRange", \.spinRange, .any, "Spread of spin."),
            .color("color", \.color, "Colour multiplied into the image."),
            .number("redRange", \.redRange, .any, "Spread of the red component."),
            .number("greenRange", \.greenRange, .any, "Spread of the green component."),
            .number("blueRange", \.blueRange, .any, "Spread of the blue component."),
            .number("alphaRange", \.alphaRange, .any, "Spread of the alpha component."),
            .number("redSpeed", \.redSpeed, .any, "Change of red per second (clamped to 0…1)."),
            .number("greenSpeed", \.greenSpeed, .any, "Change of green per second (clamped to 0…1)."),
            .number("blueSpeed", \.blueSpeed, .any, "Change of blue per second (clamped to 0…1)."),
            .number("alphaSpeed", \.alphaSpeed, .any, "Change of alpha per second (clamped to 0…1)."),
            .image("contents", \.contents, "PNG image of a particle, found beside the preset or in assets/."),
            .rect("contentsRect", \.contentsRect, "Sub-rectangle of the image to draw, unit coordinates [x, y, width, height]."),
            .number(
                "contentsScale", \.contentsScale, NumberRule(minimum: 0, maximum: 1000, excludesMinimum: true), "Image pixels per point."),
            .choice("minificationFilter", \.minificationFilter, "Filter when the image is drawn smaller than its size."),
            .choice("magnificationFilter", \.magnificationFilter, "Filter when the image is drawn larger than its size."),
            .number(
                "minificationFilterBias", \.minificationFilterBias, NumberRule(minimum: -16, maximum: 16),
                "Added to the mip level of a minified image: positive blurs, negative sharpens."),
            .choice(
                "particleType", \.particleType,
                "sprite (an image facing the viewer) or plane (a card turning in 3-D); private Core Animation key."),
            .number(
                "orientationLongitude", \.orientationLongitude, .any,
                "Plane particles: turn about z of the direction their cards face, radians from +x, clockwise on screen."),
            .number(
                "orientationLatitude", \.orientationLatitude, .any,
                "Plane particles: tilt toward the viewer of the direction their cards face, radians (π/2 faces the viewer)."),
            .number(
                "orientationRange", \.orientationRange, .any,
                "Plane particles: spread of the direction their cards face about the orientation, radians, read as emissionRange is."),
            .number(
                "beginTime", \.timing.beginTime, .any,
                "When the cell starts emitting: layer time for a top-level cell, parent age for a sub-cell."),
            .number("duration", \.timing.duration, .nonNegative, "How long the cell emits; 0 means for ever."),
            .number("speed", \.timing.speed, .any, "Rate of the cell's emission timeline."),
            .number("timeOffset", \.timing.timeOffset, .any, "Seconds added to the cell's local time."),
            .repeatCount("repeatCount", \.timing.repeatCount, "Number of repetitions of duration, or \"infinity\"."),
            .number("repeatDuration", \.timing.repeatDuration, .nonNegative, "Seconds to keep repeating."),
            .bool("autoreverses", \.timing.autoreverses, "Whether each cycle also plays backwards (doubles the emission time)."),
            .choice("fillMode", \.timing.fillMode, "Media timing fill mode (no visible effect on emission)."),
        ],
        guides: [
            "magnificationFilter": PropertyGuide.textureFilter,
            "minificationFilter": PropertyGuide.textureFilter,
            "particleType": PropertyGuide(
                options: [
                    ("sprite", "an image facing the viewer, turned by spin (the default)"),
                    ("plane", "a card in 3-D that tilts and flips as it turns (paper confetti)"),
                ]),
            "name": PropertyGuide(example: "\"spark\""),
            "birthRate": PropertyGuide(.particlesPerSecond, 1...1000, example: "150"),
            "lifetime": PropertyGuide(.seconds, 0.2...10, example: "2.5"),
            "lifetimeRange": PropertyGuide(.seconds, 0...5, example: "1"),
            "emissionLatitude": PropertyGuide(.radians, -3.14159...3.14159, example: "0.5"),
            "emissionLongitude": PropertyGuide(.radians, -6.28319...6.28319, example: "-1.5708"),
            "emissionRange": PropertyGuide(.radians, 0...6.28319, example: "0.785"),
            "emissionFan": PropertyGuide(example: "true"),
            "velocity": PropertyGuide(.pointsPerSecond, 0...600, example: "150"),
            "velocityRange": PropertyGuide(.pointsPerSecond, 0...300, example: "50"),
            "xAcceleration": PropertyGuide(.pointsPerSecondSquared, -500...500, example: "30"),
            "yAcceleration": PropertyGuide(.pointsPerSecondSquared, -500...500, example: "-120"),
            "zAcceleration": PropertyGuide(.pointsPerSecondSquared, -500...500, example: "50"),
            "scale": PropertyGuide(.factor, 0.02...2, example: "0.3"),
            "scaleRange": PropertyGuide(.factor, 0...1, example: "0.1"),
            "scaleSpeed": PropertyGuide(.perSecond, -1...1, example: "-0.1"),
            "spin": PropertyGuide(.radiansPerSecond, -6.28319...6.28319, example: "1"),
            "spinRange": PropertyGuide(.radiansPerSecond, 0...12.56637, example: "3"),
            "color": PropertyGuide(example: "\"#ff8040\""),
            "redRange": PropertyGuide(.fraction, 0...1, example: "0.2"),
            "greenRange": PropertyGuide(.fraction, 0...1, example: "0.2"),
            "blueRange": PropertyGuide(.fraction, 0...1, example: "0.2"),
            "alphaRange": PropertyGuide(.fraction, 0...1, example: "0.3"),
            "redSpeed": PropertyGuide(.fractionPerSecond, -2...2, example: "-0.5"),
            "greenSpeed": PropertyGuide(.fractionPerSecond, -2...2, example: "-0.5"),
            "blueSpeed": PropertyGuide(.fractionPerSecond, -2...2, example: "-0.5"),
            "alphaSpeed": PropertyGuide(.fractionPerSecond, -2...2, example: "-0.4"),
            "contents": PropertyGuide(example: "\"spark.png\""),
            "contentsRect": PropertyGuide(.unitCoordinates, 0...1, example: "[0, 0, 0.5, 0.5]"),
            "contentsScale": PropertyGuide(.pixelsPerPoint, 1...3, example: "2"),
            "minificationFilterBias": PropertyGuide(.mipLevels, -1...1, example: "0.5"),
            "orientationLongitude": PropertyGuide(.radians, -3.14159...3.14159, example: "0.785"),
            "orientationLatitude": PropertyGuide(.radians, -1.5708...1.5708, example: "1.5708"),
            "orientationRange": PropertyGuide(.radians, 0...6.28319, example: "3.14159"),
            "beginTime": PropertyGuide(.seconds, 0...10, example: "0.5"),
            "duration": PropertyGuide(.seconds, 0...10, example: "1"),
            "speed": PropertyGuide(.factor, 0...4, example: "2"),
            "timeOffset": PropertyGuide(.seconds, 0...10, example: "1"),
            "repeatCount": PropertyGuide(.count, 0...100, example: "3"),
            "repeatDuration": PropertyGuide(.seconds, 0...60, example: "5"),
        ])
}
