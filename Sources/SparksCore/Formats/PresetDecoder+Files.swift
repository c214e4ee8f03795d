#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Opening a file: a preset, or an effect file of another tool read into one.
extension PresetDecoder {
    /// Reads and decodes the preset at `url`; `contents` resolve to `providedImages` first, then
    /// to files in its folder, then in `assetDirectories`.
    public static func load(
        contentsOf url: URL, displayName: String? = nil, assetDirectories: [URL], limits: PresetLimits = .standard,
        providedImages: (@Sendable (String) -> (width: Int, height: Int)?)? = nil
    ) -> Result<SceneDescription, PresetError> {
        let display = displayName ?? url.path
        // A `.ca` bundle is a folder: its document is `main.caml`, its images beside it.
        let document = EffectFile.document(in: url)
        let decoder = PresetDecoder(
            fileName: display,
            resolver: ResourceResolver(roots: [document.deletingLastPathComponent()] + assetDirectories, providedImages: providedImages),
            limits: limits)
        let file: CheckedFile
        do {
            // Checked as opened: a regular file (not a pipe or device), no larger than allowed.
            file = try CheckedFile.read(document, maxBytes: limits.maxPresetBytes)
        } catch {
            let exceeded = error.tooLarge.map { BudgetExceeded(.presetSize, estimate: Double($0.size), allowed: Double($0.allowed)) }
            return .failure(
                PresetError([PresetDiagnostic(file: display, path: "", location: nil, message: error.message, exceeded: exceeded)]))
        }
        let name = url.deletingPathExtension().lastPathComponent
        let kind = EffectFile.likelyKind(of: file.bytes)
        if kind == .preset || (kind == nil && url.pathExtension.lowercased() == "json") {
            return decoder.decode(file.bytes, defaultName: name)
        }
        return decoder.decode(foreign: file.bytes, defaultName: name)
    }

    /// Decodes an effect file of another engine or a CAML document: read into a scene, written
    /// as a preset and decoded as one, so it is checked exactly as a preset is; what could not
    /// be said in Core Animation's terms comes first among the notes.
    public func decode(foreign bytes: [UInt8], defaultName: String) -> Result<SceneDescription, PresetError> {
        let effect: ForeignEffect
        do {
            effect = try EffectFile.read(bytes, file: fileName, name: defaultName, resolver: resolver)
        } catch {
            return .failure(PresetError([PresetDiagnostic(file: fileName, path: "", location: nil, message: error.reason)]))
        }
        var decoder = self
        decoder.resolver.embeddedImages.merge(effect.images) { _, new in new }
        let preset = PresetEncoder.encode(effect.scene, schema: nil)
        switch decoder.decode(Array(preset.utf8), defaultName: defaultName) {
        case .success(var scene):
            scene.notes = effect.notes + scene.notes
            return .success(scene)
        case .failure(let error):
            return .failure(error)
        }
    }
}
