import CSparksKernels

/// Texture sampling filter (CALayerContentsFilter): how an image's texels become pixels when it
/// is drawn at another size.
public enum ContentsFilter: String, Sendable, CaseIterable {
    /// Bilinear filtering between the four nearest texels (the default). When the image is drawn
    /// smaller than its size, texels come from the mip level nearest the drawn size, so minified
    /// images do not shimmer.
    case linear
    /// The nearest texel: hard-edged blocks when magnified (pixel art). Minified images also take
    /// the nearest mip level.
    case nearest
    /// Bilinear in the two mip levels around the drawn size, blended between them (minification;
    /// as magnification filter it is linear).
    case trilinear
}

/// How a batch's texture is sampled: Core Animation's `minificationFilter`,
/// `magnificationFilter` and `minificationFilterBias`, of an emitter cell or a layer.
public struct TextureSampling: Hashable, Sendable {
    /// Filter when the image is drawn smaller than its size. Default linear.
    public var minification: ContentsFilter
    /// Filter when the image is drawn larger than (or at) its size. Default linear.
    public var magnification: ContentsFilter
    /// Added to the mip level chosen from the drawn size (log2 of texels per pixel): positive
    /// picks smaller, blurrier levels, negative sharper ones. Default 0.
    public var minificationBias: Float

    /// Creates sampling settings; the defaults are Core Animation's.
    public init(minification: ContentsFilter = .linear, magnification: ContentsFilter = .linear, minificationBias: Float = 0) {
        self.minification = minification
        self.magnification = magnification
        self.minificationBias = minificationBias.isFinite ? min(max(minificationBias, -16), 16) : 0
    }

    /// Core Animation's defaults: linear both ways, no bias.
    public static let standard = TextureSampling()

    /// The texel footprint of one pixel, resolved to what to sample.
    ///
    /// `texelsPerPixel` is how many level-0 texels one output pixel spans along the image's
    /// longer on-screen direction. Magnification (at most one texel per pixel) samples level 0
    /// with the magnification filter; minification picks the level nearest
    /// `log2(texelsPerPixel) + bias` (trilinear: the level below it, blended with the next by
    /// `blend`), limited to `levelCount − 1`. (The rule is the CPU rasterizer's kernels',
    /// `sparks_choose`, which choose this way for every quad they set up.)
    public func choose(texelsPerPixel: Float, levelCount: Int) -> SampleChoice {
        let choice = sparks_choose(
            texelsPerPixel, Int32(clamping: levelCount), minification.kernelCode, magnification.kernelCode, biasFactor)
        let filter: ContentsFilter =
            switch choice.filter {
            case Int32(SPARKS_FILTER_NEAREST): .nearest
            case Int32(SPARKS_FILTER_TRILINEAR): .trilinear
            default: .linear
            }
        return SampleChoice(filter: filter, level: Int(choice.level), blend: choice.blend)
    }

    /// Level-0 texels per pixel from the texel coordinates' derivatives along the screen's x
    /// and y: the longer of the two footprints (OpenGL's ρ).
    @inline(__always)
    public static func texelsPerPixel(dUdx: Float, dVdx: Float, dUdy: Float, dVdy: Float) -> Float {
        sparks_texels_per_pixel(dUdx, dVdx, dUdy, dVdy)
    }

    /// 2^minificationBias: the factor the minified footprint is scaled by before a level is chosen.
    public var biasFactor: Float { minificationBias == 0 ? 1 : exp2(minificationBias) }
}

extension ContentsFilter {
    /// The filter as the kernels name it (`SPARKS_FILTER_…`).
    package var kernelCode: Int32 {
        switch self {
        case .nearest: Int32(SPARKS_FILTER_NEAREST)
        case .linear: Int32(SPARKS_FILTER_LINEAR)
        case .trilinear: Int32(SPARKS_FILTER_TRILINEAR)
        }
    }
}

/// What one draw samples: a filter, a mip level and, for trilinear, how much of the next level.
public struct SampleChoice: Hashable, Sendable {
    /// The filter to apply within a level (trilinear: linear in both levels).
    public var filter: ContentsFilter
    /// The mip level, 0 being the image itself.
    public var level: Int
    /// Weight of level `level + 1` for trilinear, 0…1.
    public var blend: Float

    /// Creates a choice.
    public init(filter: ContentsFilter, level: Int, blend: Float) {
        self.filter = filter
        self.level = level
        self.blend = blend
    }
}

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
