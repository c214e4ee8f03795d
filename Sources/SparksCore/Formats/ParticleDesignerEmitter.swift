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

/// A Particle Designer emitter (71squared's flat format, read by cocos2d, Starling, Sparrow and
/// others): a property list (`.plist`) or a `<particleEmitterConfig>` document (`.pex`), read
/// with cocos2d-x's `CCParticleSystem` semantics as one emitter layer with one cell.
///
/// Every variance is `base ± var`; the emission rate is `maxParticles / particleLifespan`;
/// start→finish size, colour and rotation change linearly over each particle's life (Core
/// Animation's per-second speeds, worked out for the mean lifetime); y is up in a `.plist`
/// (cocos2d's) and down in a `.pex` (Starling's); `duration` stops emission. Radius mode, radial
/// and tangential acceleration, blend pairs other than normal and additive, starting rotations
/// and per-particle finish variances have no Core Animation equivalent and are noted. docs/core-animation.md lists every field.
enum ParticleDesignerEmitter {
    /// Keys that mark a dictionary as a Particle Designer emitter.
    static let signatureKeys = ["maxParticles", "particleLifespan", "emitterType", "startParticleSize"]

    /// The flat keys of a `.pex` document, in the `.plist` spelling: `<gravity x= y=>` is
    /// `gravityx`, `gravityy`; `<startColor red=…>` is `startColorRed`…; `<texture name= data=>`
    /// is `textureFileName`, `textureImageData`.
    static func values(ofPEX root: MarkupElement) -> [String: PropertyList] {
        var values: [String: PropertyList] = [:]
        let renamed = ["particleLifeSpan": "particleLifespan", "FinishParticleSizeVariance": "finishParticleSizeVariance"]
        for child in root.children {
            let key = renamed[child.name] ?? child.name
            if child.name == "texture" {
                if let name = child.attribute("name") { values["textureFileName"] = .string(name) }
                if let data = child.attribute("data") { values["textureImageData"] = .string(data) }
                continue
            }
            for (attribute, suffix) in [
                ("value", ""), ("x", "x"), ("y", "y"), ("red", "Red"), ("green", "Green"), ("blue", "Blue"), ("alpha", "Alpha"),
            ] {
                guard let text = child.attribute(attribute) else { continue }
                let trimmed = text.trimmedOfWhiteSpace
                values[key + suffix] = Double(trimmed).map { .real($0) } ?? .string(text)
            }
        }
        return values
    }

    /// The scene a Particle Designer emitter's values describe. A `.plist` is cocos2d's (y up,
    /// angles counter-clockwise) unless `yCoordFlipped` is −1; a `.pex` is read as the engines
    /// that read it do (Starling, Sparrow, Flambe, Nez: y down, angles clockwise on screen, as
    /// Core Animation's).
    static func read(_ values: [String: PropertyList], name: String, isPEX: Bool, reading: inout ForeignReading) -> SceneDescription {
        func number(_ key: String) -> Double {
            guard let value = values[key] else { return 0 }
            if let n = value.number, n.isFinite { return n }
            if let text = value.string, let n = Double(text.trimmedOfWhiteSpace), n.isFinite { return n }
            return 0
        }
        let degrees = Double.pi / 180
        let yDown = isPEX || number("yCoordFlipped") == -1
        let up = yDown ? 1.0 : -1.0
        var cell = EmitterCell(name: name.isEmpty ? "particle" : name)
        var layer = EmitterProperties()
        layer.startup = .empty  // A cocos2d system starts emitting when it is added.

        // Lifetime: base ± var, never below 0.
        let life = max(0, number("particleLifespan")), lifeVariance = abs(number("particleLifespanVariance"))
        cell.lifetime = ForeignRanges.tidy(life)
        cell.lifetimeRange = ForeignRanges.tidy(ForeignRanges.range(halfWidth: lifeVariance))
        // The mean life a particle shows (a negative draw lives 0 s).
        let meanLife = life >= lifeVariance ? life : (life + lifeVariance) * (life + lifeVariance) / (4 * max(lifeVariance, 1e-9))
        let maxParticles = max(0, number("maxParticles"))
        if meanLife > 0 {
            cell.birthRate = ForeignRanges.tidy(maxParticles / max(life, meanLife))
        }
        if maxParticles == 0 {
            reading.note("maxParticles", "0: the emitter makes no particles (a game that sets its count at run time must give it here)")
        }
        if life == 0 {
            reading.note(
                "particleLifespan",
                meanLife > 0
                    ? "0: cocos2d refills the pool each frame; drawn as \(cell.birthRate) particles a second, which keeps \(Int(maxParticles)) alive"
                    : "0 with no variance: every particle dies as it is born; nothing is drawn")
        }
        let duration = number("duration")
        if duration > 0 {
            cell.timing.duration = ForeignRanges.tidy(duration)
        }

        // Direction: degrees from +x towards +y of the file's y axis; a flat fan of ± angleVariance.
        cell.emissionLongitude = ForeignRanges.tidy(up * number("angle") * degrees)
        cell.emissionRange = ForeignRanges.tidy(ForeignRanges.emissionRange(halfAngle: number("angleVariance") * degrees))
        cell.emissionFan = cell.emissionRange != 0
        cell.velocity = ForeignRanges.tidy(number("speed"))
        cell.velocityRange = ForeignRanges.tidy(ForeignRanges.range(halfWidth: number("speedVariance")))
        cell.xAcceleration = ForeignRanges.tidy(number("gravityx"))
        cell.yAcceleration = ForeignRanges.tidy(up * number("gravityy"))
        for key in ["radialAcceleration", "radialAccelVariance", "tangentialAcceleration", "tangentialAccelVariance"] where number(key) != 0
        {
            reading.note(
                key, "\(ForeignRanges.tidy(number(key))): Core Animation has no acceleration toward or around the emitter; left out")
        }

        readColors(number, into: &cell, meanLife: meanLife, reading: &reading)
        readTexture(values, name: name, into: &cell, reading: &reading)
        readSizes(number, into: &cell, meanLife: meanLife, reading: &reading)

        // Rotation: degrees, clockwise (cocos2d's), start → end over the life.
        let rotationStart = number("rotationStart"), rotationEnd = number("rotationEnd")
        if meanLife > 0 {
            cell.spin = ForeignRanges.tidy((rotationEnd - rotationStart) * degrees / meanLife)
            let spread = abs(number("rotationStartVariance")) + abs(number("rotationEndVariance"))
            cell.spinRange = ForeignRanges.tidy(ForeignRanges.range(halfWidth: spread * degrees / meanLife))
        }
        if rotationStart != 0 || number("rotationStartVariance") != 0 {
            reading.note(
                "rotationStart", "particles start turned in cocos2d; Core Animation's cells have no starting angle, so they start upright")
        }

        // Blending: a pair of OpenGL factors.
        let source = Int(number("blendFuncSource")), destination = Int(number("blendFuncDestination"))
        switch (source, destination) {
        case (770, 1), (1, 1): layer.renderMode = .additive
        case (770, 771), (1, 771): layer.renderMode = .oldestLast
        default:
            layer.renderMode = destination == 1 ? .additive : .oldestLast
            reading.note(
                "blendFuncSource",
                "the blend pair (\(source), \(destination)) has no Core Animation equivalent; drawn \(destination == 1 ? "additive" : "with normal alpha blending")"
            )
        }

        // Where particles are born: ± variance on each axis.
        let spread = Size(width: 2 * abs(number("sourcePositionVariancex")), height: 2 * abs(number("sourcePositionVariancey")))
        var extra = 0.0
        if Int(number("emitterType")) == 1 {
            // Radius mode: particles circle the source from maxRadius to minRadius.
            let maxRadius = abs(number("maxRadius")), minRadius = abs(number("minRadius"))
            layer.emitterShape = .circle
            layer.emitterMode = .outline
            layer.emitterSize = Size(width: 2 * maxRadius, height: 2 * maxRadius)
            cell.emissionLongitude = .pi
            cell.emissionRange = 0
            cell.emissionFan = false
            cell.velocity = meanLife > 0 ? ForeignRanges.tidy((maxRadius - minRadius) / meanLife) : 0
            cell.velocityRange = 0
            cell.xAcceleration = 0
            cell.yAcceleration = 0
            extra = maxRadius
            reading.note(
                "emitterType",
                "radius mode (particles turning \(ForeignRanges.tidy(number("rotatePerSecond")))°/s about the source from radius \(ForeignRanges.tidy(maxRadius)) to \(ForeignRanges.tidy(minRadius))) is not Core Animation: drawn as particles born on a circle of radius \(ForeignRanges.tidy(maxRadius)) moving straight in to radius \(ForeignRanges.tidy(minRadius)), without the turn"
            )
        } else if spread.width > 0 || spread.height > 0 {
            layer.emitterShape = .rectangle
            layer.emitterMode = .surface
            layer.emitterSize = spread
        }
        layer.emitterCells = [cell]
        let placed = ForeignLayout.place(cells: [cell], spawn: spread, extraRadius: extra)
        var properties = LayerProperties()
        properties.name = name.isEmpty ? "emitter" : name
        properties.position = placed.position
        var scene = SceneDescription(
            name: name, canvas: placed.canvas, layers: [LayerDescription(properties: properties, content: .emitter(layer))])
        scene.summary = "Particle Designer emitter \(name), read from its file"
        return scene
    }

    private static func readColors(
        _ number: (String) -> Double, into cell: inout EmitterCell, meanLife: Double, reading: inout ForeignReading
    ) {
        let names = ["Red", "Green", "Blue", "Alpha"]
        var start: [(value: Double, range: Double)] = []
        var speeds: [Double] = []
        for channel in names {
            let mean = number("startColor\(channel)"), variance = number("startColorVariance\(channel)")
            start.append(ForeignRanges.colorComponent(mean: mean, halfWidth: variance))
            let finish = number("finishColor\(channel)")
            speeds.append(meanLife > 0 ? ForeignRanges.tidy((finish - min(1, max(0, mean))) / meanLife) : 0)
        }
        cell.color = Color(
            red: ForeignRanges.tidy(start[0].value), green: ForeignRanges.tidy(start[1].value), blue: ForeignRanges.tidy(start[2].value),
            alpha: ForeignRanges.tidy(start[3].value))
        cell.redRange = ForeignRanges.tidy(start[0].range)
        cell.greenRange = ForeignRanges.tidy(start[1].range)
        cell.blueRange = ForeignRanges.tidy(start[2].range)
        cell.alphaRange = ForeignRanges.tidy(start[3].range)
        cell.redSpeed = speeds[0]
        cell.greenSpeed = speeds[1]
        cell.blueSpeed = speeds[2]
        cell.alphaSpeed = speeds[3]
        if names.contains(where: { number("finishColorVariance\($0)") != 0 }) {
            reading.note(
                "finishColorVariance",
                "each particle's own finish colour is drawn as the mean finish colour (Core Animation's speeds are one per cell)")
        }
    }

    private static func readSizes(
        _ number: (String) -> Double, into cell: inout EmitterCell, meanLife: Double, reading: inout ForeignReading
    ) {
        guard let texture = cell.contents, texture.pixelWidth > 0 else { return }
        // Sizes are in points; the image is drawn at its own size divided by contentsScale.
        let imageWidth = Double(texture.pixelWidth) / cell.contentsScale
        let start = max(0, number("startParticleSize")), finish = number("finishParticleSize")
        cell.scale = ForeignRanges.tidy(start / imageWidth)
        cell.scaleRange = ForeignRanges.tidy(ForeignRanges.range(halfWidth: number("startParticleSizeVariance") / imageWidth))
        // cocos2d: a finish size of −1 keeps the start size.
        if finish >= 0, meanLife > 0 {
            cell.scaleSpeed = ForeignRanges.tidy((finish - start) / imageWidth / meanLife)
        }
        if number("finishParticleSizeVariance") != 0 {
            reading.note("finishParticleSizeVariance", "each particle's own finish size is drawn as the mean finish size")
        }
    }

    private static func readTexture(
        _ values: [String: PropertyList], name: String, into cell: inout EmitterCell, reading: inout ForeignReading
    ) {
        let fileName = values["textureFileName"]?.string?.trimmedOfWhiteSpace ?? ""
        let baseName = fileName.split(separator: "/").last.map(String.init) ?? ""
        if !baseName.isEmpty, let found = reading.findImage(named: baseName) {
            cell.contents = reading.register(found.texture, preferredName: found.texture.url?.lastPathComponent ?? baseName)
            cell.contentsScale = found.scale
            return
        }
        var why = baseName.isEmpty ? "no image named" : "image \"\(baseName)\" is not beside the file"
        let embedded: [UInt8]?
        switch values["textureImageData"] {
        case .data(let data)?: embedded = data
        case .string(let text)?: embedded = Data(base64Encoded: text, options: .ignoreUnknownCharacters).map { [UInt8]($0) } ?? []
        default: embedded = nil
        }
        if let embedded {
            do throws(EmbeddedImage.Error) {
                guard !embedded.isEmpty else { throw EmbeddedImage.Error(reason: "it is not base64 text") }
                let content = try EmbeddedImage.decode(embedded)
                let stem =
                    baseName.isEmpty ? (name.isEmpty ? "particle" : name) : String(baseName.split(separator: ".").first ?? "particle")
                let texture = Texture(name: stem + ".png", embedded: content, source: reading.file)
                cell.contents = reading.register(texture, preferredName: stem + ".png")
                return
            } catch {
                why += "; the image inside the file could not be read (\(error.reason))"
            }
        }
        guard let standIn = reading.standIn(.spark) else {
            reading.note("textureFileName", "\(why), and no stand-in was found; particles are not drawn")
            return
        }
        cell.contents = standIn
        reading.note("textureFileName", "\(why); drawn with Sparks's stand-in \(ForeignReading.StandIn.spark.assetName)")
    }
}
