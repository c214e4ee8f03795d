import CSparksKernels
import SparksCore

/// A texture as the CPU rasterizer samples it: the shared ``MipPyramid`` copied into memory the
/// kernels address directly, plus, for alpha masks (white images whose alpha carries the shape,
/// as most particle images are), each level's alphas and bilinear footprints, so a masked pixel
/// costs one load instead of four.
final class RasterTexture {
    /// The levels as the kernels read them.
    let mips: MipLevels
    /// Bytes held, for budgets and reports.
    let byteCount: Int
    private let allocations: [UnsafeMutableRawPointer]

    /// The largest side a texture may have, in texels (texel coordinates then fit the
    /// kernels' fixed-point arithmetic).
    static let maxSide = 8192

    /// Copies a pyramid, letting go of each of its levels once copied (memory holds the
    /// texture once, plus one level, while it loads); nil when it is larger than `maxSide`.
    init?(_ pyramid: consuming MipPyramid) {
        guard let first = pyramid.levels.first, first.width <= Self.maxSide, first.height <= Self.maxSide else { return nil }
        let isAlphaMask = pyramid.isAlphaMask
        var allocations: [UnsafeMutableRawPointer] = []
        var bytes = 0
        func allocate<T>(_: T.Type, _ count: Int) -> UnsafeMutablePointer<T> {
            let size = max(count, 1) * MemoryLayout<T>.stride
            let raw = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 64)
            allocations.append(raw)
            bytes += size
            return raw.bindMemory(to: T.self, capacity: max(count, 1))
        }
        let views = pyramid.levels.indices.map { index in
            let (w, h) = (pyramid.levels[index].width, pyramid.levels[index].height)
            let count = w * h
            let texels = allocate(UInt32.self, count)
            texels.initialize(from: pyramid.takeTexels(ofLevel: index), count: count)
            // The mask data of a colour image is one transparent texel (never read).
            let alpha = allocate(UInt8.self, isAlphaMask ? count : 1)
            let footprints = allocate(UInt32.self, isAlphaMask ? count : 1)
            alpha[0] = 0
            footprints[0] = 0
            if isAlphaMask {
                for i in 0..<count { alpha[i] = UInt8(truncatingIfNeeded: texels[i] >> 24) }
                // At (x, y): the alphas of (x, y), (x+1, y), (x, y+1), (x+1, y+1) in bytes 0…3,
                // the last row and column repeating (clamp to edge).
                for y in 0..<h {
                    let below = min(y + 1, h - 1)
                    for x in 0..<w {
                        let right = min(x + 1, w - 1)
                        footprints[y * w + x] =
                            UInt32(alpha[y * w + x]) | UInt32(alpha[y * w + right]) << 8
                            | UInt32(alpha[below * w + x]) << 16 | UInt32(alpha[below * w + right]) << 24
                    }
                }
            }
            return sparks_level(
                texels: UnsafePointer(texels), alpha: UnsafePointer(alpha), footprints: UnsafePointer(footprints),
                width: Int32(w), height: Int32(h))
        }
        let storage = UnsafeMutableBufferPointer<sparks_level>.allocate(capacity: views.count)
        _ = storage.initialize(from: views)
        mips = MipLevels(levels: UnsafeBufferPointer(storage), isAlphaMask: isAlphaMask)
        self.allocations = allocations
        byteCount = bytes
    }

    deinit {
        for pointer in allocations { pointer.deallocate() }
        mips.levels.deallocate()
    }
}

/// A texture's levels, largest first, in memory its ``RasterTexture`` owns: a plain value, so
/// handing it to a draw costs no reference counting (the texture outlives every draw that uses
/// it), and its loops read it without exclusivity checks.
struct MipLevels {
    let levels: UnsafeBufferPointer<sparks_level>
    /// Whether every texel is white at its alpha.
    let isAlphaMask: Bool
}
