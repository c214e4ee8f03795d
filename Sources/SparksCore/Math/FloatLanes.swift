/// Eight floats at a time from and to columns of floats that need not be aligned, for the bulk
/// updates of particles.
extension SIMD8 where Scalar == Float {
    /// The `count` (≤ 8) floats from `p`, the rest of the lanes 0. All eight are read lane by
    /// lane, which compiles to one unaligned vector load (`loadUnaligned(as:)` may stay a call).
    @inline(__always)
    init(loadingFrom p: UnsafeMutablePointer<Float>, count: Int = 8) {
        if count == 8 {
            self.init(p[0], p[1], p[2], p[3], p[4], p[5], p[6], p[7])
            return
        }
        self.init(repeating: 0)
        for k in 0..<count { self[k] = p[k] }
    }

    /// Stores the first `count` (≤ 8) lanes at `p`. All eight are written lane by lane, which
    /// compiles to one unaligned vector store (`storeBytes(of:as:)` stays a function call).
    @inline(__always)
    func store(to p: UnsafeMutablePointer<Float>, count: Int = 8) {
        guard count == 8 else {
            for k in 0..<count { p[k] = self[k] }
            return
        }
        p[0] = self[0]
        p[1] = self[1]
        p[2] = self[2]
        p[3] = self[3]
        p[4] = self[4]
        p[5] = self[5]
        p[6] = self[6]
        p[7] = self[7]
    }
}
