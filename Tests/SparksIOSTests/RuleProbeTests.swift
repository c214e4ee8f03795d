import Foundation
import SparksCore
import SparksRaster
import Testing

/// Core Animation rules decided by iPhone pixels: each probe in Tests/RuleProbes/ is a public
/// capture, the values of its code typed into a preset (so that only drawing and simulation are
/// compared, not the importer), and the one statistic that isolates a rule (the angular spread
/// of a jet, how much of a burst lies behind its emitter, how many particles are of at most two
/// primaries). The capture's figure must lie within the span of Sparks's seeds, widened by the
/// probe's tolerance. docs/core-animation.md §10 lists each rule's probes and figures; `make
/// conformance` prints them.
@Suite("Rules decided by captures")
struct RuleProbeTests {
    static let folder = repositoryRoot.appendingPathComponent("Tests/RuleProbes")
    static let output = repositoryRoot.appendingPathComponent(".build/conformance")

    struct Probe: Decodable, CustomStringConvertible, Sendable {
        struct Statistic: Decodable, Sendable {
            /// `spread`, `behind` or `primaries`.
            var name: String
            /// The emitter in the region's points, the direction particles are aimed at
            /// (degrees, clockwise on screen from +x) and the ring measured (points).
            var origin: [Double]?
            var axis: Double?
            var radii: [Double]?
        }
        /// The rule, and the named choice (`CoreAnimationChoices`) it settles.
        var rule: String
        var choice: String
        var repository: String
        var commit: String
        var licence: String
        var code: [String]
        var images: [String]
        var capture: ConformanceTests.Case.Capture
        var sparks: ConformanceTests.Case.Sampling
        var statistic: Statistic
        /// A conformance case whose licence, code, images and capture the probe uses (its own
        /// folder then holds only probe.json and preset.json).
        var conformanceCase: String?
        /// How far apart the figures may be: a fraction of the iOS figure for `spread`, a
        /// difference for the fractions.
        var tolerance: Double
        var shows: String

        /// The probe's folder name (set when read).
        var id: String = ""

        var description: String { id }

        /// The probe's own folder: probe.json and preset.json.
        var folder: URL { RuleProbeTests.folder.appendingPathComponent(id) }
        /// Where its LICENSE, code/, images/ and capture/ are.
        var files: URL { conformanceCase.map { ConformanceTests.folder.appendingPathComponent($0) } ?? folder }

        enum CodingKeys: String, CodingKey {
            case rule, choice, repository, commit, licence, code, images, capture, sparks, statistic, conformanceCase, tolerance, shows
        }
    }

    static let probes: [Probe] = {
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
        return names.compactMap { name in
            guard let data = try? Data(contentsOf: folder.appendingPathComponent("\(name)/probe.json")),
                var probe = try? JSONDecoder().decode(Probe.self, from: data)
            else { return nil }
            probe.id = name
            return probe
        }
    }()

    @Test("Every rule probe has its licence, code, images, a light capture, and a statistic the suite knows")
    func theProbes() throws {
        #expect(Self.probes.count >= 4)
        for probe in Self.probes {
            let base = probe.files
            #expect(FileManager.default.fileExists(atPath: base.appendingPathComponent("LICENSE").path), "\(probe.id)")
            for file in probe.code { #expect(FileManager.default.fileExists(atPath: base.appendingPathComponent("code/\(file)").path)) }
            for file in probe.images {
                #expect(FileManager.default.fileExists(atPath: base.appendingPathComponent("images/\(file)").path))
            }
            #expect(["spread", "behind", "primaries"].contains(probe.statistic.name), "\(probe.id)")
            #expect(probe.commit.count == 40)
            let frames = try FileManager.default.contentsOfDirectory(atPath: base.appendingPathComponent("capture").path)
            let bytes = frames.reduce(0) {
                $0
                    + ((try? FileManager.default.attributesOfItem(atPath: base.appendingPathComponent("capture/\($1)").path)[.size] as? Int)
                        ?? 0)
            }
            #expect(!frames.isEmpty && bytes < 1 << 20, "\(probe.id): \(bytes) bytes of capture")
        }
        // Each rule the probes settle stands on captures from two repositories at least.
        for (choice, probes) in Dictionary(grouping: Self.probes, by: \.choice) {
            #expect(Set(probes.map(\.repository)).count >= 2, "\(choice)")
        }
    }

    @Test("Sparks draws the capture's figure", arguments: probes)
    func matchesTheCapture(_ probe: Probe) throws {
        let base = probe.files
        let captured = try FileManager.default.contentsOfDirectory(atPath: base.appendingPathComponent("capture").path)
            .filter { $0.hasSuffix(".png") }.sorted()
            .map { try PixelImage(contentsOfPNG: base.appendingPathComponent("capture/\($0)").path) }
        let images = base.appendingPathComponent("images")
        let description = try PresetDecoder(fileName: "preset.json", resolver: ResourceResolver(roots: [images])).decode(
            Array(try Data(contentsOf: probe.folder.appendingPathComponent("preset.json"))), defaultName: probe.id
        ).get()
        let runs = try ConformanceTests.draw(
            description, region: probe.capture.region, size: (captured[0].width, captured[0].height),
            background: probe.capture.background,
            moments: (0..<probe.sparks.count).map { probe.sparks.from + Double($0) * probe.sparks.every },
            runs: probe.sparks.runs ?? 1)
        let pixelsPerPoint = Double(captured[0].width) / probe.capture.region[2]
        let ios = try #require(Self.measure(probe, captured, pixelsPerPoint: pixelsPerPoint))
        let sparks = runs.compactMap { Self.measure(probe, $0, pixelsPerPoint: pixelsPerPoint) }
        try #require(sparks.count == runs.count, "\(probe.id): Sparks drew nothing to measure")
        try ConformanceTests.writeSideBySide("probe-\(probe.id)", captured, runs[0], in: Self.output)
        let low = sparks.min()!, high = sparks.max()!
        let passes: Bool
        let rule: String
        if probe.statistic.name == "spread" {
            passes = low / (1 + probe.tolerance) <= ios && ios <= high * (1 + probe.tolerance)
            rule = "within \(Int(probe.tolerance * 100)) %"
        } else {
            passes = low - probe.tolerance <= ios && ios <= high + probe.tolerance
            rule = "within ±\(ConformanceTests.fmt(probe.tolerance))"
        }
        let shown = low == high ? ConformanceTests.fmt(low) : "\(ConformanceTests.fmt(low))…\(ConformanceTests.fmt(high))"
        try FileManager.default.createDirectory(at: Self.output, withIntermediateDirectories: true)
        try
            "| probe \(probe.id) (\(probe.choice)) | \(probe.statistic.name) | \(ConformanceTests.fmt(ios)) | \(shown) | \(rule) | \(passes ? "same" : "**differs**") |\n"
            .write(to: Self.output.appendingPathComponent("probe-\(probe.id).md"), atomically: true, encoding: .utf8)
        #expect(passes, "\(probe.id): \(probe.statistic.name) is \(shown) in Sparks, \(ConformanceTests.fmt(ios)) on iOS (\(rule))")
    }

    /// The probe's statistic over `frames`, or nil when no pixel counts.
    static func measure(_ probe: Probe, _ frames: [PixelImage], pixelsPerPoint: Double) -> Double? {
        let b = probe.capture.background
        let s = probe.statistic
        var angles: [Double] = []
        var behind = 0, around = 0, primaries = 0, covered = 0
        let origin = (s.origin ?? [0, 0]).map { $0 * pixelsPerPoint }
        let radii = (s.radii ?? [0, .infinity]).map { $0 * pixelsPerPoint }
        let axis = (s.axis ?? 0) * .pi / 180
        for frame in frames {
            frame.rgba.withUnsafeBufferPointer { p in
                for y in 0..<frame.height {
                    for x in 0..<frame.width {
                        let i = (y * frame.width + x) * 4
                        let r = Int(p[i]), g = Int(p[i + 1]), bl = Int(p[i + 2])
                        let difference = max(abs(r - b[0]), abs(g - b[1]), abs(bl - b[2]))
                        guard difference > EffectStatistics.threshold else { continue }
                        covered += 1
                        if min(r, g, bl) < 16 { primaries += 1 }
                        let dx = Double(x) + 0.5 - origin[0], dy = Double(y) + 0.5 - origin[1]
                        let distance = (dx * dx + dy * dy).squareRoot()
                        guard distance >= radii[0], distance <= radii[1] else { continue }
                        around += 1
                        // The offset turned so that the axis points along +x.
                        let along = dx * cos(axis) + dy * sin(axis), across = -dx * sin(axis) + dy * cos(axis)
                        if along < 0 { behind += 1 }
                        angles.append(atan2(across, along) * 180 / .pi)
                    }
                }
            }
        }
        switch s.name {
        case "spread":
            guard angles.count >= 20 else { return nil }
            angles.sort()
            return (angles[angles.count * 9 / 10] - angles[angles.count / 10]) / 2
        case "behind":
            return around > 0 ? Double(behind) / Double(around) : nil
        default:
            return covered > 0 ? Double(primaries) / Double(covered) : nil
        }
    }
}
