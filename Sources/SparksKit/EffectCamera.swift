import SparksCore

/// Where a game's view of the effect is: the effect's canvas point at the output's top-left
/// corner, and how many output pixels one canvas point covers.
///
/// The default shows the canvas at 1 pixel per point from its top-left corner: an effect
/// whose emitter sits at (320, 240) is drawn at pixel (320, 240). A side-scroller moves
/// ``x`` and ``y`` with its camera; ``zoom`` scales the picture about the output's top-left corner.
public struct EffectCamera: Equatable, Sendable {
    /// The canvas point drawn at the output's top-left corner: its x.
    public var x: Double
    /// The canvas point drawn at the output's top-left corner: its y.
    public var y: Double
    /// Output pixels per canvas point (2 draws the effect twice as large).
    public var zoom: Double

    /// Creates a camera whose output's top-left corner shows canvas point (x, y).
    public init(x: Double = 0, y: Double = 0, zoom: Double = 1) {
        self.x = x
        self.y = y
        self.zoom = zoom
    }

    /// The placement of the canvas on the output this camera gives.
    var placement: CanvasPlacement {
        let zoom = zoom.isFinite && zoom > 0 ? zoom : 1
        return CanvasPlacement(scaleX: zoom, scaleY: zoom, offsetX: -x * zoom, offsetY: -y * zoom)
    }
}
