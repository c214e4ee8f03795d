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

extension OffscreenRenderer {
    /// Creates a renderer producing `width` × `height` pixels, reading image files with
    /// SDL2_image and holding at most `maxTextureBytes` of them.
    public convenience init(width: Int, height: Int, maxTextureBytes: Int = PresetLimits.defaultMaxTextureBytes) throws(OutputSizeError) {
        try self.init(width: width, height: height, decoder: SDLImageDecoder(), maxTextureBytes: maxTextureBytes)
    }

    /// Writes the pixels drawn so far as a PNG file: RGBA with straight alpha, so a transparent
    /// canvas stays transparent.
    public func writePNG(to url: URL) throws(SDLError) {
        try image().writePNG(to: url.path)
    }

    /// Writes the pixels as an opaque PNG file, composited over black (video frames).
    public func writeOpaquePNG(to url: URL) throws(SDLError) {
        try opaqueImage().writePNG(to: url.path)
    }
}
