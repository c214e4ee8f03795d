/// The running particle system of one emitter layer: its generator, its cell states and the
/// layer-local time it has been simulated to.
///
/// The life of a particle, and which file does what:
/// - **Described** (Model/): `EmitterCell` (+`EmitterCell+Properties`, the key table) and
///   `EmitterProperties` hold the model values; animations change a copy of them each step
///   (`Layer.presentationState`, through `PropertyAddress`).
/// - **Spawned**: `Scene.advance` calls `advance(to:stepSize:properties:budget:)` here each
///   fixed step; `EmissionGeometry` picks where on the emitter shape and in which direction,
///   `ParticleSampler` draws the ten random values and writes the new particle into its cell's
///   `ParticleStorage` (`CellState` pairs a cell with its storage and sub-cell states;
///   `ParticleBudget` refuses births beyond the particle budget).
/// - **Updated**: `ParticleStorage` ages and moves every live particle (velocity,
///   acceleration, spin, scale and colour speeds) in its structure-of-arrays columns, in bulk;
///   the dead are dropped from the ring's old end.
/// - **Drawn**: `RenderListBuilder` (Render/) turns each live particle into a `RenderQuad` in
///   the emitter layer's space, ordered by `renderMode`; `DrawListBuilder` projects the quads to
///   pixels for a backend (the CPU rasterizer or the SDL GPU path).
///
/// One step from `t0` to `t1` (layer time), cell tree in pre-order (core-animation.md §7):
/// 1. live particles of the cell age and move (on several threads for large cells);
/// 2. the cell spawns: a top-level cell from the emitter shape, a sub-cell from every particle
///    of its parent (whose state is already final for this step) for the part of the step the
///    parent was alive;
/// 3. the same for each sub-cell;
/// 4. dead particles at the old end of every cell's storage are dropped.
/// Births draw from the generator in a fixed order; when large batches are split across threads
/// each thread's generator jumps ahead to its first birth, so the thread count never changes
/// results.
/// Each birth gets its exact time inside the step, so it starts with its sub-step age.
public final class EmitterSimulation {
    /// The layer's generator (core-animation.md §5.6).
    var random: SeededRandom
    /// The seed the generator started from.
    public private(set) var seed: UInt32
    /// One state per top-level cell.
    public private(set) var cellStates: [CellState] = []
    /// Layer-local time simulated so far; nil before the first advance.
    public private(set) var simulatedTime: Double?
    /// Emitter position at the end of the last step, for spawning along a moving emitter.
    private var lastEmitterPosition: Vector3?
    /// Threads a large cell's update may use (results are the same for any value).
    public var threads = 1
    /// Whether top-level cells give birth from the emitter's shape (``Scene/isEmitting``).
    var emitsFromShape = true
    /// Whether the first advance starts from the steady state (``EmitterStartup/running``)
    /// rather than empty.
    var startsRunning = false
    /// Whether the cells' rates at the first step's start are known (``primeRates(_:)``).
    private var ratesPrimed = false
    /// One-shot births asked for by ``burst(cellNamed:count:at:)``, made at the end of the next
    /// step, each at its own position (nil: the emitter's).
    private var pendingBursts: [(cell: String, count: Int, position: Vector3?)] = []

    init(seed: UInt32) {
        self.seed = seed
        random = SeededRandom(seed: seed)
    }

    /// Births `count` particles of the top-level cell named `cell` at the end of the next step,
    /// from the emitter's shape, as its rate would (a one-shot explosion from a cell whose
    /// `birthRate` is 0): around `position` (the emitter layer's coordinates, in place of its
    /// `emitterPosition`; nil: the emitter's position then). Bursts asked for before one step
    /// each keep their own position. They count against the particle budget like any birth.
    public func burst(cellNamed cell: String, count: Int, at position: Point? = nil) {
        guard count > 0 else { return }
        let at = position.flatMap { $0.x.isFinite && $0.y.isFinite ? Vector3($0.x, $0.y, 0) : nil }
        pendingBursts.append((cell, min(count, Int(Self.birthCountCeiling)), at))
    }

    /// Whether a burst waits for the next step.
    public var hasPendingBursts: Bool { !pendingBursts.isEmpty }

    /// Live particles of every cell.
    public var liveCount: Int {
        cellStates.reduce(0) { $0 + $1.totalCount }
    }

    /// Forgets every particle and restarts the generator (a restart from the scene's start).
    func reset(seed: UInt32) {
        self.seed = seed
        random = SeededRandom(seed: seed)
        cellStates = []
        simulatedTime = nil
        lastEmitterPosition = nil
        ratesPrimed = false
    }

    /// Starts the simulation empty at layer time `t` (a layer added while the scene runs).
    func start(at t: Double) {
        if simulatedTime == nil { simulatedTime = t }
    }

    /// Makes the cell states mirror `cells`, keeping the particles of cells that still match.
    func reconcile(with cells: [EmitterCell]) {
        cellStates = CellState.reconcile(cellStates, with: cells)
    }

    /// Most particles one cell's storage is sized for ahead of time.
    static let maxReservedPerCell = 4_000_000

    /// Sizes every cell's storage for its expected steady state (rate × longest lifetime, with
    /// room for the dead slots the ring carries), so a running effect does not grow its memory
    /// step by step. Cells already holding memory are left alone.
    func reserveForSteadyState(_ properties: EmitterProperties, limit: Int) {
        func visit(_ cells: [EmitterCell], _ states: [CellState], parent: (births: Double, life: Double)?) {
            for (cell, state) in zip(cells, states) {
                let steady = properties.steadyState(of: cell, parent: parent)
                let expected = steady.births * steady.life * 1.05
                if state.storage.capacity == 0, expected.isFinite, expected >= 64 {
                    state.storage.reserve(additional: Int(min(expected, Double(min(limit, Self.maxReservedPerCell)))))
                }
                visit(cell.emitterCells, state.children, parent: steady)
            }
        }
        visit(properties.emitterCells, cellStates, parent: nil)
    }

    /// The layer time the simulation starts from: 0, or earlier when a top-level cell's
    /// `beginTime` is negative or the emitter starts running (prewarm, core-animation.md §5.7): then as far
    /// back as its longest particle chain lives, which reaches the steady state.
    static func startTime(of properties: EmitterProperties, running: Bool) -> Double {
        let cells = properties.emitterCells.reduce(0) { min($0, $1.timing.beginTime) }
        guard running else { return cells }
        let horizon =
            chainLifetime(of: properties.emitterCells, lifetimeMultiplier: properties.lifetime)
            * CoreAnimationChoices.catchUpHorizonInChainLifetimes
        return min(cells, -horizon)
    }

    /// The longest a chain of particles (cell, sub-cell, …) can stay alive, in layer seconds.
    static func chainLifetime(of cells: [EmitterCell], lifetimeMultiplier: Double) -> Double {
        cells.reduce(0) { longest, cell in
            let own = cell.lifetimeBound() * lifetimeMultiplier
            return max(longest, own + chainLifetime(of: cell.emitterCells, lifetimeMultiplier: lifetimeMultiplier))
        }
    }

    /// Simulates up to layer time `target` in steps no longer than `stepSize`.
    ///
    /// Normally one call is one step. When the simulation is behind (a negative `beginTime`, a
    /// layer that starts with a `timeOffset`) it catches up with real steps, skipping time that
    /// could not leave a particle alive. Time that runs backwards is not simulated.
    /// `properties` are the values at `target`; `propertiesAt` gives them at an earlier time for
    /// the other steps of a catch-up (animated layers: before an animation starts, the layer's
    /// model values apply).
    func advance(
        to target: Double, stepSize: Double, properties: EmitterProperties, budget: inout ParticleBudget,
        propertiesAt: (Double) -> EmitterProperties
    ) {
        if simulatedTime == nil, seed != properties.seed { reset(seed: properties.seed) }
        reconcile(with: properties.emitterCells)
        let current = Vector3(properties.emitterPosition.x, properties.emitterPosition.y, properties.emitterZPosition)
        let start = lastEmitterPosition ?? current
        defer { lastEmitterPosition = current }

        if simulatedTime == nil { reserveForSteadyState(properties, limit: budget.limit) }
        var t = simulatedTime ?? Self.startTime(of: properties, running: startsRunning)
        guard target > t, stepSize > 0 else {
            simulatedTime = t
            return
        }
        if !ratesPrimed {
            primeRates(propertiesAt(t))
            ratesPrimed = true
        }
        let horizon =
            Self.chainLifetime(of: properties.emitterCells, lifetimeMultiplier: properties.lifetime)
            * CoreAnimationChoices.catchUpHorizonInChainLifetimes + stepSize
        if target - t > horizon { t = target - horizon }
        var steps = Int(min(max(1, ((target - t) / stepSize - 1e-9).rounded(.up)), Double(CoreAnimationChoices.maxCatchUpSteps)))
        if steps > 1 {
            // The catch-up's work, as the preset budget estimates it: steps × the particles kept alive.
            let perStep = max(1, min(properties.estimatedLiveParticles, Double(budget.limit)))
            let affordable = Int(max(1, min(Double(steps), (budget.maxCatchUpWork / perStep).rounded(.down))))
            if affordable < steps {
                steps = affordable
                t = max(t, target - Double(steps) * stepSize)
                budget.shortenedCatchUps += 1
            }
        }
        let dt = (target - t) / Double(steps)
        for k in 0..<steps {
            let t0 = t + Double(k) * dt
            let t1 = k == steps - 1 ? target : t + Double(k + 1) * dt
            // Only the last step of a catch-up sees the emitter move.
            let values = k == steps - 1 ? properties : propertiesAt(t1)
            step(from: t0, to: t1, properties: values, emitterStart: k == steps - 1 ? start : current, emitterEnd: current, budget: &budget)
        }
        simulatedTime = target
    }

    /// One step from `t0` to `t1` in layer time.
    func step(
        from t0: Double, to t1: Double, properties: EmitterProperties,
        emitterStart: Vector3, emitterEnd: Vector3, budget: inout ParticleBudget
    ) {
        let dt = t1 - t0
        for (index, cell) in properties.emitterCells.enumerated() {
            let state = cellStates[index]
            let sampler = ParticleSampler(cell: cell, layer: properties)
            budget.release(state.storage.integrate(sampler.rates(dt: dt), threads: threads))
            if !properties.emitterBehaviors.isEmpty {
                BehaviorPass.apply(properties.emitterBehaviors, to: state.storage, dt: dt, threads: threads)
            }
            if cell.isEnabled && emitsFromShape {
                spawnFromShape(
                    state, cell: cell, sampler: sampler, from: t0, to: t1, properties: properties,
                    emitterStart: emitterStart, emitterEnd: emitterEnd, budget: &budget)
            }
            stepSubcells(of: state, cell: cell, parentSampler: sampler, dt: dt, properties: properties, budget: &budget)
        }
        if !pendingBursts.isEmpty {
            for burst in pendingBursts {
                guard let index = properties.emitterCells.firstIndex(named: burst.cell) else { continue }
                let cell = properties.emitterCells[index]
                let position = burst.position.map { Vector3($0.x, $0.y, emitterEnd.z) } ?? emitterEnd
                spawnBurst(
                    burst.count, into: cellStates[index], sampler: ParticleSampler(cell: cell, layer: properties), at: t1,
                    properties: properties, emitterPosition: position, budget: &budget)
            }
            pendingBursts.removeAll()
        }
        for state in cellStates {
            state.forEach { $0.storage.trim() }
        }
    }

    private func stepSubcells(
        of parent: CellState, cell parentCell: EmitterCell, parentSampler: ParticleSampler, dt: Double,
        properties: EmitterProperties, budget: inout ParticleBudget
    ) {
        for (index, subcell) in parentCell.emitterCells.enumerated() {
            let state = parent.children[index]
            let sampler = ParticleSampler(cell: subcell, layer: properties)
            budget.release(state.storage.integrate(sampler.rates(dt: dt), threads: threads))
            if !properties.emitterBehaviors.isEmpty {
                BehaviorPass.apply(properties.emitterBehaviors, to: state.storage, dt: dt, threads: threads)
            }
            if subcell.isEnabled {
                spawnFromParents(
                    state, cell: subcell, sampler: sampler, parent: parent, accumulatorIndex: index,
                    parentAcceleration: parentSampler.acceleration, dt: dt, properties: properties, budget: &budget)
            }
            stepSubcells(of: state, cell: subcell, parentSampler: sampler, dt: dt, properties: properties, budget: &budget)
        }
    }

    /// Births counted in one step never exceed this (far above any budget), so a huge rate
    /// cannot overflow an integer.
    static let birthCountCeiling = 1e12

    /// Emission rate of a cell in particles per parent second (core-animation.md §5.5, §6.8, §6.9): the
    /// layer's `birthRate` multiplies a top-level cell's rate, and a sub-cell's too when
    /// ``CoreAnimationChoices/layerBirthRateMultipliesEveryGeneration`` says so.
    static func rate(of cell: EmitterCell, properties: EmitterProperties, isSubcell: Bool) -> Double {
        let speed = CoreAnimationChoices.cellSpeedScalesEmission ? max(cell.timing.speed, 0) : 1
        let layer = isSubcell && !CoreAnimationChoices.layerBirthRateMultipliesEveryGeneration ? 1 : properties.birthRate
        return cell.birthRate * layer * speed
    }

    /// Each cell's rate at the simulation's start, for its first step's mean.
    private func primeRates(_ properties: EmitterProperties) {
        func visit(_ cells: [EmitterCell], _ states: [CellState], isSubcell: Bool) {
            for (cell, state) in zip(cells, states) {
                state.lastRate = Self.rate(of: cell, properties: properties, isSubcell: isSubcell)
                visit(cell.emitterCells, state.children, isSubcell: true)
            }
        }
        visit(properties.emitterCells, cellStates, isSubcell: false)
    }

    /// The rate a step emits at: the mean of the cell's rates at the step's start (the last
    /// step's end) and its end, so a rate animated over a few frames (a burst's birthRate
    /// keyframes) gives the births its integral does; a constant rate is itself.
    static func stepRate(_ state: CellState, end: Double) -> Double {
        let start = state.lastRate ?? end
        state.lastRate = end
        return start == end ? end : (start + end) / 2
    }

    /// When a top-level cell emits, in layer time. A cell that is always on (`beginTime` 0, no
    /// duration) of an emitter that starts running has been on since before the scene began.
    private func emissionWindow(of cell: EmitterCell) -> (start: Double, end: Double) {
        let window = cell.emissionInterval
        return startsRunning && window.start == 0 && window.end == .infinity ? (-.infinity, .infinity) : window
    }

    /// Births of a top-level cell between layer times t0 and t1 (core-animation.md §6.5): the accumulator
    /// gains rate × (time the cell was active in the step); birth k happens when it crosses k.
    private func spawnFromShape(
        _ state: CellState, cell: EmitterCell, sampler: ParticleSampler, from t0: Double, to t1: Double,
        properties: EmitterProperties, emitterStart: Vector3, emitterEnd: Vector3, budget: inout ParticleBudget
    ) {
        let window = emissionWindow(of: cell)
        let lo = max(t0, window.start), hi = min(t1, window.end)
        let rate = Self.stepRate(state, end: Self.rate(of: cell, properties: properties, isSubcell: false))
        guard hi > lo, rate > 0 else { return }
        let before = state.accumulator
        let total = before + rate * (hi - lo)
        // Beyond the budget the count only needs to be "more than fits": keep it an Int.
        let births = total < Self.birthCountCeiling ? Int(total.rounded(.down)) : Int(Self.birthCountCeiling)
        state.accumulator = total < Self.birthCountCeiling ? total - Double(births) : 0
        let batch = ShapeBirths(
            sampler: sampler, shape: properties.emitterShape, mode: properties.emitterMode, size: properties.emitterSize,
            depth: properties.emitterDepth, emitterStart: emitterStart, emitterEnd: emitterEnd,
            t0: t0, t1: t1, lo: lo, before: before, rate: rate)
        // The first births of the step, as many as the game still lets the shapes make.
        let allowed = min(births, budget.shapeBirthsLeft)
        let made = write(batch, births: allowed, into: state, budget: &budget)
        if budget.shapeBirthsLeft != .max { budget.shapeBirthsLeft -= made }
    }

    /// `count` births at time `t` (age 0) from the emitter's shape.
    private func spawnBurst(
        _ count: Int, into state: CellState, sampler: ParticleSampler, at t: Double, properties: EmitterProperties,
        emitterPosition: Vector3, budget: inout ParticleBudget
    ) {
        // An infinite rate puts every birth at the step's end.
        let batch = ShapeBirths(
            sampler: sampler, shape: properties.emitterShape, mode: properties.emitterMode, size: properties.emitterSize,
            depth: properties.emitterDepth, emitterStart: emitterPosition, emitterEnd: emitterPosition,
            t0: t, t1: t, lo: t, before: 0, rate: .infinity)
        write(batch, births: count, into: state, budget: &budget)
    }

    /// Writes the `births` of `batch` that the budget grants into the cell's storage, spread over
    /// the threads when there are many (with the single-threaded result); returns the births
    /// granted.
    @discardableResult
    private func write(_ batch: ShapeBirths, births: Int, into state: CellState, budget: inout ParticleBudget) -> Int {
        let granted = budget.grant(births)
        guard granted > 0 else { return 0 }
        let storage = state.storage
        storage.reserve(additional: granted)
        let live: Int
        if threads > 1 && granted >= Self.parallelBirthThreshold {
            // Each thread takes a run of births: its generator jumps to the first of them and
            // it writes its own run of slots, so the result is the single-threaded one.
            let parts = min(threads, 64)
            let job = birthJob ?? BirthJob()
            birthJob = job
            job.prepare(batch: batch, storage: storage, random: random, granted: granted, parts: parts)
            WorkerPool.shared.run(parts: parts, job)
            live = (0..<parts).reduce(0) { $0 + job.results[$1] }
            job.finish()
            random.advance(by: UInt64(granted) * batch.drawsPerBirth)
            storage.commit(slots: granted, live: live)
        } else {
            var writer = storage.makeWriter()
            batch.write(1...granted, into: &writer, random: &random)
            storage.commit(writer)
            live = writer.liveCount
        }
        state.birthCount += live
        budget.release(granted - live)
        return granted
    }

    /// Top-level births at or above which a step spreads them over the threads.
    static let parallelBirthThreshold = 4096

    /// Everything births from the emitter shape in one step need, as a value threads can share.
    struct ShapeBirths: Sendable {
        /// Random numbers each birth takes: three for the spawn site, then the particle's.
        var drawsPerBirth: UInt64 { 3 + sampler.drawsPerParticle }

        let sampler: ParticleSampler
        let shape: EmitterShape, mode: EmitterMode
        let size: Size, depth: Double
        let emitterStart: Vector3, emitterEnd: Vector3
        let t0: Double, t1: Double, lo: Double, before: Double, rate: Double

        /// Writes births `ks` (1-based, in order), drawing from `random`.
        func write(_ ks: ClosedRange<Int>, into writer: inout ParticleStorage.Writer, random: inout SeededRandom) {
            let span = t1 - t0
            // Shapes whose natural direction is the same everywhere share one frame.
            let fixedFrame = EmissionGeometry.fixedNormal(shape: shape, mode: mode)
                .map { sampler.frame(natural: SIMD3<Float>(Float($0.x), Float($0.y), Float($0.z))) }
            let white = SIMD4<Float>(1, 1, 1, 1)
            for k in ks {
                let birthTime = lo + (Double(k) - before) / rate
                let f = span > 0 ? (birthTime - t0) / span : 1
                let centre = emitterStart + (emitterEnd - emitterStart) * f
                let u1 = random.nextUnitDouble(), u2 = random.nextUnitDouble(), u3 = random.nextUnitDouble()
                let site = EmissionGeometry.site(shape: shape, mode: mode, centre: centre, size: size, depth: depth, u1, u2, u3)
                let frame =
                    fixedFrame ?? sampler.frame(natural: SIMD3<Float>(Float(site.normal.x), Float(site.normal.y), Float(site.normal.z)))
                sampler.emit(
                    into: &writer, random: &random,
                    position: SIMD3<Float>(Float(site.position.x), Float(site.position.y), Float(site.position.z)),
                    frame: frame, age: Float(t1 - birthTime), parentColor: white, parentScale: 1)
            }
        }
    }

    /// The reusable job of parallel births.
    private var birthJob: BirthJob?

    /// Each thread's share of a step's births.
    private final class BirthJob: ParallelJob {
        var batch: ShapeBirths?
        var storage: ParticleStorage?
        var random = SeededRandom(seed: 0)
        var granted = 0
        var parts = 1
        let results = UnsafeMutablePointer<Int>.allocate(capacity: 64)

        deinit { results.deallocate() }

        func prepare(batch: ShapeBirths, storage: ParticleStorage, random: SeededRandom, granted: Int, parts: Int) {
            self.batch = batch
            self.storage = storage
            self.random = random
            self.granted = granted
            self.parts = parts
        }

        func finish() {
            batch = nil
            storage = nil
        }

        func run(part: Int) {
            guard let batch, let storage else { return }
            let first = granted * part / parts, end = granted * (part + 1) / parts
            guard end > first else {
                results[part] = 0
                return
            }
            var generator = random
            generator.advance(by: UInt64(first) * batch.drawsPerBirth)
            var writer = storage.makeWriter(offset: first)
            batch.write((first + 1)...end, into: &writer, random: &generator)
            results[part] = writer.liveCount
        }
    }

    /// Births of a sub-cell from every live parent particle (core-animation.md §6.8): the window is the part
    /// of the step in which the parent was alive and the sub-cell active (in parent age); each
    /// child starts at the parent's position at its birth time, along the parent's direction of
    /// motion, with the parent's colour as the parent was born (not as its colour speeds have
    /// changed it since) and its current scale multiplied in, and not its velocity.
    private func spawnFromParents(
        _ state: CellState, cell: EmitterCell, sampler: ParticleSampler, parent: CellState, accumulatorIndex: Int,
        parentAcceleration acceleration: SIMD3<Float>, dt: Double, properties: EmitterProperties, budget: inout ParticleBudget
    ) {
        let rate = Self.stepRate(state, end: Self.rate(of: cell, properties: properties, isSubcell: true))
        let parents = parent.storage
        guard rate > 0, !parents.slotRanges.0.isEmpty else { return }
        let window = cell.emissionInterval
        let storage = state.storage
        let accumulators = parents.accumulatorPointer(accumulatorIndex)
        let age = parents.pointer(.age), life = parents.pointer(.lifetime)
        let px = parents.pointer(.positionX), py = parents.pointer(.positionY), pz = parents.pointer(.positionZ)
        let vx = parents.pointer(.velocityX), vy = parents.pointer(.velocityY), vz = parents.pointer(.velocityZ)
        // What children inherit: the parent's colour at its birth (parents always have these
        // columns, having sub-cells).
        let red = parents.birthColorPointer(0), green = parents.birthColorPointer(1)
        let blue = parents.birthColorPointer(2), alpha = parents.birthColorPointer(3)
        let scale = parents.pointer(.scale)

        // Every slot, dead ones included: a parent that died inside this step still emits for
        // the part of the step it was alive; ones dead before have an empty window.
        for i in SlotRuns(parents.slotRanges) {
            let ageNow = Double(age[i])
            // A parent that died inside the step emits until its death.
            let lo = max(max(ageNow - dt, 0), window.start), hi = min(ageNow, window.end, Double(life[i]))
            guard hi > lo else { continue }
            let before = Double(accumulators[i])
            let total = before + rate * (hi - lo)
            let births = total < Self.birthCountCeiling ? Int(total.rounded(.down)) : Int(Self.birthCountCeiling)
            accumulators[i] = total < Self.birthCountCeiling ? Float(total - Double(births)) : 0
            guard births > 0 else { continue }
            let granted = budget.grant(births)
            guard granted > 0 else { continue }
            storage.reserve(additional: granted)
            var writer = storage.makeWriter()
            let pEnd = SIMD3<Float>(px[i], py[i], pz[i])
            let vEnd = SIMD3<Float>(vx[i], vy[i], vz[i])
            let color = SIMD4<Float>(red[i], green[i], blue[i], alpha[i])
            for k in 1...granted {
                let birthAge = lo + (Double(k) - before) / rate
                let childAge = Float(ageNow - birthAge)
                // The parent's state childAge seconds ago, exact for constant acceleration.
                let position = pEnd - vEnd * childAge + acceleration * (0.5 * childAge * childAge)
                let velocity = vEnd - acceleration * childAge
                let speed = (velocity * velocity).sum().squareRoot()
                let natural = speed > 1e-12 ? velocity / speed : SIMD3<Float>(1, 0, 0)
                sampler.emit(
                    into: &writer, random: &random, position: position, frame: sampler.frame(natural: natural),
                    age: childAge, parentColor: color, parentScale: scale[i])
            }
            storage.commit(writer)
            state.birthCount += writer.liveCount
            budget.release(granted - writer.liveCount)
        }
    }

    /// Feeds every live particle column, cell tree in pre-order, into `hasher`.
    func hash(into hasher: inout StateHasher) {
        for state in cellStates {
            state.forEach { $0.storage.hash(into: &hasher) }
        }
    }
}
