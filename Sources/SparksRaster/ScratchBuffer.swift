/// Memory a frame's work reuses from frame to frame, reached through a plain pointer: threads
/// write disjoint parts of it at once (which a Swift array's exclusivity checks would refuse),
/// and it grows only when a frame needs more, so steady frames allocate nothing.
final class ScratchBuffer<Element: BitwiseCopyable> {
    private(set) var base: UnsafeMutablePointer<Element>
    private var capacity: Int

    init() {
        capacity = 1
        base = .allocate(capacity: 1)
    }

    deinit { base.deallocate() }

    /// Room for at least `count` elements, uninitialised (what it held before is not kept when
    /// it grows).
    @discardableResult
    func reserve(_ count: Int) -> UnsafeMutablePointer<Element> {
        if count > capacity {
            base.deallocate()
            capacity = max(count, capacity * 2)
            base = .allocate(capacity: capacity)
        }
        return base
    }
}
