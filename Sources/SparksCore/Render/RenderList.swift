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

/// How a batch combines with what is already drawn.
public enum BlendMode: Sendable, Hashable {
    /// Source-over with straight alpha: `dst = src·α + dst·(1 − α)`.
    case normal
    /// Additive: `dst = dst + src·α`, clamped (renderMode additive, core-animation.md §5.4).
    case additive
}

/// One textured quad: a rectangle centred on a point, turned, tinted, showing part of a texture.
///
/// Coordinates are in the batch's space; the batch's transform maps them to the canvas.
public struct RenderQuad: Equatable, Sendable {
    /// Centre x, in the batch's space.
    public var centerX: Float
    /// Centre y (downwards).
    public var centerY: Float
    /// Centre z (toward the viewer); 0 for flattened content.
    public var centerZ: Float
    /// Half the width; negative draws the image turned half a turn (negative scale).
    public var halfWidth: Float
    /// Half the height; negative as for `halfWidth`.
    public var halfHeight: Float
    /// Rotation in radians; positive turns +x toward +y (clockwise on screen). For a tilted card,
    /// the turn within its own plane.
    public var rotation: Float
    /// For a card turned in 3-D (a `plane` particle): the angle between the direction its face
    /// looks and +z (toward the viewer), in radians; 0 for an image facing the viewer, π for one
    /// seen from behind.
    public var tilt: Float
    /// The direction in the xy-plane the face is tilted toward, in radians from +x (positive
    /// toward +y); no effect when `tilt` is 0.
    public var tiltAzimuth: Float
    /// Tint red, 0…1, multiplied into the texture (straight alpha).
    public var red: Float
    /// Tint green, 0…1.
    public var green: Float
    /// Tint blue, 0…1.
    public var blue: Float
    /// Tint alpha, 0…1 (includes layer opacity).
    public var alpha: Float
    /// Texture coordinates of the left edge (0…1).
    public var u0: Float
    /// Texture coordinates of the top edge.
    public var v0: Float
    /// Texture coordinates of the right edge.
    public var u1: Float
    /// Texture coordinates of the bottom edge.
    public var v1: Float

    /// Creates a quad.
    public init(
        centerX: Float, centerY: Float, centerZ: Float = 0, halfWidth: Float, halfHeight: Float, rotation: Float = 0,
        red: Float, green: Float, blue: Float, alpha: Float,
        u0: Float = 0, v0: Float = 0, u1: Float = 1, v1: Float = 1, tilt: Float = 0, tiltAzimuth: Float = 0
    ) {
        self.centerX = centerX
        self.centerY = centerY
        self.centerZ = centerZ
        self.halfWidth = halfWidth
        self.halfHeight = halfHeight
        self.rotation = rotation
        self.tilt = tilt
        self.tiltAzimuth = tiltAzimuth
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
        self.u0 = u0
        self.v0 = v0
        self.u1 = u1
        self.v1 = v1
    }

    /// The four corners in the quad's space (before the batch transform), seen along z, in the
    /// order top-left, top-right, bottom-right, bottom-left of the unrotated image.
    public var corners: [Point] {
        let (a, b) = halfAxes
        return [(-1.0, -1.0), (1, -1), (1, 1), (-1, 1)].map { su, sv in
            Point(x: Double(centerX) + su * a.x + sv * b.x, y: Double(centerY) + su * a.y + sv * b.y)
        }
    }

    /// The half-extent vectors of the image in the quad's space, in 3-D: `a` from the centre to
    /// the middle of the right edge, `b` to the middle of the bottom edge. An image facing the
    /// viewer is turned by `rotation` about z. A tilted card is the same image turned by
    /// `rotation` within its own plane, that plane carried from facing +z to facing its tilted
    /// direction by the shortest turn (about the axis perpendicular to both).
    var halfAxes: (a: SIMD3<Double>, b: SIMD3<Double>) {
        let c = Double(cos(rotation)), s = Double(sin(rotation))
        let hw = Double(halfWidth), hh = Double(halfHeight)
        guard tilt != 0 else { return (SIMD3(hw * c, hw * s, 0), SIMD3(-hh * s, hh * c, 0)) }
        let (e1, e2) = Self.cardAxes(tilt: Double(tilt), azimuth: Double(tiltAzimuth))
        return ((e1 * c + e2 * s) * hw, (e2 * c - e1 * s) * hh)
    }

    /// Where the image's x and y axes go when a card facing +z is turned by the shortest turn
    /// to face the direction `tilt` away from +z toward `azimuth`. With n that direction,
    /// k = 1 − cos tilt: e1 = (cos tilt + k·sin²φ, −k·sinφ·cosφ, −sin tilt·cosφ) and
    /// e2 = (−k·sinφ·cosφ, cos tilt + k·cos²φ, −sin tilt·sinφ) (Rodrigues' formula about
    /// ẑ × n, written without the division by |ẑ × n| so a card seen from behind is defined).
    static func cardAxes(tilt: Double, azimuth: Double) -> (SIMD3<Double>, SIMD3<Double>) {
        let ct = cos(tilt), st = sin(tilt), k = 1 - ct
        let cp = cos(azimuth), sp = sin(azimuth)
        let e1 = SIMD3(ct + k * sp * sp, -k * sp * cp, -st * cp)
        let e2 = SIMD3(-k * sp * cp, ct + k * cp * cp, -st * sp)
        return (e1, e2)
    }
}

/// The outline of a solid-colour quad (textured quads are always rectangles).
public enum QuadShape: Hashable, Sendable {
    /// The whole rectangle.
    case rectangle
    /// A rectangle with rounded corners (radius in quad units); smooth-edged.
    case roundedRectangle(cornerRadius: Float)
    /// A band `width` wide inside the rectangle's edge, with rounded corners (layer borders).
    case border(width: Float, cornerRadius: Float)
    /// The rectangle filled with gradient `index` of the list's `gradients`, multiplied by the
    /// quad's colour.
    case gradient(index: Int)
    /// Path drawing `index` of the list's `paths` (in the batch's space), painted in the quad's
    /// colour; the quad's own geometry is not used.
    case path(index: Int)
}

/// A path filled or stroked (a shape layer's `path`), for a `QuadShape.path` batch.
public struct PathDrawing: Hashable, Sendable {
    /// Fill or stroke.
    public enum Style: Hashable, Sendable {
        /// The inside of the path, by a fill rule.
        case fill(FillRule)
        /// The path's stroke.
        case stroke(StrokeStyle)
    }

    /// The path, in the batch's space.
    public var path: BezierPath
    /// What of it is painted.
    public var style: Style

    /// Creates a drawing.
    public init(path: BezierPath, style: Style) {
        self.path = path
        self.style = style
    }
}

/// A run of quads drawn with one texture, blend mode and transform: one draw call.
public struct RenderBatch: Equatable, Sendable {
    /// The texture, or nil for solid colour.
    public var texture: Texture?
    /// How the texture is filtered.
    public var sampling: TextureSampling = .standard
    /// How the quads blend.
    public var blendMode: BlendMode
    /// Maps quad coordinates to canvas points (perspective divide included).
    public var transform: Transform3D
    /// Outline of solid quads.
    public var shape: QuadShape
    /// Drawing is limited to this rectangle of the canvas (masksToBounds), if set.
    public var clip: Rect?
    /// The quads, as indices into `RenderList.quads`.
    public var range: Range<Int>
}

/// A run of batches drawn into a transparent image of their own, which is then faded by
/// `opacity` and composited source-over: a layer's group opacity (Core Animation's
/// `allowsGroupOpacity`), so overlapping content fades as one picture.
public struct RenderGroup: Equatable, Sendable {
    /// Opacity the group's image is composited with, 0…1.
    public var opacity: Float
    /// A shadow drawn beneath the group's image, if any.
    public var shadow: RenderShadow?
    /// The composite is limited to this canvas rectangle, if set.
    public var clip: Rect?
    /// The batches inside, as indices into `RenderList.batches`. Groups nest: an inner group's
    /// batches lie within its outer group's.
    public var batches: Range<Int>
    /// Whether the group's image is a mask (CALayer's `mask`): instead of being composited,
    /// it multiplies the image it is drawn into by its alpha, within `clip`.
    public var masksBelow = false
    /// Whether the group holds an additive emitter's particles (core-animation.md §5.4: they
    /// add up among themselves, and the sum is composited source-over onto what lies below).
    /// Drawn straight onto an image that is still black or clear (nothing drawn into it yet),
    /// they give the same pixels, so a backend's list may leave the group out there.
    public var isAdditiveParticles = false
}

/// A layer's shadow in canvas terms: the alpha of its group's image, blurred, moved and painted.
public struct RenderShadow: Equatable, Sendable {
    /// Colour, straight alpha (the layer's shadowOpacity included).
    public var color: Color
    /// How far the shadow is moved on the canvas, in points.
    public var offset: Point
    /// Standard deviation of the blur on the canvas, in points.
    public var sigma: Double
    /// Whether the group's image is drawn above its shadow (false: the group holds only the
    /// shape casting it).
    public var showsImage: Bool

    /// Creates a shadow.
    public init(color: Color, offset: Point, sigma: Double, showsImage: Bool) {
        self.color = color
        self.offset = offset
        self.sigma = sigma
        self.showsImage = showsImage
    }
}

/// Everything one frame draws: textured quads in batches, in drawing order, some of them in
/// groups composited as one image.
///
/// Built by the core from the scene, drawn by a presenter; neither reaches into the other.
/// Storage is reused from frame to frame.
public struct RenderList: Sendable {
    /// The canvas size in points.
    public var canvasSize: Size
    /// The colour the canvas is cleared to.
    public var background: Color
    /// Most pixels the list's particles may cover, counted at the canvas size; resolving it
    /// into pixels leaves out the particles beyond (a budget, see ``PresetLimits``).
    public var maxCoveredPixels = PresetLimits.defaultMaxCoveredPixels
    /// All quads, batch after batch.
    public private(set) var quads: [RenderQuad] = []
    /// Batches in drawing order.
    public private(set) var batches: [RenderBatch] = []
    /// Groups in the order they begin (an outer group before the groups inside it). A renderer
    /// that draws a list itself draws each group's batches into a cleared image and composites
    /// it with the group's opacity.
    public private(set) var groups: [RenderGroup] = []
    /// The gradients `QuadShape.gradient` batches fill with.
    public private(set) var gradients: [GradientProperties] = []
    /// The paths `QuadShape.path` batches paint.
    public private(set) var paths: [PathDrawing] = []
    /// Whose quads these are: from each `start` on, the quads draw the layer named `layer` ("" for
    /// a layer without a name), in order (see ``owner(ofQuad:)``).
    public private(set) var owners: [(start: Int, layer: String)] = []

    /// Creates an empty list.
    public init(canvasSize: Size = .zero, background: Color = .clear) {
        self.canvasSize = canvasSize
        self.background = background
    }

    /// The batch quads are currently appended to, not yet in `batches`.
    private var openBatch: RenderBatch?

    /// Empties the list, keeping its storage.
    public mutating func removeAll() {
        quads.removeAll(keepingCapacity: true)
        batches.removeAll(keepingCapacity: true)
        groups.removeAll(keepingCapacity: true)
        gradients.removeAll(keepingCapacity: true)
        paths.removeAll(keepingCapacity: true)
        owners.removeAll(keepingCapacity: true)
        openBatch = nil
    }

    /// Makes room for `count` more quads, growing geometrically so a population that creeps
    /// up frame by frame does not reallocate every frame.
    public mutating func reserveCapacity(additional count: Int) {
        let needed = quads.count + count
        if quads.capacity < needed { quads.reserveCapacity(max(needed, quads.capacity * 2)) }
    }

    /// Quads appended from now on draw the layer named `layer` (until the next mark).
    public mutating func markOwner(_ layer: String?) {
        let name = layer ?? ""
        if let last = owners.last {
            if last.layer == name { return }
            if last.start == quads.count {
                owners[owners.count - 1].layer = name
                return
            }
        }
        owners.append((quads.count, name))
    }

    /// The name of the layer quad `index` draws ("" for a layer without a name), nil when no
    /// layer was marked before it.
    public func owner(ofQuad index: Int) -> String? {
        var low = 0, high = owners.count
        while low < high {
            let middle = (low + high) / 2
            if owners[middle].start <= index { low = middle + 1 } else { high = middle }
        }
        return low > 0 ? owners[low - 1].layer : nil
    }

    /// Continues the current batch if it has these settings, or starts a new one.
    public mutating func beginBatch(
        texture: Texture?, sampling: TextureSampling = .standard, blendMode: BlendMode, transform: Transform3D,
        shape: QuadShape = .rectangle, clip: Rect? = nil
    ) {
        if let open = openBatch, open.blendMode == blendMode, open.shape == shape, open.clip == clip,
            open.transform == transform, open.texture == texture, open.sampling == sampling
        {
            return
        }
        closeOpenBatch()
        openBatch = RenderBatch(
            texture: texture, sampling: sampling, blendMode: blendMode, transform: transform, shape: shape, clip: clip,
            range: quads.count..<quads.count)
    }

    /// Appends a quad to the current batch (call `beginBatch` first).
    @inline(__always)
    public mutating func append(_ quad: RenderQuad) {
        quads.append(quad)
    }

    /// Appends quads to the current batch in one go, copied straight into the storage
    /// (reserve room first: what fits in the free capacity is copied without per-quad checks).
    @inline(__always)
    public mutating func append<S: Sequence<RenderQuad>>(contentsOf newQuads: S) {
        quads.append(contentsOf: newQuads)
    }

    /// Starts a group: the batches appended until the matching `endGroup` are composited as one
    /// image with `opacity`. Returns the group's token for `endGroup`.
    public mutating func beginGroup(opacity: Float, clip: Rect? = nil, shadow: RenderShadow? = nil) -> Int {
        closeOpenBatch()
        groups.append(RenderGroup(opacity: opacity, shadow: shadow, clip: clip, batches: batches.count..<batches.count))
        return groups.count - 1
    }

    /// Starts the group of an additive emitter's particles (see
    /// ``RenderGroup/isAdditiveParticles``), within `clip`.
    public mutating func beginAdditiveParticles(clip: Rect?) -> Int {
        closeOpenBatch()
        groups.append(
            RenderGroup(opacity: 1, shadow: nil, clip: clip, batches: batches.count..<batches.count, isAdditiveParticles: true))
        return groups.count - 1
    }

    /// Starts a mask: the batches appended until the matching `endGroup` draw the mask of the
    /// group open around it (see ``RenderGroup/masksBelow``), within `clip`.
    public mutating func beginMask(clip: Rect?) -> Int {
        closeOpenBatch()
        groups.append(RenderGroup(opacity: 1, shadow: nil, clip: clip, batches: batches.count..<batches.count, masksBelow: true))
        return groups.count - 1
    }

    /// Ends the group `token` began (groups end innermost first). A group with nothing in it is
    /// dropped; a group of a single source-over quad is folded into that quad's alpha, which
    /// draws the same (an additive quad adds to the group's empty image, so it stays a group).
    public mutating func endGroup(_ token: Int) {
        closeOpenBatch()
        guard groups.indices.contains(token) else { return }
        let start = groups[token].batches.lowerBound
        groups[token].batches = start..<batches.count
        let isInnermost = token == groups.count - 1
        if groups[token].masksBelow {
            // A mask that draws nothing still masks (everything below it goes): it holds one
            // transparent quad, so the group reaches the drawing.
            if batches.count == start {
                beginBatch(texture: nil, blendMode: .normal, transform: .identity)
                append(RenderQuad(centerX: 0, centerY: 0, halfWidth: 0.5, halfHeight: 0.5, red: 0, green: 0, blue: 0, alpha: 0))
                closeOpenBatch()
                groups[token].batches = start..<batches.count
            }
            return
        }
        if batches.count == start, isInnermost {
            groups.removeLast()
        } else if batches.count == start + 1, isInnermost, batches[start].range.count == 1,
            batches[start].blendMode == .normal, groups[token].shadow == nil
        {
            quads[batches[start].range.lowerBound].alpha *= groups[token].opacity
            groups.removeLast()
        }
    }

    /// Adds a gradient for a `QuadShape.gradient` batch; returns its index.
    public mutating func appendGradient(_ gradient: GradientProperties) -> Int {
        gradients.append(gradient)
        return gradients.count - 1
    }

    /// Adds a path for a `QuadShape.path` batch; returns its index.
    public mutating func appendPath(_ drawing: PathDrawing) -> Int {
        paths.append(drawing)
        return paths.count - 1
    }

    /// Closes the current batch; call once after the last quad.
    public mutating func finish() {
        closeOpenBatch()
    }

    private mutating func closeOpenBatch() {
        guard var open = openBatch else { return }
        openBatch = nil
        open.range = open.range.lowerBound..<quads.count
        if !open.range.isEmpty { batches.append(open) }
    }
}
