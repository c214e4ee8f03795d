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

/// Where a particle is born and the natural direction of its emission (core-animation.md §5.3, §6.3).
enum EmissionGeometry {
    /// A spawn point and the shape's natural direction there (unit length).
    struct Site {
        var position: Vector3
        var normal: Vector3
    }

    static let plusX = Vector3(1, 0, 0)
    static let minusY = Vector3(0, -1, 0)

    /// The natural direction when it is the same at every spawn site of the shape and mode,
    /// nil when it varies (outlines and surfaces with normals, spheres).
    static func fixedNormal(shape: EmitterShape, mode: EmitterMode) -> Vector3? {
        switch (shape, mode) {
        case (.point, _): plusX
        case (.line, _): minusY
        case (.rectangle, .volume), (.rectangle, .surface), (.rectangle, .points): plusX
        case (.cuboid, .volume), (.cuboid, .points): plusX
        case (.circle, .volume), (.circle, .surface), (.circle, .points): plusX
        case (.sphere, .points): plusX
        default: nil
        }
    }

    /// Samples a spawn site on `shape` in `mode` from three uniform numbers in [0, 1).
    ///
    /// - centre: `emitterPosition` with `emitterZPosition`; size: `emitterSize`; depth: `emitterDepth`.
    static func site(
        shape: EmitterShape, mode: EmitterMode, centre c: Vector3, size: Size, depth: Double,
        _ u1: Double, _ u2: Double, _ u3: Double
    ) -> Site {
        let w = size.width, h = size.height
        switch shape {
        case .point:
            return Site(position: c, normal: plusX)

        case .line:
            // A segment along x; natural direction −y for every mode (core-animation.md §5.3).
            // Points mode: the two end points.
            let x = mode == .points ? (u1 < 0.5 ? -w / 2 : w / 2) : (u1 - 0.5) * w
            return Site(position: Vector3(c.x + x, c.y, c.z), normal: minusY)

        case .rectangle:
            switch mode {
            case .outline:
                return rectangleOutline(centre: c, w: w, h: h, u1)
            case .points:
                let corner = min(Int(u1 * 4), 3)
                let x = corner == 1 || corner == 2 ? w / 2 : -w / 2
                let y = corner >= 2 ? h / 2 : -h / 2
                return Site(position: Vector3(c.x + x, c.y + y, c.z), normal: plusX)
            case .surface, .volume:
                return Site(position: Vector3(c.x + (u1 - 0.5) * w, c.y + (u2 - 0.5) * h, c.z), normal: plusX)
            }

        case .cuboid:
            return cuboid(mode: mode, centre: c, w: w, h: h, d: depth, u1, u2, u3)

        case .circle:
            let r = w / 2  // a circle as wide as emitterSize.width (core-animation.md §5.3)
            switch mode {
            case .outline:
                let theta = -Double.pi + 2 * Double.pi * u1
                let n = Vector3(cos(theta), sin(theta), 0)
                return Site(position: Vector3(c.x + r * n.x, c.y + r * n.y, c.z), normal: n)
            case .surface, .volume:
                let rho = r * u2.squareRoot()
                let theta = 2 * Double.pi * u1
                return Site(position: Vector3(c.x + rho * cos(theta), c.y + rho * sin(theta), c.z), normal: plusX)
            case .points:
                return Site(position: c, normal: plusX)
            }

        case .sphere:
            let r = w / 2
            let polar = acos(2 * u1 - 1)  // area-uniform (core-animation.md §5.3)
            let azimuth = 2 * Double.pi * u2
            let n = Vector3(sin(polar) * cos(azimuth), sin(polar) * sin(azimuth), cos(polar))
            switch mode {
            case .outline, .surface:
                return Site(position: c + n * r, normal: n)
            case .volume:
                return Site(position: c + n * (r * cbrt(u3)), normal: n)
            case .points:
                return Site(position: c, normal: plusX)
            }
        }
    }

    /// Uniform along the perimeter, starting at the top-left corner and running clockwise on
    /// screen; the direction is the edge's outward normal (core-animation.md §5.3, DEC point_on_rectangle).
    private static func rectangleOutline(centre c: Vector3, w: Double, h: Double, _ u: Double) -> Site {
        let perimeter = 2 * (w + h)
        guard perimeter > 0 else { return Site(position: c, normal: minusY) }
        var s = u * perimeter
        let left = c.x - w / 2, top = c.y - h / 2
        if s < w { return Site(position: Vector3(left + s, top, c.z), normal: minusY) }
        s -= w
        if s < h { return Site(position: Vector3(left + w, top + s, c.z), normal: plusX) }
        s -= h
        if s < w { return Site(position: Vector3(left + w - s, top + h, c.z), normal: Vector3(0, 1, 0)) }
        s -= w
        return Site(position: Vector3(left, top + h - min(s, h), c.z), normal: Vector3(-1, 0, 0))
    }

    /// Cuboid: volume +x; surface on the six faces by area with the face normal; outline on the
    /// twelve edges by length with the edge's outward diagonal normal; points the eight corners
    /// (core-animation.md §5.3, Q4).
    private static func cuboid(
        mode: EmitterMode, centre c: Vector3, w: Double, h: Double, d: Double, _ u1: Double, _ u2: Double, _ u3: Double
    ) -> Site {
        let half = Vector3(w / 2, h / 2, d / 2)
        switch mode {
        case .volume:
            return Site(position: Vector3(c.x + (u1 - 0.5) * w, c.y + (u2 - 0.5) * h, c.z + (u3 - 0.5) * d), normal: plusX)
        case .points:
            let corner = min(Int(u1 * 8), 7)
            let s = Vector3(corner & 1 == 0 ? -1 : 1, corner & 2 == 0 ? -1 : 1, corner & 4 == 0 ? -1 : 1)
            return Site(position: Vector3(c.x + s.x * half.x, c.y + s.y * half.y, c.z + s.z * half.z), normal: plusX)
        case .surface:
            // Faces in pairs: ±x (area h·d), ±y (w·d), ±z (w·h).
            let areas = [h * d, h * d, w * d, w * d, w * h, w * h]
            let total = areas.reduce(0, +)
            guard total > 0 else { return Site(position: c, normal: plusX) }
            var pick = u1 * total, face = 0
            while face < 5 && pick >= areas[face] {
                pick -= areas[face]
                face += 1
            }
            let sign: Double = face % 2 == 0 ? -1 : 1
            let a = u2 - 0.5, b = u3 - 0.5
            switch face / 2 {
            case 0: return Site(position: Vector3(c.x + sign * half.x, c.y + a * h, c.z + b * d), normal: Vector3(sign, 0, 0))
            case 1: return Site(position: Vector3(c.x + a * w, c.y + sign * half.y, c.z + b * d), normal: Vector3(0, sign, 0))
            default: return Site(position: Vector3(c.x + a * w, c.y + b * h, c.z + sign * half.z), normal: Vector3(0, 0, sign))
            }
        case .outline:
            // Four edges along each axis; pick an axis by total length, then one of its four edges.
            let lengths = [w, h, d]
            let total = 4 * (w + h + d)
            guard total > 0 else { return Site(position: c, normal: plusX) }
            var pick = u1 * total, axis = 0
            while axis < 2 && pick >= 4 * lengths[axis] {
                pick -= 4 * lengths[axis]
                axis += 1
            }
            let edge = min(Int(pick / max(lengths[axis], 1e-12)), 3)
            let t = u2 - 0.5
            let s1: Double = edge & 1 == 0 ? -1 : 1, s2: Double = edge & 2 == 0 ? -1 : 1
            switch axis {
            case 0:
                return Site(
                    position: Vector3(c.x + t * w, c.y + s1 * half.y, c.z + s2 * half.z),
                    normal: Vector3(0, s1, s2).normalized(orElse: plusX))
            case 1:
                return Site(
                    position: Vector3(c.x + s1 * half.x, c.y + t * h, c.z + s2 * half.z),
                    normal: Vector3(s1, 0, s2).normalized(orElse: plusX))
            default:
                return Site(
                    position: Vector3(c.x + s1 * half.x, c.y + s2 * half.y, c.z + t * d),
                    normal: Vector3(s1, s2, 0).normalized(orElse: plusX))
            }
        }
    }
}
