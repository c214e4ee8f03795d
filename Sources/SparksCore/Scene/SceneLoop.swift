/// A seamless loop of a scene: frames over one loop length whose last frame leads into the
/// first. Every particle born in a window of one loop length is drawn over its whole life,
/// wrapped around the end of the loop: at phase `t` the picture is the scene at `start + t` with
/// its particles younger than `t`, together with the same scene one loop length later
/// (`start + length + t`) with its particles at least `t` old. Phase `length` is then the
/// scene at `start + length` whole, as phase 0 is: the loop closes exactly. The loop length is
/// a whole number of the periods of the repeating animations and emission cycles (so layers
/// look the same at both times) and at least the longest a particle chain lives.
public struct SceneLoop: Sendable, Equatable {
    /// Scene time of phase 0 (after any animation that does not repeat for ever has ended).
    public var start: Double
    /// The loop's length, in scene seconds.
    public var length: Double
    /// The period the scene's repeating animations share (nil when none repeats).
    public var period: Double?

    /// Longest loop made.
    public static let maxLength = 120.0

    /// Why no loop can be made.
    public struct Failure: Error, CustomStringConvertible, Sendable {
        public let description: String
    }

    /// The loop of `description` starting no earlier than `earliest`; `length` forces the loop
    /// length (then it must still hold every particle's life).
    public static func plan(
        for description: SceneDescription, earliest: Double = 0, length forced: Double? = nil
    ) throws(Failure)
        -> SceneLoop
    {
        var periods: [Double] = []
        var settled = earliest
        var lifetime = 0.0
        func visit(_ layers: [LayerDescription], speed: Double) {
            for layer in layers {
                let rate = speed * layer.properties.timing.speed
                let begin = layer.properties.timing.beginTime
                for animation in layer.animations {
                    let simple = animation.timing.duration == 0 ? Animation.defaultDuration : animation.timing.duration
                    note(animation.timing, simple: simple, rate: rate, begin: begin)
                }
                if let emitter = layer.content.emitter {
                    for cell in emitter.emitterCells where cell.timing.duration > 0 {
                        note(cell.timing, simple: cell.timing.duration, rate: rate, begin: begin)
                    }
                    lifetime = max(
                        lifetime, EmitterSimulation.chainLifetime(of: emitter.emitterCells, lifetimeMultiplier: emitter.lifetime))
                }
                visit(layer.sublayers, speed: rate)
            }
        }
        /// A repeating timeline adds its period; one that ends moves the start past its end.
        func note(_ timing: MediaTiming, simple: Double, rate: Double, begin: Double) {
            let scale = rate * timing.speed
            guard scale != 0 else { return }
            let cycle = simple * (timing.autoreverses ? 2 : 1) / abs(scale)
            let active = timing.activeDuration(simpleDuration: simple)
            if active.isInfinite {
                periods.append(cycle)
            } else {
                settled = max(settled, begin + timing.beginTime + active / abs(scale))
            }
        }
        visit(description.layers, speed: 1)
        let step = 1 / description.stepRate
        // Whole steps: both runs land on exact step times.
        func steps(_ t: Double) -> Double { (t / step).rounded(.up) * step }
        let period = try commonPeriod(periods)
        var length: Double
        if let forced {
            guard forced >= lifetime - 1e-9 else {
                throw Failure(
                    description:
                        "a loop of \(NumberText.shortest(forced)) s is shorter than the longest particle life (\(NumberText.shortest(lifetime)) s): particles would vanish at the loop point"
                )
            }
            length = forced
        } else if let period {
            length = period * max(1, (lifetime / period - 1e-9).rounded(.up))
        } else {
            length = max(lifetime, 1)
        }
        length = steps(length)
        guard length <= maxLength else {
            throw Failure(
                description:
                    "the loop would last \(NumberText.shortest(length)) s, more than \(NumberText.shortest(maxLength)) s; give a shorter --loop-length that is a whole number of the animations' periods"
            )
        }
        return SceneLoop(start: steps(settled), length: length, period: period)
    }

    /// The shortest time every period divides (within a millionth of a second), or nil for none.
    public static func commonPeriod(_ periods: [Double]) throws(Failure) -> Double? {
        // Periods equal within a millionth of a second count once; a hostile preset's thousands
        // of different periods, or periods too short to see, are refused instead of searched.
        var distinct: [Double] = []
        for p in periods.filter({ $0.isFinite && $0 > 0 }).sorted() where distinct.last.map({ p - $0 >= 1e-6 }) ?? true {
            distinct.append(p)
        }
        guard let longest = distinct.last else { return nil }
        guard distinct.count <= maxDistinctPeriods, distinct[0] >= minPeriod else {
            throw Failure(
                description: distinct[0] < minPeriod
                    ? "an animation repeats every \(NumberText.shortest(distinct[0])) s, too fast to loop; give --loop-length"
                    : "the repeating animations have \(distinct.count) different periods, more than \(maxDistinctPeriods); give --loop-length"
            )
        }
        var multiple = longest
        while multiple <= maxLength {
            if distinct.allSatisfy({ p in abs((multiple / p).rounded() * p - multiple) < 1e-6 }) { return multiple }
            multiple += longest
        }
        let listed = distinct.map { NumberText.shortest(($0 * 1000).rounded() / 1000) + " s" }.joined(separator: ", ")
        throw Failure(
            description:
                "the repeating animations' periods (\(listed)) have no common multiple under \(NumberText.shortest(maxLength)) s, so no loop closes; give --loop-length"
        )
    }

    /// Most different periods a loop is made from.
    public static let maxDistinctPeriods = 64
    /// Shortest period a loop is made from, in seconds (a thousandth: shorter is faster than
    /// any frame rate shows).
    public static let minPeriod = 0.001
}

extension Scene {
    /// Rebuilds `list` with one frame of a seamless loop: this scene, at `start + phase`, drawn
    /// with `companion` (the same scene at `start + length + phase`): this scene's particles
    /// younger than `phase` with the companion's at least that old (see ``SceneLoop``).
    public func buildLoopRenderList(into list: inout RenderList, companion: Scene, phase: Double) {
        companion.startIfNeeded()
        let own = emitterLayers, theirs = companion.emitterLayers
        for (mine, other) in zip(own, theirs) {
            // Ages count in the emitter's own time: its speed times its superlayers'.
            var rate = 1.0
            var layer: Layer? = mine
            while let current = layer {
                rate *= current.properties.timing.speed
                layer = current.superlayer
            }
            renderBuilder.loopCompanions[ObjectIdentifier(mine)] = (other, Float(phase * rate))
        }
        buildRenderList(into: &list)
        renderBuilder.loopCompanions.removeAll(keepingCapacity: true)
    }
}
