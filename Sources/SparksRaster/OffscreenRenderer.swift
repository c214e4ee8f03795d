import SparksCore

/// Draws render lists into memory with the CPU rasterizer: no display, no window, and the same
/// pixels on every run and for any thread count (`sparks render`, `bench --render`, tests).
public final class OffscreenRenderer {
    /// The rasterizer and its pixels.
    public let rasterizer: CPURenderer
    /// The frame drawer feeding the rasterizer.
    public let drawer: FrameDrawer

    /// Creates a renderer producing `width` × `height` pixels, reading textures with `decoder`
    /// and holding at most `maxTextureBytes` of them.
    /// - Throws: ``OutputSizeError`` when a side is outside 1…``PixelBuffer/maxSide``.
    public init(
        width: Int, height: Int, decoder: ImageDecoder, maxTextureBytes: Int = PresetLimits.defaultMaxTextureBytes
    ) throws(OutputSizeError) {
        guard let rasterizer = CPURenderer(width: width, height: height, decoder: decoder, maxTextureBytes: maxTextureBytes) else {
            throw OutputSizeError(width: width, height: height)
        }
        self.rasterizer = rasterizer
        drawer = FrameDrawer(backend: rasterizer)
    }

    /// Output width in pixels.
    public var width: Int { rasterizer.buffer.width }
    /// Output height in pixels.
    public var height: Int { rasterizer.buffer.height }

    /// Threads drawing each frame (the picture is the same for any number).
    public var threadCount: Int {
        get { drawer.threadCount }
        set { drawer.threadCount = newValue }
    }

    /// What the last `render` drew.
    public var statistics: DrawStatistics { rasterizer.statistics }

    /// Textures that could not be loaded, by file.
    public var textureFailures: [String: ImageDecodingError] { drawer.textureFailures }

    /// What the covered-pixel budget left out of the last frame, or nil when it drew everything.
    public var budgetCut: DrawBudgetCut? { drawer.budgetCut }

    /// The last list resolved into pixels (what was drawn).
    public var lastDrawList: DrawList { drawer.drawList }

    /// Forgets the decoded image of the file at `path` (its contents changed); the next frame
    /// that draws it decodes the file again.
    public func invalidateTexture(_ path: String) {
        drawer.invalidateTexture(path)
    }

    /// Clears to the list's background and draws the list, its canvas stretched to the output.
    public func render(_ list: RenderList) {
        drawer.draw(list, width: width, height: height)
    }

    /// Resolves `list` into the draw list for this output (the first half of `render`).
    public func resolve(_ list: RenderList) {
        drawer.resolve(list, width: width, height: height)
    }

    /// Rasterizes the last resolved draw list (the second half of `render`).
    public func draw() {
        drawer.draw()
    }

    /// The pixels drawn so far, straight alpha.
    public func image() -> PixelImage {
        PixelImage(rasterizer.buffer)
    }

    /// Writes the pixels drawn so far, straight-alpha RGBA rows top to bottom (``image()``'s
    /// bytes), into `out`, which must hold `width` × `height` × 4 bytes.
    public func writeImage(into out: UnsafeMutableRawBufferPointer) {
        rasterizer.buffer.writeStraightRGBA(into: out)
    }

    /// The pixels drawn so far composited over black, opaque (video frames).
    public func opaqueImage() -> PixelImage {
        let rgb = rasterizer.buffer.rgbOverBlack()
        var rgba = [UInt8](repeating: 255, count: width * height * 4)
        for i in 0..<(width * height) {
            rgba[4 * i] = rgb[3 * i]
            rgba[4 * i + 1] = rgb[3 * i + 1]
            rgba[4 * i + 2] = rgb[3 * i + 2]
        }
        return PixelImage(width: width, height: height, rgba: rgba)
    }
}

/// An output size the CPU rasterizer cannot draw: a side outside 1…``PixelBuffer/maxSide``.
public struct OutputSizeError: Error, Equatable, CustomStringConvertible {
    /// The width asked for, in pixels.
    public let width: Int
    /// The height asked for, in pixels.
    public let height: Int
    /// The largest side drawn.
    public var maxSide: Int { PixelBuffer.maxSide }

    public var description: String { "an image of \(width)×\(height) pixels: each side must be 1…\(maxSide)" }
}
