import CSparksSDL2
import SparksCore
import SparksRaster

/// Draws ``DrawList``s through an SDL renderer's GPU path (`SDL_RenderGeometryRaw`): the GPU
/// half of ``SDLRendererBackend``.
///
/// The same semantics as the CPU rasterizer, as far as SDL's renderer goes: textures are the
/// shared mip pyramids (premultiplied), each quad sampled from the level its on-screen size
/// picks, nearest or linear as its filter says (trilinear takes the nearer of its two levels);
/// premultiplied source-over and additive blending through custom blend modes; the clip as SDL's
/// clip rectangle; groups drawn into target textures (one per level) and composited faded.
/// Triangles in perspective are drawn affinely per triangle (SDL has no perspective-correct
/// interpolation); the core's grid keeps that close.
package final class SDLGeometryBackend {
    private let renderer: OpaquePointer
    let textures: SDLTextureCache
    private let sourceOver: SDL_BlendMode
    private let additive: SDL_BlendMode
    /// Destination-in: what is below is kept in proportion to the source's alpha (a mask).
    private let maskIn: SDL_BlendMode

    private var positions: [Float] = []
    private var colors: [SDL_Color] = []
    private var uvs: [Float] = []
    private var indices: [Int32] = []

    /// A quad's two triangles, as its corners in the order they are appended.
    private static let quadCorners: [Int32] = [0, 1, 2, 0, 2, 3]

    /// Draw calls issued by the last `draw`.
    private(set) var drawCalls = 0
    /// One target texture per level of groups open at once, at the list's size.
    private var groupTargets: [OpaquePointer] = []
    private var shadowPixels: [UInt32] = []
    private let shadowCaster = ShadowCaster()
    private var groupTargetSize = (width: 0, height: 0)
    /// Per command of the list being drawn: the level of the image it draws into and its clip
    /// within its groups (see `DrawList.resolveGroups`).
    private var commandLevels: [Int] = []
    private var commandClips: [PixelRect] = []

    /// Creates a backend for `renderer`; nil when the renderer cannot blend premultiplied colour
    /// (SDL's software renderer cannot: draw with the CPU rasterizer there).
    package init?(renderer: OpaquePointer, decoder: ImageDecoder, maxTextureBytes: Int) {
        // SDL's software renderer is known not to: it is not asked (a refused blend mode sets
        // SDL's error, whose per-thread buffer SDL never frees on threads it did not start).
        var info = SDL_RendererInfo()
        guard SDL_GetRendererInfo(renderer, &info) == 0, info.flags & SDL_RENDERER_SOFTWARE.rawValue == 0 else { return nil }
        self.renderer = renderer
        textures = SDLTextureCache(renderer: renderer, decoder: decoder, maxBytes: maxTextureBytes)
        sourceOver = SDL_ComposeCustomBlendMode(
            SDL_BLENDFACTOR_ONE, SDL_BLENDFACTOR_ONE_MINUS_SRC_ALPHA, SDL_BLENDOPERATION_ADD,
            SDL_BLENDFACTOR_ONE, SDL_BLENDFACTOR_ONE_MINUS_SRC_ALPHA, SDL_BLENDOPERATION_ADD)
        additive = SDL_ComposeCustomBlendMode(
            SDL_BLENDFACTOR_ONE, SDL_BLENDFACTOR_ONE, SDL_BLENDOPERATION_ADD,
            SDL_BLENDFACTOR_ONE, SDL_BLENDFACTOR_ONE, SDL_BLENDOPERATION_ADD)
        maskIn = SDL_ComposeCustomBlendMode(
            SDL_BLENDFACTOR_ZERO, SDL_BLENDFACTOR_SRC_ALPHA, SDL_BLENDOPERATION_ADD,
            SDL_BLENDFACTOR_ZERO, SDL_BLENDFACTOR_SRC_ALPHA, SDL_BLENDOPERATION_ADD)
        guard let probe = textures.solid, SDL_SetTextureBlendMode(probe, sourceOver) == 0, SDL_SetTextureBlendMode(probe, additive) == 0,
            SDL_RenderTargetSupported(renderer) == SDL_TRUE
        else {
            return nil
        }
    }

    deinit {
        releaseResources()
    }

    /// Destroys every texture made with the renderer (before the renderer goes); drawing makes
    /// them again.
    func releaseResources() {
        for target in groupTargets { SDL_DestroyTexture(target) }
        groupTargets.removeAll()
        groupTargetSize = (0, 0)
        textures.releaseUploads()
    }

    /// Makes sure there are `depth` target textures (one per group level) at the list's size;
    /// false when one cannot be made.
    private func prepareGroupTargets(_ list: DrawList, depth: Int) -> Bool {
        if groupTargetSize != (list.width, list.height) {
            for target in groupTargets { SDL_DestroyTexture(target) }
            groupTargets.removeAll()
            groupTargetSize = (list.width, list.height)
        }
        while groupTargets.count < depth {
            guard
                let target = SDL_CreateTexture(
                    renderer, SparksPixelFormatARGB8888(), Int32(SDL_TEXTUREACCESS_TARGET.rawValue), Int32(list.width), Int32(list.height))
            else { return false }
            SDL_SetTextureBlendMode(target, sourceOver)
            groupTargets.append(target)
        }
        return true
    }

    /// Fills the renderer's viewport with the list's background (over black), unless the list
    /// draws over what is there, and draws the list into it; the list's pixels are the
    /// viewport's.
    package func draw(_ list: DrawList) {
        drawCalls = 0
        // The target the list is drawn into: the window, or a texture the caller set.
        let outerTarget = SDL_GetRenderTarget(renderer)
        if list.clearsOutput {
            let background = PixelBuffer.premultiplied(list.background)
            SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_NONE)
            SDL_SetRenderDrawColor(
                renderer, UInt8(truncatingIfNeeded: background >> 16), UInt8(truncatingIfNeeded: background >> 8),
                UInt8(truncatingIfNeeded: background), 255)
            SDL_RenderFillRect(renderer, nil)
        }
        // Without target textures a group's content is drawn straight, unfaded.
        let depth = list.resolveGroups(levels: &commandLevels, clips: &commandClips)
        let groups = prepareGroupTargets(list, depth: depth)
        for (index, command) in list.commands.enumerated() {
            let bounds = commandClips[index], level = commandLevels[index]
            var clip = SDL_Rect(x: bounds.x0, y: bounds.y0, w: Int32(bounds.width), h: Int32(bounds.height))
            let blend = command.blendMode == .additive ? additive : sourceOver
            switch command.primitive {
            case .quads:
                SDL_RenderSetClipRect(renderer, &clip)
                drawQuads(list, command, blend)
            case .triangles:
                SDL_RenderSetClipRect(renderer, &clip)
                drawTriangles(list, command, blend)
            case .beginGroup:
                guard groups else { continue }
                // Draw into this level's image, transparent within the group's clip.
                SDL_SetRenderTarget(renderer, groupTargets[level - 1])
                SDL_RenderSetClipRect(renderer, &clip)
                SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_NONE)
                SDL_SetRenderDrawColor(renderer, 0, 0, 0, 0)
                SDL_RenderFillRect(renderer, &clip)
            case .endGroup(let opacity, let shadow):
                guard groups, level > 0 else { continue }
                let image = groupTargets[level - 1]
                if let shadow { castShadow(shadow, in: image, clip: &clip) }
                // Back to the level below (the caller's target at level 0), where
                // the group's clip lies within the clips around it.
                SDL_SetRenderTarget(renderer, level == 1 ? outerTarget : groupTargets[level - 2])
                SDL_RenderSetClipRect(renderer, &clip)
                let fade = UInt8(min(max(opacity, 0), 1) * 255 + 0.5)
                SDL_SetTextureColorMod(image, fade, fade, fade)
                SDL_SetTextureAlphaMod(image, fade)
                SDL_RenderCopy(renderer, image, &clip, &clip)
                drawCalls += 1
            case .endMask:
                guard groups, level > 0 else { continue }
                let image = groupTargets[level - 1]
                // The level below keeps what the mask's image covers, in proportion to its alpha.
                SDL_SetRenderTarget(renderer, level == 1 ? outerTarget : groupTargets[level - 2])
                SDL_RenderSetClipRect(renderer, &clip)
                SDL_SetTextureColorMod(image, 255, 255, 255)
                SDL_SetTextureAlphaMod(image, 255)
                SDL_SetTextureBlendMode(image, maskIn)
                SDL_RenderCopy(renderer, image, &clip, &clip)
                SDL_SetTextureBlendMode(image, sourceOver)
                drawCalls += 1
            }
        }
        SDL_RenderSetClipRect(renderer, nil)
    }

    /// Casts `shadow` in a group's image: its pixels within `clip` are read back, given their
    /// shadow by the CPU rasterizer's caster (so the shadow is the same as it draws) and written
    /// back. Shadows are rare and small; reading back is the price of an SDL renderer that has
    /// no blur of its own.
    private func castShadow(_ shadow: DrawShadow, in image: OpaquePointer, clip: inout SDL_Rect) {
        let width = Int(clip.w), height = Int(clip.h)
        guard width > 0, height > 0 else { return }
        if shadowPixels.count < width * height { shadowPixels = [UInt32](repeating: 0, count: max(width * height, shadowPixels.count * 2)) }
        let pitch = Int32(width * 4)
        SDL_SetRenderTarget(renderer, image)
        shadowPixels.withUnsafeMutableBufferPointer { pixels in
            guard SDL_RenderReadPixels(renderer, &clip, SparksPixelFormatARGB8888(), pixels.baseAddress, pitch) == 0 else { return }
            shadowCaster.cast(shadow, pixels: pixels.baseAddress!, rowStride: width, x0: 0, x1: width, y0: 0, y1: height)
            SDL_UpdateTexture(image, &clip, pixels.baseAddress, pitch)
        }
    }

    private func drawQuads(_ list: DrawList, _ command: DrawCommand, _ blend: SDL_BlendMode) {
        let pyramid = command.texture.flatMap { textures.pyramid(for: $0) }
        guard command.texture == nil || pyramid != nil else { return }
        var current: (level: Int, nearest: Bool)?
        clearVertices()
        for i in command.range {
            let q = list.quads[i]
            var sample = (level: 0, nearest: true)
            if let pyramid, let base = pyramid.levels.first {
                let choice = command.sampling.choose(
                    texelsPerPixel: q.texelsPerPixel(textureWidth: base.width, textureHeight: base.height), levelCount: pyramid.levels.count
                )
                sample = (choice.filter == .trilinear && choice.blend >= 0.5 ? choice.level + 1 : choice.level, choice.filter == .nearest)
            }
            if let current, current != sample {
                flush(command.texture, current, blend)
                clearVertices()
            }
            current = sample
            let color = Self.color(q.red, q.green, q.blue, q.alpha)
            let base = Int32(colors.count)
            append(q.originX, q.originY, q.u0, q.v0, color)
            append(q.originX + q.uAxisX, q.originY + q.uAxisY, q.u1, q.v0, color)
            append(q.originX + q.uAxisX + q.vAxisX, q.originY + q.uAxisY + q.vAxisY, q.u1, q.v1, color)
            append(q.originX + q.vAxisX, q.originY + q.vAxisY, q.u0, q.v1, color)
            for corner in Self.quadCorners { indices.append(base + corner) }
        }
        if let current { flush(command.texture, current, blend) }
    }

    private func drawTriangles(_ list: DrawList, _ command: DrawCommand, _ blend: SDL_BlendMode) {
        clearVertices()
        for i in command.range {
            let v = list.vertices[Int(list.indices[i])]
            indices.append(Int32(colors.count))
            append(v.x, v.y, v.u, v.v, Self.color(v.red, v.green, v.blue, v.alpha))
        }
        flush(command.texture, (0, false), blend)
    }

    private func clearVertices() {
        positions.removeAll(keepingCapacity: true)
        colors.removeAll(keepingCapacity: true)
        uvs.removeAll(keepingCapacity: true)
        indices.removeAll(keepingCapacity: true)
    }

    private func append(_ x: Float, _ y: Float, _ u: Float, _ v: Float, _ color: SDL_Color) {
        positions.append(x)
        positions.append(y)
        uvs.append(u)
        uvs.append(v)
        colors.append(color)
    }

    private func flush(_ texture: Texture?, _ sample: (level: Int, nearest: Bool), _ blend: SDL_BlendMode) {
        guard !indices.isEmpty else { return }
        let sdlTexture = texture.map { textures.sdlTexture(for: $0, level: sample.level, nearest: sample.nearest) } ?? textures.solid
        guard let sdlTexture else { return }
        SDL_SetTextureBlendMode(sdlTexture, blend)
        // The solid texture is one texel: sample its centre.
        if texture == nil { for i in uvs.indices { uvs[i] = 0.5 } }
        positions.withUnsafeBufferPointer { xy in
            colors.withUnsafeBufferPointer { color in
                uvs.withUnsafeBufferPointer { uv in
                    indices.withUnsafeBufferPointer { index in
                        _ = SDL_RenderGeometryRaw(
                            renderer, sdlTexture, xy.baseAddress, Int32(MemoryLayout<Float>.stride * 2),
                            color.baseAddress, Int32(MemoryLayout<SDL_Color>.stride),
                            uv.baseAddress, Int32(MemoryLayout<Float>.stride * 2),
                            Int32(colors.count), index.baseAddress, Int32(indices.count), 4)
                    }
                }
            }
        }
        drawCalls += 1
    }

    /// A straight-alpha colour as premultiplied vertex colour bytes.
    private static func color(_ r: Float, _ g: Float, _ b: Float, _ a: Float) -> SDL_Color {
        func byte(_ v: Float) -> UInt8 { UInt8(min(max(v, 0), 1) * 255 + 0.5) }
        let alpha = min(max(a, 0), 1)
        return SDL_Color(r: byte(r * alpha), g: byte(g * alpha), b: byte(b * alpha), a: byte(alpha))
    }
}
