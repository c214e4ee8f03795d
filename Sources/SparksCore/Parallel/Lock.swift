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

/// Starts a thread that runs `body`.
package func startThread(_ body: @escaping @Sendable () -> Void) {
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
    let started = pthread_create(
        &thread, nil,
        { argument in
            let box = Unmanaged<Box>.fromOpaque(argument!).takeRetainedValue()
            box.body()
            return nil
        }, box)
    precondition(started == 0, "a worker thread could not be started")
    pthread_detach(thread)
}

/// The process's standard streams, written whole (the library has no `FileHandle`).
package enum StandardStream {
    case output, error

    /// Writes `text` (which carries its own line ends).
    package func write(_ text: String) {
        var bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeMutableBytes { buffer in
                #if canImport(Glibc)
                    Glibc.write(self == .output ? 1 : 2, buffer.baseAddress! + offset, buffer.count - offset)
                #else
                    Darwin.write(self == .output ? 1 : 2, buffer.baseAddress! + offset, buffer.count - offset)
                #endif
            }
            guard written > 0 else { return }
            offset += written
        }
        bytes.removeAll()
    }
}
