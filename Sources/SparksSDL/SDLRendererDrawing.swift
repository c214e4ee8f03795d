import CSparksSDL2
import SparksCore
import SparksRaster

/// Draws draw lists over what a caller's `SDL_Renderer` already shows: a game's frame, with an
/// effect on top.
///
/// A renderer that can blend premultiplied colour (OpenGL, Direct3D, Metal, Vulkan, and Mesa's
/// llvmpipe) draws through the GPU path; SDL's software renderer cannot, so there the CPU
/// rasterizer draws over the pixels read back from the renderer and puts them back.
package final class SDLRendererDrawing {
    private let renderer: OpaquePointer
    private let geometry: SDLGeometryBackend?
    private let rasterizer: CPURenderer?
    private let streaming: StreamingTexture
    private var readBack: [UInt32] = []

    /// Creates drawing for `renderer` (an `SDL_Renderer*`), textures read with `decoder`.
    package init?(renderer: OpaquePointer, decoder: ImageDecoder, maxTextureBytes: Int, threads: Int) {
        self.renderer = renderer
        streaming = StreamingTexture(renderer: renderer)
        if let backend = SDLGeometryBackend(renderer: renderer, decoder: decoder, maxTextureBytes: maxTextureBytes) {
            geometry = backend
            rasterizer = nil
        } else {
            guard let cpu = CPURenderer(width: 1, height: 1, decoder: decoder, maxTextureBytes: maxTextureBytes) else { return nil }
            cpu.threadCount = threads
            geometry = nil
            rasterizer = cpu
        }
    }

    /// Which path draws: "gpu" or "cpu".
    package var path: String { geometry != nil ? "gpu" : "cpu" }

    /// Threads the CPU path draws with.
    package var threadCount: Int {
        get { rasterizer?.threadCount ?? 1 }
        set { rasterizer?.threadCount = newValue }
    }

    /// The size in pixels of what the renderer draws into now (its viewport).
    package var outputSize: (width: Int, height: Int) {
        var viewport = SDL_Rect()
        SDL_RenderGetViewport(renderer, &viewport)
        return (Int(viewport.w), Int(viewport.h))
    }

    /// Draws `list` into the renderer's viewport, over what it holds when the list says so.
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
        if !list.clearsOutput {
            // The list draws over what the renderer shows: start from its pixels.
            let count = list.width * list.height, rowBytes = list.width * 4
            if readBack.count != count { readBack = [UInt32](repeating: 0, count: count) }
            readBack.withUnsafeMutableBytes { bytes in
                var rect = SDL_Rect(x: 0, y: 0, w: Int32(list.width), h: Int32(list.height))
                _ = SDL_RenderReadPixels(renderer, &rect, SparksPixelFormatARGB8888(), bytes.baseAddress, Int32(rowBytes))
                rasterizer.buffer.copyPixels(from: bytes.baseAddress!, bytesPerRow: rowBytes)
            }
        }
        rasterizer.draw(list)
        rasterizer.buffer.withPixelBytes { bytes, rowBytes in
            streaming.show(bytes, width: list.width, height: list.height, rowBytes: rowBytes, in: SDL_Rect(x: 0, y: 0, w: Int32(list.width), h: Int32(list.height)))
        }
    }
}
