import SparksCore

/// One frame's work for the CPU rasterizer, split into bands of rows that threads draw at the
/// same time. Holds its storage from frame to frame.
///
/// A frame goes through three steps:
/// 1. *measure*, on the worker pool: slices of the quad list work out the rows each quad can
///    touch and add its area, spread over those rows, to their slice's cost per row;
/// 2. the calling thread sums the costs and cuts the rows into one band of about equal work per
///    thread;
/// 3. *draw*, on the worker pool: each band draws every command into its rows, skipping the
///    quads whose rows miss it.
///
/// One band per thread, not more: on machines whose cores share no cache, a band's pixels and
/// quads stay in the cache of the core that drew them the frame before (the calling thread
/// takes the first band, a pool thread the next), where finer bands claimed in turn move them
/// between cores every frame; and each band boundary sets up the quads across it twice.
/// Every pixel is computed the same way whatever the split, so the picture does not depend on
/// the thread count.
final class BandJob: ParallelJob {
    private enum Phase { case measure, draw }
    private var phase = Phase.draw

    private var list = DrawList()
    private var buffer: PixelBuffer?
    private var groupImages: [PixelBuffer] = []
    /// Per command: the image it draws into (0: the buffer, k: the k-th group image; for group
    /// markers, the group's own image) and its clip within every group open around it.
    private var commandLevel: [Int] = []
    private var commandClip: [PixelRect] = []
    private var background: UInt32 = 0
    /// Each command's texture levels as the kernels read them: nil for solid colour, or for a
    /// texture that failed to load (such a command is not drawn). The renderer's texture store
    /// holds the textures for the whole frame.
    private var commandMips: [MipLevels?] = []

    /// Slices of the quad list for the measure step.
    private var slices = 1
    /// Whether the rows are weighed to cut them into bands (more than one thread).
    private var weighsRows = false
    /// Rows each quad can touch.
    private let extents = ScratchBuffer<QuadExtent>()
    /// Per slice, `height + 1` differences of cost per row (see `measure`).
    private let sliceCost = ScratchBuffer<Float>()
    private var bands: [Range<Int>] = []

    /// Pixels covered by each band (written by the thread that draws it).
    private let covered = UnsafeMutablePointer<Int>.allocate(capacity: BandJob.maxBands)
    private var counts = DrawStatistics()
    /// The commands the draw step draws (the buffer is cleared when they start at 0).
    private var commands: Range<Int> = 0..<0

    /// The most bands a frame is split into.
    static let maxBands = 64
    /// Fewest quads worth a slice of their own.
    private static let sliceSize = 4096

    deinit { covered.deallocate() }

    /// The pixel kernels the bands draw with.
    var kernels = RasterKernels.active

    /// Works out which image each command of `list` draws into and its clip within its groups;
    /// returns the group images the list needs. Called before `prepare`.
    func resolveGroups(of list: DrawList) -> Int {
        list.resolveGroups(levels: &commandLevel, clips: &commandClip)
    }

    /// Gets `list` ready to draw on `threads` threads: its textures, the quads' rows and the
    /// bands. Returns the number of bands.
    func prepare(
        _ list: DrawList, buffer: PixelBuffer, groupImages: [PixelBuffer], textures: TextureStore<RasterTexture>, threads: Int
    ) -> Int {
        self.list = list
        self.buffer = buffer
        self.groupImages = groupImages
        background = PixelBuffer.premultiplied(list.background)
        commandMips.removeAll(keepingCapacity: true)
        counts = DrawStatistics(commands: list.commands.count)
        for command in list.commands {
            commandMips.append(command.texture.flatMap { textures.entry(for: $0)?.entry.mips })
            switch command.primitive {
            case .quads: counts.quads += command.range.count
            case .triangles: counts.triangles += command.range.count / 3
            case .beginGroup: counts.groups += 1
            case .endGroup, .endMask: break
            }
        }
        let quadCount = list.quads.count
        weighsRows = threads > 1
        slices = weighsRows ? max(min(threads, quadCount / Self.sliceSize), 1) : 1
        let costs = weighsRows ? buffer.height + 1 : 0
        extents.reserve(quadCount)
        sliceCost.reserve(slices * costs).update(repeating: 0, count: slices * costs)
        run(.measure, parts: slices, threads: threads)
        splitIntoBands(threads: threads)
        covered.update(repeating: 0, count: bands.count)
        return bands.count
    }

    /// Draws `commands` of the prepared list in `parts` bands on `threads` threads.
    func draw(commands: Range<Int>, parts: Int, threads: Int) {
        self.commands = commands
        run(.draw, parts: parts, threads: threads)
    }

    private func run(_ phase: Phase, parts: Int, threads: Int) {
        self.phase = phase
        WorkerPool.shared.run(parts: parts, threads: threads, self)
    }

    func run(part: Int) {
        switch phase {
        case .measure: measure(slice: part)
        case .draw: draw(band: part)
        }
    }

    /// Each quad's rows of slice `part`, and (with more than one band) its area plus a little
    /// for its setup, spread over those rows: added to the slice's cost difference at its first
    /// row and taken away after its last.
    private func measure(slice part: Int) {
        guard let buffer else { return }
        let height = buffer.height, lastRow = Int32(height - 1), perRow = 1 / Float(buffer.width)
        let extents = extents.base, quadCount = list.quads.count
        let range = (quadCount * part / slices)..<(quadCount * (part + 1) / slices)
        list.quads.withUnsafeBufferPointer { quads in
            guard weighsRows else {
                for i in range { extents[i] = QuadExtent(quads[i]) }
                return
            }
            let cost = sliceCost.base + part * (height + 1)
            for i in range {
                let q = quads[i], extent = QuadExtent(q)
                extents[i] = extent
                let first = max(extent.first, 0), last = min(extent.last, lastRow)
                guard first <= last else { continue }
                let area = min(abs(q.uAxisX * q.vAxisY - q.uAxisY * q.vAxisX), 1e6) * perRow + 0.02
                let share = area / Float(extent.last - extent.first + 1)
                cost[Int(first)] += share
                cost[Int(last) + 1] -= share
            }
        }
    }

    /// Sums the slices' costs per row (one for the row itself besides its quads) and cuts the
    /// rows into one band of about equal cost per thread.
    private func splitIntoBands(threads: Int) {
        guard let buffer else { return }
        let height = buffer.height
        bands.removeAll(keepingCapacity: true)
        guard weighsRows else {
            bands.append(0..<height)
            return
        }
        let count = min(height, threads, Self.maxBands)
        var total: Float = 0, running: Float = 0
        for y in 0..<height {
            for slice in 0..<slices { running += sliceCost.base[slice * (height + 1) + y] }
            // The cost of row y, kept for the cut below.
            sliceCost.base[y] = 1 + running
            total += 1 + running
        }
        var start = 0, sum: Float = 0
        for y in 0..<height {
            sum += sliceCost.base[y]
            if sum >= total * Float(bands.count + 1) / Float(count), bands.count < count - 1 {
                bands.append(start..<(y + 1))
                start = y + 1
            }
        }
        if start < height { bands.append(start..<height) }
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

    /// Draws the commands into band `part`'s rows.
    private func draw(band part: Int) {
        guard let buffer else { return }
        let rows = bands[part]
        if commands.lowerBound == 0, list.clearsOutput { buffer.fill(rows: rows, with: background) }
        let width = min(buffer.width, list.width), height = min(rows.upperBound, list.height)
        guard rows.lowerBound < height else { return }
        var quads = QuadRasterizer(), triangles = TriangleRasterizer()
        let extents = extents.base
        list.quads.withUnsafeBufferPointer { quadBuffer in
            list.vertices.withUnsafeBufferPointer { vertices in
                list.indices.withUnsafeBufferPointer { indices in
                    for index in commands {
                        let command = list.commands[index], mips = commandMips[index]
                        guard command.texture == nil || mips != nil else { continue }
                        let clip = commandClip[index], level = commandLevel[index]
                        let x0 = max(Int(clip.x0), 0), x1 = min(Int(clip.x1), width)
                        let y0 = max(Int(clip.y0), rows.lowerBound), y1 = min(Int(clip.y1), height)
                        guard x0 < x1, y0 < y1 else { continue }
                        let target = level == 0 ? buffer : groupImages[level - 1]
                        let area = DrawArea(buffer: target.pixels, rowStride: target.rowStride, x0: x0, x1: x1, y0: y0, y1: y1)
                        switch command.primitive {
                        case .quads:
                            quads.draw(
                                quadBuffer.baseAddress!, extents, range: command.range, texture: mips,
                                sampling: command.sampling, blendMode: command.blendMode, area: area, kernels: kernels)
                        case .triangles:
                            triangles.draw(
                                vertices, indices, range: command.range, texture: mips,
                                sampling: command.sampling, blendMode: command.blendMode, area: area, kernels: kernels)
                        case .beginGroup:
                            for y in y0..<y1 { (target.pixels + y * target.rowStride + x0).update(repeating: 0, count: x1 - x0) }
                        case .endGroup(let opacity, _):
                            guard level > 0 else { break }
                            let below = level == 1 ? buffer : groupImages[level - 2]
                            let fade = TintFactors.of(red: 1, green: 1, blue: 1, alpha: opacity).alpha
                            kernels.table.pointee.composite(
                                below.pixels, below.rowStride, target.pixels, target.rowStride, Int32(x0), Int32(x1), Int32(y0), Int32(y1),
                                fade)
                        case .endMask:
                            guard level > 0 else { break }
                            let below = level == 1 ? buffer : groupImages[level - 2]
                            kernels.table.pointee.mask_in(
                                below.pixels, below.rowStride, target.pixels, target.rowStride, Int32(x0), Int32(x1), Int32(y0), Int32(y1))
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
