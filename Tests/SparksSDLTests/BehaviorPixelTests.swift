import Foundation
import SparksCore
import SparksRaster
import SparksSDL
import Testing

/// A shipped preset's scene.
private func shippedScene(_ name: String) throws -> Scene {
    let url = repositoryRoot.appendingPathComponent("presets/\(name).json")
    let result = PresetDecoder.load(contentsOf: url, assetDirectories: [repositoryRoot.appendingPathComponent("assets")])
    return Scene(try result.get())
}

@Suite("Emitter behaviours in pixels")
struct BehaviorPixelTests {
    @Test("magic-trail: white sparks become gold, pink and violet only through colorOverLife")
    func colourRamp() throws {
        let image = try picture(try shippedScene("magic-trail"), at: 4)
        var gold = 0, violet = 0
        for y in stride(from: 0, to: image.height, by: 2) {
            for x in stride(from: 0, to: image.width, by: 2) {
                let p = image[x, y]
                if Int(p.r) - Int(p.b) > 60, Int(p.g) - Int(p.b) > 30 { gold += 1 }
                if Int(p.b) - Int(p.g) > 60, Int(p.r) - Int(p.g) > 20 { violet += 1 }
            }
        }
        #expect(gold > 50 && violet > 50, "gold \(gold), violet \(violet)")
        // Without the behaviours the same sparks are white: no pixel has a hue.
        let plain = try shippedScene("magic-trail")
        plain.emitterLayers[0].emitter.emitterBehaviors = []
        let white = try picture(plain, at: 4)
        var tinted = 0
        for y in stride(from: 0, to: white.height, by: 2) {
            for x in stride(from: 0, to: white.width, by: 2) {
                let p = white[x, y]
                if max(p.r, p.g, p.b) - min(p.r, p.g, p.b) > 40, Int(p.r) + Int(p.g) + Int(p.b) > 120 { tinted += 1 }
            }
        }
        #expect(tinted < 10, "\(tinted)")
    }

    @Test("swirl: the attractor keeps the streaks in a ring around its point and out of its radius")
    func ring() throws {
        let image = try picture(try shippedScene("swirl"), at: 4)
        let centre = image.meanBrightness(x: 390, y: 290, width: 20, height: 20)
        let ring = image.meanBrightness(x: 400 - 180, y: 290, width: 40, height: 20)
        let corner = image.meanBrightness(x: 0, y: 0, width: 60, height: 60)
        #expect(ring > 3 * max(centre, 1) && ring > 3 * max(corner, 1), "ring \(ring), centre \(centre), corner \(corner)")
    }

    @Test("celebrate: plane particles are cards seen at every tilt, covering about half the pixels the same pieces cover as sprites")
    func tumblingCards() throws {
        func covered(_ scene: Scene) throws -> Int {
            let image = try picture(scene, at: 4)
            // Anything but the canvas's background, #1d1830.
            var count = 0
            for y in 0..<image.height {
                for x in 0..<image.width {
                    let p = image[x, y]
                    if p.r != 0x1d || p.g != 0x18 || p.b != 0x30 { count += 1 }
                }
            }
            return count
        }
        let planes = try covered(try shippedScene("celebrate"))
        let flat = try shippedScene("celebrate")
        for i in flat.emitterLayers[0].emitter.emitterCells.indices { flat.emitterLayers[0].emitter.emitterCells[i].particleType = .sprite }
        let sprites = try covered(flat)
        // Facings uniform over the half of all directions toward the viewer foreshorten a card by
        // |cos ψ|, ½ on average (overlaps take a little from both).
        let ratio = Double(planes) / Double(sprites)
        #expect(ratio > 0.35 && ratio < 0.7, "planes \(planes), sprites \(sprites)")
    }
}
