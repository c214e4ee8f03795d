extension EmitterProperties {
    /// An estimate of the particles this emitter keeps alive in steady state: birth rate ×
    /// longest lifetime for each cell, where a sub-cell's births are its parents' births × its
    /// rate × the time it is active in a parent's life (spec §6.5, §6.8). Cell timing windows
    /// of top-level cells are ignored, so the estimate errs high.
    public var estimatedLiveParticles: Double { liveParticles(usingMeanLifetimes: false) }

    /// The expected number of live particles in steady state: like `estimatedLiveParticles`
    /// with mean lifetimes instead of the longest ones (`sparks bench --live N` scales to it).
    public var expectedLiveParticles: Double { liveParticles(usingMeanLifetimes: true) }

    private func liveParticles(usingMeanLifetimes mean: Bool) -> Double {
        func maxLife(_ cell: EmitterCell) -> Double {
            max(0, (cell.lifetime + (mean ? 0 : abs(cell.lifetimeRange) * CoreAnimationChoices.rangeWidthFactor / 2)) * lifetime)
        }
        func rate(_ cell: EmitterCell) -> Double {
            guard cell.isEnabled else { return 0 }
            let speed = CoreAnimationChoices.cellSpeedScalesEmission ? max(cell.timing.speed, 0) : 1
            return cell.birthRate * birthRate * speed
        }
        func live(_ cells: [EmitterCell], birthsPerSecond parentBirths: Double?, parentLife: Double) -> Double {
            cells.reduce(0) { total, cell in
                let births: Double
                if let parentBirths {
                    let window = cell.emissionInterval
                    let active = max(0, min(window.end, parentLife) - max(window.start, 0))
                    births = parentBirths * rate(cell) * active
                } else {
                    births = rate(cell)
                }
                let life = maxLife(cell)
                return total + births * life + live(cell.emitterCells, birthsPerSecond: births, parentLife: life)
            }
        }
        let estimate = live(emitterCells, birthsPerSecond: nil, parentLife: 0)
        return estimate.isFinite ? estimate : .greatestFiniteMagnitude
    }
}
