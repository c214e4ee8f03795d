import Foundation
import SparksCore
import SparksSDL

/// Finds presets and assets, so `sparks run fire` works from any folder: the current folder's
/// `presets/` and `assets/`; then those of the Sparks checkout the program was built in (found
/// by walking up from the executable, `…/.build/release/sparks`); then the install prefix's
/// (`PREFIX/share/sparks`, beside `PREFIX/bin/sparks`, where `make install` puts them); then
/// `$SPARKS_HOME`'s. Every folder that was looked in is kept for the message when nothing is
/// found.
package struct PresetLocator {
    /// Folders that may hold `presets/` and `assets/`, in search order.
    package let candidates: [(place: String, folder: URL?)]
    /// The candidates that hold `presets/`, most specific first.
    package let roots: [URL]

    package init(
        executable: String = CommandLine.arguments[0], environment: [String: String] = ProcessInfo.processInfo.environment,
        currentDirectory: String = FileManager.default.currentDirectoryPath
    ) {
        var candidates: [(String, URL?)] = [("the current folder", URL(fileURLWithPath: currentDirectory))]
        let binary = URL(fileURLWithPath: executable).resolvingSymlinksInPath().deletingLastPathComponent()
        // The checkout: up from the executable (…/.build/release/sparks) to the folder with presets/.
        var dir = binary, checkout: URL?
        for _ in 0..<6 {
            if FileManager.default.fileExists(atPath: dir.appendingPathComponent("presets").path) {
                checkout = dir
                break
            }
            dir = dir.deletingLastPathComponent()
        }
        candidates.append(("the Sparks folder the program was built in", checkout))
        candidates.append(("the install prefix", binary.deletingLastPathComponent().appendingPathComponent("share/sparks")))
        let home = environment["SPARKS_HOME"].flatMap { $0.isEmpty ? nil : URL(fileURLWithPath: $0) }
        candidates.append(("SPARKS_HOME", home))
        self.candidates = candidates
        var roots: [URL] = []
        for case (_, let folder?) in candidates
        where FileManager.default.fileExists(atPath: folder.appendingPathComponent("presets").path)
            && !roots.contains(where: { $0.standardizedFileURL == folder.standardizedFileURL })
        {
            roots.append(folder)
        }
        self.roots = roots
    }

    /// Where presets were looked for, for the message when none are found.
    package var searchedPlaces: String {
        candidates.map { place, folder in
            folder.map { "\(place) (\($0.appendingPathComponent("presets").standardizedFileURL.path))" }
                ?? "\(place) (\(place == "SPARKS_HOME" ? "not set" : "none"))"
        }.joined(separator: ", ")
    }

    /// The message when no presets folder is found: where it looked and how to fix it.
    package var notFoundMessage: String {
        "no presets folder found; looked in \(searchedPlaces). Run `make install` (presets go to PREFIX/share/sparks), "
            + "run from the Sparks folder, or set SPARKS_HOME to a folder holding presets/ and assets/"
    }

    /// The first `presets/` folder found.
    package var presetsDirectory: URL? { roots.first.map { $0.appendingPathComponent("presets") } }

    /// Asset folders, in search order. An `assets` that is a symbolic link is used only when it
    /// leads to a folder inside the folder holding it: a preset folder from elsewhere cannot
    /// make Sparks read images from anywhere on the disk by linking `assets` there.
    package var assetDirectories: [URL] {
        roots.compactMap { root in
            let assets = root.appendingPathComponent("assets")
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: assets.path, isDirectory: &isFolder), isFolder.boolValue else { return nil }
            let linked = (try? FileManager.default.destinationOfSymbolicLink(atPath: assets.path)) != nil
            guard linked else { return assets }
            let real = assets.resolvingSymlinksInPath().path
            let inside = root.resolvingSymlinksInPath().path + "/"
            return real.hasPrefix(inside) ? assets : nil
        }
    }

    /// Every preset file in the presets folder, by name.
    package var presetFiles: [URL] {
        guard let dir = presetsDirectory,
            let names = try? FileManager.default.contentsOfDirectory(atPath: dir.path)
        else { return [] }
        return names.filter { $0.hasSuffix(".json") && $0 != "sparks.schema.json" }.sorted().map { dir.appendingPathComponent($0) }
    }

    /// The file a PRESET argument names: an existing path (a preset, or an effect file of
    /// another engine or a CAML bundle), or a name in the presets folder.
    package func file(for argument: String) throws -> URL {
        let direct = URL(fileURLWithPath: argument)
        // A path, a .json name, or any file of the current folder with an extension (an .sks,
        // a .pex, a .ca bundle): read as it is.
        if argument.contains("/") || argument.hasSuffix(".json")
            || (!direct.pathExtension.isEmpty && FileManager.default.fileExists(atPath: direct.path))
        {
            guard FileManager.default.fileExists(atPath: direct.path) else { throw CommandError("no preset file at \(argument)") }
            return direct
        }
        if let match = presetFiles.first(where: { $0.deletingPathExtension().lastPathComponent == argument }) { return match }
        let names = presetFiles.map { $0.deletingPathExtension().lastPathComponent }
        var message = "no preset named \"\(argument)\""
        if let suggestion = nearestKey(to: argument, in: names) { message += " — did you mean \"\(suggestion)\"?" }
        message +=
            names.isEmpty ? " (\(notFoundMessage))" : " (presets: \(names.joined(separator: ", ")))"
        throw CommandError(message)
    }

    /// How to show a file in messages: relative to the current folder when inside it.
    package func displayName(_ url: URL) -> String {
        let cwd = FileManager.default.currentDirectoryPath + "/"
        let path = url.standardizedFileURL.path
        return path.hasPrefix(cwd) ? String(path.dropFirst(cwd.count)) : path
    }

    /// Loads and validates a preset: its keys and values, its budgets (after `adjust`, which
    /// changes the scene as options ask, e.g. --live), and that every image it names decodes.
    /// Every command loads presets this way, so `validate` refuses exactly what they would.
    /// With `text`, that is read as the file's contents (the studio's unsaved edits); its
    /// images are still found beside `url` and in the assets.
    package func load(
        _ url: URL, text: [UInt8]? = nil, limits: PresetLimits = .standard, adjust: ((inout SceneDescription) -> Void)? = nil
    ) -> Result<SceneDescription, PresetError> {
        let name = displayName(url)
        var decodeLimits = adjust == nil ? limits : .unlimited
        decodeLimits.maxPresetBytes = limits.maxPresetBytes
        var description: SceneDescription
        let decoded: Result<SceneDescription, PresetError>
        if let text {
            let decoder = PresetDecoder(
                fileName: name, resolver: ResourceResolver(roots: [url.deletingLastPathComponent()] + assetDirectories),
                limits: decodeLimits)
            decoded =
                text.count > limits.maxPresetBytes
                ? .failure(
                    PresetError([
                        PresetDiagnostic(
                            file: name, path: "", location: nil,
                            message: "the preset is \(text.count) bytes, more than the \(limits.maxPresetBytes) allowed")
                    ])) : decoder.decode(text, defaultName: url.deletingPathExtension().lastPathComponent)
        } else {
            decoded = PresetDecoder.load(contentsOf: url, displayName: name, assetDirectories: assetDirectories, limits: decodeLimits)
        }
        switch decoded {
        case .failure(let error): return .failure(error.namingOptions)
        case .success(let good): description = good
        }
        var problems: [PresetDiagnostic] = []
        if let adjust {
            adjust(&description)
            problems += PresetDecoder.budgetProblems(of: description, limits: limits, file: name)
        }
        let decoder = SDLImageDecoder()
        for use in description.textureUses {
            do throws(ImageDecodingError) {
                let image = try decoder.decode(use.texture)
                if image.width != use.texture.pixelWidth || image.height != use.texture.pixelHeight {
                    problems.append(
                        PresetDiagnostic(
                            file: name, path: use.path, location: nil,
                            message:
                                "\(use.texture.name) changed size while it was read (\(image.width)×\(image.height), its header said \(use.texture.pixelWidth)×\(use.texture.pixelHeight))"
                        ))
                }
            } catch {
                problems.append(
                    PresetDiagnostic(file: name, path: use.path, location: nil, message: "image \"\(use.texture.name)\": \(error.reason)"))
            }
        }
        return problems.isEmpty ? .success(description) : .failure(PresetError(problems).namingOptions)
    }

    /// The presets beside `url` (its folder's .json files, not the schema), in name order.
    package func siblings(of url: URL) -> [URL] {
        let folder = url.deletingLastPathComponent()
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return [url] }
        return names.filter { $0.hasSuffix(".json") && $0 != "sparks.schema.json" }.sorted().map { folder.appendingPathComponent($0) }
    }
}

/// A command-line failure with a message for the user (what a terminal would act on escaped:
/// messages name files, keys and values from presets).
package struct CommandError: Error, CustomStringConvertible {
    package let description: String
    package init(_ description: String) { self.description = TerminalText.escaped(description, keepingLines: true) }
}
