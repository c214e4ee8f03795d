/// The geometric shape particles are born on (CAEmitterLayerEmitterShape). core-animation.md §5.3.
public enum EmitterShape: String, Sendable, CaseIterable {
    /// A single point at `emitterPosition`; natural direction +x.
    case point
    /// A horizontal segment `emitterSize.width` long; natural direction −y (up on screen).
    case line
    /// A rectangle `emitterSize`; natural direction +x, or the edge's outward normal in outline mode.
    case rectangle
    /// A box `emitterSize` × `emitterDepth`.
    case cuboid
    /// A circle as wide as `emitterSize.width` (radius width / 2) in the xy-plane.
    case circle
    /// A sphere as wide as `emitterSize.width` (radius width / 2).
    case sphere
}

/// Which part of the shape particles are born on (CAEmitterLayerEmitterMode). core-animation.md §5.3.
public enum EmitterMode: String, Sendable, CaseIterable {
    /// The shape's vertices.
    case points
    /// The shape's boundary.
    case outline
    /// The shape's surface (for flat shapes the same as volume).
    case surface
    /// Anywhere inside the shape (the default).
    case volume
}

/// Draw order and blending of particles (CAEmitterLayerRenderMode). core-animation.md §5.4.
public enum RenderMode: String, Sendable, CaseIterable {
    /// Source-over blending; cells in array order, each in birth order (oldest first).
    case unordered
    /// Source-over blending; oldest particle drawn first (newest on top).
    case oldestFirst
    /// Source-over blending; oldest particle drawn last (on top).
    case oldestLast
    /// Source-over blending; sorted by z, far first.
    case backToFront
    /// Additive blending: destination + premultiplied source; order irrelevant.
    case additive
}

/// How a cell's particles are drawn (the private `particleType` key, core-animation.md §6.12).
public enum ParticleType: String, Sendable, CaseIterable {
    /// An image facing the viewer, turned in the screen's plane by its spin (the default).
    case sprite
    /// A card in 3-D: its plane faces a direction sampled at birth from `orientationLongitude`,
    /// `orientationLatitude` and `orientationRange`, and its spin turns it within that plane, so
    /// tilted cards foreshorten and flip as they turn (paper confetti).
    case plane
}
