import Foundation
import SparksCore
import SparksIOS
import SparksSDL

extension FuzzTargets {
    /// The Swift importer: the bytes as a Swift file, read and run as `sparks import` would
    /// (source gate, swift-syntax, the reader, the interpreter with its budgets).
    public static func importSwift(_ bytes: [UInt8]) {
        importCode(bytes, as: "Fuzz.swift")
    }

    /// The Objective-C importer: the bytes as a `.m` file.
    public static func importObjectiveC(_ bytes: [UInt8]) {
        importCode(bytes, as: "Fuzz.m")
    }

    private static func importCode(_ bytes: [UInt8], as file: String) {
        var importer = Importer(sources: [(file, String(decoding: bytes, as: UTF8.self))])
        // The fuzzer's own time-out finds what runs long; the import must not end it first.
        importer.timeLimit = 3600
        _ = try? importer.run()
    }

    /// The PNG reader: the header, and the image decoded (SDL2_image) and made into the mip
    /// levels every backend draws from, when the header's size is within a small texture
    /// budget (as a preset's images are checked before decoding).
    public static func png(_ bytes: [UInt8]) {
        guard let size = try? PNGInfo.pixelSize(ofHeader: bytes, name: "fuzz.png"),
            size.width * size.height * PresetLimits.textureBytesPerPixel <= limits.maxTextureBytes,
            let image = try? SDLImageDecoder.image(ofPNG: bytes, name: "fuzz.png")
        else { return }
        let pyramid = MipPyramid(image)
        precondition(pyramid.levels.last.map { $0.width == 1 && $0.height == 1 } == true, "a pyramid ends at 1 × 1")
    }
}
