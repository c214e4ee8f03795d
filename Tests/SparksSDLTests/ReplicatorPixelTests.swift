import Foundation
import SparksCore
import SparksRaster
import SparksSDL
import Testing

private func frame(_ name: String, at seconds: Double) throws -> PixelImage {
    let description = try PresetDecoder.load(
        contentsOf: repositoryRoot.appendingPathComponent("presets/\(name).json"),
        assetDirectories: [repositoryRoot.appendingPathComponent("assets")]
    ).get()
    let scene = Scene(description)
    scene.run(until: seconds)
    var list = RenderList()
    scene.buildRenderList(into: &list)
    let renderer = try OffscreenRenderer(width: 800, height: 600)
    renderer.render(list)
    return renderer.image()
}

/// The first row from the top, in column x, whose pixel satisfies `test`.
private func firstRow(
    _ image: PixelImage, x: Int, from y0: Int = 0, to y1: Int = 600, _ test: ((r: UInt8, g: UInt8, b: UInt8, a: UInt8)) -> Bool
) -> Int? {
    (y0..<y1).first { test(image[x, $0]) }
}

@Suite("Replicator presets, pixel by pixel")
struct ReplicatorPixelTests {
    @Test("equalizer: bar k's top is where position.y says at t − 0.2·k, and the bars are clipped at the bottom")
    func equalizer() throws {
        let t = 2.1
        let image = try frame("equalizer", at: t)
        // The 414 × 200 replicator is centred at (400, 300): its origin is at (193, 200).
        for k in [0, 1, 3, 6, 9, 12, 19] {
            let local = t - 0.2 * Double(k)
            let phase = local.truncatingRemainder(dividingBy: 1)
            // 0 → 1 → 0 each second; before its start (local < 0) a bar shows the model value.
            let f = local < 0 ? 0 : phase <= 0.5 ? phase / 0.5 : (1 - phase) / 0.5
            let y = 200 - 20 * f  // the bar's centre in the replicator
            let top = 200 + (y - 50)  // on the canvas
            let x = 193 + 14 + 20 * k
            let measured = try #require(firstRow(image, x: x) { $0.r > 200 && $0.g < 60 })
            #expect(abs(Double(measured) - top) <= 1.5, "bar \(k): top at \(measured), expected \(top)")
            // Clipped by masksToBounds: nothing red below the replicator's bottom edge (y = 400).
            #expect(image[x, 405].r < 60)
            #expect(image[x, 398].r > 200)
        }
        // The replicator's black background is drawn once, behind the bars; outside it the canvas is #202020.
        #expect(image[200, 210] == (0, 0, 0, 255))
        #expect(image[100, 300] == (32, 32, 32, 255))
    }

    @Test("volume: heights follow transform.scale.y at t − 0.1·k; colours run from yellow to red")
    func volume() throws {
        let image = try frame("volume", at: 0.25)
        // Bars stand on y = 375 (bottom of the 150-pt replicator centred at (400, 300)), 45 pt apart from x = 310.
        // Scale 1 → 0.1 over 0.5 s: k = 0 is half way (0.55), k = 1 at 0.3 (0.73), k = 2 at 0.1 (0.91);
        // k = 3 and 4 have not started and show the model (1).
        let scales = [0.55, 0.73, 0.91, 1, 1]
        let greens = [255, 140, 26, 0, 0]  // instanceColor yellow, green offset −0.45 per instance
        for k in 0..<5 {
            let x = 310 + 45 * k
            let top = try #require(firstRow(image, x: x) { $0.r > 200 })
            let expectedTop = 375 - 150 * scales[k]
            #expect(abs(Double(top) - expectedTop) <= 1.5, "bar \(k): top \(top), expected \(expectedTop)")
            let p = image[x, 370]
            #expect(p.r == 255 && abs(Int(p.g) - greens[k]) <= 2 && p.b == 0, "bar \(k) colour \(p)")
            #expect(image[x, 380].r == 0)  // nothing below the bottom edge
        }
    }

    @Test("orbit: the first earth is a quarter of the way round at 2.5 s, the unstarted copies wait at the start")
    func orbit() throws {
        let image = try frame("orbit", at: 2.5)
        func isEarth(_ x: Int, _ y: Int) -> Bool {
            let p = image[x, y]
            return Int(p.b) + Int(p.g) > 2 * Int(p.r) + 60
        }
        // Centre (400, 300), radius 150, clockwise on screen: a quarter turn is straight below.
        #expect(isEarth(400, 450))
        // Instance 5 is 1 s behind: 54° round.
        let a = 54.0 * Double.pi / 180
        #expect(isEarth(400 + Int(150 * cos(a)), 300 + Int(150 * sin(a))))
        // Instances 13 … 99 have not started: they show the model position (550, 300).
        #expect(isEarth(550, 300))
        // Nothing has reached the far side yet.
        #expect(!isEarth(250, 300) && !isEarth(400, 150))
        // The sun shines at the centre.
        let sun = image[400, 300]
        #expect(sun.r > 240 && sun.g > 180 && sun.b < 200)
    }

    @Test("spinner: dots appear one after another during the first turn (model opacity 0)")
    func spinner() throws {
        let image = try frame("spinner", at: 0.5)
        // 15 dots on a circle of radius 68 about (400, 300), dot 0 at the top; 1/15 s apart.
        func brightness(_ k: Int) -> Double {
            let angle = -Double.pi / 2 + Double(k) * 2 * .pi / 15
            return image.meanBrightness(x: 400 + Int(68 * cos(angle)) - 2, y: 300 + Int(68 * sin(angle)) - 2, width: 5, height: 5)
        }
        // At 0.5 s dots 0…7 have started (dot 7 at 0.467 s) and fade with age: later dots are brighter.
        #expect(brightness(7) > brightness(4) && brightness(4) > brightness(1))
        // Dot 9 starts at 0.6 s: still invisible, like the background.
        #expect(abs(brightness(9) - 28) < 3)
    }
}
