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
    /// Total columns.
    public var columnCount: Int { Self.fixedColumnCount + accumulatorCount }

    /// The first slot in use (the oldest particle, or a dead one not yet dropped).
    private var head = 0
    /// Slots in use from `head`, live and dead.
    private var used = 0
    private var block: UnsafeMutablePointer<Float>?

    /// Creates empty storage with one accumulator column per sub-cell.
    public init(accumulatorCount: Int) {
        self.accumulatorCount = accumulatorCount
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
            scale: Float, spin: Float, age: Float, lifetime: Float
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
        return Writer(base: basePointer, capacity: capacity, accumulators: accumulatorCount, slot: tail, room: capacity - used - offset)
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
        guard used > 0 else { return 0 }
        let (a, b) = slotRanges
        let parts = threads > 1 && used >= Self.parallelThreshold ? min(threads, 64) : 1
        var deaths = 0
        if parts == 1 {
            deaths = integrate(rates, a) + integrate(rates, b)
        } else {
            // Split both runs into `parts` pieces of whole SIMD groups, one result slot each.
            let job = integrateJob ?? IntegrateJob(storage: self)
            integrateJob = job
            job.prepare(rates: rates, first: a, second: b, parts: parts)
            WorkerPool.shared.run(parts: parts, job)
            deaths = (0..<parts).reduce(0) { $0 + job.results[$1] }
        }
        count -= deaths
        return deaths
    }

    /// The reusable job of a parallel update: which ranges each thread takes.
    private var integrateJob: IntegrateJob?

    private final class IntegrateJob: ParallelJob {
        unowned let storage: ParticleStorage
        var rates = Rates(dt: 0, acceleration: (0, 0, 0), colorSpeed: (0, 0, 0, 0), scaleSpeed: 0)
        var first = 0..<0, second = 0..<0
        var parts = 1
        let results = UnsafeMutablePointer<Int>.allocate(capacity: 64)

        init(storage: ParticleStorage) { self.storage = storage }
        deinit { results.deallocate() }

        func prepare(rates: Rates, first: Range<Int>, second: Range<Int>, parts: Int) {
            self.rates = rates
            self.first = first
            self.second = second
            self.parts = parts
        }

        func run(part: Int) {
            results[part] = storage.integrate(rates, piece(first, part)) + storage.integrate(rates, piece(second, part))
        }

        private func piece(_ range: Range<Int>, _ part: Int) -> Range<Int> {
            let groups = (range.count + 7) / 8
            let lo = range.lowerBound + min(range.count, (groups * part / parts) * 8)
            let hi = range.lowerBound + min(range.count, (groups * (part + 1) / parts) * 8)
            return lo..<hi
        }
    }

    /// The update of one run of slots: eight at a time, then one at a time.
    private func integrate(_ rates: Rates, _ range: Range<Int>) -> Int {
        guard !range.isEmpty else { return 0 }
        typealias V = SIMD8<Float>
        let dt = rates.dt, halfDt2 = 0.5 * rates.dt * rates.dt
        let (ax, ay, az) = rates.acceleration
        let (dr, dg, db, da) = (rates.colorSpeed.0 * dt, rates.colorSpeed.1 * dt, rates.colorSpeed.2 * dt, rates.colorSpeed.3 * dt)
        let ds = rates.scaleSpeed * dt
        let px = pointer(.positionX), py = pointer(.positionY), pz = pointer(.positionZ)
        let vx = pointer(.velocityX), vy = pointer(.velocityY), vz = pointer(.velocityZ)
        let r = pointer(.red), g = pointer(.green), b = pointer(.blue), al = pointer(.alpha)
        let s = pointer(.scale), age = pointer(.age), life = pointer(.lifetime)
        @inline(__always) func load(_ p: UnsafeMutablePointer<Float>, _ i: Int) -> V {
            UnsafeRawPointer(p + i).loadUnaligned(as: V.self)
        }
        @inline(__always) func store(_ v: V, _ p: UnsafeMutablePointer<Float>, _ i: Int) {
            UnsafeMutableRawPointer(p + i).storeBytes(of: v, as: V.self)
        }
        let zero = V(repeating: 0), one = V(repeating: 1)
        // The standard library's generic pointwiseMin/Max run lane by lane; masked replacement
        // compiles to vector min/max.
        @inline(__always) func clamp01(_ v: V) -> V {
            var v = v
            v.replace(with: zero, where: v .< zero)
            v.replace(with: one, where: v .> one)
            return v
        }
        var died = SIMD8<Int32>(repeating: 0)
        var i = range.lowerBound
        while i + 8 <= range.upperBound {
            let x = load(vx, i), y = load(vy, i), z = load(vz, i)
            store(load(px, i) + x * dt + ax * halfDt2, px, i)
            store(load(py, i) + y * dt + ay * halfDt2, py, i)
            store(load(pz, i) + z * dt + az * halfDt2, pz, i)
            store(x + ax * dt, vx, i)
            store(y + ay * dt, vy, i)
            store(z + az * dt, vz, i)
            store(clamp01(load(r, i) + dr), r, i)
            store(clamp01(load(g, i) + dg), g, i)
            store(clamp01(load(b, i) + db), b, i)
            store(clamp01(load(al, i) + da), al, i)
            store(load(s, i) + ds, s, i)
            let a0 = load(age, i), l = load(life, i)
            let a1 = a0 + dt
            store(a1, age, i)
            died &+= SIMD8<Int32>(repeating: 0).replacing(with: 1, where: (a0 .< l) .& (a1 .>= l))
            i += 8
        }
        var deaths = Int(died.wrappedSum())
        while i < range.upperBound {
            let x = vx[i], y = vy[i], z = vz[i]
            px[i] = px[i] + x * dt + ax * halfDt2
            py[i] = py[i] + y * dt + ay * halfDt2
            pz[i] = pz[i] + z * dt + az * halfDt2
            vx[i] = x + ax * dt
            vy[i] = y + ay * dt
            vz[i] = z + az * dt
            r[i] = min(max(r[i] + dr, 0), 1)
            g[i] = min(max(g[i] + dg, 0), 1)
            b[i] = min(max(b[i] + db, 0), 1)
            al[i] = min(max(al[i] + da, 0), 1)
            s[i] = s[i] + ds
            let a0 = age[i], a1 = a0 + dt
            age[i] = a1
            if a0 < life[i] && a1 >= life[i] { deaths += 1 }
            i += 1
        }
        return deaths
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
