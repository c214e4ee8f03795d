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
    /// A list of colours (a gradient's `colors`).
    case colors([Color])
    /// A list of numbers (a gradient's `locations`, a shape's `lineDashPattern`).
    case numbers([Double])
    /// Part of the way from one image to another: what an animation of an image property
    /// presents between its values (Core Animation cross-fades `contents`).
    case imageCrossFade(ImageCrossFade)
    /// A path (a shape layer's `path`).
    case path(BezierPath)

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

/// An image part of the way through a cross-fade: the picture is `from` weighted `1 − fraction`
/// plus `to` weighted `fraction`, pixel by pixel.
public struct ImageCrossFade: Hashable, Sendable {
    /// The image fading out, or none.
    public var from: Texture?
    /// The image fading in, or none.
    public var to: Texture?
    /// How far the fade has gone, strictly between 0 and 1.
    public var fraction: Double

    /// A cross-fade `fraction` of the way from `from` to `to`, or the plain image when the
    /// fade is at an end or the two images are the same.
    static func value(from: Texture?, to: Texture?, fraction: Double) -> PropertyValue {
        if from == to || fraction >= 1 { return .image(to) }
        if !(fraction > 0) { return .image(from) }
        return .imageCrossFade(ImageCrossFade(from: from, to: to, fraction: fraction))
    }

    /// The image nearer the fade's end: where a property that cannot cross-fade switches.
    var nearer: Texture? { fraction < 0.5 ? from : to }
}
