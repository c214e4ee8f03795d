import ArgumentParser
import Foundation
import SparksCore
import SparksSDL

struct Run: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Open a preset in a window.",
        discussion: """
            Controls: drag with the mouse to move the emitter; Space pauses; → steps once while \
            paused; + and − change the speed; R restarts; S saves a screenshot PNG in the current \
            folder; H hides the HUD; Esc or Q quits.
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
        let (description, url) = try scene.loadDescription(locator: locator)
        var options = WindowPresenter.Options()
        options.showsHUD = !noHUD
        options.speed = min(max(speed, 0.125), 8)
        let presenter = try WindowPresenter(options: options) {
            try scene.makeScene(description, url: url, locator: locator)
        }
        presenter.run(seconds: quitAfter)
    }
}
