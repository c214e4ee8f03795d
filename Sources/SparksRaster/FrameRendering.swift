import SparksCore

/// What draws a scene's frames into an image off screen: the CPU rasterizer
/// (``OffscreenRenderer``, the default, the same pixels on every machine) or SDL's GPU renderer
/// on the offscreen video driver (SparksSDL's `OffscreenGPURenderer`). `sparks render` and
/// `sparks bench --render` draw through it.
package protocol FrameRendering: AnyObject {
    /// Output width in pixels.
    var width: Int { get }
    /// Output height in pixels.
    var height: Int { get }
    /// Threads drawing each frame (where the path uses threads).
    var threadCount: Int { get set }
    /// What the covered-pixel budget left out of the last frame, or nil when it drew everything.
    var budgetCut: DrawBudgetCut? { get }
    /// Textures that could not be loaded, by file.
    var textureFailures: [String: ImageDecodingError] { get }
    /// Pixels the last frame covered, where the path counts them.
    var coveredPixels: Int? { get }
    /// Resolves `list` into the draw list for this output (the first half of ``render(_:)``).
    func resolve(_ list: RenderList)
    /// Draws the last resolved list, and waits until its pixels are there (the second half).
    func draw()
    /// The pixels drawn so far, straight alpha.
    func image() -> PixelImage
    /// The pixels drawn so far composited over black, opaque.
    func opaqueImage() -> PixelImage
    /// Forgets the decoded image of the file at `path`.
    func invalidateTexture(_ path: String)
}

extension FrameRendering {
    /// Clears to the list's background and draws the list, its canvas stretched to the output.
    package func render(_ list: RenderList) {
        resolve(list)
        draw()
    }
}

extension OffscreenRenderer: FrameRendering {
    package var coveredPixels: Int? { statistics.coveredPixels }
}
