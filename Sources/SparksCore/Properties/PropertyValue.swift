/// A property value in a form shared by presets, key-path setting and animation.
public enum PropertyValue: Hashable, Sendable {
    /// A number (Float, CGFloat, Double, integers).
    case number(Double)
    /// A Boolean.
    case bool(Bool)
    /// Text: names and enumeration values.
    case string(String)
    /// A point [x, y], a size [width, height] or a rectangle [x, y, width, height].
    case vector(PropertyVector)
    /// A colour.
    case color(Color)
    /// A 3-D transform.
    case transform(Transform3D)
    /// An image, or none.
    case image(Texture?)

    /// The number, when this is one.
    public var number: Double? {
        if case .number(let n) = self { return n }
        return nil
    }

    /// The components, when this is a vector.
    public var vector: PropertyVector? {
        if case .vector(let v) = self { return v }
        return nil
    }
}
