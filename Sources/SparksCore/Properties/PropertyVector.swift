/// The components of a point `[x, y]`, a size `[width, height]` or a rectangle
/// `[x, y, width, height]`, held inline (at most four), so animating a vector property
/// allocates nothing.
public struct PropertyVector: Hashable, Sendable, RandomAccessCollection, MutableCollection, ExpressibleByArrayLiteral {
    /// The most components a vector holds.
    public static let capacity = 4

    /// Components beyond `count` are kept at 0, so equality and hashing see only the used ones.
    private var storage: SIMD4<Double>
    /// How many components are used.
    public let count: Int

    /// A point or size.
    public init(_ x: Double, _ y: Double) {
        storage = SIMD4(x, y, 0, 0)
        count = 2
    }

    /// A rectangle.
    public init(_ x: Double, _ y: Double, _ width: Double, _ height: Double) {
        storage = SIMD4(x, y, width, height)
        count = 4
    }

    /// The components of `array`, which holds at most ``capacity`` numbers.
    public init<C: Collection<Double>>(_ array: C) {
        precondition(array.count <= Self.capacity, "a property vector holds at most \(Self.capacity) components")
        storage = .zero
        count = array.count
        for (i, value) in array.enumerated() { storage[i] = value }
    }

    /// A vector written as `[x, y]` or `[x, y, width, height]`.
    public init(arrayLiteral elements: Double...) {
        self.init(elements)
    }

    private init(storage: SIMD4<Double>, count: Int) {
        self.storage = storage
        self.count = count
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { count }

    public subscript(index: Int) -> Double {
        get {
            precondition(index >= 0 && index < count, "component \(index) of a \(count)-component vector")
            return storage[index]
        }
        set {
            precondition(index >= 0 && index < count, "component \(index) of a \(count)-component vector")
            storage[index] = newValue
        }
    }

    /// Each component transformed by `transform`.
    func mapComponents(_ transform: (Double) -> Double) -> PropertyVector {
        var result = self
        for i in 0..<count { result.storage[i] = transform(storage[i]) }
        return result
    }

    /// Components of `a` and `b` (of the same count) combined pairwise.
    static func combine(_ a: PropertyVector, _ b: PropertyVector, _ combine: (Double, Double) -> Double) -> PropertyVector {
        var result = a
        for i in 0..<Swift.min(a.count, b.count) { result.storage[i] = combine(a.storage[i], b.storage[i]) }
        return result
    }
}
