extension EmitterCell {
    /// Seconds a particle of this cell lives before the layer's `lifetime` multiplies it: the
    /// longest a sampled lifetime can be, or with `mean` the mean.
    func lifetimeBound(mean: Bool = false) -> Double {
        lifetime + (mean ? 0 : abs(lifetimeRange) * CoreAnimationChoices.rangeWidthFactor / 2)
    }
}

extension EmitterProperties {
    /// A cell's steady state: its births per second and how long its particles live (the
    /// longest, or with `meanLifetime` the mean). A top-level cell (`parent` nil) is born at its
    /// rate; a sub-cell at its rate per living parent, for the part of the parent's life its
    /// emission window covers (core-animation.md §6.5, §6.8). The one place the simulation's storage
    /// reservation, the particle estimates and the preset budgets work this out.
    func steadyState(
        of cell: EmitterCell, parent: (births: Double, life: Double)?, meanLifetime: Bool = false
    ) -> (births: Double, life: Double) {
        let rate = cell.isEnabled ? EmitterSimulation.rate(of: cell, properties: self, isSubcell: parent != nil) : 0
        let life = max(0, cell.lifetimeBound(mean: meanLifetime) * lifetime)
        let window = cell.emissionInterval
        let births: Double
        if let parent {
            births = parent.births * rate * max(0, min(window.end, parent.life) - max(window.start, 0))
        } else {
            // A cell that emits for less than a life (`duration`, a burst) never has more than
            // rate × its window alive: counted as the rate that keeps that many alive.
            let length = max(0, window.end - window.start)
            births = length < life ? rate * length / life : rate
        }
        return (births, life)
    }

    /// An estimate of the particles this emitter keeps alive in steady state: birth rate ×
    /// longest lifetime for each cell, sub-cells included (see `steadyState(of:parent:)`). An
    /// emission window of a top-level cell shorter than its particles' life (`duration`) caps
    /// its count at rate × window; otherwise the estimate errs high (the longest lifetimes).
    public var estimatedLiveParticles: Double { liveParticles(usingMeanLifetimes: false) }

    /// The expected number of live particles in steady state: like `estimatedLiveParticles`
    /// with mean lifetimes instead of the longest ones (`sparks bench --live N` scales to it).
    public var expectedLiveParticles: Double { liveParticles(usingMeanLifetimes: true) }

    private func liveParticles(usingMeanLifetimes mean: Bool) -> Double {
        func live(_ cells: [EmitterCell], parent: (births: Double, life: Double)?) -> Double {
            cells.reduce(0) { total, cell in
                let state = steadyState(of: cell, parent: parent, meanLifetime: mean)
                return total + state.births * state.life + live(cell.emitterCells, parent: state)
            }
        }
        let estimate = live(emitterCells, parent: nil)
        return estimate.isFinite ? estimate : .greatestFiniteMagnitude
    }
}
