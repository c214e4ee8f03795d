import Foundation
import SparksCore
import SparksRaster

/// What the fuzzers run on each input (`FuzzTesting/`), and what the tests replay for every
/// input a fuzzer ever found a problem with (`FuzzTesting/FailCases/`): each must return
/// without crashing, hanging or running out of memory, whatever the bytes.
public enum FuzzTargets {
    /// The JSON parser.
    public static func json(_ bytes: [UInt8]) {
        _ = try? JSONParser.parse(bytes)
    }

    /// The PNG header reader.
    public static func pngHeader(_ bytes: [UInt8]) {
        _ = try? PNGInfo.pixelSize(ofHeader: bytes, name: "fuzz.png")
    }

    /// Budgets small enough that a fuzzed scene runs in a blink.
    static let limits = PresetLimits(
        maxParticles: 5_000, maxDrawnInstances: 2_000, maxDrawnQuads: 20_000, maxTextureBytes: 4 << 20,
        maxCoveredPixels: 5e6, maxPrewarmWork: 2e6, maxPresetBytes: 1 << 20)

    /// The preset decoder (images looked up in `assets`); a preset it accepts is then built,
    /// stepped, and drawn: render list, draw list and CPU rasterizer, on two threads.
    public static func preset(_ bytes: [UInt8], assets: URL) {
        let decoder = PresetDecoder(fileName: "fuzz.json", resolver: ResourceResolver(roots: [assets]), limits: limits)
        guard case .success(let description) = decoder.decode(bytes, defaultName: "fuzz") else { return }
        let scene = Scene(description, limits: limits)
        scene.threadCount = 2
        var list = RenderList()
        let images = MemoryImageDecoder()
        for use in description.textureUses {
            let w = min(use.texture.pixelWidth, 32), h = min(use.texture.pixelHeight, 32)
            images.set(DecodedImage(width: max(w, 1), height: max(h, 1), filledWith: (255, 200, 100, 180)), forName: use.texture.name)
        }
        guard let renderer = CPURenderer(width: 48, height: 36, decoder: images, maxTextureBytes: limits.maxTextureBytes) else { return }
        let drawer = FrameDrawer(backend: renderer)
        drawer.threadCount = 2
        for frame in 0..<12 {
            scene.step(count: 3)
            if frame % 3 == 0 {
                scene.buildRenderList(into: &list)
                drawer.draw(list, width: 48, height: 36)
            }
        }
        _ = scene.stateHash()
    }
}

extension FuzzTargets {
    /// The effect-file readers (SpriteKit keyed archives, Particle Designer property lists and
    /// `.pex`, CAML): a scene they give is built and stepped, written as CAML and read back.
    public static func effectFile(_ bytes: [UInt8], assets: URL) {
        let decoder = PresetDecoder(fileName: "fuzz", resolver: ResourceResolver(roots: [assets]), limits: limits)
        guard case .success(let description) = decoder.decode(foreign: bytes, defaultName: "fuzz") else { return }
        let scene = Scene(description, limits: limits)
        for _ in 0..<4 { scene.step(count: 3) }
        _ = decoder.decode(foreign: Array(CAMLDocument(description).text.utf8), defaultName: "fuzz")
    }

    /// The CPU rasterizer against the reference: a scene made from the bytes (``RasterScene``)
    /// drawn both ways; any disagreement beyond the stated tolerances stops the program with
    /// the comparison, which the fuzzer keeps as a find.
    public static func raster(_ bytes: [UInt8]) {
        var choices = ByteChoices(bytes)
        let comparison = RasterComparison.compare(RasterScene(&choices))
        if !comparison.isClean { fatalError("the rasterizer disagrees with the reference: \(comparison)") }
    }
}
