/// Finds the rotation trap: a layer with no size turns and scales about its position (its bounds'
/// origin), so a transform on a zero-size layer whose emitter, path or sublayers sit away from
/// that origin swings the effect around a far point. Core Animation draws it that way too, so
/// this is advice (a note), never a refusal: each note names the layer, what transforms it, where
/// its content is and the keys that make it turn about its content with the picture unchanged.
enum PivotAdvice {
    /// Content further than this from the pivot, in points, is worth a note.
    static let tolerance = 1.0

    /// One note per layer that transforms about a point away from its content.
    static func notes(_ layers: [LayerDescription], path: String = "layers") -> [(path: String, message: String)] {
        var found: [(path: String, message: String)] = []
        for (i, layer) in layers.enumerated() {
            let layerPath = "\(path)[\(i)]"
            if let message = advice(for: layer) { found.append((layerPath, message)) }
            found += notes(layer.sublayers, path: "\(layerPath).sublayers")
        }
        return found
    }

    private static func advice(for layer: LayerDescription) -> String? {
        let properties = layer.properties
        guard properties.bounds.size.width == 0, properties.bounds.size.height == 0,
            let what = transformDescription(layer), let (centre, noun) = contentCentre(layer)
        else { return nil }
        let pivot = properties.bounds.origin
        let dx = centre.x - pivot.x, dy = centre.y - pivot.y
        guard (dx * dx + dy * dy).squareRoot() > tolerance else { return nil }
        let position = properties.position
        let target = Point(x: position.x + dx, y: position.y + dy)
        var message =
            "\(what) turns this layer about its position \(text(position)), but the layer has no size and its \(noun) is at "
            + "\(text(centre)), so the effect swings around \(text(position)) instead of turning in place. "
        if dx >= 0, dy >= 0 {
            message +=
                "To turn it about its \(noun) with the picture unchanged: \"bounds\": [\(format(pivot.x)), \(format(pivot.y)), "
                + "\(format(2 * dx)), \(format(2 * dy))], \"position\": \(text(target))."
        } else {
            message += "To turn it about its \(noun): \"position\": \(text(target)) and the \(noun) at \(text(pivot))."
        }
        return message
    }

    /// What transforms the layer, in words, or nil when nothing does.
    private static func transformDescription(_ layer: LayerDescription) -> String? {
        if let animation = transformAnimation(layer.animations) {
            return "the \(animation) animation"
        }
        return layer.properties.transform == .identity ? nil : "\"transform\""
    }

    private static func transformAnimation(_ animations: [Animation]) -> String? {
        for animation in animations {
            if case .group(let children) = animation.kind, let inner = transformAnimation(children) { return inner }
            if let keyPath = animation.keyPath, keyPath == "transform" || keyPath.hasPrefix("transform.") { return keyPath }
        }
        return nil
    }

    /// Where the layer's content is centred in its own coordinates, and what the content is.
    private static func contentCentre(_ layer: LayerDescription) -> (Point, String)? {
        if let emitter = layer.content.emitter, !emitter.emitterCells.isEmpty { return (emitter.emitterPosition, "emitter") }
        if let path = layer.content.shape?.path, let box = boundingBox(path.vertices) { return (box, "path") }
        let positions = layer.sublayers.map(\.properties.position)
        if let box = boundingBox(positions) { return (box, positions.count == 1 ? "sublayer" : "sublayers' centre") }
        return nil
    }

    private static func boundingBox(_ points: [Point]) -> Point? {
        guard let first = points.first else { return nil }
        var low = first, high = first
        for p in points {
            low = Point(x: min(low.x, p.x), y: min(low.y, p.y))
            high = Point(x: max(high.x, p.x), y: max(high.y, p.y))
        }
        return Point(x: (low.x + high.x) / 2, y: (low.y + high.y) / 2)
    }

    private static func text(_ p: Point) -> String { "[\(format(p.x)), \(format(p.y))]" }
}
