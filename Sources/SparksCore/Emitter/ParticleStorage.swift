/// Structure-of-arrays storage for the live particles of one cell, in birth order.
///
/// One block of memory holds every column (`capacity` floats each), reused from step to step:
/// once the capacity covers the steady state, stepping allocates nothing. Removal compacts the
/// survivors in place, so memory order is birth order (oldest first), which the render modes
/// `oldestFirst` / `oldestLast` and the state hash rely on.
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
    /// Particles that fit without growing.
    public private(set) var capacity = 0
    /// Extra columns: one birth accumulator per sub-cell (spec §6.5: one per parent/sub-cell pair).
    public let accumulatorCount: Int
    /// Total columns.
    public var columnCount: Int { Self.fixedColumnCount + accumulatorCount }

    private var block: UnsafeMutablePointer<Float>?

    /// Creates empty storage with one accumulator column per sub-cell.
    public init(accumulatorCount: Int) {
        self.accumulatorCount = accumulatorCount
    }

    deinit {
        block?.deallocate()
    }

    /// The base of a fixed column; valid for `count` elements until the next growth.
    @inlinable @inline(__always)
    public func pointer(_ column: Column) -> UnsafeMutablePointer<Float> {
        basePointer + column.rawValue * capacity
    }

    /// A copy of a column's live values, in birth order.
    public func values(_ column: Column) -> [Float] {
        Array(UnsafeBufferPointer(start: pointer(column), count: count))
    }

    /// The base of sub-cell accumulator column `index`.
    @inline(__always)
    func accumulatorPointer(_ index: Int) -> UnsafeMutablePointer<Float> {
        basePointer + (Self.fixedColumnCount + index) * capacity
    }

    @usableFromInline var basePointer: UnsafeMutablePointer<Float> {
        block ?? UnsafeMutablePointer(bitPattern: MemoryLayout<Float>.alignment)!
    }

    /// Makes room for at least `needed` particles, keeping the live ones.
    public func reserve(_ needed: Int) {
        guard needed > capacity else { return }
        let newCapacity = max(needed, capacity * 2, 64)
        let newBlock = UnsafeMutablePointer<Float>.allocate(capacity: newCapacity * columnCount)
        if let old = block {
            for c in 0..<columnCount {
                (newBlock + c * newCapacity).update(from: old + c * capacity, count: count)
            }
            old.deallocate()
        }
        block = newBlock
        capacity = newCapacity
    }

    /// Removes every particle (memory is kept).
    public func removeAll() {
        count = 0
    }

    /// Appends one particle; `reserve` must have made room.
    @inline(__always)
    func append(
        position: (Float, Float, Float), velocity: (Float, Float, Float),
        color: (Float, Float, Float, Float), scale: Float, spin: Float, age: Float, lifetime: Float
    ) {
        let i = count
        let base = basePointer, cap = capacity
        base[Column.positionX.rawValue * cap + i] = position.0
        base[Column.positionY.rawValue * cap + i] = position.1
        base[Column.positionZ.rawValue * cap + i] = position.2
        base[Column.velocityX.rawValue * cap + i] = velocity.0
        base[Column.velocityY.rawValue * cap + i] = velocity.1
        base[Column.velocityZ.rawValue * cap + i] = velocity.2
        base[Column.red.rawValue * cap + i] = color.0
        base[Column.green.rawValue * cap + i] = color.1
        base[Column.blue.rawValue * cap + i] = color.2
        base[Column.alpha.rawValue * cap + i] = color.3
        base[Column.scale.rawValue * cap + i] = scale
        base[Column.spin.rawValue * cap + i] = spin
        base[Column.age.rawValue * cap + i] = age
        base[Column.lifetime.rawValue * cap + i] = lifetime
        for a in 0..<accumulatorCount { base[(Self.fixedColumnCount + a) * cap + i] = 0 }
        count = i + 1
    }

    /// Per-step constants of a cell's motion and appearance (spec §6.4, §6.6, §6.7).
    struct Rates {
        var dt: Float
        var acceleration: (Float, Float, Float)
        var colorSpeed: (Float, Float, Float, Float)
        var scaleSpeed: Float
    }

    /// Advances every particle by `rates.dt`. Motion is the exact solution for constant
    /// acceleration, `p += v·dt + ½·a·dt²; v += a·dt`, so results do not depend on the step size.
    /// Particles whose age passes their lifetime stay until `removeExpired()`, so that they can
    /// still emit sub-cells for the part of the step they were alive.
    func integrate(_ rates: Rates) {
        let n = count
        guard n > 0 else { return }
        let dt = rates.dt
        let (ax, ay, az) = rates.acceleration
        let halfDt2 = 0.5 * dt * dt
        let (dr, dg, db, da) = (rates.colorSpeed.0 * dt, rates.colorSpeed.1 * dt, rates.colorSpeed.2 * dt, rates.colorSpeed.3 * dt)
        let ds = rates.scaleSpeed * dt
        let px = pointer(.positionX), py = pointer(.positionY), pz = pointer(.positionZ)
        let vx = pointer(.velocityX), vy = pointer(.velocityY), vz = pointer(.velocityZ)
        let r = pointer(.red), g = pointer(.green), b = pointer(.blue), a = pointer(.alpha)
        let s = pointer(.scale), age = pointer(.age)

        // Update pass: branch-free, so the compiler vectorises it.
        for i in 0..<n {
            px[i] += vx[i] * dt + ax * halfDt2
            py[i] += vy[i] * dt + ay * halfDt2
            pz[i] += vz[i] * dt + az * halfDt2
            vx[i] += ax * dt
            vy[i] += ay * dt
            vz[i] += az * dt
            r[i] = min(max(r[i] + dr, 0), 1)
            g[i] = min(max(g[i] + dg, 0), 1)
            b[i] = min(max(b[i] + db, 0), 1)
            a[i] = min(max(a[i] + da, 0), 1)
            s[i] += ds
            age[i] += dt
        }
    }

    /// Removes the particles whose age has reached their lifetime, keeping the survivors in
    /// birth order. Returns the number removed.
    @discardableResult
    func removeExpired() -> Int {
        let n = count
        guard n > 0 else { return 0 }
        let px = pointer(.positionX), py = pointer(.positionY), pz = pointer(.positionZ)
        let vx = pointer(.velocityX), vy = pointer(.velocityY), vz = pointer(.velocityZ)
        let r = pointer(.red), g = pointer(.green), b = pointer(.blue), a = pointer(.alpha)
        let s = pointer(.scale), spin = pointer(.spin), age = pointer(.age), life = pointer(.lifetime)
        // Find the first dead particle; only then compact the tail.
        var first = 0
        while first < n && age[first] < life[first] { first += 1 }
        guard first < n else { return 0 }
        var write = first
        let accumulators = accumulatorCount
        for read in (first + 1)..<n where age[read] < life[read] {
            px[write] = px[read]; py[write] = py[read]; pz[write] = pz[read]
            vx[write] = vx[read]; vy[write] = vy[read]; vz[write] = vz[read]
            r[write] = r[read]; g[write] = g[read]; b[write] = b[read]; a[write] = a[read]
            s[write] = s[read]; spin[write] = spin[read]; age[write] = age[read]; life[write] = life[read]
            for k in 0..<accumulators {
                let column = accumulatorPointer(k)
                column[write] = column[read]
            }
            write += 1
        }
        count = write
        return n - write
    }

    /// Feeds every live value of every column, in birth order, into `hasher`.
    func hash(into hasher: inout StateHasher) {
        hasher.combine(UInt32(truncatingIfNeeded: count))
        for c in 0..<columnCount {
            let column = basePointer + c * capacity
            for i in 0..<count { hasher.combine(column[i].bitPattern) }
        }
    }
}
