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

/// PNG files in and out, through SDL2_image.
extension PixelImage {
    /// Reads a PNG file through SDL2_image (opened once, checked to be a regular file).
    public init(contentsOfPNG path: String) throws(SDLError) {
        let texture = Texture(name: path, url: URL(fileURLWithPath: path), pixelWidth: 0, pixelHeight: 0)
        do {
            let image = try SDLImageDecoder().decode(texture)
            self.init(width: image.width, height: image.height, rgba: image.rgba)
        } catch {
            throw SDLError("reading \(path)", reason: error.reason)
        }
    }

    /// Writes the image as a PNG file (RGBA, straight alpha) through SDL2_image.
    public func writePNG(to path: String) throws(SDLError) {
        var bytes = rgba
        let saved = bytes.withUnsafeMutableBytes { raw -> Int32 in
            guard
                let surface = SDL_CreateRGBSurfaceWithFormatFrom(
                    raw.baseAddress, Int32(width), Int32(height), 32, Int32(width * 4), SparksPixelFormatABGR8888())
            else { return -1 }
            defer { SDL_FreeSurface(surface) }
            return IMG_SavePNG(surface, path)
        }
        if saved != 0 { throw SDLError("writing \(path)") }
    }
}
