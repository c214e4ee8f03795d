import ArgumentParser
import SparksCore
import SparksRaster
import SparksSDL

/// What draws frames off screen for `render` and `bench --render`: Sparks's CPU rasterizer (the
/// default: the same pixels on every machine) or SDL's GPU renderer on its offscreen video
/// driver (OpenGL through EGL, no display needed), the window's GPU path measured and pictured.
package enum OffscreenPath: String, CaseIterable, ExpressibleByArgument, Sendable {
    case cpu, gpu

    /// A renderer of `width` × `height` pixels on this path.
    package func makeRenderer(width: Int, height: Int, maxTextureBytes: Int) throws -> any FrameRendering {
        switch self {
        case .cpu: try OffscreenRenderer(width: width, height: height, maxTextureBytes: maxTextureBytes)
        case .gpu: try OffscreenGPURenderer(width: width, height: height, maxTextureBytes: maxTextureBytes)
        }
    }
}
