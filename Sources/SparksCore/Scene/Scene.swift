/// A running effect: the layer tree built from a ``SceneDescription``, its clock and its budget.
///
/// Time is an input: the scene advances only by ``step()``, one fixed step of `1 / stepRate`
/// seconds. It starts at time 0 with no particles; layers or cells with a negative `beginTime`
/// are caught up with real steps on the first step (prewarm, core-animation.md §5.7). The same description,
/// seeds and step count always give the same particles (``stateHash()``).
public final class Scene {
    /// What the scene was built from (the latest description after `update(to:)`).
    public private(set) var source: SceneDescription
    /// Seconds per step.
    public let stepDuration: Double
    /// Root layers, drawn in order.
    public private(set) var layers: [Layer]
    /// Steps taken since the start.
    public private(set) var stepCount = 0
    /// The live-particle budget shared by every emitter.
    public var budget: ParticleBudget
    /// The budgets drawing keeps to while the scene runs (animations can take a scene past
    /// what its preset was checked for): layer copies and quads per frame, covered pixels.
    public var limits: PresetLimits
    /// Threads large particle updates may use; results are identical for any value.
    public var threadCount = 1 {
        didSet { for emitter in emitterLayers { emitter.simulation.threads = max(1, threadCount) } }
    }
    /// Whether emitters give birth from their shapes (a game's emitting switch): while false no
    /// top-level cell emits, whatever its rate; live particles, their sub-cells and bursts go on.
    public var isEmitting = true
    private var started = false
    let renderBuilder = RenderListBuilder()

    /// Builds the layer tree of `description`, keeping to `limits` while it runs (births beyond
    /// `maxParticles` are refused; drawing stops at the drawing budgets).
    public init(_ description: SceneDescription, limits: PresetLimits) {
        source = description
        stepDuration = 1 / description.stepRate
        budget = ParticleBudget(limit: limits.maxParticles)
        budget.maxCatchUpWork = limits.maxPrewarmWork
        self.limits = limits
        layers = description.layers.map { Self.makeLayer($0, parentTime: 0, startup: description.startup) }
    }

    /// Builds the layer tree of `description` with the standard budgets.
    /// - Parameters:
    ///   - description: the layers, cells and animations to run.
    ///   - particleLimit: most particles alive at once (births beyond are refused).
    public convenience init(_ description: SceneDescription, particleLimit: Int = ParticleBudget.defaultLimit) {
        var limits = PresetLimits.standard
        limits.maxParticles = particleLimit
        self.init(description, limits: limits)
    }

    private static func makeLayer(_ description: LayerDescription, parentTime: Double, startup: EmitterStartup) -> Layer {
        let layer: Layer
        // An animation added with beginTime 0 starts "now": at the layer's local time when the
        // scene starts (core-animation.md §3.2).
        let localTime = description.properties.timing.localTime(parentTime: parentTime)
        switch description.content {
        case .plain, .gradient, .shape, .replicator, .text: layer = Layer(model: description.state)
        case .emitter(let emitter):
            let emitterLayer = EmitterLayer(properties: description.properties, emitter: emitter)
            emitterLayer.simulation.startsRunning = EmitterStartup.startsRunning(
                layer: emitter.startup, preset: startup, localTimeAtStart: localTime)
            layer = emitterLayer
        }
        layer.animations = startingAt(localTime, description.animations)
        for sublayer in description.sublayers { layer.addSublayer(makeLayer(sublayer, parentTime: localTime, startup: startup)) }
        layer.mask = description.mask.map { makeLayer($0, parentTime: localTime, startup: startup) }
        return layer
    }

    private static func startingAt(_ localTime: Double, _ animations: [Animation]) -> [Animation] {
        animations.map { animation in
            var animation = animation
            if animation.timing.beginTime == 0 { animation.timing.beginTime = localTime }
            return animation
        }
    }

    /// A layer added while the scene runs: its emitters start empty now, not as if they had
    /// been running since time 0, and its animations begin now, as when a layer is added on iOS.
    func makeLayerStartingNow(_ description: LayerDescription, parentTime: Double) -> Layer {
        let layer = Self.makeLayer(description, parentTime: parentTime, startup: .empty)
        var pending = [(layer, parentTime)]
        while let (current, parentTime) = pending.popLast() {
            let localTime = current.properties.timing.localTime(parentTime: parentTime)
            (current as? EmitterLayer)?.simulation.start(at: localTime)
            pending += current.sublayers.map { ($0, localTime) }
            if let mask = current.mask { pending.append((mask, localTime)) }
        }
        return layer
    }

    /// Animations of a kept layer, with "beginTime 0" meaning the layer's time at scene time 0,
    /// so an edit keeps every animation in phase.
    func animationsStartingAtSceneStart(_ description: LayerDescription, layer: Layer) -> [Animation] {
        var chain: [Layer] = []
        var ancestor = layer.superlayer
        while let a = ancestor {
            chain.insert(a, at: 0)
            ancestor = a.superlayer
        }
        var t = 0.0
        for a in chain { t = a.properties.timing.localTime(parentTime: t) }
        return Self.startingAt(description.properties.timing.localTime(parentTime: t), description.animations)
    }

    func replaceSource(with description: SceneDescription) {
        source = description
    }

    func replaceLayers(with newLayers: [Layer]) {
        layers = newLayers
        for emitter in emitterLayers { emitter.simulation.threads = max(1, threadCount) }
    }

    /// Scene time in seconds: steps × step duration.
    public var time: Double { Double(stepCount) * stepDuration }

    /// Every layer, parents before children.
    public var allLayers: [Layer] { layers.flatMap(\.subtree) }

    /// Every emitter layer, in tree order.
    public var emitterLayers: [EmitterLayer] { allLayers.compactMap { $0 as? EmitterLayer } }

    /// The first layer with this name, in tree order.
    public func layer(named name: String) -> Layer? {
        allLayers.first { $0.properties.name == name }
    }

    /// Bytes of particle storage held by every emitter.
    public var particleStorageBytes: Int {
        emitterLayers.reduce(0) { total, emitter in
            var bytes = 0
            for state in emitter.simulation.cellStates { state.forEach { bytes += $0.storage.storageBytes } }
            return total + bytes
        }
    }

    /// The longest a particle chain of any emitter can live, in seconds: how long it takes to
    /// reach a steady state.
    public var longestChainLifetime: Double {
        emitterLayers.reduce(0) {
            max($0, EmitterSimulation.chainLifetime(of: $1.emitter.emitterCells, lifetimeMultiplier: $1.emitter.lifetime))
        }
    }

    /// Live particles in every emitter.
    public var liveParticleCount: Int {
        emitterLayers.reduce(0) { $0 + $1.liveParticleCount }
    }

    /// Scene time at which the emitters stop emitting from their shapes (``isEmitting`` turns
    /// off at the first step that starts at or after it); nil: no such time.
    public var emissionEndTime: Double?

    /// Births the emitters' shapes may still make before ``isEmitting`` turns off (nil: no limit).
    public var shapeBirthsLeft: Int? {
        get { budget.shapeBirthsLeft == .max ? nil : budget.shapeBirthsLeft }
        set { budget.shapeBirthsLeft = newValue.map { max(0, $0) } ?? .max }
    }

    /// Advances the scene by one fixed step.
    public func step() {
        startIfNeeded()
        if let end = emissionEndTime, time >= end - 1e-9 {
            isEmitting = false
            emissionEndTime = nil
        }
        stepCount += 1
        advanceEmitters(to: time)
        if budget.shapeBirthsLeft == 0 {
            isEmitting = false
            budget.shapeBirthsLeft = .max
        }
    }

    /// The length of one emission cycle: the longest a top-level particle lives, in scene
    /// seconds (Godot's `lifetime`, what a one-shot effect emits for).
    public var emissionCycle: Double {
        emitterLayers.reduce(0) { longest, layer in
            layer.emitter.emitterCells.reduce(longest) { max($0, $1.lifetimeBound(mean: true) * layer.emitter.lifetime) }
        }
    }

    /// Advances the scene by `count` fixed steps.
    public func step(count: Int) {
        for _ in 0..<max(0, count) { step() }
    }

    /// Advances the scene by up to `count` fixed steps, stopping once the particles alive after
    /// each step add up to more than `work` (particle-steps: a game's jump ahead is bounded as
    /// a preset's prewarm is). Returns the steps taken.
    package func step(count: Int, work: Double) -> Int {
        var done = 0.0
        var taken = 0
        while taken < count, done <= work {
            step()
            taken += 1
            done += Double(max(1, liveParticleCount))
        }
        return taken
    }

    /// The whole number of steps nearest `seconds` of scene time, for any number (none for
    /// NaN, at most what a 64-bit count holds).
    static func steps(in seconds: Double, stepDuration: Double) -> Int {
        let steps = (seconds / stepDuration).rounded()
        guard steps.isFinite else { return steps > 0 ? Int.max : 0 }
        return Int(max(-9e18, min(steps, 9e18)))
    }

    /// Steps until the scene time reaches `seconds` (rounded to the nearest step); at 0, the
    /// scene as it starts (running emitters already in their steady state, core-animation.md §5.7).
    public func run(until seconds: Double) {
        startIfNeeded()
        let target = Self.steps(in: seconds, stepDuration: stepDuration)
        step(count: target - stepCount)
    }

    /// Steps toward scene time `seconds` as ``run(until:)`` does, asking `shouldStop` every few
    /// steps and stopping there when it says so (a long run a person no longer waits for);
    /// returns whether the scene got to `seconds`.
    @discardableResult
    package func run(until seconds: Double, stoppingWhen shouldStop: () -> Bool) -> Bool {
        startIfNeeded()
        let target = Self.steps(in: seconds, stepDuration: stepDuration)
        while stepCount < target {
            if shouldStop() { return false }
            step(count: min(8, target - stepCount))
        }
        return true
    }

    /// Runs the prewarm of layers and cells that begin before time 0; the first step does it
    /// anyway, so calling this is only needed to see a prewarmed scene before stepping.
    public func startIfNeeded() {
        guard !started else { return }
        started = true
        budget.live = liveParticleCount
        advanceEmitters(to: 0)
    }

    private func advanceEmitters(to sceneTime: Double) {
        for layer in layers {
            advance(layer, parentTime: sceneTime, parentSpeed: 1)
        }
    }

    private func advance(_ layer: Layer, parentTime: Double, parentSpeed: Double) {
        let timing = layer.properties.timing
        let localTime = timing.localTime(parentTime: parentTime)
        let speed = parentSpeed * timing.speed
        if let emitter = layer as? EmitterLayer {
            let stepSize = stepDuration * (speed != 0 ? abs(speed) : 1)
            emitter.simulation.emitsFromShape = isEmitting
            // The simulation sees the presentation values (animated birthRate, emitterPosition, cells).
            emitter.simulation.advance(
                to: localTime, stepSize: stepSize, properties: emitter.presentationEmitter(atLocalTime: localTime), budget: &budget,
                propertiesAt: { emitter.presentationEmitter(atLocalTime: $0) })
        }
        for sublayer in layer.sublayers {
            advance(sublayer, parentTime: localTime, parentSpeed: speed)
        }
        if let mask = layer.mask { advance(mask, parentTime: localTime, parentSpeed: speed) }
    }

    /// A hash of every live particle column of every emitter, in tree and birth order: equal
    /// hashes mean equal simulations (the determinism oracle for tests and bug reports).
    public func stateHash() -> UInt64 {
        var hasher = StateHasher()
        for emitter in emitterLayers { emitter.simulation.hash(into: &hasher) }
        return hasher.value
    }

    /// Rebuilds `list` with what the scene shows now (a scene not yet started is started
    /// first: its first picture is time 0 as iOS shows it, running emitters already full).
    /// `ahead` seconds past the scene's time (less than a step: the part of a game's frame the
    /// fixed steps have not reached), layers are drawn at that time and particles where the
    /// step's motion puts them (``RenderListBuilder/particleLead``); the simulation is not changed.
    /// With `layers`, only those top-level layers are drawn (a game drawing some of an
    /// effect's layers under its sprites and the rest over them).
    public func buildRenderList(into list: inout RenderList, ahead: Double = 0, layers drawn: Range<Int>? = nil) {
        startIfNeeded()
        renderBuilder.particleLead = ahead.isFinite ? max(0, ahead) : 0
        list.canvasSize = source.canvas.size
        list.background = source.canvas.background
        list.maxCoveredPixels = limits.maxCoveredPixels
        renderBuilder.maxDrawnLayers = limits.maxDrawnInstances
        renderBuilder.maxDrawnQuads = limits.maxDrawnQuads
        let roots = layers[drawn?.clamped(to: layers.indices) ?? layers.indices]
        renderBuilder.build(layers: roots, time: time + renderBuilder.particleLead, into: &list)
    }

    /// Particles the last render list left out because a drawing budget was reached.
    public var undrawnParticles: Int { renderBuilder.droppedQuads }

    /// Sets a property by `LAYER.KEYPATH`, where LAYER is a layer name and KEYPATH a Core
    /// Animation key path on it (`fireEmitter.emitterCells.fire.birthRate`).
    public func setValue(_ value: PropertyValue, forKeyPath keyPath: String) throws(KeyPathError) {
        let (layer, rest) = try resolveLayer(keyPath)
        try layer.setValue(value, forKeyPath: rest)
    }

    /// Reads a property by `LAYER.KEYPATH`.
    public func value(forKeyPath keyPath: String) throws(KeyPathError) -> PropertyValue {
        let (layer, rest) = try resolveLayer(keyPath)
        return try layer.value(forKeyPath: rest)
    }

    /// The kind of value `LAYER.KEYPATH` holds.
    public func propertyKind(forKeyPath keyPath: String) throws(KeyPathError) -> PropertyKind {
        let (layer, rest) = try resolveLayer(keyPath)
        return try layer.propertyKind(forKeyPath: rest)
    }

    /// The layer a `LAYER.REST` path names, and the rest.
    func resolveLayer(_ keyPath: String) throws(KeyPathError) -> (Layer, String) {
        guard let dot = keyPath.firstIndex(of: ".") else {
            throw KeyPathError(keyPath: keyPath, reason: "expected LAYER.KEYPATH, such as fireEmitter.birthRate")
        }
        let name = String(keyPath[..<dot])
        guard let layer = layer(named: name) else {
            throw .noneNamed(name, "layer", plural: "layers", known: allLayers.compactMap(\.properties.name), keyPath: keyPath)
        }
        return (layer, String(keyPath[keyPath.index(after: dot)...]))
    }
}
