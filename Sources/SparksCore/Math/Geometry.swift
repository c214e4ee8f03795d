/// A point in a layer's coordinate space, in points (CGPoint).
///
/// Coordinates follow iOS: the origin is the top-left corner, x grows to the right and y grows downwards.
public struct Point: Hashable, Sendable {
    /// Horizontal coordinate in points.
    public var x: Double
    /// Vertical coordinate in points (downwards).
    public var y: Double

    /// Creates a point.
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    /// The origin (0, 0).
    public static let zero = Point(x: 0, y: 0)
}

/// A width and height in points (CGSize).
public struct Size: Hashable, Sendable {
    /// Width in points.
    public var width: Double
    /// Height in points.
    public var height: Double

    /// Creates a size.
    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    /// The empty size (0, 0).
    public static let zero = Size(width: 0, height: 0)
}

/// A rectangle: origin and size in points (CGRect).
public struct Rect: Hashable, Sendable {
    /// The corner with the smallest coordinates.
    public var origin: Point
    /// The extent.
    public var size: Size

    /// Creates a rectangle from its origin and size.
    public init(origin: Point, size: Size) {
        self.origin = origin
        self.size = size
    }

    /// Creates a rectangle from its origin and size components.
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.init(origin: Point(x: x, y: y), size: Size(width: width, height: height))
    }

    /// The empty rectangle at the origin.
    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)
    /// The unit rectangle (0, 0, 1, 1), the default `contentsRect`.
    public static let unit = Rect(x: 0, y: 0, width: 1, height: 1)

    /// The x coordinate of the centre.
    public var midX: Double { origin.x + size.width / 2 }
    /// The y coordinate of the centre.
    public var midY: Double { origin.y + size.height / 2 }
    /// The largest x coordinate.
    public var maxX: Double { origin.x + size.width }
    /// The largest y coordinate.
    public var maxY: Double { origin.y + size.height }
}

/// A three-component vector (points, or a direction).
public struct Vector3: Hashable, Sendable {
    /// x component.
    public var x: Double
    /// y component (downwards on screen).
    public var y: Double
    /// z component (towards the viewer).
    public var z: Double

    /// Creates a vector.
    public init(_ x: Double, _ y: Double, _ z: Double) {
        self.x = x
        self.y = y
        self.z = z
    }

    /// The zero vector.
    public static let zero = Vector3(0, 0, 0)

    /// Euclidean length.
    public var length: Double { (x * x + y * y + z * z).squareRoot() }

    /// The vector scaled to unit length, or `fallback` when it has no length.
    public func normalized(orElse fallback: Vector3) -> Vector3 {
        let l = length
        guard l > 1e-12 else { return fallback }
        return Vector3(x / l, y / l, z / l)
    }

    /// Cross product `self × other`.
    public func cross(_ o: Vector3) -> Vector3 {
        Vector3(y * o.z - z * o.y, z * o.x - x * o.z, x * o.y - y * o.x)
    }

    /// Sum of two vectors.
    public static func + (a: Vector3, b: Vector3) -> Vector3 { Vector3(a.x + b.x, a.y + b.y, a.z + b.z) }
    /// Difference of two vectors.
    public static func - (a: Vector3, b: Vector3) -> Vector3 { Vector3(a.x - b.x, a.y - b.y, a.z - b.z) }
    /// A vector scaled by a number.
    public static func * (a: Vector3, s: Double) -> Vector3 { Vector3(a.x * s, a.y * s, a.z * s) }
}
