import CSDL2
import Foundation
import SparksCore

/// Draws a ``RenderList`` with `SDL_RenderGeometryRaw`: one call per batch, with the batch's
/// blend mode (additive for renderMode additive). Vertex buffers are reused between frames.
public final class RenderListDrawer {
    private var positions: [Float] = []
    private var colors: [SDL_Color] = []
    private var uvs: [Float] = []
    private var indices: [Int32] = []

    /// Offset added to one corner of every quad, in points.
    static let triangleNudge: Float = 1.0 / 1024

    /// Draw calls issued by the last `draw`.
    public private(set) var lastDrawCalls = 0

    /// Creates a drawer.
    public init() {}

    /// Draws `list` on `renderer`, mapping canvas points to pixels by `scale`.
    public func draw(_ list: RenderList, renderer: OpaquePointer, textures: TextureCache, scale: (x: Float, y: Float) = (1, 1)) {
        lastDrawCalls = 0
        for batch in list.batches {
            let sdlTexture = batch.texture.map { textures.sdlTexture(for: $0) } ?? textures.solidTexture
            guard let sdlTexture else { continue }
            fill(batch, quads: list.quads, scale: scale, solid: batch.texture == nil)
            SDL_SetTextureBlendMode(sdlTexture, batch.blendMode == .additive ? SDL_BLENDMODE_ADD : SDL_BLENDMODE_BLEND)
            ensureIndices(quads: batch.range.count)
            let vertexCount = Int32(batch.range.count * 4)
            positions.withUnsafeBufferPointer { xy in
                colors.withUnsafeBufferPointer { color in
                    uvs.withUnsafeBufferPointer { uv in
                        indices.withUnsafeBufferPointer { index in
                            _ = SDL_RenderGeometryRaw(
                                renderer, sdlTexture,
                                xy.baseAddress, Int32(MemoryLayout<Float>.stride * 2),
                                color.baseAddress, Int32(MemoryLayout<SDL_Color>.stride),
                                uv.baseAddress, Int32(MemoryLayout<Float>.stride * 2),
                                vertexCount, index.baseAddress, Int32(batch.range.count * 6), 4)
                        }
                    }
                }
            }
            lastDrawCalls += 1
        }
    }

    private func ensureIndices(quads: Int) {
        let have = indices.count / 6
        guard quads > have else { return }
        indices.reserveCapacity(quads * 6)
        for q in have..<quads {
            let v = Int32(q * 4)
            indices.append(contentsOf: [v, v + 1, v + 2, v, v + 2, v + 3])
        }
    }

    /// Computes the four corners of every quad of `batch` in pixels.
    private func fill(_ batch: RenderBatch, quads: [RenderQuad], scale: (x: Float, y: Float), solid: Bool) {
        let count = batch.range.count
        if positions.count < count * 8 {
            positions = [Float](repeating: 0, count: count * 8)
            uvs = [Float](repeating: 0, count: count * 8)
            colors = [SDL_Color](repeating: SDL_Color(), count: count * 4)
        }
        let t = batch.transform
        let m11 = Float(t.m11), m12 = Float(t.m12), m14 = Float(t.m14)
        let m21 = Float(t.m21), m22 = Float(t.m22), m24 = Float(t.m24)
        let m31 = Float(t.m31), m32 = Float(t.m32), m34 = Float(t.m34)
        let m41 = Float(t.m41), m42 = Float(t.m42), m44 = Float(t.m44)
        let projective = !t.isAffine2D || t.m34 != 0
        quads.withUnsafeBufferPointer { all in
            positions.withUnsafeMutableBufferPointer { xy in
                uvs.withUnsafeMutableBufferPointer { uv in
                    colors.withUnsafeMutableBufferPointer { rgba in
                        var v = 0
                        for i in batch.range {
                            let q = all[i]
                            let color = SDL_Color(r: byte(q.red), g: byte(q.green), b: byte(q.blue), a: byte(q.alpha))
                            var c: Float = 1, s: Float = 0
                            if q.rotation != 0 {
                                c = cos(q.rotation)
                                s = sin(q.rotation)
                            }
                            // Half-extent vectors of the turned image: a along its width, b along its height.
                            let ax = q.halfWidth * c, ay = q.halfWidth * s
                            let bx = -q.halfHeight * s, by = q.halfHeight * c
                            let z = q.centerZ
                            // Corners: top-left, top-right, bottom-right, bottom-left.
                            for k in 0..<4 {
                                let sa: Float = k == 0 || k == 3 ? -1 : 1
                                let sb: Float = k < 2 ? -1 : 1
                                let x = q.centerX + sa * ax + sb * bx
                                let y = q.centerY + sa * ay + sb * by
                                var px = x * m11 + y * m21 + z * m31 + m41
                                var py = x * m12 + y * m22 + z * m32 + m42
                                if projective {
                                    let w = x * m14 + y * m24 + z * m34 + m44
                                    if w > 1e-6 {
                                        px /= w
                                        py /= w
                                    }
                                }
                                // SDL's software renderer turns exactly axis-aligned quads with one
                                // colour into SDL_RenderCopy, which loses the batch's blend mode and
                                // the corner texture coordinates; 1/1024 px keeps every quad on the
                                // triangle path (invisible: positions are snapped to whole pixels).
                                if k == 0 { px += Self.triangleNudge }
                                xy[2 * (v + k)] = px * scale.x
                                xy[2 * (v + k) + 1] = py * scale.y
                                rgba[v + k] = color
                            }
                            // The solid texture is one texel: sample its centre.
                            let (u0, v0, u1, v1) = solid ? (Float(0.5), Float(0.5), Float(0.5), Float(0.5)) : (q.u0, q.v0, q.u1, q.v1)
                            uv[2 * v] = u0; uv[2 * v + 1] = v0
                            uv[2 * v + 2] = u1; uv[2 * v + 3] = v0
                            uv[2 * v + 4] = u1; uv[2 * v + 5] = v1
                            uv[2 * v + 6] = u0; uv[2 * v + 7] = v1
                            v += 4
                        }
                    }
                }
            }
        }
    }

    @inline(__always)
    private func byte(_ v: Float) -> UInt8 {
        UInt8(min(max(v, 0), 1) * 255 + 0.5)
    }
}
