import CSDL2
import Foundation
import SparksCore

/// Draws render lists into an in-memory surface with SDL's software renderer: no display, no
/// window, and the same pixels on every run (`sparks render`, screenshots in tests).
public final class OffscreenRenderer {
    /// Output width in pixels.
    public let width: Int
    /// Output height in pixels.
    public let height: Int
    private let surface: UnsafeMutablePointer<SDL_Surface>
    private let renderer: OpaquePointer
    /// Textures of this renderer.
    public let textures: TextureCache
    private let drawer = RenderListDrawer()

    /// Creates a renderer producing `width` × `height` pixels.
    public init(width: Int, height: Int) throws(SDLError) {
        guard width > 0, height > 0, width <= 16384, height <= 16384 else {
            throw SDLError("creating an offscreen image", reason: "size \(width)×\(height) is outside 1…16384")
        }
        guard let surface = SDL_CreateRGBSurfaceWithFormat(0, Int32(width), Int32(height), 32, SparksPixelFormatARGB8888()) else {
            throw SDLError("creating a \(width)×\(height) surface")
        }
        guard let renderer = SDL_CreateSoftwareRenderer(surface) else {
            SDL_FreeSurface(surface)
            throw SDLError("creating the software renderer")
        }
        self.width = width
        self.height = height
        self.surface = surface
        self.renderer = renderer
        textures = TextureCache(renderer: renderer)
    }

    deinit {
        SDL_DestroyRenderer(renderer)
        SDL_FreeSurface(surface)
    }

    /// Batches drawn by the last `render` (SDL draw calls and rasterized batches).
    public private(set) var lastDrawCalls = 0

    /// Clears to the list's background and draws the list, scaling its canvas to the output size.
    /// Flat quads (the common case) go through a dedicated span rasterizer, the rest through
    /// SDL's software renderer, in drawing order.
    public func render(_ list: RenderList) {
        let bg = list.background
        SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_NONE)
        SDL_SetRenderDrawColor(renderer, channel(bg.red), channel(bg.green), channel(bg.blue), 255)
        SDL_RenderClear(renderer)
        SDL_RenderFlush(renderer)
        let sx = list.canvasSize.width > 0 ? Float(Double(width) / list.canvasSize.width) : 1
        let sy = list.canvasSize.height > 0 ? Float(Double(height) / list.canvasSize.height) : 1
        lastDrawCalls = 0
        var pending = list.batches.startIndex
        var index = list.batches.startIndex
        while index < list.batches.endIndex {
            let batch = list.batches[index]
            if QuadRasterizer.canDraw(batch), batch.texture.map({ rasterizer.pixels(for: $0) != nil }) ?? true {
                // Let SDL finish what it was given before drawing into the same pixels.
                if pending < index {
                    drawer.draw(list.batches[pending..<index], quads: list.quads, renderer: renderer, textures: textures, scale: (sx, sy))
                    lastDrawCalls += drawer.lastDrawCalls
                    SDL_RenderFlush(renderer)
                }
                SDL_LockSurface(surface)
                rasterizer.draw(
                    batch, quads: list.quads, into: surface.pointee.pixels.assumingMemoryBound(to: UInt32.self),
                    width: width, height: height, pitch: Int(surface.pointee.pitch) / 4, scale: (sx, sy))
                SDL_UnlockSurface(surface)
                lastDrawCalls += 1
                pending = index + 1
            }
            index += 1
        }
        if pending < list.batches.endIndex {
            drawer.draw(list.batches[pending...], quads: list.quads, renderer: renderer, textures: textures, scale: (sx, sy))
            lastDrawCalls += drawer.lastDrawCalls
        }
        SDL_RenderFlush(renderer)
    }

    private let rasterizer = QuadRasterizer()

    /// The pixels drawn so far.
    public func image() throws(SDLError) -> PixelImage {
        try PixelImage(surface: surface)
    }

    /// Writes the pixels drawn so far as a PNG file.
    public func writePNG(to url: URL) throws(SDLError) {
        if IMG_SavePNG(surface, url.path) != 0 { throw SDLError("writing \(url.path)") }
    }

    private func channel(_ v: Double) -> UInt8 { UInt8(min(max(v, 0), 1) * 255 + 0.5) }
}
