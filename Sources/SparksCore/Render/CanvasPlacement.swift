#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where a canvas lands on an output: a canvas point (x, y) is scaled by (`scaleX`, `scaleY`),
/// turned by `rotation` about the canvas origin, and moved by (`offsetX`, `offsetY`): without a
/// rotation it is drawn at output pixel (x × `scaleX` + `offsetX`, y × `scaleY` + `offsetY`).
///
/// `sparks render` and the window stretch the canvas over the whole output
/// (``stretching(_:toWidth:height:)``); a game places an effect in its own frame, moved, zoomed
/// and turned by its camera.
public struct CanvasPlacement: Equatable, Sendable {
    /// Output pixels per canvas point, horizontally.
    public var scaleX: Double
    /// Output pixels per canvas point, vertically.
    public var scaleY: Double
    /// The output pixel where the canvas's left edge lands (its origin, when turned).
    public var offsetX: Double
    /// The output pixel where the canvas's top edge lands (its origin, when turned).
    public var offsetY: Double
    /// Radians the canvas turns about its origin (clockwise on the output, whose y grows downwards).
    public var rotation: Double
    /// Output pixels per unit of the placement above, horizontally and vertically: a last
    /// stretch of the whole (a renderer whose units are larger than its pixels).
    public var outputScale: (x: Double, y: Double)

    /// Creates a placement; non-finite values count as identity's.
    public init(
        scaleX: Double = 1, scaleY: Double = 1, offsetX: Double = 0, offsetY: Double = 0, rotation: Double = 0,
        outputScale: (x: Double, y: Double) = (1, 1)
    ) {
        self.scaleX = scaleX.isFinite ? scaleX : 1
        self.scaleY = scaleY.isFinite ? scaleY : 1
        self.offsetX = offsetX.isFinite ? offsetX : 0
        self.offsetY = offsetY.isFinite ? offsetY : 0
        self.rotation = rotation.isFinite ? rotation : 0
        self.outputScale = (outputScale.x.isFinite ? outputScale.x : 1, outputScale.y.isFinite ? outputScale.y : 1)
    }

    public static func == (a: CanvasPlacement, b: CanvasPlacement) -> Bool {
        a.scaleX == b.scaleX && a.scaleY == b.scaleY && a.offsetX == b.offsetX && a.offsetY == b.offsetY && a.rotation == b.rotation
            && a.outputScale == b.outputScale
    }

    /// One canvas point per pixel, the canvas's top-left corner at the output's.
    public static let identity = CanvasPlacement()

    /// The canvas stretched over an output of `width` × `height` pixels.
    public static func stretching(_ canvas: Size, toWidth width: Int, height: Int) -> CanvasPlacement {
        CanvasPlacement(
            scaleX: canvas.width > 0 ? Double(width) / canvas.width : 1,
            scaleY: canvas.height > 0 ? Double(height) / canvas.height : 1)
    }

    /// Canvas points to output pixels, as a transform (scale, then rotation, then offset, then
    /// the output's scale).
    public var transform: Transform3D {
        var m = Transform3D.scale(scaleX, scaleY, 1)
        if rotation != 0 { m = m * Transform3D.rotation(rotation, 0, 0, 1) }
        m = m * Transform3D.translation(offsetX, offsetY, 0)
        return outputScale == (1, 1) ? m : m * Transform3D.scale(outputScale.x, outputScale.y, 1)
    }

    /// Output pixels an area of one square point covers.
    public var areaScale: Double { abs(scaleX * scaleY * outputScale.x * outputScale.y) }

    /// The output pixel of canvas point `p`.
    public func pixel(_ p: Point) -> Point { transform.apply(to: p) }

    /// The output vector of canvas vector (dx, dy) (a shadow's offset): scaled and turned, not moved.
    public func pixelVector(_ dx: Double, _ dy: Double) -> (x: Double, y: Double) {
        let (x, y) = (dx * scaleX, dy * scaleY)
        guard rotation != 0 else { return (x * outputScale.x, y * outputScale.y) }
        let (c, s) = (cos(rotation), sin(rotation))
        return ((x * c - y * s) * outputScale.x, (x * s + y * c) * outputScale.y)
    }

    /// The output rectangle holding canvas rectangle `rect` (its corners' bounds when turned).
    /// (No array: it is worked out for every clipped batch of every frame.)
    public func pixelBounds(of rect: Rect) -> (minX: Double, minY: Double, maxX: Double, maxY: Double) {
        let m = transform
        let a = m.apply(to: Point(x: rect.origin.x, y: rect.origin.y)), b = m.apply(to: Point(x: rect.maxX, y: rect.origin.y))
        let c = m.apply(to: Point(x: rect.origin.x, y: rect.maxY)), d = m.apply(to: Point(x: rect.maxX, y: rect.maxY))
        return (min(a.x, b.x, c.x, d.x), min(a.y, b.y, c.y, d.y), max(a.x, b.x, c.x, d.x), max(a.y, b.y, c.y, d.y))
    }
}
