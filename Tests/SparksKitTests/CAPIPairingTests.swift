import Foundation
import Testing

/// Every call of SparksKit's public API a game uses has a C twin in sparks.h, and every C
/// function is the twin of one: the public symbols are read from the compiler's symbol graph of
/// the built module (not from a list kept by hand), and the header's functions from the header.
@Suite("The C API pairs the Swift API")
struct CAPIPairingTests {
    /// Each public member of SparksKit's types, as the symbol graph names it, and its C twins
    /// (or, after "—", why a C game needs none).
    static let twins: [String: [String]] = [
        "Effect.init(contentsOf:assetDirectories:textures:maxParticles:)": ["sparks_effect_load_file", "sparks_effect_load_file_with"],
        "Effect.init(json:name:resourceDirectories:textures:maxParticles:)": [
            "sparks_effect_load_string", "sparks_effect_load_string_with",
        ],
        "Effect.init(shippedPreset:maxParticles:)": ["sparks_effect_load_shipped"],
        "Effect.clone()": ["sparks_effect_clone"],
        "Effect.advance(by:)": ["sparks_effect_advance"],
        "Effect.fastForward(by:)": ["sparks_effect_fast_forward"],
        "Effect.maxFastForward": ["— the 600 s limit, documented at sparks_effect_fast_forward and sparks_effect_step"],
        "Effect.step(count:)": ["sparks_effect_step"],
        "Effect.stepDuration": ["sparks_effect_step_duration"],
        "Effect.time": ["sparks_effect_time"],
        "Effect.isPaused": ["sparks_effect_set_paused", "sparks_effect_is_paused"],
        "Effect.speed": ["sparks_effect_set_speed", "sparks_effect_speed"],
        "Effect.reset()": ["sparks_effect_reset"],
        "Effect.restart()": ["sparks_effect_restart"],
        "Effect.isEmitting": ["sparks_effect_set_emitting", "sparks_effect_is_emitting"],
        "Effect.emit(count:)": ["sparks_effect_emit_count"],
        "Effect.emit(for:)": ["sparks_effect_emit_for"],
        "Effect.isOneShot": ["sparks_effect_set_one_shot", "sparks_effect_is_one_shot"],
        "Effect.maxParticles": ["sparks_effect_set_max_particles", "sparks_effect_max_particles"],
        "Effect.onFinished": ["sparks_effect_on_finished"],
        "Effect.isFinished": ["sparks_effect_is_finished"],
        "Effect.liveParticleCount": ["sparks_effect_live_count"],
        "Effect.refusedBirths": ["sparks_effect_refused_births"],
        "Effect.canvasSize": ["sparks_effect_canvas_size"],
        "Effect.setValue(_:forKeyPath:)": [
            "sparks_effect_set_number", "sparks_effect_set_vector", "sparks_effect_set_color",
        ],
        "Effect.setValue(text:forKeyPath:)": ["sparks_effect_set_string"],
        "Effect.value(forKeyPath:)": ["sparks_effect_get_number", "sparks_effect_get_vector", "sparks_effect_get_string"],
        "Effect.moveEmitter(_:x:y:)": ["sparks_effect_move_emitter"],
        "Effect.aimEmitter(_:longitude:)": ["sparks_effect_aim_emitter"],
        "Effect.burst(_:count:)": ["sparks_effect_burst"],
        "Effect.burst(_:count:x:y:)": ["sparks_effect_burst_at"],
        "Effect.camera": [
            "sparks_effect_set_camera", "sparks_effect_set_camera_placement", "sparks_effect_get_camera",
        ],
        "Effect.drawThreads": ["sparks_effect_set_draw_threads", "sparks_effect_draw_threads"],
        "Effect.drawsBetweenSteps": ["sparks_effect_set_draws_between_steps", "sparks_effect_draws_between_steps"],
        "Effect.layerNames": ["sparks_effect_layer_count", "sparks_effect_layer_name"],
        "Effect.draw(into:)": ["sparks_effect_draw_sdl_renderer"],
        "Effect.draw(into:layers:)": ["sparks_effect_draw_sdl_renderer_layers"],
        "Effect.draw(intoPixels:width:height:bytesPerRow:)": ["sparks_effect_draw_argb"],
        "Effect.draw(intoPixels:width:height:bytesPerRow:layers:)": ["sparks_effect_draw_argb_layers"],
        "Effect.draw(into:width:height:)": ["sparks_effect_draw_argb"],
        "Effect.releaseRendererResources()": ["sparks_effect_release_renderer"],
        "Effect.lastDrawBudgetCut": [
            "sparks_effect_last_draw_budget_cut", "sparks_effect_undrawn_quads", "sparks_effect_set_max_covered_pixels",
        ],
        "Effect.isOptimizedBuild": ["sparks_build_optimized", "sparks_build_info"],
        "EffectCamera.init(x:y:zoom:rotation:scaleX:scaleY:outputX:outputY:)": ["sparks_effect_set_camera_placement"],
        "EffectCamera.x": ["— sparks_camera.x"], "EffectCamera.y": ["— sparks_camera.y"], "EffectCamera.zoom": ["— sparks_camera.zoom"],
        "EffectCamera.rotation": ["— sparks_camera.rotation"], "EffectCamera.scaleX": ["— sparks_camera.scale_x"],
        "EffectCamera.scaleY": ["— sparks_camera.scale_y"], "EffectCamera.outputX": ["— sparks_camera.output_x"],
        "EffectCamera.outputY": ["— sparks_camera.output_y"],
        "EffectImage.width": ["— the width given to sparks_images_add_rgba"],
        "EffectImage.height": ["— the height given to sparks_images_add_rgba"],
        "TextureAtlas.image": ["— the atlas image given to sparks_images_add_rgba"],
        "TextureAtlas.names": ["— the names given to sparks_images_add_region"],
        "EffectError.description": ["sparks_effect_last_error", "sparks_string_free"],
        "EffectError.problems": ["— the load functions' *error text, one problem per line"],
        "EffectImage.init(width:height:rgba:)": ["sparks_images_add_rgba"],
        "EffectImage.init(sdlSurface:)": ["— a C game passes a surface's pixels with sparks_images_add_rgba"],
        "EffectImage.init(sdlTexture:renderer:)": ["— a C game passes a texture's pixels with sparks_images_add_rgba"],
        "EffectImage.init(contentsOfPNG:)": ["— a C game names the file in the preset, found beside it or in asset_dir"],
        "EffectImage.init(pngBytes:name:)": ["— a C game decodes its own PNG bytes and passes them with sparks_images_add_rgba"],
        "EffectImage.cropped(x:y:width:height:)": ["sparks_images_add_region"],
        "ImageSet.init(_:)": ["sparks_images_create", "sparks_images_free"],
        "ImageSet.subscript(_:)": ["sparks_images_add_rgba"],
        "TextureAtlas.init(image:regions:)": ["sparks_images_add_region"],
        "ShippedPresets.names": ["sparks_shipped_preset_count", "sparks_shipped_preset_name"],
        "ShippedPresets.json(named:)": ["— a C game loads a shipped preset with sparks_effect_load_shipped"],
        "ShippedPresets.image(named:)": ["— a shipped preset's images come with sparks_effect_load_shipped"],
        "ShippedPresets.imageNames": ["— a shipped preset's images come with sparks_effect_load_shipped"],
    ]

    /// What the C API has that the Swift API reaches another way.
    static let cOnly: [String: String] = [
        "sparks_version": "SparksVersion, the package's version",
        "sparks_string_free": "Swift owns its strings",
        "sparks_effect_free": "Swift frees an effect when its last reference goes",
        "sparks_effect_build_render_list": "the render list is the C game's own renderer's way in",
        "sparks_effect_batch": "the render list",
        "sparks_effect_quad": "the render list",
    ]

    /// The public members of SparksKit's types that a game uses, from the symbol graph.
    static func publicMembers() throws -> [String] {
        let modules = try #require(modulesFolder(), "the build's Modules folder beside the test bundle")
        let build = modules.deletingLastPathComponent()
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("sparks-symbols-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: out) }
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let arch = build.lastPathComponent == "release" ? build.deletingLastPathComponent().lastPathComponent : "x86_64-unknown-linux-gnu"
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "swift", "symbolgraph-extract", "-module-name", "SparksKit", "-target", arch, "-I", modules.path,
            "-Xcc", "-fmodule-map-file=\(build.appendingPathComponent("CSparksKernels.build/module.modulemap").path)",
            "-Xcc", "-I", "-Xcc", root.appendingPathComponent("Sources/CSparksKernels/include").path,
            "-I", root.appendingPathComponent("Sources/CSparksSDL2").path, "-I", root.appendingPathComponent("Sources/CSparksZlib").path,
            "-output-dir", out.path, "-minimum-access-level", "public",
        ]
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "swift symbolgraph-extract failed")
        var members: [String] = []
        for file in try FileManager.default.contentsOfDirectory(atPath: out.path) where file.hasSuffix(".symbols.json") {
            let graph = try JSONSerialization.jsonObject(with: Data(contentsOf: out.appendingPathComponent(file))) as? [String: Any]
            for symbol in graph?["symbols"] as? [[String: Any]] ?? [] {
                let path = symbol["pathComponents"] as? [String] ?? []
                let kind = (symbol["kind"] as? [String: Any])?["identifier"] as? String ?? ""
                // Members of the types a game calls: not operators, not `EffectValue` (the values
                // the set and get functions take, by kind), not the texture providers' answer.
                guard path.count == 2, !kind.hasSuffix(".op"), path[0] != "EffectValue", path[0] != "TextureProvider",
                    !(path[1] == "image(named:)" && ["ImageSet", "TextureAtlas"].contains(path[0]))
                else { continue }
                members.append(path.joined(separator: "."))
            }
        }
        return members.sorted()
    }

    /// The release (or sanitizer) build's Modules folder: beside the test bundle.
    static func modulesFolder() -> URL? {
        var folder = Bundle.main.bundleURL
        for _ in 0..<4 {
            let candidate = folder.appendingPathComponent("Modules")
            if FileManager.default.fileExists(atPath: candidate.appendingPathComponent("SparksKit.swiftmodule").path) { return candidate }
            folder = folder.deletingLastPathComponent()
        }
        return nil
    }

    /// The functions sparks.h declares.
    static func headerFunctions() throws -> Set<String> {
        let header = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../include/sparks.h")
        let text = try String(contentsOf: header, encoding: .utf8)
        let pattern = try NSRegularExpression(pattern: #"\b(sparks_[a-z_]+)\s*\("#)
        var names = Set<String>()
        for match in pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
            if let range = Range(match.range(at: 1), in: text) { names.insert(String(text[range])) }
        }
        // Type names followed by a parenthesis in prose ("a sparks_status (SPARKS_OK is 0)").
        return names.subtracting(["sparks_status", "sparks_effect", "sparks_images", "sparks_batch", "sparks_quad", "sparks_camera"])
    }

    @Test("Each public call a game uses has its C twins in sparks.h (or a reason it needs none)")
    func swiftToC() throws {
        let members = try Self.publicMembers()
        #expect(members.count > 50, "\(members)")
        let header = try Self.headerFunctions()
        for member in members {
            let twins = try #require(Self.twins[member], "\(member) has no C twin listed")
            for twin in twins where !twin.hasPrefix("—") {
                #expect(header.contains(twin), "\(member): \(twin) is not in sparks.h")
            }
        }
        // The table lists nothing that is not public any more.
        for listed in Self.twins.keys { #expect(members.contains(listed), "\(listed) is listed but not a public member") }
    }

    @Test("Each C function is the twin of a Swift call (or reaches what Swift reaches another way)")
    func cToSwift() throws {
        let paired = Set(Self.twins.values.flatMap { $0 }).union(Self.cOnly.keys)
        for function in try Self.headerFunctions() {
            #expect(paired.contains(function), "\(function) in sparks.h is the twin of nothing")
        }
    }
}
