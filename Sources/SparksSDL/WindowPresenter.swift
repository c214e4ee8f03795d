import CSparksSDL2
import SparksCore
import SparksRaster

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

/// A desktop window that runs a live preset in real time.
///
/// Real time goes through a ``ScenePlayer`` (the studio's preview plays the same way): each
/// frame runs as many fixed steps as the elapsed time asks for, bounded; when the machine
/// cannot keep up, time slows and the HUD says so. Saves of the preset file are applied between steps (see ``LivePreset``); a bad save shows
/// its problems over the running effect.
///
/// Controls: drag with the mouse to move the first emitter's `emitterPosition`, and W (or
/// Ctrl-S) writes it to the preset file; Space pauses; → steps once while paused; + and −
/// change speed; R restarts; Tab and Shift-Tab switch to the next and previous preset of the
/// folder; S saves a screenshot (Shift-S with the HUD); C shows live particles by layer and
/// cell in the HUD; H hides the HUD; Esc or Q quits.
public final class WindowPresenter {
    /// Settings of the window.
    public struct Options {
        /// Window title prefix.
        public var title = "Sparks"
        /// Whether the HUD starts visible.
        public var showsHUD = true
        /// Initial simulation speed.
        public var speed = 1.0
        /// Folder for screenshots (S).
        public var screenshotDirectory = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        /// Presets Tab and Shift-Tab move through, in order.
        public var presets: [URL] = []
        /// Which path draws the picture.
        public var renderer = WindowRenderer.auto
        /// Threads for the CPU rasterizer (the picture is the same for any number).
        public var drawThreads = ProcessInfo.processInfo.activeProcessorCount
        /// Whether the clock starts paused.
        public var startsPaused = false
        /// Most memory for decoded textures, in bytes.
        public var maxTextureBytes = PresetLimits.defaultMaxTextureBytes
        /// Creates default options.
        public init() {}
    }

    private var options: Options
    private let live: LivePreset
    private var scene: Scene { live.scene }
    private var player: ScenePlayer
    private let window: OpaquePointer
    private let canvas: WindowCanvas
    private var renderer: OpaquePointer { canvas.renderer }
    private var hud: HeadsUpDisplay?
    private var list = RenderList()

    private var showsHUD: Bool
    /// Whether the HUD lists live particles by emitter layer and cell (C).
    private var showsCounts = false
    private var dragging = false
    /// Where the mouse put the first emitter, in its layer's coordinates: kept across reloads
    /// of the same preset (a designer tuning it keeps it where it was put), forgotten on Tab.
    private var draggedPosition: Point?
    /// Shift-S asked for a picture with the HUD: taken after the overlays are drawn.
    private var screenshotWithHUDPending = false
    /// Tells standard error once that the covered-pixel budget cut a frame (the HUD shows each).
    private var budgetCuts = BudgetCutReport()
    private var running = true
    private var screenshotCount = 0
    /// The notes already shown in the HUD.
    private var shownNotes: Set<String> = []
    private var message: (text: String, until: UInt64)?

    // Statistics for the HUD, refreshed four times a second.
    private var stepsThisPeriod = 0
    private var framesThisPeriod = 0
    private var periodStart: UInt64 = 0
    private var stepsPerSecond = 0.0
    private var frameMilliseconds = 0.0
    /// Seconds spent in each part of the frames of this period, and their mean per frame in ms.
    private var partSeconds = FrameParts()
    private var partMilliseconds = FrameParts()
    private var behindUntil: UInt64 = 0

    /// Opens a window sized to the preset's canvas.
    public init(options: Options = Options(), live: LivePreset) throws {
        self.options = options
        self.live = live
        player = ScenePlayer(stepRate: live.scene.source.stepRate, speed: options.speed, paused: options.startsPaused)
        showsHUD = options.showsHUD

        if SDL_WasInit(UInt32(SDL_INIT_VIDEO)) == 0, SDL_InitSubSystem(UInt32(SDL_INIT_VIDEO)) != 0 {
            let error = SDLError("opening a window")
            throw SDLError(
                "opening a window",
                reason:
                    "\(error.reason). Is there a display? (DISPLAY=\(ProcessInfo.processInfo.environment["DISPLAY"] ?? "unset"); run under xvfb-run, or use `sparks render` to write PNG files)"
            )
        }
        // Without a display SDL falls back to drivers that show nothing; say so instead.
        let driver = SDL_GetCurrentVideoDriver().map { String(cString: $0) } ?? ""
        if ["offscreen", "dummy", "evdev"].contains(driver), ProcessInfo.processInfo.environment["SDL_VIDEODRIVER"] == nil {
            SDL_QuitSubSystem(UInt32(SDL_INIT_VIDEO))
            let environment = ProcessInfo.processInfo.environment
            let named = ["DISPLAY", "WAYLAND_DISPLAY"].compactMap { key in environment[key].flatMap { $0.isEmpty ? nil : "\(key)=\($0)" } }
            let which =
                named.isEmpty
                ? "there is no display (DISPLAY and WAYLAND_DISPLAY are not set)"
                : "there is no display: none answered at \(named.joined(separator: ", "))"
            throw SDLError(
                "opening a window",
                reason: "\(which). Run it on a desktop, under xvfb-run, or use `sparks render` to write PNG files"
            )
        }
        let size = live.scene.source.canvas
        // Hidden until its renderer exists: SDL makes a GL renderer by destroying the window and
        // making another, which would otherwise flash on screen (and give the desktop two windows).
        guard
            let window = SDL_CreateWindow(
                options.title, SparksWindowPosCentered(), SparksWindowPosCentered(),
                Int32(size.width), Int32(size.height), SDL_WINDOW_RESIZABLE.rawValue | SDL_WINDOW_HIDDEN.rawValue)
        else { throw SDLError("creating the window") }
        do throws(SDLError) {
            canvas = try WindowCanvas(
                window: window, choice: options.renderer, threads: options.drawThreads, decoder: SDLImageDecoder(),
                maxTextureBytes: options.maxTextureBytes)
        } catch {
            SDL_DestroyWindow(window)
            throw error
        }
        self.window = window
        do {
            hud = try HeadsUpDisplay()
        } catch {
            StandardStream.error.write("sparks: HUD disabled: \(error)\n")
        }
        fitCanvas(resizeWindow: false)
        updateTitle()
        SDL_ShowWindow(window)
    }

    /// Which path draws the picture, for people and tests: "cpu (2 threads)" or "gpu (…)".
    public var rendererSummary: String { canvas.summary }

    deinit {
        // Everything drawn into the window's renderer goes first, then the renderer, then the
        // window: a GL renderer's textures die with the window's context, and destroying
        // them after it reads freed memory (it crashed under SDL's offscreen driver).
        hud = nil
        canvas.close()
        SDL_DestroyWindow(window)
    }

    /// Runs until the window is closed, Esc or Q is pressed, or `seconds` of real time pass.
    public func run(seconds: Double? = nil) {
        let frequency = Double(SDL_GetPerformanceFrequency())
        let start = SDL_GetPerformanceCounter()
        var last = start
        periodStart = start
        scene.startIfNeeded()
        flashNewNotes()
        while running {
            var event = SDL_Event()
            while SDL_PollEvent(&event) != 0 { handle(event) }

            let now = SDL_GetPerformanceCounter()
            let elapsed = Double(now &- last) / frequency
            last = now
            let sinceStart = Double(now &- start) / frequency
            if let seconds, sinceStart >= seconds { break }

            // Saves are applied here, between steps.
            if let change = live.poll(now: sinceStart) { applied(change) }

            var mark = SDL_GetPerformanceCounter()
            func lap(_ part: WritableKeyPath<FrameParts, Double>) {
                let now = SDL_GetPerformanceCounter()
                partSeconds[keyPath: part] += Double(now &- mark) / frequency
                mark = now
            }
            if case .stepped(let steps, let dropped) = player.advance(scene, byWallSeconds: elapsed) {
                if dropped > 0 { behindUntil = now + UInt64(frequency) }
                stepsThisPeriod += steps
            }
            lap(\.simulate)
            scene.buildRenderList(into: &list)
            canvas.build(list)
            budgetCuts.note(canvas.budgetCut, at: scene.time)
            lap(\.build)
            canvas.draw()
            lap(\.draw)
            drawOverlays()
            if screenshotWithHUDPending {
                screenshotWithHUDPending = false
                saveScreenshot(withHUD: true)
            }
            SDL_RenderPresent(renderer)
            lap(\.present)
            framesThisPeriod += 1
            updateStatistics(now: SDL_GetPerformanceCounter(), frequency: frequency)

            // Without vsync (Xvfb, software) cap the loop at about 60 frames per second.
            let frameSeconds = Double(SDL_GetPerformanceCounter() &- now) / frequency
            if frameSeconds < 1.0 / 60 { SDL_Delay(UInt32((1.0 / 60 - frameSeconds) * 1000)) }
        }
    }

    /// Follows a reload or switch: new textures, clock and canvas as needed.
    private func applied(_ event: LivePreset.Event) {
        for path in live.changedImages { canvas.invalidate(path) }
        switch event {
        case .updated(let summary):
            fitCanvas(resizeWindow: false)
            if let draggedPosition, let emitter = scene.emitterLayers.first { emitter.emitterPosition = draggedPosition }
            var text = "reloaded \(live.displayName)"
            if summary.startedLayers > 0 || summary.removedLayers > 0 {
                text +=
                    " (\(summary.startedLayers) layer\(summary.startedLayers == 1 ? "" : "s") started, \(summary.removedLayers) removed)"
            }
            flash(text)
            flashNewNotes()
            // Written at once (not buffered), also when the output goes to a file.
            StandardStream.output.write("\(text)\n")
        case .restarted:
            draggedPosition = nil
            restartClock()
            fitCanvas(resizeWindow: true)
            flash("loaded \(live.displayName)")
            flashNewNotes()
        case .failed:
            if let problem = live.problem {
                let lines = problem.diagnostics.map { "  \($0.description)" }.joined(separator: "\n")
                StandardStream.error.write("sparks: \(live.displayName) has problems; the last good version keeps running:\n\(lines)\n")
            }
        }
        updateTitle()
    }

    private func restartClock() {
        player.restarted(stepRate: scene.source.stepRate)
        scene.startIfNeeded()
    }

    private func fitCanvas(resizeWindow: Bool) {
        let size = scene.source.canvas.size
        if resizeWindow { SDL_SetWindowSize(window, Int32(size.width), Int32(size.height)) }
        canvas.layout(canvas: size)
    }

    /// The HUD and the problem panel, over the picture.
    private func drawOverlays() {
        SDL_RenderSetViewport(renderer, nil)
        if showsHUD, let hud { hud.draw(hudText(), renderer: renderer, wrapWidth: canvas.outputWidth - 24) }
        if let problem = live.problem, let hud {
            // The problems of the last save, over the last good effect, until the file is fixed:
            // a strip of the first three, on the half of the window the emitter is not on.
            let shown = 3
            let lines = problem.diagnostics.prefix(shown).map(\.description)
            var text =
                "\(live.displayName) has \(problem.diagnostics.count) problem\(problem.diagnostics.count == 1 ? "" : "s"); the last good version keeps running:\n"
                + lines.joined(separator: "\n")
            if problem.diagnostics.count > shown {
                text += "\n… and \(problem.diagnostics.count - shown) more (sparks validate \(live.url.path))"
            }
            hud.drawPanel(
                text, renderer: renderer, panel: SDL_Color(r: 120, g: 16, b: 24, a: 215), wrapWidth: canvas.viewport.w - 20,
                atTop: emitterIsInLowerHalf, below: showsHUD ? hud.shownHeight : 0)
        }
    }

    /// Whether the first emitter's position is in the lower half of the canvas (the problem
    /// strip then goes at the top).
    private var emitterIsInLowerHalf: Bool {
        guard let emitter = scene.emitterLayers.first else { return false }
        let onCanvas = emitter.presentedTransformToCanvas.apply(to: emitter.emitterPosition)
        return onCanvas.y > scene.source.canvas.height / 2
    }

    private func hudText() -> String {
        var status = "\(live.displayName)"
        if live.problem != nil {
            status += "  (last save has problems)"
        } else if live.reloadCount > 0 {
            status += "  (reloaded \(live.reloadCount)×)"
        }
        let parts = partMilliseconds
        func ms(_ v: Double) -> String { NumberText.fixed(v, decimals: 1) }
        var lines = [
            "\(status)   t = \(NumberText.fixed(scene.time, decimals: 2)) s\(player.isPaused ? "   PAUSED" : "")\(player.speed != 1 ? "   speed ×\(formatSpeed(player.speed))" : "")",
            "particles \(scene.liveParticleCount)   steps/s \(Int(stepsPerSecond.rounded()))   frame \(ms(frameMilliseconds)) ms   drawn by \(canvas.summary)",
            "simulate \(ms(parts.simulate))  build \(ms(parts.build))  draw \(ms(parts.draw))  present \(ms(parts.present)) ms",
        ]
        if behindUntil > SDL_GetPerformanceCounter() {
            lines.append(
                "slowed: \(parts.slowest) takes longest (\(ms(parts[keyPath: parts.slowestPart])) ms a frame); time runs slower than real time"
            )
        }
        if scene.budget.refusedBirths > 0 {
            lines.append("particle budget \(scene.budget.limit) reached: \(scene.budget.refusedBirths) births refused")
        }
        if scene.undrawnParticles > 0 {
            lines.append("drawn-quad budget reached: \(scene.undrawnParticles) particles not drawn (--max-drawn-quads)")
        }
        if let cut = canvas.budgetCut { lines.append("\(cut) (--max-covered-pixels)") }
        if !canvas.textureFailures.isEmpty {
            lines.append("texture errors: " + canvas.textureFailures.values.map(\.description).joined(separator: "; "))
        }
        if showsCounts {
            for count in scene.liveCountsByLayer {
                lines.append(
                    "\(count.layer): \(count.total)   " + count.cells.map { "\($0.name) \($0.count)" }.joined(separator: "  "))
            }
        }
        if let message, message.until > SDL_GetPerformanceCounter() { lines.append(message.text) }
        return lines.joined(separator: "\n")
    }

    /// Plain ASCII: SDL sets the X11 title through the C locale, which mangles other characters.
    private func updateTitle() {
        var title = "\(options.title) - \(scene.source.name)"
        if live.problem != nil { title += " - \(live.displayName): last save has problems" }
        SDL_SetWindowTitle(window, title)
    }

    private func updateStatistics(now: UInt64, frequency: Double) {
        let period = Double(now &- periodStart) / frequency
        guard period >= 0.25 else { return }
        stepsPerSecond = Double(stepsThisPeriod) / period
        frameMilliseconds = framesThisPeriod > 0 ? period * 1000 / Double(framesThisPeriod) : 0
        partMilliseconds = partSeconds.perFrame(framesThisPeriod)
        stepsThisPeriod = 0
        framesThisPeriod = 0
        partSeconds = FrameParts()
        periodStart = now
    }

    private func handle(_ event: SDL_Event) {
        switch event.type {
        case SDL_QUIT.rawValue:
            running = false
        case SDL_KEYDOWN.rawValue:
            let modifiers = Int32(event.key.keysym.mod)
            handleKey(
                event.key.keysym.sym, shift: (modifiers & Int32(KMOD_SHIFT.rawValue)) != 0,
                control: (modifiers & Int32(KMOD_CTRL.rawValue)) != 0)
        case SDL_MOUSEBUTTONDOWN.rawValue where event.button.button == UInt8(SDL_BUTTON_LEFT):
            dragging = true
            moveEmitter(toX: event.button.x, y: event.button.y)
        case SDL_MOUSEBUTTONUP.rawValue where event.button.button == UInt8(SDL_BUTTON_LEFT):
            dragging = false
        case SDL_MOUSEMOTION.rawValue where dragging:
            moveEmitter(toX: event.motion.x, y: event.motion.y)
        case SDL_WINDOWEVENT.rawValue where event.window.event == UInt8(SDL_WINDOWEVENT_SIZE_CHANGED.rawValue):
            canvas.layout(canvas: scene.source.canvas.size)
        default:
            break
        }
    }

    private func handleKey(_ key: SDL_Keycode, shift: Bool, control: Bool) {
        switch key {
        case SDL_Keycode(SDLK_ESCAPE.rawValue), SDL_Keycode(SDLK_q.rawValue):
            running = false
        case SDL_Keycode(SDLK_SPACE.rawValue):
            player.isPaused.toggle()
        case SDL_Keycode(SDLK_RIGHT.rawValue) where player.isPaused:
            scene.step()
        case SDL_Keycode(SDLK_PLUS.rawValue), SDL_Keycode(SDLK_EQUALS.rawValue), SDL_Keycode(SDLK_KP_PLUS.rawValue):
            flash("speed ×\(formatSpeed(player.faster()))")
        case SDL_Keycode(SDLK_MINUS.rawValue), SDL_Keycode(SDLK_KP_MINUS.rawValue):
            flash("speed ×\(formatSpeed(player.slower()))")
        case SDL_Keycode(SDLK_r.rawValue):
            live.restart()
            restartClock()
            flash("restarted")
        case SDL_Keycode(SDLK_TAB.rawValue):
            switchPreset(by: shift ? -1 : 1)
        case SDL_Keycode(SDLK_s.rawValue) where control, SDL_Keycode(SDLK_w.rawValue):
            writeEmitterPositionBack()
        case SDL_Keycode(SDLK_s.rawValue):
            if shift { screenshotWithHUDPending = true } else { saveScreenshot(withHUD: false) }
        case SDL_Keycode(SDLK_c.rawValue):
            showsCounts.toggle()
        case SDL_Keycode(SDLK_h.rawValue):
            showsHUD.toggle()
        default:
            break
        }
    }

    private func switchPreset(by offset: Int) {
        let presets = options.presets
        guard !presets.isEmpty else {
            flash("no presets folder to move through")
            return
        }
        let current = presets.firstIndex { $0.standardizedFileURL == live.url.standardizedFileURL } ?? (offset > 0 ? -1 : 0)
        let next = presets[((current + offset) % presets.count + presets.count) % presets.count]
        applied(live.switchTo(next))
    }

    /// Moves the first emitter's `emitterPosition` under the pointer (given in canvas points):
    /// new particles are born there; live ones keep flying (core-animation.md §5.2).
    private func moveEmitter(toX x: Int32, y: Int32) {
        guard let emitter = scene.emitterLayers.first else { return }
        emitter.emitterPosition = emitter.pointFromCanvas(canvas.canvasPoint(window: window, x: x, y: y))
        draggedPosition = emitter.emitterPosition
    }

    /// Writes the first emitter's `emitterPosition` (where it was dragged) into the preset file,
    /// changing only that value's text: comments, spacing and every other value stay as written.
    /// The save is then read back like any other.
    private func writeEmitterPositionBack() {
        guard let emitter = scene.emitterLayers.first, let path = scene.source.emitterLayerPaths.first else {
            flash("no emitter layer to write back")
            return
        }
        func text(_ v: Double) -> String { NumberText.shortest((v * 10).rounded() / 10) }
        let value = "[\(text(emitter.emitterPosition.x)), \(text(emitter.emitterPosition.y))]"
        do {
            let file = try CheckedFile.read(live.url, maxBytes: PresetLimits.defaultMaxPresetBytes)
            let edited = try PresetTextEdit.setting(value, at: path + [.key("emitterPosition")], in: file.bytes)
            try Data(edited).write(to: live.url, options: .atomic)
            let said = "wrote emitterPosition \(value) to \(live.displayName)"
            flash(said)
            StandardStream.output.write("\(said)\n")
        } catch {
            let said = "could not write emitterPosition to \(live.displayName): \(error)"
            flash(said)
            StandardStream.error.write("sparks: \(said)\n")
        }
    }

    /// Saves the picture as a PNG in the screenshot folder: the effect as drawn (S), or the
    /// whole window with the HUD and any problem panel (Shift-S).
    private func saveScreenshot(withHUD: Bool) {
        var url: URL
        repeat {
            screenshotCount += 1
            url = options.screenshotDirectory.appendingPathComponent("sparks-\(scene.source.name)-\(screenshotCount).png")
        } while FileManager.default.fileExists(atPath: url.path)
        do {
            try (withHUD ? canvas.windowPicture() : canvas.picture()).writePNG(to: url.path)
            StandardStream.output.write("saved screenshot \(url.path)\n")
            flash("saved \(url.lastPathComponent)")
        } catch {
            report("screenshot failed: \(error)")
        }
    }

    /// Notes of the preset (a transform swinging a zero-size layer, keys read but not acted on)
    /// not shown yet, in the HUD for a while (the terminal has them once too).
    private func flashNewNotes() {
        let fresh = scene.source.notes.filter { !shownNotes.contains($0) }
        shownNotes.formUnion(fresh)
        guard let first = fresh.first else { return }
        message = (
            "note: \(first)" + (fresh.count > 1 ? " (and \(fresh.count - 1) more: sparks validate)" : ""),
            SDL_GetPerformanceCounter() + 8 * SDL_GetPerformanceFrequency()
        )
    }

    private func flash(_ text: String) {
        message = (text, SDL_GetPerformanceCounter() + 2 * SDL_GetPerformanceFrequency())
    }

    private func report(_ text: String) {
        StandardStream.error.write("sparks: \(text)\n")
        flash(text)
    }

    private func formatSpeed(_ s: Double) -> String {
        s >= 1 ? NumberText.shortest(s) : "1/\(Int((1 / s).rounded()))"
    }

}

/// Where a frame's time goes.
struct FrameParts {
    /// Fixed steps of the simulation.
    var simulate = 0.0
    /// The render list and its draw list.
    var build = 0.0
    /// Rasterizing (CPU) or issuing draw calls (GPU).
    var draw = 0.0
    /// Showing the picture: uploading the buffer, the HUD, presenting.
    var present = 0.0

    /// Each part divided by `frames`, in milliseconds.
    func perFrame(_ frames: Int) -> FrameParts {
        let f = frames > 0 ? 1000 / Double(frames) : 0
        return FrameParts(simulate: simulate * f, build: build * f, draw: draw * f, present: present * f)
    }

    /// The part that takes longest.
    var slowestPart: KeyPath<FrameParts, Double> {
        [\FrameParts.simulate, \.build, \.draw, \.present].max { self[keyPath: $0] < self[keyPath: $1] } ?? \.draw
    }

    /// Its name.
    var slowest: String {
        switch slowestPart {
        case \FrameParts.simulate: "simulating"
        case \FrameParts.build: "building the draw list"
        case \FrameParts.draw: "drawing"
        default: "presenting"
        }
    }
}
