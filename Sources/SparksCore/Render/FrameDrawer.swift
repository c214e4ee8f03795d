/// Draws frames: a scene's ``RenderList`` resolved into a ``DrawList`` for an output's pixel
/// size, then drawn by a ``DrawBackend``.
///
/// The one path from render list to pixels: the window, `sparks render` and `bench`, the
/// tests and a game's effects all draw through a frame drawer, each with the backend its
/// output needs (the CPU rasterizer, SDL's GPU renderer). The draw list is kept from frame to
/// frame, so steady drawing allocates nothing here.
public final class FrameDrawer {
    /// What draws the resolved lists.
    public let backend: any DrawBackend
    private let builder = DrawListBuilder()
    /// The last list resolved (what the last ``draw()`` drew).
    public private(set) var drawList = DrawList()

    /// Creates a drawer whose frames `backend` draws.
    public init(backend: any DrawBackend) {
        self.backend = backend
    }

    /// Threads resolving and drawing each frame (1…64; the picture is the same for any number).
    public var threadCount: Int {
        get { builder.threadCount }
        set {
            builder.threadCount = newValue
            backend.threadCount = builder.threadCount
        }
    }

    /// What the covered-pixel budget left out of the last frame, or nil when it drew everything.
    public var budgetCut: DrawBudgetCut? { builder.cut }

    /// Textures that could not be loaded, by file, with the reason.
    public var textureFailures: [String: ImageDecodingError] { backend.textureFailures }

    /// Marks an image file as changed: it is read again when next drawn.
    public func invalidateTexture(_ key: String) { backend.invalidateTexture(key) }

    /// Resolves `list` for an output of `width` × `height` pixels and draws it. The canvas is
    /// stretched to the output or placed as `placement` says; with `clearsOutput` false the
    /// frame is drawn over what the output holds (an effect inside a game's frame).
    public func draw(
        _ list: RenderList, width: Int, height: Int, placement: CanvasPlacement? = nil, clearsOutput: Bool = true
    ) {
        resolve(list, width: width, height: height, placement: placement, clearsOutput: clearsOutput)
        draw()
    }

    /// The first half of ``draw(_:width:height:placement:clearsOutput:)``: resolves `list`
    /// into ``drawList`` without drawing it (`bench` times the halves apart).
    public func resolve(
        _ list: RenderList, width: Int, height: Int, placement: CanvasPlacement? = nil, clearsOutput: Bool = true
    ) {
        builder.build(list, width: width, height: height, placement: placement, clearsOutput: clearsOutput, into: &drawList)
    }

    /// The second half: draws the last resolved list.
    public func draw() {
        backend.draw(drawList)
    }
}
