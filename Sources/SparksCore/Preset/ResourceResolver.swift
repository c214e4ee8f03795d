import Foundation

/// Finds the files a preset names (`contents`), only inside the preset's folder and the asset
/// folders: no absolute paths, no `..`, and no symbolic link that leads outside.
public struct ResourceResolver: Sendable {
    /// Folders searched in order: the preset's own folder first, then asset folders.
    public var roots: [URL]

    /// Creates a resolver over `roots`.
    public init(roots: [URL]) {
        self.roots = roots.map { $0.standardizedFileURL }
    }

    /// The file `name` refers to.
    /// - Throws: a message naming the reason (outside the allowed folders, not found — with the
    ///   nearest existing name when one is close).
    public func resolve(_ name: String) throws(ResolveError) -> URL {
        guard !name.isEmpty else { throw ResolveError(message: "an empty file name") }
        if name.hasPrefix("/") || name.hasPrefix("~") || name.contains("\\") {
            throw ResolveError(message: "\"\(name)\" is not a relative path; name a file beside the preset or in assets/")
        }
        let parts = name.split(separator: "/")
        if parts.contains("..") {
            throw ResolveError(message: "\"\(name)\" reaches outside the preset's folder and assets/ (\"..\" is not allowed)")
        }
        let fileManager = FileManager.default
        for root in roots {
            let candidate = root.appendingPathComponent(name)
            guard fileManager.fileExists(atPath: candidate.path) else { continue }
            let realRoot = root.resolvingSymlinksInPath().path
            let realFile = candidate.resolvingSymlinksInPath().path
            guard realFile.hasPrefix(realRoot.hasSuffix("/") ? realRoot : realRoot + "/") else {
                throw ResolveError(message: "\"\(name)\" is a link that leads outside \(root.lastPathComponent)/ (to \(realFile))")
            }
            var isDirectory: ObjCBool = false
            if fileManager.fileExists(atPath: realFile, isDirectory: &isDirectory), isDirectory.boolValue {
                throw ResolveError(message: "\"\(name)\" is a folder, not an image")
            }
            return candidate
        }
        let available = roots.flatMap { (try? fileManager.contentsOfDirectory(atPath: $0.path)) ?? [] }
        let folders = roots.map { $0.lastPathComponent + "/" }.joined(separator: " or ")
        throw ResolveError(
            message: "image \"\(name)\" not found in \(folders)",
            suggestion: nearestKey(to: name, in: available.filter { $0.lowercased().hasSuffix(".png") }))
    }
}

/// Why a resource name could not be resolved.
public struct ResolveError: Error, Sendable {
    /// The reason.
    public var message: String
    /// A close existing file name.
    public var suggestion: String?
}
