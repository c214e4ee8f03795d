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

/// Samples new particles of one cell and writes them into that cell's storage.
///
/// Built once per cell per step from the cell and the layer's multipliers, with everything that
/// does not change between particles (longitude and latitude turns, the cone's width) worked
/// out once. Every particle takes the same draws from the layer's generator, in a fixed order
/// (direction ×2, lifetime, velocity, scale, spin, red, green, blue, alpha, and for `plane`
/// particles the facing direction ×2), whatever happens to it afterwards.
struct ParticleSampler {
    typealias Vector = SIMD3<Float>

    var lifetime: Float, lifetimeRange: Float
    var speed: Float, speedRange: Float
    var scale: Float, scaleRange: Float
    var spin: Float, spinRange: Float
    var color: SIMD4<Float>, colorRange: SIMD4<Float>, colorSpeed: SIMD4<Float>
    /// Subtracted from the uniform number before it scales the colour range: 0 for a one-sided
    /// spread, ½ for an even one (``CoreAnimationChoices/colorRangeIsOneSided``).
    let colorRangeOffset: Float
    var scaleSpeed: Float
    var acceleration: Vector
    /// The cone of emission directions (core-animation.md §6.3).
    let emission: DirectionCone
    /// For `plane` particles, the cone their cards' facing direction is drawn from, around the
    /// direction the orientation keys give (from +x, as a point emitter's), and its frame.
    let facing: (cone: DirectionCone, frame: DirectionCone.Frame)?

    /// Random numbers each particle takes.
    var drawsPerParticle: UInt64 { facing == nil ? 10 : 12 }

    init(cell: EmitterCell, layer: EmitterProperties) {
        // Layer multipliers apply to sampled values at birth only (core-animation.md §5.5, Q12).
        let k = CoreAnimationChoices.rangeWidthFactor
        lifetime = Float(cell.lifetime * layer.lifetime)
        lifetimeRange = Float(cell.lifetimeRange * k * layer.lifetime)
        speed = Float(cell.velocity * layer.velocity)
        speedRange = Float(cell.velocityRange * k * layer.velocity)
        scale = Float(cell.scale * layer.scale)
        scaleRange = Float(cell.scaleRange * k * layer.scale)
        spin = Float(cell.spin * layer.spin)
        spinRange = Float(cell.spinRange * k * layer.spin)
        color = SIMD4(Float(cell.color.red), Float(cell.color.green), Float(cell.color.blue), Float(cell.color.alpha))
        colorRange =
            SIMD4(Float(cell.redRange), Float(cell.greenRange), Float(cell.blueRange), Float(cell.alphaRange))
            * Float(CoreAnimationChoices.colorRangeIsOneSided ? 1 : k)
        colorRangeOffset = CoreAnimationChoices.colorRangeIsOneSided ? 0 : 0.5
        colorSpeed = SIMD4(Float(cell.redSpeed), Float(cell.greenSpeed), Float(cell.blueSpeed), Float(cell.alphaSpeed))
        scaleSpeed = Float(cell.scaleSpeed)
        acceleration = Vector(Float(cell.xAcceleration), Float(cell.yAcceleration), Float(cell.zAcceleration))
        emission = DirectionCone(
            longitude: cell.emissionLongitude, latitude: cell.emissionLatitude, range: cell.emissionRange,
            isCone: CoreAnimationChoices.emissionRangeIsCone && !cell.emissionFan)
        if cell.particleType == .plane {
            let cone = DirectionCone(
                longitude: cell.orientationLongitude, latitude: cell.orientationLatitude, range: cell.orientationRange)
            facing = (cone, cone.frame(natural: Vector(1, 0, 0)))
        } else {
            facing = nil
        }
    }

    /// The emission frame for a natural direction (unit length), see ``DirectionCone/frame(natural:)``.
    @inline(__always)
    func frame(natural n: Vector) -> DirectionCone.Frame {
        emission.frame(natural: n)
    }

    /// Births one particle at `position` (the state at its birth time), emitted in `frame`,
    /// already aged by `age` seconds (its sub-step age), with the parent's colour at its birth
    /// and its current scale multiplied in (white and 1 for top-level cells,
    /// core-animation.md §6.8). A particle whose lifetime has
    /// already passed is written as a dead slot: never shown, and the slots of later births do
    /// not depend on it.
    @inline(__always)
    func emit(
        into writer: inout ParticleStorage.Writer, random: inout SeededRandom,
        position: Vector, frame: DirectionCone.Frame, age: Float, parentColor: SIMD4<Float>, parentScale: Float
    ) {
        let d1 = random.nextUnit(), d2 = random.nextUnit()
        let uLife = random.nextUnit(), uSpeed = random.nextUnit()
        let uScale = random.nextUnit(), uSpin = random.nextUnit()
        let uColor = SIMD4(random.nextUnit(), random.nextUnit(), random.nextUnit(), random.nextUnit())
        var facingDirection = Vector(0, 0, 1)
        if let facing {
            let f1 = random.nextUnit(), f2 = random.nextUnit()
            facingDirection = facing.cone.direction(around: facing.frame, f1, f2)
        }

        let life = lifetime + lifetimeRange * (uLife - 0.5)
        guard life > age else {
            // Lifetime ≤ 0 or already over: never shown (core-animation.md §6.5).
            writer.append(position: position, velocity: .zero, color: .zero, scale: 0, spin: 0, age: age, lifetime: life)
            return
        }

        let direction = emission.direction(around: frame, d1, d2)
        let v0 = direction * (speed + speedRange * (uSpeed - 0.5))
        let a = acceleration
        // Exact state after `age` seconds of constant acceleration (core-animation.md §6.4).
        let p = position + v0 * age + a * (0.5 * age * age)
        let v = v0 + a * age
        var c0 = color + colorRange * (uColor - colorRangeOffset)
        c0.replace(with: 0, where: c0 .< 0)
        c0.replace(with: 1, where: c0 .> 1)
        let born = c0 * parentColor
        var c = born + colorSpeed * age
        c.replace(with: 0, where: c .< 0)
        c.replace(with: 1, where: c .> 1)
        let s0 = (scale + scaleRange * (uScale - 0.5)) * parentScale
        writer.append(
            position: p, velocity: v, color: c, scale: s0 + scaleSpeed * age,
            spin: spin + spinRange * (uSpin - 0.5), age: age, lifetime: life, birthColor: born, facing: facingDirection)
    }

    /// The per-step rates of live particles (read live from the cell, core-animation.md §6.10).
    func rates(dt: Double) -> ParticleStorage.Rates {
        ParticleStorage.Rates(
            dt: Float(dt),
            acceleration: (acceleration.x, acceleration.y, acceleration.z),
            colorSpeed: (colorSpeed.x, colorSpeed.y, colorSpeed.z, colorSpeed.w),
            scaleSpeed: scaleSpeed)
    }
}

/// A cone of directions (core-animation.md §6.3): its centre is a natural direction turned by a
/// longitude about z (positive toward +y, clockwise on screen) and tilted toward +z by a
/// latitude; its half-angle is the range times ``CoreAnimationChoices/emissionHalfAngleInRanges``,
/// at most π. Emission directions and the facing of `plane` particles are drawn from such cones.
struct DirectionCone: Sendable {
    typealias Vector = SIMD3<Float>

    let cosLongitude: Float, sinLongitude: Float
    let cosLatitude: Float, sinLatitude: Float, hasLatitude: Bool
    /// The largest angle between a direction and the centre, and what sampling needs of it.
    let halfAngle: Float
    let oneMinusCosHalfAngle: Float
    /// The width of the fan (twice the half-angle).
    let fanWidth: Float
    /// A cone (uniform in solid angle) or a flat fan in the plane (uniform in angle).
    let isCone: Bool

    init(longitude: Double, latitude: Double, range: Double, isCone: Bool = CoreAnimationChoices.emissionRangeIsCone) {
        self.isCone = isCone
        cosLongitude = Float(cos(longitude))
        sinLongitude = Float(sin(longitude))
        cosLatitude = Float(cos(latitude))
        sinLatitude = Float(sin(latitude))
        hasLatitude = latitude != 0
        let half = Self.halfAngle(ofRange: range)
        halfAngle = Float(half)
        oneMinusCosHalfAngle = Float(1 - cos(half))
        fanWidth = Float(2 * half)
    }

    /// The half-angle of the cone a range spreads directions over (core-animation.md §6.3).
    static func halfAngle(ofRange range: Double) -> Double {
        min(abs(range) * CoreAnimationChoices.emissionHalfAngleInRanges, Double.pi)
    }

    /// The centre direction of the cone and two directions perpendicular to it.
    struct Frame: Sendable {
        var d: Vector, e1: Vector, e2: Vector
    }

    /// The cone's frame for a natural direction (unit length).
    @inline(__always)
    func frame(natural n: Vector) -> Frame {
        var d = Vector(n.x * cosLongitude - n.y * sinLongitude, n.x * sinLongitude + n.y * cosLongitude, n.z)
        if hasLatitude {
            let tilted = d * cosLatitude + Vector(0, 0, sinLatitude)
            let length = (tilted * tilted).sum().squareRoot()
            if length > 1e-12 { d = tilted / length }
        }
        // e1 = d × ẑ, normalised; along the z axis any perpendicular will do.
        var e1 = Vector(d.y, -d.x, 0)
        let l1 = (e1 * e1).sum().squareRoot()
        e1 = l1 > 1e-6 ? e1 / l1 : Vector(1, 0, 0)
        let e2 = Vector(d.y * e1.z - d.z * e1.y, d.z * e1.x - d.x * e1.z, d.x * e1.y - d.y * e1.x)
        return Frame(d: d, e1: e1, e2: e2)
    }

    /// A direction in the cone around `frame.d` from two uniform numbers: uniform in solid
    /// angle, cos α uniform in [cos(half-angle), 1] and the azimuth β uniform; in a fan, the
    /// angle uniform in ± the half-angle.
    @inline(__always)
    func direction(around frame: Frame, _ u1: Float, _ u2: Float) -> Vector {
        guard halfAngle > 0 else { return frame.d }
        if isCone {
            let cosAlpha = 1 - u1 * oneMinusCosHalfAngle
            let sinAlpha = max(0, 1 - cosAlpha * cosAlpha).squareRoot()
            let beta = 2 * Float.pi * u2
            return frame.d * cosAlpha + (frame.e1 * cos(beta) + frame.e2 * sin(beta)) * sinAlpha
        }
        let angle = fanWidth * (u1 - 0.5)
        let c = cos(angle), s = sin(angle)
        return Vector(frame.d.x * c - frame.d.y * s, frame.d.x * s + frame.d.y * c, frame.d.z)
    }
}
