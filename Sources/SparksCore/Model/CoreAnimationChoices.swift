/// Behaviours Sparks had to choose where Core Animation's is undocumented or uncertain
/// (core-animation.md §10). Each is one named constant so a device capture can settle it in one place;
/// `docs/ca-differences.md` explains every one.
public enum CoreAnimationChoices {
    /// Width of a sampled range as a multiple of the range property: a value is uniform in
    /// `mean ± range × rangeWidthFactor / 2`. 1 follows CAEmitterLayer.h ("±R/2", core-animation.md §6.2, Q1);
    /// 2 would follow the ±R reading of Apple's lifetimeRange prose.
    public static let rangeWidthFactor = 1.0

    /// Whether a colour range adds a random part of itself to the colour (`color + range × u`, u
    /// uniform in [0, 1)) rather than spreading it evenly around the colour (`± range / 2`,
    /// clamped to 0…1, as the other ranges do). Even: two iPhone captures from different
    /// repositories show components that are exactly 0 as often as the even spread makes them
    /// (the rule probes `colour-ranges`, a black cell with ranges of 1, and `fireworks-colour`,
    /// a red rocket with ranges of 1 whose bursts mostly have no green at all), where a one-sided
    /// spread almost never does (core-animation.md §6.2; core-animation.md §10, Q1). Alpha
    /// follows the other components.
    public static let colorRangeIsOneSided = false

    /// How far from the centre of its cone an emission direction may be, as a multiple of
    /// `emissionRange`: directions lie within `emissionRange × emissionHalfAngleInRanges` of it
    /// (all directions from π on). CAEmitterLayer.h's "±R/2" convention for ranges would make it
    /// ½ (the range a full apex angle); iPhone captures show the spread of a half-angle of the
    /// whole range, so it is 1 (core-animation.md §6.3; core-animation.md §10, Q1). The same
    /// rule spreads the facing of `plane` particles about their orientation.
    public static let emissionHalfAngleInRanges = 1.0

    /// Whether `emissionRange` spreads directions over a 3-D cone (uniform in solid angle, so some
    /// particles move mostly along z and look slow when flattened) rather than a flat fan in the
    /// xy-plane (core-animation.md §6.3, Q2).
    public static let emissionRangeIsCone = true

    /// Whether a particle whose scale has passed below zero is drawn with its image turned by
    /// half a turn at the absolute size (as a negative scale transform draws it) instead of not
    /// at all. core-animation.md §10 Q11 recommended drawing nothing; the neon preset's values
    /// (scale 0.1, scaleSpeed −0.2, lifetime 4) make a growing ring on iOS only if negative
    /// scales are drawn, so Sparks draws them.
    public static let negativeScaleIsDrawn = true

    /// Whether a cell's `speed` scales its emission schedule (birth rate per parent second)
    /// (core-animation.md §6.9: what cell speed does is unknown; no studied program sets it).
    public static let cellSpeedScalesEmission = true

    /// Whether the emitter layer's `birthRate` multiplies sub-cells' rates too, generation after
    /// generation (core-animation.md §6.8: a sub-cell emits `birthRate × layer.birthRate` per living parent),
    /// rather than only the top-level cells'.
    public static let layerBirthRateMultipliesEveryGeneration = true

    /// How far back an emitter re-simulates when it starts late or resumes, as a multiple of its
    /// longest particle chain's lifetime (core-animation.md §5.7, Q7): older particles would be dead anyway.
    public static let catchUpHorizonInChainLifetimes = 1.0

    /// Whether the `top` gravities (`top`, `topLeft`, `topRight`) put a layer's contents at
    /// the bottom edge of its bounds (largest y) and the `bottom` ones at the top, as iOS shows
    /// them: Core Animation defines gravity in y-up space, and a layer that is not inside a
    /// flipped geometry draws it upside down relative to UIKit. Inside an odd number of
    /// `geometryFlipped` layers the names mean what they say.
    public static let gravityTopIsLargestY = true

    /// The standard deviation of a shadow's Gaussian blur per point of `shadowRadius`. Apple
    /// does not define the blur; 1 makes a shadowRadius of r match a CSS or Figma/Sketch blur
    /// of 2r (whose σ is half the blur), the correspondence designers use when they hand shadows
    /// to iOS code.
    public static let shadowSigmaPerRadius = 1.0

    /// Whether a conic gradient's colours run clockwise on screen from the direction of
    /// `endPoint` (Apple documents the centre and the start direction, not the sense of turn).
    public static let conicGradientRunsClockwise = true

    /// Upper bound on steps one catch-up (prewarm) may run, whatever the horizon.
    public static let maxCatchUpSteps = 36_000
}
