import SparksCore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The presets Sparks ships (presets/ of the repository: fire, neon, confetti, …) with the images
/// they name (assets/), built into the library, so a game loads one by name wherever it runs:
/// `try Effect(shippedPreset: "fire")`. `sparks list` describes each one.
public enum ShippedPresets {
    /// The names of the shipped presets, sorted.
    public static var names: [String] { presetText.keys.sorted() }

    /// A shipped preset's JSON text, or nil for a name Sparks does not ship.
    public static func json(named name: String) -> String? {
        presetText[name].flatMap(bytes).map { String(decoding: $0, as: UTF8.self) }
    }

    /// The names of the shipped images (`fire.png`, …), sorted.
    public static var imageNames: [String] { imageData.keys.sorted() }

    /// A shipped image (`fire.png`), decoded, or nil for a name Sparks does not ship.
    public static func image(named name: String) -> EffectImage? {
        imageBytes(named: name).flatMap { try? EffectImage(pngBytes: $0, name: name) }
    }

    private static func imageBytes(named name: String) -> [UInt8]? {
        imageData[name].flatMap(bytes)
    }

    /// The images of `json`: every shipped image whose file name it mentions, decoded.
    static func images(for json: String) -> ImageSet {
        var images: [String: EffectImage] = [:]
        for name in imageData.keys where json.contains("\"\(name)\"") { images[name] = image(named: name) }
        return ImageSet(images)
    }

    private static func bytes(_ lines: [String]) -> [UInt8]? {
        Data(base64Encoded: lines.joined()).map { [UInt8]($0) }
    }
}

extension Effect {
    /// Loads a preset Sparks ships, with its images, from the library itself (no files needed).
    /// - Parameters:
    ///   - name: the preset's name (``ShippedPresets/names``), such as `"fire"`.
    ///   - maxParticles: most particles alive at once; births beyond are refused.
    /// - Throws: for a name Sparks does not ship (with the names it does).
    public convenience init(shippedPreset name: String, maxParticles: Int = PresetLimits.defaultMaxParticles) throws(EffectError) {
        guard let json = ShippedPresets.json(named: name) else {
            let nearest = nearestKey(to: name, in: ShippedPresets.names).map { " — did you mean \"\($0)\"?" } ?? ""
            throw EffectError(
                "\"\(name)\" is not a preset Sparks ships (\(ShippedPresets.names.joined(separator: ", ")))\(nearest)")
        }
        try self.init(json: json, name: name, textures: ShippedPresets.images(for: json), maxParticles: maxParticles)
    }
}
