import CSparksSDL2
import SparksCore
import SparksRaster

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The drawing surface of a window: the canvas letterboxed into the window at its real pixel
/// size, drawn by a ``FrameDrawer`` into the window's renderer (GPU or CPU, as
/// ``SDLRendererBackend`` chooses).
final class WindowCanvas {
    let renderer: OpaquePointer
    private let backend: SDLRendererBackend
    private let drawer: FrameDrawer
    /// The path in use.
    var mode: WindowRenderer { backend.path }
    /// What draws, for the HUD: "cpu (2 threads)" or "gpu (opengl: …)".
    var summary: String { backend.summary }
    /// What the covered-pixel budget left out of the last frame, or nil when it drew everything.
    var budgetCut: DrawBudgetCut? { drawer.budgetCut }
    /// Textures that could not be loaded, by file.
    var textureFailures: [String: ImageDecodingError] { drawer.textureFailures }
    /// Where the canvas sits in the window's output, in pixels.
    private(set) var viewport = SDL_Rect(x: 0, y: 0, w: 1, h: 1)
    private var canvasSize = Size(width: 1, height: 1)

    /// Creates the renderer for `window` and picks the drawing path.
    init(window: OpaquePointer, choice: WindowRenderer, threads: Int, decoder: ImageDecoder, maxTextureBytes: Int) throws(SDLError) {
        guard let renderer = SDLRendererBackend.makeWindowRenderer(window, choice: choice) else {
            throw SDLError("creating a renderer for the window")
        }
        guard
            let backend = SDLRendererBackend(
                renderer: renderer, choice: choice, decoder: decoder, maxTextureBytes: maxTextureBytes, ownsRenderer: true)
        else {
            throw SDLError("creating the CPU rasterizer")
        }
        if choice == .gpu, backend.path == .cpu {
            let message = "sparks: SDL's renderer cannot blend premultiplied colour; drawing with the CPU rasterizer\n"
            StandardStream.error.write(message)
        }
        self.renderer = renderer
        self.backend = backend
        drawer = FrameDrawer(backend: backend)
        drawer.threadCount = threads
    }

    /// Destroys the textures and the renderer, before the window goes (see
    /// ``SDLRendererBackend/close()``).
    func close() {
        backend.close()
    }

    /// Fits a canvas of `size` points into the window's output, keeping its aspect ratio.
    func layout(canvas size: Size) {
        canvasSize = size
        var w: Int32 = 0, h: Int32 = 0
        SDL_GetRendererOutputSize(renderer, &w, &h)
        let scale = min(Double(w) / max(size.width, 1), Double(h) / max(size.height, 1))
        let vw = Int32(max(1, min(Double(w), (size.width * scale).rounded())))
        let vh = Int32(max(1, min(Double(h), (size.height * scale).rounded())))
        viewport = SDL_Rect(x: (w - vw) / 2, y: (h - vh) / 2, w: vw, h: vh)
    }

    /// Resolves the scene's render list for the viewport.
    func build(_ list: RenderList) {
        drawer.resolve(list, width: Int(viewport.w), height: Int(viewport.h))
    }

    /// Clears the window to black and draws the resolved list into the viewport.
    func draw() {
        SDL_RenderSetViewport(renderer, nil)
        SDL_SetRenderDrawColor(renderer, 0, 0, 0, 255)
        SDL_RenderClear(renderer)
        SDL_RenderSetViewport(renderer, &viewport)
        drawer.draw()
        SDL_RenderSetViewport(renderer, nil)
    }

    /// The canvas point under a window position (in window coordinates, as SDL reports events).
    func canvasPoint(window: OpaquePointer, x: Int32, y: Int32) -> Point {
        var ww: Int32 = 0, wh: Int32 = 0, ow: Int32 = 0, oh: Int32 = 0
        SDL_GetWindowSize(window, &ww, &wh)
        SDL_GetRendererOutputSize(renderer, &ow, &oh)
        // Window coordinates to output pixels (they differ on high-density displays).
        let px = Double(x) * Double(ow) / Double(max(ww, 1)), py = Double(y) * Double(oh) / Double(max(wh, 1))
        return Point(
            x: (px - Double(viewport.x)) * canvasSize.width / Double(max(viewport.w, 1)),
            y: (py - Double(viewport.y)) * canvasSize.height / Double(max(viewport.h, 1)))
    }

    /// The picture as drawn (without HUD): the CPU buffer itself, or the viewport drawn again
    /// and read back.
    func picture() throws(SDLError) -> PixelImage {
        if let pixels = backend.drawnPixels { return PixelImage(pixels) }
        draw()
        return try SDLRendererBackend.opaquePixels(of: renderer, in: viewport)
    }

    /// The whole window as shown now (the picture, the HUD and any panel), read back from the
    /// renderer before it is presented.
    func windowPicture() throws(SDLError) -> PixelImage {
        var w: Int32 = 0, h: Int32 = 0
        SDL_GetRendererOutputSize(renderer, &w, &h)
        return try SDLRendererBackend.opaquePixels(of: renderer, in: SDL_Rect(x: 0, y: 0, w: w, h: h))
    }

    /// The window's output width in pixels.
    var outputWidth: Int32 {
        var w: Int32 = 0, h: Int32 = 0
        SDL_GetRendererOutputSize(renderer, &w, &h)
        return w
    }

    /// Forgets an image whose file changed.
    func invalidate(_ path: String) {
        drawer.invalidateTexture(path)
    }
}
