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

extension MediaTiming {
    /// Where a timed object is within its simple duration at parent time `t` (core-animation.md §3.3):
    /// the fraction of the simple duration (before any timing function) and the index of the
    /// repetition, and whether a fill mode is holding it (before its start or after its end);
    /// nil when the object has no effect then. `heldByGroup` holds it at its end whatever its
    /// fill mode when `t` is that end (a child of a group frozen at the moment the child ends).
    func progress(
        parentTime t: Double, simpleDuration d: Double, holdsEnd: Bool, heldByGroup: Bool = false
    ) -> (fraction: Double, cycle: Int, isFilling: Bool)? {
        guard d > 0, d.isFinite else { return nil }
        let cycle = d * (autoreverses ? 2 : 1)
        let active = activeDuration(simpleDuration: d)
        var e = (t - beginTime) * speed
        var ended = false
        var filling = false
        if e < 0 {
            guard fillMode == .backwards || fillMode == .both else { return nil }
            e = 0
            filling = true
        } else if e >= active {
            let endsNow = heldByGroup && e - active <= 1e-9 * max(1, active)
            guard endsNow || (holdsEnd && (fillMode == .forwards || fillMode == .both)) else { return nil }
            e = active
            ended = true
            filling = true
        }
        let u = e + timeOffset
        var k = (u / cycle).rounded(.down)
        var phase = u - k * cycle
        if ended && phase < 1e-12 && u > 0 {
            // The end of a whole number of cycles: the last cycle's end, not the next one's start.
            phase = cycle
            k -= 1
        }
        if autoreverses && phase > d { phase = cycle - phase }
        return (min(max(phase / d, 0), 1), Int(min(max(k, 0), 1e9)), filling)
    }
}

extension Animation {
    /// The effective simple duration: its own, else the enclosing group's, else 0.25 s.
    func simpleDuration(inGroup groupDuration: Double?) -> Double {
        timing.duration > 0 ? timing.duration : (groupDuration ?? Animation.defaultDuration)
    }

    /// When a top-level animation stops running, in its layer's time: its begin time plus its
    /// active duration at its speed (a speed of 0 counted as 1); infinite when it repeats for ever.
    package var activeEnd: Double {
        let speed = timing.speed == 0 ? 1 : abs(timing.speed)
        return timing.beginTime + timing.activeDuration(simpleDuration: simpleDuration(inGroup: nil)) / speed
    }

    /// Applies this animation, evaluated at `parentTime` (the layer's local time, or the group's
    /// time for a child), to `state`. When a fill mode holds a group at its end, a child that
    /// ends with the group keeps its final value whatever its own fill mode (a child that ended
    /// earlier stays removed).
    public func apply(at parentTime: Double, to state: inout LayerState, groupDuration: Double? = nil, heldByGroup: Bool = false) {
        let d = simpleDuration(inGroup: groupDuration)
        guard
            let progress = timing.progress(
                parentTime: parentTime, simpleDuration: d, holdsEnd: !removedOnCompletion, heldByGroup: heldByGroup)
        else { return }
        var eased = timingFunction?.value(at: progress.fraction) ?? progress.fraction
        // A spring moves by the seconds it has run (core-animation.md §4.5).
        if let spring, case .basic = kind { eased = spring.progress(at: eased * d) }
        switch kind {
        case .group(let children):
            // Children run in the group's time, warped by the group's timing function (core-animation.md §4.4).
            let childTime = eased * d
            for child in children {
                child.apply(at: childTime, to: &state, groupDuration: d, heldByGroup: heldByGroup || progress.isFilling)
            }
        case .basic, .keyframe:
            guard let target else { return }
            guard let current = target.value(in: state) else { return }
            // With a value function the values are its inputs; a missing one is the identity's.
            let start = valueFunction?.identityInput ?? current
            var value: PropertyValue
            var rotation: Double?
            (value, rotation) = self.value(at: eased, current: start)
            if isCumulative, progress.cycle > 0 {
                // Repetition k continues from the end of the last: value(f) + k·value(1) (core-animation.md §4.1).
                let end = self.value(at: 1, current: start).0
                value = PropertyValue.add(value, PropertyValue.scale(end, Double(progress.cycle)))
            }
            if let valueFunction { value = .transform(valueFunction.transform(for: value)) }
            if isAdditive { value = PropertyValue.add(current, value) }
            target.apply(value, to: &state)
            if let rotation { state.layer.transform = state.layer.transform.rotated(rotation, 0, 0, 1) }
        }
    }

    /// The animated value at eased fraction `f`, and for path animations with a rotation mode
    /// the tangent angle.
    func value(at f: Double, current: PropertyValue) -> (PropertyValue, Double?) {
        switch kind {
        case .basic(let from, let to, let by):
            let (a, b) = Self.endpoints(from: from, to: to, by: by, current: current)
            return (PropertyValue.interpolate(a, b, f), nil)
        case .keyframe(let keyframes):
            if let path = keyframes.path, !path.segments.isEmpty {
                return keyframes.pathValue(path, at: f)
            }
            return (keyframes.value(at: f) ?? current, nil)
        case .group:
            return (current, nil)
        }
    }

    /// The from and to values of a basic animation (core-animation.md §4.2); `current` stands in for the
    /// values that are not given.
    static func endpoints(
        from: PropertyValue?, to: PropertyValue?, by: PropertyValue?, current: PropertyValue
    ) -> (PropertyValue, PropertyValue) {
        switch (from, to, by) {
        case (let f?, let t?, _): return (f, t)
        case (let f?, nil, let b?): return (f, PropertyValue.add(f, b))
        case (nil, let t?, let b?): return (PropertyValue.subtract(t, b), t)
        case (let f?, nil, nil): return (f, current)
        case (nil, let t?, nil): return (current, t)
        case (nil, nil, let b?): return (current, PropertyValue.add(current, b))
        case (nil, nil, nil): return (current, current)
        }
    }
}

extension Animation.Keyframes {
    mutating func resolveTimes() {
        if let path, !path.segments.isEmpty {
            resolvedKeyTimes = Self.pathKeyTimes(path, keyTimes: keyTimes, discrete: calculationMode == .discrete)
        } else {
            resolvedKeyTimes = effectiveKeyTimes(count: values.count)
        }
    }

    /// Key times along a path: one more than its segments, one equal share of time per
    /// segment; discrete mode holds each of the vertices (one more than the segments) for an
    /// equal share, so it needs one more still. The given key times when they fit.
    static func pathKeyTimes(_ path: BezierPath, keyTimes: [Double]?, discrete: Bool) -> [Double] {
        let intervals = path.segments.count + (discrete ? 1 : 0)
        if let keyTimes, keyTimes.count == intervals + 1 { return keyTimes }
        return (0...intervals).map { Double($0) / Double(intervals) }
    }

    /// Key times for `count` values: given, evenly spaced, or by distance for paced modes.
    func effectiveKeyTimes(count: Int) -> [Double] {
        if calculationMode == .paced || calculationMode == .cubicPaced, count > 0 {
            var distances = [0.0]
            for i in 1..<max(count, 1) { distances.append(distances[i - 1] + PropertyValue.distance(values[i - 1], values[i])) }
            let total = distances.last ?? 0
            if total > 0 { return distances.map { $0 / total } }
        }
        let expected = calculationMode == .discrete ? count + 1 : count
        if let keyTimes, keyTimes.count == expected { return keyTimes }
        if calculationMode == .discrete { return (0...count).map { Double($0) / Double(max(count, 1)) } }
        return (0..<count).map { count > 1 ? Double($0) / Double(count - 1) : 0 }
    }

    /// The value at eased fraction `f` (core-animation.md §4.3).
    func value(at f: Double) -> PropertyValue? {
        let n = values.count
        guard n > 0 else { return nil }
        guard n > 1 else { return values[0] }
        let times = resolvedKeyTimes
        if calculationMode == .discrete {
            var i = 0
            while i + 1 < n && f >= times[i + 1] { i += 1 }
            return values[i]
        }
        var i = 0
        while i + 1 < n - 1 && f > times[i + 1] { i += 1 }
        let span = times[i + 1] - times[i]
        var local = span > 0 ? (f - times[i]) / span : 1
        local = min(max(local, 0), 1)
        if calculationMode != .paced && calculationMode != .cubicPaced, let functions = timingFunctions, i < functions.count {
            local = functions[i].value(at: local)
        }
        if calculationMode == .cubic || calculationMode == .cubicPaced {
            let p0 = values[max(i - 1, 0)], p1 = values[i], p2 = values[i + 1], p3 = values[min(i + 2, n - 1)]
            return PropertyValue.catmullRom(p0, p1, p2, p3, local)
        }
        return PropertyValue.interpolate(values[i], values[i + 1], local)
    }

    /// The point (and tangent angle, with a rotation mode) at eased fraction `f` along a path.
    /// Linear and cubic modes give every segment an equal share of time (or the given key
    /// times); paced modes move at constant speed; discrete jumps between vertices.
    func pathValue(_ path: BezierPath, at f: Double) -> (PropertyValue, Double?) {
        let count = path.segments.count
        let segment: Int, t: Double
        switch calculationMode {
        case .paced, .cubicPaced:
            (segment, t) = path.locate(arcFraction: f)
        case .discrete:
            let times = resolvedKeyTimes
            var i = 0
            while i < count && f >= times[i + 1] { i += 1 }
            let p = path.vertex(i)
            let s = min(i, count - 1)
            return (.vector(PropertyVector(p.x, p.y)), rotationAngle(path.tangent(segment: s, t: i == 0 ? 0 : 1)))
        case .linear, .cubic:
            let times = resolvedKeyTimes
            var i = 0
            while i + 1 < count && f > times[i + 1] { i += 1 }
            let span = times[i + 1] - times[i]
            var local = span > 0 ? min(max((f - times[i]) / span, 0), 1) : 1
            if let functions = timingFunctions, i < functions.count { local = functions[i].value(at: local) }
            (segment, t) = (i, local)
        }
        let p = path.point(segment: segment, t: t)
        return (.vector(PropertyVector(p.x, p.y)), rotationAngle(path.tangent(segment: segment, t: t)))
    }

    private func rotationAngle(_ tangent: Point) -> Double? {
        guard let rotationMode, tangent.x != 0 || tangent.y != 0 else { return nil }
        let angle = atan2(tangent.y, tangent.x)
        return rotationMode == .autoReverse ? angle + .pi : angle
    }
}

extension PropertyValue {
    /// A Catmull–Rom spline through p1 and p2 (Kochanek–Bartels with zero tension, continuity
    /// and bias), per component; values that do not add fall back to straight interpolation.
    static func catmullRom(_ p0: PropertyValue, _ p1: PropertyValue, _ p2: PropertyValue, _ p3: PropertyValue, _ t: Double) -> PropertyValue
    {
        func spline(_ a: Double, _ b: Double, _ c: Double, _ d: Double) -> Double {
            0.5 * (2 * b + (-a + c) * t + (2 * a - 5 * b + 4 * c - d) * t * t + (-a + 3 * b - 3 * c + d) * t * t * t)
        }
        switch (p0, p1, p2, p3) {
        case (.number(let a), .number(let b), .number(let c), .number(let d)):
            return .number(spline(a, b, c, d))
        case (.vector(let a), .vector(let b), .vector(let c), .vector(let d))
        where a.count == b.count && b.count == c.count && c.count == d.count:
            var v = b
            for i in 0..<b.count { v[i] = spline(a[i], b[i], c[i], d[i]) }
            return .vector(v)
        default:
            return interpolate(p1, p2, t)
        }
    }
}
