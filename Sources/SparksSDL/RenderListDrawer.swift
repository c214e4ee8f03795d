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
        draw(list.batches[...], quads: list.quads, renderer: renderer, textures: textures, scale: scale)
    }

    /// Draws some batches of a list's quads.
    func draw(_ batches: ArraySlice<RenderBatch>, quads: [RenderQuad], renderer: OpaquePointer, textures: TextureCache, scale: (x: Float, y: Float)) {
        let list = (batches: batches, quads: quads)
        var clipped = false
        for batch in list.batches {
            let sdlTexture = batch.texture.map { textures.sdlTexture(for: $0) } ?? textures.solidTexture
            guard let sdlTexture else { continue }
            if let clip = batch.clip {
                // Limited to ±1e6 pixels so any rectangle converts to SDL's 32-bit integers.
                func pixels(_ v: Double, _ s: Float, _ rule: FloatingPointRoundingRule) -> Int32 {
                    let p = (Float(v) * s).rounded(rule)
                    return p.isFinite ? Int32(min(max(p, -1e6), 1e6)) : 0
                }
                let x0 = pixels(clip.origin.x, scale.x, .down), y0 = pixels(clip.origin.y, scale.y, .down)
                let x1 = pixels(clip.maxX, scale.x, .up), y1 = pixels(clip.maxY, scale.y, .up)
                var rect = SDL_Rect(x: x0, y: y0, w: max(0, x1 - x0), h: max(0, y1 - y0))
                if rect.w == 0 || rect.h == 0 { continue }
                SDL_RenderSetClipRect(renderer, &rect)
                clipped = true
            } else if clipped {
                SDL_RenderSetClipRect(renderer, nil)
                clipped = false
            }
            if batch.texture == nil, batch.shape != .rectangle {
                SDL_SetTextureBlendMode(sdlTexture, batch.blendMode == .additive ? SDL_BLENDMODE_ADD : SDL_BLENDMODE_BLEND)
                drawShapes(batch, quads: list.quads, renderer: renderer, texture: sdlTexture, scale: scale)
                continue
            }
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
        if clipped { SDL_RenderSetClipRect(renderer, nil) }
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
                                // Non-finite corners (a degenerate transform) collapse to a point.
                                if !px.isFinite || !py.isFinite || abs(px) > 1e7 || abs(py) > 1e7 { px = 0; py = 0 }
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

    // MARK: Rounded rectangles and borders

    private var shapePositions: [Float] = []
    private var shapeColors: [SDL_Color] = []
    private var shapeUVs: [Float] = []
    private var shapeIndices: [Int32] = []

    /// Draws the quads of a solid batch with rounded corners or as borders: a polygon per
    /// outline, with a one-pixel fringe fading to transparent so edges look smooth at any scale.
    private func drawShapes(_ batch: RenderBatch, quads: [RenderQuad], renderer: OpaquePointer, texture: OpaquePointer, scale: (x: Float, y: Float)) {
        shapePositions.removeAll(keepingCapacity: true)
        shapeColors.removeAll(keepingCapacity: true)
        shapeUVs.removeAll(keepingCapacity: true)
        shapeIndices.removeAll(keepingCapacity: true)
        let t = batch.transform
        // Points per screen pixel, to make the fringe one pixel wide whatever the transform.
        let pixelsPerUnit = Float(((t.m11 * t.m11 + t.m12 * t.m12).squareRoot() * (t.m21 * t.m21 + t.m22 * t.m22).squareRoot()).squareRoot())
            * (scale.x + scale.y) / 2
        let fringe = pixelsPerUnit > 0 ? 1 / pixelsPerUnit : 1
        for i in batch.range {
            let q = quads[i]
            let hw = abs(q.halfWidth), hh = abs(q.halfHeight)
            let color = SDL_Color(r: byte(q.red), g: byte(q.green), b: byte(q.blue), a: byte(q.alpha))
            var clear = color
            clear.a = 0
            let radius: Float, band: Float?
            switch batch.shape {
            case .roundedRectangle(let r): (radius, band) = (min(r, hw, hh), nil)
            case .border(let w, let r): (radius, band) = (min(r, hw, hh), min(w, hw, hh))
            case .rectangle: (radius, band) = (0, nil)
            }
            let wanted = radius * pixelsPerUnit / 2
            let segments = wanted.isFinite ? max(4, min(32, Int(min(wanted, 64)))) : 4
            func ring(_ offset: Float) -> [(Float, Float)] {
                roundedRectangle(halfWidth: hw, halfHeight: hh, radius: radius, offset: offset, segments: segments)
            }
            let outerFringe = ring(fringe / 2), outerEdge = ring(-fringe / 2)
            if let band {
                let innerEdge = ring(-band + fringe / 2), innerFringe = ring(-band - fringe / 2)
                strip(outerFringe, clear, outerEdge, color, q, t, scale)
                strip(outerEdge, color, innerEdge, color, q, t, scale)
                strip(innerEdge, color, innerFringe, clear, q, t, scale)
            } else {
                strip(outerFringe, clear, outerEdge, color, q, t, scale)
                fan(outerEdge, color, q, t, scale)
            }
        }
        guard !shapeIndices.isEmpty else { return }
        shapePositions.withUnsafeBufferPointer { xy in
            shapeColors.withUnsafeBufferPointer { color in
                shapeUVs.withUnsafeBufferPointer { uv in
                    shapeIndices.withUnsafeBufferPointer { index in
                        _ = SDL_RenderGeometryRaw(
                            renderer, texture, xy.baseAddress, Int32(MemoryLayout<Float>.stride * 2),
                            color.baseAddress, Int32(MemoryLayout<SDL_Color>.stride),
                            uv.baseAddress, Int32(MemoryLayout<Float>.stride * 2),
                            Int32(shapeColors.count), index.baseAddress, Int32(shapeIndices.count), 4)
                    }
                }
            }
        }
        lastDrawCalls += 1
    }

    /// The outline of a rectangle with rounded corners, grown by `offset` (negative shrinks),
    /// always with the same number of points so outlines pair up into strips.
    private func roundedRectangle(halfWidth hw: Float, halfHeight hh: Float, radius r: Float, offset o: Float, segments n: Int) -> [(Float, Float)] {
        var points: [(Float, Float)] = []
        points.reserveCapacity(4 * (n + 1))
        let corners: [(Float, Float, Float)] = [(hw - r, hh - r, 0), (-(hw - r), hh - r, .pi / 2), (-(hw - r), -(hh - r), .pi), (hw - r, -(hh - r), 1.5 * .pi)]
        let rr = max(r + o, 0)
        for (cx, cy, start) in corners {
            // A corner with no radius left sits at the (grown) rectangle's corner.
            let sx: Float = cx >= 0 ? 1 : -1, sy: Float = cy >= 0 ? 1 : -1
            for k in 0...n {
                let a = start + Float(k) / Float(n) * (.pi / 2)
                if r + o > 0 {
                    points.append((cx + rr * cos(a), cy + rr * sin(a)))
                } else {
                    points.append((sx * (hw + o), sy * (hh + o)))
                }
            }
        }
        return points
    }

    private func vertex(_ p: (Float, Float), _ color: SDL_Color, _ q: RenderQuad, _ t: Transform3D, _ scale: (x: Float, y: Float)) {
        let c = cos(q.rotation), s = sin(q.rotation)
        let x = Double(q.centerX + p.0 * c - p.1 * s), y = Double(q.centerY + p.0 * s + p.1 * c)
        let mapped = t.apply(to: Vector3(x, y, Double(q.centerZ)))
        let finite = mapped.x.isFinite && mapped.y.isFinite && abs(mapped.x) < 1e7 && abs(mapped.y) < 1e7
        shapePositions.append(finite ? Float(mapped.x) * scale.x : 0)
        shapePositions.append(finite ? Float(mapped.y) * scale.y : 0)
        shapeColors.append(color)
        shapeUVs.append(0.5)
        shapeUVs.append(0.5)
    }

    /// Triangles between two outlines of equal length (a closed band).
    private func strip(_ a: [(Float, Float)], _ ca: SDL_Color, _ b: [(Float, Float)], _ cb: SDL_Color, _ q: RenderQuad, _ t: Transform3D, _ scale: (x: Float, y: Float)) {
        let base = Int32(shapeColors.count), n = Int32(a.count)
        for p in a { vertex(p, ca, q, t, scale) }
        for p in b { vertex(p, cb, q, t, scale) }
        for i in 0..<n {
            let j = (i + 1) % n
            shapeIndices += [base + i, base + j, base + n + j, base + i, base + n + j, base + n + i]
        }
    }

    /// Triangles filling a convex outline from its centre.
    private func fan(_ outline: [(Float, Float)], _ color: SDL_Color, _ q: RenderQuad, _ t: Transform3D, _ scale: (x: Float, y: Float)) {
        let centre = Int32(shapeColors.count), n = Int32(outline.count)
        vertex((0, 0), color, q, t, scale)
        for p in outline { vertex(p, color, q, t, scale) }
        for i in 0..<n { shapeIndices += [centre, centre + 1 + i, centre + 1 + (i + 1) % n] }
    }

    @inline(__always)
    private func byte(_ v: Float) -> UInt8 {
        UInt8(min(max(v, 0), 1) * 255 + 0.5)
    }
}
