/// Turns the numbers a `transform` animation interpolates into the transform it shows
/// (CAValueFunction): `rotateZ` animates an angle, `scale` three factors, and so on.
public enum ValueFunction: String, Hashable, Sendable, CaseIterable {
    case rotateX, rotateY, rotateZ
    case scale, scaleX, scaleY, scaleZ
    case translate, translateX, translateY, translateZ

    /// What the animation's values are: [x, y, z] for `scale` and `translate`, one number
    /// otherwise.
    public var inputKind: PropertyKind {
        self == .scale || self == .translate ? .vector3 : .number(.any)
    }

    /// The input that gives the identity transform, which stands in for a missing from or to
    /// value (the current transform has no value in the function's terms).
    var identityInput: PropertyValue {
        switch self {
        case .scale: .vector([1, 1, 1])
        case .translate: .vector([0, 0, 0])
        case .scaleX, .scaleY, .scaleZ: .number(1)
        default: .number(0)
        }
    }

    /// The transform for an interpolated input.
    func transform(for input: PropertyValue) -> Transform3D {
        let v = input.vector
        let n = input.number ?? 0
        switch self {
        case .rotateX: return .rotation(n, 1, 0, 0)
        case .rotateY: return .rotation(n, 0, 1, 0)
        case .rotateZ: return .rotation(n, 0, 0, 1)
        case .scale: return v.map { .scale($0[0], $0[1], $0[2]) } ?? .identity
        case .scaleX: return .scale(n, 1, 1)
        case .scaleY: return .scale(1, n, 1)
        case .scaleZ: return .scale(1, 1, n)
        case .translate: return v.map { .translation($0[0], $0[1], $0[2]) } ?? .identity
        case .translateX: return .translation(n, 0, 0)
        case .translateY: return .translation(0, n, 0)
        case .translateZ: return .translation(0, 0, n)
        }
    }
}
