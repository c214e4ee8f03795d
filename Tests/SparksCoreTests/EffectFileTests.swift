import Foundation
import SparksCore
import Testing

/// Effect files of other engines as people have them (Tests/EffectFiles/, each with its
/// licence in that folder's README), read as `sparks run`, `render` and `validate` read them.
/// The expected numbers are the file's own fields (read with Python's plistlib when the file
/// was added) carried through each engine's documented rules; the range rule is Core
/// Animation's (`value ± range × rangeWidthFactor / 2`).
@Suite("Effect files of other engines (SpriteKit, Particle Designer)")
struct EffectFileTests {
    static let folder = repositoryRoot.appendingPathComponent("Tests/EffectFiles")
    static let k = CoreAnimationChoices.rangeWidthFactor
    /// An angle variance's half-angle in `emissionRange`s.
    static let h = CoreAnimationChoices.emissionHalfAngleInRanges

    static func load(_ name: String) -> Result<SceneDescription, PresetError> {
        PresetDecoder.load(
            contentsOf: folder.appendingPathComponent(name), assetDirectories: [repositoryRoot.appendingPathComponent("assets")])
    }

    static func emitter(_ name: String) throws -> (scene: SceneDescription, layer: EmitterProperties, cell: EmitterCell) {
        let scene = try load(name).get()
        let layer = try #require(scene.layers.first)
        guard case .emitter(let emitter) = layer.content else {
            Issue.record("\(name): the first layer is not an emitter")
            throw CancellationError()
        }
        let cell = try #require(emitter.emitterCells.first)
        return (scene, emitter, cell)
    }

    /// Core Animation's colour component and range for an even spread ± `half` around `mean`.
    static func component(_ mean: Double, _ half: Double) -> (value: Double, range: Double) {
        if CoreAnimationChoices.colorRangeIsOneSided {
            let low = min(1, max(0, mean - half)), high = min(1, max(0, mean + half))
            return (low, high - low)
        }
        return (mean, 2 * half / k)
    }

    @Test(
        "A SpriteKit particle file (Xcode's Fire template, binary keyed archive) keeps every value, y-up angles turned to Core Animation's")
    func spriteKitFire() throws {
        let (_, layer, cell) = try Self.emitter("FireParticles.sks")
        #expect(abs(cell.birthRate - 455.28) < 1e-3)
        #expect(cell.lifetime == 2.5)
        #expect(abs(cell.velocity - 100) < 1e-9)
        // SpriteKit spreads ± variance / 2.
        #expect(abs(cell.velocityRange - 50 / Self.k) < 1e-6)
        #expect(abs(cell.emissionLongitude - -1.56) < 1e-6, "SpriteKit's 1.56 rad (up, counter-clockwise) is −1.56 in y-down")
        #expect(abs(cell.emissionRange - 0.35 / 2 / Self.h) < 1e-6)
        #expect(cell.emissionFan, "SpriteKit's angle range is a flat fan")
        #expect(abs(cell.scale - 0.5) < 1e-9 && abs(cell.scaleRange - 0.4 / Self.k) < 1e-6 && abs(cell.scaleSpeed - -0.5) < 1e-9)
        // The colour mixed in fully (_startColorMix 1) is the tint; opacity 0.8 ± 0.1.
        #expect(abs(cell.color.red - 0.304864) < 1e-5 && abs(cell.color.green - 0.130191) < 1e-5 && abs(cell.color.blue - 0.0231602) < 1e-5)
        let alpha = Self.component(0.8, 0.1)
        #expect(abs(cell.color.alpha - alpha.value) < 1e-5 && abs(cell.alphaRange - alpha.range) < 1e-5)
        #expect(abs(cell.alphaSpeed - -0.45) < 1e-5)
        // 200 particles and stop.
        #expect(abs(cell.timing.duration - 200 / 455.28) < 1e-5)
        #expect(layer.renderMode == .additive)
        #expect(layer.emitterShape == .rectangle && layer.emitterMode == .surface)
        #expect(layer.emitterSize == Size(width: 44, height: 44))
        // The project's own image beside the file, at its own size.
        #expect(cell.contents?.url?.lastPathComponent == "spark.png")
        #expect(cell.contents?.pixelWidth == 64)
        #expect(cell.contentsScale == 1)
    }

    @Test("A SpriteKit colour ramp becomes a colour-over-life behaviour; a missing image is a named stand-in at SpriteKit's size")
    func spriteKitRampAndStandIn() throws {
        let (scene, layer, cell) = try Self.emitter("Explosion.sks")
        #expect(cell.birthRate == 250 && cell.lifetime == 3)
        #expect(abs(cell.emissionRange - Double(Float.pi) / Self.h) < 1e-5)
        let ramp = try #require(layer.emitterBehaviors.first { $0.type == .colorOverLife })
        let locations = try #require(ramp.locations)
        #expect(locations.first == 0 && locations.last == 1)
        #expect(ramp.colors.count == locations.count)
        // "Magic" lives in an asset catalogue this file was copied without.
        #expect(scene.notes.contains { $0.contains("Magic") && $0.contains("standin") })
        let image = try #require(cell.contents)
        #expect(image.name.hasPrefix("standin-"))
        // Drawn 20 points wide (_startSize).
        #expect(abs(Double(image.pixelWidth) / cell.contentsScale - 20) < 1e-3)
    }

    @Test("Other kinds of .sks (scenes, action files) and text are refused with what they are")
    func notEmitters() throws {
        for (file, words) in [("GameScene.sks", "scene"), ("Actions.sks", "action file")] {
            let error = try #require(Self.load(file).failure, "\(file) was read as an emitter")
            #expect(error.description.contains(words), "\(file): \(error)")
        }
        let text = FileManager.default.temporaryDirectory.appendingPathComponent("sparks-notes-\(UUID().uuidString).sks")
        defer { try? FileManager.default.removeItem(at: text) }
        try Data("hand-written notes, not a particle file\n".utf8).write(to: text)
        let error = try #require(PresetDecoder.load(contentsOf: text, assetDirectories: []).failure)
        #expect(error.description.contains("SpriteKit particle file") && error.description.contains("hand-written"))
    }

    @Test("A Particle Designer .pex is y-down: Starling's fire rises, ± variances and start→finish changes carried over")
    func particleDesignerPEX() throws {
        let (_, layer, cell) = try Self.emitter("fire.pex")
        // 270.37° in a y-down file points up.
        #expect(abs(cell.emissionLongitude - 270.37 * .pi / 180) < 1e-5)
        #expect(sin(cell.emissionLongitude) < -0.99)
        #expect(abs(cell.emissionRange - 15 * .pi / 180 / Self.h) < 1e-5 && cell.emissionFan)
        #expect(cell.lifetime == 2 && abs(cell.lifetimeRange - 2 * 1.9 / Self.k) < 1e-6)
        // maxParticles / particleLifespan.
        #expect(abs(cell.birthRate - 250) < 1e-9)
        #expect(cell.velocity == 90 && abs(cell.velocityRange - 60 / Self.k) < 1e-6)
        #expect(cell.color == Color(red: 1, green: 0.31, blue: 0, alpha: 0.62))
        #expect(abs(cell.alphaSpeed - -0.31) < 1e-6, "alpha 0.62 → 0 over 2 s")
        // 70 points from a 32-pixel image, shrinking to 10 over the life.
        #expect(cell.contents?.url?.lastPathComponent == "fire_particle.png")
        #expect(abs(cell.scale - 70.0 / 32) < 1e-6 && abs(cell.scaleSpeed - (10.0 - 70) / 32 / 2) < 1e-6)
        #expect(layer.renderMode == .additive)
        #expect(abs(layer.emitterSize.width - 208.82) < 1e-6 && layer.emitterSize.height == 0)
    }

    @Test("A Particle Designer .plist carries its image gzipped inside; its radius mode and radial accelerations are named in notes")
    func particleDesignerPlistAndRadiusMode() throws {
        let (_, layer, cell) = try Self.emitter("explosion.plist")
        let image = try #require(cell.contents)
        #expect(image.embedded != nil, "explosion.png is not beside the file: the image inside it is used")
        #expect(image.pixelWidth == 32 && image.pixelHeight == 32)
        #expect(abs(cell.birthRate - 118 / 0.15) < 1e-2)
        #expect(abs(cell.timing.duration - 0.19) < 1e-6)
        let alpha = Self.component(1, 1)
        #expect(cell.color.alpha == alpha.value && cell.alphaRange == alpha.range)
        #expect(layer.renderMode == .additive)

        let (scene, radial, guy) = try Self.emitter("newGuy.pex")
        #expect(radial.emitterShape == .circle && radial.emitterMode == .outline)
        #expect(abs(radial.emitterSize.width - 2 * 135.79) < 1e-6)
        #expect(abs(guy.velocity - 135.79 / 5.4605) < 1e-3, "in from maxRadius to minRadius over the life")
        #expect(scene.notes.contains { $0.contains("radius mode") })
        #expect(scene.notes.contains { $0.contains("radialAcceleration") })
    }

    @Test("Every effect file here draws: its particles are born within a tenth of a second")
    func everyFileRuns() throws {
        for file in ["FireParticles.sks", "Explosion.sks", "fire.pex", "explosion.plist", "newGuy.pex"] {
            let scene = Scene(try Self.load(file).get(), limits: .standard)
            scene.run(until: 0.1)
            #expect(scene.liveParticleCount > 0, "\(file) draws nothing after 0.1 s")
        }
    }

    @Test("Mutated effect files give a scene or a clear error, never a crash")
    func mutatedFiles() throws {
        var random = SeededRandom(seed: 52)
        func pick(_ range: ClosedRange<Int>) -> Int { range.lowerBound + Int(random.nextUInt32() % UInt32(range.count)) }
        let files = ["FireParticles.sks", "Explosion.sks", "GameScene.sks", "fire.pex", "explosion.plist", "newGuy.pex"]
        for file in files {
            let original = [UInt8](try Data(contentsOf: Self.folder.appendingPathComponent(file)))
            for _ in 0..<150 {
                var bytes = original
                for _ in 0..<pick(1...8) {
                    let i = pick(0...(bytes.count - 1))
                    switch pick(0...2) {
                    case 0: bytes[i] = UInt8(pick(0...255))
                    case 1: bytes.removeSubrange(i..<min(bytes.count, i + pick(1...64)))
                    default: bytes.insert(contentsOf: bytes[i..<min(bytes.count, i + 16)], at: i)
                    }
                    if bytes.isEmpty { bytes = [0] }
                }
                let decoder = PresetDecoder(fileName: file, resolver: ResourceResolver(roots: [Self.folder]))
                if case .failure(let error) = decoder.decode(foreign: bytes, defaultName: "mutated") {
                    #expect(!error.diagnostics.isEmpty && error.diagnostics.allSatisfy { !$0.message.isEmpty })
                }
            }
        }
    }
}

/// Images Particle Designer files carry: baseline TIFF, read by Sparks itself.
@Suite("Images inside effect files")
struct EmbeddedImageTests {
    /// A little-endian TIFF of `width` × `height` RGBA pixels in one strip, with `extra`
    /// directory entries of a thousand BYTE values each pointing at the pixels.
    static func tiff(width: Int, height: Int, pixels: [UInt8], extra: Int = 0) -> [UInt8] {
        var bytes: [UInt8] = Array("II".utf8) + [42, 0]
        func u16(_ v: Int) -> [UInt8] { [UInt8(v & 255), UInt8(v >> 8 & 255)] }
        func u32(_ v: Int) -> [UInt8] { u16(v & 0xFFFF) + u16(v >> 16) }
        let pixelOffset = 8
        bytes += u32(pixelOffset + pixels.count)
        bytes += pixels
        var entries: [(Int, Int, Int, Int)] = [
            (256, 3, 1, width), (257, 3, 1, height), (258, 3, 1, 8), (259, 3, 1, 1), (273, 4, 1, pixelOffset),
            (277, 3, 1, 4), (279, 4, 1, pixels.count), (338, 3, 1, 2),
        ]
        for k in 0..<extra { entries.append((40000 + k, 1, 1000, pixelOffset)) }
        bytes += u16(entries.count)
        for (tag, type, count, value) in entries {
            bytes += u16(tag) + u16(type) + u32(count) + (type == 3 ? u16(value) + [0, 0] : u32(value))
        }
        return bytes + u32(0)
    }

    @Test("A baseline TIFF reads as its pixels, straight alpha kept")
    func tiffPixels() throws {
        let pixels: [UInt8] = [255, 0, 0, 255, 0, 255, 0, 128, 0, 0, 255, 0, 10, 20, 30, 40]
        guard case .pixels(let image) = try EmbeddedImage.decode(Self.tiff(width: 2, height: 2, pixels: pixels)) else {
            Issue.record("not read as pixels")
            return
        }
        #expect(image.width == 2 && image.height == 2 && image.rgba == pixels)
    }

    @Test("A directory of many long fields costs no more than the fields an image needs")
    func tiffManyFields() throws {
        let pixels = [UInt8](repeating: 200, count: 16 * 16 * 4)
        let hostile = Self.tiff(width: 16, height: 16, pixels: pixels, extra: 900)
        guard case .pixels(let image) = try EmbeddedImage.decode(hostile) else {
            Issue.record("not read as pixels")
            return
        }
        #expect(image.rgba == pixels)
    }
}

extension Result {
    var failure: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
