import CSparksSDL2
import Foundation
import SparksCore
import SparksRaster

/// Which path draws the window's picture.
public enum WindowRenderer: String, CaseIterable, Sendable {
    /// Sparks's CPU rasterizer draws into a buffer that a streaming texture shows: the same
    /// pixels `sparks render` writes.
    case cpu
    /// SDL's GPU renderer draws the draw list with `SDL_RenderGeometryRaw`.
    case gpu
    /// The GPU where there is a real graphics card, the CPU rasterizer otherwise (software
    /// renderers such as Mesa's llvmpipe under Xvfb or in virtual machines).
    case auto
}

/// The drawing surface of a window: the canvas letterboxed into the window at its real pixel
/// size, drawn by the CPU rasterizer (shown through a streaming texture) or by SDL's GPU
/// renderer, from the same draw list.
final class WindowCanvas {
    /// The path in use.
    let mode: WindowRenderer
    /// What draws, for the HUD: "cpu (2 threads)" or "gpu (opengl: …)".
    let summary: String
    let renderer: OpaquePointer
    private let rasterizer: CPURenderer?
    private let geometry: SDLGeometryBackend?
    private let streaming: StreamingTexture
    private let builder = DrawListBuilder()
    private var drawList = DrawList()
    /// What the covered-pixel budget left out of the last frame, or nil when it drew everything.
    var budgetCut: DrawBudgetCut? { builder.cut }
    /// Where the canvas sits in the window's output, in pixels.
    private(set) var viewport = SDL_Rect(x: 0, y: 0, w: 1, h: 1)
    private var canvasSize = Size(width: 1, height: 1)

    /// Creates the renderer for `window` and picks the drawing path.
    init(window: OpaquePointer, choice: WindowRenderer, threads: Int, decoder: ImageDecoder, maxTextureBytes: Int) throws(SDLError) {
        let accelerated = SDL_RENDERER_ACCELERATED.rawValue | SDL_RENDERER_PRESENTVSYNC.rawValue
        var renderer = SDL_CreateRenderer(window, -1, accelerated)
        let hardware = renderer.map(Self.hardwareDescription) ?? nil
        var mode = choice
        if choice == .auto { mode = hardware != nil ? .gpu : .cpu }
        // Showing a CPU-drawn buffer costs least through SDL's own software renderer when the
        // GL renderer is itself software.
        if mode == .cpu, hardware == nil, let accelerated = renderer {
            SDL_DestroyRenderer(accelerated)
            renderer = nil
        }
        if renderer == nil { renderer = SDL_CreateRenderer(window, -1, SDL_RENDERER_SOFTWARE.rawValue) }
        guard let renderer else { throw SDLError("creating a renderer for the window") }
        self.renderer = renderer
        streaming = StreamingTexture(renderer: renderer)
        let name = Self.rendererName(renderer)
        if mode == .gpu, let backend = SDLGeometryBackend(renderer: renderer, decoder: decoder, maxTextureBytes: maxTextureBytes) {
            geometry = backend
            rasterizer = nil
            summary = "gpu (\(Self.glRendererString().map { "\(name): \($0)" } ?? name))"
        } else {
            if mode == .gpu {
                FileHandle.standardError.write(Data("sparks: SDL's \(name) renderer cannot blend premultiplied colour; drawing with the CPU rasterizer\n".utf8))
            }
            mode = .cpu
            geometry = nil
            guard let cpu = CPURenderer(width: 1, height: 1, decoder: decoder, maxTextureBytes: maxTextureBytes) else {
                throw SDLError("creating the CPU rasterizer")
            }
            cpu.threadCount = threads
            rasterizer = cpu
            summary = "cpu (\(threads) thread\(threads == 1 ? "" : "s"))"
        }
        self.mode = mode
        builder.threadCount = threads
    }

    deinit {
        streaming.destroy()
        SDL_DestroyRenderer(renderer)
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
        builder.build(list, width: Int(viewport.w), height: Int(viewport.h), into: &drawList)
    }

    /// Draws the resolved list: into the CPU buffer, or through the GPU into the back buffer.
    func draw() {
        SDL_RenderSetViewport(renderer, nil)
        SDL_SetRenderDrawColor(renderer, 0, 0, 0, 255)
        SDL_RenderClear(renderer)
        if let rasterizer {
            rasterizer.resize(width: Int(viewport.w), height: Int(viewport.h))
            rasterizer.draw(drawList)
        } else if let geometry {
            SDL_RenderSetViewport(renderer, &viewport)
            geometry.draw(drawList)
            SDL_RenderSetViewport(renderer, nil)
        }
    }

    /// Puts the CPU buffer on screen (upload and copy); nothing to do for the GPU path.
    func show() {
        guard let rasterizer else { return }
        let buffer = rasterizer.buffer
        buffer.withPixelBytes { bytes, rowBytes in
            streaming.show(bytes, width: buffer.width, height: buffer.height, rowBytes: rowBytes, in: viewport)
        }
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

    /// The picture as drawn (without HUD): the CPU buffer itself, or the viewport read back.
    func picture() throws(SDLError) -> PixelImage {
        if let rasterizer { return PixelImage(rasterizer.buffer) }
        draw()
        return try readPixels(viewport)
    }

    /// The whole window as shown now (the picture, the HUD and any panel), read back from the
    /// renderer before it is presented.
    func windowPicture() throws(SDLError) -> PixelImage {
        var w: Int32 = 0, h: Int32 = 0
        SDL_GetRendererOutputSize(renderer, &w, &h)
        return try readPixels(SDL_Rect(x: 0, y: 0, w: w, h: h))
    }

    /// The renderer's pixels inside `rect`, opaque.
    private func readPixels(_ rect: SDL_Rect) throws(SDLError) -> PixelImage {
        var rect = rect
        var rgba = [UInt8](repeating: 0, count: Int(rect.w) * Int(rect.h) * 4)
        let status = rgba.withUnsafeMutableBytes { SDL_RenderReadPixels(renderer, &rect, SparksPixelFormatABGR8888(), $0.baseAddress, rect.w * 4) }
        guard status == 0 else { throw SDLError("reading the window's pixels") }
        for i in stride(from: 3, to: rgba.count, by: 4) { rgba[i] = 255 }
        return PixelImage(width: Int(rect.w), height: Int(rect.h), rgba: rgba)
    }

    /// The window's output width in pixels.
    var outputWidth: Int32 {
        var w: Int32 = 0, h: Int32 = 0
        SDL_GetRendererOutputSize(renderer, &w, &h)
        return w
    }

    /// Textures that could not be loaded, by file.
    var textureFailures: [String: ImageDecodingError] {
        rasterizer?.textureFailures ?? geometry?.textures.pyramids.failures ?? [:]
    }

    /// Forgets an image whose file changed.
    func invalidate(_ path: String) {
        rasterizer?.invalidateTexture(path)
        geometry?.textures.pyramids.invalidate(path)
    }

    // MARK: Telling a graphics card from a software renderer

    private static func rendererName(_ renderer: OpaquePointer) -> String {
        var info = SDL_RendererInfo()
        guard SDL_GetRendererInfo(renderer, &info) == 0, let name = info.name else { return "unknown" }
        return String(cString: name)
    }

    /// The GL renderer's name when `renderer` draws on a graphics card; nil for SDL's software
    /// renderer and for GL implemented in software (Mesa's llvmpipe and softpipe, as under Xvfb
    /// and in most virtual machines).
    private static func hardwareDescription(_ renderer: OpaquePointer) -> String? {
        let name = rendererName(renderer)
        guard name.hasPrefix("opengl") || name == "metal" || name.hasPrefix("direct3d") || name == "vulkan" else { return nil }
        guard name.hasPrefix("opengl") else { return name }
        guard let gl = glRendererString() else { return nil }
        let software = ["llvmpipe", "softpipe", "swrast", "software rasterizer", "lavapipe"]
        return software.contains { gl.lowercased().contains($0) } ? nil : gl
    }

    /// `glGetString(GL_RENDERER)` of the current GL context, if there is one.
    private static func glRendererString() -> String? {
        guard SDL_GL_GetCurrentContext() != nil, let address = SDL_GL_GetProcAddress("glGetString") else { return nil }
        typealias GetString = @convention(c) (UInt32) -> UnsafePointer<UInt8>?
        let glGetString = unsafeBitCast(address, to: GetString.self)
        let glRenderer: UInt32 = 0x1F01
        return glGetString(glRenderer).map { String(cString: $0) }
    }
}
