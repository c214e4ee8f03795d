/// What a scene would cost, estimated from its description before anything runs: the numbers
/// the budgets of ``PresetLimits`` bound.
public struct PresetCost: Sendable, Equatable {
    /// Particles simulated at once (birth rate × longest lifetime, sub-cells included).
    public var particles = 0.0
    /// Quads drawn per frame: particles times the copies replicators make of them, plus layers.
    public var drawnQuads = 0.0
    /// Layer copies drawn per frame.
    public var drawnLayers = 0.0
    /// Pixels covered per frame at the canvas size: every particle at its largest on-screen
    /// size (at most the canvas), times its copies.
    public var coveredPixels = 0.0
    /// Bytes of decoded textures (``PresetLimits/textureBytesPerPixel`` per pixel).
    public var textureBytes = 0.0
    /// Particle-steps of prewarm.
    public var prewarmWork = 0.0

    /// Estimates the cost of `scene`, calling `exceeded` with the JSON path most to blame the
    /// first time a budget of `limits` is passed.
    public static func estimate(
        _ scene: SceneDescription, limits: PresetLimits = .standard,
        exceeded: (_ path: String, _ message: String) -> Void = { _, _ in }
    ) -> PresetCost {
        var cost = PresetCost()
        var reported = Set<String>()
        func report(_ budget: String, _ path: String, _ message: String) {
            guard reported.insert(budget).inserted else { return }
            exceeded(path, message)
        }
        var textures = Set<String>()
        let canvasArea = scene.canvas.width * scene.canvas.height

        func addTexture(_ texture: Texture?, path: String) {
            guard let texture, textures.insert(texture.cacheKey).inserted else { return }
            cost.textureBytes += Double(texture.pixelWidth * texture.pixelHeight * PresetLimits.textureBytesPerPixel)
            if cost.textureBytes > Double(limits.maxTextureBytes) {
                report(
                    "textures", path,
                    "the images named so far take \(CheckedFile.describe(bytes: Int(cost.textureBytes))) decoded (with mip levels; \(texture.name) is \(texture.pixelWidth)×\(texture.pixelHeight)), over the \(CheckedFile.describe(bytes: limits.maxTextureBytes)) allowed; use smaller images, or raise --max-texture-memory")
            }
        }

        func visit(_ layer: LayerDescription, path: String, copies: Double, parentTime: Double, scale: Double) {
            cost.drawnLayers += copies
            let p = layer.properties
            let localTime = p.timing.localTime(parentTime: parentTime)
            let layerScale = scale * Self.largestScale(of: p.transform)
            // A layer's own background, contents and border: a quad each, per copy.
            let ownQuads = (p.backgroundColor.alpha > 0 ? 1.0 : 0) + (p.contents != nil ? 1 : 0) + (p.borderWidth > 0 ? 1 : 0)
            cost.drawnQuads += ownQuads * copies
            addTexture(p.contents, path: "\(path).contents")

            if let emitter = layer.content.emitter {
                let cells = CellCost.of(emitter.emitterCells, emitter: emitter, path: "\(path).emitterCells")
                let live = cells.reduce(0) { $0 + $1.live }
                cost.particles += live
                cost.drawnQuads += live * copies
                if cost.particles > Double(limits.maxParticles) {
                    report(
                        "particles", "\(path).emitterCells",
                        "this emitter would keep about \(format(live.rounded())) particles alive (birth rate × lifetime, sub-cells included), over the limit of \(limits.maxParticles); lower birthRate or lifetime, or raise --max-particles")
                }
                for cell in cells {
                    addTexture(cell.texture, path: "\(cell.path).contents")
                    let area = min(cell.largestArea * layerScale * layerScale, canvasArea)
                    let covered = cell.live * copies * area
                    cost.coveredPixels += covered
                    if cost.coveredPixels > limits.maxCoveredPixels {
                        report(
                            "pixels", cell.path,
                            "this cell's \(format(cell.live.rounded())) particles\(copies > 1 ? " × \(format(copies)) copies" : "") of up to \(format(area.squareRoot().rounded()))² pixels would cover about \(format((covered / 1e6).rounded())) million pixels a frame (\(format((cost.coveredPixels / 1e6).rounded())) million in all), over the \(format(limits.maxCoveredPixels / 1e6)) million allowed; lower birthRate, lifetime or scale, or raise --max-covered-pixels")
                    }
                }
                if cost.drawnQuads > Double(limits.maxDrawnQuads) {
                    report(
                        "quads", "\(path).emitterCells",
                        "about \(format(live.rounded())) particles drawn \(format(copies)) times make \(format(cost.drawnQuads.rounded())) quads a frame, over the \(limits.maxDrawnQuads) allowed; lower birthRate, lifetime or the instanceCount of the replicators around it, or raise --max-drawn-quads")
                }
                // Prewarm: a layer already running at time 0, or cells beginning before it, are
                // caught up with real steps (at most the longest chain's lifetime of them).
                let running = EmitterStartup.startsRunning(layer: emitter.startup, preset: scene.startup, localTimeAtStart: localTime)
                let start = EmitterSimulation.startTime(of: emitter, running: running)
                let horizon = EmitterSimulation.chainLifetime(of: emitter.emitterCells, lifetimeMultiplier: emitter.lifetime)
                    * CoreAnimationChoices.catchUpHorizonInChainLifetimes
                let catchUp = max(0, min(localTime - start, horizon))
                let steps = min((catchUp * scene.stepRate).rounded(.up), Double(CoreAnimationChoices.maxCatchUpSteps))
                let work = steps * live
                cost.prewarmWork += work
                if cost.prewarmWork > limits.maxPrewarmWork {
                    report(
                        "prewarm", "\(path).beginTime",
                        "starting this emitter \(format(catchUp.rounded())) s into its life means simulating \(format(steps)) steps of up to \(format(live.rounded())) particles first (\(format((work / 1e6).rounded())) million particle-steps), over the \(format(limits.maxPrewarmWork / 1e6)) million allowed; \(running ? "start it empty (\"startup\": \"empty\")" : "start it later (beginTime closer to 0)"), shorten lifetime, or raise --max-prewarm")
                }
            }

            var inner = copies
            if let replicator = layer.content.replicator { inner *= Double(max(replicator.instanceCount, 0)) }
            let innerCopies = inner * Double(max(layer.sublayers.count, 1))
            if !layer.sublayers.isEmpty, cost.drawnLayers + innerCopies > Double(limits.maxDrawnInstances) {
                report(
                    "layers", "\(path).instanceCount",
                    "replicators here draw \(format(innerCopies)) layer copies per frame, over the limit of \(limits.maxDrawnInstances); lower instanceCount, or raise --max-layer-copies")
                return
            }
            for (i, sublayer) in layer.sublayers.enumerated() {
                visit(sublayer, path: "\(path).sublayers[\(i)]", copies: inner, parentTime: localTime, scale: layerScale)
            }
        }
        for (i, layer) in scene.layers.enumerated() { visit(layer, path: "layers[\(i)]", copies: 1, parentTime: 0, scale: 1) }
        return cost
    }

    /// The most a transform stretches anything in the plane (the longer of its x and y axes).
    static func largestScale(of t: Transform3D) -> Double {
        let s = max(t.planarScale.x, t.planarScale.y)
        return s.isFinite ? max(s, 1e-9) : 1e9
    }
}

/// One cell's share of an emitter's particles and their largest size.
private struct CellCost {
    let path: String
    let texture: Texture?
    /// Particles alive at once.
    let live: Double
    /// The largest area one of them covers, in points², before the layer's own scale.
    let largestArea: Double

    /// The costs of `cells` and their sub-cells (spec §6.5, §6.8: a sub-cell's births are its
    /// parents' births × its rate × the time it is active in a parent's life; its scale is
    /// multiplied by its parent's).
    static func of(_ cells: [EmitterCell], emitter: EmitterProperties, path: String) -> [CellCost] {
        var result: [CellCost] = []
        func visit(_ cells: [EmitterCell], path: String, parent: (births: Double, life: Double)?, parentScale: Double) {
            for (i, cell) in cells.enumerated() {
                let steady = emitter.steadyState(of: cell, parent: parent)
                let (births, life) = steady
                // The largest |scale| over a life: at birth or at death, with the range's extremes.
                let spread = abs(cell.scaleRange) * CoreAnimationChoices.rangeWidthFactor / 2
                let atBirth = (abs(cell.scale) + spread) * abs(emitter.scale) * parentScale
                let atDeath = atBirth + abs(cell.scaleSpeed) * life
                let scale = max(atBirth, atDeath)
                let size = cell.baseSize
                let live = births * life
                let cellPath = "\(path)[\(i)]"
                let area = size.width * size.height * scale * scale
                result.append(CellCost(path: cellPath, texture: cell.contents, live: live.isFinite ? live : .greatestFiniteMagnitude,
                                       largestArea: area.isFinite ? area : .greatestFiniteMagnitude))
                visit(cell.emitterCells, path: "\(cellPath).emitterCells", parent: steady, parentScale: scale)
            }
        }
        visit(cells, path: path, parent: nil, parentScale: 1)
        return result
    }
}
