import SparksKit
import Testing

// A game's own types, named as games name them: with `import SparksKit` beside them, each name
// is the game's (this file compiles only if SparksKit brings none of these names).
struct Point: Equatable {
    var x: Double, y: Double
}
struct Size {
    var width: Double, height: Double
}
struct Color {
    var red: UInt8, green: UInt8, blue: UInt8
}
struct Texture {
    var name: String
}
final class Layer {
    var z = 0
}
final class Scene {
    var layers: [Layer] = []
}
struct Animation {
    var frames: Int
}
struct Transform {
    var angle: Double
}

/// A game module that imports SparksKit and nothing else of Sparks, and declares `Point`,
/// `Size`, `Color`, `Texture`, `Layer`, `Scene`, `Animation` and `Transform` of its own.
struct GameWithItsOwnNamesTests {
    @Test func theGamesNamesAreItsOwnAndTheEffectFollowsItsPoint() throws {
        let scene = Scene()
        scene.layers.append(Layer())
        let player = Point(x: 200, y: 150)
        let effect = try Effect(shippedPreset: "fire")
        let size = effect.canvasSize
        let output = Size(width: size.width, height: size.height)
        try effect.moveEmitter("fireEmitter", x: player.x, y: player.y)
        try effect.setValue(300, forKeyPath: "fireEmitter.emitterCells.fire.birthRate")
        #expect(try effect.value(forKeyPath: "fireEmitter.emitterCells.fire.birthRate") == .number(300))
        #expect("\(try effect.value(forKeyPath: "fireEmitter.emitterSize"))" == "[50, 10]")
        effect.camera = EffectCamera(x: 0, y: 0, zoom: 1)
        effect.fastForward(by: 1)
        let width = Int(output.width), height = Int(output.height)
        var pixels = [UInt32](repeating: 0, count: width * height)
        try effect.draw(into: &pixels, width: width, height: height)
        // The fire's light is around the player (it rises above the emitter).
        var (sx, sy, sw) = (0.0, 0.0, 0.0)
        for y in 0..<height {
            for x in 0..<width {
                let p = pixels[y * width + x]
                let w = Double((p & 0xff) + ((p >> 8) & 0xff) + ((p >> 16) & 0xff))
                (sx, sy, sw) = (sx + w * Double(x), sy + w * Double(y), sw + w)
            }
        }
        #expect(sw > 0)
        #expect(abs(sx / sw - player.x) < 40 && sy / sw < player.y + 20 && sy / sw > player.y - 150, "(\(sx / sw), \(sy / sw))")
        #expect(Color(red: 1, green: 2, blue: 3).blue == 3 && Texture(name: "ship").name == "ship")
        #expect(Animation(frames: 3).frames == 3 && Transform(angle: 1).angle == 1 && scene.layers.count == 1)
    }
}
