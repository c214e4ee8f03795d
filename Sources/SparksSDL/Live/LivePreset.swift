import SparksCore

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

/// A preset file running as a scene that follows every save of the file and of the images it
/// names. A good save is applied at a step boundary with live particles kept where the
/// structure still matches (`Scene.update(to:)`); a bad save — invalid, momentarily empty,
/// missing — leaves the last good scene running and keeps the problem for display.
public final class LivePreset {
    /// What a poll did.
    public enum Event: Equatable {
        /// The saved preset was applied to the running scene.
        case updated(Scene.UpdateSummary)
        /// The preset was applied by rebuilding the scene (a different step rate, or a switch).
        case restarted
        /// The saved preset has problems; the last good scene keeps running.
        case failed(String)
    }

    /// The preset file.
    public private(set) var url: URL
    /// The running scene.
    public private(set) var scene: Scene
    /// The problems of the file as last read, or nil when it was good.
    public private(set) var problem: PresetError?
    /// Reloads applied since the start.
    public private(set) var reloadCount = 0
    /// Image files whose contents changed in the last reload (their cached textures are stale).
    public private(set) var changedImages: Set<String> = []

    private let load: (URL) -> Result<SceneDescription, PresetError>
    private let prepare: (Scene) throws -> Void
    private let makeScene: (SceneDescription) -> Scene
    private let watcher: FileWatcher
    private let report: (String) -> Void
    private var lastReported: String?

    /// Loads `url` and starts watching it.
    /// - Parameters:
    ///   - url: the preset file.
    ///   - load: reads and validates a preset file.
    ///   - makeScene: builds a scene for a description.
    ///   - prepare: applied to every new or updated scene (command-line overrides).
    ///   - report: receives each new problem once, and a line when it is fixed (stderr).
    /// Says `message` on standard error, as `sparks: message`.
    @usableFromInline
    static func reportToStandardError(_ message: String) {
        StandardStream.error.write("sparks: \(message)\n")
    }

    ///   - settleTime: quiet time after a save before it is read.
    public init(
        url: URL,
        load: @escaping (URL) -> Result<SceneDescription, PresetError>,
        makeScene: @escaping (SceneDescription) -> Scene = { Scene($0) },
        prepare: @escaping (Scene) throws -> Void = { _ in },
        report: @escaping (String) -> Void = LivePreset.reportToStandardError,
        settleTime: Double = 0.1
    ) throws {
        self.url = url
        self.load = load
        self.prepare = prepare
        self.makeScene = makeScene
        self.report = report
        let description = try load(url).get()
        scene = makeScene(description)
        try prepare(scene)
        watcher = FileWatcher(paths: [], settleTime: settleTime)
        watcher.watch(watchedPaths(description))
    }

    /// Checks the files; applies a settled save. Call once per frame, before stepping.
    public func poll(now: Double) -> Event? {
        guard let changed = watcher.poll(now: now) else { return nil }
        changedImages = changed.filter { $0 != url.path }
        return reload()
    }

    /// Reads the file again now and applies it.
    public func reload() -> Event {
        switch load(url) {
        case .failure(let error):
            problem = error
            let text = error.description
            if text != lastReported {
                report(text)
                lastReported = text
            }
            // Keep watching the images of the running scene and the preset itself.
            watcher.watch(watchedPaths(scene.source))
            return .failed(text)
        case .success(let description):
            if problem != nil { report("\(displayName): fixed, reloaded") }
            problem = nil
            lastReported = nil
            reloadCount += 1
            watcher.watch(watchedPaths(description))
            if scene.requiresRestart(for: description) {
                return replaceScene(with: description) ? .restarted : .failed(problem?.description ?? "")
            }
            let summary = scene.update(to: description)
            do {
                try prepare(scene)
            } catch {
                report("\(error)")
            }
            return .updated(summary)
        }
    }

    /// Switches to another preset file (Tab). When it cannot be read, the running scene stays
    /// and the problem is shown; fixing the file loads it.
    @discardableResult
    public func switchTo(_ newURL: URL) -> Event {
        url = newURL
        lastReported = nil
        reloadCount = 0
        switch load(newURL) {
        case .failure(let error):
            problem = error
            report(error.description)
            lastReported = error.description
            watcher.watch([newURL.path])
            return .failed(error.description)
        case .success(let description):
            problem = nil
            watcher.watch(watchedPaths(description))
            return replaceScene(with: description) ? .restarted : .failed(problem?.description ?? "")
        }
    }

    /// Starts the current preset again from time 0 (R).
    public func restart() {
        _ = replaceScene(with: scene.source)
    }

    private func replaceScene(with description: SceneDescription) -> Bool {
        let fresh = makeScene(description)
        do {
            try prepare(fresh)
        } catch {
            report("\(error)")
            return false
        }
        scene = fresh
        return true
    }

    /// The preset's file name for messages.
    public var displayName: String { url.lastPathComponent }

    /// The preset file and every image it names.
    private func watchedPaths(_ description: SceneDescription) -> [String] {
        description.watchedPaths(preset: url)
    }
}
