import CSparksSDL2
import SparksCore
import SparksRaster

/// Draws frames with SDL's GPU renderer (OpenGL through EGL) into a hidden window of SDL's
/// offscreen video driver, and reads its pixels back: the window's GPU path (the same
/// ``SDLRendererBackend``) without a display or a person at the keys, so `sparks render
/// --renderer gpu` and `sparks bench --render --renderer gpu` measure and picture it on any
/// machine — Mesa's llvmpipe here, a graphics card wherever EGL offers one.
///
/// SDL has one video driver per process: this one is only made where no window was opened
/// before (the render and bench commands). The pixels are read back opaque, over black.
package final class OffscreenGPURenderer: FrameRendering {
    package let width: Int
    package let height: Int
    private let window: OpaquePointer
    private let renderer: OpaquePointer
    private let backend: SDLRendererBackend
    private let drawer: FrameDrawer

    /// A `width` × `height` GPU canvas; textures read with SDL_image, at most `maxTextureBytes`.
    /// - Throws: when SDL cannot start its offscreen driver or make an OpenGL renderer that
    ///   blends premultiplied colour (the message says which).
    package init(width: Int, height: Int, maxTextureBytes: Int) throws(SDLError) {
        guard (1...PixelBuffer.maxSide).contains(width), (1...PixelBuffer.maxSide).contains(height) else {
            throw SDLError(
                "drawing with the GPU", reason: "an image of \(width)×\(height) pixels: each side must be 1…\(PixelBuffer.maxSide)")
        }
        self.width = width
        self.height = height
        if SDL_WasInit(UInt32(SDL_INIT_VIDEO)) == 0 {
            SDL_SetHint(SDL_HINT_VIDEODRIVER, "offscreen")
            guard SDL_InitSubSystem(UInt32(SDL_INIT_VIDEO)) == 0 else { throw SDLError("starting SDL's offscreen video driver") }
        }
        guard
            let window = SDL_CreateWindow(
                "sparks", 0, 0, Int32(width), Int32(height), SDL_WINDOW_HIDDEN.rawValue | SDL_WINDOW_OPENGL.rawValue)
        else { throw SDLError("making an offscreen OpenGL surface (EGL)") }
        guard let renderer = SDL_CreateRenderer(window, -1, SDL_RENDERER_ACCELERATED.rawValue) else {
            SDL_DestroyWindow(window)
            throw SDLError("making an OpenGL renderer on the offscreen surface")
        }
        guard
            let backend = SDLRendererBackend(
                renderer: renderer, choice: .gpu, decoder: SDLImageDecoder(), maxTextureBytes: maxTextureBytes, ownsRenderer: true),
            backend.path == .gpu
        else {
            SDL_DestroyWindow(window)
            throw SDLError("drawing with the GPU", reason: "SDL's renderer here cannot blend premultiplied colour")
        }
        self.window = window
        self.renderer = renderer
        self.backend = backend
        drawer = FrameDrawer(backend: backend)
    }

    deinit {
        backend.close()
        SDL_DestroyWindow(window)
    }

    /// What draws: "gpu (opengl: llvmpipe …)".
    package var summary: String { backend.summary }

    package var threadCount: Int {
        get { drawer.threadCount }
        set { drawer.threadCount = newValue }
    }

    package var budgetCut: DrawBudgetCut? { drawer.budgetCut }
    package var textureFailures: [String: ImageDecodingError] { drawer.textureFailures }
    /// The GPU does not count the pixels it covers.
    package var coveredPixels: Int? { nil }

    package func resolve(_ list: RenderList) {
        drawer.resolve(list, width: width, height: height)
    }

    /// Draws into the surface, then reads one pixel back, which waits for the GPU to finish.
    package func draw() {
        SDL_RenderSetViewport(renderer, nil)
        SDL_SetRenderDrawColor(renderer, 0, 0, 0, 255)
        SDL_RenderClear(renderer)
        drawer.draw()
        var rect = SDL_Rect(x: 0, y: 0, w: 1, h: 1)
        var pixel: UInt32 = 0
        _ = SDL_RenderReadPixels(renderer, &rect, SparksPixelFormatABGR8888(), &pixel, 4)
    }

    package func image() -> PixelImage { opaqueImage() }

    /// The frame read back, opaque (black where the renderer could not be read).
    package func opaqueImage() -> PixelImage {
        let whole = SDL_Rect(x: 0, y: 0, w: Int32(width), h: Int32(height))
        return (try? SDLRendererBackend.opaquePixels(of: renderer, in: whole))
            ?? PixelImage(width: width, height: height, rgba: [UInt8](repeating: 0, count: width * height * 4))
    }

    package func invalidateTexture(_ path: String) {
        drawer.invalidateTexture(path)
    }
}
