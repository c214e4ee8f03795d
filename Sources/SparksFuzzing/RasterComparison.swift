import SparksCore
import SparksRaster

/// The CPU rasterizer's picture of a ``RasterScene`` compared with ``ReferenceRasterizer``'s.
///
/// - Coverage, per primitive: each quad and triangle is drawn alone, opaque white, and the
///   pixels it touches must be exactly the pixels whose centres the reference finds inside,
///   except where the reference calls the answer ambiguous.
/// - Colour, the whole scene: every channel within ``colorTolerance`` of the reference, except
///   at ambiguous pixels.
/// - Threads and kernels: the picture is the same, byte for byte, on one thread and on the
///   scene's count, and with every set of pixel kernels the machine runs.
public struct RasterComparison: CustomStringConvertible {
    /// Largest difference of a channel (0…255) accepted at a pixel that is not ambiguous:
    /// texture coordinates carried to 1/256 texel, tints in 256ths and 8-bit rounding at every
    /// stage of the fast path, over at most a few draws per pixel.
    public static let colorTolerance = 6.0

    /// Pixels compared (coverage: per primitive; colour: per scene).
    public var coveragePixels = 0, colorPixels = 0
    /// Pixels passed over as ambiguous.
    public var ambiguousCoverage = 0, ambiguousColor = 0
    /// Disagreements.
    public var coverageMismatches = 0, colorMismatches = 0, threadMismatches = 0, kernelMismatches = 0
    /// The largest channel difference found at a compared pixel.
    public var largestColorDifference = 0.0
    /// The first disagreement, in words.
    public var firstProblem: String?

    public var isClean: Bool { coverageMismatches == 0 && colorMismatches == 0 && threadMismatches == 0 && kernelMismatches == 0 }

    public var description: String {
        "coverage \(coveragePixels) pixels (\(ambiguousCoverage) ambiguous, \(coverageMismatches) wrong), colour \(colorPixels) pixels "
            + "(\(ambiguousColor) ambiguous, \(colorMismatches) wrong, largest difference \(largestColorDifference)), "
            + "\(threadMismatches) differing by thread count, \(kernelMismatches) by kernels" + (firstProblem.map { ": \($0)" } ?? "")
    }

    public init() {}

    /// Draws `scene` both ways and compares.
    public static func compare(_ scene: RasterScene) -> RasterComparison {
        var result = RasterComparison()
        let decoder = MemoryImageDecoder(scene.images)
        guard let renderer = CPURenderer(width: scene.width, height: scene.height, decoder: decoder) else { return result }
        result.compareCoverage(scene, renderer)
        result.compareColor(scene, renderer)
        return result
    }

    private mutating func note(_ problem: @autoclosure () -> String) {
        if firstProblem == nil { firstProblem = problem() }
    }

    private mutating func compareCoverage(_ scene: RasterScene, _ renderer: CPURenderer) {
        renderer.threadCount = scene.threads
        let list = scene.list
        var single = DrawList()
        for (commandIndex, command) in list.commands.enumerated() {
            let clip = command.clip.intersection(list.bounds)
            switch command.primitive {
            case .quads:
                for i in command.range {
                    var q = list.quads[i]
                    (q.red, q.green, q.blue, q.alpha) = (1, 1, 1, 1)
                    single.reset(width: scene.width, height: scene.height, background: .clear)
                    single.append(quads: [q], texture: nil, blendMode: .normal, clip: clip)
                    renderer.draw(single)
                    check(renderer, clip: clip, what: "quad \(i) of command \(commandIndex) \(q)") { x, y in
                        ReferenceRasterizer.quadCoverage(q, x: x, y: y)
                    }
                }
            case .triangles:
                var i = command.range.lowerBound
                while i + 2 < command.range.upperBound {
                    var corners = [
                        list.vertices[Int(list.indices[i])], list.vertices[Int(list.indices[i + 1])],
                        list.vertices[Int(list.indices[i + 2])],
                    ]
                    for k in 0..<3 { (corners[k].red, corners[k].green, corners[k].blue, corners[k].alpha) = (1, 1, 1, 1) }
                    single.reset(width: scene.width, height: scene.height, background: .clear)
                    single.append(vertices: corners, indices: [0, 1, 2], texture: nil, blendMode: .normal, clip: clip)
                    renderer.draw(single)
                    var reference = ReferenceRasterizer(width: scene.width, height: scene.height, background: .clear, textures: [:])
                    reference.draw(single)
                    check(renderer, clip: clip, what: "triangle at index \(i) of command \(commandIndex) \(corners)") { x, y in
                        reference.pixels[y * scene.width + x][0] > 0
                    }
                    i += 3
                }
            case .beginGroup, .endGroup, .endMask:
                continue
            }
        }
    }

    /// Compares the covered pixels (alpha above 0) with `expected` over the whole canvas.
    private mutating func check(_ renderer: CPURenderer, clip: PixelRect, what: @autoclosure () -> String, expected: (Int, Int) -> Bool?) {
        for y in 0..<renderer.buffer.height {
            for x in 0..<renderer.buffer.width {
                let drawn = renderer.buffer[x, y] >> 24 > 0
                let inClip = x >= clip.x0 && x < clip.x1 && y >= clip.y0 && y < clip.y1
                guard inClip else {
                    if drawn {
                        coverageMismatches += 1
                        note("\(what()) drew pixel (\(x), \(y)) outside its clip \(clip)")
                    }
                    continue
                }
                guard let inside = expected(x, y) else {
                    ambiguousCoverage += 1
                    continue
                }
                coveragePixels += 1
                if drawn != inside {
                    coverageMismatches += 1
                    note("\(what()) \(drawn ? "covered" : "missed") pixel (\(x), \(y))")
                }
            }
        }
    }

    private mutating func compareColor(_ scene: RasterScene, _ renderer: CPURenderer) {
        renderer.threadCount = 1
        renderer.draw(scene.list)
        let single = renderer.buffer.wordsRowByRow()
        renderer.threadCount = scene.threads
        renderer.draw(scene.list)
        let threaded = renderer.buffer.wordsRowByRow()
        if single != threaded {
            let differing = zip(single, threaded).filter { $0 != $1 }.count
            threadMismatches = differing
            note("\(differing) pixels differ between 1 and \(scene.threads) threads")
        }
        let active = renderer.kernels
        for kernels in RasterKernels.available where kernels != active {
            renderer.kernels = kernels
            renderer.draw(scene.list)
            let other = renderer.buffer.wordsRowByRow()
            if other != threaded {
                let differing = zip(other, threaded).filter { $0 != $1 }.count
                kernelMismatches += differing
                note("\(differing) pixels differ between the \(active.name) and \(kernels.name) kernels")
            }
        }
        renderer.kernels = active
        var reference = ReferenceRasterizer(
            width: scene.width, height: scene.height, background: scene.background, textures: scene.images.mapValues(MipPyramid.init))
        reference.draw(scene.list)
        for y in 0..<scene.height {
            for x in 0..<scene.width {
                let i = y * scene.width + x
                if reference.coverageAmbiguous[i] || reference.colorAmbiguous[i] {
                    ambiguousColor += 1
                    continue
                }
                colorPixels += 1
                let drawn = ReferenceRasterizer.unpack(threaded[i]), expected = reference.pixels[i]
                let d = drawn - expected
                let difference = max(max(abs(d[0]), abs(d[1])), max(abs(d[2]), abs(d[3])))
                largestColorDifference = max(largestColorDifference, difference)
                if difference > Self.colorTolerance {
                    colorMismatches += 1
                    note("pixel (\(x), \(y)) is \(drawn), the reference \(expected)")
                }
            }
        }
    }
}

extension PixelBuffer {
    /// Every pixel's word, row by row, without the row padding.
    func wordsRowByRow() -> [UInt32] {
        var words: [UInt32] = []
        words.reserveCapacity(width * height)
        forEachRow { _, row in words += row }
        return words
    }
}
