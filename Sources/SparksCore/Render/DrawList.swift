/// A rectangle of whole pixels: columns `x0..<x1`, rows `y0..<y1`.
public struct PixelRect: Hashable, Sendable {
    /// First column.
    public var x0: Int32
    /// First row.
    public var y0: Int32
    /// One past the last column.
    public var x1: Int32
    /// One past the last row.
    public var y1: Int32

    /// Creates a rectangle from its edges.
    public init(x0: Int32, y0: Int32, x1: Int32, y1: Int32) {
        self.x0 = x0
        self.y0 = y0
        self.x1 = x1
        self.y1 = y1
    }

    /// Whether it holds no pixel.
    public var isEmpty: Bool { x1 <= x0 || y1 <= y0 }
    /// Width in pixels (0 when empty).
    public var width: Int { isEmpty ? 0 : Int(x1 - x0) }
    /// Height in pixels (0 when empty).
    public var height: Int { isEmpty ? 0 : Int(y1 - y0) }

    /// The pixels in both.
    public func intersection(_ other: PixelRect) -> PixelRect {
        PixelRect(x0: max(x0, other.x0), y0: max(y0, other.y0), x1: min(x1, other.x1), y1: min(y1, other.y1))
    }

    /// The smallest rectangle holding both (either alone when the other is empty).
    public func union(_ other: PixelRect) -> PixelRect {
        if isEmpty { return other }
        if other.isEmpty { return self }
        return PixelRect(x0: min(x0, other.x0), y0: min(y0, other.y0), x1: max(x1, other.x1), y1: max(y1, other.y1))
    }
}

/// A textured or solid parallelogram in output pixels: the resolved form of a flat
/// ``RenderQuad``.
///
/// The image's texture coordinate (`u0`, `v0`) sits at `origin`; moving along `uAxis` reaches
/// `u1`, along `vAxis` reaches `v1`. A pixel is covered when its centre lies inside. Colours
/// are straight alpha; a backend limits them to 0…1.
public struct DrawQuad: Equatable, Sendable {
    /// x of the corner where the texture coordinate is (u0, v0), in pixels.
    public var originX: Float
    /// y of that corner (downwards).
    public var originY: Float
    /// The edge along which u grows from u0 to u1, x component.
    public var uAxisX: Float
    /// y component of the u edge.
    public var uAxisY: Float
    /// The edge along which v grows from v0 to v1, x component.
    public var vAxisX: Float
    /// y component of the v edge.
    public var vAxisY: Float
    /// Texture coordinates of the image's edges, unit (0…1) coordinates of the texture.
    public var u0: Float, v0: Float, u1: Float, v1: Float
    /// Tint, straight alpha, 0…1.
    public var red: Float, green: Float, blue: Float, alpha: Float

    /// Creates a quad.
    public init(
        originX: Float, originY: Float, uAxisX: Float, uAxisY: Float, vAxisX: Float, vAxisY: Float,
        u0: Float = 0, v0: Float = 0, u1: Float = 1, v1: Float = 1,
        red: Float, green: Float, blue: Float, alpha: Float
    ) {
        self.originX = originX
        self.originY = originY
        self.uAxisX = uAxisX
        self.uAxisY = uAxisY
        self.vAxisX = vAxisX
        self.vAxisY = vAxisY
        self.u0 = u0
        self.v0 = v0
        self.u1 = u1
        self.v1 = v1
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// A quad that draws nothing (transparent, no area): what an invisible particle resolves to.
    public static let hidden = DrawQuad(
        originX: 0, originY: 0, uAxisX: 0, uAxisY: 0, vAxisX: 0, vAxisY: 0, red: 0, green: 0, blue: 0, alpha: 0)

    /// The four corners in pixels: at (u0, v0), (u1, v0), (u1, v1), (u0, v1).
    public var corners: [(x: Float, y: Float)] {
        [
            (originX, originY), (originX + uAxisX, originY + uAxisY),
            (originX + uAxisX + vAxisX, originY + uAxisY + vAxisY), (originX + vAxisX, originY + vAxisY),
        ]
    }
}

/// A group's shadow (CALayer's shadow), resolved into output pixels: the alpha of the group's
/// image, blurred by a Gaussian of standard deviation `sigma`, moved by the offset and painted in
/// the colour, lies beneath the image.
public struct DrawShadow: Equatable, Sendable {
    /// Colour, straight alpha, 0…1 (the layer's shadowOpacity included).
    public var red: Float, green: Float, blue: Float, alpha: Float
    /// How far the shadow is moved, in pixels (y downwards).
    public var offsetX: Float, offsetY: Float
    /// Standard deviation of the blur, in pixels (0: a hard-edged shadow).
    public var sigma: Float
    /// Whether the group's image is drawn above its shadow; false when the group holds only the
    /// shape that casts the shadow (a `shadowPath`).
    public var showsImage: Bool

    /// Creates a shadow.
    public init(red: Float, green: Float, blue: Float, alpha: Float, offsetX: Float, offsetY: Float, sigma: Float, showsImage: Bool) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
        self.offsetX = offsetX
        self.offsetY = offsetY
        self.sigma = sigma
        self.showsImage = showsImage
    }

    /// Most pixels the blur reaches beyond the shape: three standard deviations, rounded up.
    public var reach: Int32 { Int32(min((3 * max(sigma, 0)).rounded(.up), 4096)) + 1 }
}

/// A vertex of a triangle in output pixels, with what is interpolated across the triangle.
///
/// `w` is the homogeneous coordinate the position was divided by (1 for flat geometry):
/// texture coordinates and colour interpolate linearly in the layer's plane, which on screen is
/// linear in `attribute / w` (perspective-correct).
public struct DrawVertex: Equatable, Sendable {
    /// x in pixels.
    public var x: Float
    /// y in pixels (downwards).
    public var y: Float
    /// Homogeneous w before the divide, > 0.
    public var w: Float
    /// Texture coordinate, unit coordinates of the texture.
    public var u: Float, v: Float
    /// Colour, straight alpha, 0…1.
    public var red: Float, green: Float, blue: Float, alpha: Float

    /// Creates a vertex.
    public init(x: Float, y: Float, w: Float = 1, u: Float = 0, v: Float = 0, red: Float, green: Float, blue: Float, alpha: Float) {
        self.x = x
        self.y = y
        self.w = w
        self.u = u
        self.v = v
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }
}

/// One draw: a run of quads or triangles sharing a texture, sampling, blend mode and clip.
public struct DrawCommand: Equatable, Sendable {
    /// What the range indexes.
    public enum Primitive: Equatable, Sendable {
        /// `DrawList.quads[range]`.
        case quads
        /// Triangles `DrawList.indices[range]`, three indices into `DrawList.vertices` each.
        case triangles
        /// The commands up to the matching `endGroup` draw into a new image, transparent within
        /// `clip` (the pixels the group can touch); `range` is empty.
        case beginGroup
        /// The group's image is faded by `opacity` and composited source-over (premultiplied)
        /// onto what was below it, within `clip`; `range` is empty. With a shadow, the image
        /// first gets its shadow beneath it (or becomes its shadow, see `DrawShadow.showsImage`).
        case endGroup(opacity: Float, shadow: DrawShadow?)
        /// The group's image is a mask: what was below it, within `clip`, is multiplied by the
        /// image's alpha (destination-in, premultiplied), so nothing remains where the mask
        /// drew nothing; `range` is empty (CALayer's `mask`).
        case endMask
    }

    /// Quads or triangles.
    public var primitive: Primitive
    /// The texture sampled, or nil for solid colour (a texel of opaque white).
    public var texture: Texture?
    /// How the texture is filtered.
    public var sampling: TextureSampling
    /// How the pixels combine with what is drawn.
    public var blendMode: BlendMode
    /// Only these pixels may change (within the output).
    public var clip: PixelRect
    /// Which quads, or which indices.
    public var range: Range<Int>
}

/// Everything one frame draws, resolved into output pixels: what every backend draws.
///
/// The core builds it from a ``RenderList`` for an output size: flat quads become pixel
/// parallelograms, rounded rectangles and borders are tessellated into triangles with a
/// one-pixel fringe that fades out (smooth edges at any scale), and quads seen in perspective
/// become a grid of triangles with their `w` (drawn perspective-correct). A backend only
/// rasterizes; it never looks at layers or particles. Storage is reused from frame to frame.
///
/// Colours everywhere are straight alpha; blending is premultiplied source-over (`normal`) or
/// premultiplied addition (`additive`), clamped.
public struct DrawList: Sendable {
    /// Output width in pixels.
    public private(set) var width = 0
    /// Output height in pixels.
    public private(set) var height = 0
    /// The colour every pixel starts as (straight alpha; clear for a transparent canvas).
    public private(set) var background: Color = .clear
    /// Whether a backend first fills the output with `background`; false: the list draws over
    /// the pixels already there.
    public private(set) var clearsOutput = true
    /// Draws in order.
    public private(set) var commands: [DrawCommand] = []
    /// Quads of `.quads` commands.
    public private(set) var quads: [DrawQuad] = []
    /// Vertices of `.triangles` commands.
    public private(set) var vertices: [DrawVertex] = []
    /// Three indices into `vertices` per triangle.
    public private(set) var indices: [UInt32] = []

    /// Creates an empty list.
    public init() {}

    /// How the groups nest, for a backend to draw them: for each command, the level of the
    /// image it draws into (0: the output, k: the image of the k-th group open at once; a
    /// group's begin and end: that group's own level) and its clip within the clips of every
    /// group open around it. Fills `levels` and `clips` (the caller's, kept from frame to frame)
    /// and returns the most groups open at once: the group images the backend needs.
    public func resolveGroups(levels: inout [Int], clips: inout [PixelRect]) -> Int {
        levels.removeAll(keepingCapacity: true)
        clips.removeAll(keepingCapacity: true)
        // The clip of the group open at each level (0: the output), held inline; groups nested
        // deeper than `maxGroupDepth` (no builder makes them) share the deepest clip kept.
        var enclosing = InlineArray<9, PixelRect>(repeating: bounds)
        let deepestKept = enclosing.count - 1
        var open = 0, deepest = 0
        for command in commands {
            let clip = command.clip.intersection(enclosing[min(open, deepestKept)])
            switch command.primitive {
            case .quads, .triangles:
                levels.append(open)
            case .beginGroup:
                open += 1
                deepest = max(deepest, open)
                if open <= deepestKept { enclosing[open] = clip }
                levels.append(open)
            case .endGroup, .endMask:
                levels.append(open)
                open = max(open - 1, 0)
            }
            clips.append(clip)
        }
        return deepest
    }

    /// The whole output.
    public var bounds: PixelRect { PixelRect(x0: 0, y0: 0, x1: Int32(width), y1: Int32(height)) }

    /// Empties the list for an output of `width` × `height` pixels, keeping its storage.
    /// With `clearsOutput` false a backend keeps the output's pixels and draws over them.
    public mutating func reset(width: Int, height: Int, background: Color, clearsOutput: Bool = true) {
        self.width = max(0, min(width, Self.maxSide))
        self.height = max(0, min(height, Self.maxSide))
        self.background = background
        self.clearsOutput = clearsOutput
        commands.removeAll(keepingCapacity: true)
        quads.removeAll(keepingCapacity: true)
        vertices.removeAll(keepingCapacity: true)
        indices.removeAll(keepingCapacity: true)
    }

    /// The largest output side, in pixels.
    public static let maxSide = 16384

    /// Most groups open at once; a layer deeper than this multiplies its opacity into what it
    /// draws instead (a backend keeps one image per level). `resolveGroups` keeps a clip per level
    /// inline, for this many levels.
    public static let maxGroupDepth = 8

    /// Appends quads as one command (merged with the previous command when it has the same
    /// settings).
    public mutating func append(
        quads newQuads: some Collection<DrawQuad>, texture: Texture?, sampling: TextureSampling = .standard, blendMode: BlendMode,
        clip: PixelRect? = nil
    ) {
        let start = quads.count
        quads.append(contentsOf: newQuads)
        addCommand(.quads, start..<quads.count, texture: texture, sampling: sampling, blendMode: blendMode, clip: clip ?? bounds)
    }

    /// Appends triangles as one command: `newIndices` index `newVertices` (three per triangle).
    public mutating func append(
        vertices newVertices: some Collection<DrawVertex>, indices newIndices: some Collection<UInt32>, texture: Texture?,
        sampling: TextureSampling = .standard, blendMode: BlendMode, clip: PixelRect? = nil
    ) {
        let base = UInt32(vertices.count)
        vertices.append(contentsOf: newVertices)
        let start = indices.count
        for i in newIndices where Int(i) < newVertices.count { indices.append(base + i) }
        indices.removeLast((indices.count - start) % 3)
        addCommand(.triangles, start..<indices.count, texture: texture, sampling: sampling, blendMode: blendMode, clip: clip ?? bounds)
    }

    /// Starts a group: the commands until its `endGroup` draw into an image of their own.
    /// Returns the token `endGroup` takes.
    public mutating func beginGroup() -> Int {
        commands.append(
            DrawCommand(primitive: .beginGroup, texture: nil, sampling: .standard, blendMode: .normal, clip: bounds, range: 0..<0))
        return commands.count - 1
    }

    /// Ends the group `token` began (groups end innermost first): its image, transparent within
    /// `clip` before its commands draw and limited to it, is faded by `opacity` and composited
    /// onto what lies below, with `shadow` beneath it if given. A group with nothing in it, or
    /// nothing inside the output, is dropped.
    public mutating func endGroup(_ token: Int, opacity: Float, clip: PixelRect, shadow: DrawShadow? = nil) {
        guard commands.indices.contains(token), commands[token].primitive == .beginGroup else { return }
        let clip = clip.intersection(bounds)
        if token == commands.count - 1 || clip.isEmpty {
            // Nothing can show: the group's quads, vertices and indices stay, unreferenced.
            commands.removeLast(commands.count - token)
            return
        }
        commands[token].clip = clip
        commands.append(
            DrawCommand(
                primitive: .endGroup(opacity: min(max(opacity, 0), 1), shadow: shadow), texture: nil, sampling: .standard,
                blendMode: .normal, clip: clip, range: 0..<0))
    }

    /// Ends the mask group `token` began: within `clip`, the image below keeps what the mask's
    /// image covers, in proportion to its alpha. Kept when the mask drew nothing (it then
    /// clears what lies below within `clip`).
    public mutating func endMask(_ token: Int, clip: PixelRect) {
        guard commands.indices.contains(token), commands[token].primitive == .beginGroup else { return }
        let clip = clip.intersection(bounds)
        commands[token].clip = clip
        commands.append(
            DrawCommand(primitive: .endMask, texture: nil, sampling: .standard, blendMode: .normal, clip: clip, range: 0..<0))
    }

    // MARK: Building, for DrawListBuilder

    mutating func appendQuads<S: Sequence<DrawQuad>>(contentsOf newQuads: S) { quads.append(contentsOf: newQuads) }

    /// Lets `body` write quads already in the list.
    mutating func withQuads<R>(_ range: Range<Int>, _ body: (UnsafeMutableBufferPointer<DrawQuad>) -> R) -> R {
        quads.withUnsafeMutableBufferPointer { all in body(UnsafeMutableBufferPointer(rebasing: all[range])) }
    }

    mutating func appendVertex(_ vertex: DrawVertex) -> UInt32 {
        vertices.append(vertex)
        return UInt32(vertices.count - 1)
    }

    mutating func appendTriangle(_ a: UInt32, _ b: UInt32, _ c: UInt32) {
        indices.append(a)
        indices.append(b)
        indices.append(c)
    }

    /// The pixels the commands from `first` on (up to `end`, or all) can touch in the image they
    /// draw into: the box around their visible quads and triangles, rounded outward, within each
    /// command's clip; for a group inside them, the pixels it composites (its own clip: its
    /// content and any shadow); nothing for a mask inside them (its drawing goes into the mask's
    /// image, and a mask only takes away). Read from the end back, skipping each group's inside.
    func touchedPixels(fromCommand first: Int, upTo end: Int? = nil) -> PixelRect {
        var result = PixelRect(x0: 0, y0: 0, x1: 0, y1: 0)
        func add(_ touched: PixelRect) {
            guard !touched.isEmpty else { return }
            result =
                result.isEmpty
                ? touched
                : PixelRect(
                    x0: min(result.x0, touched.x0), y0: min(result.y0, touched.y0), x1: max(result.x1, touched.x1),
                    y1: max(result.y1, touched.y1))
        }
        /// The index of the group begin that the group end at `index` closes (or `first`).
        func groupStart(ending index: Int) -> Int {
            var depth = 1, j = index - 1
            while j > first {
                switch commands[j].primitive {
                case .endGroup, .endMask: depth += 1
                case .beginGroup: depth -= 1
                case .quads, .triangles: break
                }
                if depth == 0 { return j }
                j -= 1
            }
            return first
        }
        var index = (end ?? commands.count) - 1
        while index >= first {
            let command = commands[index]
            switch command.primitive {
            case .endGroup:
                add(command.clip)
                index = groupStart(ending: index) - 1
                continue
            case .endMask:
                index = groupStart(ending: index) - 1
                continue
            case .beginGroup:
                break
            case .quads, .triangles:
                add(drawnBox(of: command).intersection(command.clip))
            }
            index -= 1
        }
        return result
    }

    /// The box around a quads or triangles command's visible geometry, rounded outward (empty
    /// when nothing is visible).
    private func drawnBox(of command: DrawCommand) -> PixelRect {
        var box = (x0: Float.infinity, y0: Float.infinity, x1: -Float.infinity, y1: -Float.infinity)
        func include(_ x: Float, _ y: Float) {
            box = (min(box.x0, x), min(box.y0, y), max(box.x1, x), max(box.y1, y))
        }
        switch command.primitive {
        case .quads:
            for q in quads[command.range] where q.alpha > 0 {
                include(q.originX, q.originY)
                include(q.originX + q.uAxisX, q.originY + q.uAxisY)
                include(q.originX + q.vAxisX, q.originY + q.vAxisY)
                include(q.originX + q.uAxisX + q.vAxisX, q.originY + q.uAxisY + q.vAxisY)
            }
        case .triangles:
            for i in command.range {
                let v = vertices[Int(indices[i])]
                include(v.x, v.y)
            }
        case .beginGroup, .endGroup, .endMask:
            break
        }
        guard box.x0 <= box.x1, box.y0 <= box.y1 else { return PixelRect(x0: 0, y0: 0, x1: 0, y1: 0) }
        // Coordinates are within ±coordinateLimit, so they convert.
        return PixelRect(
            x0: Int32(max(box.x0.rounded(.down), -1e7)), y0: Int32(max(box.y0.rounded(.down), -1e7)),
            x1: Int32(min(box.x1.rounded(.up), 1e7)), y1: Int32(min(box.y1.rounded(.up), 1e7)))
    }

    var quadCount: Int { quads.count }
    var indexCount: Int { indices.count }

    mutating func reserveQuads(_ count: Int) {
        let needed = quads.count + count
        if quads.capacity < needed { quads.reserveCapacity(max(needed, quads.capacity * 2)) }
    }

    /// Records `range` (of quads or indices appended since the last command) as a command,
    /// extending the previous command instead when everything else is the same.
    mutating func addCommand(
        _ primitive: DrawCommand.Primitive, _ range: Range<Int>, texture: Texture?, sampling: TextureSampling,
        blendMode: BlendMode, clip: PixelRect
    ) {
        guard !range.isEmpty else { return }
        let clip = clip.intersection(bounds)
        guard !clip.isEmpty else {
            // Nothing can show: take the items back out.
            if primitive == .quads { quads.removeLast(range.count) } else { indices.removeLast(range.count) }
            return
        }
        if var last = commands.last, last.primitive == primitive, primitive == .quads || primitive == .triangles,
            last.range.upperBound == range.lowerBound,
            last.blendMode == blendMode, last.clip == clip, last.sampling == sampling, last.texture == texture
        {
            last.range = last.range.lowerBound..<range.upperBound
            commands[commands.count - 1] = last
            return
        }
        commands.append(
            DrawCommand(primitive: primitive, texture: texture, sampling: sampling, blendMode: blendMode, clip: clip, range: range))
    }
}

/// Draws ``DrawList``s: the seam between the core and whatever puts pixels somewhere (the
/// CPU rasterizer, SDL's GPU renderer, a game's own renderer). A ``FrameDrawer`` drives one.
public protocol DrawBackend: AnyObject {
    /// Clears to the list's background (unless the list draws over the output's pixels) and
    /// draws its commands in order.
    func draw(_ list: DrawList)
    /// Threads drawing a frame, where the backend draws on the CPU (1…64; the picture does not
    /// depend on it). A GPU backend keeps the value and draws as the GPU does.
    var threadCount: Int { get set }
    /// Textures that could not be loaded, by file, with the reason.
    var textureFailures: [String: ImageDecodingError] { get }
    /// Marks a texture's file as changed: it is read again when next drawn, and the last good
    /// version stays in use if the new one cannot be read.
    func invalidateTexture(_ key: String)
}

extension DrawQuad {
    /// How many level-0 texels of a `textureWidth` × `textureHeight` texture one output pixel
    /// spans, along the screen's x or y, whichever is more (OpenGL's ρ): more than 1 means the
    /// image is drawn smaller than its size (minified). Infinity for a quad with no area.
    public func texelsPerPixel(textureWidth: Int, textureHeight: Int) -> Float {
        let det = uAxisX * vAxisY - uAxisY * vAxisX
        guard det != 0, det.isFinite else { return .infinity }
        // Texture coordinates per pixel: the inverse of the edge matrix, scaled by the texels
        // the quad shows along each edge.
        let su = (u1 - u0) * Float(textureWidth) / det, tv = (v1 - v0) * Float(textureHeight) / det
        return TextureSampling.texelsPerPixel(dUdx: vAxisY * su, dVdx: -uAxisY * tv, dUdy: -vAxisX * su, dVdy: uAxisX * tv)
    }
}
