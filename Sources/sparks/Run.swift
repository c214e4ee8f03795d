import ArgumentParser
import Foundation
import SparksCommandSupport
import SparksCore
import SparksSDL

struct Run: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Open a preset in a window, and follow every save of it.",
        discussion: """
            Edit the preset's JSON (or an image it names) while the window is open: each save is \
            applied within a fraction of a second, keeping the particles of layers and cells that \
            still match by name. A save with mistakes leaves the last good version running and \
            shows the problems in the window until the file is fixed.

            Controls: drag with the mouse to move the emitter, and W (or Ctrl-S) writes its \
            emitterPosition into the preset (that value only; comments and the rest stay as \
            written); Space pauses; → steps once while paused; + and − change the speed; R \
            restarts; Tab and Shift-Tab open the next and previous preset of the folder; S saves \
            a screenshot PNG in the current folder (Shift-S with the HUD); C lists live particles \
            by layer and cell in the HUD; H hides the HUD; Esc or Q quits.

            --max-particles caps the live count while the window runs: births beyond it are \
            refused and the HUD counts them, so an effect's budget can be watched.

            The HUD shows where each frame's time goes (simulate, build, draw, present) and what \
            draws: the CPU rasterizer shows exactly the pixels `sparks render` writes.

            Examples:
              sparks run fire
              sparks run neon --renderer cpu --threads 2
              sparks run bench-anchor --live 100000
              sparks run fire --at 2 --paused --no-hud
              sparks run fire --birth-rate-scale 20 --max-particles 5000
            """)

    @OptionGroup var scene: SceneOptions

    @Option(help: "Simulation speed relative to real time (0.0625 … 8; + and − in the window double and halve it).")
    var speed: Double = 1

    @Flag(name: .customLong("no-hud"), help: "Start with the HUD hidden.")
    var noHUD = false

    @Option(name: .customLong("quit-after"), help: "Close the window after this many seconds (demos, scripts).")
    var quitAfter: Double?

    @Option(
        help: ArgumentHelp(
            "What draws the picture: cpu (Sparks's rasterizer, the pixels `sparks render` writes), gpu (SDL's renderer on the graphics card) or auto (gpu where there is a real graphics card, cpu under software GL such as Xvfb).",
            valueName: "cpu|gpu|auto"))
    var renderer: WindowRenderer = .auto

    @Option(help: "Threads for drawing and for large simulations (default: every core; the picture is the same for any number).")
    var threads: Int = ProcessInfo.processInfo.activeProcessorCount

    @Option(help: "Start at this scene time, in seconds (the simulation runs up to it before the window opens).")
    var at: Double = 0

    @Flag(help: "Start paused (Space resumes, → steps).")
    var paused = false

    func validate() throws {
        guard (1...64).contains(threads) else { throw ValidationError("--threads must be between 1 and 64") }
        guard at.isFinite, (0...3600).contains(at) else { throw ValidationError("--at must be between 0 and 3600 seconds") }
        guard speed.isFinite, ScenePlayer.speeds.contains(speed) else {
            throw ValidationError("--speed must be between 0.0625 (1/16) and 8")
        }
        if let quitAfter, !(quitAfter.isFinite && quitAfter > 0) {
            throw ValidationError("--quit-after must be a positive number of seconds")
        }
    }

    func run() throws {
        let locator = PresetLocator()
        let notes = NoteLog()
        let (_, url) = try scene.loadDescription(locator: locator, notes: notes)
        let options = scene
        let limits = scene.limits, threads = threads
        let live = try LivePreset(
            url: url,
            load: { options.load($0, locator: locator, notes: notes) },
            makeScene: { description in
                let scene = Scene(description, limits: limits)
                scene.threadCount = threads
                return scene
            },
            prepare: { try options.prepare($0, url: url, locator: locator) })
        live.scene.run(until: at)
        var windowOptions = WindowPresenter.Options()
        windowOptions.showsHUD = !noHUD
        windowOptions.speed = speed
        windowOptions.presets = locator.siblings(of: url)
        windowOptions.renderer = renderer
        windowOptions.drawThreads = threads
        windowOptions.startsPaused = paused
        windowOptions.maxTextureBytes = limits.maxTextureBytes
        let presenter = try WindowPresenter(options: windowOptions, live: live)
        presenter.run(seconds: quitAfter)
    }
}

extension WindowRenderer: ExpressibleByArgument {}
