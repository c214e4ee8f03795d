import Foundation
import SparksCore
import SparksRaster
import SparksSDL

/// One page's preview: a scene of the document's last good version, drawn by the offscreen
/// renderer `sparks render` uses, at the canvas's size, and played by the ``ScenePlayer`` the
/// window plays with. Paused at time t, it shows exactly `sparks render --at t` of the same
/// text (the scene is run from 0 to t again after each change); playing, a change is applied
/// keeping the live particles, as the window does.
///
/// Not thread-safe: one page's session uses it on one serial queue, never on the server's own
/// threads (a seek to an hour of a heavy preset is long work).
final class PreviewPlayer {
    /// What a page asks of the playback.
    enum Command: Equatable {
        case play, pause
        case speed(Double)
        /// One fixed step forward, paused.
        case step
        /// Back to 0, playing.
        case restart
        /// To scene time t, paused (the timeline).
        case seek(Double)
        /// Playing stops at scene time `seconds`, or starts again from 0 there (`loops`).
        case length(Double, loops: Bool)
    }

    /// One drawn frame and what it cost (its pixels: ``writePixels(into:)``).
    struct Frame {
        var width: Int, height: Int
        var time: Double
        var live: Int
        var simulateMilliseconds: Double
        var drawMilliseconds: Double
        /// What the drawing budget left out, if anything.
        var budgetCut: String?
        /// Births the particle budget refused since the scene started, and the budget.
        var refusedBirths: Int
        var particleLimit: Int
        var version: Int
        var paused: Bool
        var speed: Double
    }

    let limits: PresetLimits
    let threads: Int

    private(set) var version: Int
    private var description: SceneDescription
    private var scene: Scene
    private var renderer: OffscreenRenderer
    private var list = RenderList()
    private var player: ScenePlayer
    /// Wall time of the last frame, to advance the scene by when playing.
    private var lastWall: Double?
    private var needsFrame = true

    init(snapshot: StudioDocument.Snapshot, limits: PresetLimits, threads: Int) throws {
        self.limits = limits
        self.threads = threads
        version = snapshot.version
        description = snapshot.description
        scene = Scene(snapshot.description, limits: limits)
        scene.threadCount = threads
        renderer = try Self.renderer(for: snapshot.description, limits: limits, threads: threads)
        player = ScenePlayer(stepRate: snapshot.description.stepRate)
        player.setLength(ScenePlayer.maxTime, loops: true)
    }

    private static func renderer(for description: SceneDescription, limits: PresetLimits, threads: Int) throws -> OffscreenRenderer {
        let w = Int(description.canvas.width.rounded()), h = Int(description.canvas.height.rounded())
        let renderer = try OffscreenRenderer(
            width: min(max(w, 1), DrawList.maxSide), height: min(max(h, 1), DrawList.maxSide), maxTextureBytes: limits.maxTextureBytes)
        renderer.threadCount = threads
        return renderer
    }

    /// Whether the next frame differs from the last one sent (playing, or something changed).
    var hasNewFrame: Bool { needsFrame || !player.isPaused }

    /// Scene time now.
    var time: Double { scene.time }

    /// Carries out `command`. A seek runs the scene from 0 again, asking `shouldStop` as it
    /// goes; returns the time a seek stopped at when it stopped short.
    @discardableResult
    func perform(_ command: Command, shouldStop: () -> Bool = { false }) -> Double? {
        needsFrame = true
        switch command {
        case .play:
            player.isPaused = false
            lastWall = nil
        case .pause: player.isPaused = true
        case .speed(let s): player.speed = s
        case .step:
            player.isPaused = true
            scene.step()
        case .restart:
            rebuild(at: 0, shouldStop: shouldStop)
            player.isPaused = false
        case .seek(let t):
            player.isPaused = true
            return rebuild(at: t.isFinite ? min(max(t, 0), ScenePlayer.maxTime) : 0, shouldStop: shouldStop)
        case .length(let seconds, let loops):
            player.setLength(seconds, loops: loops)
        }
        return nil
    }

    /// Takes a new version of the document: paused, the scene is run again to the same time
    /// (asking `shouldStop` as it goes; the time it stopped at is returned when it stopped
    /// short); playing, the change is applied to the running scene.
    @discardableResult
    func update(to snapshot: StudioDocument.Snapshot, shouldStop: () -> Bool = { false }) -> Double? {
        guard snapshot.version != version else { return nil }
        for (path, changedAt) in snapshot.changedImages where changedAt > version { renderer.invalidateTexture(path) }
        version = snapshot.version
        needsFrame = true
        let changed = !Self.sameDescription(snapshot.description, description)
        description = snapshot.description
        guard changed else { return nil }
        if player.isPaused || scene.requiresRestart(for: description) {
            return rebuild(at: player.isPaused ? scene.time : 0, shouldStop: shouldStop)
        }
        _ = scene.update(to: description)
        return nil
    }

    /// The value a drag on the preview to canvas point (x, y) gives `key` of the layer at
    /// `path` (`layers`, index, `sublayers`, index…), as it is drawn now: a point in the
    /// layer's own coordinates (`emitterPosition`), in its superlayer's (`position`), or for a
    /// size (`emitterSize`) twice the distance from the emitter's position (or the bounds'
    /// centre) on each axis. Nil when there is no such layer.
    func dragValue(canvasX x: Double, y: Double, layer path: [PresetTextEdit.Step], key: String, kind: PropertyKind) -> [Double]? {
        guard let layer = Self.layer(at: path, in: scene.layers) else { return nil }
        let point = Point(x: x, y: y)
        if key == "position" {
            let inSuperlayer = layer.superlayer.map { $0.pointFromCanvas(point) } ?? point
            return [inSuperlayer.x, inSuperlayer.y]
        }
        let local = layer.pointFromCanvas(point)
        switch kind {
        case .size:
            let centre: Point
            if let emitter = layer as? EmitterLayer {
                centre = emitter.emitterPosition
            } else {
                let b = layer.properties.bounds
                centre = Point(x: b.origin.x + b.size.width / 2, y: b.origin.y + b.size.height / 2)
            }
            return [abs(local.x - centre.x) * 2, abs(local.y - centre.y) * 2]
        default:
            return [local.x, local.y]
        }
    }

    private static func layer(at path: [PresetTextEdit.Step], in layers: [Layer]) -> Layer? {
        guard path.count >= 2, path.count % 2 == 0, case .index(let i) = path[1], layers.indices.contains(i) else { return nil }
        if path.count == 2 { return layers[i] }
        guard case .key("sublayers") = path[2] else { return nil }
        return layer(at: Array(path.dropFirst(2)), in: layers[i].sublayers)
    }

    /// The frame for wall time `now` (seconds): the scene played for the time since the last
    /// frame (see ``ScenePlayer/advance(_:byWallSeconds:)``), then drawn.
    func frame(now: Double) throws -> Frame {
        let start = DispatchTime.now().uptimeNanoseconds
        if player.advance(scene, byWallSeconds: lastWall.map { max(now - $0, 0) } ?? 0) == .restart {
            rebuild(at: 0, shouldStop: { false })
        }
        lastWall = now
        scene.buildRenderList(into: &list)
        let built = DispatchTime.now().uptimeNanoseconds
        let w = Int(description.canvas.width.rounded()), h = Int(description.canvas.height.rounded())
        if w != renderer.width || h != renderer.height {
            renderer = try Self.renderer(for: description, limits: limits, threads: threads)
        }
        renderer.render(list)
        let drawn = DispatchTime.now().uptimeNanoseconds
        needsFrame = false
        return Frame(
            width: renderer.width, height: renderer.height, time: scene.time, live: scene.liveParticleCount,
            simulateMilliseconds: Double(built - start) / 1e6, drawMilliseconds: Double(drawn - built) / 1e6,
            budgetCut: renderer.budgetCut?.description ?? renderer.textureFailures.first.map { "\($0.key): \($0.value)" },
            refusedBirths: scene.budget.refusedBirths, particleLimit: scene.budget.limit, version: version, paused: player.isPaused,
            speed: player.speed)
    }

    /// Writes the last frame's pixels, straight-alpha RGBA rows top to bottom (what `sparks
    /// render` writes to PNG), into `out`: width × height × 4 bytes.
    func writePixels(into out: UnsafeMutableRawBufferPointer) {
        renderer.writeImage(into: out)
    }

    /// A new scene run from 0 to `t`; the time it stopped at when `shouldStop` ended it first.
    @discardableResult
    private func rebuild(at t: Double, shouldStop: () -> Bool) -> Double? {
        scene = Scene(description, limits: limits)
        scene.threadCount = threads
        player.restarted(stepRate: description.stepRate)
        lastWall = nil
        return scene.run(until: t, stoppingWhen: shouldStop) ? nil : scene.time
    }

    /// Whether two descriptions are the same preset (a save that changed only comments or
    /// spacing changes nothing on screen).
    private static func sameDescription(_ a: SceneDescription, _ b: SceneDescription) -> Bool {
        PresetEncoder.encode(a) == PresetEncoder.encode(b)
    }
}
