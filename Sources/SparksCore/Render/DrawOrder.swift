/// A particle in a merged draw order across the cells of one emitter: drawn by key (age or
/// depth), ties in the order the entries were added (cell order, then birth order).
struct DrawOrderEntry {
    var key: Float
    var cell: Int32
    var slot: Int32
}

/// Sorts draw-order entries by key, stably, with a least-significant-digit radix sort over
/// the keys' bits: linear in the number of particles and, once its buffers have grown to the
/// largest count seen, allocation-free (the standard library's stable sort allocates a merge
/// buffer on every call).
struct DrawOrderSorter {
    private var scratch: [DrawOrderEntry] = []
    private var counts = [Int](repeating: 0, count: 256)

    /// Orders `entries` by ascending key; equal keys keep their order.
    mutating func sort(_ entries: inout [DrawOrderEntry]) {
        let n = entries.count
        guard n > 1 else { return }
        if scratch.count < n {
            scratch = [DrawOrderEntry](repeating: DrawOrderEntry(key: 0, cell: 0, slot: 0), count: max(n, scratch.count * 2))
        }
        var inScratch = false
        entries.withUnsafeMutableBufferPointer { main in
            scratch.withUnsafeMutableBufferPointer { other in
                counts.withUnsafeMutableBufferPointer { counts in
                    for shift in stride(from: 0, to: 32, by: 8) {
                        let source = inScratch ? other : main
                        let target = inScratch ? main : other
                        for b in 0..<256 { counts[b] = 0 }
                        for i in 0..<n { counts[Self.digit(source[i].key, shift)] += 1 }
                        // A digit every key shares orders nothing: skip the pass.
                        if counts[Self.digit(source[0].key, shift)] == n { continue }
                        var total = 0
                        for b in 0..<256 {
                            let c = counts[b]
                            counts[b] = total
                            total += c
                        }
                        for i in 0..<n {
                            let entry = source[i]
                            let d = Self.digit(entry.key, shift)
                            target[counts[d]] = entry
                            counts[d] += 1
                        }
                        inScratch.toggle()
                    }
                    if inScratch {
                        for i in 0..<n { main[i] = other[i] }
                    }
                }
            }
        }
    }

    /// Byte `shift / 8` of the key's bits mapped so unsigned order is numeric order
    /// (negatives flipped, positives above them; −0 counts as +0).
    @inline(__always)
    private static func digit(_ key: Float, _ shift: Int) -> Int {
        let bits = (key + 0).bitPattern
        let ordered = bits & 0x8000_0000 != 0 ? ~bits : bits | 0x8000_0000
        return Int((ordered >> UInt32(shift)) & 0xFF)
    }
}
