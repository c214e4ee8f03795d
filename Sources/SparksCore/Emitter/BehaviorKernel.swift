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

/// One emitter behaviour's change to particles, in bulk (core-animation.md §6.13): the
/// behaviour's values worked out once per step, then applied to a run of slots eight particles
/// at a time in SIMD lanes (the last few of a run in lanes of their own, with the same
/// arithmetic), so a particle's result depends on nothing but its own columns, whatever the
/// thread or lane it falls in. Like the step's motion, it changes every slot in use: a particle
/// that died during the step was alive for part of it (its sub-cells are born from that
/// state), and the long dead are never read again.
///
/// The formulas are those of ``EmitterBehavior`` (`waveStrength`, `attraction`, `interpolate`,
/// `color`), in single precision; the tests hold the two to each other.
enum BehaviorKernel {
    /// v ← v · factor (drag: factor = e^(−drag · dt)).
    case drag(factor: Float)
    /// v ← v + force · strength(frequency · age) · dt.
    case wave(force: SIMD3<Float>, frequency: Float, dt: Float)
    /// v ← v + attraction(p) · dt.
    case attractor(Attractor)
    /// A column set from stops over the particle's normalised age (clamped to 0…1 for colours).
    case valueOverLife(column: ParticleStorage.Column, stops: Stops, clampsToUnit: Bool)
    /// The four colour columns set from colour stops over the particle's normalised age.
    case colorOverLife(colors: [Color], locations: [Double]?)

    /// An attractor's constants for one step.
    struct Attractor {
        var type: EmitterBehavior.AttractorType
        var centre: SIMD3<Float>
        var axis: SIMD3<Float>
        var stiffness: Float, radius: Float, falloff: Float, falloffDistance: Float
        var dt: Float
    }

    /// Values at stops over normalised age.
    struct Stops {
        var values: [Double]
        var locations: [Double]?
    }

    /// The kernel of `behavior` for a step of `dt` seconds, or nil when it changes nothing
    /// stored (disabled, no force, no stops; alignToMotion and a rotation over life act where
    /// particles are drawn).
    init?(_ behavior: EmitterBehavior, dt: Double) {
        guard behavior.isEnabled else { return nil }
        switch behavior.type {
        case .drag:
            let factor = Float(exp(-behavior.drag * dt))
            guard factor != 1 else { return nil }
            self = .drag(factor: factor)
        case .wave:
            let f = behavior.force
            guard f.contains(where: { $0 != 0 }) else { return nil }
            self = .wave(force: SIMD3(Float(f[0]), Float(f[1]), Float(f[2])), frequency: Float(behavior.frequency), dt: Float(dt))
        case .attractor:
            guard behavior.stiffness != 0 else { return nil }
            let axis = behavior.orientation
            self = .attractor(
                Attractor(
                    type: behavior.attractorType,
                    centre: SIMD3(Float(behavior.position.x), Float(behavior.position.y), Float(behavior.zPosition)),
                    axis: SIMD3(Float(axis.x), Float(axis.y), Float(axis.z)),
                    stiffness: Float(behavior.stiffness), radius: Float(behavior.radius), falloff: Float(abs(behavior.falloff)),
                    falloffDistance: Float(behavior.falloffDistance), dt: Float(dt)))
        case .valueOverLife:
            guard let values = behavior.values, !values.isEmpty, let column = Self.column(for: behavior.keyPath) else { return nil }
            let isColour: Bool =
                switch behavior.keyPath {
                case .red, .green, .blue, .alpha: true
                default: false
                }
            self = .valueOverLife(column: column, stops: Stops(values: values, locations: behavior.locations), clampsToUnit: isColour)
        case .colorOverLife:
            guard !behavior.colors.isEmpty else { return nil }
            self = .colorOverLife(colors: behavior.colors, locations: behavior.locations)
        case .alignToMotion:
            return nil
        }
    }

    /// The column a `valueOverLife` key path sets (nil: `rotation`, which is drawn, not stored).
    static func column(for property: EmitterBehavior.LifeProperty) -> ParticleStorage.Column? {
        switch property {
        case .positionX: .positionX
        case .positionY: .positionY
        case .positionZ: .positionZ
        case .velocityX: .velocityX
        case .velocityY: .velocityY
        case .velocityZ: .velocityZ
        case .spin: .spin
        case .scale: .scale
        case .red: .red
        case .green: .green
        case .blue: .blue
        case .alpha: .alpha
        case .rotation: nil
        }
    }

    typealias V = SIMD8<Float>

    /// Applies the change to the live particles in `range` of `storage`: one loop per kind of
    /// behaviour, its columns and constants looked up once.
    func apply(to storage: ParticleStorage, _ range: Range<Int>) {
        guard !range.isEmpty else { return }
        let groups = Groups(range: range)
        let age = storage.pointer(.age), lifetime = storage.pointer(.lifetime)
        let vx = storage.pointer(.velocityX), vy = storage.pointer(.velocityY), vz = storage.pointer(.velocityZ)
        switch self {
        case .drag(let factor):
            groups.forEach { g in
                g.update(vx) { $0 * factor }
                g.update(vy) { $0 * factor }
                g.update(vz) { $0 * factor }
            }
        case .wave(let force, let frequency, let dt):
            groups.forEach { g in
                let s = Self.waveStrength(atPhase: g.load(age) * frequency) * dt
                g.update(vx) { $0 + s * force.x }
                g.update(vy) { $0 + s * force.y }
                g.update(vz) { $0 + s * force.z }
            }
        case .attractor(let a):
            let px = storage.pointer(.positionX), py = storage.pointer(.positionY), pz = storage.pointer(.positionZ)
            groups.forEach { g in
                let x = g.load(px), y = g.load(py), z = g.load(pz)
                let pull = Self.pull(a, x - a.centre.x, y - a.centre.y, z - a.centre.z)
                g.update(vx) { $0 + pull.x }
                g.update(vy) { $0 + pull.y }
                g.update(vz) { $0 + pull.z }
            }
        case .valueOverLife(let column, let stops, let clamps):
            let target = storage.pointer(column)
            StopTable.with(count: stops.values.count, channels: 1, locations: stops.locations, value: { k, _ in stops.values[k] }) {
                table in
                groups.forEach { g in
                    var value = table.evaluate(at: Self.lifeFraction(g.load(age), g.load(lifetime))).0
                    if clamps { value = Self.clampToUnit(value) }
                    g.update(target) { _ in value }
                }
            }
        case .colorOverLife(let colors, let locations):
            let channels = (storage.pointer(.red), storage.pointer(.green), storage.pointer(.blue), storage.pointer(.alpha))
            StopTable.with(
                count: colors.count, channels: 4, locations: locations,
                value: { k, c in
                    let colour = colors[k]
                    return c == 0 ? colour.red : c == 1 ? colour.green : c == 2 ? colour.blue : colour.alpha
                }
            ) {
                table in
                groups.forEach { g in
                    let colour = table.evaluate(at: Self.lifeFraction(g.load(age), g.load(lifetime)))
                    g.update(channels.0) { _ in colour.0 }
                    g.update(channels.1) { _ in colour.1 }
                    g.update(channels.2) { _ in colour.2 }
                    g.update(channels.3) { _ in colour.3 }
                }
            }
        }
    }

    /// A run of slots taken eight at a time (the last few in lanes of their own).
    private struct Groups {
        let range: Range<Int>

        /// Calls `body` for each group of slots.
        @inline(__always)
        func forEach(_ body: (Group) -> Void) {
            var i = range.lowerBound
            while i + 8 <= range.upperBound {
                body(Group(i: i, n: 8))
                i += 8
            }
            if i < range.upperBound { body(Group(i: i, n: range.upperBound - i)) }
        }
    }

    /// Up to eight slots from `i`.
    private struct Group {
        let i: Int, n: Int

        @inline(__always)
        func load(_ column: UnsafeMutablePointer<Float>) -> V { BehaviorKernel.load(column, i, n) }

        /// Replaces the slots' values in `column` by `change` of them.
        @inline(__always)
        func update(_ column: UnsafeMutablePointer<Float>, _ change: (V) -> V) {
            BehaviorKernel.store(change(BehaviorKernel.load(column, i, n)), column, i, n)
        }
    }

    /// The velocity an attractor adds over the step to particles at `offset` from its point
    /// (``EmitterBehavior/attraction(offset:axis:)``, times dt).
    @inline(__always)
    private static func pull(_ a: Attractor, _ ox: V, _ oy: V, _ oz: V) -> (x: V, y: V, z: V) {
        var x = ox, y = oy, z = oz
        switch a.type {
        case .radial: break
        case .axial:
            let along = x * a.axis.x + y * a.axis.y + z * a.axis.z
            x -= along * a.axis.x
            y -= along * a.axis.y
            z -= along * a.axis.z
        case .planar:
            let along = x * a.axis.x + y * a.axis.y + z * a.axis.z
            x = along * a.axis.x
            y = along * a.axis.y
            z = along * a.axis.z
        }
        let distance = (x * x + y * y + z * z).squareRoot()
        var weakening = V(repeating: 1)
        if a.falloff != 0 {
            let past = distance - a.radius - a.falloffDistance
            weakening.replace(with: 1 / (1 + a.falloff * past), where: past .> 0)
        }
        var pull = -a.stiffness * (distance - a.radius) * weakening / distance * a.dt
        pull.replace(with: 0, where: (distance .<= a.radius) .| (distance .<= 0))
        return (x * pull, y * pull, z * pull)
    }

    // MARK: Lane arithmetic

    /// The wave's strength at `phase` turns (phases are not negative): a triangle wave eased by
    /// smoothstep, −1 at whole turns and +1 at half turns (``EmitterBehavior/waveStrength(atPhase:)``).
    @inline(__always)
    static func waveStrength(atPhase phase: V) -> V {
        // From 2²² on, a float is a whole number of turns or half one: held at 0. Below, adding
        // and taking away 1.5 · 2²³ rounds to the nearest whole number (no conversion to
        // integers, which Swift does lane by lane); one less where that rounded up.
        let small = phase.replacing(with: 0, where: .!(phase .< 4_194_304))
        let magic = V(repeating: 12_582_912)
        let nearest = (small + magic) - magic
        var f = small - nearest
        f.replace(with: f + 1, where: f .< 0)
        let d = 2 * f - 1
        let triangle = 1 - d.replacing(with: -d, where: d .< 0)
        let eased = triangle * triangle * (3 - 2 * triangle)
        return 2 * eased - 1
    }

    /// Age over lifetime, 0…1 (1 for a lifetime that is not positive).
    @inline(__always)
    static func lifeFraction(_ age: V, _ lifetime: V) -> V {
        var t = clampToUnit(age / lifetime)
        t.replace(with: 1, where: .!(lifetime .> 0))
        return t
    }

    @inline(__always)
    static func clampToUnit(_ v: V) -> V {
        var v = v
        v.replace(with: 0, where: v .< 0)
        v.replace(with: 1, where: v .> 1)
        return v
    }

    /// Stops over normalised age in single precision, set out once per run of slots: for each
    /// segment between neighbouring stops a record of where it starts, one over its length (0
    /// for stops at one place: the segment jumps) and, for up to four channels, the value at
    /// its start and the change across it; before them, the first stop's values.
    struct StopTable {
        /// Floats per segment record: start, inverse length, then (value, change) × 4.
        private static let stride = 10
        private let segments: Int
        private let records: UnsafeMutablePointer<Float>

        /// Calls `body` with the table of `count` stops at `locations` (evenly spaced when nil or
        /// of another count), `value(k, channel)` at stop k for `channels` (≤ 4) channels; held
        /// on the stack for the usual few stops.
        static func with(
            count: Int, channels: Int, locations: [Double]?, value: (Int, Int) -> Double, _ body: (StopTable) -> Void
        ) {
            guard count > 0 else { return }
            withUnsafeTemporaryAllocation(of: Float.self, capacity: 4 + (count - 1) * stride) { buffer in
                let base = buffer.baseAddress!
                let stops = locations.flatMap { $0.count == count ? $0 : nil }
                func location(_ k: Int) -> Float { Float(stops?[k] ?? Double(k) / Double(max(count - 1, 1))) }
                func stop(_ k: Int, _ c: Int) -> Float { c < channels ? Float(value(k, c)) : 0 }
                for c in 0..<4 { base[c] = stop(0, c) }
                for k in 0..<(count - 1) {
                    let record = base + 4 + k * stride
                    let start = location(k), end = location(k + 1)
                    record[0] = start
                    record[1] = end > start ? 1 / (end - start) : 0
                    for c in 0..<4 {
                        record[2 + 2 * c] = stop(k, c)
                        record[3 + 2 * c] = stop(k + 1, c) - stop(k, c)
                    }
                }
                body(StopTable(segments: count - 1, records: base))
            }
        }

        /// Piecewise linear through the stops at `t`, held beyond the first and last: each
        /// segment whose start lies before `t` sets the value, so the last such segment decides
        /// (``EmitterBehavior/interpolate(_:locations:at:)``). One value per channel.
        @inline(__always)
        func evaluate(at t: V) -> (V, V, V, V) {
            var result = (V(repeating: records[0]), V(repeating: records[1]), V(repeating: records[2]), V(repeating: records[3]))
            var record = records + 4
            for _ in 0..<segments {
                let inverse = record[1]
                let f = inverse > 0 ? BehaviorKernel.clampToUnit((t - record[0]) * inverse) : V(repeating: 1)
                let after = t .> record[0]
                result.0.replace(with: record[2] + record[3] * f, where: after)
                result.1.replace(with: record[4] + record[5] * f, where: after)
                result.2.replace(with: record[6] + record[7] * f, where: after)
                result.3.replace(with: record[8] + record[9] * f, where: after)
                record += Self.stride
            }
            return result
        }
    }

    @inline(__always)
    static func load(_ p: UnsafeMutablePointer<Float>, _ i: Int, _ n: Int) -> V {
        V(loadingFrom: p + i, count: n)
    }

    @inline(__always)
    static func store(_ v: V, _ p: UnsafeMutablePointer<Float>, _ i: Int, _ n: Int) {
        v.store(to: p + i, count: n)
    }
}
