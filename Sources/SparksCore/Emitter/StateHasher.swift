/// A stable 64-bit hash (FNV-1a over 32-bit words), the same on every run and machine.
///
/// Swift's `Hasher` is randomly seeded per process, so it cannot be used for a hash printed in bug
/// reports or compared across runs.
public struct StateHasher: Sendable {
    /// The hash so far.
    public private(set) var value: UInt64 = 0xCBF2_9CE4_8422_2325

    /// Creates a hasher in its initial state.
    public init() {}

    /// Mixes in one 32-bit word.
    @inline(__always)
    public mutating func combine(_ word: UInt32) {
        value = (value ^ UInt64(word)) &* 0x0000_0100_0000_01B3
    }

    /// Mixes in a 64-bit word.
    public mutating func combine(_ word: UInt64) {
        combine(UInt32(truncatingIfNeeded: word))
        combine(UInt32(truncatingIfNeeded: word >> 32))
    }
}
