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

/// Applies an emitter layer's behaviours (``EmitterBehavior``) to one cell's live particles,
/// after the step has moved, aged and coloured them (core-animation.md §6.13): forces change the
/// velocity for the next step, and the over-life behaviours replace what they set. Behaviours
/// act in their list's order; a disabled one does nothing. `alignToMotion` and a `rotation`
/// over life are applied where particles are drawn (``particleRotation``): a particle's
/// rotation is not stored.
enum BehaviorPass {
    /// Applies the enabled behaviours of `behaviors` to `storage` for a step of `dt` seconds,
    /// on `threads` threads for large cells (``BehaviorKernel``).
    static func apply(_ behaviors: [EmitterBehavior], to storage: ParticleStorage, dt: Double, threads: Int) {
        for behavior in behaviors {
            if let kernel = BehaviorKernel(behavior, dt: dt) { storage.apply(kernel, threads: threads) }
        }
    }

    /// How the particles of a layer with `behaviors` are turned where they are drawn: by their
    /// spin (spin × age), to their velocity (alignToMotion), or by a rotation over life. The
    /// last enabled behaviour that turns particles decides.
    static func particleRotation(_ behaviors: [EmitterBehavior]) -> ParticleRotation {
        var result = ParticleRotation.spin
        for behavior in behaviors where behavior.isEnabled {
            if behavior.type == .alignToMotion { result = .alongVelocity(offset: Float(behavior.rotation * 2 * .pi)) }
            if behavior.type == .valueOverLife, behavior.keyPath == .rotation, let values = behavior.values, !values.isEmpty {
                result = .overLife(values: values, locations: behavior.locations)
            }
        }
        return result
    }
}

/// How a drawn particle's rotation is found.
enum ParticleRotation {
    /// spin × age (no behaviour turns it).
    case spin
    /// Its image's y axis along its velocity, plus `offset` radians (alignToMotion).
    case alongVelocity(offset: Float)
    /// The values of a `valueOverLife` behaviour of `rotation` at its locations, in radians.
    case overLife(values: [Double], locations: [Double]?)

    /// The rotation of a particle with `spin`, `age`, `lifetime` and velocity (vx, vy).
    @inline(__always)
    func angle(spin: Float, age: Float, lifetime: Float, vx: Float, vy: Float) -> Float {
        switch self {
        case .spin:
            return spin * age
        case .alongVelocity(let offset):
            // A quad turned by θ shows its image's y axis along (−sin θ, cos θ).
            return vx == 0 && vy == 0 ? offset : atan2f(-vx, vy) + offset
        case .overLife(let values, let locations):
            let t = lifetime > 0 ? min(max(Double(age / lifetime), 0), 1) : 1
            return Float(EmitterBehavior.interpolate(values, locations: locations, at: t))
        }
    }
}
