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
/// interpolation. The frame is split into bands of rows of about equal work, drawn on
/// `threadCount` threads; every pixel is computed the same way whatever the split, so the
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
        textures = TextureStore(decoder: decoder, maxBytes: maxTextureBytes, bytes: \.byteCount) { image throws(ImageDecodingError) in
            guard image.width <= RasterTexture.maxSide, image.height <= RasterTexture.maxSide, let loaded = RasterTexture(MipPyramid(image)) else {
                throw ImageDecodingError(
                    source: "", reason: "\(image.width)×\(image.height) pixels is larger than \(RasterTexture.maxSide)×\(RasterTexture.maxSide)")
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
        let depth = job.resolveGroups(of: list)
        if groupImages.first.map({ $0.width != buffer.width || $0.height != buffer.height }) ?? false { groupImages.removeAll() }
        while groupImages.count < depth, let image = PixelBuffer(width: buffer.width, height: buffer.height) { groupImages.append(image) }
        job.prepare(list, buffer: buffer, groupImages: groupImages, textures: textures)
        let parts = job.splitIntoBands(threads: threadCount)
        // A shadow blurs rows of its group's image other bands draw: the bands meet there, the
        // shadow is cast, and the bands go on from the group's end.
        var start = 0
        for (index, command) in list.commands.enumerated() {
            guard case .endGroup(_, let shadow?) = command.primitive else { continue }
            job.commands = start..<index
            WorkerPool.shared.run(parts: parts, threads: threadCount, job)
            job.castShadow(shadow, command: index, with: shadowCaster)
            start = index
        }
        job.commands = start..<list.commands.count
        WorkerPool.shared.run(parts: parts, threads: threadCount, job)
        statistics = job.finish()
    }
}

/// One frame's work, split into bands of rows: prepared on the calling thread, each band drawn
/// by whichever thread claims it. Holds its storage from frame to frame.
private final class BandJob: ParallelJob {
    private var list = DrawList()
    private var buffer: PixelBuffer?
    private var groupImages: [PixelBuffer] = []
    /// Per command: the image it draws into (0: the buffer, k: the k-th group image; for group
    /// markers, the group's own image) and its clip within every group open around it.
    private var commandLevel: [Int] = []
    private var commandClip: [PixelRect] = []
    private var background: UInt32 = 0
    /// Each command's texture (nil for solid colour or one that failed to load).
    private var commandTextures: [RasterTexture?] = []
    private var commandFailed: [Bool] = []
    private var extents: [QuadExtent] = []
    private var rowCost: [Float] = []
    private var bands: [Range<Int>] = []
    /// Pixels covered by each band (written by the thread that draws it).
    private let covered = UnsafeMutablePointer<Int>.allocate(capacity: BandJob.maxBands)
    private var counts = DrawStatistics()
    /// The commands the next run of the bands draws (the buffer is cleared when they start at 0).
    var commands: Range<Int> = 0..<0

    /// The most bands a frame is split into.
    static let maxBands = 256

    deinit { covered.deallocate() }

    /// Works out which image each command of `list` draws into and its clip within its groups;
    /// returns the group images the list needs. Called before `prepare`.
    func resolveGroups(of list: DrawList) -> Int {
        list.resolveGroups(levels: &commandLevel, clips: &commandClip)
    }

    func prepare(_ list: DrawList, buffer: PixelBuffer, groupImages: [PixelBuffer], textures: TextureStore<RasterTexture>) {
        self.list = list
        self.buffer = buffer
        self.groupImages = groupImages
        background = PixelBuffer.premultiplied(list.background)
        commandTextures.removeAll(keepingCapacity: true)
        commandFailed.removeAll(keepingCapacity: true)
        counts = DrawStatistics(commands: list.commands.count)
        for command in list.commands {
            let texture = command.texture.flatMap { textures.entry(for: $0)?.entry }
            commandTextures.append(texture)
            commandFailed.append(command.texture != nil && texture == nil)
            switch command.primitive {
            case .quads: counts.quads += command.range.count
            case .triangles: counts.triangles += command.range.count / 3
            case .beginGroup: counts.groups += 1
            case .endGroup: break
            }
        }
        // The rows each quad can touch, for culling per band, and where the work lies: its area
        // at its middle row (plus a little for its setup). Worked on in local arrays: a class's
        // arrays cost an exclusivity check per access.
        var extents: [QuadExtent] = []
        var rowCost: [Float] = []
        swap(&extents, &self.extents)
        swap(&rowCost, &self.rowCost)
        extents.removeAll(keepingCapacity: true)
        if extents.capacity < list.quads.count { extents.reserveCapacity(max(list.quads.count, extents.capacity * 2)) }
        rowCost.removeAll(keepingCapacity: true)
        rowCost.append(contentsOf: repeatElement(1, count: buffer.height))
        let height = Int32(buffer.height), perRow = 1 / Float(buffer.width)
        rowCost.withUnsafeMutableBufferPointer { cost in
            list.quads.withUnsafeBufferPointer { quads in
                for q in quads {
                    let extent = QuadExtent(q)
                    extents.append(extent)
                    let middle = (extent.first &+ extent.last) / 2
                    if middle >= 0, middle < height {
                        cost[Int(middle)] += min(abs(q.uAxisX * q.vAxisY - q.uAxisY * q.vAxisX), 1e6) * perRow + 0.02
                    }
                }
            }
        }
        swap(&extents, &self.extents)
        swap(&rowCost, &self.rowCost)
    }

    /// Splits the rows into bands of about equal work (more bands than threads, so a thread
    /// that finishes early takes another); returns the number of bands.
    func splitIntoBands(threads: Int) -> Int {
        guard let buffer else { return 0 }
        bands.removeAll(keepingCapacity: true)
        let count = threads == 1 ? 1 : min(buffer.height, threads * 4, Self.maxBands)
        let total = rowCost.reduce(0, +)
        var start = 0, sum: Float = 0
        for y in 0..<buffer.height {
            sum += rowCost[y]
            if sum >= total * Float(bands.count + 1) / Float(count), bands.count < count - 1 {
                bands.append(start..<(y + 1))
                start = y + 1
            }
        }
        if start < buffer.height { bands.append(start..<buffer.height) }
        covered.update(repeating: 0, count: bands.count)
        return bands.count
    }

    /// Casts the shadow of group-end command `index` in its group's image (the group's commands
    /// all drawn).
    func castShadow(_ shadow: DrawShadow, command index: Int, with caster: ShadowCaster) {
        let level = commandLevel[index], clip = commandClip[index]
        guard let buffer, level > 0, level <= groupImages.count else { return }
        let image = groupImages[level - 1]
        let x0 = max(Int(clip.x0), 0), x1 = min(Int(clip.x1), buffer.width, list.width)
        let y0 = max(Int(clip.y0), 0), y1 = min(Int(clip.y1), buffer.height, list.height)
        guard x0 < x1, y0 < y1 else { return }
        caster.cast(shadow, pixels: image.pixels, rowStride: image.rowStride, x0: x0, x1: x1, y0: y0, y1: y1)
    }

    func run(part: Int) {
        guard let buffer else { return }
        let rows = bands[part]
        if commands.lowerBound == 0, list.clearsOutput { buffer.fill(rows: rows, with: background) }
        let width = min(buffer.width, list.width), height = min(rows.upperBound, list.height)
        guard rows.lowerBound < height else { return }
        var quads = QuadRasterizer(), triangles = TriangleRasterizer()
        list.quads.withUnsafeBufferPointer { quadBuffer in
            list.vertices.withUnsafeBufferPointer { vertices in
                list.indices.withUnsafeBufferPointer { indices in
                    extents.withUnsafeBufferPointer { extents in
                        for index in commands where !commandFailed[index] {
                            let command = list.commands[index]
                            let clip = commandClip[index], level = commandLevel[index]
                            let x0 = max(Int(clip.x0), 0), x1 = min(Int(clip.x1), width)
                            let y0 = max(Int(clip.y0), rows.lowerBound), y1 = min(Int(clip.y1), height)
                            guard x0 < x1, y0 < y1 else { continue }
                            let target = level == 0 ? buffer : groupImages[level - 1]
                            let area = DrawArea(buffer: target.pixels, rowStride: target.rowStride, x0: x0, x1: x1, y0: y0, y1: y1)
                            switch command.primitive {
                            case .quads:
                                quads.draw(
                                    quadBuffer.baseAddress!, rows: extents.baseAddress!, range: command.range, texture: commandTextures[index],
                                    sampling: command.sampling, blendMode: command.blendMode, area: area)
                            case .triangles:
                                triangles.draw(
                                    vertices, indices, range: command.range, texture: commandTextures[index],
                                    sampling: command.sampling, blendMode: command.blendMode, area: area)
                            case .beginGroup:
                                for y in y0..<y1 { (target.pixels + y * target.rowStride + x0).update(repeating: 0, count: x1 - x0) }
                            case .endGroup(let opacity, _):
                                guard level > 0 else { break }
                                let below = level == 1 ? buffer : groupImages[level - 2]
                                let fade = UniformTint(red: 1, green: 1, blue: 1, alpha: opacity).lanes
                                for y in y0..<y1 {
                                    compositeSpan(below.pixels + y * below.rowStride, target.pixels + y * target.rowStride, x0, x1, opacity: fade)
                                }
                            }
                        }
                    }
                }
            }
        }
        covered[part] += quads.coveredPixels + triangles.coveredPixels
    }

    /// The frame's statistics; lets go of the list.
    func finish() -> DrawStatistics {
        var result = counts
        result.coveredPixels = (0..<bands.count).reduce(0) { $0 + covered[$1] }
        result.bands = bands.count
        list = DrawList()
        return result
    }
}
