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
    /// `blend`), limited to `levelCount − 1`.
    @inline(__always)
    @inlinable
    public func choose(texelsPerPixel: Float, levelCount: Int) -> SampleChoice {
        let top = max(levelCount - 1, 0)
        guard texelsPerPixel.isFinite, texelsPerPixel > 1 else {
            return SampleChoice(filter: magnification == .nearest ? .nearest : .linear, level: 0, blend: 0)
        }
        // log2(texelsPerPixel) + bias > 0 ⇔ texelsPerPixel · 2^bias > 1.
        let biased = texelsPerPixel * biasFactor
        guard biased > 1 else {
            return SampleChoice(filter: minification == .nearest ? .nearest : .linear, level: 0, blend: 0)
        }
        switch minification {
        case .nearest, .linear:
            // The nearest level: ⌊log2(biased) + ½⌋ = ⌊log2(biased · √2)⌋, the float's exponent
            // (read from its bits: `biased` is above 1, finite and normal).
            let exponent = Int(((biased * Float(2).squareRoot()).bitPattern >> 23) & 0xFF) - 127
            let level = min(exponent, top)
            return SampleChoice(filter: minification == .nearest ? .nearest : .linear, level: level, blend: 0)
        case .trilinear:
            let lod = min(log2(biased), 64)
            let below = min(Int(lod), top)
            let fraction = below < top ? lod - Float(below) : 0
            return SampleChoice(filter: fraction > 0 ? .trilinear : .linear, level: below, blend: min(fraction, 1))
        }
    }

    /// Level-0 texels per pixel from the texel coordinates' derivatives along the screen's x
    /// and y: the longer of the two footprints (OpenGL's ρ).
    @inline(__always)
    @inlinable
    public static func texelsPerPixel(dUdx: Float, dVdx: Float, dUdy: Float, dVdy: Float) -> Float {
        max((dUdx * dUdx + dVdx * dVdx).squareRoot(), (dUdy * dUdy + dVdy * dVdy).squareRoot())
    }

    /// 2^minificationBias.
    @inlinable
    var biasFactor: Float { minificationBias == 0 ? 1 : exp2(minificationBias) }
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
