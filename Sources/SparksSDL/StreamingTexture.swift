import CSparksSDL2

/// Shows pixels the CPU rasterizer drew (premultiplied `ARGB8888`) in an SDL renderer: a
/// streaming texture, remade when the size changes, copied without blending (the pixels are
/// already the picture).
final class StreamingTexture {
    private let renderer: OpaquePointer
    private var texture: OpaquePointer?
    private var size = (width: 0, height: 0)

    init(renderer: OpaquePointer) {
        self.renderer = renderer
    }

    deinit {
        destroy()
    }

    /// Frees the texture now (before its renderer is destroyed); the next `show` makes another.
    func destroy() {
        if let texture { SDL_DestroyTexture(texture) }
        texture = nil
    }

    /// Uploads `width` × `height` pixels, rows `rowBytes` apart, and copies them into `target`
    /// (in the renderer's units: a scaled renderer's logical ones).
    func show(_ pixels: UnsafeRawPointer, width: Int, height: Int, rowBytes: Int, in target: SDL_FRect) {
        if texture == nil || size != (width, height) {
            if let texture { SDL_DestroyTexture(texture) }
            texture = SDL_CreateTexture(
                renderer, SparksPixelFormatARGB8888(), Int32(SDL_TEXTUREACCESS_STREAMING.rawValue), Int32(width), Int32(height))
            size = (width, height)
            if let texture { SDL_SetTextureBlendMode(texture, SDL_BLENDMODE_NONE) }
        }
        guard let texture else { return }
        _ = SDL_UpdateTexture(texture, nil, pixels, Int32(rowBytes))
        var target = target
        SDL_RenderCopyF(renderer, texture, nil, &target)
    }
}
