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

/// Finds the files a preset names (`contents`), only inside the preset's folder and the asset
/// folders: no absolute paths, no `..`, no link that leads outside, no hard link, nothing but
/// regular files — checked on the file actually opened (see ``CheckedFile``).
public struct ResourceResolver: Sendable {
    /// Folders searched in order: the preset's own folder first, then asset folders.
    public var roots: [URL]
    /// Images a program supplies in memory (a game's own textures): the pixel size of the image
    /// a preset names, or nil to look for a file. Asked before any folder; an image found here
    /// is never read from a file.
    public var providedImages: (@Sendable (String) -> (width: Int, height: Int)?)?
    /// Images carried inside the effect file being read (Particle Designer's embedded
    /// textures), by the name its preset gives them; asked before any folder.
    public var embeddedImages: [String: Texture] = [:]

    /// Creates a resolver over `roots`.
    public init(roots: [URL], providedImages: (@Sendable (String) -> (width: Int, height: Int)?)? = nil) {
        self.roots = roots.map { $0.standardizedFileURL }
        self.providedImages = providedImages
    }

    /// The file `name` refers to and the folder it was found in.
    /// - Throws: a message naming the reason (outside the allowed folders, not a file, not
    ///   found — with the nearest existing name when one is close).
    public func resolve(_ name: String) throws(ResolveError) -> (url: URL, folder: URL) {
        guard !name.isEmpty else { throw ResolveError(message: "an empty file name") }
        if name.hasPrefix("/") || name.hasPrefix("~") || name.contains("\\") {
            throw ResolveError(message: "\"\(name)\" is not a relative path; name a file beside the preset or in assets/")
        }
        let parts = name.split(separator: "/", omittingEmptySubsequences: false)
        if parts.contains("..") {
            throw ResolveError(message: "\"\(name)\" reaches outside the preset's folder and assets/ (\"..\" is not allowed)")
        }
        if parts.contains("") || parts.contains(".") || name.hasSuffix("/") {
            throw ResolveError(message: "\"\(name)\" names a folder, not an image")
        }
        for root in roots {
            let candidate = root.appendingPathComponent(name)
            var info = stat()
            // Present, or a link (even one to nothing, which is then explained).
            guard lstat(candidate.path, &info) == 0 else { continue }
            return (candidate, root)
        }
        let available = roots.flatMap { (try? FileManager.default.contentsOfDirectory(atPath: $0.path)) ?? [] }
        let images = Array(Set(available.filter { $0.lowercased().hasSuffix(".png") && $0 != name }))
        let folders = Self.displayNames(of: roots).joined(separator: " or ")
        // The images that are there, the closest names first (a few, for a long folder).
        let lowered = name.lowercased()
        let nearby = images.map { ($0, editDistance(lowered, $0.lowercased())) }.sorted { ($0.1, $0.0) < ($1.1, $1.0) }.prefix(6).map(\.0)
        let there = nearby.isEmpty ? "" : "; there: " + nearby.joined(separator: ", ") + (images.count > nearby.count ? ", …" : "")
        throw ResolveError(
            message: "image \"\(name)\" not found in \(folders)\(there)", suggestion: nearestKey(to: name, in: images))
    }

    /// Each folder once, in search order, as a reader finds it: relative to the current folder
    /// when inside it, else its whole path.
    static func displayNames(of folders: [URL]) -> [String] {
        let current = URL(fileURLWithPath: FileManager.default.currentDirectoryPath).standardizedFileURL.path
        var seen = Set<String>()
        return folders.compactMap { folder in
            let path = folder.standardizedFileURL.path
            guard seen.insert(path).inserted else { return nil }
            if path == current { return "./" }
            if path.hasPrefix(current + "/") { return String(path.dropFirst(current.count + 1)) + "/" }
            return path + "/"
        }
    }

    /// The image `name` refers to, checked as it is opened, with its pixel size from its header.
    public func image(_ name: String) throws(ResolveError) -> Texture {
        if let embedded = embeddedImages[name] { return embedded }
        if let size = providedImages?(name) { return Texture(name: name, pixelWidth: size.width, pixelHeight: size.height) }
        let found = try resolve(name)
        let header: CheckedFile
        do {
            header = try CheckedFile.read(found.url, within: [found.folder], maxBytes: PNGInfo.headerSize, prefix: PNGInfo.headerSize)
        } catch {
            throw ResolveError(message: "image \"\(name)\": \(error.message)")
        }
        let size = try PNGInfo.pixelSize(ofHeader: header.bytes, name: name)
        return Texture(name: name, url: found.url, folder: found.folder, pixelWidth: size.width, pixelHeight: size.height)
    }
}
