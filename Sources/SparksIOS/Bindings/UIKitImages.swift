import SparksCore

/// Image views and animated images (core-animation.md §4.8): a UIImageView shows its image as
/// its layer's contents; `animationImages` played by `startAnimating()` and an animated image
/// (`UIImage.animatedImage(with:duration:)`, `animatedImageNamed:duration:`) become a discrete
/// keyframe animation of the contents, each image an equal share of the duration.
extension BindingTable {
    static let imageViews: [Binding] = [
        Binding(.global, swift: ["UIImageView(image:)"], meaning: "a view of the image's size showing it") { c in
            guard c.labels == ["image"] else { return nil }
            let i = c.interpreter
            guard case .object(let view) = try i.makeObject("UIImageView", labels: [], [], at: c.at), let layer = view.layer else {
                return nil
            }
            if let image = c.first, firstImageName(image) != nil {
                try showImage(image, in: layer, view: view, c)
                if let name = firstImageName(image), case .size(let size)? = try? i.imageMetric(name, "size", at: c.at) {
                    i.setFrame(layer, Rect(x: 0, y: 0, width: size.width, height: size.height))
                }
            }
            return .object(view)
        },
        Binding(.object(.view), form: .write, swift: ["image"], meaning: "the layer's contents (an animated image plays)") { c in
            guard let view = c.object, let layer = view.viewLayer else { return nil }
            try showImage(c[0], in: layer, view: view, c)
            return .void
        },
        Binding(
            .object(.view), form: .write, swift: ["animationImages", "animationDuration", "animationRepeatCount"],
            meaning: "kept for startAnimating()"
        ) { c in
            c.object?.fields[c.name] = c[0]
            return .void
        },
        Binding(.object(.view), swift: ["startAnimating()"], objc: ["startAnimating"], meaning: "plays animationImages on the layer") {
            c in
            guard let view = c.object, let layer = view.viewLayer,
                let images = try? c.interpreter.elements(of: view.fields["animationImages"] ?? .null, at: c.at),
                !images.isEmpty
            else { return .void }
            let duration = try view.fields["animationDuration"].map { try c.interpreter.number($0, at: c.at) } ?? 0
            let count = try view.fields["animationRepeatCount"].map { try c.interpreter.number($0, at: c.at) } ?? 0
            try playImages(
                images, over: duration > 0 ? duration : Double(images.count) / 30, repeatCount: count > 0 ? count : .infinity, on: layer, c)
            return .void
        },
        Binding(.object(.view), swift: ["stopAnimating()"], objc: ["stopAnimating"], meaning: "stops them (then)") { c in
            guard let layer = c.object?.viewLayer else { return .void }
            c.interpreter.removeAnimations(of: layer) { $0.key == playedImagesKey }
            return .void
        },
        Binding(
            .type("UIImage"), swift: ["animatedImage(with:duration:)", "animatedImageNamed(_:duration:)"],
            objc: ["animatedImageWithImages:duration:", "animatedImageNamed:duration:"],
            meaning: "images shown in turn over the duration, for ever"
        ) { c in
            let i = c.interpreter
            let duration = try i.number(c.labelled("duration") ?? c[1], at: c.at)
            var images: [Value]
            if case .string(let prefix) = c[0] {
                // `animatedImageNamed:` loads NAME0, NAME1, … while they exist (and NAME0 … NAME1024).
                images = (0..<1024).lazy.map { "\(prefix)\($0)" }.prefix { i.imageFound($0) != nil }.map(Value.image)
                if images.isEmpty { images = [.image(prefix + "0")] }
            } else {
                images = try i.elements(of: c[0], at: c.at)
            }
            return .enumValue("UIImage.animated", [.array(images), .number(duration)])
        },
    ]

    /// The key the played images are added under.
    static let playedImagesKey = "UIImageView.animationImages"

    /// The first image an image value names (the first frame of an animated one).
    private static func firstImageName(_ value: Value) -> String? {
        switch value {
        case .image(let name): return name
        case .enumValue("UIImage.animated", let parts):
            if case .array(let images)? = parts.first, case .image(let name)? = images.first { return name }
            return nil
        default: return nil
        }
    }

    /// Shows an image (or plays an animated one) as the layer's contents.
    private static func showImage(_ value: Value, in layer: Object, view: Object, _ c: Call) throws {
        guard case .enumValue("UIImage.animated", let parts) = value, case .array(let images)? = parts.first, !images.isEmpty else {
            try c.interpreter.setProperty(of: layer, "contents", value, at: c.at)
            return
        }
        let duration = try c.interpreter.number(parts[safe: 1], at: c.at)
        try c.interpreter.setProperty(of: layer, "contents", images[0], at: c.at)
        try playImages(images, over: duration > 0 ? duration : Double(images.count) / 30, repeatCount: .infinity, on: layer, c)
    }

    /// The images in turn as the layer's contents, each an equal share of `duration`.
    private static func playImages(_ images: [Value], over duration: Double, repeatCount: Double, on layer: Object, _ c: Call) throws {
        let i = c.interpreter
        guard duration.isFinite, let kind = layer.layerKind, let (address, valueKind) = try? PropertyAddress.resolve("contents", on: kind)
        else { throw c.skip("images played over a duration that is not a time") }
        var keyframes = Animation.Keyframes()
        keyframes.values = try images.map { try i.propertyValue($0, kind: valueKind, key: "contents", at: c.at) }
        keyframes.keyTimes = (0...images.count).map { Double($0) / Double(images.count) }
        keyframes.calculationMode = .discrete
        var animation = Animation(kind: .keyframe(keyframes), keyPath: "contents", target: address)
        animation.key = playedImagesKey
        animation.timing.beginTime = i.now
        animation.timing.duration = duration
        animation.timing.repeatCount = repeatCount
        layer.animations.removeAll { $0.key == playedImagesKey }
        layer.animations.append(animation)
        c.note(
            "\(images.count) images play in turn over \(PresetNumber.text(duration)) s"
                + (repeatCount.isInfinite ? ", for ever" : ", \(PresetNumber.text(repeatCount)) times"))
    }
}
