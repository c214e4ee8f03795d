import CSparksSDL2
import Foundation
import SparksCore
import SparksRaster

/// Draws render lists into memory with the CPU rasterizer: no display, no window, and the same
/// pixels on every run and for any thread count (`sparks render`, `bench --render`, tests).
public final class OffscreenRenderer {
    /// Output width in pixels.
    public var width: Int { rasterizer.buffer.width }
    /// Output height in pixels.
    public var height: Int { rasterizer.buffer.height }
    /// The rasterizer and its pixels.
    public let rasterizer: CPURenderer
    private let builder = DrawListBuilder()
    private var drawList = DrawList()

    /// Creates a renderer producing `width` × `height` pixels, reading textures with `decoder`
    /// and holding at most `maxTextureBytes` of them.
    public init(
        width: Int, height: Int, decoder: ImageDecoder = SDLImageDecoder(), maxTextureBytes: Int = PresetLimits.defaultMaxTextureBytes
    ) throws(SDLError) {
        guard let rasterizer = CPURenderer(width: width, height: height, decoder: decoder, maxTextureBytes: maxTextureBytes) else {
            throw SDLError("creating an offscreen image", reason: "size \(width)×\(height) is outside 1…\(PixelBuffer.maxSide)")
        }
        self.rasterizer = rasterizer
    }

    /// Threads drawing each frame (the picture is the same for any number).
    public var threadCount: Int {
        get { rasterizer.threadCount }
        set {
            rasterizer.threadCount = newValue
            builder.threadCount = newValue
        }
    }

    /// What the last `render` drew.
    public var statistics: DrawStatistics { rasterizer.statistics }

    /// Textures that could not be loaded, by file.
    public var textureFailures: [String: ImageDecodingError] { rasterizer.textureFailures }

    /// What the covered-pixel budget left out of the last frame, or nil when it drew everything.
    public var budgetCut: DrawBudgetCut? { builder.cut }

    /// The last list resolved into pixels (what was drawn).
    public var lastDrawList: DrawList { drawList }

    /// Clears to the list's background and draws the list, its canvas stretched to the output.
    public func render(_ list: RenderList) {
        resolve(list)
        draw()
    }

    /// Resolves `list` into the draw list for this output (the first half of `render`).
    public func resolve(_ list: RenderList) {
        builder.build(list, width: width, height: height, into: &drawList)
    }

    /// Rasterizes the last resolved draw list (the second half of `render`).
    public func draw() {
        rasterizer.draw(drawList)
    }

    /// The pixels drawn so far, straight alpha.
    public func image() -> PixelImage {
        PixelImage(rasterizer.buffer)
    }

    /// Writes the pixels drawn so far as a PNG file: RGBA with straight alpha, so a transparent
    /// canvas stays transparent.
    public func writePNG(to url: URL) throws(SDLError) {
        try image().writePNG(to: url.path)
    }

    /// Writes the pixels as an opaque PNG file, composited over black (video frames).
    public func writeOpaquePNG(to url: URL) throws(SDLError) {
        let rgb = rasterizer.buffer.rgbOverBlack()
        var rgba = [UInt8](repeating: 255, count: width * height * 4)
        for i in 0..<(width * height) {
            rgba[4 * i] = rgb[3 * i]; rgba[4 * i + 1] = rgb[3 * i + 1]; rgba[4 * i + 2] = rgb[3 * i + 2]
        }
        try PixelImage(width: width, height: height, rgba: rgba).writePNG(to: url.path)
    }
}
