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

/// Which path draws into an SDL renderer.
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

/// Draws draw lists into an SDL renderer's viewport (the window, or a texture set as its
/// target): the one place that chooses between the GPU and the CPU.
///
/// The GPU path draws through SDL's geometry API (``SDLGeometryBackend``); it needs a renderer
/// that blends premultiplied colour (OpenGL, Direct3D, Metal, Vulkan, also Mesa's llvmpipe).
/// The CPU path draws with Sparks's rasterizer and shows the buffer through a streaming
/// texture; a list that draws over what the renderer holds starts from the renderer's pixels,
/// read back. SDL's software renderer can only take the CPU path.
package final class SDLRendererBackend: DrawBackend {
    /// The path in use, `.gpu` or `.cpu`.
    package let path: WindowRenderer
    /// What draws, for people: "cpu (2 threads)" or "gpu (opengl: …)".
    package var summary: String {
        rasterizer != nil ? "cpu (\(threadCount) thread\(threadCount == 1 ? "" : "s"))" : "gpu (\(gpuDescription))"
    }
    private let renderer: OpaquePointer
    private let ownsRenderer: Bool
    private let geometry: SDLGeometryBackend?
    private let rasterizer: CPURenderer?
    private let streaming: StreamingTexture
    private let gpuDescription: String
    private var readBack: [UInt32] = []

    /// Draws into `renderer` by `choice` (`.auto` takes the GPU only on a graphics card; `.gpu`
    /// falls back to the CPU where the renderer cannot blend premultiplied colour); textures
    /// read with `decoder`, at most `maxTextureBytes` of them. With `ownsRenderer` the renderer
    /// is destroyed with the backend (after the textures made with it). Nil when not even the
    /// CPU rasterizer can be made.
    package init?(renderer: OpaquePointer, choice: WindowRenderer, decoder: ImageDecoder, maxTextureBytes: Int, ownsRenderer: Bool = false)
    {
        self.renderer = renderer
        self.ownsRenderer = ownsRenderer
        streaming = StreamingTexture(renderer: renderer)
        let name = Self.rendererName(renderer)
        gpuDescription = Self.glRendererString().map { "\(name): \($0)" } ?? name
        let wantsGPU = choice == .gpu || (choice == .auto && Self.hardwareDescription(renderer) != nil)
        if wantsGPU, let backend = SDLGeometryBackend(renderer: renderer, decoder: decoder, maxTextureBytes: maxTextureBytes) {
            geometry = backend
            rasterizer = nil
            path = .gpu
        } else {
            guard let cpu = CPURenderer(width: 1, height: 1, decoder: decoder, maxTextureBytes: maxTextureBytes) else {
                if ownsRenderer { SDL_DestroyRenderer(renderer) }
                return nil
            }
            geometry = nil
            rasterizer = cpu
            path = .cpu
        }
    }

    deinit {
        close()
    }

    private var isClosed = false

    /// Destroys the textures and then, when it owns it, the renderer: before the window they
    /// draw into goes (a GL renderer's textures die with the window's context). Drawing after
    /// it is not allowed; the second call does nothing.
    package func close() {
        guard !isClosed else { return }
        isClosed = true
        // The textures go before their renderer.
        streaming.destroy()
        geometry?.releaseResources()
        if ownsRenderer { SDL_DestroyRenderer(renderer) }
    }

    package var threadCount = 1 {
        didSet {
            threadCount = min(max(threadCount, 1), 64)
            rasterizer?.threadCount = threadCount
        }
    }

    package var textureFailures: [String: ImageDecodingError] {
        rasterizer?.textureFailures ?? geometry?.textures.pyramids.failures ?? [:]
    }

    package func invalidateTexture(_ key: String) {
        rasterizer?.invalidateTexture(key)
        geometry?.textures.pyramids.invalidate(key)
    }

    /// The pixels the CPU path drew last (nil on the GPU path: read the renderer back).
    package var drawnPixels: PixelBuffer? { rasterizer?.buffer }

    /// Draws `list` into the renderer's viewport (its pixels are the viewport's), over what the
    /// renderer holds when the list says so.
    package func draw(_ list: DrawList) {
        if let geometry {
            var clip = SDL_Rect()
            let clipped = SDL_RenderIsClipEnabled(renderer) == SDL_TRUE
            if clipped { SDL_RenderGetClipRect(renderer, &clip) }
            geometry.draw(list)
            if clipped { SDL_RenderSetClipRect(renderer, &clip) } else { SDL_RenderSetClipRect(renderer, nil) }
            return
        }
        guard let rasterizer, list.width > 0, list.height > 0, rasterizer.resize(width: list.width, height: list.height) else { return }
        let scale = pixelScale
        if !list.clearsOutput { readRendererPixels(into: rasterizer.buffer, width: list.width, height: list.height) }
        rasterizer.draw(list)
        // The buffer holds the viewport's output pixels; the copy is given in the renderer's
        // units, which its scale turns back into exactly those pixels.
        let whole = SDL_FRect(x: 0, y: 0, w: Float(Double(list.width) / scale.x), h: Float(Double(list.height) / scale.y))
        rasterizer.buffer.withPixelBytes { bytes, rowBytes in
            streaming.show(bytes, width: list.width, height: list.height, rowBytes: rowBytes, in: whole)
        }
    }

    /// Starts the CPU buffer from what the renderer's viewport shows, in output pixels.
    /// (`SDL_RenderReadPixels` takes a rectangle of the output, not of the viewport, and
    /// writes only where the two meet: so no more than the buffer is ever written.)
    private func readRendererPixels(into buffer: PixelBuffer, width: Int, height: Int) {
        let count = width * height, rowBytes = width * 4
        if readBack.count != count { readBack = [UInt32](repeating: 0, count: count) }
        let origin = viewportOrigin
        readBack.withUnsafeMutableBytes { bytes in
            var rect = SDL_Rect(x: Int32(origin.x), y: Int32(origin.y), w: Int32(width), h: Int32(height))
            _ = SDL_RenderReadPixels(renderer, &rect, SparksPixelFormatARGB8888(), bytes.baseAddress, Int32(rowBytes))
            buffer.copyPixels(from: bytes.baseAddress!, bytesPerRow: rowBytes)
        }
    }

    /// The renderer's scale from its units to output pixels (`SDL_RenderSetLogicalSize`,
    /// `SDL_RenderSetScale`): the CPU path draws output pixels, the GPU path the renderer's
    /// units, which SDL scales itself ((1, 1) there).
    package var pixelScale: (x: Double, y: Double) {
        guard rasterizer != nil else { return (1, 1) }
        var sx: Float = 1, sy: Float = 1
        SDL_RenderGetScale(renderer, &sx, &sy)
        return (sx.isFinite && sx > 0 ? Double(sx) : 1, sy.isFinite && sy > 0 ? Double(sy) : 1)
    }

    /// The viewport's top-left corner in output pixels.
    private var viewportOrigin: (x: Int, y: Int) {
        var viewport = SDL_Rect()
        SDL_RenderGetViewport(renderer, &viewport)
        let scale = pixelScale
        return (Int((Double(viewport.x) * scale.x).rounded()), Int((Double(viewport.y) * scale.y).rounded()))
    }

    /// The size of what the renderer draws into now (its viewport): in output pixels on the CPU
    /// path, in the renderer's units on the GPU path.
    package var viewportSize: (width: Int, height: Int) {
        var viewport = SDL_Rect()
        SDL_RenderGetViewport(renderer, &viewport)
        let scale = pixelScale
        return (Int((Double(viewport.w) * scale.x).rounded()), Int((Double(viewport.h) * scale.y).rounded()))
    }

    // MARK: A window's renderer

    /// Creates the renderer for a window drawn by `choice`: with vsync on a graphics card; SDL's
    /// own software renderer when the CPU draws and GL would itself be software (showing a
    /// CPU-drawn buffer costs least there).
    package static func makeWindowRenderer(_ window: OpaquePointer, choice: WindowRenderer) -> OpaquePointer? {
        let accelerated = SDL_RENDERER_ACCELERATED.rawValue | SDL_RENDERER_PRESENTVSYNC.rawValue
        var renderer = SDL_CreateRenderer(window, -1, accelerated)
        let hardware = renderer.flatMap(hardwareDescription) != nil
        if choice == .cpu || (choice == .auto && !hardware), !hardware, let made = renderer {
            SDL_DestroyRenderer(made)
            renderer = nil
        }
        return renderer ?? SDL_CreateRenderer(window, -1, SDL_RENDERER_SOFTWARE.rawValue)
    }

    /// `renderer`'s pixels inside `rect`, read back and made opaque (the picture over black):
    /// the window's screenshots and the offscreen GPU renderer's frames.
    package static func opaquePixels(of renderer: OpaquePointer, in rect: SDL_Rect) throws(SDLError) -> PixelImage {
        var rect = rect
        var rgba = [UInt8](repeating: 0, count: Int(rect.w) * Int(rect.h) * 4)
        let status = rgba.withUnsafeMutableBytes {
            SDL_RenderReadPixels(renderer, &rect, SparksPixelFormatABGR8888(), $0.baseAddress, rect.w * 4)
        }
        guard status == 0 else { throw SDLError("reading the renderer's pixels") }
        for i in stride(from: 3, to: rgba.count, by: 4) { rgba[i] = 255 }
        return PixelImage(width: Int(rect.w), height: Int(rect.h), rgba: rgba)
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

    /// `glGetString(GL_RENDERER)` of the current GL context, if there is one. Without SDL's video
    /// subsystem there is none, and GL is not asked: asking would set SDL's error, whose buffer SDL
    /// never frees on threads it did not start (a game drawing into a software renderer).
    private static func glRendererString() -> String? {
        guard SDL_WasInit(SDL_INIT_VIDEO) != 0, SDL_GL_GetCurrentContext() != nil, let address = SDL_GL_GetProcAddress("glGetString")
        else { return nil }
        typealias GetString = @convention(c) (UInt32) -> UnsafePointer<UInt8>?
        let glGetString = unsafeBitCast(address, to: GetString.self)
        let glRenderer: UInt32 = 0x1F01
        return glGetString(glRenderer).map { String(cString: $0) }
    }
}
