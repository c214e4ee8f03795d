/// What a scene would cost, estimated from its description before anything runs: the numbers
/// the budgets of ``PresetLimits`` bound.
public struct PresetCost: Sendable, Equatable {
    /// Particles simulated at once (birth rate × longest lifetime, sub-cells included).
    public var particles = 0.0
    /// Quads drawn per frame: particles times the copies replicators make of them, plus layers.
    public var drawnQuads = 0.0
    /// Layer copies drawn per frame.
    public var drawnLayers = 0.0
    /// Pixels covered per frame at the canvas size, at most: the particles that can still be
    /// seen (not yet faded to nothing, not yet carried off the canvas) at their mean size over
    /// that time (each at most the canvas), times their copies. Drawing cost is bounded while
    /// drawing (``PresetLimits/maxCoveredPixels``), never by refusing a preset; this estimate
    /// only warns.
    public var coveredPixels = 0.0
    /// Bytes of decoded textures (``PresetLimits/textureBytesPerPixel`` per pixel).
    public var textureBytes = 0.0
    /// Particle-steps of prewarm.
    public var prewarmWork = 0.0

    /// Estimates the cost of `scene`, calling `exceeded` with the JSON path most to blame, what to
    /// lower and the budget (as a value) the first time a budget of `limits` is passed, and
    /// `expensive` when its frames may cover more pixels than `limits` lets a frame draw (a
    /// warning: the drawing leaves out the rest).
    public static func estimate(
        _ scene: SceneDescription, limits: PresetLimits = .standard,
        exceeded: (_ path: String, _ message: String, _ budget: BudgetExceeded) -> Void = { _, _, _ in },
        expensive: (_ path: String, _ message: String) -> Void = { _, _ in }
    ) -> PresetCost {
        var walk = CostWalk(scene: scene, limits: limits)
        for (i, layer) in scene.layers.enumerated() { walk.visit(layer, path: "layers[\(i)]", copies: 1, parentTime: 0, scale: 1) }
        for finding in walk.findings {
            switch finding {
            case .exceeded(let path, let message, let budget): exceeded(path, message, budget)
            case .expensive(let path, let message): expensive(path, message)
            }
        }
        return walk.cost
    }

    /// The most a transform stretches anything in the plane (the longer of its x and y axes).
    static func largestScale(of t: Transform3D) -> Double {
        let s = max(t.planarScale.x, t.planarScale.y)
        return s.isFinite ? max(s, 1e-9) : 1e9
    }
}

/// One cell's share of an emitter's particles, and how much of the canvas they can cover.
private struct CellCost {
    let path: String
    let texture: Texture?
    /// Particles alive at once.
    let live: Double
    /// Particles alive at once that can still be seen: those younger than `visibleLife`.
    let visible: Double
    /// The mean area of a visible particle, in points², before the layer's own scale.
    let meanVisibleArea: Double

    /// The costs of `cells` and their sub-cells (core-animation.md §6.5, §6.8: a sub-cell's births are its
    /// parents' births × its rate × the time it is active in a parent's life; its scale is
    /// multiplied by its parent's). `reach` is how far (in the emitter's points) a particle must
    /// travel to have surely left the canvas.
    static func of(_ cells: [EmitterCell], emitter: EmitterProperties, path: String, reach: Double) -> [CellCost] {
        var result: [CellCost] = []
        func visit(_ cells: [EmitterCell], path: String, parent: (births: Double, life: Double)?, parentScale: Double) {
            for (i, cell) in cells.enumerated() {
                let steady = emitter.steadyState(of: cell, parent: parent)
                let (births, life) = steady
                // |scale| at birth (the range's extreme) and its growth per second.
                let spread = abs(cell.scaleRange) * CoreAnimationChoices.rangeWidthFactor / 2
                let atBirth = (abs(cell.scale) + spread) * abs(emitter.scale) * parentScale
                let growth = abs(cell.scaleSpeed) * abs(emitter.scale) * parentScale
                let size = cell.baseSize
                let seen = visibleLife(
                    of: cell, life: life, emitter: emitter, reach: reach + max(size.width, size.height) * (atBirth + growth * life))
                // Ages are spread evenly over the visible time: the mean of (s₀ + g·a)² over a ∈ [0, T].
                let meanSquare = atBirth * atBirth + atBirth * growth * seen + growth * growth * seen * seen / 3
                let live = births * life, visible = births * seen
                let area = size.width * size.height * meanSquare
                let cellPath = "\(path)[\(i)]"
                result.append(
                    CellCost(
                        path: cellPath, texture: cell.contents, live: live.isFinite ? live : .greatestFiniteMagnitude,
                        visible: visible.isFinite ? visible : .greatestFiniteMagnitude,
                        meanVisibleArea: area.isFinite ? area : .greatestFiniteMagnitude))
                // Sub-cells start at their parent's current scale, at most its largest.
                visit(cell.emitterCells, path: "\(cellPath).emitterCells", parent: steady, parentScale: atBirth + growth * life)
            }
        }
        visit(cells, path: path, parent: nil, parentScale: 1)
        return result
    }

    /// The longest a particle of `cell` can be seen: its life, cut short when its alpha (at
    /// most its colour's alpha plus the range) has faded to 0, or when its motion has surely
    /// carried it `reach` points away: with acceleration a and speed at most v, it has moved at
    /// least a·t²/2 − v·t (at least v_min·t without acceleration).
    static func visibleLife(of cell: EmitterCell, life: Double, emitter: EmitterProperties, reach: Double) -> Double {
        var seen = life
        let alpha = min(1, max(0, cell.color.alpha) + abs(cell.alphaRange) * CoreAnimationChoices.rangeWidthFactor / 2)
        if cell.alphaSpeed < 0 { seen = min(seen, alpha / -cell.alphaSpeed) }
        let a =
            (cell.xAcceleration * cell.xAcceleration + cell.yAcceleration * cell.yAcceleration + cell.zAcceleration * cell.zAcceleration)
            .squareRoot()
        let speedFactor = abs(emitter.velocity)
        let fastest = (abs(cell.velocity) + abs(cell.velocityRange)) * speedFactor
        let slowest = max(0, abs(cell.velocity) - abs(cell.velocityRange)) * speedFactor
        if a > 0 {
            seen = min(seen, (fastest + (fastest * fastest + 2 * a * reach).squareRoot()) / a)
        } else if slowest > 0 {
            seen = min(seen, reach / slowest)
        }
        return seen.isNaN ? life : max(0, seen)
    }
}

/// The walk of a scene's layer tree that adds up its cost, layer by layer, and what it finds
/// over a budget (each budget once).
private struct CostWalk {
    enum Finding {
        case exceeded(path: String, message: String, budget: BudgetExceeded)
        case expensive(path: String, message: String)
    }

    let scene: SceneDescription
    let limits: PresetLimits
    var cost = PresetCost()
    var findings: [Finding] = []
    private var reported = Set<String>()
    private var textures = Set<String>()

    init(scene: SceneDescription, limits: PresetLimits) {
        self.scene = scene
        self.limits = limits
    }

    private mutating func report(_ budget: BudgetExceeded, _ path: String, _ message: String) {
        guard reported.insert(budget.budget.rawValue).inserted else { return }
        findings.append(.exceeded(path: path, message: message, budget: budget))
    }

    /// A layer, its emitter and its sublayers, drawn `copies` times, its space scaled by `scale`.
    mutating func visit(_ layer: LayerDescription, path: String, copies: Double, parentTime: Double, scale: Double) {
        cost.drawnLayers += copies
        let p = layer.properties
        let localTime = p.timing.localTime(parentTime: parentTime)
        let layerScale = scale * PresetCost.largestScale(of: p.transform)
        // A layer's own background, contents and border: a quad each, per copy.
        let ownQuads = (p.backgroundColor.alpha > 0 ? 1.0 : 0) + (p.contents != nil ? 1 : 0) + (p.borderWidth > 0 ? 1 : 0)
        cost.drawnQuads += ownQuads * copies
        addTexture(p.contents, path: "\(path).contents")
        if let emitter = layer.content.emitter {
            addEmitter(emitter, path: path, copies: copies, localTime: localTime, scale: layerScale)
        }

        var inner = copies
        if let replicator = layer.content.replicator { inner *= Double(max(replicator.instanceCount, 0)) }
        let innerCopies = inner * Double(max(layer.sublayers.count, 1))
        if !layer.sublayers.isEmpty, cost.drawnLayers + innerCopies > Double(limits.maxDrawnInstances) {
            report(
                BudgetExceeded(.layerCopies, estimate: cost.drawnLayers + innerCopies, allowed: Double(limits.maxDrawnInstances)),
                "\(path).instanceCount",
                "replicators here draw \(format(innerCopies)) layer copies per frame, over the limit of \(limits.maxDrawnInstances); "
                    + "lower instanceCount")
            return
        }
        for (i, sublayer) in layer.sublayers.enumerated() {
            visit(sublayer, path: "\(path).sublayers[\(i)]", copies: inner, parentTime: localTime, scale: layerScale)
        }
        if let mask = layer.mask { visit(mask, path: "\(path).mask", copies: copies, parentTime: localTime, scale: layerScale) }
    }

    /// An image's decoded bytes, counted once per file.
    private mutating func addTexture(_ texture: Texture?, path: String) {
        guard let texture, textures.insert(texture.cacheKey).inserted else { return }
        cost.textureBytes += Double(texture.pixelWidth * texture.pixelHeight * PresetLimits.textureBytesPerPixel)
        guard cost.textureBytes > Double(limits.maxTextureBytes) else { return }
        report(
            BudgetExceeded(.textureMemory, estimate: cost.textureBytes, allowed: Double(limits.maxTextureBytes)), path,
            "the images named so far take \(CheckedFile.describe(bytes: Int(cost.textureBytes))) decoded (with mip levels; "
                + "\(texture.name) is \(texture.pixelWidth)×\(texture.pixelHeight)), over the "
                + "\(CheckedFile.describe(bytes: limits.maxTextureBytes)) allowed; use smaller images")
    }

    /// An emitter's particles, the quads they draw, the pixels they cover and its prewarm.
    private mutating func addEmitter(_ emitter: EmitterProperties, path: String, copies: Double, localTime: Double, scale: Double) {
        // How far a particle travels before it has surely left the canvas, in the layer's points.
        let canvas = scene.canvas
        let reach = (canvas.width * canvas.width + canvas.height * canvas.height).squareRoot() / scale
        let cells = CellCost.of(emitter.emitterCells, emitter: emitter, path: "\(path).emitterCells", reach: reach)
        let live = cells.reduce(0) { $0 + $1.live }
        cost.particles += live
        cost.drawnQuads += live * copies
        if cost.particles > Double(limits.maxParticles) {
            report(
                BudgetExceeded(.particles, estimate: cost.particles, allowed: Double(limits.maxParticles)), "\(path).emitterCells",
                "this emitter would keep about \(format(live.rounded())) particles alive (birth rate × lifetime, sub-cells included), "
                    + "over the limit of \(limits.maxParticles); lower birthRate or lifetime")
        }
        for cell in cells {
            addTexture(cell.texture, path: "\(cell.path).contents")
            addCoverage(of: cell, copies: copies, scale: scale)
        }
        if cost.drawnQuads > Double(limits.maxDrawnQuads) {
            report(
                BudgetExceeded(.drawnQuads, estimate: cost.drawnQuads, allowed: Double(limits.maxDrawnQuads)), "\(path).emitterCells",
                "about \(format(live.rounded())) particles drawn \(format(copies)) times make \(format(cost.drawnQuads.rounded())) "
                    + "quads a frame, over the \(limits.maxDrawnQuads) allowed; lower birthRate, lifetime or the instanceCount of the "
                    + "replicators around it")
        }
        addPrewarm(of: emitter, path: path, live: live, localTime: localTime)
    }

    /// The pixels a cell's visible particles may cover a frame; past the budget, a warning.
    private mutating func addCoverage(of cell: CellCost, copies: Double, scale: Double) {
        let area = min(cell.meanVisibleArea * scale * scale, scene.canvas.width * scene.canvas.height)
        let covered = cell.visible * copies * area
        cost.coveredPixels += covered
        guard cost.coveredPixels > limits.maxCoveredPixels, reported.insert("pixels").inserted else { return }
        findings.append(
            .expensive(
                path: cell.path,
                message: "this cell's \(format(cell.visible.rounded())) visible particles"
                    + "\(copies > 1 ? " × \(format(copies)) copies" : "") of about \(format(area.squareRoot().rounded()))² pixels "
                    + "may cover up to \(format((covered / 1e6).rounded())) million pixels a frame "
                    + "(\(format((cost.coveredPixels / 1e6).rounded())) million in all), more than the "
                    + "\(format(limits.maxCoveredPixels / 1e6)) million a frame draws; frames that reach it leave out the rest"))
    }

    /// Prewarm: a layer already running at time 0, or cells beginning before it, are caught up
    /// with real steps (at most the longest chain's lifetime of them).
    private mutating func addPrewarm(of emitter: EmitterProperties, path: String, live: Double, localTime: Double) {
        let running = EmitterStartup.startsRunning(layer: emitter.startup, preset: scene.startup, localTimeAtStart: localTime)
        let start = EmitterSimulation.startTime(of: emitter, running: running)
        let horizon =
            EmitterSimulation.chainLifetime(of: emitter.emitterCells, lifetimeMultiplier: emitter.lifetime)
            * CoreAnimationChoices.catchUpHorizonInChainLifetimes
        let catchUp = max(0, min(localTime - start, horizon))
        let steps = min((catchUp * scene.stepRate).rounded(.up), Double(CoreAnimationChoices.maxCatchUpSteps))
        let work = steps * live
        cost.prewarmWork += work
        guard cost.prewarmWork > limits.maxPrewarmWork else { return }
        report(
            BudgetExceeded(.prewarm, estimate: cost.prewarmWork, allowed: limits.maxPrewarmWork), "\(path).beginTime",
            "starting this emitter \(format(catchUp.rounded())) s into its life means simulating \(format(steps)) steps of up to "
                + "\(format(live.rounded())) particles first (\(format((work / 1e6).rounded())) million particle-steps), over the "
                + "\(format(limits.maxPrewarmWork / 1e6)) million allowed; "
                + "\(running ? "start it empty (\"startup\": \"empty\")" : "start it later (beginTime closer to 0)") or shorten lifetime")
    }
}
