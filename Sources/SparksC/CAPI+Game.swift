// The C API's twins of the rest of SparksKit's `Effect` (include/sparks.h): images a game
// supplies, copies, emission limits, reading values, moving and aiming, bursts at a point, the
// whole camera, drawing between steps and some layers at a time. Each checks its arguments,
// takes the library's lock and never traps.
import CSparksAPI
import SparksCore
import SparksKit

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

// MARK: Shipped presets

/// The shipped presets' names as C strings, made once and never freed or written.
nonisolated(unsafe) private let shippedNames: [UnsafeMutablePointer<CChar>] = ShippedPresets.names.map { strdup($0)! }

@_cdecl("sparks_shipped_preset_count")
public func sparks_shipped_preset_count() -> Int32 {
    Int32(shippedNames.count)
}

@_cdecl("sparks_shipped_preset_name")
public func sparks_shipped_preset_name(_ index: Int32) -> UnsafePointer<CChar>? {
    index >= 0 && Int(index) < shippedNames.count ? UnsafePointer(shippedNames[Int(index)]) : nil
}

// MARK: Images

/// What a `sparks_images *` points to: images by name, copied in.
final class ImageSetHandle {
    var images = ImageSet()

    static func from(_ pointer: OpaquePointer?) -> ImageSetHandle? {
        pointer.map { Unmanaged<ImageSetHandle>.fromOpaque(UnsafeRawPointer($0)).takeUnretainedValue() }
    }
}

@_cdecl("sparks_images_create")
public func sparks_images_create() -> OpaquePointer? {
    OpaquePointer(Unmanaged.passRetained(ImageSetHandle()).toOpaque())
}

@_cdecl("sparks_images_free")
public func sparks_images_free(_ images: OpaquePointer?) {
    guard let images else { return }
    locked { Unmanaged<ImageSetHandle>.fromOpaque(UnsafeRawPointer(images)).release() }
}

@_cdecl("sparks_images_add_rgba")
public func sparks_images_add_rgba(
    _ images: OpaquePointer?, _ name: UnsafePointer<CChar>?, _ rgba: UnsafePointer<UInt8>?, _ width: Int32, _ height: Int32
) -> sparks_status {
    guard let name, let rgba, (1...32768).contains(width), (1...32768).contains(height) else { return SPARKS_ERROR_ARGUMENT }
    let count = Int(width) * Int(height) * 4
    guard let image = EffectImage(width: Int(width), height: Int(height), rgba: Array(UnsafeBufferPointer(start: rgba, count: count)))
    else { return SPARKS_ERROR_ARGUMENT }
    return locked {
        guard let set = ImageSetHandle.from(images) else { return SPARKS_ERROR_ARGUMENT }
        set.images[String(cString: name)] = image
        return SPARKS_OK
    }
}

@_cdecl("sparks_images_add_region")
public func sparks_images_add_region(
    _ images: OpaquePointer?, _ name: UnsafePointer<CChar>?, _ atlas: UnsafePointer<CChar>?, _ x: Int32, _ y: Int32, _ width: Int32,
    _ height: Int32
) -> sparks_status {
    guard let name, let atlas else { return SPARKS_ERROR_ARGUMENT }
    return locked {
        guard let set = ImageSetHandle.from(images), let whole = set.images[String(cString: atlas)], x >= 0, y >= 0, width > 0, height > 0,
            Int(x) + Int(width) <= whole.width, Int(y) + Int(height) <= whole.height,
            let region = whole.cropped(x: Int(x), y: Int(y), width: Int(width), height: Int(height))
        else { return SPARKS_ERROR_ARGUMENT }
        set.images[String(cString: name)] = region
        return SPARKS_OK
    }
}

/// The game's images and particle limit of a `_with` load.
private func options(_ images: OpaquePointer?, _ maxParticles: Int) -> (ImageSet?, Int) {
    let set = locked { ImageSetHandle.from(images)?.images }
    return (set, maxParticles > 0 ? maxParticles : PresetLimits.defaultMaxParticles)
}

@_cdecl("sparks_effect_load_file_with")
public func sparks_effect_load_file_with(
    _ path: UnsafePointer<CChar>?, _ assetDirectory: UnsafePointer<CChar>?, _ images: OpaquePointer?, _ maxParticles: Int,
    _ error: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
) -> OpaquePointer? {
    let (set, limit) = options(images, maxParticles)
    return load("sparks_effect_load_file_with", "the path", path, folder: assetDirectory, error: error) {
        (path, assets) throws(EffectError) in
        try Effect(contentsOf: URL(fileURLWithPath: path), assetDirectories: assets, textures: set, maxParticles: limit)
    }
}

@_cdecl("sparks_effect_load_string_with")
public func sparks_effect_load_string_with(
    _ json: UnsafePointer<CChar>?, _ resourceDirectory: UnsafePointer<CChar>?, _ images: OpaquePointer?, _ maxParticles: Int,
    _ error: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
) -> OpaquePointer? {
    let (set, limit) = options(images, maxParticles)
    return load("sparks_effect_load_string_with", "the JSON text", json, folder: resourceDirectory, error: error) {
        (text, folders) throws(EffectError) in
        try Effect(json: text, name: "preset", resourceDirectories: folders, textures: set, maxParticles: limit)
    }
}

@_cdecl("sparks_effect_clone")
public func sparks_effect_clone(_ effect: OpaquePointer?) -> OpaquePointer? {
    locked {
        guard let handle = EffectHandle.from(effect) else { return nil }
        return OpaquePointer(Unmanaged.passRetained(EffectHandle(handle.effect.clone())).toOpaque())
    }
}

// MARK: Time

@_cdecl("sparks_effect_fast_forward")
public func sparks_effect_fast_forward(_ effect: OpaquePointer?, _ seconds: Double) -> Int32 {
    let steps = locked { Int32(clamping: EffectHandle.from(effect)?.effect.fastForward(by: seconds) ?? 0) }
    callFinished(effect)
    return steps
}

@_cdecl("sparks_effect_step_duration")
public func sparks_effect_step_duration(_ effect: OpaquePointer?) -> Double {
    locked { EffectHandle.from(effect)?.effect.stepDuration ?? 0 }
}

@_cdecl("sparks_effect_restart")
public func sparks_effect_restart(_ effect: OpaquePointer?) {
    locked { EffectHandle.from(effect)?.effect.restart() }
}

@_cdecl("sparks_effect_is_paused")
public func sparks_effect_is_paused(_ effect: OpaquePointer?) -> Int32 {
    locked { EffectHandle.from(effect)?.effect.isPaused == true ? 1 : 0 }
}

@_cdecl("sparks_effect_speed")
public func sparks_effect_speed(_ effect: OpaquePointer?) -> Double {
    locked { EffectHandle.from(effect)?.effect.speed ?? 0 }
}

// MARK: Emitting

@_cdecl("sparks_effect_emit_count")
public func sparks_effect_emit_count(_ effect: OpaquePointer?, _ count: Int32) {
    locked { EffectHandle.from(effect)?.effect.emit(count: Int(count)) }
}

@_cdecl("sparks_effect_emit_for")
public func sparks_effect_emit_for(_ effect: OpaquePointer?, _ seconds: Double) {
    locked { EffectHandle.from(effect)?.effect.emit(for: seconds) }
}

@_cdecl("sparks_effect_set_one_shot")
public func sparks_effect_set_one_shot(_ effect: OpaquePointer?, _ oneShot: Int32) {
    locked { EffectHandle.from(effect)?.effect.isOneShot = oneShot != 0 }
}

@_cdecl("sparks_effect_is_one_shot")
public func sparks_effect_is_one_shot(_ effect: OpaquePointer?) -> Int32 {
    locked { EffectHandle.from(effect)?.effect.isOneShot == true ? 1 : 0 }
}

@_cdecl("sparks_effect_set_max_particles")
public func sparks_effect_set_max_particles(_ effect: OpaquePointer?, _ count: Int) {
    locked { EffectHandle.from(effect)?.effect.maxParticles = max(0, count) }
}

@_cdecl("sparks_effect_max_particles")
public func sparks_effect_max_particles(_ effect: OpaquePointer?) -> Int {
    locked { EffectHandle.from(effect)?.effect.maxParticles ?? 0 }
}

@_cdecl("sparks_effect_refused_births")
public func sparks_effect_refused_births(_ effect: OpaquePointer?) -> Int {
    locked { EffectHandle.from(effect)?.effect.refusedBirths ?? 0 }
}

// MARK: Reading values

/// The value at `path`, or the status and message of why there is none.
private func read(
    _ effect: OpaquePointer?, _ what: String, _ path: UnsafePointer<CChar>?, _ use: (EffectValue, EffectHandle) -> sparks_status
) -> sparks_status {
    guard let path = keyPath(path) else { return argumentError(effect, "\(what): the key path is NULL") }
    return locked {
        guard let handle = EffectHandle.from(effect) else { return SPARKS_ERROR_ARGUMENT }
        do throws(EffectError) {
            return use(try handle.effect.value(forKeyPath: path), handle)
        } catch {
            return handle.fail(SPARKS_ERROR_KEY_PATH, "\(what): \(error)")
        }
    }
}

@_cdecl("sparks_effect_get_number")
public func sparks_effect_get_number(
    _ effect: OpaquePointer?, _ path: UnsafePointer<CChar>?, _ value: UnsafeMutablePointer<Double>?
)
    -> sparks_status
{
    guard let value else { return argumentError(effect, "sparks_effect_get_number: the value pointer is NULL") }
    return read(effect, "sparks_effect_get_number", path) { found, handle in
        switch found {
        case .number(let n): value.pointee = n
        case .bool(let b): value.pointee = b ? 1 : 0
        default: return handle.fail(SPARKS_ERROR_VALUE, "sparks_effect_get_number: the value is \(found), not a number")
        }
        return handle.succeed()
    }
}

@_cdecl("sparks_effect_get_vector")
public func sparks_effect_get_vector(
    _ effect: OpaquePointer?, _ path: UnsafePointer<CChar>?, _ values: UnsafeMutablePointer<Double>?, _ capacity: Int32,
    _ count: UnsafeMutablePointer<Int32>?
) -> sparks_status {
    guard capacity >= 0, values != nil || capacity == 0 else {
        return argumentError(effect, "sparks_effect_get_vector: needs room for `capacity` values (0 or more)")
    }
    return read(effect, "sparks_effect_get_vector", path) { found, handle in
        guard case .numbers(let list) = found else {
            return handle.fail(SPARKS_ERROR_VALUE, "sparks_effect_get_vector: the value is \(found), not a list of numbers")
        }
        for (i, n) in list.prefix(Int(capacity)).enumerated() { values?[i] = n }
        count?.pointee = Int32(clamping: list.count)
        return handle.succeed()
    }
}

@_cdecl("sparks_effect_get_string")
public func sparks_effect_get_string(
    _ effect: OpaquePointer?, _ path: UnsafePointer<CChar>?, _ text: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
) -> sparks_status {
    guard let text else { return argumentError(effect, "sparks_effect_get_string: the text pointer is NULL") }
    return read(effect, "sparks_effect_get_string", path) { found, handle in
        text.pointee = strdup(found.description)
        return handle.succeed()
    }
}

// MARK: Moving, aiming, bursting

/// Runs `body` on the effect, turning its error into `status` and a message.
private func act(
    _ effect: OpaquePointer?, _ what: String, status: sparks_status = SPARKS_ERROR_KEY_PATH, _ body: (Effect) throws(EffectError) -> Void
) -> sparks_status {
    locked {
        guard let handle = EffectHandle.from(effect) else { return SPARKS_ERROR_ARGUMENT }
        do throws(EffectError) {
            try body(handle.effect)
            return handle.succeed()
        } catch {
            return handle.fail(status, "\(what): \(error)")
        }
    }
}

@_cdecl("sparks_effect_move_emitter")
public func sparks_effect_move_emitter(_ effect: OpaquePointer?, _ layer: UnsafePointer<CChar>?, _ x: Double, _ y: Double) -> sparks_status
{
    guard let layer = keyPath(layer) else { return argumentError(effect, "sparks_effect_move_emitter: the layer name is NULL") }
    guard x.isFinite, y.isFinite else { return argumentError(effect, "sparks_effect_move_emitter: (\(x), \(y)) is not a canvas point") }
    return act(effect, "sparks_effect_move_emitter") { effect throws(EffectError) in try effect.moveEmitter(layer, x: x, y: y) }
}

@_cdecl("sparks_effect_aim_emitter")
public func sparks_effect_aim_emitter(_ effect: OpaquePointer?, _ layer: UnsafePointer<CChar>?, _ longitude: Double) -> sparks_status {
    guard let layer = keyPath(layer) else { return argumentError(effect, "sparks_effect_aim_emitter: the layer name is NULL") }
    guard longitude.isFinite else { return argumentError(effect, "sparks_effect_aim_emitter: a longitude of \(longitude) radians") }
    return act(effect, "sparks_effect_aim_emitter") { effect throws(EffectError) in try effect.aimEmitter(layer, longitude: longitude) }
}

@_cdecl("sparks_effect_burst_at")
public func sparks_effect_burst_at(
    _ effect: OpaquePointer?, _ path: UnsafePointer<CChar>?, _ count: Int32, _ x: Double, _ y: Double
) -> sparks_status {
    guard let path = keyPath(path), count >= 0, x.isFinite, y.isFinite else {
        return argumentError(effect, "sparks_effect_burst_at: needs a cell path, a count of 0 or more and a canvas point")
    }
    return act(effect, "sparks_effect_burst_at") { effect throws(EffectError) in try effect.burst(path, count: Int(count), x: x, y: y) }
}

// MARK: Camera and drawing

@_cdecl("sparks_effect_set_camera_placement")
public func sparks_effect_set_camera_placement(_ effect: OpaquePointer?, _ camera: UnsafePointer<sparks_camera>?) -> sparks_status {
    guard let c = camera?.pointee else { return argumentError(effect, "sparks_effect_set_camera_placement: the camera is NULL") }
    return locked {
        guard let handle = EffectHandle.from(effect) else { return SPARKS_ERROR_ARGUMENT }
        handle.effect.camera = EffectCamera(
            x: c.x, y: c.y, zoom: c.zoom, rotation: c.rotation, scaleX: c.scale_x, scaleY: c.scale_y, outputX: c.output_x,
            outputY: c.output_y)
        return handle.succeed()
    }
}

@_cdecl("sparks_effect_get_camera")
public func sparks_effect_get_camera(_ effect: OpaquePointer?, _ camera: UnsafeMutablePointer<sparks_camera>?) -> sparks_status {
    guard let camera else { return argumentError(effect, "sparks_effect_get_camera: the camera is NULL") }
    return locked {
        guard let c = EffectHandle.from(effect)?.effect.camera else { return SPARKS_ERROR_ARGUMENT }
        camera.pointee = sparks_camera(
            x: c.x, y: c.y, zoom: c.zoom, rotation: c.rotation, scale_x: c.scaleX, scale_y: c.scaleY, output_x: c.outputX,
            output_y: c.outputY)
        return SPARKS_OK
    }
}

@_cdecl("sparks_effect_draw_threads")
public func sparks_effect_draw_threads(_ effect: OpaquePointer?) -> Int32 {
    locked { Int32(clamping: EffectHandle.from(effect)?.effect.drawThreads ?? 0) }
}

@_cdecl("sparks_effect_set_draws_between_steps")
public func sparks_effect_set_draws_between_steps(_ effect: OpaquePointer?, _ on: Int32) {
    locked { EffectHandle.from(effect)?.effect.drawsBetweenSteps = on != 0 }
}

@_cdecl("sparks_effect_draws_between_steps")
public func sparks_effect_draws_between_steps(_ effect: OpaquePointer?) -> Int32 {
    locked { EffectHandle.from(effect)?.effect.drawsBetweenSteps == true ? 1 : 0 }
}

@_cdecl("sparks_effect_layer_count")
public func sparks_effect_layer_count(_ effect: OpaquePointer?) -> Int32 {
    locked { Int32(clamping: EffectHandle.from(effect)?.effect.layerNames.count ?? 0) }
}

@_cdecl("sparks_effect_layer_name")
public func sparks_effect_layer_name(_ effect: OpaquePointer?, _ index: Int32) -> UnsafePointer<CChar>? {
    locked {
        guard let handle = EffectHandle.from(effect) else { return nil }
        let names = handle.effect.layerNames
        guard index >= 0, Int(index) < names.count else { return nil }
        return handle.cName(names[Int(index)])
    }
}

/// The top-level layers `first` and the `count` after it, clipped to what an `Int` holds.
private func layerRange(_ first: Int32, _ count: Int32) -> Range<Int> {
    let start = Int(max(0, first))
    return start..<(start + Int(max(0, count)))
}

@_cdecl("sparks_effect_draw_sdl_renderer_layers")
public func sparks_effect_draw_sdl_renderer_layers(
    _ effect: OpaquePointer?, _ renderer: UnsafeMutableRawPointer?, _ first: Int32, _ count: Int32
) -> sparks_status {
    guard let renderer else { return argumentError(effect, "sparks_effect_draw_sdl_renderer_layers: the renderer is NULL") }
    return act(effect, "sparks_effect_draw_sdl_renderer_layers", status: SPARKS_ERROR_DRAW) { effect throws(EffectError) in
        try effect.draw(into: OpaquePointer(renderer), layers: layerRange(first, count))
    }
}

@_cdecl("sparks_effect_draw_argb_layers")
public func sparks_effect_draw_argb_layers(
    _ effect: OpaquePointer?, _ pixels: UnsafeMutableRawPointer?, _ size: Int, _ width: Int32, _ height: Int32, _ pitch: Int32,
    _ first: Int32, _ count: Int32
) -> sparks_status {
    guard let pixels else { return argumentError(effect, "sparks_effect_draw_argb_layers: the pixels are NULL") }
    return act(effect, "sparks_effect_draw_argb_layers", status: SPARKS_ERROR_ARGUMENT) { effect throws(EffectError) in
        let buffer = UnsafeMutableRawBufferPointer(start: pixels, count: max(size, 0))
        try effect.draw(
            intoPixels: buffer, width: Int(width), height: Int(height), bytesPerRow: Int(pitch), layers: layerRange(first, count))
    }
}

@_cdecl("sparks_effect_last_draw_budget_cut")
public func sparks_effect_last_draw_budget_cut(_ effect: OpaquePointer?) -> UnsafePointer<CChar> {
    locked {
        guard let handle = EffectHandle.from(effect) else { return UnsafePointer(emptyText) }
        return handle.keep(handle.effect.lastDrawBudgetCut ?? "")
    }
}
