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

/// A 4×4 homogeneous transform with Core Animation's layout and semantics (CATransform3D).
///
/// Points are row vectors multiplied on the left: `p' = p · M`. Translation lives in the fourth
/// row (`m41`, `m42`, `m43`); perspective in the fourth column (`m14`, `m24`, `m34`).
/// A positive rotation about z turns +x toward +y, which is clockwise on screen (core-animation.md §2.1).
public struct Transform3D: Hashable, Sendable {
    public var m11: Double, m12: Double, m13: Double, m14: Double
    public var m21: Double, m22: Double, m23: Double, m24: Double
    public var m31: Double, m32: Double, m33: Double, m34: Double
    public var m41: Double, m42: Double, m43: Double, m44: Double

    /// Creates a transform from its sixteen entries, row by row (m11 … m44).
    public init(
        m11: Double, m12: Double, m13: Double, m14: Double,
        m21: Double, m22: Double, m23: Double, m24: Double,
        m31: Double, m32: Double, m33: Double, m34: Double,
        m41: Double, m42: Double, m43: Double, m44: Double
    ) {
        self.m11 = m11
        self.m12 = m12
        self.m13 = m13
        self.m14 = m14
        self.m21 = m21
        self.m22 = m22
        self.m23 = m23
        self.m24 = m24
        self.m31 = m31
        self.m32 = m32
        self.m33 = m33
        self.m34 = m34
        self.m41 = m41
        self.m42 = m42
        self.m43 = m43
        self.m44 = m44
    }

    /// Creates a transform from sixteen numbers in row order (m11, m12, …, m44).
    /// - Precondition: `values.count == 16`.
    public init(rowMajor values: [Double]) {
        precondition(values.count == 16, "a transform has 16 entries")
        self.init(
            m11: values[0], m12: values[1], m13: values[2], m14: values[3],
            m21: values[4], m22: values[5], m23: values[6], m24: values[7],
            m31: values[8], m32: values[9], m33: values[10], m34: values[11],
            m41: values[12], m42: values[13], m43: values[14], m44: values[15])
    }

    /// The sixteen entries in row order (m11, m12, …, m44).
    public var rowMajor: [Double] {
        [m11, m12, m13, m14, m21, m22, m23, m24, m31, m32, m33, m34, m41, m42, m43, m44]
    }

    /// The entries in row order, as key paths, for reading and writing one without building
    /// an array.
    public static let entries: [WritableKeyPath<Transform3D, Double> & Sendable] = [
        \.m11, \.m12, \.m13, \.m14, \.m21, \.m22, \.m23, \.m24, \.m31, \.m32, \.m33, \.m34, \.m41, \.m42, \.m43, \.m44,
    ]

    /// The identity transform (CATransform3DIdentity).
    public static let identity = Transform3D(
        m11: 1, m12: 0, m13: 0, m14: 0,
        m21: 0, m22: 1, m23: 0, m24: 0,
        m31: 0, m32: 0, m33: 1, m34: 0,
        m41: 0, m42: 0, m43: 0, m44: 1)

    /// Whether this is exactly the identity.
    public var isIdentity: Bool { self == .identity }

    /// A translation (CATransform3DMakeTranslation).
    public static func translation(_ tx: Double, _ ty: Double, _ tz: Double) -> Transform3D {
        var t = Transform3D.identity
        t.m41 = tx
        t.m42 = ty
        t.m43 = tz
        return t
    }

    /// A scale (CATransform3DMakeScale).
    public static func scale(_ sx: Double, _ sy: Double, _ sz: Double) -> Transform3D {
        var t = Transform3D.identity
        t.m11 = sx
        t.m22 = sy
        t.m33 = sz
        return t
    }

    /// A rotation by `angle` radians about the axis (x, y, z) (CATransform3DMakeRotation).
    /// A zero-length axis gives the identity.
    public static func rotation(_ angle: Double, _ x: Double, _ y: Double, _ z: Double) -> Transform3D {
        let length = (x * x + y * y + z * z).squareRoot()
        guard length > 0 else { return .identity }
        let (x, y, z) = (x / length, y / length, z / length)
        let c = cos(angle), s = sin(angle), t = 1 - c
        // core-animation.md §2.1
        return Transform3D(
            m11: t * x * x + c, m12: t * x * y + s * z, m13: t * x * z - s * y, m14: 0,
            m21: t * x * y - s * z, m22: t * y * y + c, m23: t * y * z + s * x, m24: 0,
            m31: t * x * z + s * y, m32: t * y * z - s * x, m33: t * z * z + c, m34: 0,
            m41: 0, m42: 0, m43: 0, m44: 1)
    }

    /// A perspective transform with eye distance `d` (m34 = −1/d).
    public static func perspective(distance d: Double) -> Transform3D {
        var t = Transform3D.identity
        t.m34 = d == 0 ? 0 : -1 / d
        return t
    }

    /// `a · b`: `a` applied first, then `b` (CATransform3DConcat).
    public static func concat(_ a: Transform3D, _ b: Transform3D) -> Transform3D { a * b }

    /// The matrix product `a · b` (row vectors: `a` acts first).
    public static func * (a: Transform3D, b: Transform3D) -> Transform3D {
        Transform3D(
            m11: a.m11 * b.m11 + a.m12 * b.m21 + a.m13 * b.m31 + a.m14 * b.m41,
            m12: a.m11 * b.m12 + a.m12 * b.m22 + a.m13 * b.m32 + a.m14 * b.m42,
            m13: a.m11 * b.m13 + a.m12 * b.m23 + a.m13 * b.m33 + a.m14 * b.m43,
            m14: a.m11 * b.m14 + a.m12 * b.m24 + a.m13 * b.m34 + a.m14 * b.m44,
            m21: a.m21 * b.m11 + a.m22 * b.m21 + a.m23 * b.m31 + a.m24 * b.m41,
            m22: a.m21 * b.m12 + a.m22 * b.m22 + a.m23 * b.m32 + a.m24 * b.m42,
            m23: a.m21 * b.m13 + a.m22 * b.m23 + a.m23 * b.m33 + a.m24 * b.m43,
            m24: a.m21 * b.m14 + a.m22 * b.m24 + a.m23 * b.m34 + a.m24 * b.m44,
            m31: a.m31 * b.m11 + a.m32 * b.m21 + a.m33 * b.m31 + a.m34 * b.m41,
            m32: a.m31 * b.m12 + a.m32 * b.m22 + a.m33 * b.m32 + a.m34 * b.m42,
            m33: a.m31 * b.m13 + a.m32 * b.m23 + a.m33 * b.m33 + a.m34 * b.m43,
            m34: a.m31 * b.m14 + a.m32 * b.m24 + a.m33 * b.m34 + a.m34 * b.m44,
            m41: a.m41 * b.m11 + a.m42 * b.m21 + a.m43 * b.m31 + a.m44 * b.m41,
            m42: a.m41 * b.m12 + a.m42 * b.m22 + a.m43 * b.m32 + a.m44 * b.m42,
            m43: a.m41 * b.m13 + a.m42 * b.m23 + a.m43 * b.m33 + a.m44 * b.m43,
            m44: a.m41 * b.m14 + a.m42 * b.m24 + a.m43 * b.m34 + a.m44 * b.m44)
    }

    /// `MakeTranslation(tx, ty, tz) · self`: the translation happens first, in this transform's
    /// input space (CATransform3DTranslate).
    public func translated(_ tx: Double, _ ty: Double, _ tz: Double) -> Transform3D {
        .translation(tx, ty, tz) * self
    }

    /// `MakeScale(sx, sy, sz) · self` (CATransform3DScale).
    public func scaled(_ sx: Double, _ sy: Double, _ sz: Double) -> Transform3D {
        .scale(sx, sy, sz) * self
    }

    /// `MakeRotation(angle, x, y, z) · self` (CATransform3DRotate).
    public func rotated(_ angle: Double, _ x: Double, _ y: Double, _ z: Double) -> Transform3D {
        .rotation(angle, x, y, z) * self
    }

    /// The inverse, or `self` unchanged when the matrix is singular (CATransform3DInvert).
    public var inverted: Transform3D {
        let m = rowMajor
        var inv = [Double](repeating: 0, count: 16)
        inv[0] =
            m[5] * m[10] * m[15] - m[5] * m[11] * m[14] - m[9] * m[6] * m[15] + m[9] * m[7] * m[14] + m[13] * m[6] * m[11] - m[13] * m[7]
            * m[10]
        inv[4] =
            -m[4] * m[10] * m[15] + m[4] * m[11] * m[14] + m[8] * m[6] * m[15] - m[8] * m[7] * m[14] - m[12] * m[6] * m[11] + m[12] * m[7]
            * m[10]
        inv[8] =
            m[4] * m[9] * m[15] - m[4] * m[11] * m[13] - m[8] * m[5] * m[15] + m[8] * m[7] * m[13] + m[12] * m[5] * m[11] - m[12] * m[7]
            * m[9]
        inv[12] =
            -m[4] * m[9] * m[14] + m[4] * m[10] * m[13] + m[8] * m[5] * m[14] - m[8] * m[6] * m[13] - m[12] * m[5] * m[10] + m[12] * m[6]
            * m[9]
        inv[1] =
            -m[1] * m[10] * m[15] + m[1] * m[11] * m[14] + m[9] * m[2] * m[15] - m[9] * m[3] * m[14] - m[13] * m[2] * m[11] + m[13] * m[3]
            * m[10]
        inv[5] =
            m[0] * m[10] * m[15] - m[0] * m[11] * m[14] - m[8] * m[2] * m[15] + m[8] * m[3] * m[14] + m[12] * m[2] * m[11] - m[12] * m[3]
            * m[10]
        inv[9] =
            -m[0] * m[9] * m[15] + m[0] * m[11] * m[13] + m[8] * m[1] * m[15] - m[8] * m[3] * m[13] - m[12] * m[1] * m[11] + m[12] * m[3]
            * m[9]
        inv[13] =
            m[0] * m[9] * m[14] - m[0] * m[10] * m[13] - m[8] * m[1] * m[14] + m[8] * m[2] * m[13] + m[12] * m[1] * m[10] - m[12] * m[2]
            * m[9]
        inv[2] =
            m[1] * m[6] * m[15] - m[1] * m[7] * m[14] - m[5] * m[2] * m[15] + m[5] * m[3] * m[14] + m[13] * m[2] * m[7] - m[13] * m[3]
            * m[6]
        inv[6] =
            -m[0] * m[6] * m[15] + m[0] * m[7] * m[14] + m[4] * m[2] * m[15] - m[4] * m[3] * m[14] - m[12] * m[2] * m[7] + m[12] * m[3]
            * m[6]
        inv[10] =
            m[0] * m[5] * m[15] - m[0] * m[7] * m[13] - m[4] * m[1] * m[15] + m[4] * m[3] * m[13] + m[12] * m[1] * m[7] - m[12] * m[3]
            * m[5]
        inv[14] =
            -m[0] * m[5] * m[14] + m[0] * m[6] * m[13] + m[4] * m[1] * m[14] - m[4] * m[2] * m[13] - m[12] * m[1] * m[6] + m[12] * m[2]
            * m[5]
        inv[3] =
            -m[1] * m[6] * m[11] + m[1] * m[7] * m[10] + m[5] * m[2] * m[11] - m[5] * m[3] * m[10] - m[9] * m[2] * m[7] + m[9] * m[3] * m[6]
        inv[7] =
            m[0] * m[6] * m[11] - m[0] * m[7] * m[10] - m[4] * m[2] * m[11] + m[4] * m[3] * m[10] + m[8] * m[2] * m[7] - m[8] * m[3] * m[6]
        inv[11] =
            -m[0] * m[5] * m[11] + m[0] * m[7] * m[9] + m[4] * m[1] * m[11] - m[4] * m[3] * m[9] - m[8] * m[1] * m[7] + m[8] * m[3] * m[5]
        inv[15] =
            m[0] * m[5] * m[10] - m[0] * m[6] * m[9] - m[4] * m[1] * m[10] + m[4] * m[2] * m[9] + m[8] * m[1] * m[6] - m[8] * m[2] * m[5]
        let det = m[0] * inv[0] + m[1] * inv[4] + m[2] * inv[8] + m[3] * inv[12]
        guard det != 0, det.isFinite else { return self }
        return Transform3D(rowMajor: inv.map { $0 / det })
    }

    /// Maps a point through the transform, dividing by w (the perspective divide).
    public func apply(to p: Vector3) -> Vector3 {
        let x = p.x * m11 + p.y * m21 + p.z * m31 + m41
        let y = p.x * m12 + p.y * m22 + p.z * m32 + m42
        let z = p.x * m13 + p.y * m23 + p.z * m33 + m43
        let w = p.x * m14 + p.y * m24 + p.z * m34 + m44
        guard w != 0, w != 1 else { return Vector3(x, y, z) }
        return Vector3(x / w, y / w, z / w)
    }

    /// Maps a 2-D point (z = 0) through the transform and drops z.
    public func apply(to p: Point) -> Point {
        let v = apply(to: Vector3(p.x, p.y, 0))
        return Point(x: v.x, y: v.y)
    }

    /// The point of the plane z = 0 that the transform maps onto `p` (x and y after the divide by
    /// w), or nil when the plane is seen edge-on. Works where ``inverted`` cannot: a transform that
    /// flattens depth is singular as a 4 × 4 matrix but not on the plane (the 3 × 3 homography of
    /// x, y and w).
    public func planarInverse(of p: Point) -> Point? {
        // Row vectors: (x, y, 1) · H with H's rows (m11 m12 m14), (m21 m22 m24), (m41 m42 m44).
        let a = m11, b = m12, c = m14, d = m21, e = m22, f = m24, g = m41, h = m42, i = m44
        let det = a * (e * i - f * h) - b * (d * i - f * g) + c * (d * h - e * g)
        guard det.isFinite, abs(det) > 1e-12 else { return nil }
        // (x, y, w) = (X, Y, 1) · H⁻¹, H⁻¹ = adj(H) / det.
        let x = (p.x * (e * i - f * h) + p.y * (f * g - d * i) + (d * h - e * g)) / det
        let y = (p.x * (c * h - b * i) + p.y * (a * i - c * g) + (b * g - a * h)) / det
        let w = (p.x * (b * f - c * e) + p.y * (c * d - a * f) + (a * e - b * d)) / det
        guard w != 0, w.isFinite else { return nil }
        return Point(x: x / w, y: y / w)
    }

    /// Whether the transform keeps z = 0 points on an affine 2-D map (no perspective terms).
    public var isAffine2D: Bool { m14 == 0 && m24 == 0 && m44 == 1 }

    /// `(x, y, z, 1) ↦ (x, y, 0, 1)`: drops depth, as a layer that does not preserve depth
    /// flattens its subtree into its own plane (core-animation.md §1.2).
    public static let flatten: Transform3D = {
        var t = Transform3D.identity
        t.m33 = 0
        return t
    }()
}

extension Transform3D {
    /// How long the transform makes the plane's unit x and y axes (perspective ignored).
    public var planarScale: (x: Double, y: Double) {
        ((m11 * m11 + m12 * m12).squareRoot(), (m21 * m21 + m22 * m22).squareRoot())
    }

    /// The geometric mean of `planarScale`: how much the transform scales lengths in the
    /// plane on average (the area scale's square root, for a transform without shear).
    public var meanPlanarScale: Double {
        let s = planarScale
        return (s.x * s.y).squareRoot()
    }

    /// Mirrors y within `rect`: y ↦ minY + maxY − y.
    public static func verticalFlip(within rect: Rect) -> Transform3D {
        Transform3D.scale(1, -1, 1) * Transform3D.translation(0, rect.origin.y * 2 + rect.size.height, 0)
    }
}
