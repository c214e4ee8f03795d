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

/// Turns a layer tree into a ``RenderList``. Each layer draws, back to front: its background,
/// its contents, its sublayers (for a replicator, once per instance), its border, then its
/// particles (in its render mode's order: above the background and border, as CAEmitterLayer.h
/// says).
///
/// A layer whose opacity is below 1 and that allows group opacity (the default, as on iOS 7 and
/// later) is drawn as a group: composited as one image, then faded, so overlapping sublayers and
/// particles fade together. With `allowsGroupOpacity` false its opacity is multiplied into
/// everything it draws instead.
///
/// Layers are drawn with their presentation values at their own local time, so animations show;
/// a replicator's instance k sees its sublayers' time shifted by k · instanceDelay.
/// Holds scratch storage reused from frame to frame.
public final class RenderListBuilder {
    /// One visible cell's particles and drawing constants, with its columns looked up once.
    private struct CellView {
        var storage: ParticleStorage
        var texture: Texture
        var sampling: TextureSampling
        var textureSlot: Int
        var halfWidth: Float
        var halfHeight: Float
        var uv: (Float, Float, Float, Float)
        /// How its particles are turned (by spin, or by a behaviour).
        var rotation: ParticleRotation
        let px, py, pz, red, green, blue, alpha, scale, spin, age, lifetime, vx, vy: UnsafeMutablePointer<Float>
        /// The direction each card faces, for `plane` particles (nil for sprites).
        let facing: (x: UnsafeMutablePointer<Float>, y: UnsafeMutablePointer<Float>, z: UnsafeMutablePointer<Float>)?
        /// The ages drawn (all, except in a loop frame: see ``RenderListBuilder/loopCompanions``).
        var ages: Range<Float> = 0..<Float.infinity {
            didSet { filtersAges = ages != 0..<Float.infinity }
        }
        /// Whether `ages` leaves some out (checked once per particle only then).
        private(set) var filtersAges = false
        /// How far past the last step the particles are drawn, with the cell's motion over that
        /// time (nil: as the last step left them). See ``RenderListBuilder/particleLead``.
        var lead: ParticleStorage.Rates?
        let vz: UnsafeMutablePointer<Float>

        init(
            storage: ParticleStorage, texture: Texture, sampling: TextureSampling, textureSlot: Int, halfWidth: Float, halfHeight: Float,
            uv: (Float, Float, Float, Float), rotation: ParticleRotation, isPlane: Bool
        ) {
            self.rotation = rotation
            self.storage = storage
            self.texture = texture
            self.sampling = sampling
            self.textureSlot = textureSlot
            self.halfWidth = halfWidth
            self.halfHeight = halfHeight
            self.uv = uv
            px = storage.pointer(.positionX)
            py = storage.pointer(.positionY)
            pz = storage.pointer(.positionZ)
            red = storage.pointer(.red)
            green = storage.pointer(.green)
            blue = storage.pointer(.blue)
            alpha = storage.pointer(.alpha)
            scale = storage.pointer(.scale)
            spin = storage.pointer(.spin)
            age = storage.pointer(.age)
            lifetime = storage.pointer(.lifetime)
            vx = storage.pointer(.velocityX)
            vy = storage.pointer(.velocityY)
            vz = storage.pointer(.velocityZ)
            facing =
                isPlane && storage.hasFacing ? (storage.facingPointer(0), storage.facingPointer(1), storage.facingPointer(2)) : nil
        }

        /// Particle `i`'s card as a tilt from facing the viewer and the direction of that tilt
        /// (both 0 for sprites).
        @inline(__always)
        func tilt(_ i: Int) -> (tilt: Float, azimuth: Float) {
            guard let facing else { return (0, 0) }
            let x = facing.x[i], y = facing.y[i], z = facing.z[i]
            let sideways = (x * x + y * y).squareRoot()
            // A lean below a millionth of a radian moves no pixel: such a card is drawn as the
            // sprite it looks like (a facing of latitude π/2 is off +z by cos(π/2) in floats).
            guard sideways > 1e-6 else { return (z < 0 ? .pi : 0, 0) }
            return (atan2f(sideways, z), atan2f(y, x))
        }

        /// Whether particle `i` is alive and of an age this view draws (alive still at the
        /// lead's time, when drawn ahead).
        @inline(__always)
        func isShown(_ i: Int) -> Bool { age[i] + (lead?.dt ?? 0) < lifetime[i] && (!filtersAges || ages.contains(age[i])) }

        /// Calls `body` for each shown particle's slot, in birth order.
        func forEachShownSlot(_ body: (Int) -> Void) {
            let (a, b) = storage.slotRanges
            for slot in a where isShown(slot) { body(slot) }
            for slot in b where isShown(slot) { body(slot) }
        }

        /// Particle `i`'s rotation in radians at `age`: spin × age, unless a behaviour turns it.
        @inline(__always)
        func angle(_ i: Int, age: Float) -> Float {
            if case .spin = rotation { return spin[i] * age }
            return rotation.angle(spin: spin[i], age: age, lifetime: lifetime[i], vx: vx[i], vy: vy[i])
        }

        /// Particle `i` as the step's integration would leave it `lead.dt` seconds on (the same
        /// formulas: position by velocity and half the acceleration, velocity, colour clamped to
        /// 0…1, scale and age by their speeds), without changing it.
        @inline(__always)
        func ahead(_ i: Int, _ m: ParticleStorage.Rates) -> (x: Float, y: Float, z: Float, color: SIMD4<Float>, scale: Float, age: Float) {
            let halfSquare = 0.5 * m.dt * m.dt
            let color =
                SIMD4(red[i], green[i], blue[i], alpha[i])
                + SIMD4(m.colorSpeed.0, m.colorSpeed.1, m.colorSpeed.2, m.colorSpeed.3) * m.dt
            return (
                px[i] + vx[i] * m.dt + m.acceleration.0 * halfSquare, py[i] + vy[i] * m.dt + m.acceleration.1 * halfSquare,
                pz[i] + vz[i] * m.dt + m.acceleration.2 * halfSquare, color.clamped(lowerBound: .zero, upperBound: .one),
                scale[i] + m.scaleSpeed * m.dt, age[i] + m.dt
            )
        }
    }

    /// What a layer inherits from above: where its space sits, its time, opacity, tint and clip.
    private struct Context {
        var space: Transform3D
        var time: Double
        var opacity: Double
        var tint: Color
        var clip: Rect?
        /// Whether an odd number of superlayers flip their geometry: images are then drawn
        /// flipped back, so they stay upright (CALayer's `contentsAreFlipped`).
        var isFlipped = false
    }

    private var cells: [CellView] = []
    private var order: [DrawOrderEntry] = []
    private var sorter = DrawOrderSorter()
    /// Layer copies drawn so far in this build.
    private var drawnLayers = 0
    /// Groups open at the current layer.
    private var groupDepth = 0
    /// Most layer copies one build draws (animated instance counts can exceed what the preset
    /// was checked for); the rest are skipped.
    public var maxDrawnLayers = PresetLimits.standard.maxDrawnInstances
    /// Most quads one build holds; particles beyond are left out (counted in `droppedQuads`).
    public var maxDrawnQuads = PresetLimits.standard.maxDrawnQuads
    /// Particles the last build left out because `maxDrawnQuads` was reached.
    public private(set) var droppedQuads = 0
    /// For a frame of a seamless loop: for each emitter layer (by identity), the same layer of
    /// the scene run one loop length further and the age, in the layer's time, that splits
    /// them. The layer's own particles younger than the split are drawn with the companion's
    /// older ones, so every particle born in one loop length is drawn over its whole life.
    public var loopCompanions: [ObjectIdentifier: (companion: EmitterLayer, split: Float)] = [:]

    /// Seconds past the last step at which particles are drawn: a game's frame that falls
    /// between two fixed steps shows each particle where the step's own motion puts it then
    /// (``ParticleStorage/Rates``), so motion is even at any refresh rate while the simulation
    /// stays in fixed steps. Layers are drawn at the `time` `build` is given. 0 draws the
    /// particles as the last step left them.
    public var particleLead: Double = 0

    /// Creates a builder.
    public init() {}

    /// Rebuilds `list` from the layers (roots of the tree, in order) at scene time `time`.
    public func build(layers: ArraySlice<Layer>, time: Double, into list: inout RenderList) {
        list.removeAll()
        drawnLayers = 0
        droppedQuads = 0
        groupDepth = 0
        let root = Context(space: .identity, time: time, opacity: 1, tint: .white, clip: nil)
        for layer in layers { append(layer, root, into: &list) }
        list.finish()
    }

    /// The shadow layer properties `p` cast, on the canvas: its offset and blur carried through
    /// the layer's transform `world` (about the bounds' centre), its colour tinted like the layer.
    private static func shadow(of p: LayerProperties, world: Transform3D, tint: Color, showsImage: Bool) -> RenderShadow {
        let centre = Point(x: p.bounds.midX, y: p.bounds.midY)
        let from = world.apply(to: centre)
        let to = world.apply(to: Point(x: centre.x + p.shadowOffset.width, y: centre.y + p.shadowOffset.height))
        let scale = world.meanPlanarScale
        var color = p.shadowColor * tint
        color.alpha *= p.shadowOpacity
        let offset = Point(x: to.x - from.x, y: to.y - from.y)
        let sigma = p.shadowRadius * CoreAnimationChoices.shadowSigmaPerRadius * (scale.isFinite ? scale : 1)
        return RenderShadow(
            color: color, offset: offset.x.isFinite && offset.y.isFinite ? offset : .zero,
            sigma: sigma.isFinite ? min(sigma, 1e4) : 0, showsImage: showsImage)
    }

    /// Appends one layer and its subtree, back to front: its shadow path, background, gradient,
    /// contents, shape, sublayers (per replicator instance), border and particles.
    private func append(_ layer: Layer, _ context: Context, into list: inout RenderList) {
        guard drawnLayers < maxDrawnLayers else { return }
        drawnLayers += 1
        let localTime = layer.properties.timing.localTime(parentTime: context.time)
        let state = layer.animations.isEmpty ? layer.model : layer.presentationState(atLocalTime: localTime)
        let p = state.layer
        let effectiveOpacity = context.opacity * p.opacity
        guard !p.isHidden, effectiveOpacity > 0 else { return }
        list.markOwner(p.name)

        // Group opacity: everything below is drawn opaque into the group, which is faded once.
        // A mask needs the group too (and a level for its own image).
        let masked = layer.mask != nil && groupDepth + 2 <= DrawList.maxGroupDepth
        let grouped = (effectiveOpacity < 1 && p.allowsGroupOpacity || masked) && groupDepth < DrawList.maxGroupDepth
        let placed = PlacedLayer(
            p, context: context, opacity: grouped ? 1 : effectiveOpacity, shadowGroupFits: groupDepth + 1 < DrawList.maxGroupDepth)
        let group = beginGroup(for: placed, fading: grouped ? effectiveOpacity : nil, context: context, into: &list)
        appendShadowPath(of: placed, context: context, into: &list)
        if p.backgroundColor.alpha > 0, placed.hasArea {
            placed.fillBounds(
                p.backgroundColor * placed.tint, shape: placed.radius > 0 ? .roundedRectangle(cornerRadius: placed.radius) : .rectangle,
                into: &list)
        }
        if let gradient = state.content.gradient, !gradient.colors.isEmpty, placed.hasArea {
            placed.fillBounds(placed.tint, shape: .gradient(index: list.appendGradient(gradient)), into: &list)
        }

        // masksToBounds clips contents, particles and sublayers to the bounds (their box on the canvas).
        var inner = context
        inner.opacity = placed.opacity
        if p.masksToBounds {
            let box = Self.canvasBox(of: p.bounds, through: placed.world)
            inner.clip = context.clip.map { Self.intersect($0, box) } ?? box
        }
        if placed.hasArea { appendContents(of: placed, context: context, clip: inner.clip, into: &list) }
        if let shape = state.content.shape { appendShape(shape, of: placed, clip: inner.clip, into: &list) }
        if let text = state.content.text, placed.hasArea {
            appendText(text, of: layer, placed, context: context, clip: inner.clip, into: &list)
        }

        inner.space = p.sublayerSpace(preservesDepth: state.preservesDepth) * placed.world
        inner.time = localTime
        inner.isFlipped = context.isFlipped != p.isGeometryFlipped
        appendSublayers(of: layer, replicator: state.replicator, bounds: p.bounds, inner, into: &list)
        list.markOwner(p.name)

        if p.borderWidth > 0, p.borderColor.alpha > 0, placed.hasArea {
            placed.fillBounds(
                p.borderColor * placed.tint, shape: .border(width: Float(p.borderWidth), cornerRadius: placed.radius), into: &list)
        }
        if let emitter = layer as? EmitterLayer, let properties = state.emitter {
            appendParticles(
                of: emitter, properties: properties, transform: placed.world, opacity: Float(placed.opacity), tint: placed.tint,
                clip: inner.clip, into: &list)
        }
        if let mask = layer.mask, masked, group != nil { appendMask(mask, of: placed, time: localTime, context: context, into: &list) }
        if let group {
            list.endGroup(group)
            groupDepth -= 1
        }
    }

    /// A layer's mask (CALayer's `mask`), drawn in the layer's coordinates into an image of its
    /// own that keeps, of the layer's group, what its alpha covers.
    private func appendMask(_ mask: Layer, of placed: PlacedLayer, time: Double, context: Context, into list: inout RenderList) {
        let p = placed.p
        let token = list.beginMask(clip: context.clip)
        groupDepth += 1
        let flip = p.isGeometryFlipped ? Transform3D.verticalFlip(within: p.bounds) : .identity
        let maskContext = Context(
            space: flip * Transform3D.flatten * placed.world, time: time, opacity: 1, tint: .white, clip: context.clip,
            isFlipped: context.isFlipped != p.isGeometryFlipped)
        append(mask, maskContext, into: &list)
        list.endGroup(token)
        groupDepth -= 1
    }

    /// One layer's presentation values placed on the canvas, as its drawing needs them.
    private struct PlacedLayer {
        let p: LayerProperties
        /// The layer's space on the canvas.
        let world: Transform3D
        /// The opacity multiplied into what it draws (1 inside its own group).
        let opacity: Double
        let tint: Color
        let clip: Rect?
        let hasArea: Bool
        let centre: (Float, Float)
        let half: (Float, Float)
        let radius: Float
        /// Whether it casts a shadow (and a group level is left for the shadow).
        let castsShadow: Bool

        init(_ p: LayerProperties, context: Context, opacity: Double, shadowGroupFits: Bool) {
            self.p = p
            self.opacity = opacity
            world = p.transformToSuperlayer * context.space
            tint = context.tint
            clip = context.clip
            let bounds = p.bounds
            hasArea = bounds.size.width > 0 && bounds.size.height > 0
            centre = (Float(bounds.midX), Float(bounds.midY))
            half = (Float(bounds.size.width / 2), Float(bounds.size.height / 2))
            radius = Float(min(p.cornerRadius, min(bounds.size.width, bounds.size.height) / 2))
            castsShadow = p.shadowOpacity > 0 && p.shadowColor.alpha > 0 && shadowGroupFits
        }

        /// Fills the bounds in `shape` with colour `c` (already tinted), faded by the opacity.
        func fillBounds(_ c: Color, shape: QuadShape, clip: Rect? = nil, into list: inout RenderList) {
            list.beginBatch(texture: nil, blendMode: .normal, transform: world, shape: shape, clip: clip ?? self.clip)
            list.append(
                RenderQuad(
                    centerX: centre.0, centerY: centre.1, halfWidth: half.0, halfHeight: half.1,
                    red: Float(c.red), green: Float(c.green), blue: Float(c.blue), alpha: Float(c.alpha * opacity)))
        }
    }

    /// Opens the layer's group when it is faded as one image (`fading`) or casts a shadow from
    /// its own image (a shadow without a path: the group's image gets the shadow beneath it).
    private func beginGroup(for placed: PlacedLayer, fading: Double?, context: Context, into list: inout RenderList) -> Int? {
        let castsOwnImage = placed.castsShadow && placed.p.shadowPath == nil
        guard fading != nil || castsOwnImage else { return nil }
        let shadow = castsOwnImage ? Self.shadow(of: placed.p, world: placed.world, tint: placed.tint, showsImage: true) : nil
        groupDepth += 1
        return list.beginGroup(opacity: Float(fading ?? 1), clip: context.clip, shadow: shadow)
    }

    /// A shadow path: its fill, in a group of its own, becomes the shadow alone.
    private func appendShadowPath(of placed: PlacedLayer, context: Context, into list: inout RenderList) {
        guard placed.castsShadow, let shadowPath = placed.p.shadowPath else { return }
        let shadow = Self.shadow(of: placed.p, world: placed.world, tint: placed.tint, showsImage: false)
        let shadowGroup = list.beginGroup(opacity: 1, clip: context.clip, shadow: shadow)
        placed.fillBounds(.white, shape: .path(index: list.appendPath(PathDrawing(path: shadowPath, style: .fill(.nonZero)))), into: &list)
        list.endGroup(shadowGroup)
    }

    /// The layer's contents image (or its cross-fade between two), laid out in the bounds.
    private func appendContents(of placed: PlacedLayer, context: Context, clip: Rect?, into list: inout RenderList) {
        let p = placed.p
        let opacity = placed.opacity
        if let fade = p.contentsCrossFade, let from = fade.from, let to = fade.to, groupDepth < DrawList.maxGroupDepth {
            // A cross-fade is a weighted sum of the two images: the outgoing one drawn into
            // an empty group at 1 − f, the incoming one added at f, the sum faded as one.
            let group = list.beginGroup(opacity: Float(opacity), clip: clip)
            appendImage(from, of: placed, context: context, weight: 1 - fade.fraction, blendMode: .normal, clip: clip, into: &list)
            appendImage(to, of: placed, context: context, weight: fade.fraction, blendMode: .additive, clip: clip, into: &list)
            list.endGroup(group)
        } else if let fade = p.contentsCrossFade {
            // Fading from or to nothing (or no group left): each image at its own weight.
            if let from = fade.from {
                appendImage(
                    from, of: placed, context: context, weight: opacity * (1 - fade.fraction), blendMode: .normal, clip: clip, into: &list)
            }
            if let to = fade.to {
                appendImage(to, of: placed, context: context, weight: opacity * fade.fraction, blendMode: .normal, clip: clip, into: &list)
            }
        } else if let contents = p.contents {
            appendImage(contents, of: placed, context: context, weight: opacity, blendMode: .normal, clip: clip, into: &list)
        }
    }

    /// One contents image at `weight`, in the pieces its gravity and nine-part stretching make.
    private func appendImage(
        _ texture: Texture, of placed: PlacedLayer, context: Context, weight: Double, blendMode: BlendMode, clip: Rect?,
        into list: inout RenderList
    ) {
        let p = placed.p
        let tint = placed.tint
        let contentsSpace = context.isFlipped ? Transform3D.verticalFlip(within: p.bounds) * placed.world : placed.world
        list.beginBatch(texture: texture, sampling: p.contentsSampling, blendMode: blendMode, transform: contentsSpace, clip: clip)
        let layout = ContentsLayout(
            bounds: p.bounds, contentsRect: p.contentsRect, contentsCenter: p.contentsCenter,
            naturalSize: texture.pointSize(contentsRect: p.contentsRect, contentsScale: p.contentsScale),
            gravity: p.contentsGravity, topIsLargestY: CoreAnimationChoices.gravityTopIsLargestY != context.isFlipped)
        layout.forEachPiece { rect, part in
            var quad = RenderQuad(
                centerX: Float(rect.midX), centerY: Float(rect.midY), halfWidth: Float(rect.size.width / 2),
                halfHeight: Float(rect.size.height / 2),
                red: Float(tint.red), green: Float(tint.green), blue: Float(tint.blue), alpha: Float(tint.alpha * weight))
            quad.u0 = Float(part.origin.x)
            quad.v0 = Float(part.origin.y)
            quad.u1 = Float(part.maxX)
            quad.v1 = Float(part.maxY)
            list.append(quad)
        }
    }

    /// A text layer's text: an image of its bounds' size (at least 2 pixels a point, for sharp
    /// glyphs) drawn over them, clipped by them as Core Animation clips a text layer's drawing.
    private func appendText(
        _ text: TextProperties, of layer: Layer, _ placed: PlacedLayer, context: Context, clip: Rect?, into list: inout RenderList
    ) {
        let p = placed.p
        let size = p.bounds.size
        let scale = max(p.contentsScale, 2)
        let texture: Texture
        if let cached = layer.textImage, cached.properties == text, cached.size == size, cached.scale == scale {
            guard let t = cached.texture else { return }
            texture = t
        } else {
            let made = TextImage(text, size: size, scale: scale).map { Texture(text: $0) }
            layer.textImage = (text, size, scale, made)
            guard let made else { return }
            texture = made
        }
        let tint = placed.tint
        let space = context.isFlipped ? Transform3D.verticalFlip(within: p.bounds) * placed.world : placed.world
        list.beginBatch(texture: texture, sampling: p.contentsSampling, blendMode: .normal, transform: space, clip: clip)
        var quad = RenderQuad(
            centerX: placed.centre.0, centerY: placed.centre.1, halfWidth: placed.half.0, halfHeight: placed.half.1,
            red: Float(tint.red), green: Float(tint.green), blue: Float(tint.blue), alpha: Float(tint.alpha * placed.opacity))
        quad.u0 = 0
        quad.v0 = 0
        quad.u1 = 1
        quad.v1 = 1
        list.append(quad)
    }

    /// A shape layer's path: filled, then stroked, between its contents and its sublayers.
    private func appendShape(_ shape: ShapeProperties, of placed: PlacedLayer, clip: Rect?, into list: inout RenderList) {
        guard let path = shape.path else { return }
        if shape.fillColor.alpha > 0 {
            let fill = list.appendPath(PathDrawing(path: path, style: .fill(shape.fillRule)))
            placed.fillBounds(shape.fillColor * placed.tint, shape: .path(index: fill), clip: clip, into: &list)
        }
        if shape.strokeColor.alpha > 0, shape.stroke.lineWidth > 0, shape.stroke.strokeEnd > shape.stroke.strokeStart {
            let stroke = list.appendPath(PathDrawing(path: path, style: .stroke(shape.stroke)))
            placed.fillBounds(shape.strokeColor * placed.tint, shape: .path(index: stroke), clip: clip, into: &list)
        }
    }

    /// The sublayers in `inner` (the layer's sublayer space and time); a replicator draws them
    /// once per instance: instance k moved by X^k about the centre, tinted by the instance
    /// colour, its time k·delay later (core-animation.md §8.2–8.4).
    private func appendSublayers(
        of layer: Layer, replicator: ReplicatorProperties?, bounds: Rect, _ inner: Context, into list: inout RenderList
    ) {
        guard let replicator else {
            for sublayer in layer.sublayersInDrawingOrder { append(sublayer, inner, into: &list) }
            return
        }
        let count = max(0, min(replicator.instanceCount, ReplicatorProperties.maxInstanceCount))
        let toCentre = Transform3D.translation(-bounds.midX, -bounds.midY, 0)
        let fromCentre = Transform3D.translation(bounds.midX, bounds.midY, 0)
        var power = Transform3D.identity
        for k in 0..<count {
            var instance = inner
            instance.space = toCentre * power * fromCentre * inner.space
            instance.time = inner.time - Double(k) * replicator.instanceDelay
            instance.tint = inner.tint * replicator.modulation(instance: k)
            if instance.tint.alpha > 0 {
                for sublayer in layer.sublayersInDrawingOrder { append(sublayer, instance, into: &list) }
            }
            power = power * replicator.instanceTransform
        }
    }

    /// The bounding box on the canvas of `rect` mapped through `transform`.
    static func canvasBox(of rect: Rect, through transform: Transform3D) -> Rect {
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        var finite = true
        func include(_ x: Double, _ y: Double) {
            let p = transform.apply(to: Point(x: x, y: y))
            finite = finite && p.x.isFinite && p.y.isFinite
            minX = min(minX, p.x)
            maxX = max(maxX, p.x)
            minY = min(minY, p.y)
            maxY = max(maxY, p.y)
        }
        include(rect.origin.x, rect.origin.y)
        include(rect.maxX, rect.origin.y)
        include(rect.maxX, rect.maxY)
        include(rect.origin.x, rect.maxY)
        // A degenerate transform (a corner at infinity or NaN) clips everything.
        guard finite else { return .zero }
        return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    static func intersect(_ a: Rect, _ b: Rect) -> Rect {
        let x0 = max(a.origin.x, b.origin.x), y0 = max(a.origin.y, b.origin.y)
        let x1 = min(a.maxX, b.maxX), y1 = min(a.maxY, b.maxY)
        return Rect(x: x0, y: y0, width: max(0, x1 - x0), height: max(0, y1 - y0))
    }

    // MARK: Particles

    private func collectVisibleCells(
        _ cells: [EmitterCell], states: [CellState], properties: EmitterProperties, rotation: ParticleRotation,
        ages: Range<Float> = 0..<Float.infinity
    ) {
        for (cell, state) in zip(cells, states) {
            if cell.isEnabled, let texture = cell.contents, state.storage.count > 0 {
                let base = cell.baseSize
                let r = cell.contentsRect
                let sampling = TextureSampling(
                    minification: cell.minificationFilter, magnification: cell.magnificationFilter,
                    minificationBias: Float(cell.minificationFilterBias))
                // Cells share a batch when they draw alike: same image, filtering and kind of particle.
                let isPlane = cell.particleType == .plane && state.storage.hasFacing
                let slot =
                    self.cells.firstIndex { $0.texture == texture && $0.sampling == sampling && ($0.facing != nil) == isPlane }
                    .map { self.cells[$0].textureSlot } ?? self.cells.count
                var view = CellView(
                    storage: state.storage, texture: texture, sampling: sampling, textureSlot: slot,
                    halfWidth: Float(base.width / 2), halfHeight: Float(base.height / 2),
                    uv: (Float(r.origin.x), Float(r.origin.y), Float(r.maxX), Float(r.maxY)), rotation: rotation,
                    isPlane: isPlane)
                view.ages = ages
                if particleLead > 0 { view.lead = ParticleSampler(cell: cell, layer: properties).rates(dt: particleLead) }
                self.cells.append(view)
            }
            collectVisibleCells(cell.emitterCells, states: state.children, properties: properties, rotation: rotation, ages: ages)
        }
    }

    private func appendParticles(
        of layer: EmitterLayer, properties: EmitterProperties, transform: Transform3D, opacity: Float, tint: Color,
        clip: Rect?, into list: inout RenderList
    ) {
        cells.removeAll(keepingCapacity: true)
        let rotation = properties.emitterBehaviors.isEmpty ? .spin : BehaviorPass.particleRotation(properties.emitterBehaviors)
        if let loop = loopCompanions[ObjectIdentifier(layer)] {
            // A loop frame: the companion's particles at least `split` old (born earlier), then
            // this layer's younger ones.
            collectVisibleCells(
                properties.emitterCells, states: loop.companion.simulation.cellStates, properties: properties, rotation: rotation,
                ages: loop.split..<Float.infinity)
            collectVisibleCells(
                properties.emitterCells, states: layer.simulation.cellStates, properties: properties, rotation: rotation,
                ages: 0..<loop.split)
        } else {
            collectVisibleCells(properties.emitterCells, states: layer.simulation.cellStates, properties: properties, rotation: rotation)
        }
        guard !cells.isEmpty else { return }
        let blend: BlendMode = properties.renderMode == .additive ? .additive : .normal
        let keepDepth = properties.preservesDepth
        // Cards of a layer that does not preserve depth are flattened into its plane, corners
        // and all; sprites already are (their depth is left out).
        let flattened = keepDepth ? transform : Transform3D.flatten * transform
        func batchTransform(of view: CellView) -> Transform3D { view.facing == nil ? transform : flattened }
        let modulation = (Float(tint.red), Float(tint.green), Float(tint.blue), Float(tint.alpha) * opacity)
        let particles = cells.reduce(0) { $0 + $1.storage.count }
        let room = max(0, maxDrawnQuads - list.quads.count)
        if particles > room {
            // Over the drawing budget: these particles are left out, whole cells at a time.
            droppedQuads += particles
            return
        }
        list.reserveCapacity(additional: particles)
        // Additive particles add up among themselves; their sum lies over what is below.
        let group = properties.renderMode == .additive ? list.beginAdditiveParticles(clip: clip) : nil
        defer { if let group { list.endGroup(group) } }

        switch properties.renderMode {
        case .unordered, .additive:
            // Cells in tree order, each in birth order (core-animation.md §5.4).
            for view in cells {
                list.beginBatch(
                    texture: view.texture, sampling: view.sampling, blendMode: blend, transform: batchTransform(of: view), clip: clip)
                appendInBirthOrder(view, keepDepth: keepDepth, modulation: modulation, into: &list)
            }
        case .oldestFirst, .oldestLast, .backToFront:
            let mode = properties.renderMode
            if cells.count == 1, mode != .backToFront || !hasDepth(cells[0]) {
                // One cell in birth order, or its reverse: no sort needed.
                let view = cells[0]
                list.beginBatch(
                    texture: view.texture, sampling: view.sampling, blendMode: blend, transform: batchTransform(of: view), clip: clip)
                if mode == .oldestLast {
                    let (a, b) = view.storage.slotRanges
                    for slot in b.reversed() where view.isShown(slot) {
                        appendQuad(view, slot, keepDepth: keepDepth, modulation: modulation, into: &list)
                    }
                    for slot in a.reversed() where view.isShown(slot) {
                        appendQuad(view, slot, keepDepth: keepDepth, modulation: modulation, into: &list)
                    }
                } else {
                    appendInBirthOrder(view, keepDepth: keepDepth, modulation: modulation, into: &list)
                }
                return
            }
            order.removeAll(keepingCapacity: true)
            for (c, view) in cells.enumerated() {
                let age = view.storage.pointer(.age), z = view.storage.pointer(.positionZ)
                view.forEachShownSlot { i in
                    let key: Float =
                        switch mode {
                        case .oldestFirst: -age[i]
                        case .oldestLast: age[i]
                        default: z[i]  // back to front: far (small z) first
                        }
                    order.append(DrawOrderEntry(key: key, cell: Int32(c), slot: Int32(i)))
                }
            }
            // Ties keep cell order, then birth order (oldest first): the order they were added.
            sorter.sort(&order)
            var currentSlot = -1
            for entry in order {
                let view = cells[Int(entry.cell)]
                if view.textureSlot != currentSlot {
                    list.beginBatch(
                        texture: view.texture, sampling: view.sampling, blendMode: blend, transform: batchTransform(of: view), clip: clip)
                    currentSlot = view.textureSlot
                }
                appendQuad(view, Int(entry.slot), keepDepth: keepDepth, modulation: modulation, into: &list)
            }
        }
    }

    private func hasDepth(_ view: CellView) -> Bool {
        let z = view.storage.pointer(.positionZ)
        var first: Float?
        var differs = false
        view.forEachShownSlot { i in
            if let f = first { if z[i] != f { differs = true } } else { first = z[i] }
        }
        return differs
    }

    /// A cell's visible particles in birth order, copied straight into the list's storage.
    private func appendInBirthOrder(
        _ view: CellView, keepDepth: Bool, modulation: (Float, Float, Float, Float), into list: inout RenderList
    ) {
        let (a, b) = view.storage.slotRanges
        let lifetime = view.storage.pointer(.lifetime)
        list.append(contentsOf: VisibleQuads(view: view, lifetime: lifetime, slots: a, keepDepth: keepDepth, modulation: modulation))
        list.append(contentsOf: VisibleQuads(view: view, lifetime: lifetime, slots: b, keepDepth: keepDepth, modulation: modulation))
    }

    /// The visible particles of a run of slots as quads, for one bulk append.
    private struct VisibleQuads: Sequence, IteratorProtocol {
        let view: CellView
        let lifetime: UnsafeMutablePointer<Float>
        var slots: Range<Int>
        let keepDepth: Bool
        let modulation: (Float, Float, Float, Float)

        var underestimatedCount: Int { 0 }

        @inline(__always)
        mutating func next() -> RenderQuad? {
            while let i = slots.popFirst() {
                guard view.age[i] + (view.lead?.dt ?? 0) < lifetime[i], !view.filtersAges || view.ages.contains(view.age[i]) else {
                    continue
                }
                if let quad = RenderListBuilder.quad(view, i, keepDepth: keepDepth, modulation: modulation) { return quad }
            }
            return nil
        }
    }

    @inline(__always)
    private func appendQuad(
        _ view: CellView, _ i: Int, keepDepth: Bool, modulation: (Float, Float, Float, Float), into list: inout RenderList
    ) {
        if let quad = Self.quad(view, i, keepDepth: keepDepth, modulation: modulation) { list.append(quad) }
    }

    /// Particle `i` of a cell as a quad, or nil when it cannot be seen (no size, no alpha).
    @inline(__always)
    private static func quad(_ view: CellView, _ i: Int, keepDepth: Bool, modulation m: (Float, Float, Float, Float)) -> RenderQuad? {
        if let lead = view.lead { return quadAhead(view, i, lead, keepDepth: keepDepth, modulation: m) }
        let scale = view.scale[i]
        let alpha = view.alpha[i] * m.3
        guard scale != 0, alpha > 0, CoreAnimationChoices.negativeScaleIsDrawn || scale > 0 else { return nil }
        let card = view.tilt(i)
        return RenderQuad(
            centerX: view.px[i], centerY: view.py[i], centerZ: keepDepth ? view.pz[i] : 0,
            halfWidth: view.halfWidth * scale, halfHeight: view.halfHeight * scale,
            rotation: view.angle(i, age: view.age[i]),
            red: view.red[i] * m.0, green: view.green[i] * m.1, blue: view.blue[i] * m.2, alpha: alpha,
            u0: view.uv.0, v0: view.uv.1, u1: view.uv.2, v1: view.uv.3, tilt: card.tilt, tiltAzimuth: card.azimuth)
    }

    /// Particle `i` as a quad `lead.dt` seconds past the last step (``particleLead``).
    private static func quadAhead(
        _ view: CellView, _ i: Int, _ lead: ParticleStorage.Rates, keepDepth: Bool, modulation m: (Float, Float, Float, Float)
    ) -> RenderQuad? {
        let p = view.ahead(i, lead)
        let alpha = p.color.w * m.3
        guard p.scale != 0, alpha > 0, CoreAnimationChoices.negativeScaleIsDrawn || p.scale > 0 else { return nil }
        let card = view.tilt(i)
        return RenderQuad(
            centerX: p.x, centerY: p.y, centerZ: keepDepth ? p.z : 0,
            halfWidth: view.halfWidth * p.scale, halfHeight: view.halfHeight * p.scale,
            rotation: view.angle(i, age: p.age),
            red: p.color.x * m.0, green: p.color.y * m.1, blue: p.color.z * m.2, alpha: alpha,
            u0: view.uv.0, v0: view.uv.1, u1: view.uv.2, v1: view.uv.3, tilt: card.tilt, tiltAzimuth: card.azimuth)
    }
}
