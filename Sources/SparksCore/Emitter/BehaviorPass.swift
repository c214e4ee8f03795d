import Foundation

/// Applies an emitter layer's behaviours (``EmitterBehavior``) to one cell's live particles,
/// after the step has moved, aged and coloured them (core-animation.md §6.13): forces change the
/// velocity for the next step, and the over-life behaviours replace what they set. Behaviours
/// act in their list's order; a disabled one does nothing. `alignToMotion` and a `rotation`
/// over life are applied where particles are drawn (``particleRotation``): a particle's
/// rotation is not stored.
enum BehaviorPass {
    /// Applies the enabled behaviours of `behaviors` to `storage` for a step of `dt` seconds.
    static func apply(_ behaviors: [EmitterBehavior], to storage: ParticleStorage, dt: Double) {
        for behavior in behaviors where behavior.isEnabled {
            switch behavior.type {
            case .drag: drag(behavior, storage, dt: dt)
            case .wave: wave(behavior, storage, dt: dt)
            case .attractor: attract(behavior, storage, dt: dt)
            case .valueOverLife: setOverLife(behavior, storage)
            case .colorOverLife: colorOverLife(behavior, storage)
            case .alignToMotion: break
            }
        }
    }

    /// v ← v · e^(−drag · dt): the exact decay under the force −drag · v.
    private static func drag(_ behavior: EmitterBehavior, _ storage: ParticleStorage, dt: Double) {
        let factor = Float(exp(-behavior.drag * dt))
        guard factor != 1 else { return }
        let vx = storage.pointer(.velocityX), vy = storage.pointer(.velocityY), vz = storage.pointer(.velocityZ)
        storage.forEachLiveSlot { i in
            vx[i] *= factor
            vy[i] *= factor
            vz[i] *= factor
        }
    }

    /// v ← v + force · strength(frequency · age) · dt.
    private static func wave(_ behavior: EmitterBehavior, _ storage: ParticleStorage, dt: Double) {
        let force = behavior.force
        guard force.contains(where: { $0 != 0 }) else { return }
        let vx = storage.pointer(.velocityX), vy = storage.pointer(.velocityY), vz = storage.pointer(.velocityZ)
        let age = storage.pointer(.age)
        storage.forEachLiveSlot { i in
            let s = EmitterBehavior.waveStrength(atPhase: behavior.frequency * Double(age[i])) * dt
            vx[i] += Float(force[0] * s)
            vy[i] += Float(force[1] * s)
            vz[i] += Float(force[2] * s)
        }
    }

    /// v ← v + attraction · dt.
    private static func attract(_ behavior: EmitterBehavior, _ storage: ParticleStorage, dt: Double) {
        guard behavior.stiffness != 0 else { return }
        let axis = behavior.orientation
        let centre = Vector3(behavior.position.x, behavior.position.y, behavior.zPosition)
        let px = storage.pointer(.positionX), py = storage.pointer(.positionY), pz = storage.pointer(.positionZ)
        let vx = storage.pointer(.velocityX), vy = storage.pointer(.velocityY), vz = storage.pointer(.velocityZ)
        storage.forEachLiveSlot { i in
            let offset = Vector3(Double(px[i]) - centre.x, Double(py[i]) - centre.y, Double(pz[i]) - centre.z)
            let a = behavior.attraction(offset: offset, axis: axis)
            vx[i] += Float(a.x * dt)
            vy[i] += Float(a.y * dt)
            vz[i] += Float(a.z * dt)
        }
    }

    /// The column a `valueOverLife` key path sets (nil: `rotation`, which is drawn, not stored).
    private static func column(for property: EmitterBehavior.LifeProperty) -> ParticleStorage.Column? {
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

    /// The particle's normalised age, 0…1.
    @inline(__always)
    private static func lifeFraction(_ age: Float, _ lifetime: Float) -> Double {
        lifetime > 0 ? min(max(Double(age / lifetime), 0), 1) : 1
    }

    private static func setOverLife(_ behavior: EmitterBehavior, _ storage: ParticleStorage) {
        guard let values = behavior.values, !values.isEmpty, let column = column(for: behavior.keyPath) else { return }
        let target = storage.pointer(column), age = storage.pointer(.age), life = storage.pointer(.lifetime)
        let colour: Bool =
            switch behavior.keyPath {
            case .red, .green, .blue, .alpha: true
            default: false
            }
        storage.forEachLiveSlot { i in
            let v = EmitterBehavior.interpolate(values, locations: behavior.locations, at: lifeFraction(age[i], life[i]))
            target[i] = Float(colour ? min(max(v, 0), 1) : v)
        }
    }

    private static func colorOverLife(_ behavior: EmitterBehavior, _ storage: ParticleStorage) {
        let colors = behavior.colors
        guard !colors.isEmpty else { return }
        let r = storage.pointer(.red), g = storage.pointer(.green), b = storage.pointer(.blue), a = storage.pointer(.alpha)
        let age = storage.pointer(.age), life = storage.pointer(.lifetime)
        storage.forEachLiveSlot { i in
            let c = EmitterBehavior.color(colors, locations: behavior.locations, at: lifeFraction(age[i], life[i]))
            r[i] = Float(c.red)
            g[i] = Float(c.green)
            b[i] = Float(c.blue)
            a[i] = Float(c.alpha)
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
