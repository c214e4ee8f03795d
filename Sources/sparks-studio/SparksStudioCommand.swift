import ArgumentParser
import Foundation
import ServiceLifecycle
import SparksCommandSupport
import SparksCore
import SparksExport
import SparksStudio

#if canImport(Glibc)
    import Glibc
#endif

/// `sparks studio`: run by the sparks command, which finds this program beside it.
@main
struct SparksStudioCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sparks-studio", abstract: "Sparks Studio (run it as `sparks studio`).", subcommands: [Studio.self])
}

struct Studio: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Tune a preset in the browser: live preview, sliders, colours, timeline, undo; the file stays the truth.",
        discussion: """
            Serves Sparks Studio on 127.0.0.1 and prints its address (with a random token: \
            only a browser given that address can use it) and opens the default browser when \
            there is one. The preview is drawn by the same renderer as `sparks render`: paused \
            at t, it shows exactly `sparks render PRESET --at t`.

            Every change is saved to the preset file a quarter of a second after the last one, \
            as a minimal edit: comments, key order and formatting stay. A save made elsewhere \
            (a text editor, the window, git) appears in the page at once. Undo and redo cover \
            the whole session.

            With a FOLDER (or nothing: the current folder), the gallery opens: start a new \
            preset from any shipped one, or open one of the folder's. The studio reads and \
            writes presets of that folder only, and reads images from it and from assets/.

            Examples:
              sparks studio fire.json
              sparks studio effects/
              sparks studio --port 9000 campfire.json
              sparks studio Fire.sks      (writes Fire.json beside it, with its images, and edits that)
            """)

    @Argument(help: "A preset file to open, or a folder of presets (default: the current folder).")
    var preset: String?

    @Option(help: "The port to listen on (127.0.0.1 only; 0 picks a free one).")
    var port: Int = 8765

    @Flag(name: .customLong("no-open"), help: "Print the address without opening a browser.")
    var noOpen = false

    @Option(help: "Threads drawing each preview frame (default: every core).")
    var threads: Int = ProcessInfo.processInfo.activeProcessorCount

    @OptionGroup(title: "Budgets") var budgets: BudgetOptions

    func validate() throws {
        guard (0...65535).contains(port) else { throw ValidationError("--port must be 0…65535") }
        guard (1...64).contains(threads) else { throw ValidationError("--threads must be between 1 and 64") }
    }

    /// The preset beside effect file `source` (`NAME.json`, with its images), written now
    /// unless it exists; the folder and file name the studio opens.
    static func presetMade(from source: URL, locator: PresetLocator) throws -> (folder: URL, file: String) {
        let folder = source.standardizedFileURL.deletingLastPathComponent()
        let file = source.deletingPathExtension().lastPathComponent + ".json"
        let out = folder.appendingPathComponent(file)
        if FileManager.default.fileExists(atPath: out.path) {
            throw CommandError(
                "\(out.path) exists: open it with sparks studio \(out.path), or move it away to make it again from \(source.lastPathComponent)"
            )
        }
        let effect = try EffectImport.read(source, assetDirectories: locator.assetDirectories)
        for note in effect.notes { StandardStream.error.write("\(note) (note)\n") }
        try EffectImport.write(effect, to: out, assetDirectories: locator.assetDirectories)
        StandardStream.error.write("wrote \(out.path) from \(source.lastPathComponent); the studio edits it\n")
        return (folder, file)
    }

    func run() async throws {
        let locator = PresetLocator()
        var folder = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        var start: String?
        if let preset {
            var isFolder: ObjCBool = false
            let given = URL(fileURLWithPath: preset)
            if FileManager.default.fileExists(atPath: preset), EffectImport.isEffectFile(given) {
                // A SpriteKit, Particle Designer or CAML file: edited as the preset made of it.
                (folder, start) = try Self.presetMade(from: given, locator: locator)
            } else if FileManager.default.fileExists(atPath: preset, isDirectory: &isFolder), isFolder.boolValue {
                folder = URL(fileURLWithPath: preset)
            } else {
                let url = try locator.file(for: preset)
                folder = url.deletingLastPathComponent()
                start = url.lastPathComponent
            }
        }
        guard
            let web = locator.roots.map({ $0.appendingPathComponent("studio") })
                .first(where: { FileManager.default.fileExists(atPath: $0.appendingPathComponent("index.html").path) })
        else {
            throw CommandError("the studio's page (studio/index.html) was not found; looked in \(locator.searchedPlaces)")
        }
        let server = StudioServer(
            .init(
                folder: folder, startFile: start, webFolder: web, port: port, limits: budgets.limits, threads: threads),
            locator: locator)
        if let start {
            // Fails early, with the preset's problems, when it cannot be opened.
            _ = try server.open(start)
        }
        let open = !noOpen
        let shownFolder = folder.path
        let app = server.application { port in
            let url = server.url(port: port)
            StandardStream.output.write("Sparks Studio: \(url)\n(editing presets in \(shownFolder); Ctrl-C stops)\n")
            if open { Self.openBrowser(url) }
        }
        // Ctrl-C or SIGTERM: the server stops gracefully (pages closed, pending edits saved);
        // whatever still runs a second later, the edits are saved and the program ends. A
        // second Ctrl-C ends it at once, after saving.
        let group = ServiceGroup(configuration: .init(services: [app], logger: StudioServer.logger))
        let stopping = LockedFlag()
        StopSignals.install { _ in
            guard stopping.set() else {
                server.saveEverything()
                Glibc._exit(0)
            }
            StandardStream.error.write("sparks studio: stopping\n")
            Task { await group.triggerGracefulShutdown() }
            Thread.detachNewThread {
                // (_exit: the work still running is not waited for.)
                Thread.sleep(forTimeInterval: 0.8)
                server.saveEverything()
                StandardStream.error.write("sparks studio: stopped (pending edits saved)\n")
                Glibc._exit(0)
            }
        }
        try await group.run()
    }

    /// Opens `url` in the default browser, when the desktop has one (xdg-open).
    static func openBrowser(_ url: String) {
        let environment = ProcessInfo.processInfo.environment
        guard environment["DISPLAY"] != nil || environment["WAYLAND_DISPLAY"] != nil else { return }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["xdg-open", url]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try? process.run()
    }
}

/// A flag set once.
final class LockedFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var isSet = false

    /// Sets the flag; true when it was not set before.
    func set() -> Bool {
        lock.withLock {
            defer { isSet = true }
            return !isSet
        }
    }
}
