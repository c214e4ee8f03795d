/// Values written as text, read as a preset reads them (`sparks … --set`, a game's
/// `setValue(text:forKeyPath:)`).
extension Scene {
    /// Sets a property by `LAYER.KEYPATH` from text written as a preset writes the value
    /// (`120`, `[400, 300]`, `"#ff8800"`, `line`, `kCAEmitterLayerLine`, an image's file name
    /// found through `resolver`): what `sparks … --set` does.
    /// - Throws: for an unknown key path (with the nearest name) or a value the key cannot take.
    public func setValue(
        text: String, forKeyPath keyPath: String, resolver: ResourceResolver = ResourceResolver(roots: [])
    ) throws(KeyPathError) {
        let kind = try propertyKind(forKeyPath: keyPath)
        switch PresetDecoder(fileName: keyPath, resolver: resolver).decodeValue(text, kind: kind, path: keyPath) {
        case .success(let value):
            try setValue(value, forKeyPath: keyPath)
        case .failure(let error):
            throw KeyPathError(
                keyPath: keyPath, reason: error.diagnostics.map(\.message).joined(separator: "; "),
                suggestion: error.diagnostics.lazy.compactMap(\.suggestion).first)
        }
    }
}
