/// Samples a new particle of one cell and writes it into that cell's storage.
///
/// Built once per cell per step from the cell and the layer's multipliers. Every particle takes
/// exactly ten draws from the layer's generator, in a fixed order (direction ×2, lifetime,
/// velocity, scale, spin, red, green, blue, alpha), whatever happens to it afterwards.
struct ParticleSampler {
    var lifetime: Double, lifetimeRange: Double
    var speed: Double, speedRange: Double
    var scale: Double, scaleRange: Double
    var spin: Double, spinRange: Double
    var color: (Double, Double, Double, Double)
    var colorRange: (Double, Double, Double, Double)
    var colorSpeed: (Double, Double, Double, Double)
    var scaleSpeed: Double
    var acceleration: Vector3
    var longitude: Double, latitude: Double, range: Double

    init(cell: EmitterCell, layer: EmitterProperties) {
        // Layer multipliers apply to sampled values at birth only (spec §5.5, Q12).
        let k = CoreAnimationChoices.rangeWidthFactor
        lifetime = cell.lifetime * layer.lifetime
        lifetimeRange = cell.lifetimeRange * k * layer.lifetime
        speed = cell.velocity * layer.velocity
        speedRange = cell.velocityRange * k * layer.velocity
        scale = cell.scale * layer.scale
        scaleRange = cell.scaleRange * k * layer.scale
        spin = cell.spin * layer.spin
        spinRange = cell.spinRange * k * layer.spin
        color = (cell.color.red, cell.color.green, cell.color.blue, cell.color.alpha)
        colorRange = (cell.redRange * k, cell.greenRange * k, cell.blueRange * k, cell.alphaRange * k)
        colorSpeed = (cell.redSpeed, cell.greenSpeed, cell.blueSpeed, cell.alphaSpeed)
        scaleSpeed = cell.scaleSpeed
        acceleration = Vector3(cell.xAcceleration, cell.yAcceleration, cell.zAcceleration)
        longitude = cell.emissionLongitude
        latitude = cell.emissionLatitude
        range = cell.emissionRange
    }

    /// Births one particle at `position` (the state at its birth time), emitted around the
    /// natural direction `natural`, already aged by `age` seconds (its sub-step age), with the
    /// parent's colour and scale multiplied in (white and 1 for top-level cells, spec §6.8).
    /// A particle whose lifetime has already passed is not stored.
    @inline(__always)
    func emit(
        into storage: ParticleStorage, random: inout SeededRandom,
        position: Vector3, natural: Vector3, age: Double,
        parentColor: (Double, Double, Double, Double), parentScale: Double
    ) {
        let d1 = random.nextUnitDouble(), d2 = random.nextUnitDouble()
        let uLife = random.nextUnitDouble(), uSpeed = random.nextUnitDouble()
        let uScale = random.nextUnitDouble(), uSpin = random.nextUnitDouble()
        let uR = random.nextUnitDouble(), uG = random.nextUnitDouble()
        let uB = random.nextUnitDouble(), uA = random.nextUnitDouble()

        let life = lifetime + lifetimeRange * (uLife - 0.5)
        guard life > age else { return }  // lifetime ≤ 0 or already over: never shown (spec §6.5)

        let direction = EmissionGeometry.direction(
            natural: natural, longitude: longitude, latitude: latitude, range: range, d1, d2)
        let v0 = direction * (speed + speedRange * (uSpeed - 0.5))
        let a = acceleration
        // Exact state after `age` seconds of constant acceleration (spec §6.4).
        let p = position + v0 * age + a * (0.5 * age * age)
        let v = v0 + a * age
        let r0 = (color.0 + colorRange.0 * (uR - 0.5)).clamped01 * parentColor.0
        let g0 = (color.1 + colorRange.1 * (uG - 0.5)).clamped01 * parentColor.1
        let b0 = (color.2 + colorRange.2 * (uB - 0.5)).clamped01 * parentColor.2
        let a0 = (color.3 + colorRange.3 * (uA - 0.5)).clamped01 * parentColor.3
        let s0 = (scale + scaleRange * (uScale - 0.5)) * parentScale
        let omega = spin + spinRange * (uSpin - 0.5)

        storage.append(
            position: (Float(p.x), Float(p.y), Float(p.z)),
            velocity: (Float(v.x), Float(v.y), Float(v.z)),
            color: (
                Float((r0 + colorSpeed.0 * age).clamped01), Float((g0 + colorSpeed.1 * age).clamped01),
                Float((b0 + colorSpeed.2 * age).clamped01), Float((a0 + colorSpeed.3 * age).clamped01)),
            scale: Float(s0 + scaleSpeed * age),
            spin: Float(omega),
            age: Float(age),
            lifetime: Float(life))
    }

    /// The per-step rates of live particles (read live from the cell, spec §6.10).
    func rates(dt: Double) -> ParticleStorage.Rates {
        ParticleStorage.Rates(
            dt: Float(dt),
            acceleration: (Float(acceleration.x), Float(acceleration.y), Float(acceleration.z)),
            colorSpeed: (Float(colorSpeed.0), Float(colorSpeed.1), Float(colorSpeed.2), Float(colorSpeed.3)),
            scaleSpeed: Float(scaleSpeed))
    }
}
