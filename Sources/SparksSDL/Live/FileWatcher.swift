import SparksCore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

#if canImport(Glibc)
    import Glibc
#endif

/// Notices changes to files by polling their identity (device, inode, size, modification time)
/// and, for small files such as presets, a hash of their contents (file systems stamp times in
/// ticks of several milliseconds, so two same-size saves can share a time). This catches every
/// way editors save: writing in place, truncating then writing, writing a temporary file and
/// renaming it over the original, deleting and recreating. A burst of changes counts as one:
/// `poll` reports it once nothing has changed for `settleTime`.
///
/// Time is an input (`now`, in seconds), so tests drive it without waiting.
public final class FileWatcher {
    private struct Signature: Equatable {
        var exists = false
        var device: UInt64 = 0
        var inode: UInt64 = 0
        var size: Int64 = 0
        var seconds = 0
        var nanoseconds = 0
        var contentHash: UInt64 = 0
    }

    /// Files up to this size also have their contents compared.
    public static let contentHashLimit = 256 * 1024

    /// The watched files.
    public private(set) var paths: [String]
    /// Quiet time after the last change before it is reported, in seconds.
    public let settleTime: Double
    private var signatures: [String: Signature] = [:]
    private var pendingSince: Double?
    private var changed = Set<String>()

    /// Watches `paths`, taking their current state as the starting point.
    public init(paths: [String], settleTime: Double = 0.1) {
        self.paths = paths
        self.settleTime = settleTime
        for path in paths { signatures[path] = Self.signature(of: path) }
    }

    /// Replaces the watched set; files already watched keep their state, new ones start from now.
    public func watch(_ newPaths: [String]) {
        for path in newPaths where signatures[path] == nil { signatures[path] = Self.signature(of: path) }
        signatures = signatures.filter { newPaths.contains($0.key) }
        paths = newPaths
    }

    /// Looks at the files; returns the paths that changed once a burst of changes has settled,
    /// nil otherwise.
    public func poll(now: Double) -> Set<String>? {
        var any = false
        for path in paths {
            let signature = Self.signature(of: path)
            if signature != signatures[path] {
                signatures[path] = signature
                changed.insert(path)
                any = true
            }
        }
        if any {
            pendingSince = now
            return nil
        }
        guard let since = pendingSince, now - since >= settleTime else { return nil }
        pendingSince = nil
        defer { changed.removeAll() }
        return changed
    }

    private static func signature(of path: String) -> Signature {
        var info = stat()
        guard stat(path, &info) == 0 else { return Signature() }
        var signature = Signature(
            exists: true, device: UInt64(info.st_dev), inode: UInt64(info.st_ino), size: Int64(info.st_size),
            seconds: Int(info.st_mtim.tv_sec), nanoseconds: Int(info.st_mtim.tv_nsec))
        // Only regular files are read (a pipe or device would block or never end), through a
        // checked, non-blocking open.
        if info.st_mode & S_IFMT == S_IFREG, info.st_size <= contentHashLimit,
            let file = try? CheckedFile.read(URL(fileURLWithPath: path), maxBytes: contentHashLimit)
        {
            var hasher = StateHasher()
            for byte in file.bytes { hasher.combine(UInt32(byte)) }
            signature.contentHash = hasher.value
        }
        return signature
    }
}
