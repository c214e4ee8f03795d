#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A mutual-exclusion lock (pthread's). The library links Foundation's essentials only, which
/// have no `NSLock`.
package final class Lock: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)

    package init() { pthread_mutex_init(mutex, nil) }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    package func lock() { pthread_mutex_lock(mutex) }
    package func unlock() { pthread_mutex_unlock(mutex) }

    /// Runs `body` holding the lock.
    package func locked<T>(_ body: () throws -> T) rethrows -> T {
        lock()
        defer { unlock() }
        return try body()
    }
}

/// Starts a thread that runs `body`, with `stackBytes` of stack (the system's default when
/// nil); false when no thread could be made.
@discardableResult
package func startThread(stackBytes: Int? = nil, _ body: @escaping @Sendable () -> Void) -> Bool {
    final class Box {
        let body: @Sendable () -> Void
        init(_ body: @escaping @Sendable () -> Void) { self.body = body }
    }
    let box = Unmanaged.passRetained(Box(body)).toOpaque()
    #if canImport(Glibc)
        var thread = pthread_t()
    #else
        var thread: pthread_t?
    #endif
    var attributes = pthread_attr_t()
    pthread_attr_init(&attributes)
    defer { pthread_attr_destroy(&attributes) }
    if let stackBytes { pthread_attr_setstacksize(&attributes, stackBytes) }
    let started = pthread_create(
        &thread, &attributes,
        { argument in
            let box = Unmanaged<Box>.fromOpaque(argument!).takeRetainedValue()
            box.body()
            return nil
        }, box)
    guard started == 0 else {
        Unmanaged<Box>.fromOpaque(box).release()
        return false
    }
    pthread_detach(thread)
    return true
}
