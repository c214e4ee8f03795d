import Foundation

/// Samples new particles of one cell and writes them into that cell's storage.
///
/// Built once per cell per step from the cell and the layer's multipliers, with everything that
/// does not change between particles (longitude and latitude turns, the cone's width) worked
/// out once. Every particle takes exactly ten draws from the layer's generator, in a fixed order
/// (direction ×2, lifetime, velocity, scale, spin, red, green, blue, alpha), whatever happens to
/// it afterwards.
struct ParticleSampler {
    typealias Vector = SIMD3<Float>

    var lifetime: Float, lifetimeRange: Float
    var speed: Float, speedRange: Float
    var scale: Float, scaleRange: Float
    var spin: Float, spinRange: Float
    var color: SIMD4<Float>, colorRange: SIMD4<Float>, colorSpeed: SIMD4<Float>
    var scaleSpeed: Float
    var acceleration: Vector
    // Direction constants (core-animation.md §6.3).
    let cosLongitude: Float, sinLongitude: Float
    let cosLatitude: Float, sinLatitude: Float, hasLatitude: Bool
    let spread: Float
    let oneMinusCosHalfSpread: Float

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
        colorRange = SIMD4(Float(cell.redRange), Float(cell.greenRange), Float(cell.blueRange), Float(cell.alphaRange)) * Float(k)
        colorSpeed = SIMD4(Float(cell.redSpeed), Float(cell.greenSpeed), Float(cell.blueSpeed), Float(cell.alphaSpeed))
        scaleSpeed = Float(cell.scaleSpeed)
        acceleration = Vector(Float(cell.xAcceleration), Float(cell.yAcceleration), Float(cell.zAcceleration))
        cosLongitude = Float(cos(cell.emissionLongitude))
        sinLongitude = Float(sin(cell.emissionLongitude))
        cosLatitude = Float(cos(cell.emissionLatitude))
        sinLatitude = Float(sin(cell.emissionLatitude))
        hasLatitude = cell.emissionLatitude != 0
        spread = Float(abs(cell.emissionRange))
        oneMinusCosHalfSpread = Float(1 - cos(min(abs(cell.emissionRange) / 2, Double.pi)))
    }

    /// The centre direction of emission and two directions perpendicular to it.
    struct Frame {
        var d: Vector, e1: Vector, e2: Vector
    }

    /// The emission frame for a natural direction (unit length): turned by the longitude about
    /// z (positive toward +y, clockwise on screen), tilted toward +z by the latitude.
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

    /// Births one particle at `position` (the state at its birth time), emitted in `frame`,
    /// already aged by `age` seconds (its sub-step age), with the parent's colour and scale
    /// multiplied in (white and 1 for top-level cells, core-animation.md §6.8). A particle whose lifetime has
    /// already passed is written as a dead slot: never shown, and the slots of later births do
    /// not depend on it.
    @inline(__always)
    func emit(
        into writer: inout ParticleStorage.Writer, random: inout SeededRandom,
        position: Vector, frame: Frame, age: Float, parentColor: SIMD4<Float>, parentScale: Float
    ) {
        let d1 = random.nextUnit(), d2 = random.nextUnit()
        let uLife = random.nextUnit(), uSpeed = random.nextUnit()
        let uScale = random.nextUnit(), uSpin = random.nextUnit()
        let uColor = SIMD4(random.nextUnit(), random.nextUnit(), random.nextUnit(), random.nextUnit())

        let life = lifetime + lifetimeRange * (uLife - 0.5)
        guard life > age else {
            // Lifetime ≤ 0 or already over: never shown (core-animation.md §6.5).
            writer.append(position: position, velocity: .zero, color: .zero, scale: 0, spin: 0, age: age, lifetime: life)
            return
        }

        // Uniform in solid angle inside the cone of half-angle spread/2 around d (core-animation.md §6.3):
        // cos α uniform in [cos(spread/2), 1], azimuth β uniform.
        var direction = frame.d
        if spread > 0 {
            if CoreAnimationChoices.emissionRangeIsCone {
                let cosAlpha = 1 - d1 * oneMinusCosHalfSpread
                let sinAlpha = max(0, 1 - cosAlpha * cosAlpha).squareRoot()
                let beta = 2 * Float.pi * d2
                direction = frame.d * cosAlpha + (frame.e1 * cos(beta) + frame.e2 * sin(beta)) * sinAlpha
            } else {
                let angle = spread * (d1 - 0.5)
                let c = cos(angle), s = sin(angle)
                direction = Vector(frame.d.x * c - frame.d.y * s, frame.d.x * s + frame.d.y * c, frame.d.z)
            }
        }
        let v0 = direction * (speed + speedRange * (uSpeed - 0.5))
        let a = acceleration
        // Exact state after `age` seconds of constant acceleration (core-animation.md §6.4).
        let p = position + v0 * age + a * (0.5 * age * age)
        let v = v0 + a * age
        var c0 = color + colorRange * (uColor - 0.5)
        c0.replace(with: 0, where: c0 .< 0)
        c0.replace(with: 1, where: c0 .> 1)
        var c = c0 * parentColor + colorSpeed * age
        c.replace(with: 0, where: c .< 0)
        c.replace(with: 1, where: c .> 1)
        let s0 = (scale + scaleRange * (uScale - 0.5)) * parentScale
        writer.append(
            position: p, velocity: v, color: c, scale: s0 + scaleSpeed * age,
            spin: spin + spinRange * (uSpin - 0.5), age: age, lifetime: life)
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
