#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The image files a preset draws, for the tools that follow them on disk (the window and the
/// studio reload an image whose file changed).
extension SceneDescription {
    /// Every image file the description names, each once, in tree order: layers' contents and
    /// cross-fades, the images of their animations, their masks and sublayers, and their emitter
    /// cells' contents with sub-cells'.
    public var imageFiles: [URL] {
        var seen = Set<String>(), files: [URL] = []
        func add(_ texture: Texture?) {
            guard let url = texture?.url, seen.insert(url.path).inserted else { return }
            files.append(url)
        }
        func add(_ value: PropertyValue?) {
            switch value {
            case .image(let texture)?: add(texture)
            case .imageCrossFade(let fade)?:
                add(fade.from)
                add(fade.to)
            default: break
            }
        }
        func visit(_ animation: Animation) {
            switch animation.kind {
            case .basic(let from, let to, let by): [from, to, by].forEach(add)
            case .keyframe(let keyframes): keyframes.values.forEach { add($0) }
            case .group(let children): children.forEach(visit)
            }
        }
        func visit(_ list: [EmitterCell]) {
            for cell in list {
                add(cell.contents)
                visit(cell.emitterCells)
            }
        }
        func visit(_ layer: LayerDescription) {
            add(layer.properties.contents)
            add(layer.properties.contentsCrossFade.map(PropertyValue.imageCrossFade))
            layer.animations.forEach(visit)
            visit(layer.content.emitter?.emitterCells ?? [])
            if let mask = layer.mask { visit(mask) }
            layer.sublayers.forEach(visit)
        }
        layers.forEach(visit)
        return files
    }

    /// The paths a tool following a preset on disk watches: the preset file `preset`, then
    /// each image file it draws.
    public func watchedPaths(preset: URL) -> [String] {
        [preset.path] + imageFiles.map(\.path).filter { $0 != preset.path }
    }
}
