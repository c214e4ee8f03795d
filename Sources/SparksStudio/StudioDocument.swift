import Foundation
import SparksCommandSupport
import SparksCore
import SparksSDL

/// The preset the studio edits: its text as the truth, the last version of it that was good
/// (which the preview runs), its problems, and the session's undo history. Every change — an
/// edit from a page, undo, redo, a save from a text editor — makes a new version; pages follow
/// the version. Edits go through ``PresetTextEdit``, so the file keeps its comments, key order
/// and formatting, and are written to the file once they have been quiet for ``saveDelay``.
final class StudioDocument: @unchecked Sendable {
    /// One state of the document, as pages see it.
    struct Snapshot: Sendable {
        /// Counts every change of the text since the studio opened the file.
        var version: Int
        var text: [UInt8]
        /// The last good description (what the preview runs).
        var description: SceneDescription
        /// The current text's problems (empty when it is good).
        var problems: [PresetDiagnostic]
        var canUndo: Bool
        var canRedo: Bool
        /// Whether the current text is on disk.
        var isSaved: Bool
        /// Image files whose contents changed while the studio had the preset open, each with
        /// the version at which it last changed (a preview drawing an older version reads it
        /// again).
        var changedImages: [String: Int]
    }

    /// The preset file.
    let url: URL
    /// The folder it must stay in (a symbolic link out of it is refused at every read).
    let folder: URL
    let locator: PresetLocator
    let limits: PresetLimits
    /// Quiet time after the last edit before the file is written, in seconds.
    let saveDelay: Double
    /// Undo steps kept (the oldest go first).
    static let undoDepth = 500
    /// Bytes of text the undo and redo history may hold in all (the oldest steps go first).
    static let historyBytes = 64 << 20
    /// Edits one change may make.
    static let maxEdits = 100
    /// Bytes of preset text one change may read through (each edit reads the whole text
    /// once): a budget on the work a single message can ask for.
    static let maxEditWork = 16 << 20

    private let lock = Lock()
    private var text: [UInt8]
    private var savedText: [UInt8]
    private var version = 0
    private var description: SceneDescription
    private var problems: [PresetDiagnostic] = []
    private var undoStack: [(text: [UInt8], group: String?)] = []
    private var redoStack: [[UInt8]] = []
    /// Bytes held by both stacks.
    private var historyCount = 0
    private var lastGroup: String?
    private var editedAt: Double?
    private let watcher: FileWatcher
    private var saveFailure: String?
    /// Whether `text` is what the file holds (kept as the two change).
    private var isSaved = true
    private var changedImages: [String: Int] = [:]

    /// Opens `url`; fails when the file cannot be read or is not a good preset (the studio
    /// needs one good version to run).
    init(url: URL, within folder: URL, locator: PresetLocator, limits: PresetLimits, saveDelay: Double = 0.25) throws {
        self.url = url
        self.folder = folder
        self.locator = locator
        self.limits = limits
        self.saveDelay = saveDelay
        let bytes = try Self.read(url, within: folder, limits: limits)
        switch locator.load(url, text: bytes, limits: limits) {
        case .success(let description): self.description = description
        case .failure(let error): throw CommandError(error.description)
        }
        text = bytes
        savedText = bytes
        watcher = FileWatcher(paths: [url.path], settleTime: 0.02)
        watchFiles()
    }

    /// The file name for messages.
    var displayName: String { url.lastPathComponent }

    /// The document now.
    func snapshot() -> Snapshot {
        lock.locked { makeSnapshot() }
    }

    /// The version now and whether it is on disk (cheap: pages poll it every frame).
    var currentState: State { lock.locked { State(version: version, isSaved: isSaved) } }

    /// What a page follows: the version, and whether it has been saved.
    struct State: Equatable {
        var version: Int
        var isSaved: Bool
    }

    private func makeSnapshot() -> Snapshot {
        Snapshot(
            version: version, text: text, description: description, problems: problems, canUndo: !undoStack.isEmpty,
            canRedo: !redoStack.isEmpty, isSaved: isSaved, changedImages: changedImages)
    }

    /// Applies `edits` in order as one change. Edits of the same `group` (one slider drag, one
    /// drag on the preview) make one undo step. Nothing changes when any edit fails. The text
    /// is edited and read outside the document's lock (other pages keep being answered), and
    /// the change is kept only if no other change came first (it is made again if one did).
    func apply(_ edits: [StudioEdit], group: String? = nil, now: Double) throws(StudioEdit.Failure) -> Snapshot {
        guard edits.count <= Self.maxEdits else {
            throw StudioEdit.Failure(description: "\(edits.count) edits in one change; at most \(Self.maxEdits) are made at once")
        }
        for _ in 0..<4 {
            let (base, baseVersion) = lock.locked { (text, version) }
            guard base.count * max(edits.count, 1) <= Self.maxEditWork else {
                throw StudioEdit.Failure(
                    description:
                        "\(edits.count) edits of a \(CheckedFile.describe(bytes: base.count)) preset in one change is more work than one change may ask for; send fewer at a time"
                )
            }
            var edited = base
            for edit in edits {
                edited = try edit.applied(to: edited)
                guard edited.count <= limits.maxPresetBytes else {
                    throw StudioEdit.Failure(description: "the preset would be larger than \(limits.maxPresetBytes) bytes")
                }
            }
            if edited == base { return snapshot() }
            let loaded = locator.load(url, text: edited, limits: limits)
            let committed = lock.locked { () -> Snapshot? in
                guard version == baseVersion else { return nil }
                if group == nil || group != lastGroup { pushUndo(group: group) }
                clearRedo()
                lastGroup = group
                replaceText(with: edited, loaded: loaded)
                editedAt = now
                return makeSnapshot()
            }
            if let committed { return committed }
        }
        throw StudioEdit.Failure(description: "the preset kept changing while this edit was made; nothing changed")
    }

    /// Goes back one change; false when there is none.
    @discardableResult
    func undo(now: Double) -> Bool {
        lock.locked {
            guard let previous = undoStack.popLast() else { return false }
            historyCount -= previous.text.count
            redoStack.append(text)
            historyCount += text.count
            lastGroup = nil
            replaceText(with: previous.text)
            editedAt = now
            return true
        }
    }

    /// Goes forward one undone change; false when there is none.
    @discardableResult
    func redo(now: Double) -> Bool {
        lock.locked {
            guard let next = redoStack.popLast() else { return false }
            historyCount -= next.count
            pushUndo(group: nil)
            lastGroup = nil
            replaceText(with: next)
            editedAt = now
            return true
        }
    }

    /// Writes pending edits once they have been quiet for ``saveDelay`` (or at once with
    /// `force`), and takes in a save made elsewhere and changed images. Returns what went
    /// wrong with a save.
    @discardableResult
    func tick(now: Double, force: Bool = false) -> String? {
        lock.locked {
            if let editedAt, force || now - editedAt >= saveDelay, text != savedText {
                do {
                    try Data(text).write(to: url, options: .atomic)
                    savedText = text
                    isSaved = true
                    saveFailure = nil
                } catch {
                    saveFailure = "could not save \(displayName): \(error.localizedDescription)"
                }
                self.editedAt = nil
            }
            let changed = watcher.poll(now: now) ?? []
            // A change on disk that is not ours (a text editor, git, another studio); our own
            // saves come back here as the bytes we saved and are let pass.
            if changed.contains(url.path), let bytes = try? Self.read(url, within: folder, limits: limits), bytes != savedText {
                savedText = bytes
                isSaved = bytes == text
                if bytes != text {
                    pushUndo(group: nil)
                    clearRedo()
                    lastGroup = nil
                    replaceText(with: bytes)
                    editedAt = nil
                }
            }
            // An image the preset draws was saved: the text is read again (its size may have
            // changed) and previews forget the old pixels.
            let images = changed.subtracting([url.path])
            if !images.isEmpty {
                version += 1
                for path in images { changedImages[path] = version }
                loadText()
            }
            return saveFailure
        }
    }

    /// Keeps the current text as the next undo step (the oldest go beyond ``undoDepth`` or
    /// ``historyBytes``).
    private func pushUndo(group: String?) {
        undoStack.append((text, group))
        historyCount += text.count
        while !undoStack.isEmpty && (undoStack.count > Self.undoDepth || historyCount > Self.historyBytes) {
            historyCount -= undoStack.removeFirst().text.count
        }
    }

    private func clearRedo() {
        historyCount -= redoStack.reduce(0) { $0 + $1.count }
        redoStack.removeAll()
    }

    /// The text becomes `bytes`: read again (unless `loaded` is what reading it gave), and run
    /// when good.
    private func replaceText(with bytes: [UInt8], loaded: Result<SceneDescription, PresetError>? = nil) {
        text = bytes
        isSaved = text == savedText
        version += 1
        loadText(loaded)
    }

    /// Reads the text (or takes what reading it gave): a good one becomes the description
    /// previews run; a bad one's problems are kept, and the last good description runs on.
    private func loadText(_ loaded: Result<SceneDescription, PresetError>? = nil) {
        switch loaded ?? locator.load(url, text: text, limits: limits) {
        case .success(let good):
            description = good
            problems = []
            watchFiles()
        case .failure(let error):
            problems = error.diagnostics
        }
    }

    /// Follows the preset file and the images the running description draws.
    private func watchFiles() {
        watcher.watch(description.watchedPaths(preset: url))
    }

    private static func read(_ url: URL, within folder: URL, limits: PresetLimits) throws -> [UInt8] {
        do {
            return try CheckedFile.read(url, within: [folder], maxBytes: limits.maxPresetBytes).bytes
        } catch {
            throw CommandError("\(url.lastPathComponent): \(error.message)")
        }
    }
}
