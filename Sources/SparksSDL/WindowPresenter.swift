import CSDL2
import Foundation
import SparksCore

/// A desktop window that runs a scene in real time.
///
/// Real time goes through a ``FixedStepClock``: each frame runs as many fixed steps as the
/// elapsed time asks for, bounded; when the machine cannot keep up, time slows and the HUD says
/// so. Controls: drag with the mouse to move the first emitter's `emitterPosition`; Space pauses;
/// → steps once while paused; + and − change speed; R restarts; S saves a screenshot; H hides the
/// HUD; Esc or Q quits.
public final class WindowPresenter {
    /// What the presenter needs from its owner.
    public struct Options {
        /// Window title prefix.
        public var title = "Sparks"
        /// Whether the HUD starts visible.
        public var showsHUD = true
        /// Initial simulation speed.
        public var speed = 1.0
        /// Folder for screenshots (S).
        public var screenshotDirectory = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        /// Creates default options.
        public init() {}
    }

    private let options: Options
    private let makeScene: () throws -> Scene
    private var scene: Scene
    private var clock: FixedStepClock
    private let window: OpaquePointer
    private let renderer: OpaquePointer
    private let textures: TextureCache
    private let drawer = RenderListDrawer()
    private var hud: HeadsUpDisplay?
    private var list = RenderList()

    private var showsHUD: Bool
    private var dragging = false
    private var running = true
    private var screenshotCount = 0
    private var message: (text: String, until: UInt64)?

    // Statistics for the HUD, refreshed four times a second.
    private var stepsThisPeriod = 0
    private var framesThisPeriod = 0
    private var workThisPeriod = 0.0
    private var periodStart: UInt64 = 0
    private var stepsPerSecond = 0.0
    private var frameMilliseconds = 0.0
    private var workMilliseconds = 0.0
    private var behindUntil: UInt64 = 0

    /// Opens a window sized to the scene's canvas.
    /// - Parameter makeScene: builds the scene, called now and on every restart (R).
    public init(options: Options = Options(), makeScene: @escaping () throws -> Scene) throws {
        self.options = options
        self.makeScene = makeScene
        scene = try makeScene()
        clock = FixedStepClock(stepRate: scene.source.stepRate)
        clock.speed = options.speed
        showsHUD = options.showsHUD

        if SDL_WasInit(UInt32(SDL_INIT_VIDEO)) == 0, SDL_InitSubSystem(UInt32(SDL_INIT_VIDEO)) != 0 {
            let error = SDLError("opening a window")
            throw SDLError(
                "opening a window",
                reason: "\(error.reason). Is there a display? (DISPLAY=\(ProcessInfo.processInfo.environment["DISPLAY"] ?? "unset"); run under xvfb-run, or use `sparks render` to write PNG files)")
        }
        // Without a display SDL falls back to drivers that show nothing; say so instead.
        let driver = SDL_GetCurrentVideoDriver().map { String(cString: $0) } ?? ""
        let environment = ProcessInfo.processInfo.environment
        if ["offscreen", "dummy", "evdev"].contains(driver), environment["SDL_VIDEODRIVER"] == nil {
            SDL_QuitSubSystem(UInt32(SDL_INIT_VIDEO))
            throw SDLError(
                "opening a window",
                reason: "there is no display (DISPLAY and WAYLAND_DISPLAY are not set). Run it on a desktop, under xvfb-run, or use `sparks render` to write PNG files")
        }
        let canvas = scene.source.canvas
        guard let window = SDL_CreateWindow(
            "\(options.title) — \(scene.source.name)", SparksWindowPosCentered(), SparksWindowPosCentered(),
            Int32(canvas.width), Int32(canvas.height), SDL_WINDOW_RESIZABLE.rawValue | SDL_WINDOW_SHOWN.rawValue)
        else { throw SDLError("creating the window") }
        let accelerated = SDL_RENDERER_ACCELERATED.rawValue | SDL_RENDERER_PRESENTVSYNC.rawValue
        guard let renderer = SDL_CreateRenderer(window, -1, accelerated) ?? SDL_CreateRenderer(window, -1, SDL_RENDERER_SOFTWARE.rawValue) else {
            SDL_DestroyWindow(window)
            throw SDLError("creating a renderer for the window")
        }
        SDL_RenderSetLogicalSize(renderer, Int32(canvas.width), Int32(canvas.height))
        self.window = window
        self.renderer = renderer
        textures = TextureCache(renderer: renderer)
        do {
            hud = try HeadsUpDisplay()
        } catch {
            FileHandle.standardError.write(Data("sparks: HUD disabled: \(error)\n".utf8))
        }
    }

    deinit {
        SDL_DestroyRenderer(renderer)
        SDL_DestroyWindow(window)
    }

    /// Runs until the window is closed, Esc or Q is pressed, or `seconds` of real time pass.
    public func run(seconds: Double? = nil) {
        let frequency = Double(SDL_GetPerformanceFrequency())
        let start = SDL_GetPerformanceCounter()
        var last = start
        periodStart = start
        scene.startIfNeeded()
        while running {
            var event = SDL_Event()
            while SDL_PollEvent(&event) != 0 { handle(event) }

            let now = SDL_GetPerformanceCounter()
            let elapsed = Double(now &- last) / frequency
            last = now
            if let seconds, Double(now &- start) / frequency >= seconds { break }

            let workStart = SDL_GetPerformanceCounter()
            let advance = clock.advance(by: elapsed)
            if advance.isBehind { behindUntil = now + UInt64(frequency) }
            for _ in 0..<advance.steps { scene.step() }
            stepsThisPeriod += advance.steps
            scene.buildRenderList(into: &list)
            draw()
            workThisPeriod += Double(SDL_GetPerformanceCounter() &- workStart) / frequency
            framesThisPeriod += 1
            SDL_RenderPresent(renderer)
            updateStatistics(now: SDL_GetPerformanceCounter(), frequency: frequency)

            // Without vsync (Xvfb, software) cap the loop at about 60 frames per second.
            let frameSeconds = Double(SDL_GetPerformanceCounter() &- now) / frequency
            if frameSeconds < 1.0 / 60 { SDL_Delay(UInt32((1.0 / 60 - frameSeconds) * 1000)) }
        }
    }

    private func draw() {
        let bg = list.background
        SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_NONE)
        SDL_SetRenderDrawColor(renderer, channel(bg.red), channel(bg.green), channel(bg.blue), 255)
        SDL_RenderClear(renderer)
        drawer.draw(list, renderer: renderer, textures: textures)
        if showsHUD, let hud { hud.draw(hudText(), renderer: renderer) }
    }

    private func hudText() -> String {
        var lines = [
            "\(scene.source.name)   t = \(String(format: "%.2f", scene.time)) s\(clock.isPaused ? "   PAUSED" : "")\(clock.speed != 1 ? "   speed ×\(formatSpeed(clock.speed))" : "")",
            "particles \(scene.liveParticleCount)   steps/s \(Int(stepsPerSecond.rounded()))   frame \(String(format: "%.1f", frameMilliseconds)) ms (work \(String(format: "%.1f", workMilliseconds)) ms)",
        ]
        if behindUntil > SDL_GetPerformanceCounter() { lines.append("slowed: the simulation cannot keep up with real time") }
        if scene.budget.refusedBirths > 0 { lines.append("particle budget \(scene.budget.limit) reached: \(scene.budget.refusedBirths) births refused") }
        if !textures.loadFailures.isEmpty { lines.append("texture errors: " + textures.loadFailures.values.map(\.description).joined(separator: "; ")) }
        if let message, message.until > SDL_GetPerformanceCounter() { lines.append(message.text) }
        return lines.joined(separator: "\n")
    }

    private func updateStatistics(now: UInt64, frequency: Double) {
        let period = Double(now &- periodStart) / frequency
        guard period >= 0.25 else { return }
        stepsPerSecond = Double(stepsThisPeriod) / period
        frameMilliseconds = framesThisPeriod > 0 ? period * 1000 / Double(framesThisPeriod) : 0
        workMilliseconds = framesThisPeriod > 0 ? workThisPeriod * 1000 / Double(framesThisPeriod) : 0
        stepsThisPeriod = 0
        framesThisPeriod = 0
        workThisPeriod = 0
        periodStart = now
        SDL_SetWindowTitle(window, "\(options.title) — \(scene.source.name) — \(scene.liveParticleCount) particles")
    }

    private func handle(_ event: SDL_Event) {
        switch event.type {
        case SDL_QUIT.rawValue:
            running = false
        case SDL_KEYDOWN.rawValue:
            handleKey(event.key.keysym.sym)
        case SDL_MOUSEBUTTONDOWN.rawValue where event.button.button == UInt8(SDL_BUTTON_LEFT):
            dragging = true
            moveEmitter(toX: event.button.x, y: event.button.y)
        case SDL_MOUSEBUTTONUP.rawValue where event.button.button == UInt8(SDL_BUTTON_LEFT):
            dragging = false
        case SDL_MOUSEMOTION.rawValue where dragging:
            moveEmitter(toX: event.motion.x, y: event.motion.y)
        default:
            break
        }
    }

    private func handleKey(_ key: SDL_Keycode) {
        switch key {
        case SDL_Keycode(SDLK_ESCAPE.rawValue), SDL_Keycode(SDLK_q.rawValue):
            running = false
        case SDL_Keycode(SDLK_SPACE.rawValue):
            clock.isPaused.toggle()
        case SDL_Keycode(SDLK_RIGHT.rawValue) where clock.isPaused:
            scene.step()
        case SDL_Keycode(SDLK_PLUS.rawValue), SDL_Keycode(SDLK_EQUALS.rawValue), SDL_Keycode(SDLK_KP_PLUS.rawValue):
            clock.speed = min(clock.speed * 2, 8)
            flash("speed ×\(formatSpeed(clock.speed))")
        case SDL_Keycode(SDLK_MINUS.rawValue), SDL_Keycode(SDLK_KP_MINUS.rawValue):
            clock.speed = max(clock.speed / 2, 1.0 / 8)
            flash("speed ×\(formatSpeed(clock.speed))")
        case SDL_Keycode(SDLK_r.rawValue):
            restart()
        case SDL_Keycode(SDLK_s.rawValue):
            saveScreenshot()
        case SDL_Keycode(SDLK_h.rawValue):
            showsHUD.toggle()
        default:
            break
        }
    }

    private func restart() {
        do {
            scene = try makeScene()
            clock.reset()
            scene.startIfNeeded()
            flash("restarted")
        } catch {
            report("restart failed: \(error)")
        }
    }

    /// Moves the first emitter's `emitterPosition` under the pointer (given in canvas points):
    /// new particles are born there; live ones keep flying (spec §5.2).
    private func moveEmitter(toX x: Int32, y: Int32) {
        guard let emitter = scene.emitterLayers.first else { return }
        let toLayer = emitter.transformToCanvas.inverted
        emitter.emitterPosition = toLayer.apply(to: Point(x: Double(x), y: Double(y)))
    }

    private func saveScreenshot() {
        var w: Int32 = 0, h: Int32 = 0
        SDL_GetRendererOutputSize(renderer, &w, &h)
        guard let surface = SDL_CreateRGBSurfaceWithFormat(0, w, h, 32, SparksPixelFormatARGB8888()) else {
            report("screenshot failed: \(SDLError("creating a surface"))")
            return
        }
        defer { SDL_FreeSurface(surface) }
        // Read what is on screen now (the last presented frame is redrawn first).
        draw()
        guard SDL_RenderReadPixels(renderer, nil, SparksPixelFormatARGB8888(), surface.pointee.pixels, surface.pointee.pitch) == 0 else {
            report("screenshot failed: \(SDLError("reading the window's pixels"))")
            return
        }
        var url: URL
        repeat {
            screenshotCount += 1
            url = options.screenshotDirectory.appendingPathComponent("sparks-\(scene.source.name)-\(screenshotCount).png")
        } while FileManager.default.fileExists(atPath: url.path)
        if IMG_SavePNG(surface, url.path) != 0 {
            report("screenshot failed: \(SDLError("writing \(url.path)"))")
        } else {
            print("saved screenshot \(url.path)")
            flash("saved \(url.lastPathComponent)")
        }
    }

    private func flash(_ text: String) {
        message = (text, SDL_GetPerformanceCounter() + 2 * SDL_GetPerformanceFrequency())
    }

    private func report(_ text: String) {
        FileHandle.standardError.write(Data("sparks: \(text)\n".utf8))
        flash(text)
    }

    private func formatSpeed(_ s: Double) -> String {
        s >= 1 ? String(format: "%g", s) : "1/\(Int((1 / s).rounded()))"
    }

    private func channel(_ v: Double) -> UInt8 { UInt8(min(max(v, 0), 1) * 255 + 0.5) }
}
