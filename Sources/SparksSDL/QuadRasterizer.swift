import CSDL2
import Foundation
import SparksCore

/// Draws the render list's common case — quads under an affine transform, textured or solid,
/// tinted, blended additively or source-over — straight into an ARGB8888 surface, one span per
/// row. SDL's software renderer draws the same quads through a general triangle blitter that
/// costs several times more per pixel; the offscreen renderer uses this path for such batches and
/// SDL for the rest (projected quads, rounded shapes, borders), in order.
///
/// Semantics follow SDL's: nearest texel, colour modulation `texel × tint / 255`, additive
/// `dst + src·α` and blend `src·α + dst·(1 − α)` per channel, pixel centres at +0.5.
final class QuadRasterizer {
    /// A texture's pixels as ARGB8888, straight alpha.
    struct Pixels {
        let width: Int
        let height: Int
        let argb: [UInt32]
    }

    private var cache: [String: Pixels] = [:]
    private var failed: Set<String> = []

    /// Whether this rasterizer can draw the batch.
    static func canDraw(_ batch: RenderBatch) -> Bool {
        batch.shape == .rectangle && batch.transform.isAffine2D && batch.transform.m34 == 0
            && batch.transform.m14 == 0 && batch.transform.m24 == 0
    }

    /// The pixels of `texture`, loaded once.
    func pixels(for texture: Texture) -> Pixels? {
        let key = texture.cacheKey
        if let cached = cache[key] { return cached }
        guard !failed.contains(key), let url = texture.url, let loaded = IMG_Load(url.path) else {
            failed.insert(key)
            return nil
        }
        defer { SDL_FreeSurface(loaded) }
        guard let converted = SDL_ConvertSurfaceFormat(loaded, SparksPixelFormatARGB8888(), 0) else {
            failed.insert(key)
            return nil
        }
        defer { SDL_FreeSurface(converted) }
        let w = Int(converted.pointee.w), h = Int(converted.pointee.h), pitch = Int(converted.pointee.pitch) / 4
        SDL_LockSurface(converted)
        let source = converted.pointee.pixels.assumingMemoryBound(to: UInt32.self)
        var argb = [UInt32](repeating: 0, count: w * h)
        for y in 0..<h { for x in 0..<w { argb[y * w + x] = source[y * pitch + x] } }
        SDL_UnlockSurface(converted)
        let pixels = Pixels(width: w, height: h, argb: argb)
        cache[key] = pixels
        return pixels
    }

    /// Draws a batch into `target` (ARGB8888, `pitch` in pixels), mapping canvas points to
    /// pixels by `scale`. Returns false when a texture cannot be loaded.
    @discardableResult
    func draw(
        _ batch: RenderBatch, quads: [RenderQuad], into target: UnsafeMutablePointer<UInt32>,
        width: Int, height: Int, pitch: Int, scale: (x: Float, y: Float)
    ) -> Bool {
        var texturePixels: Pixels?
        if let texture = batch.texture {
            guard let p = pixels(for: texture) else { return false }
            texturePixels = p
        }
        // The clip rectangle in pixels, within the target.
        var clipX0 = 0, clipY0 = 0, clipX1 = width, clipY1 = height
        if let clip = batch.clip {
            func pixels(_ v: Double, _ s: Float, _ rule: FloatingPointRoundingRule) -> Int {
                let p = (Float(v) * s).rounded(rule)
                return p.isFinite ? Int(min(max(p, -1e6), 1e6)) : 0
            }
            clipX0 = max(clipX0, pixels(clip.origin.x, scale.x, .down)); clipY0 = max(clipY0, pixels(clip.origin.y, scale.y, .down))
            clipX1 = min(clipX1, pixels(clip.maxX, scale.x, .up)); clipY1 = min(clipY1, pixels(clip.maxY, scale.y, .up))
        }
        guard clipX1 > clipX0, clipY1 > clipY0 else { return true }
        let t = batch.transform
        let m11 = Float(t.m11), m12 = Float(t.m12), m21 = Float(t.m21), m22 = Float(t.m22)
        let m31 = Float(t.m31), m32 = Float(t.m32), m41 = Float(t.m41), m42 = Float(t.m42)
        let additive = batch.blendMode == .additive
        // Raw texel access for the inner loop (no array bookkeeping per pixel); a solid batch
        // reads one opaque white texel.
        let white: [UInt32] = [0xFFFF_FFFF]
        let texels = texturePixels?.argb ?? white
        let texWidth = texturePixels?.width ?? 1, texHeight = texturePixels?.height ?? 1
        let solid = texturePixels == nil
        texels.withUnsafeBufferPointer { texelBuffer in
        let texel = texelBuffer.baseAddress!
        quads.withUnsafeBufferPointer { all in
            for i in batch.range {
                let q = all[i]
                let tint = (byte(q.red), byte(q.green), byte(q.blue), byte(q.alpha))
                if tint.3 == 0 { continue }
                var c: Float = 1, s: Float = 0
                if q.rotation != 0 { c = cos(q.rotation); s = sin(q.rotation) }
                // Half-extent vectors of the turned image, then its top-left corner and the
                // edges along which the texture's u and v grow, all in pixels.
                let ax = q.halfWidth * c, ay = q.halfWidth * s
                let bx = -q.halfHeight * s, by = q.halfHeight * c
                func map(_ x: Float, _ y: Float) -> (Float, Float) {
                    ((x * m11 + y * m21 + q.centerZ * m31 + m41) * scale.x, (x * m12 + y * m22 + q.centerZ * m32 + m42) * scale.y)
                }
                let tl = map(q.centerX - ax - bx, q.centerY - ay - by)
                let tr = map(q.centerX + ax - bx, q.centerY + ay - by)
                let bl = map(q.centerX - ax + bx, q.centerY - ay + by)
                let br = (tr.0 + bl.0 - tl.0, tr.1 + bl.1 - tl.1)
                let ux = tr.0 - tl.0, uy = tr.1 - tl.1, vx = bl.0 - tl.0, vy = bl.1 - tl.1
                let det = ux * vy - uy * vx
                guard abs(det) > 1e-6, det.isFinite else { continue }
                let inv = 1 / det
                // u and v are affine in the pixel position: u = du·(x, y) + u0.
                let dudx = vy * inv, dudy = -vx * inv, dvdx = -uy * inv, dvdy = ux * inv
                let minX = min(tl.0, tr.0, bl.0, br.0), maxX = max(tl.0, tr.0, bl.0, br.0)
                let minY = min(tl.1, tr.1, bl.1, br.1), maxY = max(tl.1, tr.1, bl.1, br.1)
                guard minX.isFinite, maxX.isFinite, minY.isFinite, maxY.isFinite else { continue }
                let x0 = max(clipX0, Int(max(minX, -1e6).rounded(.down))), x1 = min(clipX1, Int(min(maxX, 1e6).rounded(.up)))
                let y0 = max(clipY0, Int(max(minY, -1e6).rounded(.down))), y1 = min(clipY1, Int(min(maxY, 1e6).rounded(.up)))
                guard x1 > x0, y1 > y0 else { continue }
                let uSpan = q.u1 - q.u0, vSpan = q.v1 - q.v0
                for y in y0..<y1 {
                    let py = Float(y) + 0.5
                    // u and v at the row's first pixel centre.
                    let dx0 = Float(x0) + 0.5 - tl.0, dy = py - tl.1
                    let uRow = dx0 * dudx + dy * dudy, vRow = dx0 * dvdx + dy * dvdy
                    // The run of x where 0 ≤ u < 1 and 0 ≤ v < 1, then a per-pixel guard.
                    var lo: Float = 0, hi = Float(x1 - x0)
                    func limit(_ f0: Float, _ k: Float) {
                        if k == 0 {
                            if f0 < 0 || f0 >= 1 { hi = -1 }
                        } else {
                            let a = (0 - f0) / k, b = (1 - f0) / k
                            lo = max(lo, min(a, b))
                            hi = min(hi, max(a, b))
                        }
                    }
                    limit(uRow, dudx)
                    limit(vRow, dvdx)
                    guard hi > lo else { continue }
                    // Pixel k is inside when lo ≤ k < hi (u and v strictly below 1).
                    let start = max(0, Int(lo.rounded(.up))), end = min(x1 - x0, Int(hi.rounded(.up)))
                    guard end > start else { continue }
                    let row = target + y * pitch + x0
                    // Texel coordinates step linearly along the row: 16.16 fixed point.
                    let tuStart = (q.u0 + (uRow + Float(start) * dudx) * uSpan) * Float(texWidth)
                    let tvStart = (q.v0 + (vRow + Float(start) * dvdx) * vSpan) * Float(texHeight)
                    let tuStep = dudx * uSpan * Float(texWidth), tvStep = dvdx * vSpan * Float(texHeight)
                    guard abs(tuStart) < 30_000, abs(tvStart) < 30_000, abs(tuStep) < 30_000, abs(tvStep) < 30_000 else { continue }
                    var tu = Int32(tuStart * 65536), tv = Int32(tvStart * 65536)
                    let du = Int32(tuStep * 65536), dv = Int32(tvStep * 65536)
                    let maxX = Int32(texWidth - 1), maxY = Int32(texHeight - 1)
                    for k in start..<end {
                        let tx = Int(min(max(tu >> 16, 0), maxX)), ty = Int(min(max(tv >> 16, 0), maxY))
                        tu &+= du
                        tv &+= dv
                        var sr = UInt32(tint.0), sg = UInt32(tint.1), sb = UInt32(tint.2), sa = UInt32(tint.3)
                        if !solid {
                            let value = texel[ty * texWidth + tx]
                            sa = ((value >> 24) * sa) / 255
                            if sa == 0 { continue }
                            sr = (((value >> 16) & 0xFF) * sr) / 255
                            sg = (((value >> 8) & 0xFF) * sg) / 255
                            sb = ((value & 0xFF) * sb) / 255
                        }
                        let d = row[k]
                        var dr = (d >> 16) & 0xFF, dg = (d >> 8) & 0xFF, db = d & 0xFF, da = d >> 24
                        if additive {
                            dr = min(255, dr + sr * sa / 255)
                            dg = min(255, dg + sg * sa / 255)
                            db = min(255, db + sb * sa / 255)
                        } else {
                            let keep = 255 - sa
                            dr = (sr * sa + dr * keep) / 255
                            dg = (sg * sa + dg * keep) / 255
                            db = (sb * sa + db * keep) / 255
                            da = sa + da * keep / 255
                        }
                        row[k] = (da << 24) | (dr << 16) | (dg << 8) | db
                    }
                }
            }
        }
        }
        return true
    }

    @inline(__always)
    private func byte(_ v: Float) -> UInt8 {
        UInt8(min(max(v, 0), 1) * 255 + 0.5)
    }
}
