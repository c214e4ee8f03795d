#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A file read once through one descriptor, after checking the file that descriptor opened.
///
/// Presets and their images come from strangers. Checking a path and then opening it again
/// leaves a gap in which a link can be re-pointed; so Sparks opens a file once — without waiting
/// on a pipe, device or socket — asks the opened file what it is and where it really lives,
/// and reads its bytes from that same descriptor. Everything downstream (JSON parsing, PNG
/// headers, image decoding) works on these bytes.
public struct CheckedFile: Sendable {
    /// The file as named.
    public let url: URL
    /// Where the opened file really is (every link followed).
    public let realPath: String
    /// The opened file's device and inode.
    public let device: UInt64, inode: UInt64
    /// Its size in bytes when it was opened.
    public let size: Int
    /// Its bytes (or the first ones, when only a prefix was asked for).
    public let bytes: [UInt8]

    /// Opens `url` once and reads it.
    ///
    /// - Parameters:
    ///   - url: the file.
    ///   - folders: when given, the opened file must really be inside one of them (links are
    ///     followed: a link inside that leads outside is refused) and must have no other name
    ///     (a hard link could bring in a file from anywhere on the same disk).
    ///   - maxBytes: larger files are refused before anything is read (from the opened file's
    ///     size), and reading stops there in any case.
    ///   - prefix: read only the first `prefix` bytes (a header).
    /// - Throws: why the file cannot be had, in words for the user.
    public static func read(
        _ url: URL, within folders: [URL]? = nil, maxBytes: Int, prefix: Int? = nil
    ) throws(FileAccessError) -> CheckedFile {
        let path = url.path
        let name = url.lastPathComponent
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)
        guard descriptor >= 0 else { throw FileAccessError(openFailure: errno, path: path, name: name) }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            throw FileAccessError("\(name) cannot be examined (\(String(cString: strerror(errno))))")
        }
        let kind = info.st_mode & S_IFMT
        guard kind == S_IFREG else { throw FileAccessError("\(name) is \(describe(kind)), not a file") }
        let real = realPath(of: descriptor) ?? URL(fileURLWithPath: path).resolvingSymlinksInPath().path
        if let folders {
            let realFolders = folders.map { $0.resolvingSymlinksInPath().path }
            guard realFolders.contains(where: { real == $0 || real.hasPrefix($0.hasSuffix("/") ? $0 : $0 + "/") }) else {
                let allowed = folders.map { $0.lastPathComponent + "/" }.joined(separator: " or ")
                throw FileAccessError("\(name) leads outside \(allowed) (to \(real)); only files inside them are read")
            }
            guard info.st_nlink <= 1 else {
                throw FileAccessError(
                    "\(name) has \(info.st_nlink) names (hard links); Sparks reads only files with one name here, so that a link cannot bring in a file from elsewhere — copy the file instead"
                )
            }
        }
        let size = Int(info.st_size)
        let wanted = prefix.map { min($0, maxBytes) } ?? maxBytes
        if prefix == nil, size > maxBytes {
            var error = FileAccessError("\(name) is \(Self.describe(bytes: size)), more than the \(Self.describe(bytes: maxBytes)) allowed")
            error.tooLarge = (size, maxBytes)
            throw error
        }
        var bytes = [UInt8](repeating: 0, count: min(max(size, 0), wanted))
        var filled = 0
        while filled < bytes.count {
            let got = bytes.withUnsafeMutableBytes { buffer in
                readBytes(descriptor, buffer.baseAddress! + filled, buffer.count - filled)
            }
            if got < 0, errno == EINTR { continue }
            guard got > 0 else { break }
            filled += got
        }
        if filled < bytes.count { bytes.removeLast(bytes.count - filled) }
        return CheckedFile(
            url: url, realPath: real, device: UInt64(info.st_dev), inode: UInt64(info.st_ino), size: size, bytes: bytes)
    }

    /// The path the open descriptor refers to.
    private static func realPath(of descriptor: Int32) -> String? {
        #if os(Linux)
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let length = readlink("/proc/self/fd/\(descriptor)", &buffer, buffer.count - 1)
            guard length > 0 else { return nil }
            return String(decoding: buffer[0..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        #else
            var buffer = [CChar](repeating: 0, count: Int(MAXPATHLEN))
            guard fcntl(descriptor, F_GETPATH, &buffer) == 0 else { return nil }
            return String(cString: buffer)
        #endif
    }

    private static func describe(_ kind: mode_t) -> String {
        switch kind {
        case S_IFDIR: "a folder"
        case S_IFIFO: "a named pipe (FIFO)"
        case S_IFCHR, S_IFBLK: "a device"
        case S_IFSOCK: "a socket"
        default: "not a regular file"
        }
    }

    /// A byte count for people: "3.2 GiB", "16.0 MiB".
    public static func describe(bytes: Int) -> String {
        if bytes >= 1 << 30 { return NumberText.fixed(Double(bytes) / Double(1 << 30), decimals: 1) + " GiB" }
        if bytes >= 1 << 20 { return NumberText.fixed(Double(bytes) / Double(1 << 20), decimals: 1) + " MiB" }
        if bytes >= 1 << 10 { return NumberText.fixed(Double(bytes) / Double(1 << 10), decimals: 1) + " KiB" }
        return "\(bytes) bytes"
    }
}

/// POSIX `read`, named apart from `CheckedFile.read`.
private func readBytes(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
    #if canImport(Glibc)
        Glibc.read(descriptor, buffer, count)
    #else
        Darwin.read(descriptor, buffer, count)
    #endif
}

/// Why a file was not read.
public struct FileAccessError: Error, Sendable, CustomStringConvertible {
    /// The reason, naming the file.
    public var message: String
    /// The file's size and the most allowed, when it was refused for its size.
    public var tooLarge: (size: Int, allowed: Int)?

    /// Creates an error.
    public init(_ message: String) { self.message = message }

    public var description: String { message }

    /// The reason `open` failed, telling a dangling link from a missing file.
    init(openFailure code: Int32, path: String, name: String) {
        var linkInfo = stat()
        if code == ENOENT, lstat(path, &linkInfo) == 0, linkInfo.st_mode & S_IFMT == S_IFLNK {
            let target = (try? FileManager.default.destinationOfSymbolicLink(atPath: path)) ?? "?"
            message = "\(name) is a link to \(target), which does not exist"
        } else if code == ENOENT {
            message = "no such file \(name)"
        } else {
            message = "\(name) cannot be opened (\(String(cString: strerror(code))))"
        }
    }
}
