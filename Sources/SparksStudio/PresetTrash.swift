import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The desktop's trash as the freedesktop.org Trash specification lays it out
/// (`$XDG_DATA_HOME/Trash`, by default `~/.local/share/Trash`): a deleted file goes to `files/`
/// under a name of its own there, with `info/NAME.trashinfo` saying where it was and when, so
/// a file manager lists it and can put it back. Foundation's `trashItem` does not do this on Linux.
struct PresetTrash: Sendable {
    /// The trash folder (holding `files` and `info`).
    let folder: URL

    /// The user's trash: `$XDG_DATA_HOME/Trash`, else `$HOME/.local/share/Trash`.
    static var user: PresetTrash {
        let environment = ProcessInfo.processInfo.environment
        let data =
            environment["XDG_DATA_HOME"].flatMap { $0.hasPrefix("/") ? URL(fileURLWithPath: $0) : nil }
            ?? FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".local/share")
        return PresetTrash(folder: data.appendingPathComponent("Trash"))
    }

    /// Moves `file` into the trash; returns the name it has there.
    func move(_ file: URL) throws -> String {
        let files = folder.appendingPathComponent("files"), info = folder.appendingPathComponent("info")
        try FileManager.default.createDirectory(at: files, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        try FileManager.default.createDirectory(at: info, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let base = file.deletingPathExtension().lastPathComponent, ext = file.pathExtension
        // The info file is made first, exclusively: it reserves the name (the specification's way).
        for n in 1...1000 {
            let name = n == 1 ? file.lastPathComponent : "\(base).\(n).\(ext)"
            let infoFile = info.appendingPathComponent(name + ".trashinfo")
            let descriptor = open(infoFile.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
            if descriptor < 0 {
                if errno == EEXIST { continue }
                throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: infoFile.path])
            }
            let text = "[Trash Info]\nPath=\(Self.escaped(file.standardizedFileURL.path))\nDeletionDate=\(Self.now())\n"
            let written = text.utf8CString.withUnsafeBufferPointer { write(descriptor, $0.baseAddress, $0.count - 1) }
            close(descriptor)
            guard written == text.utf8.count else {
                unlink(infoFile.path)
                throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: infoFile.path])
            }
            let target = files.appendingPathComponent(name)
            do {
                if rename(file.path, target.path) != 0 {
                    // Another file system: a copy, then the original removed.
                    try FileManager.default.copyItem(at: file, to: target)
                    try FileManager.default.removeItem(at: file)
                }
            } catch {
                unlink(infoFile.path)
                throw error
            }
            return name
        }
        throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: file.path])
    }

    /// A path as the specification writes it: percent-encoded, `/` kept.
    static func escaped(_ path: String) -> String {
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: "%;?#")
        return path.addingPercentEncoding(withAllowedCharacters: allowed) ?? path
    }

    /// Local time as `YYYY-MM-DDThh:mm:ss`.
    static func now() -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "yyyy-MM-dd'T'HH:mm:ss"
        return formatter.string(from: Date())
    }
}
