import Foundation
import SparksCore
import SparksRaster
import SparksSDL
import Testing

/// A 100 × 100 canvas filled by one gradient layer with the given keys.
private func gradient(_ keys: String) throws -> PixelImage {
    let json = """
        { "canvas": { "width": 100, "height": 100, "background": "black" },
          "layers": [ { "type": "gradient", "position": [50, 50], "bounds": [0, 0, 100, 100], \(keys) } ] }
        """
    let decoder = PresetDecoder(fileName: "test.json", resolver: ResourceResolver(roots: [repositoryRoot.appendingPathComponent("assets")]))
    return try picture(Scene(try decoder.decode(Array(json.utf8), defaultName: "test").get()), at: 0)
}

/// Whether a pixel is within `tolerance` of (r, g, b) in 0…255.
private func near(_ p: (r: UInt8, g: UInt8, b: UInt8, a: UInt8), _ r: Double, _ g: Double, _ b: Double, tolerance: Double = 4) -> Bool {
    abs(Double(p.r) - r) <= tolerance && abs(Double(p.g) - g) <= tolerance && abs(Double(p.b) - b) <= tolerance
}

@Suite("Gradient layers (CAGradientLayer) as pixels")
struct GradientPixelTests {
    @Test("Axial, top to bottom by default: the first colour at the top, the mean half-way, the last at the bottom")
    func axialDefault() throws {
        let image = try gradient(#""colors": ["red", "blue"]"#)
        // Pixel centres at y + 0.5: t = (y + 0.5) / 100.
        #expect(near(image[50, 0], 255 * 0.995, 0, 255 * 0.005))
        #expect(near(image[50, 49], 255 * 0.505, 0, 255 * 0.495))
        #expect(near(image[50, 99], 255 * 0.005, 0, 255 * 0.995))
        // Constant along the other axis.
        #expect(image[0, 30] == image[99, 30])
    }

    @Test("locations hold the end colours beyond the first and last stop, and startPoint/endPoint turn the axis")
    func axialLocations() throws {
        let image = try gradient(#""colors": ["red", "blue"], "locations": [0.25, 0.75], "startPoint": [0, 0.5], "endPoint": [1, 0.5]"#)
        #expect(near(image[10, 50], 255, 0, 0))
        #expect(near(image[90, 50], 0, 0, 255))
        #expect(near(image[49, 50], 255 * 0.51, 0, 255 * 0.49))
        #expect(image[30, 0] == image[30, 99])
    }

    @Test("Three stops: each interval interpolates its own pair")
    func threeStops() throws {
        let image = try gradient(##""colors": ["red", "#00FF00", "blue"], "startPoint": [0, 0], "endPoint": [1, 0]"##)
        #expect(near(image[24, 50], 255 * 0.51, 255 * 0.49, 0))
        #expect(near(image[74, 50], 0, 255 * 0.51, 255 * 0.49))
    }

    @Test("Radial: the first colour at startPoint, the last on the ellipse through endPoint and beyond")
    func radial() throws {
        let image = try gradient(#""gradientType": "radial", "colors": ["white", "black"], "startPoint": [0.5, 0.5], "endPoint": [1, 1]"#)
        #expect(near(image[50, 50], 255, 255, 255, tolerance: 6))
        // 25 points right of the centre: t = 0.25 (radius 50 points).
        let quarter = 255 * (1 - 25.5 / 50)
        #expect(near(image[75, 50], quarter, quarter, quarter, tolerance: 6), "\(image[75, 50])")
        #expect(near(image[50, 75], quarter, quarter, quarter, tolerance: 6), "\(image[50, 75])")
        #expect(near(image[2, 2], 0, 0, 0))
    }

    @Test("Conic: colours turn clockwise on screen from the direction of endPoint")
    func conic() throws {
        let image = try gradient(#""gradientType": "conic", "colors": ["red", "blue"], "startPoint": [0.5, 0.5], "endPoint": [1, 0.5]"#)
        // Straight down from the centre is a quarter turn clockwise: t = 0.25.
        #expect(near(image[50, 90], 255 * 0.75, 0, 255 * 0.25, tolerance: 8), "\(image[50, 90])")
        // Left: half a turn.
        #expect(near(image[10, 50], 255 * 0.5, 0, 255 * 0.5, tolerance: 8), "\(image[10, 50])")
        // Straight up: three quarters.
        #expect(near(image[50, 10], 255 * 0.25, 0, 255 * 0.75, tolerance: 8), "\(image[50, 10])")
    }

    @Test("colors animate: half-way between two lists, each stop is half-way")
    func animatedColors() throws {
        let image = try gradient(
            #""colors": ["red", "red"], "animations": [{"type": "basic", "keyPath": "colors", "fromValue": ["red", "red"], "toValue": ["blue", "blue"], "duration": 2, "beginTime": -1}]"#
        )
        #expect(near(image[50, 50], 127.5, 0, 127.5))
    }
}
