#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// An effect file of another engine (SpriteKit, Particle Designer) or Core Animation's own
/// archive (CAML), read into a preset: the scene, what could not be said in Core Animation's
/// terms (each a note naming the file's key), and the images it carries or names.
public struct ForeignEffect: Sendable {
    /// The scene the file describes.
    public var scene: SceneDescription
    /// What was approximated, drawn by a Sparks extension or left out, each as
    /// `FILE: KEY: what happened`.
    public var notes: [String]
    /// The images the scene names that are not in the asset folders, by the name the preset
    /// gives them: carried inside the file (``Texture/embedded``) or found beside it (``Texture/url``).
    public var images: [String: Texture]
}

/// Reading one foreign file: its name for messages, where its images are looked for, and the
/// notes gathered.
struct ForeignReading {
    /// The file as messages name it.
    let file: String
    /// Looks up images in the file's folder (the resolver's first root) and the assets.
    let resolver: ResourceResolver
    /// What was approximated or left out.
    private(set) var notes: [String] = []
    /// Images named by the scene that are not assets.
    var images: [String: Texture] = [:]
    /// The name each image (by its cache key) was registered under.
    private var registered: [String: String] = [:]

    init(file: String, resolver: ResourceResolver) {
        self.file = file
        self.resolver = resolver
    }

    /// Adds a note about the file's `key`.
    mutating func note(_ key: String, _ text: String) {
        notes.append("\(file): \(key): \(text)")
    }

    /// Adds notes already worded in full (the preset decoder's).
    mutating func append(notes more: [String]) {
        notes += more
    }

    /// The file's folder: the first folder the resolver searches.
    var folder: URL? { resolver.roots.first }

    // MARK: Images

    /// The stand-ins Sparks ships in `assets/` (`standin-*.png`) for images an effect names but does not
    /// carry: a soft dot like Xcode's `spark.png`, a disc like its `bokeh.png`, and a square
    /// (SpriteKit draws an untextured particle as a square of its colour).
    enum StandIn: String {
        case spark, bokeh, square
        var assetName: String { "standin-\(rawValue).png" }

        /// The stand-in that looks most like an image named `name`.
        static func resembling(_ name: String) -> StandIn {
            let lowered = name.lowercased()
            if lowered.contains("bokeh") { return .bokeh }
            if lowered.contains("square") || lowered.contains("pixel") || lowered.contains("rect") { return .square }
            return .spark
        }
    }

    /// An image the file names, found beside it: `name` as given, with `.png` added, its
    /// `@2x`/`@3x` variants, or inside an asset catalog (`NAME.imageset`) or sprite atlas
    /// (`*.atlas`, `*.spriteatlas`) in the file's folder or below it. The texture found and the
    /// pixels per point of the variant (2 for `@2x`).
    mutating func findImage(named name: String) -> (texture: Texture, scale: Double)? {
        let trimmed = name.trimmedOfWhiteSpace
        guard !trimmed.isEmpty, !trimmed.contains("/"), !trimmed.contains("\\"), trimmed != ".", trimmed != ".." else { return nil }
        let hasExtension = trimmed.contains(".") && trimmed.split(separator: ".").last.map { $0.count <= 4 } == true
        let stem = hasExtension ? String(trimmed[..<trimmed.lastIndex(of: ".")!]) : trimmed
        let ext = hasExtension ? String(trimmed[trimmed.index(after: trimmed.lastIndex(of: ".")!)...]) : "png"
        let baseStem = Self.withoutScaleSuffix(stem)
        var candidates: [(String, Double)] = []
        if hasExtension { candidates.append((trimmed, Self.scaleSuffix(of: stem))) }
        candidates += [("\(baseStem)@3x.\(ext)", 3), ("\(baseStem)@2x.\(ext)", 2), ("\(baseStem).\(ext)", 1)]
        for folder in [""] + catalogFolders(holding: baseStem) {
            for (candidate, scale) in candidates {
                let path = folder.isEmpty ? candidate : folder + "/" + candidate
                if let texture = try? resolver.image(path), texture.url?.path.hasPrefix(self.folder?.path ?? "\u{0}") == true {
                    return (texture, scale)
                }
            }
        }
        return nil
    }

    /// The images the scene uses when the file's image is absent: the stand-in, named so the
    /// preset finds it in the assets.
    func standIn(_ standIn: StandIn) -> Texture? {
        try? resolver.image(standIn.assetName)
    }

    /// Folders below the file's folder (relative paths, at most 4 deep, 4,000 entries looked
    /// at) that may hold an image `stem`: asset catalog image sets and sprite atlases.
    private func catalogFolders(holding stem: String) -> [String] {
        guard let root = folder else { return [] }
        var found: [String] = []
        var queue: [(String, Int)] = [("", 0)]
        var looked = 0
        while !queue.isEmpty, looked < 4_000 {
            let (relative, depth) = queue.removeFirst()
            let url = relative.isEmpty ? root : root.appendingPathComponent(relative)
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: url.path) else { continue }
            for name in names.sorted() {
                looked += 1
                let path = relative.isEmpty ? name : relative + "/" + name
                var info = stat()
                guard lstat(url.appendingPathComponent(name).path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else { continue }
                if name == stem + ".imageset" { found.append(path) }
                if name.hasSuffix(".atlas") || name.hasSuffix(".spriteatlas") { found.append(path) }
                if depth < 4 { queue.append((path, depth + 1)) }
            }
        }
        return found
    }

    /// The `@2x`-style pixels per point a file stem says (1 without one).
    static func scaleSuffix(of stem: String) -> Double {
        if stem.hasSuffix("@2x") { return 2 }
        if stem.hasSuffix("@3x") { return 3 }
        return 1
    }

    static func withoutScaleSuffix(_ stem: String) -> String {
        stem.hasSuffix("@2x") || stem.hasSuffix("@3x") ? String(stem.dropLast(3)) : stem
    }

    /// Registers an image the scene names by a name of its own (the file's base name, made
    /// unique), and returns that name's texture.
    mutating func register(_ texture: Texture, preferredName: String) -> Texture {
        // The same image named again (another cell of the same file) keeps its one name.
        if let known = registered[texture.cacheKey], let image = images[known] { return image }
        // The name becomes a file beside the imported preset: letters, digits, '-', '_' and '.'
        // only, never starting with a dot; an image the file carries ends in .png.
        var safe = String(
            preferredName.unicodeScalars.map { scalar -> Character in
                let c = Character(scalar)
                return scalar.isASCII && (c.isLetter || c.isNumber || c == "-" || c == "_" || c == ".") ? c : "-"
            }.prefix(100))
        while safe.hasPrefix(".") { safe.removeFirst() }
        if safe.isEmpty { safe = "texture.png" }
        if texture.embedded != nil, !safe.lowercased().hasSuffix(".png") { safe += ".png" }
        var name = safe
        var counter = 2
        let dot = name.lastIndex(of: ".") ?? name.endIndex
        let stem = String(name[..<dot]), fileExtension = String(name[dot...])
        while let other = images[name], other != texture {
            name = "\(stem)-\(counter)\(fileExtension)"
            counter += 1
        }
        let named: Texture
        if let embedded = texture.embedded {
            named = Texture(name: name, embedded: embedded, source: file)
        } else {
            named = Texture(
                name: name, url: texture.url, folder: texture.folder, pixelWidth: texture.pixelWidth, pixelHeight: texture.pixelHeight)
        }
        images[name] = named
        registered[texture.cacheKey] = name
        return named
    }
}

/// Where an effect of another engine is placed: those engines give no canvas (the game places
/// the emitter), so the canvas is sized and the emitter placed to show where the particles go.
enum ForeignLayout {
    /// A canvas and an emitter position for one emitter whose particles move as `cell` says,
    /// born over `spawn` (a rectangle's width and height around the emitter).
    static func place(cells: [EmitterCell], spawn: Size, extraRadius: Double = 0) -> (canvas: CanvasDescription, position: Point) {
        var minX = -spawn.width / 2 - extraRadius, maxX = spawn.width / 2 + extraRadius
        var minY = -spawn.height / 2 - extraRadius, maxY = spawn.height / 2 + extraRadius
        var largest = 0.0
        for cell in cells where cell.birthRate > 0 {
            let life = min(max(0, cell.lifetime + abs(cell.lifetimeRange) / 2), 10)
            let size = cell.baseSize
            largest = max(largest, max(size.width, size.height) * (abs(cell.scale) + abs(cell.scaleRange) / 2))
            let spread = DirectionCone.halfAngle(ofRange: cell.emissionRange)
            for angle in [cell.emissionLongitude - spread, cell.emissionLongitude, cell.emissionLongitude + spread] {
                for speed in [cell.velocity - abs(cell.velocityRange) / 2, cell.velocity + abs(cell.velocityRange) / 2] {
                    for step in 1...8 {
                        let t = life * Double(step) / 8
                        let x = speed * cos(angle) * t + 0.5 * cell.xAcceleration * t * t
                        let y = speed * sin(angle) * t + 0.5 * cell.yAcceleration * t * t
                        minX = min(minX, x)
                        maxX = max(maxX, x)
                        minY = min(minY, y)
                        maxY = max(maxY, y)
                    }
                }
            }
        }
        let margin = 24 + largest / 2
        let width = min(1920, max(400, ((maxX - minX + 2 * margin) / 10).rounded(.up) * 10))
        let height = min(1080, max(300, ((maxY - minY + 2 * margin) / 10).rounded(.up) * 10))
        // The box's centre at the canvas's centre, the emitter kept on the canvas.
        var x = width / 2 - (minX + maxX) / 2
        var y = height / 2 - (minY + maxY) / 2
        x = min(max(x, min(margin, width / 2)), width - min(margin, width / 2))
        y = min(max(y, min(margin, height / 2)), height - min(margin, height / 2))
        return (
            CanvasDescription(width: width, height: height, background: Color(red: 0, green: 0, blue: 0)),
            Point(x: x.rounded(), y: y.rounded())
        )
    }
}

/// Spreads written as `value ± variance` (SpriteKit's ± range/2, Particle Designer's ± variance)
/// in Core Animation's terms.
enum ForeignRanges {
    /// A Core Animation range for an even spread of ± `halfWidth` around the mean.
    static func range(halfWidth: Double) -> Double {
        2 * abs(halfWidth) / CoreAnimationChoices.rangeWidthFactor
    }

    /// An `emissionRange` for directions spread ± `halfAngle` around the longitude.
    static func emissionRange(halfAngle: Double) -> Double {
        abs(halfAngle) / CoreAnimationChoices.emissionHalfAngleInRanges
    }

    /// A colour component and its Core Animation range for an even spread ± `halfWidth` around
    /// `mean` (Core Animation's colour ranges may spread one way only:
    /// ``CoreAnimationChoices/colorRangeIsOneSided``).
    static func colorComponent(mean: Double, halfWidth: Double) -> (value: Double, range: Double) {
        let half = abs(halfWidth)
        if CoreAnimationChoices.colorRangeIsOneSided {
            // Both engines clamp a component to 0…1; the spread is kept within it.
            let low = min(1, max(0, mean - half)), high = min(1, max(0, mean + half))
            return (low, high - low)
        }
        return (min(1, max(0, mean)), 2 * half / CoreAnimationChoices.rangeWidthFactor)
    }

    /// A number rounded to 6 significant places, so presets read cleanly.
    static func tidy(_ value: Double) -> Double {
        guard value.isFinite, value != 0 else { return 0 }
        let magnitude = pow(10, 5 - floor(log10(abs(value))))
        return (value * magnitude).rounded() / magnitude
    }
}
