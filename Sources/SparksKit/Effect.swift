import SparksCore

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

/// A Core Animation effect running inside a game: load a preset, advance it with the game's
/// clock, move and change it, and draw it into the game's frame.
///
/// ```swift
/// let fire = try Effect(contentsOf: URL(fileURLWithPath: "presets/fire.json"))
/// // each frame:
/// try fire.moveEmitter("fireEmitter", x: player.x, y: player.y)
/// fire.advance(by: deltaSeconds)
/// try fire.draw(into: renderer)            // the game's SDL_Renderer*
/// ```
///
/// The effect is drawn over the game's frame: the preset's canvas `background` is not drawn
/// (the game's own picture is the backdrop, as a layer's superlayer is on iOS).
///
/// Time runs in fixed steps of `1 / stepRate` seconds (the preset's, 60 by default):
/// ``advance(by:)`` turns the game's frame time into whole steps and carries the rest, so the
/// effect is the same at any frame rate, and the same run to run. An effect is used from one
/// thread at a time (it may use other threads inside a step or a draw, with identical results).
///
/// `import SparksKit` brings this type and the few beside it (``EffectCamera``, ``EffectValue``,
/// ``EffectError``, ``EffectImage``, ``TextureProvider`` and its ``ImageSet`` and
/// ``TextureAtlas``, ``ShippedPresets``) and nothing of the engine, so a game's own `Point`,
/// `Color`, `Texture`, `Layer` or `Scene` never clash with Sparks's.
public final class Effect {
    /// The running scene: layers, emitters and their particles.
    package private(set) var scene: Scene
    /// Where the game's view of the effect is; applies to every draw.
    public var camera = EffectCamera()

    private var clock: FixedStepClock
    /// The changes made since loading, each key path's last value, in order: ``reset()``
    /// makes them again on the new scene.
    private var changes: [(keyPath: String, value: PropertyValue)] = []
    /// Whether ``onFinished`` was called for the current play-out.
    private var finishNoticed = false
    let images: EffectImageDecoder
    let resolver: ResourceResolver
    lazy var drawing = EffectDrawing(images: images)

    /// Loads a preset file.
    /// - Parameters:
    ///   - url: the preset's JSON file.
    ///   - assetDirectories: folders searched for images after the preset's own folder.
    ///   - textures: images the game supplies, asked before any file.
    ///   - maxParticles: most particles alive at once; births beyond are refused.
    /// - Throws: every problem of the preset, each with its place in the file and its reason.
    public convenience init(
        contentsOf url: URL, assetDirectories: [URL] = [], textures: (any TextureProvider)? = nil,
        maxParticles: Int = PresetLimits.defaultMaxParticles
    ) throws(EffectError) {
        let limits = Self.limits(maxParticles: maxParticles)
        let provided = Self.sizes(of: textures)
        let result = PresetDecoder.load(contentsOf: url, assetDirectories: assetDirectories, limits: limits, providedImages: provided)
        let description = try Self.checked(result)
        self.init(
            description, limits: limits, textures: textures,
            resolver: ResourceResolver(roots: [url.deletingLastPathComponent()] + assetDirectories, providedImages: provided))
    }

    /// Loads a preset from its JSON text.
    /// - Parameters:
    ///   - json: the preset, as a preset file holds it.
    ///   - name: what messages call the preset.
    ///   - resourceDirectories: folders searched for the images it names.
    ///   - textures: images the game supplies, asked before any file.
    ///   - maxParticles: most particles alive at once; births beyond are refused.
    /// - Throws: every problem of the preset, each with its place in the text and its reason.
    public convenience init(
        json: String, name: String = "effect", resourceDirectories: [URL] = [], textures: (any TextureProvider)? = nil,
        maxParticles: Int = PresetLimits.defaultMaxParticles
    ) throws(EffectError) {
        let limits = Self.limits(maxParticles: maxParticles)
        let provided = Self.sizes(of: textures)
        let resolver = ResourceResolver(roots: resourceDirectories, providedImages: provided)
        let bytes = Array(json.utf8)
        guard bytes.count <= limits.maxPresetBytes else {
            throw EffectError("\(name): \(bytes.count) bytes is more than the \(limits.maxPresetBytes) a preset may have")
        }
        let result = PresetDecoder(fileName: name, resolver: resolver, limits: limits).decode(bytes, defaultName: name)
        let description = try Self.checked(result)
        self.init(description, limits: limits, textures: textures, resolver: resolver)
    }

    /// Runs a scene description built in code.
    /// - Parameters:
    ///   - description: the layers, cells and animations to run.
    ///   - textures: images the game supplies.
    ///   - maxParticles: most particles alive at once; births beyond are refused.
    package convenience init(
        _ description: SceneDescription, textures: (any TextureProvider)? = nil, maxParticles: Int = PresetLimits.defaultMaxParticles
    ) {
        let limits = Self.limits(maxParticles: maxParticles)
        self.init(
            description, limits: limits, textures: textures, resolver: ResourceResolver(roots: [], providedImages: Self.sizes(of: textures))
        )
    }

    private convenience init(
        _ description: SceneDescription, limits: PresetLimits, textures: (any TextureProvider)?, resolver: ResourceResolver
    ) {
        self.init(description, limits: limits, images: EffectImageDecoder(provider: textures), resolver: resolver)
    }

    private init(_ description: SceneDescription, limits: PresetLimits, images: EffectImageDecoder, resolver: ResourceResolver) {
        scene = Scene(description, limits: limits)
        clock = FixedStepClock(stepRate: description.stepRate)
        self.images = images
        self.resolver = resolver
    }

    /// An independent copy, as LÖVE's `clone()` makes: the same preset with every change the
    /// game made (values set, emitters moved and aimed), the same settings (``isPaused``,
    /// ``speed``, ``isEmitting``, ``isOneShot``, ``drawsBetweenSteps``, ``camera``,
    /// ``drawThreads``, ``maxParticles``) and images, and particles of its own, starting at time 0
    /// as the preset starts (not reading the file again). ``onFinished`` is not copied.
    public func clone() -> Effect {
        let copy = Effect(scene.source, limits: scene.limits, images: images, resolver: resolver)
        copy.changes = changes
        for change in changes { try? copy.scene.setValue(change.value, forKeyPath: change.keyPath) }
        copy.scene.budget.limit = scene.budget.limit
        copy.scene.threadCount = scene.threadCount
        copy.isEmitting = isEmitting
        copy.isPaused = isPaused
        copy.speed = speed
        copy.camera = camera
        copy.drawsBetweenSteps = drawsBetweenSteps
        copy.drawThreads = drawThreads
        copy.isOneShot = isOneShot
        return copy
    }

    /// The standard budgets with the game's particle limit.
    private static func limits(maxParticles: Int) -> PresetLimits {
        var limits = PresetLimits.standard
        limits.maxParticles = max(0, maxParticles)
        return limits
    }

    private static func sizes(of textures: (any TextureProvider)?) -> (@Sendable (String) -> (width: Int, height: Int)?)? {
        guard let textures else { return nil }
        return { name in textures.image(named: name).map { (width: $0.width, height: $0.height) } }
    }

    /// The decoded scene (the decoder has checked it against `limits` already), or its problems.
    private static func checked(_ result: Result<SceneDescription, PresetError>) throws(EffectError) -> SceneDescription {
        switch result {
        case .failure(let error): throw EffectError(error)
        case .success(let description): return description
        }
    }

    // MARK: Time

    /// Advances by `seconds` of the game's time (times ``speed``; nothing while paused) in
    /// whole fixed steps, carrying the remainder to the next call. A long stall (over a quarter
    /// of a second) is not caught up: the effect skips ahead rather than freezing the game, so
    /// `advance(by: 2)` moves a quarter of a second. To warm an effect up or jump ahead, use
    /// ``fastForward(by:)``.
    /// - Returns: the steps taken.
    @discardableResult
    public func advance(by seconds: Double) -> Int {
        let advance = clock.advance(by: seconds)
        scene.step(count: advance.steps)
        noticeFinish()
        return advance.steps
    }

    /// Runs the effect `seconds` ahead now, every fixed step of them, paused or not and
    /// whatever ``speed``: an effect that should already be going when it appears (smoke over a
    /// chimney, snow), or a jump ahead. At most ``maxFastForward`` seconds at once.
    /// - Returns: the steps taken.
    @discardableResult
    public func fastForward(by seconds: Double) -> Int {
        guard seconds.isFinite, seconds > 0 else { return 0 }
        return step(count: Int((min(seconds, Self.maxFastForward) / scene.stepDuration).rounded()))
    }

    /// The longest ``fastForward(by:)`` runs at once, in seconds (ten minutes).
    public static let maxFastForward: Double = 600

    /// Takes `count` fixed steps now, paused or not (a game with its own fixed-step loop).
    ///
    /// One call runs at most ``maxFastForward`` seconds of steps and at most the work a preset's
    /// prewarm may do (the steps times the particles alive, up to the prewarm budget: 2 billion
    /// particle-steps by default, seconds of work), so no count stalls the game for longer; the
    /// rest is not run.
    /// - Returns: the steps taken.
    @discardableResult
    public func step(count: Int = 1) -> Int {
        let most = Int((Self.maxFastForward / scene.stepDuration).rounded())
        let taken = scene.step(count: min(count, most), work: scene.limits.maxPrewarmWork)
        noticeFinish()
        return taken
    }

    /// Starts the effect again from time 0, as SpriteKit's `resetSimulation()` and LÖVE's
    /// `reset()` do: every particle and waiting burst is gone, the time and the carried
    /// remainder are 0, and the emitters start as the preset starts them (a running emitter
    /// already in its steady state). What the game changed stays changed (values set, emitters
    /// moved and aimed), and so do ``isPaused``, ``speed``, ``isEmitting``, ``camera`` and
    /// ``onFinished``, which is called again when this play-out ends.
    ///
    /// A one-shot effect (``isOneShot``) emits one cycle again; an ``emit(count:)`` or
    /// ``emit(for:)`` not yet played out is forgotten.
    public func reset() {
        let fresh = Scene(scene.source, limits: scene.limits)
        fresh.threadCount = scene.threadCount
        fresh.isEmitting = scene.isEmitting
        fresh.budget.limit = scene.budget.limit
        for change in changes { try? fresh.setValue(change.value, forKeyPath: change.keyPath) }
        scene = fresh
        let (paused, speed) = (clock.isPaused, clock.speed)
        clock = FixedStepClock(stepRate: scene.source.stepRate)
        clock.isPaused = paused
        clock.speed = speed
        finishNoticed = false
        if isOneShot { scene.emissionEndTime = scene.emissionCycle }
    }

    /// Starts the effect again and emitting, as Godot's `restart()`: ``reset()``, then
    /// ``isEmitting`` on.
    public func restart() {
        reset()
        isEmitting = true
    }

    /// Whether the emitters give birth (true when loaded). Off, no new particle is born, as a
    /// SpriteKit emitter whose birth rate is 0 or LÖVE's `stop()`: the live ones play out (with
    /// their sub-cells), ``burst(_:count:)`` still bursts, and the effect then finishes. On
    /// again, the emitters carry on at their rates.
    public var isEmitting: Bool {
        get { scene.isEmitting }
        set { scene.isEmitting = newValue }
    }

    /// Emits `count` more particles from the emitters' shapes, at their birth rates, and then
    /// stops emitting (``isEmitting`` turns off), as SpriteKit's `numParticlesToEmit`: the
    /// particles play out and the effect finishes. Turns ``isEmitting`` on. Bursts and
    /// sub-cells' particles are not counted. 0 stops emitting now.
    public func emit(count: Int) {
        scene.isEmitting = count > 0
        scene.shapeBirthsLeft = count > 0 ? count : nil
    }

    /// Emits for `seconds` more of the effect's time and then stops emitting, as LÖVE's
    /// `setEmitterLifetime`; turns ``isEmitting`` on. Emission stops at the first step that
    /// starts at or after that time. Not a positive finite number: emits with no end.
    public func emit(for seconds: Double) {
        scene.isEmitting = true
        scene.emissionEndTime = seconds.isFinite && seconds >= 0 ? time + seconds : nil
    }

    /// Whether the effect emits one cycle and then stops, as Godot's `one_shot`: the longest
    /// lifetime of its top-level cells (Godot's `lifetime`) from the start, and again after
    /// each ``reset()`` or ``restart()``. Turned on after that time, emission stops at once.
    /// Off (the default), the emitters emit as their presets say.
    public var isOneShot = false {
        didSet {
            guard isOneShot != oldValue else { return }
            scene.emissionEndTime = isOneShot ? scene.emissionCycle : nil
        }
    }

    /// Most particles alive at once; births beyond are refused (``refusedBirths``). The
    /// `maxParticles` the effect was loaded with; a game may lower or raise it while it runs.
    public var maxParticles: Int {
        get { scene.budget.limit }
        set { scene.budget.limit = max(0, newValue) }
    }

    /// Called once when the effect has played out (``isFinished`` becomes true during
    /// ``advance(by:)``, ``fastForward(by:)`` or ``step(count:)``): a one-shot explosion ends, or
    /// the last particle dies after ``isEmitting`` was turned off. Called again after the
    /// effect comes back to life (a burst, emitting again, ``reset()``) and ends again. It runs
    /// on the thread that advanced the effect, after the steps; it may change, reset or burst
    /// the effect (but should not free it while a C caller is inside a call).
    public var onFinished: (() -> Void)?

    private func noticeFinish() {
        guard let onFinished else { return }
        if scene.isFinished {
            guard !finishNoticed else { return }
            finishNoticed = true
            onFinished()
        } else {
            finishNoticed = false
        }
    }

    /// Whether a frame drawn between two fixed steps shows the particles where their motion
    /// puts them at the game's own time (true, the default), or as the last step left them.
    ///
    /// Steps are fixed (1/60 s by default) and a game's frames are not: at 144 Hz most frames
    /// fall between steps, and drawn as the last step left them, particles would move on 5
    /// frames of 12 and stand still on the rest. Drawn ahead by the time the steps have not
    /// reached (less than a step), with the same motion a step gives them (velocity,
    /// acceleration, colour and scale speeds, spin; layers' animations at that time), motion is
    /// even at any refresh rate. The simulation is not changed: the same steps give the same
    /// particles whether or not frames are drawn ahead. Particles born in that time appear at
    /// the next step.
    public var drawsBetweenSteps = true

    /// Seconds past the last step a frame is drawn at (see ``drawsBetweenSteps``).
    var drawingLead: Double { drawsBetweenSteps ? clock.remainder : 0 }

    /// Seconds per step.
    public var stepDuration: Double { scene.stepDuration }

    /// The effect's time in seconds: steps taken × step duration.
    public var time: Double { scene.time }

    /// While true, ``advance(by:)`` does nothing.
    public var isPaused: Bool {
        get { clock.isPaused }
        set { clock.isPaused = newValue }
    }

    /// How fast the effect's time runs against the game's (0.5: slow motion); not negative.
    public var speed: Double {
        get { clock.speed }
        set { clock.speed = newValue.isFinite ? max(0, newValue) : 1 }
    }

    // MARK: State

    /// The canvas size the preset was made for, in points.
    public var canvasSize: (width: Double, height: Double) { (scene.source.canvas.width, scene.source.canvas.height) }

    /// Particles alive now.
    public var liveParticleCount: Int { scene.liveParticleCount }

    /// Births refused because the particle limit was reached, since the start.
    public var refusedBirths: Int { scene.budget.refusedBirths }

    /// Whether the effect has played out: no particle alive, no burst waiting, and no emitter
    /// that can emit again (see `Scene.isFinished`). A game removes finished one-shot effects.
    public var isFinished: Bool { scene.isFinished }

    // MARK: Changes

    /// Sets a property by `LAYER.KEYPATH`, as Core Animation's `setValue(_:forKeyPath:)` on
    /// that layer (`fireEmitter.emitterCells.fire.birthRate`): a number, a list of numbers (a
    /// point, size, rectangle or vector; a colour as red, green, blue, alpha 0…1), or text (a
    /// choice such as `"line"`, an image's name).
    /// - Throws: an unknown layer or key (with the nearest name) or a value of the wrong kind.
    public func setValue(_ value: EffectValue, forKeyPath keyPath: String) throws(EffectError) {
        let kind: PropertyKind
        do { kind = try scene.propertyKind(forKeyPath: keyPath) } catch { throw EffectError(error) }
        guard let engineValue = try value.propertyValue(as: kind, keyPath: keyPath) else {
            if case .text(let text) = value { try setValue(text: text, forKeyPath: keyPath) }
            return
        }
        try setValue(engineValue, forKeyPath: keyPath)
    }

    /// Sets a property by `LAYER.KEYPATH` to a value of the engine's own kind.
    package func setValue(_ value: PropertyValue, forKeyPath keyPath: String) throws(EffectError) {
        do { try scene.setValue(value, forKeyPath: keyPath) } catch { throw EffectError(error) }
        remember(value, forKeyPath: keyPath)
    }

    /// Keeps the last value set at `keyPath`, for ``reset()``.
    private func remember(_ value: PropertyValue, forKeyPath keyPath: String) {
        if let index = changes.firstIndex(where: { $0.keyPath == keyPath }) {
            changes[index].value = value
        } else {
            changes.append((keyPath, value))
        }
    }

    /// Sets a property by `LAYER.KEYPATH` from text written as in a preset: `"120"`,
    /// `"[400, 300]"`, `"#ff8800"`, `"line"`, an image's name.
    public func setValue(text: String, forKeyPath keyPath: String) throws(EffectError) {
        do {
            try scene.setValue(text: text, forKeyPath: keyPath, resolver: resolver)
            if let value = try? scene.value(forKeyPath: keyPath) { remember(value, forKeyPath: keyPath) }
        } catch { throw EffectError(error) }
    }

    /// A property's current model value by `LAYER.KEYPATH`.
    public func value(forKeyPath keyPath: String) throws(EffectError) -> EffectValue {
        do { return EffectValue(try scene.value(forKeyPath: keyPath)) } catch { throw EffectError(error) }
    }

    /// Moves an emitter layer's `emitterPosition` under canvas point (x, y), through the layer
    /// tree: a layer with a `position`, a transform or superlayers of its own gets the point in
    /// its coordinates, so the next particles are born where (x, y) is on the canvas.
    /// Particles already born stay where they are; the next ones are born along the way from the
    /// old position.
    /// - Throws: an unknown layer (with the nearest name) or one that is not an emitter.
    public func moveEmitter(_ layer: String, x: Double, y: Double) throws(EffectError) {
        try moveEmitter(layer, to: Point(x: x, y: y))
    }

    /// ``moveEmitter(_:x:y:)`` with the engine's point.
    package func moveEmitter(_ layer: String, to point: Point) throws(EffectError) {
        // A name that is not an emitter's gets the key path's own error (it names the nearest layer).
        let local = (scene.layer(named: layer) as? EmitterLayer)?.pointFromCanvas(point) ?? point
        try setValue(.vector(PropertyVector(local.x, local.y)), forKeyPath: "\(layer).emitterPosition")
    }

    /// Points an emitter layer's cells: sets `emissionLongitude` (radians, 0 along +x, clockwise
    /// on screen as y grows downwards) of each top-level cell.
    public func aimEmitter(_ layer: String, longitude: Double) throws(EffectError) {
        guard let emitter = scene.layer(named: layer) as? EmitterLayer else {
            throw EffectError("\(layer): there is no emitter layer of that name")
        }
        for name in emitter.emitter.emitterCells.compactMap(\.name) {
            try setValue(PropertyValue.number(longitude), forKeyPath: "\(layer).emitterCells.\(name).emissionLongitude")
        }
    }

    /// Births `count` particles of the cell `LAYER.CELL` at the next step, whatever its
    /// `birthRate`: one-shot explosions from a cell whose rate is 0.
    public func burst(_ cellPath: String, count: Int) throws(EffectError) {
        try burst(cellPath, count: count, at: nil)
    }

    /// Births `count` particles of the cell `LAYER.CELL` at the next step around canvas point
    /// (x, y) (the emitter's shape centred there, as if ``moveEmitter(_:x:y:)`` had put it
    /// there for this burst alone): bursts asked for in one frame each happen where they were
    /// asked, and the emitter stays where it is.
    public func burst(_ cellPath: String, count: Int, x: Double, y: Double) throws(EffectError) {
        guard x.isFinite, y.isFinite else { throw EffectError("burst \(cellPath): the point (\(x), \(y)) is not a point of the canvas") }
        try burst(cellPath, count: count, at: Point(x: x, y: y))
    }

    private func burst(_ cellPath: String, count: Int, at point: Point?) throws(EffectError) {
        guard count >= 0 else { throw EffectError("burst \(cellPath): a count of \(count) particles; it must be 0 or more") }
        do { try scene.burst(cellPath, count: count, at: point) } catch { throw EffectError(error) }
    }

    /// The names of the effect's top-level layers, in the order they are drawn (unnamed ones
    /// as ""): the indices ``draw(into:layers:)`` takes.
    public var layerNames: [String] { scene.layers.map { $0.properties.name ?? "" } }
}
