/// A small, fast, seedable random generator (PCG-XSH-RR 32), one per emitter layer.
///
/// Core Animation gives every emitter layer its own generator seeded by `seed` (core-animation.md §5.6).
/// Apple's own generator and draw order are unknown, so bit-exact replication is impossible;
/// Sparks only promises determinism: the same seed gives the same stream on every machine.
public struct SeededRandom: Sendable, Hashable {
    private var state: UInt64
    private static let multiplier: UInt64 = 6_364_136_223_846_793_005
    private static let increment: UInt64 = 1_442_695_040_888_963_407

    /// Creates a generator from a seed (CAEmitterLayer `seed`).
    public init(seed: UInt32) {
        state = 0
        _ = nextUInt32()
        state &+= 0x853C_49E6_748F_EA9B ^ UInt64(seed)
        _ = nextUInt32()
    }

    /// The next 32 random bits.
    @inlinable @inline(__always)
    public mutating func nextUInt32() -> UInt32 {
        let old = stateValue
        stateValue = old &* Self.multiplierValue &+ Self.incrementValue
        let xorshifted = UInt32(truncatingIfNeeded: ((old >> 18) ^ old) >> 27)
        let rot = UInt32(truncatingIfNeeded: old >> 59)
        return (xorshifted >> rot) | (xorshifted << ((~rot &+ 1) & 31))
    }

    /// A uniform number in [0, 1) with 24 bits of precision.
    @inlinable @inline(__always)
    public mutating func nextUnit() -> Float {
        Float(nextUInt32() >> 8) * (1.0 / 16_777_216.0)
    }

    /// A uniform number in [0, 1) with 32 bits of precision, as a Double.
    @inlinable @inline(__always)
    public mutating func nextUnitDouble() -> Double {
        Double(nextUInt32()) * (1.0 / 4_294_967_296.0)
    }

    /// Skips `delta` draws in O(log delta) steps (LCG jump-ahead), so that work split across
    /// threads can draw exactly the numbers a single thread would have drawn.
    public mutating func advance(by delta: UInt64) {
        var accMult: UInt64 = 1, accPlus: UInt64 = 0
        var curMult = Self.multiplier, curPlus = Self.increment
        var delta = delta
        while delta > 0 {
            if delta & 1 == 1 {
                accMult = accMult &* curMult
                accPlus = accPlus &* curMult &+ curPlus
            }
            curPlus = (curMult &+ 1) &* curPlus
            curMult = curMult &* curMult
            delta >>= 1
        }
        state = accMult &* state &+ accPlus
    }

    @usableFromInline var stateValue: UInt64 {
        get { state }
        set { state = newValue }
    }
    @usableFromInline static var multiplierValue: UInt64 { multiplier }
    @usableFromInline static var incrementValue: UInt64 { increment }
}
