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

extension SDLImageDecoder {
    /// The pixels of an `SDL_Surface*` of any format, as straight RGBA.
    package static func image(ofSurface surface: UnsafeMutableRawPointer) throws(SDLError) -> DecodedImage {
        try rgba(of: surface.assumingMemoryBound(to: SDL_Surface.self))
    }

    /// Decodes PNG bytes (a file a program read itself).
    package static func image(ofPNG bytes: [UInt8], name: String) throws(ImageDecodingError) -> DecodedImage {
        do {
            _ = try PNGInfo.pixelSize(ofHeader: bytes, name: name)
        } catch {
            throw ImageDecodingError(source: name, reason: error.message)
        }
        let decoded = bytes.withUnsafeBytes { raw -> UnsafeMutablePointer<SDL_Surface>? in
            guard let stream = SDL_RWFromConstMem(raw.baseAddress, Int32(raw.count)) else { return nil }
            return IMG_LoadTyped_RW(stream, 1, "PNG")
        }
        guard let surface = decoded else {
            throw ImageDecodingError(source: name, reason: "not a readable PNG image (\(String(cString: SDL_GetError())))")
        }
        defer { SDL_FreeSurface(surface) }
        do {
            return try rgba(of: surface)
        } catch {
            throw ImageDecodingError(source: name, reason: error.description)
        }
    }
}

extension SDLImageDecoder {
    /// The pixels of an `SDL_Texture*` of `renderer`, read back by copying it unblended into a
    /// target texture: any texture the game made (static, streaming or target), as straight RGBA.
    /// The renderer's target, blend settings of the texture and clip are left as they were.
    package static func image(ofTexture texture: OpaquePointer, renderer: OpaquePointer) throws(SDLError) -> DecodedImage {
        var format: UInt32 = 0, access: Int32 = 0, w: Int32 = 0, h: Int32 = 0
        guard SDL_QueryTexture(texture, &format, &access, &w, &h) == 0, w > 0, h > 0 else { throw SDLError("reading an SDL texture's size") }
        guard SDL_RenderTargetSupported(renderer) == SDL_TRUE,
            let copy = SDL_CreateTexture(renderer, SparksPixelFormatABGR8888(), Int32(SDL_TEXTUREACCESS_TARGET.rawValue), w, h)
        else { throw SDLError("reading an SDL texture", reason: "the renderer cannot draw into textures") }
        defer { SDL_DestroyTexture(copy) }
        let outer = SDL_GetRenderTarget(renderer)
        var blend = SDL_BLENDMODE_NONE, r: UInt8 = 0, g: UInt8 = 0, b: UInt8 = 0, a: UInt8 = 0
        SDL_GetTextureBlendMode(texture, &blend)
        SDL_GetTextureColorMod(texture, &r, &g, &b)
        SDL_GetTextureAlphaMod(texture, &a)
        defer {
            SDL_SetTextureBlendMode(texture, blend)
            SDL_SetTextureColorMod(texture, r, g, b)
            SDL_SetTextureAlphaMod(texture, a)
            SDL_SetRenderTarget(renderer, outer)
        }
        SDL_SetTextureBlendMode(texture, SDL_BLENDMODE_NONE)
        SDL_SetTextureColorMod(texture, 255, 255, 255)
        SDL_SetTextureAlphaMod(texture, 255)
        var bytes = [UInt8](repeating: 0, count: Int(w) * Int(h) * 4)
        let status = bytes.withUnsafeMutableBytes { raw -> Int32 in
            guard SDL_SetRenderTarget(renderer, copy) == 0, SDL_RenderCopy(renderer, texture, nil, nil) == 0 else { return -1 }
            // ABGR8888 words are R, G, B, A bytes in memory on little-endian machines.
            return SDL_RenderReadPixels(renderer, nil, SparksPixelFormatABGR8888(), raw.baseAddress, w * 4)
        }
        guard status == 0, let image = DecodedImage(width: Int(w), height: Int(h), rgba: bytes) else { throw SDLError("reading an SDL texture's pixels") }
        return image
    }
}
