// The C API (include/sparks.h): each function checks its arguments, takes the library's lock,
// and turns every Swift error into a status and a message. Nothing here may trap: a C host
// cannot recover from a Swift runtime error.
import CSparksAPI
import SparksCore
import SparksKit
import SparksRaster

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

/// One lock for the whole library: C hosts may call from any thread.
let libraryLock = Lock()

func locked<T>(_ body: () -> T) -> T {
    libraryLock.lock()
    defer { libraryLock.unlock() }
    return body()
}

/// What a `sparks_effect *` points to.
final class EffectHandle {
    let effect: Effect
    private var lastErrorText: UnsafeMutablePointer<CChar>
    var list = RenderList()
    /// The game's finished callback and its pointer, called outside the lock once a call that
    /// stepped the effect has returned.
    var finishedCallback: sparks_finished_callback?
    var finishedUserData: UnsafeMutableRawPointer?
    var finishedPending = false
    private var textureNames: [String: UnsafeMutablePointer<CChar>] = [:]

    init(_ effect: Effect) {
        self.effect = effect
        lastErrorText = strdup("")
    }

    /// The text the last call that returns a string without a caller to free it gave.
    private var keptText: UnsafeMutablePointer<CChar>?

    deinit {
        free(lastErrorText)
        free(keptText)
        for name in textureNames.values { free(name) }
    }

    /// `text` as a C string that lives until the next call that keeps one.
    func keep(_ text: String) -> UnsafePointer<CChar> {
        free(keptText)
        keptText = strdup(text)
        return UnsafePointer(keptText ?? emptyText)
    }

    var lastError: UnsafePointer<CChar> { UnsafePointer(lastErrorText) }

    func fail(_ status: sparks_status, _ message: String) -> sparks_status {
        free(lastErrorText)
        lastErrorText = strdup(message)
        return status
    }

    func succeed() -> sparks_status {
        if lastErrorText.pointee != 0 {
            free(lastErrorText)
            lastErrorText = strdup("")
        }
        return SPARKS_OK
    }

    /// A C string of `name` that lives as long as the handle.
    func cName(_ name: String) -> UnsafePointer<CChar> {
        if let existing = textureNames[name] { return UnsafePointer(existing) }
        let copy = strdup(name)!
        textureNames[name] = copy
        return UnsafePointer(copy)
    }

    static func from(_ pointer: OpaquePointer?) -> EffectHandle? {
        pointer.map { Unmanaged<EffectHandle>.fromOpaque(UnsafeRawPointer($0)).takeUnretainedValue() }
    }
}

/// Made once and never freed or written: safe to share.
nonisolated(unsafe) private let versionText: UnsafeMutablePointer<CChar> = strdup(SparksVersion.text)!

@_cdecl("sparks_version")
public func sparks_version() -> UnsafePointer<CChar> {
    UnsafePointer(versionText)
}

@_cdecl("sparks_build_optimized")
public func sparks_build_optimized() -> Int32 {
    Effect.isOptimizedBuild ? 1 : 0
}

/// Made once and never freed or written: safe to share.
nonisolated(unsafe) private let buildText: UnsafeMutablePointer<CChar> = strdup(
    "Sparks \(SparksVersion.text): Swift code \(SparksBuild.isSwiftOptimized ? "optimised" : "not optimised"), pixel kernels "
        + "\(SparksBuild.areKernelsOptimized ? "optimised" : "not optimised") (\(RasterKernels.active.name))"
        + (SparksBuild.advice.map { ". \($0)" } ?? ""))!

@_cdecl("sparks_build_info")
public func sparks_build_info() -> UnsafePointer<CChar> {
    UnsafePointer(buildText)
}

@_cdecl("sparks_effect_load_file")
public func sparks_effect_load_file(
    _ path: UnsafePointer<CChar>?, _ assetDirectory: UnsafePointer<CChar>?, _ error: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
) -> OpaquePointer? {
    load("sparks_effect_load_file", "the path", path, folder: assetDirectory, error: error) { (path, assets) throws(EffectError) in
        try Effect(contentsOf: URL(fileURLWithPath: path), assetDirectories: assets)
    }
}

@_cdecl("sparks_effect_load_string")
public func sparks_effect_load_string(
    _ json: UnsafePointer<CChar>?, _ resourceDirectory: UnsafePointer<CChar>?, _ error: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
) -> OpaquePointer? {
    load("sparks_effect_load_string", "the JSON text", json, folder: resourceDirectory, error: error) {
        (text, folders) throws(EffectError) in
        try Effect(json: text, name: "preset", resourceDirectories: folders)
    }
}

/// Loads an effect from `text` (a path or JSON) and an optional image folder; a failure's
/// message goes to `*error` when the caller asked for it.
func load(
    _ function: String, _ what: String, _ text: UnsafePointer<CChar>?, folder: UnsafePointer<CChar>?,
    error: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?, _ make: (String, [URL]) throws(EffectError) -> Effect
) -> OpaquePointer? {
    guard let text else {
        error?.pointee = strdup("\(function): \(what) is NULL")
        return nil
    }
    let string = String(cString: text)
    let folders = folder.map { [URL(fileURLWithPath: String(cString: $0), isDirectory: true)] } ?? []
    return locked {
        do throws(EffectError) {
            let handle = EffectHandle(try make(string, folders))
            error?.pointee = nil
            return OpaquePointer(Unmanaged.passRetained(handle).toOpaque())
        } catch let failure {
            error?.pointee = strdup(failure.description)
            return nil
        }
    }
}

@_cdecl("sparks_effect_free")
public func sparks_effect_free(_ effect: OpaquePointer?) {
    guard let effect else { return }
    locked { Unmanaged<EffectHandle>.fromOpaque(UnsafeRawPointer(effect)).release() }
}

@_cdecl("sparks_string_free")
public func sparks_string_free(_ string: UnsafeMutablePointer<CChar>?) {
    free(string)
}

@_cdecl("sparks_effect_last_error")
public func sparks_effect_last_error(_ effect: OpaquePointer?) -> UnsafePointer<CChar> {
    locked { EffectHandle.from(effect)?.lastError ?? UnsafePointer(emptyText) }
}

/// Made once and never freed or written: safe to share.
nonisolated(unsafe) let emptyText: UnsafeMutablePointer<CChar> = strdup("")!

@_cdecl("sparks_effect_load_shipped")
public func sparks_effect_load_shipped(
    _ name: UnsafePointer<CChar>?, _ error: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
) -> OpaquePointer? {
    load("sparks_effect_load_shipped", "the name", name, folder: nil, error: error) { (name, _) throws(EffectError) in
        try Effect(shippedPreset: name)
    }
}

@_cdecl("sparks_effect_advance")
public func sparks_effect_advance(_ effect: OpaquePointer?, _ seconds: Double) -> Int32 {
    let steps = locked { Int32(EffectHandle.from(effect)?.effect.advance(by: seconds) ?? 0) }
    callFinished(effect)
    return steps
}

@_cdecl("sparks_effect_step")
public func sparks_effect_step(_ effect: OpaquePointer?, _ count: Int32) -> Int32 {
    let taken = locked { () -> Int32 in
        guard let handle = EffectHandle.from(effect) else { return 0 }
        let wanted = Int(max(0, count))
        let taken = handle.effect.step(count: wanted)
        if taken < wanted {
            _ = handle.fail(
                SPARKS_ERROR_ARGUMENT,
                "sparks_effect_step: took \(taken) of \(wanted) steps; one call runs at most \(Int(Effect.maxFastForward)) s of steps "
                    + "and the work of a preset's prewarm (steps × particles alive)")
        }
        return Int32(clamping: taken)
    }
    callFinished(effect)
    return taken
}

/// Calls the effect's finished callback when the call that just stepped it finished it (outside
/// the lock, so that the callback may call Sparks).
func callFinished(_ effect: OpaquePointer?) {
    let call = locked { () -> (sparks_finished_callback, UnsafeMutableRawPointer?)? in
        guard let handle = EffectHandle.from(effect), handle.finishedPending else { return nil }
        handle.finishedPending = false
        return handle.finishedCallback.map { ($0, handle.finishedUserData) }
    }
    if let (callback, userData) = call { callback(effect, userData) }
}

@_cdecl("sparks_effect_reset")
public func sparks_effect_reset(_ effect: OpaquePointer?) {
    locked { EffectHandle.from(effect)?.effect.reset() }
}

@_cdecl("sparks_effect_set_emitting")
public func sparks_effect_set_emitting(_ effect: OpaquePointer?, _ emitting: Int32) {
    locked { EffectHandle.from(effect)?.effect.isEmitting = emitting != 0 }
}

@_cdecl("sparks_effect_is_emitting")
public func sparks_effect_is_emitting(_ effect: OpaquePointer?) -> Int32 {
    locked { EffectHandle.from(effect)?.effect.isEmitting == true ? 1 : 0 }
}

@_cdecl("sparks_effect_on_finished")
public func sparks_effect_on_finished(
    _ effect: OpaquePointer?, _ callback: sparks_finished_callback?, _ userData: UnsafeMutableRawPointer?
) {
    locked {
        guard let handle = EffectHandle.from(effect) else { return }
        handle.finishedCallback = callback
        handle.finishedUserData = userData
        handle.finishedPending = false
        handle.effect.onFinished = callback == nil ? nil : { [unowned handle] in handle.finishedPending = true }
    }
}

@_cdecl("sparks_effect_set_paused")
public func sparks_effect_set_paused(_ effect: OpaquePointer?, _ paused: Int32) {
    locked { EffectHandle.from(effect)?.effect.isPaused = paused != 0 }
}

@_cdecl("sparks_effect_set_speed")
public func sparks_effect_set_speed(_ effect: OpaquePointer?, _ speed: Double) {
    locked { EffectHandle.from(effect)?.effect.speed = speed }
}

@_cdecl("sparks_effect_time")
public func sparks_effect_time(_ effect: OpaquePointer?) -> Double {
    locked { EffectHandle.from(effect)?.effect.time ?? 0 }
}

@_cdecl("sparks_effect_live_count")
public func sparks_effect_live_count(_ effect: OpaquePointer?) -> Int {
    locked { EffectHandle.from(effect)?.effect.liveParticleCount ?? 0 }
}

@_cdecl("sparks_effect_is_finished")
public func sparks_effect_is_finished(_ effect: OpaquePointer?) -> Int32 {
    locked { EffectHandle.from(effect)?.effect.isFinished == true ? 1 : 0 }
}

@_cdecl("sparks_effect_canvas_size")
public func sparks_effect_canvas_size(
    _ effect: OpaquePointer?, _ width: UnsafeMutablePointer<Double>?, _ height: UnsafeMutablePointer<Double>?
) {
    locked {
        let size = EffectHandle.from(effect)?.effect.canvasSize ?? (width: 0, height: 0)
        width?.pointee = size.width
        height?.pointee = size.height
    }
}

/// Sets the value at `keyPath` with `body`: a key path that names nothing is
/// `SPARKS_ERROR_KEY_PATH`, a value the key cannot take `SPARKS_ERROR_VALUE`, each with the
/// effect's message.
func change(
    _ effect: OpaquePointer?, _ what: String, keyPath: String, _ body: (Effect) throws(EffectError) -> Void
) -> sparks_status {
    locked {
        guard let handle = EffectHandle.from(effect) else { return SPARKS_ERROR_ARGUMENT }
        do {
            _ = try handle.effect.scene.propertyKind(forKeyPath: keyPath)
        } catch {
            return handle.fail(SPARKS_ERROR_KEY_PATH, "\(what): \(error)")
        }
        do throws(EffectError) {
            try body(handle.effect)
            return handle.succeed()
        } catch {
            return handle.fail(SPARKS_ERROR_VALUE, "\(what): \(error)")
        }
    }
}

func keyPath(_ text: UnsafePointer<CChar>?) -> String? { text.map { String(cString: $0) } }

@_cdecl("sparks_effect_set_number")
public func sparks_effect_set_number(_ effect: OpaquePointer?, _ path: UnsafePointer<CChar>?, _ value: Double) -> sparks_status {
    guard let path = keyPath(path) else { return argumentError(effect, "sparks_effect_set_number: the key path is NULL") }
    return change(effect, "sparks_effect_set_number", keyPath: path) { effect throws(EffectError) in
        try effect.setValue(PropertyValue.number(value), forKeyPath: path)
    }
}

@_cdecl("sparks_effect_set_vector")
public func sparks_effect_set_vector(
    _ effect: OpaquePointer?, _ path: UnsafePointer<CChar>?, _ values: UnsafePointer<Double>?, _ count: Int32
) -> sparks_status {
    guard let path = keyPath(path), let values, (1...Int32(PropertyVector.capacity)).contains(count) else {
        return argumentError(effect, "sparks_effect_set_vector: needs a key path and 1 to \(PropertyVector.capacity) values")
    }
    let vector = PropertyVector(UnsafeBufferPointer(start: values, count: Int(count)))
    return change(effect, "sparks_effect_set_vector", keyPath: path) { effect throws(EffectError) in
        try effect.setValue(PropertyValue.vector(vector), forKeyPath: path)
    }
}

@_cdecl("sparks_effect_set_color")
public func sparks_effect_set_color(
    _ effect: OpaquePointer?, _ path: UnsafePointer<CChar>?, _ red: Double, _ green: Double, _ blue: Double, _ alpha: Double
) -> sparks_status {
    guard let path = keyPath(path) else { return argumentError(effect, "sparks_effect_set_color: the key path is NULL") }
    let color = Color(red: red, green: green, blue: blue, alpha: alpha)
    return change(effect, "sparks_effect_set_color", keyPath: path) { effect throws(EffectError) in
        try effect.setValue(PropertyValue.color(color), forKeyPath: path)
    }
}

@_cdecl("sparks_effect_set_string")
public func sparks_effect_set_string(
    _ effect: OpaquePointer?, _ path: UnsafePointer<CChar>?, _ text: UnsafePointer<CChar>?
) -> sparks_status {
    guard let path = keyPath(path), let text else { return argumentError(effect, "sparks_effect_set_string: needs a key path and a value") }
    let value = String(cString: text)
    return change(effect, "sparks_effect_set_string", keyPath: path) { effect throws(EffectError) in
        try effect.setValue(text: value, forKeyPath: path)
    }
}

@_cdecl("sparks_effect_burst")
public func sparks_effect_burst(_ effect: OpaquePointer?, _ path: UnsafePointer<CChar>?, _ count: Int32) -> sparks_status {
    guard let path = keyPath(path), count >= 0 else {
        return argumentError(effect, "sparks_effect_burst: needs a cell path and a count of 0 or more")
    }
    return locked {
        guard let handle = EffectHandle.from(effect) else { return SPARKS_ERROR_ARGUMENT }
        do throws(EffectError) {
            try handle.effect.burst(path, count: Int(count))
            return handle.succeed()
        } catch {
            return handle.fail(SPARKS_ERROR_KEY_PATH, "sparks_effect_burst: \(error)")
        }
    }
}

func argumentError(_ effect: OpaquePointer?, _ message: String) -> sparks_status {
    locked { EffectHandle.from(effect)?.fail(SPARKS_ERROR_ARGUMENT, message) ?? SPARKS_ERROR_ARGUMENT }
}

@_cdecl("sparks_effect_set_camera")
public func sparks_effect_set_camera(_ effect: OpaquePointer?, _ x: Double, _ y: Double, _ zoom: Double) {
    locked { EffectHandle.from(effect)?.effect.camera = EffectCamera(x: x, y: y, zoom: zoom) }
}

@_cdecl("sparks_effect_set_draw_threads")
public func sparks_effect_set_draw_threads(_ effect: OpaquePointer?, _ threads: Int32) {
    locked { EffectHandle.from(effect)?.effect.drawThreads = Int(threads) }
}

@_cdecl("sparks_effect_draw_sdl_renderer")
public func sparks_effect_draw_sdl_renderer(_ effect: OpaquePointer?, _ renderer: UnsafeMutableRawPointer?) -> sparks_status {
    guard let renderer else { return argumentError(effect, "sparks_effect_draw_sdl_renderer: the renderer is NULL") }
    return locked {
        guard let handle = EffectHandle.from(effect) else { return SPARKS_ERROR_ARGUMENT }
        do {
            try handle.effect.draw(into: OpaquePointer(renderer))
            return handle.succeed()
        } catch {
            return handle.fail(SPARKS_ERROR_DRAW, "sparks_effect_draw_sdl_renderer: \(error)")
        }
    }
}

@_cdecl("sparks_effect_release_renderer")
public func sparks_effect_release_renderer(_ effect: OpaquePointer?) {
    locked { EffectHandle.from(effect)?.effect.releaseRendererResources() }
}

@_cdecl("sparks_effect_draw_argb")
public func sparks_effect_draw_argb(
    _ effect: OpaquePointer?, _ pixels: UnsafeMutableRawPointer?, _ size: Int, _ width: Int32, _ height: Int32, _ pitch: Int32
) -> sparks_status {
    guard let pixels else { return argumentError(effect, "sparks_effect_draw_argb: the pixels are NULL") }
    return locked {
        guard let handle = EffectHandle.from(effect) else { return SPARKS_ERROR_ARGUMENT }
        do {
            let buffer = UnsafeMutableRawBufferPointer(start: pixels, count: max(size, 0))
            try handle.effect.draw(intoPixels: buffer, width: Int(width), height: Int(height), bytesPerRow: Int(pitch))
            return handle.succeed()
        } catch {
            return handle.fail(SPARKS_ERROR_ARGUMENT, "sparks_effect_draw_argb: \(error)")
        }
    }
}

@_cdecl("sparks_effect_set_max_covered_pixels")
public func sparks_effect_set_max_covered_pixels(_ effect: OpaquePointer?, _ pixels: Double) {
    locked { EffectHandle.from(effect)?.effect.scene.limits.maxCoveredPixels = pixels.isNaN ? 0 : max(pixels, 0) }
}

@_cdecl("sparks_effect_undrawn_quads")
public func sparks_effect_undrawn_quads(_ effect: OpaquePointer?) -> Int {
    locked { EffectHandle.from(effect)?.effect.lastDrawBudgetCutCounts?.undrawnQuads ?? 0 }
}

@_cdecl("sparks_effect_build_render_list")
public func sparks_effect_build_render_list(_ effect: OpaquePointer?) -> Int32 {
    locked {
        guard let handle = EffectHandle.from(effect) else { return 0 }
        handle.list = handle.effect.renderList()
        return Int32(clamping: handle.list.batches.count)
    }
}

@_cdecl("sparks_effect_batch")
public func sparks_effect_batch(_ effect: OpaquePointer?, _ index: Int32, _ batch: UnsafeMutablePointer<sparks_batch>?) -> sparks_status {
    readList(effect, "sparks_effect_batch", index: index, count: \.batches.count, into: batch) { handle in
        let b = handle.list.batches[Int(index)]
        var out = sparks_batch()
        out.texture = b.texture.map { handle.cName($0.name) }
        out.additive = b.blendMode == .additive ? 1 : 0
        switch b.shape {
        case .rectangle: out.shape = 0
        case .roundedRectangle: out.shape = 1
        case .border: out.shape = 2
        case .gradient: out.shape = 3
        case .path: out.shape = 4
        }
        withUnsafeMutableBytes(of: &out.transform) { raw in
            let m = raw.bindMemory(to: Double.self)
            for (i, entry) in Transform3D.entries.enumerated() { m[i] = b.transform[keyPath: entry] }
        }
        out.first_quad = Int32(clamping: b.range.lowerBound)
        out.quad_count = Int32(clamping: b.range.count)
        return out
    }
}

@_cdecl("sparks_effect_quad")
public func sparks_effect_quad(_ effect: OpaquePointer?, _ index: Int32, _ quad: UnsafeMutablePointer<sparks_quad>?) -> sparks_status {
    readList(effect, "sparks_effect_quad", index: index, count: \.quads.count, into: quad) { handle in
        let q = handle.list.quads[Int(index)]
        return sparks_quad(
            center_x: q.centerX, center_y: q.centerY, center_z: q.centerZ, half_width: q.halfWidth, half_height: q.halfHeight,
            rotation: q.rotation, red: q.red, green: q.green, blue: q.blue, alpha: q.alpha, u0: q.u0, v0: q.v0, u1: q.u1, v1: q.v1)
    }
}

/// Reads entry `index` of the last built render list (of `count` entries) into `out`.
private func readList<T>(
    _ effect: OpaquePointer?, _ function: String, index: Int32, count: KeyPath<RenderList, Int>, into out: UnsafeMutablePointer<T>?,
    _ read: (EffectHandle) -> T
) -> sparks_status {
    locked {
        guard let handle = EffectHandle.from(effect), let out else { return SPARKS_ERROR_ARGUMENT }
        let count = handle.list[keyPath: count]
        guard index >= 0, Int(index) < count else {
            return handle.fail(SPARKS_ERROR_ARGUMENT, "\(function): index \(index) is outside 0..<\(count)")
        }
        out.pointee = read(handle)
        return handle.succeed()
    }
}
