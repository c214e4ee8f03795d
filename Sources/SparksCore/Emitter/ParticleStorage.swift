import CSparksKernels

/// Structure-of-arrays storage for the particles of one cell, in birth order.
///
/// One block of memory holds every column (`capacity` floats each), used as a ring of slots:
/// particles are appended at the tail in birth order, and a particle is dead once its age has
/// reached its lifetime. Dead particles are skipped by every reader and dropped when they reach
/// the head, so nothing moves in steady state: the update streams through the columns once per
/// step, eight particles at a time. Order is birth order (oldest first), which the render modes
/// `oldestFirst` / `oldestLast` and the state hash rely on. Once the ring covers the steady
/// state, stepping allocates nothing.
public final class ParticleStorage {
    /// The fixed columns, in the order they appear in memory and in the state hash.
    public enum Column: Int, CaseIterable, Sendable {
        case positionX, positionY, positionZ
        case velocityX, velocityY, velocityZ
        case red, green, blue, alpha
        case scale
        /// Sampled spin, radians per second; rotation is spin × age.
        case spin
        case age
        case lifetime
    }

    /// Number of fixed columns.
    public static let fixedColumnCount = Column.allCases.count

    /// Live particles.
    public private(set) var count = 0
    /// Slots available without growing.
    public private(set) var capacity = 0
    /// Extra columns: one birth accumulator per sub-cell (core-animation.md §6.5: one per parent/sub-cell pair).
    public let accumulatorCount: Int
    /// Whether four more columns, after the accumulators, hold each particle's colour as it was
    /// born (before its colour speeds): what its sub-cells' particles inherit
    /// (core-animation.md §6.8). Only a cell with sub-cells has them.
    public var hasBirthColors: Bool { accumulatorCount > 0 }
    /// Whether three more columns, last, hold the direction each particle's card faces (x, y,
    /// z; a unit vector): `plane` particles (core-animation.md §6.12).
    public private(set) var hasFacing: Bool
    /// Total columns.
    public var columnCount: Int { Self.fixedColumnCount + accumulatorCount + birthColorColumns + (hasFacing ? 3 : 0) }
    private var birthColorColumns: Int { hasBirthColors ? 4 : 0 }

    /// The first slot in use (the oldest particle, or a dead one not yet dropped).
    private var head = 0
    /// Slots in use from `head`, live and dead.
    private var used = 0
    private var block: UnsafeMutablePointer<Float>?

    /// Creates empty storage with one accumulator column per sub-cell, and the facing columns
    /// of plane particles when `hasFacing`.
    public init(accumulatorCount: Int, hasFacing: Bool = false) {
        self.accumulatorCount = accumulatorCount
        self.hasFacing = hasFacing
    }

    deinit {
        block?.deallocate()
    }

    /// The base of a fixed column, indexed by slot (see `slotRanges`).
    @inlinable @inline(__always)
    public func pointer(_ column: Column) -> UnsafeMutablePointer<Float> {
        basePointer + column.rawValue * capacity
    }

    /// The base of sub-cell accumulator column `index`, indexed by slot.
    @inline(__always)
    func accumulatorPointer(_ index: Int) -> UnsafeMutablePointer<Float> {
        basePointer + (Self.fixedColumnCount + index) * capacity
    }

    /// The base of birth colour column `component` (0: red … 3: alpha), indexed by slot; only
    /// with `hasBirthColors`.
    @inline(__always)
    func birthColorPointer(_ component: Int) -> UnsafeMutablePointer<Float> {
        basePointer + (Self.fixedColumnCount + accumulatorCount + component) * capacity
    }

    /// The base of facing column `axis` (0: x, 1: y, 2: z), indexed by slot; only with `hasFacing`.
    @inline(__always)
    public func facingPointer(_ axis: Int) -> UnsafeMutablePointer<Float> {
        basePointer + (Self.fixedColumnCount + accumulatorCount + birthColorColumns + axis) * capacity
    }

    /// Adds the facing columns, keeping every particle: those alive face the viewer (+z), as
    /// sprites do, so a cell that becomes `plane` changes only the particles born after.
    public func addFacing() {
        guard !hasFacing else { return }
        let old = block
        let oldColumns = columnCount
        hasFacing = true
        guard capacity > 0, let old else { return }
        let newBlock = UnsafeMutablePointer<Float>.allocate(capacity: capacity * columnCount)
        newBlock.update(from: old, count: capacity * oldColumns)
        (newBlock + oldColumns * capacity).initialize(repeating: 0, count: 2 * capacity)
        (newBlock + (oldColumns + 2) * capacity).initialize(repeating: 1, count: capacity)
        old.deallocate()
        block = newBlock
    }

    @usableFromInline var basePointer: UnsafeMutablePointer<Float> {
        block ?? UnsafeMutablePointer(bitPattern: MemoryLayout<Float>.alignment)!
    }

    /// The slots in use, in birth order: at most two runs, as the ring wraps. Some may hold dead
    /// particles; `isLive` tells.
    public var slotRanges: (Range<Int>, Range<Int>) {
        let end = head + used
        if end <= capacity { return (head..<end, 0..<0) }
        return (head..<capacity, 0..<(end - capacity))
    }

    /// Whether the particle in `slot` is alive.
    @inline(__always)
    public func isLive(_ slot: Int) -> Bool {
        let base = basePointer
        return base[Column.age.rawValue * capacity + slot] < base[Column.lifetime.rawValue * capacity + slot]
    }

    /// Bytes of particle memory held.
    public var storageBytes: Int { capacity * columnCount * MemoryLayout<Float>.stride }

    /// Makes room for `additional` more particles, keeping the live ones (in order). Grows by a
    /// quarter at a time, so steady-state memory stays close to what the particles need.
    public func reserve(additional: Int) {
        guard used + additional > capacity else { return }
        trim()
        guard used + additional > capacity else { return }
        let newCapacity = max(count + additional, capacity + capacity / 4, 64)
        let newBlock = UnsafeMutablePointer<Float>.allocate(capacity: newCapacity * columnCount)
        // Copy live particles only, unwrapped to start at slot 0.
        var written = 0
        if let old = block {
            for slot in SlotRuns(slotRanges) where isLive(slot) {
                for c in 0..<columnCount { newBlock[c * newCapacity + written] = old[c * capacity + slot] }
                written += 1
            }
            old.deallocate()
        }
        block = newBlock
        capacity = newCapacity
        head = 0
        used = written
    }

    /// Removes every particle (memory is kept).
    public func removeAll() {
        count = 0
        head = 0
        used = 0
    }

    /// Writes newborn particles after the tail without touching the storage's bookkeeping per
    /// particle; `commit` makes them live. No `reserve` may happen while a writer is in use.
    struct Writer {
        fileprivate let base: UnsafeMutablePointer<Float>
        fileprivate let capacity: Int
        fileprivate let accumulators: Int
        fileprivate let hasBirthColors: Bool
        fileprivate let hasFacing: Bool
        fileprivate var slot: Int
        fileprivate var written = 0
        fileprivate var liveWritten = 0
        fileprivate let room: Int

        /// Slots written so far (dead-on-arrival particles included).
        var count: Int { written }
        /// Live particles written so far.
        var liveCount: Int { liveWritten }

        @inline(__always)
        mutating func append(
            position p: SIMD3<Float>, velocity v: SIMD3<Float>, color c: SIMD4<Float>,
            scale: Float, spin: Float, age: Float, lifetime: Float, birthColor: SIMD4<Float> = .zero, facing: SIMD3<Float> = SIMD3(0, 0, 1)
        ) {
            precondition(written < room, "reserve room before writing particles")
            let i = slot, cap = capacity
            base[Column.positionX.rawValue * cap + i] = p.x
            base[Column.positionY.rawValue * cap + i] = p.y
            base[Column.positionZ.rawValue * cap + i] = p.z
            base[Column.velocityX.rawValue * cap + i] = v.x
            base[Column.velocityY.rawValue * cap + i] = v.y
            base[Column.velocityZ.rawValue * cap + i] = v.z
            base[Column.red.rawValue * cap + i] = c.x
            base[Column.green.rawValue * cap + i] = c.y
            base[Column.blue.rawValue * cap + i] = c.z
            base[Column.alpha.rawValue * cap + i] = c.w
            base[Column.scale.rawValue * cap + i] = scale
            base[Column.spin.rawValue * cap + i] = spin
            base[Column.age.rawValue * cap + i] = age
            base[Column.lifetime.rawValue * cap + i] = lifetime
            for a in 0..<accumulators { base[(ParticleStorage.fixedColumnCount + a) * cap + i] = 0 }
            if hasBirthColors {
                let column = ParticleStorage.fixedColumnCount + accumulators
                base[column * cap + i] = birthColor.x
                base[(column + 1) * cap + i] = birthColor.y
                base[(column + 2) * cap + i] = birthColor.z
                base[(column + 3) * cap + i] = birthColor.w
            }
            if hasFacing {
                let column = ParticleStorage.fixedColumnCount + accumulators + (hasBirthColors ? 4 : 0)
                base[column * cap + i] = facing.x
                base[(column + 1) * cap + i] = facing.y
                base[(column + 2) * cap + i] = facing.z
            }
            slot = i + 1 == cap ? 0 : i + 1
            written += 1
            if age < lifetime { liveWritten += 1 }
        }
    }

    /// A writer for up to the room `reserve` made, starting `offset` slots after the tail (so
    /// several threads can write their own runs of births).
    func makeWriter(offset: Int = 0) -> Writer {
        var tail = head + used + offset
        if capacity > 0 { tail %= capacity }
        return Writer(
            base: basePointer, capacity: capacity, accumulators: accumulatorCount, hasBirthColors: hasBirthColors, hasFacing: hasFacing,
            slot: tail,
            room: capacity - used - offset)
    }

    /// Makes the slots writers wrote part of the storage: `slots` in all, `live` of them alive.
    func commit(slots: Int, live: Int) {
        used += slots
        count += live
    }

    /// Makes the particles a writer wrote part of the storage.
    func commit(_ writer: Writer) {
        commit(slots: writer.written, live: writer.liveWritten)
    }

    /// Per-step constants of a cell's motion and appearance (core-animation.md §6.4, §6.6, §6.7).
    struct Rates {
        var dt: Float
        var acceleration: (Float, Float, Float)
        var colorSpeed: (Float, Float, Float, Float)
        var scaleSpeed: Float
    }

    /// Particles at or above which `integrate` splits the work across threads.
    static let parallelThreshold = 32_768

    /// Advances every particle by `rates.dt` and returns how many died in this step (their age
    /// reached their lifetime). Motion is the exact solution for constant acceleration,
    /// `p += v·dt + ½·a·dt²; v += a·dt`, so results do not depend on the step size. Dead
    /// particles stay in their slots until `trim()`, so they can still emit sub-cells for the
    /// part of the step they were alive. With `threads` > 1 the slots are split into ranges
    /// updated at once; every particle gets the same arithmetic, so results do not change.
    @discardableResult
    func integrate(_ rates: Rates, threads: Int = 1) -> Int {
        let deaths = run(.integrate(rates), threads: threads)
        count -= deaths
        return deaths
    }

    /// Applies a behaviour to every live particle (core-animation.md §6.13), on several threads
    /// for large cells; every particle gets the same arithmetic whatever the split.
    func apply(_ kernel: BehaviorKernel, threads: Int = 1) {
        run(.behavior(kernel), threads: threads)
    }

    /// What is done to every slot in use, run by run.
    enum SlotWork {
        /// Motion, colour, scale and age over a step; counts deaths.
        case integrate(Rates)
        /// One behaviour's change.
        case behavior(BehaviorKernel)
    }

    /// Does `work` to every slot in use, split across threads for large storage; returns the
    /// deaths it counted.
    @discardableResult
    private func run(_ work: SlotWork, threads: Int) -> Int {
        guard used > 0 else { return 0 }
        let (a, b) = slotRanges
        let parts = threads > 1 && used >= Self.parallelThreshold ? min(threads, 64) : 1
        if parts == 1 { return run(work, a) + run(work, b) }
        // Split both runs into `parts` pieces of whole SIMD groups, one result slot each.
        let job = slotJob ?? SlotJob(storage: self)
        slotJob = job
        job.prepare(work: work, first: a, second: b, parts: parts)
        WorkerPool.shared.run(parts: parts, job)
        return job.finish()
    }

    /// `work` on one run of slots.
    private func run(_ work: SlotWork, _ range: Range<Int>) -> Int {
        switch work {
        case .integrate(let rates): return integrate(rates, range)
        case .behavior(let kernel):
            kernel.apply(to: self, range)
            return 0
        }
    }

    /// The reusable job of a parallel update: which ranges each thread takes.
    private var slotJob: SlotJob?

    private final class SlotJob: ParallelJob {
        unowned let storage: ParticleStorage
        var work: SlotWork?
        var first = 0..<0, second = 0..<0
        var parts = 1
        let results = UnsafeMutablePointer<Int>.allocate(capacity: 64)

        init(storage: ParticleStorage) { self.storage = storage }
        deinit { results.deallocate() }

        func prepare(work: SlotWork, first: Range<Int>, second: Range<Int>, parts: Int) {
            self.work = work
            self.first = first
            self.second = second
            self.parts = parts
        }

        /// The deaths the parts counted; lets go of the work.
        func finish() -> Int {
            work = nil
            return (0..<parts).reduce(0) { $0 + results[$1] }
        }

        func run(part: Int) {
            guard let work else { return }
            results[part] = storage.run(work, piece(first, part)) + storage.run(work, piece(second, part))
        }

        private func piece(_ range: Range<Int>, _ part: Int) -> Range<Int> {
            let groups = (range.count + 7) / 8
            let lo = range.lowerBound + min(range.count, (groups * part / parts) * 8)
            let hi = range.lowerBound + min(range.count, (groups * (part + 1) / parts) * 8)
            return lo..<hi
        }
    }

    /// The update of one run of slots, by the simulation kernels (CSparksKernels: eight at a
    /// time, then one at a time, with the arithmetic `integrate(_:threads:)` describes).
    private func integrate(_ rates: Rates, _ range: Range<Int>) -> Int {
        guard !range.isEmpty else { return 0 }
        var columns = kernelColumns
        var motion = sparks_motion(
            dt: rates.dt, ax: rates.acceleration.0, ay: rates.acceleration.1, az: rates.acceleration.2, red: rates.colorSpeed.0,
            green: rates.colorSpeed.1, blue: rates.colorSpeed.2, alpha: rates.colorSpeed.3, scale: rates.scaleSpeed)
        return Int(sparks_kernels_active().pointee.integrate(&columns, Int64(range.lowerBound), Int64(range.upperBound), &motion))
    }

    /// The fixed columns as the kernels take them.
    var kernelColumns: sparks_particles {
        sparks_particles(
            position_x: pointer(.positionX), position_y: pointer(.positionY), position_z: pointer(.positionZ),
            velocity_x: pointer(.velocityX), velocity_y: pointer(.velocityY), velocity_z: pointer(.velocityZ),
            red: pointer(.red), green: pointer(.green), blue: pointer(.blue), alpha: pointer(.alpha), scale: pointer(.scale),
            age: pointer(.age), lifetime: pointer(.lifetime))
    }

    /// Drops dead particles at the head (the oldest end).
    func trim() {
        while used > 0 && !isLive(head) {
            head += 1
            if head == capacity { head = 0 }
            used -= 1
        }
        if used == 0 { head = 0 }
    }

    /// Calls `body` with the slot of every live particle, oldest first.
    @inline(__always)
    func forEachLiveSlot(_ body: (Int) -> Void) {
        let (a, b) = slotRanges
        let age = pointer(.age), life = pointer(.lifetime)
        for slot in a where age[slot] < life[slot] { body(slot) }
        for slot in b where age[slot] < life[slot] { body(slot) }
    }

    /// A copy of a column's live values, in birth order.
    public func values(_ column: Column) -> [Float] {
        var result: [Float] = []
        result.reserveCapacity(count)
        let p = pointer(column)
        forEachLiveSlot { result.append(p[$0]) }
        return result
    }

    /// The direction each live particle's card faces (unit vectors), in birth order; empty
    /// without facing columns (cells that are not `plane`).
    public func facings() -> [SIMD3<Float>] {
        guard hasFacing else { return [] }
        var result: [SIMD3<Float>] = []
        result.reserveCapacity(count)
        let x = facingPointer(0), y = facingPointer(1), z = facingPointer(2)
        forEachLiveSlot { result.append(SIMD3(x[$0], y[$0], z[$0])) }
        return result
    }

    /// Feeds every live value of every column, in birth order, into `hasher`.
    func hash(into hasher: inout StateHasher) {
        hasher.combine(UInt32(truncatingIfNeeded: count))
        for c in 0..<columnCount {
            let column = basePointer + c * capacity
            forEachLiveSlot { hasher.combine(column[$0].bitPattern) }
        }
    }
}

/// The slots of a ring's two runs as one sequence, without allocating.
struct SlotRuns: Sequence, IteratorProtocol {
    private var first: Range<Int>
    private var second: Range<Int>

    init(_ runs: (Range<Int>, Range<Int>)) {
        first = runs.0
        second = runs.1
    }

    @inline(__always)
    mutating func next() -> Int? {
        if let slot = first.popFirst() { return slot }
        return second.popFirst()
    }
}
