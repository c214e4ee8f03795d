/// Where a canvas lands on an output: a canvas point (x, y) is drawn at output pixel
/// (x × `scaleX` + `offsetX`, y × `scaleY` + `offsetY`).
///
/// `sparks render` and the window stretch the canvas over the whole output
/// (``stretching(_:toWidth:height:)``); a game places an effect in its own frame, moved and
/// zoomed by its camera.
public struct CanvasPlacement: Equatable, Sendable {
    /// Output pixels per canvas point, horizontally.
    public var scaleX: Double
    /// Output pixels per canvas point, vertically.
    public var scaleY: Double
    /// The output pixel where the canvas's left edge lands.
    public var offsetX: Double
    /// The output pixel where the canvas's top edge lands.
    public var offsetY: Double

    /// Creates a placement; non-finite values count as identity's.
    public init(scaleX: Double = 1, scaleY: Double = 1, offsetX: Double = 0, offsetY: Double = 0) {
        self.scaleX = scaleX.isFinite ? scaleX : 1
        self.scaleY = scaleY.isFinite ? scaleY : 1
        self.offsetX = offsetX.isFinite ? offsetX : 0
        self.offsetY = offsetY.isFinite ? offsetY : 0
    }

    /// One canvas point per pixel, the canvas's top-left corner at the output's.
    public static let identity = CanvasPlacement()

    /// The canvas stretched over an output of `width` × `height` pixels.
    public static func stretching(_ canvas: Size, toWidth width: Int, height: Int) -> CanvasPlacement {
        CanvasPlacement(
            scaleX: canvas.width > 0 ? Double(width) / canvas.width : 1,
            scaleY: canvas.height > 0 ? Double(height) / canvas.height : 1)
    }

    /// The output x of canvas x.
    public func pixelX(_ x: Double) -> Double { x * scaleX + offsetX }

    /// The output y of canvas y.
    public func pixelY(_ y: Double) -> Double { y * scaleY + offsetY }
}
