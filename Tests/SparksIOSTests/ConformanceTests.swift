import Foundation
import SparksCore
import SparksIOS
import SparksRaster
import SparksSDL
import Testing

/// Looks like iOS, measured on real iOS pixels: public effects whose repositories commit a
/// capture of them (a GIF, a screenshot) beside the code, copied with their licence into
/// Tests/Conformance/ (see its README). Each is imported as a new user would, with at most the
/// `--call`s its demo app makes, drawn at the capture's moments and size, and compared with the
/// capture through `EffectStatistics`. The side-by-side pictures and the report are written to
/// .build/conformance/; `make conformance` prints the report.
@Suite("Looks like iOS: public effects against their own captures")
struct ConformanceTests {
    static let folder = repositoryRoot.appendingPathComponent("Tests/Conformance")
    static let output = repositoryRoot.appendingPathComponent(".build/conformance")

    struct Case: Decodable, CustomStringConvertible, Sendable {
        struct Capture: Decodable, Sendable {
            /// Where the frames come from and how they were cut.
            var source: String
            var cut: String
            /// Seconds between the frames kept.
            var interval: Double
            /// The view's rectangle the frames show, in points: x, y, width, height.
            var region: [Double]
            /// The view's background behind the effect, 0…255.
            var background: [Int]
        }
        struct Sampling: Decodable, Sendable {
            /// Scene time of the first frame drawn, the time between frames, and how many.
            var from: Double
            var every: Double
            var count: Int
            /// Runs with different seeds, for a random effect (default 1).
            var runs: Int?
        }
        var id: String
        var kind: String
        var repository: String
        var commit: String
        var licence: String
        var code: [String]
        var images: [String]
        /// The methods the demo app calls, as `--call` (in order; a button tapped twice is two).
        var calls: [String]?
        var defines: [String: String]?
        /// The view's size in points (the device's).
        var canvas: [Double]
        /// The device's scale (pixels a point): UIScreen.main.scale and the image variants loaded.
        var scale: Int
        var capture: Capture
        var sparks: Sampling
        /// What the capture shows, written down before Sparks drew the case.
        var shows: String
        /// The statistics that say whether it is the same effect (those that mean something for
        /// this kind of effect).
        var statistics: [String]
        /// Tolerances that differ from ``Comparison/defaults``.
        var tolerances: [String: Double]?
        /// Statistics known to differ from the capture, each with the open question that explains
        /// it (a rule no two captures decide yet). The test expects them to differ and fails
        /// when one stops differing, so the entry is taken out.
        var knownDifferences: [String: String]?

        /// The case's folder, relative to Tests/Conformance (set when read, not in the manifest).
        var path: String?

        var description: String { id }

        /// `name` (LICENSE, code/FILE, images/FILE, capture) in the case's folder, or else in
        /// its repository's folder: cases of one repository share its licence and code.
        func file(_ name: String) -> URL {
            let own = ConformanceTests.folder.appendingPathComponent(path ?? id)
            let here = own.appendingPathComponent(name)
            if FileManager.default.fileExists(atPath: here.path) || name == "capture" { return here }
            return own.deletingLastPathComponent().appendingPathComponent(name)
        }
    }

    /// Each folder with a case.json, and each case folder inside a repository's folder (one
    /// holding LICENSE and code/ for the cases under it).
    static let cases: [Case] = {
        func read(_ path: String) -> Case? {
            guard let data = try? Data(contentsOf: folder.appendingPathComponent("\(path)/case.json")),
                var c = try? JSONDecoder().decode(Case.self, from: data)
            else { return nil }
            c.path = path
            return c
        }
        func folders(_ path: String) -> [String] {
            let url = path.isEmpty ? folder : folder.appendingPathComponent(path)
            return ((try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []).sorted().map {
                path.isEmpty ? $0 : "\(path)/\($0)"
            }
            .filter {
                var d: ObjCBool = false
                return FileManager.default.fileExists(atPath: folder.appendingPathComponent($0).path, isDirectory: &d) && d.boolValue
            }
        }
        return folders("").flatMap { top in read(top).map { [$0] } ?? folders(top).compactMap(read) }
    }()

    @Test("At least ten cases from public repositories, each with its licence, code, images and a light capture")
    func theSuite() throws {
        #expect(Self.cases.count >= 10, "\(Self.cases.count) cases")
        #expect(Set(Self.cases.map(\.repository)).count >= 5)
        for c in Self.cases {
            #expect(FileManager.default.fileExists(atPath: c.file("LICENSE").path), "\(c.id): no LICENSE")
            for file in c.code { #expect(FileManager.default.fileExists(atPath: c.file("code/\(file)").path)) }
            for file in c.images { #expect(FileManager.default.fileExists(atPath: c.file("images/\(file)").path)) }
            let base = c.file("capture").deletingLastPathComponent()
            let frames = try Self.captureFrames(c)
            #expect(frames.count >= 1)
            let bytes = try FileManager.default.contentsOfDirectory(atPath: base.appendingPathComponent("capture").path).reduce(0) {
                $0
                    + ((try? FileManager.default.attributesOfItem(atPath: base.appendingPathComponent("capture/\($1)").path)[.size] as? Int)
                        ?? 0)
            }
            #expect(bytes < 1 << 20, "\(c.id): the capture's frames take \(bytes) bytes")
            #expect(c.commit.count == 40 && !c.shows.isEmpty)
        }
    }

    @Test("Each effect is the effect of its capture", arguments: cases)
    func looksLikeItsCapture(_ c: Case) throws {
        let comparison = try Self.compare(c)
        try Self.record(comparison, known: c.knownDifferences ?? [:])
        for row in comparison.rows {
            let message = "\(c.id): \(row.statistic) is \(row.sparks) in Sparks, \(row.ios) on iOS (\(row.rule))"
            if let reason = c.knownDifferences?[row.statistic] {
                if row.passes {
                    Issue.record("\(c.id): \(row.statistic) no longer differs from the capture; take it out of knownDifferences")
                } else {
                    withKnownIssue("\(reason)") { Issue.record(Comment(rawValue: message)) }
                }
            } else if !row.passes {
                Issue.record(Comment(rawValue: message))
            }
        }
    }

    // MARK: Comparing

    /// One statistic of one case.
    struct Row: Sendable {
        var statistic: String
        var ios: String
        var sparks: String
        var rule: String
        var passes: Bool
    }

    struct Comparison: Sendable {
        var id: String
        var rows: [Row]

        /// Tolerances: a ratio (Sparks / iOS within [1/r, r]) for amounts, a difference for
        /// fractions of the picture and hue mixes, a fraction of the period.
        static let defaults: [String: Double] = [
            "coverage": 1.6, "light": 1.6, "count": 1.6, "hues": 0.2, "extent": 0.12, "centroid": 0.08, "period": 0.2,
        ]
    }

    static func captureFrames(_ c: Case) throws -> [PixelImage] {
        let folder = c.file("capture")
        return try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".png") }.sorted().map {
            try PixelImage(contentsOfPNG: folder.appendingPathComponent($0).path)
        }
    }

    /// The case imported as `sparks import` would, drawn at the capture's region and size: one
    /// run of frames per seed (the seeds the code gives, then `runs − 1` more), since a random
    /// effect's few seconds on a capture are one draw among many.
    /// A canvas the code leaves clear (a transparent overlay view) is laid over the capture's
    /// background, as the app lays it over its own views.
    static func sparksRuns(_ c: Case, size: (width: Int, height: Int)) throws -> [[PixelImage]] {
        let sources = try c.code.map { file in
            (name: file, text: try String(contentsOf: c.file("code/\(file)"), encoding: .utf8))
        }
        var importer = Importer(sources: sources, canvas: Size(width: c.canvas[0], height: c.canvas[1]))
        importer.calls = c.calls ?? []
        importer.defines = c.defines ?? [:]
        importer.deviceScale = c.scale
        let images = c.file("images")
        importer.imageFolders = [images]
        let result = try importer.run()
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("conformance-\(c.id)-\(UUID())")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        for standIn in result.standIns {
            try PixelImage(width: standIn.size, height: standIn.size, rgba: standIn.rgba).writePNG(
                to: scratch.appendingPathComponent(standIn.fileName).path)
        }
        try writeDrawnImages(of: result, into: scratch)
        let description = try PresetDecoder(fileName: "\(c.id).json", resolver: ResourceResolver(roots: [images, scratch])).decode(
            Array(result.preset.utf8), defaultName: c.id
        ).get()
        return try draw(
            description, region: c.capture.region, size: size, background: c.capture.background,
            moments: (0..<c.sparks.count).map { c.sparks.from + Double($0) * c.sparks.every }, runs: c.sparks.runs ?? 1)
    }

    /// `description` drawn at `moments`, its `region` (points: x, y, width, height) cut out at
    /// `size` pixels and laid over `background`: one run of frames per seed (the seeds the
    /// description gives, then `runs − 1` more).
    static func draw(
        _ description: SceneDescription, region: [Double], size: (width: Int, height: Int), background: [Int], moments: [Double],
        runs: Int
    ) throws -> [[PixelImage]] {
        // The whole canvas at the capture's scale, then the region cut out.
        let scale = Double(size.width) / region[2]
        let left = Int((region[0] * scale).rounded()), top = Int((region[1] * scale).rounded())
        let renderer = try OffscreenRenderer(
            width: max(Int((description.canvas.width * scale).rounded()), left + size.width),
            height: max(Int((description.canvas.height * scale).rounded()), top + size.height))
        var drawn: [[PixelImage]] = []
        for run in 0..<max(runs, 1) {
            var seeded = description
            if run > 0 {
                func reseed(_ layers: inout [LayerDescription]) {
                    for i in layers.indices {
                        layers[i].content.changeEmitter { $0.seed &+= UInt32(run) &* 7919 }
                        reseed(&layers[i].sublayers)
                    }
                }
                reseed(&seeded.layers)
            }
            let scene = Scene(seeded, limits: .standard)
            var list = RenderList()
            var frames: [PixelImage] = []
            for moment in moments {
                scene.run(until: moment)
                scene.buildRenderList(into: &list)
                renderer.render(list)
                let image = renderer.image().cropped(x: left, y: top, width: size.width, height: size.height)
                frames.append(over(image, background))
            }
            drawn.append(frames)
        }
        return drawn
    }

    /// `image` (straight alpha) laid over an opaque `background` (0…255).
    static func over(_ image: PixelImage, _ background: [Int]) -> PixelImage {
        var rgba = image.rgba
        for i in stride(from: 0, to: rgba.count, by: 4) {
            let a = Int(rgba[i + 3])
            for k in 0..<3 { rgba[i + k] = UInt8((Int(rgba[i + k]) * a + background[k] * (255 - a) + 127) / 255) }
            rgba[i + 3] = 255
        }
        return PixelImage(width: image.width, height: image.height, rgba: rgba)
    }

    static func compare(_ c: Case) throws -> Comparison {
        let captured = try captureFrames(c)
        let size = (captured[0].width, captured[0].height)
        let runs = try sparksRuns(c, size: size)
        let b = c.capture.background
        let background = (UInt8(b[0]), UInt8(b[1]), UInt8(b[2]))
        let period = c.statistics.contains("period")
        let ios = EffectStatistics(frames: captured, background: background, interval: c.capture.interval, measuresPeriod: period)
        let measured = runs.map { EffectStatistics(frames: $0, background: background, interval: c.sparks.every, measuresPeriod: period) }
        let sparks = measured[0]
        try writeSideBySide(c.id, captured, runs[0])
        var rows: [Row] = []
        let tolerance = { (name: String) in c.tolerances?[name] ?? Comparison.defaults[name] ?? 0 }
        // Sparks's figure: one value, or the span of the seeds' values; iOS's must lie within
        // it, widened by the tolerance.
        func shown(_ values: [Double]) -> String {
            values.count == 1 ? fmt(values[0]) : "\(fmt(values.min()!))…\(fmt(values.max()!))"
        }
        func ratio(_ name: String, _ a: Double, _ values: [Double]) {
            let r = tolerance(name)
            let passes = a > 0 ? values.min()! / r <= a && a <= values.max()! * r : values.contains(0)
            rows.append(Row(statistic: name, ios: fmt(a), sparks: shown(values), rule: "within ×\(fmt(r))", passes: passes))
        }
        func near(_ name: String, _ label: String, _ a: Double, _ values: [Double]) {
            let d = tolerance(name)
            let passes = values.min()! - d <= a && a <= values.max()! + d
            rows.append(Row(statistic: label, ios: fmt(a), sparks: shown(values), rule: "within ±\(fmt(d))", passes: passes))
        }
        for statistic in c.statistics {
            switch statistic {
            case "coverage": ratio("coverage", ios.coverage, measured.map(\.coverage))
            case "light": ratio("light", ios.light, measured.map(\.light))
            case "count": ratio("count", ios.count, measured.map(\.count))
            case "extent":
                near("extent", "extent x", ios.extent.x, measured.map(\.extent.x))
                near("extent", "extent y", ios.extent.y, measured.map(\.extent.y))
            case "centroid":
                near("centroid", "centroid x", ios.centroid.x, measured.map(\.centroid.x))
                near("centroid", "centroid y", ios.centroid.y, measured.map(\.centroid.y))
            case "hues":
                let d = tolerance("hues")
                // The seeds' mixes together (a random effect's hues vary from run to run).
                let mixes = measured.map(\.hues).filter { !$0.isEmpty }
                let mixed = mixes.isEmpty ? [] : (0..<6).map { i in mixes.reduce(0) { $0 + $1[i] } / Double(mixes.count) }
                let distance =
                    ios.hues.isEmpty || mixed.isEmpty
                    ? (ios.hues.isEmpty == mixed.isEmpty ? 0 : 1) : zip(ios.hues, mixed).reduce(0) { $0 + abs($1.0 - $1.1) } / 2
                func mix(_ h: [Double]) -> String {
                    h.isEmpty
                        ? "grey"
                        : zip(["R", "Y", "G", "C", "B", "M"], h).filter { $0.1 >= 0.05 }.map { "\($0.0) \(Int(($0.1 * 100).rounded()))%" }
                            .joined(separator: " ")
                }
                rows.append(
                    Row(statistic: "hues", ios: mix(ios.hues), sparks: mix(mixed), rule: "mix apart by ≤ \(fmt(d))", passes: distance <= d))
            case "period":
                let d = tolerance("period")
                let passes = ios.period.map { a in sparks.period.map { abs($0 - a) <= d * a } ?? false } ?? false
                rows.append(
                    Row(
                        statistic: "period", ios: ios.period.map { fmt($0) + " s" } ?? "—",
                        sparks: sparks.period.map { fmt($0) + " s" } ?? "—",
                        rule: "within \(Int(d * 100)) %", passes: passes))
            default:
                rows.append(Row(statistic: statistic, ios: "?", sparks: "?", rule: "unknown statistic", passes: false))
            }
        }
        return Comparison(id: c.id, rows: rows)
    }

    static func fmt(_ v: Double) -> String {
        v == 0 ? "0" : abs(v) >= 100 ? String(format: "%.0f", v) : abs(v) >= 1 ? String(format: "%.2f", v) : String(format: "%.3f", v)
    }

    /// Four moments of the capture above the same number of Sparks's frames, for people, in
    /// `folder`/ID.png.
    static func writeSideBySide(
        _ id: String, _ captured: [PixelImage], _ drawn: [PixelImage], in folder: URL = ConformanceTests.output
    ) throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let columns = min(4, captured.count)
        let w = captured[0].width, h = captured[0].height
        let gap = 4
        let width = columns * w + (columns - 1) * gap, height = 2 * h + gap
        var rgba = [UInt8](repeating: 255, count: width * height * 4)
        func blit(_ image: PixelImage, _ left: Int, _ top: Int) {
            for y in 0..<min(image.height, h) {
                for x in 0..<min(image.width, w) {
                    let from = (y * image.width + x) * 4, to = ((top + y) * width + left + x) * 4
                    rgba[to..<(to + 4)] = image.rgba[from..<(from + 4)]
                }
            }
        }
        for k in 0..<columns {
            blit(captured[k * captured.count / columns], k * (w + gap), 0)
            blit(drawn[k * drawn.count / columns], k * (w + gap), h + gap)
        }
        try PixelImage(width: width, height: height, rgba: rgba).writePNG(to: folder.appendingPathComponent("\(id).png").path)
    }

    /// Writes a case's rows of the report table to .build/conformance/CASE.md; `make
    /// conformance` joins them under one header.
    static func record(_ comparison: Comparison, known: [String: String] = [:]) throws {
        try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        var text = ""
        for row in comparison.rows {
            let verdict = row.passes ? "same" : known[row.statistic] != nil ? "**differs** (known: case.json says why)" : "**differs**"
            text += "| \(comparison.id) | \(row.statistic) | \(row.ios) | \(row.sparks) | \(row.rule) | \(verdict) |\n"
        }
        try text.write(to: output.appendingPathComponent("\(comparison.id).md"), atomically: true, encoding: .utf8)
    }
}
