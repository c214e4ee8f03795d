/// The description of one kind of particle (CAEmitterCell).
///
/// A value: an `EmitterLayer` holds an array of cells and every particle of a cell samples its
/// initial state from these properties at birth. Units are Core Animation's: seconds, radians,
/// points, and per-second speeds. Ranges spread a sampled value uniformly over
/// `[mean − range/2, mean + range/2]` (core-animation.md §6.2), except `emissionRange`, the
/// half-angle of the cone of directions (core-animation.md §6.3).
public struct EmitterCell: Hashable, Sendable {
    /// Name used in key paths such as `emitterCells.fire.birthRate`. Default nil.
    public var name: String?
    /// Whether the cell emits and draws (`enabled` in presets). Default true.
    public var isEnabled = true
    /// Particles per second: per emitter for a top-level cell, per live parent particle for a
    /// sub-cell; multiplied by the layer's `birthRate`. Default 0.
    public var birthRate: Double = 0
    /// Seconds a particle lives; multiplied by the layer's `lifetime`. Default 0 (never shown).
    public var lifetime: Double = 0
    /// Spread of `lifetime`, in seconds. Default 0.
    public var lifetimeRange: Double = 0
    /// Tilt of the emission direction out of the xy-plane toward +z, in radians. Default 0.
    public var emissionLatitude: Double = 0
    /// Rotation of the emission direction in the xy-plane, relative to the shape's natural
    /// direction, in radians; positive turns +x toward +y (clockwise on screen). Default 0.
    public var emissionLongitude: Double = 0
    /// The spread of emission directions about the longitude and latitude, in radians: the
    /// half-angle of their cone (all directions from π on; core-animation.md §6.3). Default 0.
    public var emissionRange: Double = 0
    /// Initial speed in points per second; multiplied by the layer's `velocity`. Default 0.
    public var velocity: Double = 0
    /// Spread of `velocity`, in points per second. Default 0.
    public var velocityRange: Double = 0
    /// Acceleration along x in points per second², read live every step. Default 0.
    public var xAcceleration: Double = 0
    /// Acceleration along y (down on screen) in points per second², read live. Default 0.
    public var yAcceleration: Double = 0
    /// Acceleration along z (toward the viewer) in points per second², read live. Default 0.
    public var zAcceleration: Double = 0
    /// Scale factor at birth; multiplied by the layer's `scale`. Default 1.
    public var scale: Double = 1
    /// Spread of `scale`. Default 0.
    public var scaleRange: Double = 0
    /// Change of scale per second, added linearly over life, read live. Default 0.
    public var scaleSpeed: Double = 0
    /// Rotation speed in radians per second (positive is clockwise on screen); multiplied by
    /// the layer's `spin`. Default 0.
    public var spin: Double = 0
    /// Spread of `spin`, in radians per second. Default 0.
    public var spinRange: Double = 0
    /// Colour multiplied into the texture. Default opaque white.
    public var color: Color = .white
    /// Spread of the red component. Default 0.
    public var redRange: Double = 0
    /// Spread of the green component. Default 0.
    public var greenRange: Double = 0
    /// Spread of the blue component. Default 0.
    public var blueRange: Double = 0
    /// Spread of the alpha component. Default 0.
    public var alphaRange: Double = 0
    /// Change of red per second, clamped to 0…1, read live. Default 0.
    public var redSpeed: Double = 0
    /// Change of green per second, clamped to 0…1, read live. Default 0.
    public var greenSpeed: Double = 0
    /// Change of blue per second, clamped to 0…1, read live. Default 0.
    public var blueSpeed: Double = 0
    /// Change of alpha per second, clamped to 0…1, read live. Default 0.
    public var alphaSpeed: Double = 0
    /// The particle image; nil makes invisible particles that can still emit sub-cells.
    public var contents: Texture?
    /// The sub-rectangle of `contents` to draw, in unit coordinates. Default (0, 0, 1, 1).
    public var contentsRect: Rect = .unit
    /// Pixels of `contents` per point. Default 1.
    public var contentsScale: Double = 1
    /// Filter used when the image is drawn smaller than its size. Default linear.
    public var minificationFilter: ContentsFilter = .linear
    /// Filter used when the image is drawn larger than its size. Default linear.
    public var magnificationFilter: ContentsFilter = .linear
    /// Added to the mip level chosen when the image is drawn smaller than its size: positive
    /// blurs, negative sharpens. Default 0.
    public var minificationFilterBias: Double = 0
    /// How particles are drawn: images facing the viewer, or cards turning in 3-D (a private
    /// Core Animation key, core-animation.md §6.12). Default sprite.
    public var particleType: ParticleType = .sprite
    /// For `plane` particles: the turn about z of the direction their cards face, from +x, in
    /// radians (positive is clockwise on screen). Default 0.
    public var orientationLongitude: Double = 0
    /// For `plane` particles: the tilt toward +z (the viewer) of the direction their cards face,
    /// in radians; π/2 faces the viewer. Default 0.
    public var orientationLatitude: Double = 0
    /// For `plane` particles: the spread of the facing direction about the orientation, in
    /// radians, read as `emissionRange` is. Default 0.
    public var orientationRange: Double = 0
    /// A Sparks extension, not Core Animation: directions spread over a flat fan in the x-y
    /// plane, uniform in `emissionLongitude ± emissionRange` (the cone's half-angle), as
    /// SpriteKit and Particle Designer spread them, instead of Core Animation's cone. Default false. iOS code cannot
    /// say it: the exporters refuse a preset that sets it.
    public var emissionFan = false
    /// Sub-cells: every live particle of this cell emits these (core-animation.md §6.8).
    public var emitterCells: [EmitterCell] = []
    /// When the cell emits: measured in the emitter layer's time for a top-level cell and in
    /// the parent particle's age for a sub-cell. A `duration` of 0 means for ever (core-animation.md §6.9).
    public var timing = MediaTiming()

    /// Creates a cell with Core Animation's defaults.
    public init(name: String? = nil) {
        self.name = name
    }

    /// The drawn size in points at scale 1: contents pixel size × contentsRect.size / contentsScale
    /// (core-animation.md §6.6). Zero without contents.
    public var baseSize: Size {
        contents?.pointSize(contentsRect: contentsRect, contentsScale: contentsScale) ?? .zero
    }

    /// The emission interval in parent time (layer time for a top-level cell, parent age for a
    /// sub-cell), core-animation.md §6.9: from `beginTime`, for the active duration scaled by `speed`;
    /// a duration of 0 means no end. Empty when `speed` is not positive.
    public var emissionInterval: (start: Double, end: Double) {
        let start = timing.beginTime
        guard timing.speed > 0 else { return (start, start) }
        guard timing.duration > 0 else { return (start, .infinity) }
        let active = timing.activeDuration(simpleDuration: timing.duration)
        return (start, start + active / timing.speed)
    }
}

extension [EmitterCell] {
    /// The index of the first cell with this name, in array order: how key paths such as
    /// `emitterCells.spark.birthRate` find a cell (core-animation.md §6.11).
    public func firstIndex(named name: String) -> Int? {
        firstIndex { $0.name == name }
    }
}
