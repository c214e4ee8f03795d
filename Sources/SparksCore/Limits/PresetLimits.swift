/// The budgets that keep a typo or a hostile file from exhausting memory or stalling the
/// program. What must be known before any work (file size, texture memory, particles and layer
/// copies to store, prewarm work) is checked from the preset alone, by `validate` and every
/// command alike; what drawing costs (covered pixels, drawn quads) is bounded frame by frame
/// while drawing, never by refusing a preset. Each has a command-line override
/// (`sparks validate --help`).
public struct PresetLimits: Hashable, Sendable {
    /// Most particles simulated at once (`--max-particles`).
    public var maxParticles: Int
    /// Most layer copies drawn per frame: every layer counts once per instance of every
    /// replicator above it (`--max-layer-copies`).
    public var maxDrawnInstances: Int
    /// Most quads drawn per frame: particles times the copies replicators make of their
    /// emitter, plus layers (`--max-drawn-quads`).
    public var maxDrawnQuads: Int
    /// Most memory for decoded textures, in bytes, worked out from image headers before any
    /// decoding (`--max-texture-memory`, in MiB).
    public var maxTextureBytes: Int
    /// Most pixels a frame covers, counted at the canvas size while the frame is drawn:
    /// particles past it are left out of that frame (`--max-covered-pixels`, in millions). Not
    /// checked when a preset is read: `validate` only warns about a preset that may reach it.
    public var maxCoveredPixels: Double
    /// Most prewarm work, in particle-steps: steps caught up when a layer or cell starts with a
    /// negative `beginTime`, times the particles they keep alive (`--max-prewarm`, in millions).
    public var maxPrewarmWork: Double
    /// Largest preset file, in bytes (`--max-preset-size`, in MiB).
    public var maxPresetBytes: Int

    /// The default limits.
    public static let standard = PresetLimits()

    /// No budget at all but the preset size (for a scene checked after it is changed, as
    /// `--live` scales birth rates).
    public static var unlimited: PresetLimits {
        PresetLimits(
            maxParticles: .max, maxDrawnInstances: .max, maxDrawnQuads: .max, maxTextureBytes: .max,
            maxCoveredPixels: .infinity, maxPrewarmWork: .infinity)
    }

    /// The default of each budget.
    public static let defaultMaxParticles = 2_000_000
    public static let defaultMaxDrawnInstances = 100_000
    public static let defaultMaxDrawnQuads = 4_000_000
    public static let defaultMaxTextureBytes = 256 << 20
    public static let defaultMaxCoveredPixels = 500e6
    public static let defaultMaxPrewarmWork = 2e9
    public static let defaultMaxPresetBytes = 16 << 20

    /// Bytes a decoded texture holds per pixel in a renderer: the image and its mip levels
    /// (4 bytes × 4/3) and, for alpha masks, their alphas and bilinear footprints (5 × 4/3).
    public static let textureBytesPerPixel = 12

    /// The largest particle count `--live` may ask for (about 1.3 GB of particles).
    public static let maxLiveOption = 20_000_000

    /// Creates limits.
    public init(
        maxParticles: Int = PresetLimits.defaultMaxParticles, maxDrawnInstances: Int = PresetLimits.defaultMaxDrawnInstances,
        maxDrawnQuads: Int = PresetLimits.defaultMaxDrawnQuads, maxTextureBytes: Int = PresetLimits.defaultMaxTextureBytes,
        maxCoveredPixels: Double = PresetLimits.defaultMaxCoveredPixels, maxPrewarmWork: Double = PresetLimits.defaultMaxPrewarmWork,
        maxPresetBytes: Int = PresetLimits.defaultMaxPresetBytes
    ) {
        self.maxParticles = maxParticles
        self.maxDrawnInstances = maxDrawnInstances
        self.maxDrawnQuads = maxDrawnQuads
        self.maxTextureBytes = maxTextureBytes
        self.maxCoveredPixels = maxCoveredPixels
        self.maxPrewarmWork = maxPrewarmWork
        self.maxPresetBytes = maxPresetBytes
    }
}
