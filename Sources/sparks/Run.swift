import ArgumentParser
import Foundation
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

            Controls: drag with the mouse to move the emitter; Space pauses; → steps once while \
            paused; + and − change the speed; R restarts; Tab and Shift-Tab open the next and \
            previous preset of the folder; S saves a screenshot PNG in the current folder; H hides \
            the HUD; Esc or Q quits.
            """)

    @OptionGroup var scene: SceneOptions

    @Option(help: "Simulation speed relative to real time (0.125 … 8).")
    var speed: Double = 1

    @Flag(name: .customLong("no-hud"), help: "Start with the HUD hidden.")
    var noHUD = false

    @Option(name: .customLong("quit-after"), help: "Close the window after this many seconds (demos, scripts).")
    var quitAfter: Double?

    func run() throws {
        let locator = PresetLocator()
        let (_, url) = try scene.loadDescription(locator: locator)
        let options = scene
        let limits = scene.limits
        let live = try LivePreset(
            url: url,
            load: { locator.load($0, limits: limits) },
            makeScene: { Scene($0, particleLimit: limits.maxParticles) },
            prepare: { try options.prepare($0, url: url, locator: locator) })
        var windowOptions = WindowPresenter.Options()
        windowOptions.showsHUD = !noHUD
        windowOptions.speed = min(max(speed, 0.125), 8)
        windowOptions.presets = locator.siblings(of: url)
        let presenter = try WindowPresenter(options: windowOptions, live: live)
        presenter.run(seconds: quitAfter)
    }
}
