import SparksCore
import SparksRaster
import SparksSDL

extension Effect {
    /// Draws the effect over an `SDL_Renderer*`'s current target (the window, or a texture the
    /// game set as target), in its viewport, placed by ``camera``. Call it where the effect
    /// belongs among the game's own draws, before `SDL_RenderPresent`.
    ///
    /// A renderer with a graphics card draws through the GPU; SDL's software renderer through
    /// Sparks's CPU rasterizer (read back, drawn over, put back). The picture is the same
    /// either way, within rounding.
    ///
    /// The effect keeps the textures it makes with the renderer: call
    /// ``releaseRendererResources()`` (or let go of the effect) before destroying the renderer.
    /// - Parameter renderer: the game's `SDL_Renderer*`, as the `OpaquePointer` Swift's SDL
    ///   bindings hand out.
    /// - Throws: when the renderer cannot draw textures at all.
    public func draw(into renderer: OpaquePointer) throws(EffectError) {
        SparksBuild.warnIfUnoptimized()
        try drawing.draw(self, into: renderer, layers: nil)
    }

    /// Draws only the top-level layers `layers` (indices into ``layerNames``; those out of range
    /// are left out), as ``draw(into:)``: a game puts some of an effect's layers under its own
    /// sprites and the rest over them, as SpriteKit's `zPosition` orders nodes.
    public func draw(into renderer: OpaquePointer, layers: Range<Int>) throws(EffectError) {
        SparksBuild.warnIfUnoptimized()
        try drawing.draw(self, into: renderer, layers: layers)
    }

    /// Frees the textures the effect made with the last `SDL_Renderer` it drew into; the next
    /// ``draw(into:)`` makes them again. Call it before the game destroys that renderer.
    public func releaseRendererResources() {
        drawing.releaseRenderer()
    }

    /// Draws the effect over a game's pixel buffer with Sparks's CPU rasterizer.
    ///
    /// The buffer holds `width` × `height` pixels of 32 bits, `0xAARRGGBB` words (SDL's
    /// `ARGB8888`: an `SDL_Surface`'s or a locked streaming texture's pixels), rows
    /// `bytesPerRow` apart, with premultiplied colour (opaque pixels are plain ARGB). Exactly
    /// those pixels are read and written — the buffer's size, not the effect's canvas: the
    /// ``camera`` places the canvas on them (by default one point per pixel from the top-left
    /// corner, so a canvas larger than the buffer is cut off at its right and bottom).
    /// - Parameters:
    ///   - pixels: the buffer; it must hold `(height − 1) × bytesPerRow + width × 4` bytes.
    ///   - width: pixels per row drawn.
    ///   - height: rows drawn.
    ///   - bytesPerRow: the distance between rows (an `SDL_Surface`'s `pitch`), at least `width × 4`.
    /// - Throws: for a size outside 1…16384 pixels, rows shorter than the width, or a buffer too
    ///   small for them; nothing is written then.
    public func draw(intoPixels pixels: UnsafeMutableRawBufferPointer, width: Int, height: Int, bytesPerRow: Int) throws(EffectError) {
        SparksBuild.warnIfUnoptimized()
        try drawing.draw(self, intoPixels: pixels, width: width, height: height, bytesPerRow: bytesPerRow, layers: nil)
    }

    /// Draws only the top-level layers `layers` over a game's pixel buffer, as
    /// ``draw(intoPixels:width:height:bytesPerRow:)`` (see ``draw(into:layers:)``).
    public func draw(
        intoPixels pixels: UnsafeMutableRawBufferPointer, width: Int, height: Int, bytesPerRow: Int, layers: Range<Int>
    ) throws(EffectError) {
        SparksBuild.warnIfUnoptimized()
        try drawing.draw(self, intoPixels: pixels, width: width, height: height, bytesPerRow: bytesPerRow, layers: layers)
    }

    /// Draws the effect over a game's frame of `width` × `height` `0xAARRGGBB` pixels held row
    /// after row in an array (premultiplied colour), as ``draw(intoPixels:width:height:bytesPerRow:)``.
    /// - Throws: for a size outside 1…16384 pixels or an array of another size than `width × height`.
    public func draw(into pixels: inout [UInt32], width: Int, height: Int) throws(EffectError) {
        // The size is checked before it is multiplied (Int.max / 2 + 1 rows would overflow).
        guard (1...PixelBuffer.maxSide).contains(width), (1...PixelBuffer.maxSide).contains(height) else {
            throw EffectError("a pixel array of \(width)×\(height) pixels: each side must be 1…\(PixelBuffer.maxSide)")
        }
        guard pixels.count == width * height else {
            throw EffectError("an array of \(pixels.count) pixels is not \(width)×\(height)")
        }
        let result = pixels.withUnsafeMutableBytes { buffer in
            Result { () throws(EffectError) in try draw(intoPixels: buffer, width: width, height: height, bytesPerRow: width * 4) }
        }
        try result.get()
    }

    /// Whether the Sparks this game runs was compiled with optimisation. A debug build of a
    /// package that depends on Sparks compiles it without (its frames then take tens to hundreds
    /// of times as long, and the first draw says so once on standard error): build with
    /// `-c release`, or pass `-Xcc -O2` to optimise its pixel kernels in a debug build.
    public static var isOptimizedBuild: Bool { SparksBuild.isOptimized }

    /// What the covered-pixel budget left out of the frame drawn last (by ``draw(into:)`` or
    /// ``draw(intoPixels:width:height:bytesPerRow:)``): how many particle quads, from which
    /// layer on, and the budget; nil when that frame drew everything. A frame whose particles
    /// together would cover more pixels than the budget (500 million at the canvas's size by
    /// default) draws the first ones and leaves out the rest.
    public var lastDrawBudgetCut: String? { drawing.budgetCut?.description }

    /// What the covered-pixel budget left out of the frame drawn last, as the engine counts it.
    package var lastDrawBudgetCutCounts: DrawBudgetCut? { drawing.budgetCut }

    /// Threads the CPU rasterizer draws with (1 by default); the picture does not depend on it.
    public var drawThreads: Int {
        get { drawing.threads }
        set { drawing.threads = min(max(newValue, 1), 64) }
    }

    /// What the effect shows now, as Sparks's render list (batches of quads in canvas points,
    /// with their textures, blend modes and transforms), for a game that draws with its own
    /// renderer. The list is the effect's and is rebuilt by the next call.
    package func renderList() -> RenderList {
        drawing.buildRenderList(of: self)
    }
}

/// An effect's drawing state, kept from frame to frame so steady drawing allocates nothing: a
/// frame drawer for the game's SDL renderer and one for its pixel buffers, each made on first
/// use.
final class EffectDrawing {
    private let images: EffectImageDecoder
    private var list = RenderList()
    private var rendererDrawer: (drawer: FrameDrawer, backend: SDLRendererBackend, renderer: OpaquePointer)?
    private var pixelDrawer: (drawer: FrameDrawer, rasterizer: CPURenderer)?
    var threads = 1 {
        didSet {
            rendererDrawer?.drawer.threadCount = threads
            pixelDrawer?.drawer.threadCount = threads
        }
    }

    init(images: EffectImageDecoder) {
        self.images = images
    }

    /// What the covered-pixel budget left out of the frame drawn last, or nil.
    private(set) var budgetCut: DrawBudgetCut?

    func buildRenderList(of effect: Effect) -> RenderList {
        effect.scene.buildRenderList(into: &list, ahead: effect.drawingLead)
        return list
    }

    func releaseRenderer() {
        rendererDrawer = nil
    }

    func draw(_ effect: Effect, into renderer: OpaquePointer, layers: Range<Int>?) throws(EffectError) {
        if rendererDrawer?.renderer != renderer {
            rendererDrawer = nil
            guard
                let backend = SDLRendererBackend(
                    renderer: renderer, choice: .gpu, decoder: images, maxTextureBytes: PresetLimits.defaultMaxTextureBytes)
            else { throw EffectError("the SDL renderer cannot draw textures") }
            let drawer = FrameDrawer(backend: backend)
            drawer.threadCount = threads
            rendererDrawer = (drawer, backend, renderer)
        }
        guard let (drawer, backend, _) = rendererDrawer else { return }
        let size = backend.viewportSize
        guard size.width > 0, size.height > 0 else { return }
        effect.scene.buildRenderList(into: &list, ahead: effect.drawingLead, layers: layers)
        // The camera places the canvas in the renderer's units; the CPU path draws its pixels.
        var placement = effect.camera.placement
        placement.outputScale = backend.pixelScale
        drawer.draw(list, width: size.width, height: size.height, placement: placement, clearsOutput: false)
        budgetCut = drawer.budgetCut
    }

    func draw(
        _ effect: Effect, intoPixels buffer: UnsafeMutableRawBufferPointer, width: Int, height: Int, bytesPerRow: Int, layers: Range<Int>?
    )
        throws(EffectError)
    {
        guard (1...PixelBuffer.maxSide).contains(width), (1...PixelBuffer.maxSide).contains(height) else {
            throw EffectError("a pixel buffer of \(width)×\(height) pixels: each side must be 1…\(PixelBuffer.maxSide)")
        }
        guard bytesPerRow >= width * 4 else {
            throw EffectError("a pixel buffer \(width) pixels wide needs at least \(width * 4) bytes per row, not \(bytesPerRow)")
        }
        // A huge bytesPerRow must not overflow the product: checked, not trapped.
        let (rows, rowsOverflow) = (height - 1).multipliedReportingOverflow(by: bytesPerRow)
        let (needed, sumOverflow) = rows.addingReportingOverflow(width * 4)
        guard !rowsOverflow, !sumOverflow, let pixels = buffer.baseAddress, buffer.count >= needed else {
            throw EffectError(
                "a buffer of \(buffer.count) bytes is too small for \(width)×\(height) pixels \(bytesPerRow) bytes apart, which take \(needed)"
            )
        }
        if pixelDrawer == nil, let rasterizer = CPURenderer(width: width, height: height, decoder: images) {
            let drawer = FrameDrawer(backend: rasterizer)
            drawer.threadCount = threads
            pixelDrawer = (drawer, rasterizer)
        }
        guard let (drawer, rasterizer) = pixelDrawer, rasterizer.resize(width: width, height: height) else { return }
        effect.scene.buildRenderList(into: &list, ahead: effect.drawingLead, layers: layers)
        drawer.resolve(list, width: width, height: height, placement: effect.camera.placement, clearsOutput: false)
        rasterizer.buffer.copyPixels(from: pixels, bytesPerRow: bytesPerRow)
        drawer.draw()
        rasterizer.buffer.copyPixels(to: pixels, bytesPerRow: bytesPerRow)
        budgetCut = drawer.budgetCut
    }
}
