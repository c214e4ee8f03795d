import CSparksKernels

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

    /// Applies the change to the slots in `range` of `storage`, by the simulation kernels
    /// (CSparksKernels): one loop per kind of behaviour.
    func apply(to storage: ParticleStorage, _ range: Range<Int>) {
        guard !range.isEmpty else { return }
        let kernels = sparks_kernels_active().pointee
        var columns = storage.kernelColumns
        let lo = Int64(range.lowerBound), hi = Int64(range.upperBound)
        switch self {
        case .drag(let factor):
            kernels.drag(&columns, lo, hi, factor)
        case .wave(let force, let frequency, let dt):
            kernels.wave(&columns, lo, hi, force.x, force.y, force.z, frequency, dt)
        case .attractor(let a):
            let type: Int32 =
                switch a.type {
                case .radial: Int32(SPARKS_ATTRACTOR_RADIAL)
                case .axial: Int32(SPARKS_ATTRACTOR_AXIAL)
                case .planar: Int32(SPARKS_ATTRACTOR_PLANAR)
                }
            var attractor = sparks_attractor(
                type: type, x: a.centre.x, y: a.centre.y, z: a.centre.z, axis_x: a.axis.x, axis_y: a.axis.y, axis_z: a.axis.z,
                stiffness: a.stiffness, radius: a.radius, falloff: a.falloff, falloff_distance: a.falloffDistance, dt: a.dt)
            kernels.attract(&columns, lo, hi, &attractor)
        case .valueOverLife(let column, let stops, let clamps):
            let target = storage.pointer(column)
            StopTable.with(count: stops.values.count, channels: 1, locations: stops.locations, value: { k, _ in stops.values[k] }) {
                table in
                kernels.over_life(&columns, target, lo, hi, table.records, Int32(table.segments), clamps ? 1 : 0)
            }
        case .colorOverLife(let colors, let locations):
            StopTable.with(
                count: colors.count, channels: 4, locations: locations,
                value: { k, c in
                    let colour = colors[k]
                    return c == 0 ? colour.red : c == 1 ? colour.green : c == 2 ? colour.blue : colour.alpha
                }
            ) { table in
                kernels.color_over_life(&columns, lo, hi, table.records, Int32(table.segments))
            }
        }
    }

    /// Stops over normalised age in single precision, set out once per run of slots as the
    /// kernels read them: for each segment between neighbouring stops a record of where it
    /// starts, one over its length (0 for stops at one place: the segment jumps) and, for up to
    /// four channels, the value at its start and the change across it; before them, the first
    /// stop's values. The kernels evaluate it piecewise linearly, held beyond the first and
    /// last stop: each segment whose start lies before `t` sets the value, so the last such
    /// segment decides (``EmitterBehavior/interpolate(_:locations:at:)``).
    struct StopTable {
        /// Floats per segment record: start, inverse length, then (value, change) × 4.
        private static let stride = 10
        /// Segments between neighbouring stops.
        let segments: Int
        /// The first stop's values, then the segments' records.
        let records: UnsafeMutablePointer<Float>

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
    }
}
