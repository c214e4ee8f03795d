import SparksCore

/// What the last frame drew.
public struct DrawStatistics: Sendable, Equatable {
    /// Quads drawn (before culling).
    public var quads = 0
    /// Triangles drawn (before culling).
    public var triangles = 0
    /// Draw commands.
    public var commands = 0
    /// Pixels covered by quads and triangles, counted once per draw that covers them
    /// (overdraw counts again).
    public var coveredPixels = 0
    /// Bands of rows the frame was split into for the threads.
    public var bands = 0
    /// Groups composited as one image (layers with group opacity).
    public var groups = 0
}

/// Sparks's CPU rasterizer: draws `DrawList`s into a ``PixelBuffer``.
///
/// The reference for what Sparks draws: `sparks render`, the tests and the window (through a
/// streaming texture) all draw with it. Quads are drawn span by span with SIMD kernels
/// (nearest, bilinear or trilinear from a mip pyramid built when a texture loads; source-over or
/// additive, premultiplied); triangles with exact edge functions and perspective-correct
/// interpolation. The frame is split into one band of rows of about equal work per
/// thread (`threadCount` of them); every pixel is computed the same way whatever the split, so the
/// picture is identical for any thread count. Steady-state frames allocate nothing.
public final class CPURenderer: DrawBackend {
    /// The pixels drawn.
    public private(set) var buffer: PixelBuffer
    /// Threads drawing a frame (1…64); the picture does not depend on it.
    public var threadCount = 1 {
        didSet { threadCount = min(max(threadCount, 1), 64) }
    }
    /// What the last `draw` did.
    public private(set) var statistics = DrawStatistics()
    /// The pixel kernels it draws with (``RasterKernels/active`` unless set); every set draws
    /// the same pixels.
    public var kernels: RasterKernels {
        get { job.kernels }
        set { job.kernels = newValue }
    }

    private let textures: TextureStore<RasterTexture>
    private let job = BandJob()
    /// One image per level of groups open at once (layers faded as one picture), kept from
    /// frame to frame at the buffer's size.
    private var groupImages: [PixelBuffer] = []
    private let shadowCaster = ShadowCaster()

    /// Creates a renderer drawing `width` × `height` pixels, with textures from `decoder`
    /// holding at most `maxTextureBytes` of them; nil when a side is outside
    /// 1…``PixelBuffer/maxSide``.
    public init?(width: Int, height: Int, decoder: ImageDecoder, maxTextureBytes: Int = PresetLimits.defaultMaxTextureBytes) {
        guard let buffer = PixelBuffer(width: width, height: height) else { return nil }
        self.buffer = buffer
        textures = TextureStore(decoder: decoder, maxBytes: maxTextureBytes, bytes: \.byteCount) {
            (image: consuming DecodedImage) throws(ImageDecodingError) in
            let (width, height) = (image.width, image.height)
            // The image and then each level are let go of as soon as they are copied on.
            guard width <= RasterTexture.maxSide, height <= RasterTexture.maxSide, let loaded = RasterTexture(MipPyramid(consume image))
            else {
                throw ImageDecodingError(
                    source: "", reason: "\(width)×\(height) pixels is larger than \(RasterTexture.maxSide)×\(RasterTexture.maxSide)")
            }
            return loaded
        }
    }

    /// Draws at another size from now on (a resized window); the pixels start transparent.
    /// Returns false, keeping the current size, when a side is outside the accepted range.
    @discardableResult
    public func resize(width: Int, height: Int) -> Bool {
        guard width != buffer.width || height != buffer.height else { return true }
        guard let resized = PixelBuffer(width: width, height: height) else { return false }
        buffer = resized
        return true
    }

    /// Textures that could not be loaded, by file, with the reason.
    public var textureFailures: [String: ImageDecodingError] { textures.failures }

    /// Marks a texture's file as changed: it is read again when next drawn, and the last good
    /// version stays in use if the new one cannot be read.
    public func invalidateTexture(_ key: String) { textures.invalidate(key) }

    /// Clears the buffer to the list's background and draws the list. Only pixels inside both
    /// the list's size and the buffer's are drawn.
    public func draw(_ list: DrawList) {
        SparksBuild.warnIfUnoptimized()
        let depth = job.resolveGroups(of: list)
        if groupImages.first.map({ $0.width != buffer.width || $0.height != buffer.height }) ?? false { groupImages.removeAll() }
        while groupImages.count < depth, let image = PixelBuffer(width: buffer.width, height: buffer.height) { groupImages.append(image) }
        let parts = job.prepare(list, buffer: buffer, groupImages: groupImages, textures: textures, threads: threadCount)
        // A shadow blurs rows of its group's image other bands draw: the bands meet there, the
        // shadow is cast, and the bands go on from the group's end.
        var start = 0
        for (index, command) in list.commands.enumerated() {
            guard case .endGroup(_, let shadow?) = command.primitive else { continue }
            job.draw(commands: start..<index, parts: parts, threads: threadCount)
            job.castShadow(shadow, command: index, with: shadowCaster)
            start = index
        }
        job.draw(commands: start..<list.commands.count, parts: parts, threads: threadCount)
        statistics = job.finish()
    }
}
