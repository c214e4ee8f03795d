/// Turns a layer tree into a ``RenderList``: layers back to front, each layer's background,
/// contents, particles (in its render mode's order) and then its sublayers.
///
/// Holds scratch storage reused from frame to frame.
public final class RenderListBuilder {
    /// One visible cell's particles and drawing constants.
    private struct CellView {
        var storage: ParticleStorage
        var texture: Texture
        var textureSlot: Int
        var halfWidth: Float
        var halfHeight: Float
        var uv: (Float, Float, Float, Float)
    }

    /// A particle in a merged draw order.
    private struct OrderedParticle {
        var key: Float
        var cell: Int32
        var index: Int32
    }

    private var cells: [CellView] = []
    private var order: [OrderedParticle] = []

    /// Creates a builder.
    public init() {}

    /// `(x, y, z, 1) ↦ (x, y, 0, 1)`: drops depth, as a layer that does not preserve depth
    /// flattens its subtree into its own plane (spec §1.2).
    static let flatten: Transform3D = {
        var t = Transform3D.identity
        t.m33 = 0
        return t
    }()

    /// Rebuilds `list` from the layers (roots of the tree, in order).
    public func build(layers: [Layer], into list: inout RenderList) {
        list.removeAll()
        for layer in layers {
            append(layer, parentSpace: .identity, opacity: 1, into: &list)
        }
        list.finish()
    }

    private func append(_ layer: Layer, parentSpace: Transform3D, opacity parentOpacity: Double, into list: inout RenderList) {
        let p = layer.properties
        guard !p.isHidden else { return }
        let opacity = parentOpacity * p.opacity
        guard opacity > 0 else { return }
        let world = p.transformToSuperlayer * parentSpace
        let bounds = p.bounds
        let centre = (Float(bounds.midX), Float(bounds.midY))
        let half = (Float(bounds.size.width / 2), Float(bounds.size.height / 2))

        if p.backgroundColor.alpha > 0, bounds.size.width > 0, bounds.size.height > 0 {
            let c = p.backgroundColor
            list.beginBatch(texture: nil, blendMode: .normal, transform: world, cornerRadius: Float(p.cornerRadius))
            list.append(RenderQuad(
                centerX: centre.0, centerY: centre.1, halfWidth: half.0, halfHeight: half.1,
                red: Float(c.red), green: Float(c.green), blue: Float(c.blue), alpha: Float(c.alpha * opacity)))
        }
        if let contents = p.contents, bounds.size.width > 0, bounds.size.height > 0 {
            list.beginBatch(texture: contents, blendMode: .normal, transform: world)
            list.append(RenderQuad(
                centerX: centre.0, centerY: centre.1, halfWidth: half.0, halfHeight: half.1,
                red: 1, green: 1, blue: 1, alpha: Float(opacity)))
        }
        var preservesDepth = false
        if let emitter = layer as? EmitterLayer {
            preservesDepth = emitter.emitter.preservesDepth
            appendParticles(of: emitter, transform: world, opacity: Float(opacity), into: &list)
        }
        let sublayerSpace = preservesDepth ? world : Self.flatten * world
        for sublayer in layer.sublayersInDrawingOrder {
            append(sublayer, parentSpace: sublayerSpace, opacity: opacity, into: &list)
        }
    }

    // MARK: Particles

    private func collectVisibleCells(_ cells: [EmitterCell], states: [CellState]) {
        for (cell, state) in zip(cells, states) {
            if cell.isEnabled, let texture = cell.contents, state.storage.count > 0 {
                let base = cell.baseSize
                let r = cell.contentsRect
                let slot = self.cells.firstIndex { $0.texture == texture }.map { self.cells[$0].textureSlot } ?? self.cells.count
                self.cells.append(CellView(
                    storage: state.storage, texture: texture, textureSlot: slot,
                    halfWidth: Float(base.width / 2), halfHeight: Float(base.height / 2),
                    uv: (Float(r.origin.x), Float(r.origin.y), Float(r.maxX), Float(r.maxY))))
            }
            collectVisibleCells(cell.emitterCells, states: state.children)
        }
    }

    private func appendParticles(of layer: EmitterLayer, transform: Transform3D, opacity: Float, into list: inout RenderList) {
        let properties = layer.emitter
        cells.removeAll(keepingCapacity: true)
        collectVisibleCells(properties.emitterCells, states: layer.simulation.cellStates)
        guard !cells.isEmpty else { return }
        let blend: BlendMode = properties.renderMode == .additive ? .additive : .normal
        let keepDepth = properties.preservesDepth
        list.reserveCapacity(additional: cells.reduce(0) { $0 + $1.storage.count })

        switch properties.renderMode {
        case .unordered, .additive:
            // Cells in tree order, each in birth order (spec §5.4).
            for view in cells {
                list.beginBatch(texture: view.texture, blendMode: blend, transform: transform)
                for i in 0..<view.storage.count {
                    appendQuad(view, i, keepDepth: keepDepth, opacity: opacity, into: &list)
                }
            }
        case .oldestFirst, .oldestLast, .backToFront:
            let mode = properties.renderMode
            if cells.count == 1, mode != .backToFront || !hasDepth(cells[0].storage) {
                // One cell in birth order, or its reverse: no sort needed.
                let view = cells[0]
                list.beginBatch(texture: view.texture, blendMode: blend, transform: transform)
                let n = view.storage.count
                for k in 0..<n {
                    appendQuad(view, mode == .oldestLast ? n - 1 - k : k, keepDepth: keepDepth, opacity: opacity, into: &list)
                }
                return
            }
            order.removeAll(keepingCapacity: true)
            for (c, view) in cells.enumerated() {
                let age = view.storage.pointer(.age), z = view.storage.pointer(.positionZ)
                for i in 0..<view.storage.count {
                    let key: Float = switch mode {
                    case .oldestFirst: -age[i]
                    case .oldestLast: age[i]
                    default: z[i]  // back to front: far (small z) first
                    }
                    order.append(OrderedParticle(key: key, cell: Int32(c), index: Int32(i)))
                }
            }
            // Ties keep cell order, then birth order (oldest first).
            order.sort { ($0.key, $0.cell, $0.index) < ($1.key, $1.cell, $1.index) }
            var currentSlot = -1
            for entry in order {
                let view = cells[Int(entry.cell)]
                if view.textureSlot != currentSlot {
                    list.beginBatch(texture: view.texture, blendMode: blend, transform: transform)
                    currentSlot = view.textureSlot
                }
                appendQuad(view, Int(entry.index), keepDepth: keepDepth, opacity: opacity, into: &list)
            }
        }
    }

    private func hasDepth(_ storage: ParticleStorage) -> Bool {
        let z = storage.pointer(.positionZ)
        guard storage.count > 1 else { return false }
        let first = z[0]
        for i in 1..<storage.count where z[i] != first { return true }
        return false
    }

    @inline(__always)
    private func appendQuad(_ view: CellView, _ i: Int, keepDepth: Bool, opacity: Float, into list: inout RenderList) {
        let s = view.storage
        let scale = s.pointer(.scale)[i]
        let alpha = s.pointer(.alpha)[i] * opacity
        guard scale != 0, alpha > 0, CoreAnimationChoices.negativeScaleIsDrawn || scale > 0 else { return }
        list.append(RenderQuad(
            centerX: s.pointer(.positionX)[i], centerY: s.pointer(.positionY)[i],
            centerZ: keepDepth ? s.pointer(.positionZ)[i] : 0,
            halfWidth: view.halfWidth * scale, halfHeight: view.halfHeight * scale,
            rotation: s.pointer(.spin)[i] * s.pointer(.age)[i],
            red: s.pointer(.red)[i], green: s.pointer(.green)[i], blue: s.pointer(.blue)[i], alpha: alpha,
            u0: view.uv.0, v0: view.uv.1, u1: view.uv.2, v1: view.uv.3))
    }
}
