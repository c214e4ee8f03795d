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

/// A SpriteKit particle file (`.sks`: an `SKEmitterNode` archived by `NSKeyedArchiver`, its
/// fields under SpriteKit's private names) as one emitter layer with one cell.
///
/// SpriteKit is y-up with counter-clockwise angles; its ranges spread ± range/2; its emission
/// range is a flat fan (the ``EmitterCell/emissionFan`` extension); its colour blend factor
/// mixes the texture towards the colour (drawn as the tint 1 + (colour − 1) × factor that Core
/// Animation multiplies by); its size replaces the texture's (``EmitterCell/contentsScale``);
/// its keyframe sequences become `colorOverLife` and `valueOverLife` behaviours.
/// docs/core-animation.md lists every field.
enum SpriteKitEmitter {
    /// The keyed archive's root class of each other kind of `.sks`, and what to call it.
    static let otherKinds: [String: String] = [
        "SKScene": "a SpriteKit scene, not a particle emitter: open the emitter files it uses",
        "GKScene": "a GameplayKit scene, not a particle emitter: open the emitter files it uses",
        "NSDictionary": "a SpriteKit action file, not a particle emitter",
        "NSMutableDictionary": "a SpriteKit action file, not a particle emitter",
        "SKActionTable": "a SpriteKit action file, not a particle emitter",
        "NSMutableArray": "a SpriteKit tile set, not a particle emitter",
        "NSArray": "a SpriteKit tile set, not a particle emitter",
        "SKTileSet": "a SpriteKit tile set, not a particle emitter",
    ]

    /// The scene an archived `SKEmitterNode` describes.
    static func read(_ node: ArchivedObject, name: String, reading: inout ForeignReading) -> SceneDescription {
        var cell = EmitterCell(name: name.isEmpty ? "particle" : name)
        var layer = EmitterProperties()
        layer.startup = .empty  // A SpriteKit emitter starts emitting when it is added to a scene.
        layer.renderMode = .oldestLast
        func number(_ key: String) -> Double { node.number(key) ?? 0 }
        func pair(_ key: String) -> (Double, Double) { node.pair(key) ?? (0, 0) }

        cell.birthRate = max(0, number("_birthrate"))
        cell.lifetime = max(0, number("_lifetime"))
        cell.lifetimeRange = ForeignRanges.range(halfWidth: number("_lifetimeVariance") / 2)
        cell.velocity = number("_startSpeed")
        cell.velocityRange = ForeignRanges.range(halfWidth: number("_startSpeedVariance") / 2)
        // y-up and counter-clockwise: a SpriteKit angle θ is Core Animation's −θ.
        cell.emissionLongitude = -number("_emissionAngle")
        cell.emissionRange = ForeignRanges.emissionRange(halfAngle: number("_emissionAngleVariance") / 2)
        cell.emissionFan = cell.emissionRange != 0
        let acceleration = pair("_acceleration")
        cell.xAcceleration = acceleration.0
        cell.yAcceleration = -acceleration.1
        cell.scale = number("_startScale")
        cell.scaleRange = ForeignRanges.range(halfWidth: number("_startScaleVariance") / 2)
        cell.scaleSpeed = number("_scaleSpeed")
        cell.spin = -number("_rotationSpeed")
        if number("_startRotation") != 0 || number("_startRotationVariance") != 0 {
            reading.note(
                "_startRotation",
                "particles start turned by \(ForeignRanges.tidy(number("_startRotation"))) ± \(ForeignRanges.tidy(number("_startRotationVariance") / 2)) rad in SpriteKit; Core Animation's cells have no starting angle, so they start upright"
            )
        }

        let count = number("_numParticlesToEmit")
        if count > 0, cell.birthRate > 0 {
            cell.timing.duration = ForeignRanges.tidy(count / cell.birthRate)
            reading.note(
                "_numParticlesToEmit", "emits \(Int(count)) particles and stops: the cell's duration is \(Int(count)) / birthRate s")
        }

        readColor(node, into: &cell, layer: &layer, reading: &reading)
        readTexture(node, into: &cell, reading: &reading)
        readBlendMode(node, into: &layer, reading: &reading)

        for (key, what) in [
            ("_particleSpeedSequence", "speeds over the particle's life"),
            ("_particleColorBlendFactorSequence", "colour blend factors over the particle's life"),
            ("_particleAction", "an action run on every particle"),
            ("_shader", "a custom shader"),
        ] where node[key] != nil {
            reading.note(key, "\(what): Core Animation has no equivalent; left out")
        }
        for key in ["_emissionDistance", "_emissionDistanceRange", "_startZPosition", "_startZPositionVariance", "_zPositionSpeed"]
        where number(key) != 0 {
            reading.note(key, "\(ForeignRanges.tidy(number(key))): no Core Animation equivalent for a flat emitter; left out")
        }

        // Where particles are born: SpriteKit's position range spreads ± range/2 on each axis.
        let start = pair("_startPosition")
        let spread = pair("_startPositionVariance")
        let spawn = Size(width: abs(spread.0), height: abs(spread.1))
        if spawn.width > 0 || spawn.height > 0 {
            layer.emitterShape = .rectangle
            layer.emitterMode = .surface
            layer.emitterSize = spawn
        }
        layer.emitterCells = [cell]
        let placed = ForeignLayout.place(cells: [cell], spawn: spawn)
        layer.emitterPosition = Point(x: ForeignRanges.tidy(start.0), y: ForeignRanges.tidy(-start.1))

        var properties = LayerProperties()
        properties.name = name.isEmpty ? "emitter" : name
        properties.position = placed.position
        properties.opacity = min(1, max(0, node.number("_opacity") ?? 1))
        properties.isHidden = node["_hidden"]?.number == 1
        let scaleX = node.number("_xScale") ?? 1, scaleY = node.number("_yScale") ?? 1, turn = number("_zRotation")
        if scaleX != 1 || scaleY != 1 || turn != 0 {
            properties.transform = Transform3D.rotation(-turn, 0, 0, 1) * Transform3D.scale(scaleX, scaleY, 1)
        }
        var scene = SceneDescription(
            name: name, canvas: placed.canvas, layers: [LayerDescription(properties: properties, content: .emitter(layer))])
        scene.summary = "SpriteKit particle emitter \(name), read from its .sks file"
        return scene
    }

    // MARK: Colour

    /// The tint Core Animation multiplies the image by for SpriteKit's colour `c` mixed in by
    /// `factor`: SpriteKit blends the texture towards `texture × colour`.
    static func tint(_ c: Double, factor: Double) -> Double { 1 + (c - 1) * factor }

    private static func readColor(
        _ node: ArchivedObject, into cell: inout EmitterCell, layer: inout EmitterProperties, reading: inout ForeignReading
    ) {
        func number(_ key: String) -> Double { node.number(key) ?? 0 }
        let factor = min(1, max(0, node.number("_startColorMix") ?? 0))
        if node.number("_startColorMix").map({ $0 > 1 }) == true {
            reading.note("_startColorMix", "\(number("_startColorMix")) is beyond 1; SpriteKit mixes fully at 1, as drawn")
        }
        let factorSpeed = number("_colorBlendSpeed")
        if number("_startColorBlendVariance") != 0 {
            reading.note("_startColorBlendVariance", "a per-particle spread of the colour blend factor is drawn at its mean, \(factor)")
        }
        let channels = ["R", "G", "B"]
        // With a colour sequence SpriteKit ignores the particle colour, its ranges and speeds
        // (SKEmitterNode's particleColorSequence): the ramp alone colours the particle.
        let ramp = node.object("_particleColorSequence") != nil
        let start = channels.map { ramp ? 1 : number("_startColor\($0)") }
        let variance = channels.map { ramp ? 0 : number("_startColorVariance\($0)") }
        let speed = channels.map { ramp ? 0 : number("_colorSpeed\($0)") }
        var components: [(value: Double, range: Double)] = []
        for i in 0..<3 {
            let mean = tint(start[i], factor: factor)
            components.append(ForeignRanges.colorComponent(mean: mean, halfWidth: variance[i] * factor / 2))
        }
        let opacity = node.number("_startOpacity") ?? 1
        let colorAlpha = ramp ? 1 : node.number("_startColorA") ?? 1
        let alpha = ForeignRanges.colorComponent(
            mean: opacity * colorAlpha,
            halfWidth: number("_startOpacityVariance") * colorAlpha / 2 + (ramp ? 0 : number("_startColorVarianceA")) / 2)
        cell.color = Color(red: components[0].value, green: components[1].value, blue: components[2].value, alpha: alpha.value)
        cell.redRange = ForeignRanges.tidy(components[0].range)
        cell.greenRange = ForeignRanges.tidy(components[1].range)
        cell.blueRange = ForeignRanges.tidy(components[2].range)
        cell.alphaRange = ForeignRanges.tidy(alpha.range)
        // d/dt [1 + (c + s·t − 1)(f + g·t)] at t = 0; the t² term is left out (noted).
        cell.redSpeed = ForeignRanges.tidy((start[0] - 1) * factorSpeed + speed[0] * factor)
        cell.greenSpeed = ForeignRanges.tidy((start[1] - 1) * factorSpeed + speed[1] * factor)
        cell.blueSpeed = ForeignRanges.tidy((start[2] - 1) * factorSpeed + speed[2] * factor)
        let opacitySpeed = number("_opacitySpeed")
        cell.alphaSpeed = ForeignRanges.tidy(opacitySpeed * colorAlpha + (ramp ? 0 : number("_colorSpeedA")) * opacity)
        if factorSpeed != 0, speed.contains(where: { $0 != 0 }) {
            reading.note("_colorBlendSpeed", "a blend factor and colour that both change are drawn as a straight-line change of their tint")
        }
        cell.color = Color(
            red: ForeignRanges.tidy(cell.color.red), green: ForeignRanges.tidy(cell.color.green),
            blue: ForeignRanges.tidy(cell.color.blue), alpha: ForeignRanges.tidy(cell.color.alpha))

        // Xcode's colour ramp and the other sequences over the particle's life.
        let lifetime = cell.lifetime
        let alphaAt: (Double) -> Double = { t in min(1, max(0, opacity + opacitySpeed * t * lifetime)) * colorAlpha }
        var behaviors: [EmitterBehavior] = []
        if let colors = sequence(node.object("_particleColorSequence"), key: "_particleColorSequence", reading: &reading, value: Self.color)
        {
            let alphaStops = sequence(node.object("_particleAlphaSequence"), key: "_particleAlphaSequence", reading: &reading) { $0.number }
            // The ramp's colours mixed in by the blend factor, the alpha of the particle's own
            // fade (or alpha sequence) times the ramp's: sampled where either changes.
            var times = Set(colors.map(\.time) + (alphaStops?.map(\.time) ?? []) + [0, 1])
            if opacitySpeed != 0, lifetime > 0 {
                let zero = -opacity / (opacitySpeed * lifetime)
                if zero > 0, zero < 1 { times.insert(zero) }
            }
            let sorted = times.sorted()
            var samples = sorted
            for (a, b) in zip(sorted, sorted.dropFirst()) where b - a > 0.05 { samples.append((a + b) / 2) }
            samples.sort()
            var behavior = EmitterBehavior(type: .colorOverLife, name: "colorRamp")
            behavior.locations = samples.map { ForeignRanges.tidy($0) }
            behavior.colors = samples.map { t in
                let c = interpolate(colors, at: t)
                let a = alphaStops.map { interpolate($0, at: t) * colorAlpha } ?? alphaAt(t)
                return Color(
                    red: ForeignRanges.tidy(tint(c.red, factor: factor)), green: ForeignRanges.tidy(tint(c.green, factor: factor)),
                    blue: ForeignRanges.tidy(tint(c.blue, factor: factor)), alpha: ForeignRanges.tidy(min(1, max(0, a * c.alpha))))
            }
            behaviors.append(behavior)
            if speed.contains(where: { $0 != 0 }) || factorSpeed != 0 {
                reading.note("_particleColorSequence", "the colour ramp sets the colour; the colour speeds are left out, as SpriteKit does")
            }
        }
        // A number sequence as a value-over-life behaviour, each value mapped by `value`.
        func overLife(_ key: String, _ name: String, _ keyPath: EmitterBehavior.LifeProperty, _ value: (Double) -> Double) {
            guard let stops = sequence(node.object(key), key: key, reading: &reading, value: { $0.number }) else { return }
            var behavior = EmitterBehavior(type: .valueOverLife, name: name)
            behavior.keyPath = keyPath
            behavior.locations = stops.map { ForeignRanges.tidy($0.time) }
            behavior.values = stops.map { ForeignRanges.tidy(value($0.value)) }
            behaviors.append(behavior)
        }
        if behaviors.isEmpty { overLife("_particleAlphaSequence", "alphaRamp", .alpha) { $0 * colorAlpha } }
        overLife("_particleScaleSequence", "scaleRamp", .scale) { $0 }
        overLife("_particleRotationSequence", "rotationRamp", .rotation) { -$0 }
        layer.emitterBehaviors = behaviors
    }

    /// The stops of an `SKKeyframeSequence` (times as fractions of the particle's life) with
    /// values read by `value`; a step sequence is written as stops that jump; nil when absent or
    /// empty.
    private static func sequence<Value>(
        _ object: ArchivedObject?, key: String, reading: inout ForeignReading, value: (PropertyList) -> Value?
    ) -> [(time: Double, value: Value)]? {
        guard let object else { return nil }
        let times = object.elements("_times").compactMap(\.number)
        let rawValues = object.elements("_values")
        var stops: [(time: Double, value: Value)] = []
        for (time, raw) in zip(times, rawValues) {
            guard let v = value(raw) else { continue }
            stops.append((min(1, max(0, time)), v))
        }
        guard !stops.isEmpty else { return nil }
        stops.sort { $0.time < $1.time }
        switch object.number("_interpolationMode") ?? 1 {
        case 3:
            // Step: each value holds until the next stop.
            var stepped: [(time: Double, value: Value)] = []
            for (i, stop) in stops.enumerated() {
                stepped.append(stop)
                if i + 1 < stops.count { stepped.append((stops[i + 1].time, stop.value)) }
            }
            stops = stepped.sorted { $0.time < $1.time }
        case 2:
            reading.note(key, "a spline sequence is drawn with straight lines between its stops")
        default: break
        }
        if object.number("_repeatMode") == 2 {
            reading.note(key, "a looping sequence is drawn once over the particle's life")
        }
        return stops
    }

    /// A colour archived by AppKit (`NSColor`: `NSRGB` or `NSComponents` text, or `NSWhite`)
    /// or UIKit (`UIColor`: `UIRed`…).
    static func color(_ value: PropertyList) -> Color? {
        guard case .dictionary(let fields) = value else { return nil }
        func components(_ key: String) -> [Double]? {
            guard case .data(let bytes)? = fields[key] else { return nil }
            let text = String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
            let numbers = text.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" }).compactMap { Double($0) }
            return numbers.isEmpty ? nil : numbers
        }
        if let r = fields["UIRed"]?.number, let g = fields["UIGreen"]?.number, let b = fields["UIBlue"]?.number {
            return Color(red: r, green: g, blue: b, alpha: fields["UIAlpha"]?.number ?? 1)
        }
        if let white = fields["UIWhite"]?.number {
            return Color(red: white, green: white, blue: white, alpha: fields["UIAlpha"]?.number ?? 1)
        }
        for key in ["NSRGB", "NSComponents"] {
            if let c = components(key), c.count >= 3 { return Color(red: c[0], green: c[1], blue: c[2], alpha: c.count > 3 ? c[3] : 1) }
        }
        if let w = components("NSWhite") { return Color(red: w[0], green: w[0], blue: w[0], alpha: w.count > 1 ? w[1] : 1) }
        return nil
    }

    /// The value at `t` of stops held flat beyond the ends and straight between them.
    static func interpolate(_ stops: [(time: Double, value: Color)], at t: Double) -> Color {
        let values = (0..<4).map { channel in
            interpolate(
                stops.map {
                    ($0.time, channel == 0 ? $0.value.red : channel == 1 ? $0.value.green : channel == 2 ? $0.value.blue : $0.value.alpha)
                }, at: t)
        }
        return Color(red: values[0], green: values[1], blue: values[2], alpha: values[3])
    }

    static func interpolate(_ stops: [(time: Double, value: Double)], at t: Double) -> Double {
        guard let first = stops.first else { return 1 }
        if t <= first.time { return first.value }
        for (a, b) in zip(stops, stops.dropFirst()) where t <= b.time {
            return b.time > a.time ? a.value + (b.value - a.value) * (t - a.time) / (b.time - a.time) : b.value
        }
        return stops[stops.count - 1].value
    }

    // MARK: Image and blending

    private static func readTexture(_ node: ArchivedObject, into cell: inout EmitterCell, reading: inout ForeignReading) {
        let size = node.pair("_startSize") ?? (0, 0)
        let textureObject = node.object("_particleTexture")
        let imageName = textureObject?["_imgName"]?.string ?? textureObject?["_subTextureName"]?.string
        let texturePoints = textureObject?.pair("_size") ?? (0, 0)
        var texture: Texture
        var pixelsPerPoint = 1.0
        if let imageName, let found = reading.findImage(named: imageName) {
            texture = reading.register(found.texture, preferredName: found.texture.url?.lastPathComponent ?? imageName)
            pixelsPerPoint = found.scale
        } else {
            let standIn: ForeignReading.StandIn = imageName.map { ForeignReading.StandIn.resembling($0) } ?? .square
            guard let image = reading.standIn(standIn) else {
                reading.note("_particleTexture", "no image and no stand-in (assets/\(standIn.assetName)) found; particles are not drawn")
                return
            }
            texture = image
            if let imageName {
                reading.note(
                    "_particleTexture",
                    "image \"\(imageName)\" is not beside the file; drawn with Sparks's look-alike \(standIn.assetName) (put \(imageName) beside the file to use it)"
                )
            } else {
                reading.note("_particleTexture", "no image: SpriteKit draws each particle as a square of its colour, as drawn here")
            }
            // A stand-in is drawn at the size SpriteKit gives the named image.
            pixelsPerPoint = texturePoints.0 > 0 ? Double(image.pixelWidth) / texturePoints.0 : 1
        }
        cell.contents = texture
        // SpriteKit's size replaces the image's: Core Animation's contentsScale gives it.
        var pointWidth = Double(texture.pixelWidth) / pixelsPerPoint
        if size.0 > 0, size.1 > 0 {
            pointWidth = size.0
            let aspect = Double(texture.pixelHeight) / Double(texture.pixelWidth)
            if abs(size.1 - size.0 * aspect) > 0.5 {
                reading.note(
                    "_startSize",
                    "SpriteKit stretches the image to \(ForeignRanges.tidy(size.0))×\(ForeignRanges.tidy(size.1)); drawn \(ForeignRanges.tidy(size.0)) wide keeping its shape"
                )
            }
        } else if imageName == nil {
            pointWidth = 0
        }
        guard pointWidth > 0 else {
            cell.birthRate = 0
            reading.note("_startSize", "no image and no size: SpriteKit draws nothing")
            return
        }
        cell.contentsScale = ForeignRanges.tidy(Double(texture.pixelWidth) / pointWidth)
    }

    private static func readBlendMode(_ node: ArchivedObject, into layer: inout EmitterProperties, reading: inout ForeignReading) {
        let order = node.number("_particleRenderOrder") ?? 0
        layer.renderMode = order == 1 ? .oldestFirst : order == 2 ? .unordered : .oldestLast
        let mode = Int(node.number("_particleBlendMode") ?? 0)
        switch mode {
        case 0: break
        case 1: layer.renderMode = .additive
        case 5:
            layer.renderMode = .additive
            reading.note(
                "_particleBlendMode",
                "screen blending is drawn additive, the nearest Core Animation has (slightly brighter where particles overlap)")
        default:
            let names = [2: "subtract", 3: "multiply", 4: "multiply ×2", 6: "replace", 7: "multiply alpha"]
            reading.note(
                "_particleBlendMode",
                "\(names[mode] ?? "blend mode \(mode)") blending has no Core Animation equivalent; drawn with normal alpha blending")
        }
    }
}
