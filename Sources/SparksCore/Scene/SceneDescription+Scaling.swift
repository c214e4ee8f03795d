extension SceneDescription {
    /// The live particles the emitters settle at (every cell's birth rate × mean lifetime,
    /// through the sub-cell tree), summed over all emitter layers; replicated copies of an
    /// emitter share one simulation, so they count once.
    public var expectedLiveParticles: Double {
        func total(_ layers: [LayerDescription]) -> Double {
            layers.reduce(0) { sum, layer in
                sum + (layer.content.emitter?.expectedLiveParticles ?? 0) + total(layer.sublayers)
            }
        }
        return total(layers)
    }

    /// Multiplies every emitter layer's `birthRate` by `factor` (a workload `factor` times as
    /// large, as `--birth-rate-scale` does).
    public mutating func scaleBirthRates(by factor: Double) {
        func scale(_ layer: inout LayerDescription) {
            layer.content.emitter?.birthRate *= factor
            for i in layer.sublayers.indices { scale(&layer.sublayers[i]) }
        }
        for i in layers.indices { scale(&layers[i]) }
    }

    /// Scales the birth rates so about `count` particles are live in the steady state, and
    /// returns the factor used; nil when the scene has no emitter to scale.
    @discardableResult
    public mutating func scaleBirthRates(toLiveParticles count: Double) -> Double? {
        let expected = expectedLiveParticles
        guard expected > 0 else { return nil }
        scaleBirthRates(by: count / expected)
        return count / expected
    }
}
