import Foundation
import SparksCore
import SparksSDL
import Testing

/// A preset folder with fire.json and its texture, and a live preset on it whose reports are collected.
private final class LiveFixture {
    let folder: URL
    let file: URL
    var reports: [String] = []
    var live: LivePreset!
    var clock = 0.0

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("sparks-live-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        file = folder.appendingPathComponent("fire.json")
        try FileManager.default.copyItem(at: repositoryRoot.appendingPathComponent("presets/fire.json"), to: file)
        try FileManager.default.copyItem(
            at: repositoryRoot.appendingPathComponent("assets/fire.png"), to: folder.appendingPathComponent("fire.png"))
        live = try LivePreset(
            url: file,
            load: { PresetDecoder.load(contentsOf: $0, displayName: $0.lastPathComponent, assetDirectories: []) },
            report: { [unowned self] in self.reports.append($0) })
    }

    var text: String { (try? String(contentsOf: file, encoding: .utf8)) ?? "" }

    /// Runs frames of 1/60 s (one step each), polling the watcher first, for `seconds`.
    @discardableResult
    func frames(_ seconds: Double) -> [LivePreset.Event] {
        var events: [LivePreset.Event] = []
        for _ in 0..<Int((seconds * 60).rounded()) {
            clock += 1.0 / 60
            if let event = live.poll(now: clock) { events.append(event) }
            live.scene.step()
        }
        return events
    }

    func write(_ text: String) throws { try text.write(to: file, atomically: false, encoding: .utf8) }
}

@Suite("Live reload of a preset file, driven without a window", .serialized)
struct LiveReloadTests {
    @Test("valid → truncated → invalid → renamed over → deleted → valid again: the effect never stops")
    func saveStyles() throws {
        let f = try LiveFixture()
        f.frames(1)
        let original = f.text
        #expect(f.live.scene.liveParticleCount == 500)

        // An in-place edit of a value applies within 250 ms, keeping live particles.
        try f.write(original.replacingOccurrences(of: "\"yAcceleration\": -200", with: "\"yAcceleration\": -300"))
        var events = f.frames(0.25)
        #expect(events.count == 1)
        if case .updated(let summary)? = events.first {
            #expect(summary.keptLayers == 1 && summary.startedLayers == 0)
        } else {
            Issue.record("expected an update, got \(events)")
        }
        #expect(f.live.scene.liveParticleCount >= 490 && f.live.problem == nil)

        // Truncated (an editor's first write): a problem, reported once; the scene keeps stepping.
        let timeBefore = f.live.scene.time
        try f.write("")
        events = f.frames(0.5)
        #expect(events.count == 1 && f.live.problem != nil)
        #expect(f.reports.count == 1 && f.reports[0].contains("empty"))
        #expect(f.live.scene.time > timeBefore + 0.49)
        #expect(f.live.scene.liveParticleCount >= 490)

        // Invalid JSON (a missing bracket): a second problem, reported once.
        try f.write(String(original.dropLast(4)))
        events = f.frames(0.5)
        #expect(f.reports.count == 2 && f.reports[1].contains("fire.json:"))

        // The same bad file saved again: nothing new on stderr.
        try f.write(String(original.dropLast(4)))
        f.frames(0.5)
        #expect(f.reports.count == 2)

        // Written to a temporary file and renamed over (vim, VS Code, JetBrains): fixed.
        let temporary = f.folder.appendingPathComponent(".fire.json.swp")
        try original.replacingOccurrences(of: "\"birthRate\": 500", with: "\"birthRate\": 250").write(
            to: temporary, atomically: false, encoding: .utf8)
        _ = rename(temporary.path, f.file.path)
        events = f.frames(0.25)
        #expect(f.live.problem == nil)
        #expect(f.reports.count == 3 && f.reports[2].contains("fixed"))
        f.frames(2)
        #expect(abs(f.live.scene.liveParticleCount - 250) <= 2)

        // Deleted (delete-and-recreate, or a git checkout): a problem; the effect keeps going.
        try FileManager.default.removeItem(at: f.file)
        f.frames(0.5)
        #expect(f.live.problem?.description.contains("no such file") == true)
        #expect(f.reports.count == 4)
        #expect(abs(f.live.scene.liveParticleCount - 250) <= 2)

        // Created again: applied.
        try f.write(original)
        f.frames(0.25)
        #expect(f.live.problem == nil)
        f.frames(2)
        #expect(abs(f.live.scene.liveParticleCount - 500) <= 2)
    }

    @Test("A burst of saves is applied once, after it settles")
    func burst() throws {
        let f = try LiveFixture()
        f.frames(0.5)
        var events: [LivePreset.Event] = []
        for rate in [600, 700, 800, 900] {
            try f.write(f.text.replacingOccurrences(of: #""birthRate": \d+"#, with: "\"birthRate\": \(rate)", options: .regularExpression))
            events += f.frames(0.05)
        }
        events += f.frames(0.3)
        #expect(events.count == 1)
        #expect(f.live.reloadCount == 1)
        #expect(f.live.scene.source.layers[0].content.emitter!.emitterCells[0].birthRate == 900)

        // Another preset (Tab) counts its own reloads from 0.
        let other = f.folder.appendingPathComponent("other.json")
        try FileManager.default.copyItem(at: f.file, to: other)
        f.live.switchTo(other)
        #expect(f.live.reloadCount == 0)
    }

    @Test("A renamed cell restarts while the rest carries on; a changed texture file is reported for reloading")
    func structureAndTextures() throws {
        let f = try LiveFixture()
        f.frames(1)
        try f.write(f.text.replacingOccurrences(of: "\"name\": \"fire\"", with: "\"name\": \"flame\""))
        f.frames(0.25)
        // The cell restarted: only particles born since the edit.
        #expect(f.live.scene.liveParticleCount < 200)

        let image = f.folder.appendingPathComponent("fire.png")
        let data = try Data(contentsOf: image)
        try FileManager.default.removeItem(at: image)
        try data.write(to: image)
        let events = f.frames(0.25)
        #expect(events.count == 1)
        #expect(f.live.changedImages == [image.path])
    }

    @Test("The images followed are every one the preset draws, each once: contents, animated contents, masks, sublayers, cells, sub-cells")
    func imageFilesOfAPreset() throws {
        let json = """
            { "layers": [
                { "contents": "star.png", "bounds": [0, 0, 40, 40],
                  "animations": [ { "type": "keyframe", "keyPath": "contents", "values": ["heart.png", "star.png"], "duration": 2 },
                                  { "type": "group", "duration": 2, "animations": [
                                      { "type": "basic", "keyPath": "contents", "fromValue": "earth.png", "toValue": "smoke.png" } ] } ],
                  "mask": { "contents": "raindrop.png", "bounds": [0, 0, 40, 40] },
                  "sublayers": [ { "type": "emitter", "emitterCells": [
                      { "name": "a", "contents": "fire.png", "emitterCells": [ { "name": "b", "contents": "spark.png" } ] },
                      { "name": "c", "contents": "fire.png" } ] } ] } ] }
            """
        let assets = repositoryRoot.appendingPathComponent("assets")
        let description = try PresetDecoder(fileName: "test.json", resolver: ResourceResolver(roots: [assets]))
            .decode(Array(json.utf8), defaultName: "test").get()
        #expect(
            description.imageFiles.map(\.lastPathComponent)
                == ["star.png", "heart.png", "earth.png", "smoke.png", "raindrop.png", "fire.png", "spark.png"])
        #expect(description.imageFiles.allSatisfy { $0.deletingLastPathComponent().path == assets.path })
    }

    @Test("Switching to a broken preset keeps the running one and shows why; fixing it loads it")
    func switchToBroken() throws {
        let f = try LiveFixture()
        f.frames(0.5)
        let broken = f.folder.appendingPathComponent("broken.json")
        try #"{"layers": [{"type": "emiter"}]}"#.write(to: broken, atomically: false, encoding: .utf8)
        let event = f.live.switchTo(broken)
        guard case .failed(let text) = event else {
            Issue.record("expected a failure")
            return
        }
        #expect(text.contains("unknown value \"emiter\"") && text.contains("did you mean \"emitter\""))
        #expect(f.live.scene.source.name == "fire")
        try #"{"name": "fixed", "layers": [{"type": "emitter"}]}"#.write(to: broken, atomically: false, encoding: .utf8)
        f.frames(0.25)
        #expect(f.live.problem == nil && f.live.scene.source.name == "fixed")
    }
}
