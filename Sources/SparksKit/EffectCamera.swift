import SparksCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where a game's view of the effect is: which canvas point is drawn where on the output, and
/// how the canvas is zoomed, stretched and turned about it.
///
/// The default shows the canvas at 1 pixel per point from its top-left corner: an effect
/// whose emitter sits at (320, 240) is drawn at pixel (320, 240). A side-scroller moves
/// ``x`` and ``y`` with its camera; ``zoom`` scales the picture about the output's top-left
/// corner. To draw an effect at a place of the game's, turned and stretched as LÖVE's
/// `love.graphics.draw(system, x, y, r, sx, sy, ox, oy)` does, set ``outputX`` and ``outputY``
/// to the place (x, y), ``x`` and ``y`` to the canvas point the effect turns about (ox, oy),
/// ``rotation`` to r and ``scaleX`` and ``scaleY`` to sx and sy:
///
/// ```swift
/// effect.camera = EffectCamera(x: 400, y: 300, zoom: 1, rotation: ship.angle, scaleX: 1, scaleY: 0.5,
///                              outputX: ship.x, outputY: ship.y)
/// ```
///
/// An output pixel is (``outputX``, ``outputY``) + R(``rotation``) · (``zoom`` × ``scaleX`` ·
/// (px − ``x``), ``zoom`` × ``scaleY`` · (py − ``y``)) for canvas point (px, py).
public struct EffectCamera: Equatable, Sendable {
    /// The canvas point drawn at (``outputX``, ``outputY``): its x.
    public var x: Double
    /// The canvas point drawn at (``outputX``, ``outputY``): its y.
    public var y: Double
    /// Output pixels per canvas point (2 draws the effect twice as large).
    public var zoom: Double
    /// Radians the canvas turns about (``x``, ``y``): clockwise on the output, whose y grows
    /// downwards (0 by default).
    public var rotation: Double
    /// A further horizontal stretch, times ``zoom`` (1 by default; negative mirrors).
    public var scaleX: Double
    /// A further vertical stretch, times ``zoom`` (1 by default; negative mirrors).
    public var scaleY: Double
    /// The output pixel where canvas point (``x``, ``y``) is drawn: its x (0, the left edge, by default).
    public var outputX: Double
    /// The output pixel where canvas point (``x``, ``y``) is drawn: its y (0, the top edge, by default).
    public var outputY: Double

    /// Creates a camera: canvas point (x, y) at output pixel (outputX, outputY), the canvas
    /// zoomed, stretched and turned about it.
    public init(
        x: Double = 0, y: Double = 0, zoom: Double = 1, rotation: Double = 0, scaleX: Double = 1, scaleY: Double = 1,
        outputX: Double = 0, outputY: Double = 0
    ) {
        self.x = x
        self.y = y
        self.zoom = zoom
        self.rotation = rotation
        self.scaleX = scaleX
        self.scaleY = scaleY
        self.outputX = outputX
        self.outputY = outputY
    }

    /// The placement of the canvas on the output this camera gives (values that are not finite,
    /// and a zoom that is not positive, count as the default's).
    var placement: CanvasPlacement {
        func finite(_ v: Double, or fallback: Double) -> Double { v.isFinite ? v : fallback }
        let zoom = zoom.isFinite && zoom > 0 ? zoom : 1
        let sx = zoom * finite(scaleX, or: 1), sy = zoom * finite(scaleY, or: 1)
        let angle = finite(rotation, or: 0)
        let (c, s) = (cos(angle), sin(angle))
        // The canvas point (x, y), scaled and turned, must land on (outputX, outputY).
        let (px, py) = (finite(x, or: 0) * sx, finite(y, or: 0) * sy)
        return CanvasPlacement(
            scaleX: sx, scaleY: sy, offsetX: finite(outputX, or: 0) - (px * c - py * s),
            offsetY: finite(outputY, or: 0) - (px * s + py * c), rotation: angle)
    }
}
