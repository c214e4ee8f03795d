import Foundation
import SparksRaster

/// What a person sees in a run of frames of an effect, as numbers that survive GIF palettes,
/// scaling and unknown moments: how much of the picture the effect covers, how bright it is,
/// its hues, where it lies and how far it reaches, how many separate things it shows, and how
/// often it repeats. Measured the same way on a capture from an iPhone and on Sparks's frames.
struct EffectStatistics: CustomStringConvertible {
    /// Mean fraction of pixels that differ from the background.
    var coverage: Double
    /// Mean difference from the background over all pixels (0…1, the mean of the channels).
    var light: Double
    /// Fractions of coloured covered pixels by hue: red, yellow, green, cyan, blue, magenta
    /// (60° each, centred on those hues); empty when too few covered pixels are coloured.
    var hues: [Double]
    /// The 10th–90th percentile span of covered pixels across the picture, as fractions of its
    /// width and height.
    var extent: (x: Double, y: Double)
    /// Mean position of covered pixels, as fractions of the width and height.
    var centroid: (x: Double, y: Double)
    /// Mean number of separate covered shapes per frame (4-connected, at least 2 pixels).
    var count: Double
    /// The repeat period in seconds (the lag at which the frames come back most closely), when
    /// asked for.
    var period: Double?

    var description: String {
        let hue = hues.isEmpty ? "—" : hues.map { String(format: "%.2f", $0) }.joined(separator: " ")
        return String(
            format: "coverage %.4f light %.4f hues [%@] extent %.2f×%.2f centroid %.2f,%.2f count %.1f period %@", coverage, light, hue,
            extent.x, extent.y, centroid.x, centroid.y, count, period.map { String(format: "%.2f", $0) } ?? "—")
    }

    /// How far a pixel must differ from the background to count as covered (of 255, on any
    /// channel): above what GIF dithering and video compression add.
    static let threshold = 40

    /// The statistics of `frames` (straight RGBA, all the same size) over `background`, the
    /// frames `interval` seconds apart.
    init(frames: [PixelImage], background: (r: UInt8, g: UInt8, b: UInt8), interval: Double, measuresPeriod: Bool) {
        var coverage = 0.0, light = 0.0, count = 0.0
        var hueCounts = [Double](repeating: 0, count: 6)
        var extentX = 0.0, extentY = 0.0, centroidX = 0.0, centroidY = 0.0, framesWithCover = 0.0
        var signatures: [[Double]] = []
        for frame in frames {
            let w = frame.width, h = frame.height
            var covered = [Bool](repeating: false, count: w * h)
            var xs = [Int](repeating: 0, count: w), ys = [Int](repeating: 0, count: h)
            var total = 0, sumX = 0.0, sumY = 0.0, difference = 0.0
            // A coarse 8 × 8 picture of the frame, for the period.
            var signature = [Double](repeating: 0, count: 64)
            frame.rgba.withUnsafeBufferPointer { p in
                for y in 0..<h {
                    for x in 0..<w {
                        let i = (y * w + x) * 4
                        let r = Int(p[i]), g = Int(p[i + 1]), b = Int(p[i + 2])
                        let dr = abs(r - Int(background.r)), dg = abs(g - Int(background.g)), db = abs(b - Int(background.b))
                        let d = Double(dr + dg + db) / (3 * 255)
                        difference += d
                        signature[(y * 8 / h) * 8 + x * 8 / w] += d
                        guard max(dr, dg, db) > Self.threshold else { continue }
                        covered[y * w + x] = true
                        xs[x] += 1
                        ys[y] += 1
                        total += 1
                        sumX += Double(x)
                        sumY += Double(y)
                        // Hue of clearly coloured pixels.
                        let hi = max(r, g, b), lo = min(r, g, b)
                        if hi - lo > 64 {
                            let c = Double(hi - lo)
                            var hue: Double =
                                hi == r ? Double(g - b) / c : hi == g ? Double(b - r) / c + 2 : Double(r - g) / c + 4
                            if hue < 0 { hue += 6 }
                            hueCounts[Int((hue + 0.5).truncatingRemainder(dividingBy: 6))] += 1
                        }
                    }
                }
            }
            signatures.append(signature)
            coverage += Double(total) / Double(w * h)
            light += difference / Double(w * h)
            if total > 0 {
                framesWithCover += 1
                centroidX += sumX / Double(total) / Double(w)
                centroidY += sumY / Double(total) / Double(h)
                extentX += Self.span(xs, total) / Double(w)
                extentY += Self.span(ys, total) / Double(h)
            }
            count += Double(Self.shapes(covered, w, h))
        }
        let n = Double(max(frames.count, 1)), m = max(framesWithCover, 1)
        self.coverage = coverage / n
        self.light = light / n
        self.count = count / n
        extent = (extentX / m, extentY / m)
        centroid = (centroidX / m, centroidY / m)
        let coloured = hueCounts.reduce(0, +)
        hues = coloured >= 50 ? hueCounts.map { $0 / coloured } : []
        period = measuresPeriod ? Self.period(signatures, interval: interval) : nil
    }

    /// The 10th to 90th percentile span of a histogram of `total` entries, in cells.
    private static func span(_ histogram: [Int], _ total: Int) -> Double {
        var seen = 0
        var low: Int?, high = 0
        for (i, c) in histogram.enumerated() {
            seen += c
            if low == nil, Double(seen) >= 0.1 * Double(total) { low = i }
            if Double(seen) <= 0.9 * Double(total) { high = i }
        }
        return Double(max(high - (low ?? 0) + 1, 0))
    }

    /// Separate covered shapes of at least two pixels (4-connected).
    private static func shapes(_ covered: [Bool], _ w: Int, _ h: Int) -> Int {
        var seen = [Bool](repeating: false, count: w * h)
        var stack: [Int] = []
        var shapes = 0
        for start in 0..<(w * h) where covered[start] && !seen[start] {
            var size = 0
            stack.append(start)
            seen[start] = true
            while let i = stack.popLast() {
                size += 1
                let x = i % w, y = i / w
                for (nx, ny) in [(x - 1, y), (x + 1, y), (x, y - 1), (x, y + 1)] where nx >= 0 && ny >= 0 && nx < w && ny < h {
                    let j = ny * w + nx
                    if covered[j] && !seen[j] {
                        seen[j] = true
                        stack.append(j)
                    }
                }
            }
            if size >= 2 { shapes += 1 }
        }
        return shapes
    }

    /// The lag (in seconds) at which frames come back most closely: the first local minimum of
    /// the mean distance between frames that far apart, past a quarter of the run.
    private static func period(_ signatures: [[Double]], interval: Double) -> Double? {
        guard signatures.count >= 6 else { return nil }
        func distance(_ lag: Int) -> Double {
            var sum = 0.0
            for i in 0..<(signatures.count - lag) {
                sum += zip(signatures[i], signatures[i + lag]).reduce(0) { $0 + abs($1.0 - $1.1) }
            }
            return sum / Double(signatures.count - lag)
        }
        let lags = Array(1...(signatures.count / 2))
        let distances = lags.map(distance)
        // The smallest distance after the first rise: the frames come round again there.
        guard let rise = distances.indices.first(where: { $0 > 0 && distances[$0] > distances[$0 - 1] }) else { return nil }
        let best = distances[rise...].indices.min { distances[$0] < distances[$1] }!
        return Double(lags[best]) * interval
    }
}
