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

/// A transform split into scale, rotation and translation, applied in that order
/// (`S · Rx · Ry · Rz · T` with row vectors), the way Core Animation reads and rebuilds a
/// transform for key paths such as `transform.rotation.z` (core-animation.md §2.2).
struct TransformParts: Equatable {
    var scale = Vector3(1, 1, 1)
    /// Rotation angles about x, y and z in radians, applied x first.
    var rotation = Vector3.zero
    var translation = Vector3.zero
    /// The perspective column (m14, m24, m34, m44), carried through unchanged.
    var perspective = (0.0, 0.0, 0.0, 1.0)

    init() {}

    /// Splits `m`, assuming no shear (the transforms key paths build have none).
    init(_ m: Transform3D) {
        translation = Vector3(m.m41, m.m42, m.m43)
        perspective = (m.m14, m.m24, m.m34, m.m44)
        var row1 = Vector3(m.m11, m.m12, m.m13), row2 = Vector3(m.m21, m.m22, m.m23), row3 = Vector3(m.m31, m.m32, m.m33)
        var sx = row1.length
        let sy = row2.length, sz = row3.length
        // A mirror shows up as a negative determinant: give it to x.
        let det =
            row1.x * (row2.y * row3.z - row2.z * row3.y) - row1.y * (row2.x * row3.z - row2.z * row3.x) + row1.z
            * (row2.x * row3.y - row2.y * row3.x)
        if det < 0 { sx = -sx }
        scale = Vector3(sx, sy, sz)
        if sx != 0 { row1 = row1 * (1 / sx) }
        if sy != 0 { row2 = row2 * (1 / sy) }
        if sz != 0 { row3 = row3 * (1 / sz) }
        // R = Rx(a)·Ry(b)·Rz(g): R13 = −sin b, R12/R11 = tan g, R23/R33 = tan a.
        let b = asin(max(-1, min(1, -row1.z)))
        if abs(cos(b)) > 1e-9 {
            rotation = Vector3(atan2(row2.z, row3.z), b, atan2(row1.y, row1.x))
        } else {
            rotation = Vector3(atan2(-row3.y, row2.y), b, 0)
        }
    }

    /// The rebuilt matrix.
    var transform: Transform3D {
        var m = Transform3D.scale(scale.x, scale.y, scale.z)
        m = m * .rotation(rotation.x, 1, 0, 0) * .rotation(rotation.y, 0, 1, 0) * .rotation(rotation.z, 0, 0, 1)
        m.m41 = translation.x
        m.m42 = translation.y
        m.m43 = translation.z
        (m.m14, m.m24, m.m34, m.m44) = perspective
        return m
    }

    func value(of component: TransformComponent) -> PropertyValue {
        switch component {
        case .scaleX, .scale, .scaleXY: .number(scale.x)
        case .scaleY: .number(scale.y)
        case .scaleZ: .number(scale.z)
        case .rotationX: .number(rotation.x)
        case .rotationY: .number(rotation.y)
        case .rotationZ, .rotation: .number(rotation.z)
        case .translationX: .number(translation.x)
        case .translationY: .number(translation.y)
        case .translationZ: .number(translation.z)
        case .translation: .vector(PropertyVector(translation.x, translation.y))
        }
    }

    mutating func set(_ component: TransformComponent, _ value: PropertyValue) {
        if component == .translation {
            if let v = value.vector, v.count >= 2 {
                translation.x = v[0]
                translation.y = v[1]
            }
            return
        }
        guard let n = value.number else { return }
        switch component {
        case .scaleX: scale.x = n
        case .scaleY: scale.y = n
        case .scaleZ: scale.z = n
        case .scale: scale = Vector3(n, n, n)
        case .scaleXY:
            scale.x = n
            scale.y = n
        case .rotationX: rotation.x = n
        case .rotationY: rotation.y = n
        case .rotationZ, .rotation: rotation.z = n
        case .translationX: translation.x = n
        case .translationY: translation.y = n
        case .translationZ: translation.z = n
        case .translation: break
        }
    }

    static func == (a: TransformParts, b: TransformParts) -> Bool {
        a.scale == b.scale && a.rotation == b.rotation && a.translation == b.translation && a.perspective == b.perspective
    }
}

/// A unit quaternion (w, x, y, z) for interpolating rotations.
struct Quaternion {
    var w: Double, x: Double, y: Double, z: Double

    /// From a rotation matrix given with row vectors (p' = p·R): its transpose is the usual
    /// column-vector matrix C, and the standard conversion applies to C.
    init(rows r: Transform3D) {
        let c00 = r.m11, c01 = r.m21, c02 = r.m31
        let c10 = r.m12, c11 = r.m22, c12 = r.m32
        let c20 = r.m13, c21 = r.m23, c22 = r.m33
        let trace = c00 + c11 + c22
        if trace > 0 {
            let s = (trace + 1).squareRoot() * 2
            w = 0.25 * s
            x = (c21 - c12) / s
            y = (c02 - c20) / s
            z = (c10 - c01) / s
        } else if c00 > c11 && c00 > c22 {
            let s = (1 + c00 - c11 - c22).squareRoot() * 2
            w = (c21 - c12) / s
            x = 0.25 * s
            y = (c01 + c10) / s
            z = (c02 + c20) / s
        } else if c11 > c22 {
            let s = (1 + c11 - c00 - c22).squareRoot() * 2
            w = (c02 - c20) / s
            x = (c01 + c10) / s
            y = 0.25 * s
            z = (c12 + c21) / s
        } else {
            let s = (1 + c22 - c00 - c11).squareRoot() * 2
            w = (c10 - c01) / s
            x = (c02 + c20) / s
            y = (c12 + c21) / s
            z = 0.25 * s
        }
    }

    init(w: Double, x: Double, y: Double, z: Double) {
        self.w = w
        self.x = x
        self.y = y
        self.z = z
    }

    /// The rotation matrix with row vectors.
    var rows: Transform3D {
        let xx = x * x, yy = y * y, zz = z * z, xy = x * y, xz = x * z, yz = y * z, wx = w * x, wy = w * y, wz = w * z
        // Column-vector C, transposed into rows.
        return Transform3D(
            m11: 1 - 2 * (yy + zz), m12: 2 * (xy + wz), m13: 2 * (xz - wy), m14: 0,
            m21: 2 * (xy - wz), m22: 1 - 2 * (xx + zz), m23: 2 * (yz + wx), m24: 0,
            m31: 2 * (xz + wy), m32: 2 * (yz - wx), m33: 1 - 2 * (xx + yy), m34: 0,
            m41: 0, m42: 0, m43: 0, m44: 1)
    }

    /// Spherical interpolation along the shorter arc.
    static func slerp(_ a: Quaternion, _ b0: Quaternion, _ t: Double) -> Quaternion {
        var b = b0
        var dot = a.w * b.w + a.x * b.x + a.y * b.y + a.z * b.z
        if dot < 0 {
            b = Quaternion(w: -b.w, x: -b.x, y: -b.y, z: -b.z)
            dot = -dot
        }
        if dot > 0.9995 {
            let q = Quaternion(w: a.w + (b.w - a.w) * t, x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t, z: a.z + (b.z - a.z) * t)
            let n = (q.w * q.w + q.x * q.x + q.y * q.y + q.z * q.z).squareRoot()
            return Quaternion(w: q.w / n, x: q.x / n, y: q.y / n, z: q.z / n)
        }
        let theta = acos(dot)
        let sa = sin((1 - t) * theta) / sin(theta), sb = sin(t * theta) / sin(theta)
        return Quaternion(w: a.w * sa + b.w * sb, x: a.x * sa + b.x * sb, y: a.y * sa + b.y * sb, z: a.z * sa + b.z * sb)
    }
}

extension Transform3D {
    /// Interpolates two transforms the way Core Animation does (core-animation.md §2.3): decomposed into
    /// scale, rotation (spherically) and translation when both can be, element by element
    /// otherwise (perspective, zero scales).
    static func interpolate(_ a: Transform3D, _ b: Transform3D, _ t: Double) -> Transform3D {
        func decomposable(_ m: Transform3D) -> Bool {
            m.m14 == 0 && m.m24 == 0 && m.m34 == 0 && m.m44 == 1
                && Vector3(m.m11, m.m12, m.m13).length > 1e-12 && Vector3(m.m21, m.m22, m.m23).length > 1e-12
                && Vector3(m.m31, m.m32, m.m33).length > 1e-12
        }
        guard decomposable(a), decomposable(b) else {
            return Transform3D(rowMajor: zip(a.rowMajor, b.rowMajor).map { $0 + ($1 - $0) * t })
        }
        let pa = TransformParts(a), pb = TransformParts(b)
        func rotationOnly(_ m: Transform3D, _ p: TransformParts) -> Transform3D {
            var r = m
            r.m11 /= p.scale.x
            r.m12 /= p.scale.x
            r.m13 /= p.scale.x
            r.m21 /= p.scale.y
            r.m22 /= p.scale.y
            r.m23 /= p.scale.y
            r.m31 /= p.scale.z
            r.m32 /= p.scale.z
            r.m33 /= p.scale.z
            r.m41 = 0
            r.m42 = 0
            r.m43 = 0
            return r
        }
        let q = Quaternion.slerp(Quaternion(rows: rotationOnly(a, pa)), Quaternion(rows: rotationOnly(b, pb)), t)
        let s = pa.scale + (pb.scale - pa.scale) * t
        let tr = pa.translation + (pb.translation - pa.translation) * t
        var m = Transform3D.scale(s.x, s.y, s.z) * q.rows
        m.m41 = tr.x
        m.m42 = tr.y
        m.m43 = tr.z
        return m
    }
}
