import Foundation
import SparksRaster
import SparksSDL
import Testing

/// The example games, built by `make examples` (which `make test` runs first).
let exampleGames: [(name: String, executable: URL)] = [
    ("swift-sdl-game", repositoryRoot.appendingPathComponent("Examples/swift-sdl-game/.build/debug/swift-sdl-game")),
    ("c-sdl-game", repositoryRoot.appendingPathComponent("Examples/c-sdl-game/c-sdl-game")),
]

/// `make test` sets this, so a missing example build fails instead of skipping.
let examplesRequired = ProcessInfo.processInfo.environment["SPARKS_REQUIRE_EXAMPLES"] == "1"

/// The example games open windows: they are part of the window suite, so that no two windows
/// are open on the display at once.
extension WindowTests {
    @Test(
        "Each example game runs in a real window, its ship leaves a trail, its explosion bursts, and when that has played out a new ship sets off",
        .enabled(
            if: examplesRequired || exampleGames.allSatisfy { FileManager.default.isExecutableFile(atPath: $0.executable.path) },
            "needs `make examples`"),
        arguments: exampleGames.map { $0.name })
    func game(_ name: String) throws {
        let executable = try #require(exampleGames.first { $0.name == name }?.executable)
        #expect(FileManager.default.isExecutableFile(atPath: executable.path), "build it with: make examples")
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }

        // The ship flies along y = 240 from x = 100 at 150 px/s and explodes at 2 s (x = 400);
        // the picture is taken 0.2 s later. The torch (the shipped fire, moved as the mouse would
        // move it, in canvas points) burns at (520, 420).
        let shot = folder.appendingPathComponent("\(name).png")
        let result = try runProgram(
            executable, ["--seconds", "2.2", "--explode-at", "2.0", "--torch-at", "520,420", "--screenshot", shot.path], timeout: 120)
        #expect(result.status == 0, "\(result.output)\(result.error)")
        #expect(result.output.contains("finished: 0") || result.output.contains("finished: false"), "\(result.output)")
        let image = try PixelImage(contentsOfPNG: shot.path)
        #expect(image.width == 640 && image.height == 480)

        func mean(_ x: Int, _ y: Int, _ w: Int, _ h: Int) -> (red: Double, blue: Double) {
            var red = 0.0, blue = 0.0
            for py in y..<(y + h) {
                for px in x..<(x + w) {
                    let i = (py * image.width + px) * 4
                    red += Double(image.rgba[i]) / 255
                    blue += Double(image.rgba[i + 2]) / 255
                }
            }
            return (red / Double(w * h), blue / Double(w * h))
        }
        // The game's own sky, untouched far from the effect.
        let sky = mean(20, 20, 100, 100)
        #expect(abs(sky.red - 8.0 / 255) < 0.01 && abs(sky.blue - 24.0 / 255) < 0.01, "sky \(sky)")
        // The trail: blue sparks behind where the ship was (x 300…360), not the burst's orange.
        let trail = mean(300, 234, 60, 12)
        #expect(trail.blue > 0.25, "trail \(trail)")
        #expect(trail.blue > trail.red + 0.1, "trail \(trail)")
        // The burst: orange debris all around the explosion, 25–40 px out after 0.2 s, above
        // and below the trail's line, where the trail never reaches.
        for region in [mean(390, 200, 20, 16), mean(390, 264, 20, 16)] {
            #expect(region.red > 0.3, "burst \(region)")
            #expect(region.red > region.blue + 0.1, "burst \(region)")
        }

        // The torch: orange fire rising from (520, 420), where the mouse put it (the preset's
        // own emitter is at (400, 300)): 60–100 px above it, orange (the base is white-hot).
        let flame = mean(505, 320, 30, 40)
        #expect(flame.red > 0.5 && flame.red > flame.blue + 0.2, "torch \(flame)")

        // Exploding at 1 s puts the engine out (the effect stops emitting): once the last
        // particle (debris: 1.2 s at most) has died, the effect's finished call resets it and a
        // new ship sets off, trailing again by 3.5 s.
        let again = try runProgram(executable, ["--seconds", "3.5", "--explode-at", "1.0"], timeout: 120)
        #expect(again.status == 0, "\(again.output)\(again.error)")
        let line = again.output.split(separator: "\n").first { $0.contains("played out at") }
        let at = line.flatMap { $0.split(separator: " ").compactMap { Double($0) }.first }
        #expect(at.map { $0 > 1.9 && $0 < 2.5 } == true, "\(again.output)")
        #expect(again.output.contains("finished: 0") || again.output.contains("finished: false"), "\(again.output)")
    }
}
