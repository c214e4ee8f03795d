import Foundation
import SparksRaster
import SparksSDL
import Testing

/// A `sparks run` process and its window on the X display.
final class RunningWindow {
    let process: Process
    let folder: URL
    let log: URL
    let windowID: String
    let xdotool: URL

    /// Starts `sparks run` with `arguments` in `folder` (a fresh one by default) and waits for its window.
    init(_ arguments: [String], in folder: URL? = nil) throws {
        xdotool = try #require(which("xdotool"), "xdotool is needed (make test installs it)")
        let folder = try folder ?? temporaryFolder()
        self.folder = folder
        process = Process()
        process.executableURL = sparksExecutable
        process.arguments = ["run"] + arguments
        process.currentDirectoryURL = folder
        process.environment = ProcessInfo.processInfo.environment.merging(["SPARKS_HOME": repositoryRoot.path]) { $1 }
        log = folder.appendingPathComponent("run.log")
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        let handle = try FileHandle(forWritingTo: log)
        process.standardOutput = handle
        process.standardError = handle
        try process.run()
        // Only a mapped window: one SDL replaces while making its renderer is never the one.
        var id = ""
        for _ in 0..<300 where id.isEmpty {  // up to 30 s: sanitizer builds start slowly
            Thread.sleep(forTimeInterval: 0.1)
            id =
                try runProgram(xdotool, ["search", "--onlyvisible", "--pid", String(process.processIdentifier)], timeout: 5).output
                .split(separator: "\n").first.map(String.init) ?? ""
        }
        windowID = id
        if id.isEmpty { close() }
        try #require(!id.isEmpty, "no window appeared: \(String(decoding: (try? Data(contentsOf: log)) ?? Data(), as: UTF8.self))")
    }

    /// The test runner's children may inherit an ignored SIGTERM: make sure the window goes.
    func close() {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    }

    deinit { close() }

    /// What the program printed so far.
    var logText: String { String(decoding: (try? Data(contentsOf: log)) ?? Data(), as: UTF8.self) }

    /// `xdotool` with arguments, its output.
    func xdo(_ arguments: String...) throws -> String {
        try runProgram(xdotool, arguments, timeout: 5).output
    }

    /// The window's top-left corner on the screen.
    func origin() throws -> (x: Int, y: Int) {
        // A busy X server may answer before the window is mapped: ask again for a while.
        var geometry = ""
        for _ in 0..<50 {
            geometry = try xdo("getwindowgeometry", windowID)
            if geometry.contains("Position:") { break }
            Thread.sleep(forTimeInterval: 0.1)
        }
        let line = try #require(
            geometry.split(separator: "\n").first { $0.contains("Position:") },
            "no geometry for window \(windowID) (program running: \(process.isRunning)): \(geometry) \(logText)")
        let coords = try #require(line.split(separator: " ").first { $0.contains(",") }).split(separator: ",").compactMap { Int($0) }
        try #require(coords.count == 2)
        return (coords[0], coords[1])
    }

    /// The X screen as a user sees it.
    func captureScreen() throws -> XWDImage {
        let xwd = try #require(which("xwd"), "xwd is needed (Debian package x11-apps; make test installs it)")
        let file = folder.appendingPathComponent("screen-\(UUID().uuidString).xwd")
        let capture = try runProgram(xwd, ["-root", "-silent", "-out", file.path], timeout: 20)
        try #require(capture.status == 0, "\(capture.error)")
        return try XWDImage(Data(contentsOf: file))
    }
}

/// `make test` runs the suite under Xvfb when there is no display, so this always runs there.
private let hasDisplay = ProcessInfo.processInfo.environment["DISPLAY"].map { !$0.isEmpty } ?? false

@Suite("A real window", .serialized, .enabled(if: hasDisplay, "needs an X display: run `make test`, which starts Xvfb"))
struct WindowTests {
    /// Counts fire-coloured pixels (bright, red above blue) and their centroid.
    func firePixels(_ pixel: (Int, Int) -> (r: UInt8, g: UInt8, b: UInt8), width: Int, height: Int) -> (count: Int, x: Double, y: Double) {
        var count = 0, sx = 0.0, sy = 0.0
        for y in stride(from: 0, to: height, by: 2) {
            for x in stride(from: 0, to: width, by: 2) {
                let p = pixel(x, y)
                if p.r > 150 && Int(p.r) > Int(p.b) + 60 {
                    count += 1
                    sx += Double(x)
                    sy += Double(y)
                }
            }
        }
        return (count, count > 0 ? sx / Double(count) : 0, count > 0 ? sy / Double(count) : 0)
    }

    @Test("sparks run fire opens a window showing the fire; S saves a screenshot; Q quits")
    func runFire() throws {
        let running = try RunningWindow(["fire"])
        let windowID = running.windowID, folder = running.folder
        Thread.sleep(forTimeInterval: 2.5)  // let the fire build up to its steady state

        // Capture the X screen itself, as a user would see it.
        let screen = try running.captureScreen()
        let fire = firePixels({ screen[$0, $1] }, width: screen.width, height: screen.height)
        #expect(fire.count > 300, "only \(fire.count) fire pixels on screen; \(running.logText)")
        // The window (800 × 600 canvas) shows the flame above its centre.
        let window = try running.origin()
        #expect(abs(fire.x - Double(window.x + 400)) < 40, "flame centred at x = \(fire.x), window at \(window)")
        #expect(fire.y < Double(window.y + 305) && fire.y > Double(window.y + 180), "flame at y = \(fire.y), window at \(window)")
        let xdotool = running.xdotool, process = running.process

        // S saves a screenshot PNG in the current folder.
        _ = try runProgram(xdotool, ["windowfocus", "--sync", windowID], timeout: 5)
        _ = try runProgram(xdotool, ["key", "s"], timeout: 5)
        let screenshot = folder.appendingPathComponent("sparks-fire-1.png")
        for _ in 0..<50 where !FileManager.default.fileExists(atPath: screenshot.path) { Thread.sleep(forTimeInterval: 0.1) }
        Thread.sleep(forTimeInterval: 0.3)
        let saved = try PixelImage(contentsOfPNG: screenshot.path)
        #expect(
            firePixels(
                {
                    let p = saved[$0, $1]
                    return (p.r, p.g, p.b)
                }, width: saved.width, height: saved.height
            ).count > 300)

        // Shift-S saves the window as shown, with the HUD's white text at the top left; S
        // saves the effect alone (black there: the flame burns in the middle).
        _ = try runProgram(xdotool, ["key", "shift+s"], timeout: 5)
        let withHUD = folder.appendingPathComponent("sparks-fire-2.png")
        for _ in 0..<50 where !FileManager.default.fileExists(atPath: withHUD.path) { Thread.sleep(forTimeInterval: 0.1) }
        Thread.sleep(forTimeInterval: 0.3)
        let hudShot = try PixelImage(contentsOfPNG: withHUD.path)
        func whitePixels(_ image: PixelImage) -> Int {
            var count = 0
            for y in 0..<60 {
                for x in 0..<300 {
                    let p = image[x, y]
                    if p.r > 200 && p.g > 200 && p.b > 200 { count += 1 }
                }
            }
            return count
        }
        #expect(whitePixels(saved) == 0)
        #expect(whitePixels(hudShot) > 100, "no HUD text in the Shift-S picture")

        // Dragging moves the emitter: new puffs are born under the pointer, old ones burn out.
        func captureScreen() throws -> XWDImage { try running.captureScreen() }
        _ = try runProgram(xdotool, ["mousemove", "--window", windowID, "150", "450", "mousedown", "1"], timeout: 5)
        _ = try runProgram(xdotool, ["mousemove", "--window", windowID, "160", "450"], timeout: 5)
        _ = try runProgram(xdotool, ["mouseup", "1"], timeout: 5)
        Thread.sleep(forTimeInterval: 2)
        let dragged = try captureScreen()
        let moved = firePixels({ dragged[$0, $1] }, width: dragged.width, height: dragged.height)
        #expect(abs(moved.x - Double(window.x + 160)) < 40, "after dragging to (160, 450) the flame is at x = \(moved.x)")
        #expect(moved.y > Double(window.y + 330) && moved.y < Double(window.y + 455), "flame at y = \(moved.y)")

        // Space pauses: the flame stops changing; → advances it by a step.
        _ = try runProgram(xdotool, ["key", "space"], timeout: 5)
        Thread.sleep(forTimeInterval: 0.3)
        func flameRegion(_ image: XWDImage) -> [UInt8] {
            var bytes: [UInt8] = []
            for y in (window.y + 300)..<(window.y + 470) {
                for x in (window.x + 100)..<(window.x + 220) {
                    let p = image[x, y]
                    bytes += [p.r, p.g, p.b]
                }
            }
            return bytes
        }
        let paused1 = flameRegion(try captureScreen())
        Thread.sleep(forTimeInterval: 0.5)
        let paused2 = flameRegion(try captureScreen())
        #expect(paused1 == paused2, "the flame changed while paused")
        _ = try runProgram(xdotool, ["key", "Right"], timeout: 5)
        Thread.sleep(forTimeInterval: 0.3)
        #expect(flameRegion(try captureScreen()) != paused2, "→ did not advance the paused scene")

        // Q quits cleanly.
        _ = try runProgram(xdotool, ["key", "q"], timeout: 5)
        for _ in 0..<50 where process.isRunning { Thread.sleep(forTimeInterval: 0.1) }
        #expect(!process.isRunning)
        if !process.isRunning { #expect(process.terminationStatus == 0) }
    }

    @Test(
        "Editing the preset while the window runs: a bad save shows its problem over the effect, the fix clears it, Tab opens the next preset"
    )
    func liveEditing() throws {
        let folder = try temporaryFolder()
        let fire = folder.appendingPathComponent("fire.json"), neon = folder.appendingPathComponent("neon.json")
        try FileManager.default.copyItem(at: repositoryRoot.appendingPathComponent("presets/fire.json"), to: fire)
        try FileManager.default.copyItem(at: repositoryRoot.appendingPathComponent("presets/neon.json"), to: neon)
        let original = try String(contentsOf: fire, encoding: .utf8)
        let running = try RunningWindow([fire.path], in: folder)
        let windowID = running.windowID, process = running.process, xdotool = running.xdotool, log = running.log
        Thread.sleep(forTimeInterval: 1)
        let window = try running.origin()

        /// Counts the dark red pixels of the error panel in a band of rows of the window.
        func overlayPixels(rows: Range<Int> = 540..<600) throws -> Int {
            let screen = try running.captureScreen()
            var count = 0
            for y in (window.y + rows.lowerBound)..<(window.y + rows.upperBound) {
                for x in stride(from: window.x, to: window.x + 800, by: 4) {
                    let p = screen[x, y]
                    if p.r > 90 && p.r < 150 && p.g < 40 && p.b < 50 { count += 1 }
                }
            }
            return count
        }
        #expect(try overlayPixels() == 0)
        // The emitter dragged to the lower left stays there through the saves below.
        _ = try runProgram(xdotool, ["mousemove", "--window", windowID, "150", "450", "mousedown", "1"], timeout: 5)
        _ = try runProgram(xdotool, ["mousemove", "--window", windowID, "160", "450"], timeout: 5)
        _ = try runProgram(xdotool, ["mouseup", "1"], timeout: 5)
        try original.replacingOccurrences(of: "\"birthRate\"", with: "\"birthrate\"").write(to: fire, atomically: false, encoding: .utf8)
        Thread.sleep(forTimeInterval: 0.6)
        // The problem strip goes where the emitter is not: the emitter is low, so at the top
        // (below the HUD), and the bottom of the window stays clear.
        #expect(try overlayPixels(rows: 90..<130) > 500, "no error panel at the top after a bad save")
        #expect(try overlayPixels() == 0, "the error panel covers the emitter at the bottom")
        #expect(try runProgram(xdotool, ["getwindowname", windowID], timeout: 5).output.contains("last save has problems"))
        try original.write(to: fire, atomically: false, encoding: .utf8)
        Thread.sleep(forTimeInterval: 0.6)
        #expect(try overlayPixels(rows: 90..<130) == 0, "the error panel stayed after the fix")
        Thread.sleep(forTimeInterval: 1.5)
        let reloaded = try running.captureScreen()
        let flame = firePixels({ reloaded[$0, $1] }, width: reloaded.width, height: reloaded.height)
        #expect(abs(flame.x - Double(window.x + 160)) < 40, "after the reload the flame is at x = \(flame.x), not where it was dragged")
        let logText = String(decoding: (try? Data(contentsOf: log)) ?? Data(), as: UTF8.self)
        #expect(logText.contains("unknown key \"birthrate\" — did you mean \"birthRate\"?"))
        #expect(logText.contains("fixed, reloaded"))

        // Tab: the next preset of the folder.
        _ = try runProgram(xdotool, ["windowfocus", "--sync", windowID], timeout: 5)
        _ = try runProgram(xdotool, ["key", "Tab"], timeout: 5)
        Thread.sleep(forTimeInterval: 0.5)
        #expect(try runProgram(xdotool, ["getwindowname", windowID], timeout: 5).output.contains("Sparks - neon"))
        _ = try runProgram(xdotool, ["key", "q"], timeout: 5)
        for _ in 0..<50 where process.isRunning { Thread.sleep(forTimeInterval: 0.1) }
        #expect(!process.isRunning)
    }

    @Test("A transform swinging a zero-size layer is noted once in the window's HUD and on stderr, however often the file is saved")
    func noteOnce() throws {
        let folder = try temporaryFolder()
        let trap = folder.appendingPathComponent("trap.json")
        #expect(try sparks("new", trap.path).status == 0)
        var text = try String(contentsOf: trap, encoding: .utf8)
        text = text.replacing(/"bounds": \[[^\]]*\],?/, with: "").replacing(/"position": \[[^\]]*\],?/, with: "")
        text = text.replacing("\"name\": \"emitter\",", with: "\"name\": \"emitter\", \"transform\": [{ \"rotate\": 0.3 }],")
        try text.write(to: trap, atomically: true, encoding: .utf8)
        let running = try RunningWindow([trap.path], in: folder)
        Thread.sleep(forTimeInterval: 1)
        _ = try running.xdo("windowfocus", "--sync", running.windowID)
        _ = try running.xdo("key", "shift+s")
        Thread.sleep(forTimeInterval: 0.5)
        let shot = try #require(try FileManager.default.contentsOfDirectory(atPath: folder.path).first { $0.hasSuffix(".png") })
        let picture = try PixelImage(contentsOfPNG: folder.appendingPathComponent(shot).path)
        var lowest = 0
        for y in 0..<200 {
            for x in 8..<400 where picture[x, y].r > 200 && picture[x, y].g > 200 && picture[x, y].b > 200 { lowest = y }
        }
        #expect(lowest > 70, "the HUD shows the note under its three lines (text ends at row \(lowest))")
        for birthRate in [120, 140] {
            try text.replacing("\"birthRate\": 100", with: "\"birthRate\": \(birthRate)").write(to: trap, atomically: true, encoding: .utf8)
            Thread.sleep(forTimeInterval: 0.7)
        }
        let log = running.logText
        #expect(log.components(separatedBy: "has no size and its emitter is at [400, 300]").count == 2, "\(log)")
        #expect(log.components(separatedBy: "reloaded trap.json").count == 3, "\(log)")
        _ = try running.xdo("key", "q")
        for _ in 0..<50 where running.process.isRunning { Thread.sleep(forTimeInterval: 0.1) }
    }

    @Test(
        "W writes the dragged emitter's position into a preset with comments, changing nothing else; the window reloads it; C adds counts by layer to the HUD"
    )
    func writeBack() throws {
        let folder = try temporaryFolder()
        let portal = folder.appendingPathComponent("portal.json")
        #expect(try sparks("new", portal.path).status == 0)
        var text = try String(contentsOf: portal, encoding: .utf8)
        text =
            "// My portal, tuned by hand.\n"
            + text.replacing("\"renderMode\": \"additive\",", with: "\"renderMode\": \"additive\", /* glow */")
        text = text.replacing("\"contents\": \"spark.png\"", with: "\"contents\": \"spark.png\",")  // a trailing comma
        try text.write(to: portal, atomically: true, encoding: .utf8)
        let running = try RunningWindow([portal.path], in: folder)
        Thread.sleep(forTimeInterval: 1)
        // On a loaded machine the window may take its first input late: the drag and W are made
        // again (up to three times) until the file holds a moved emitter.
        var written = text
        for _ in 0..<3 where written == text {
            _ = try running.xdo("windowfocus", "--sync", running.windowID)
            _ = try running.xdo("mousemove", "--window", running.windowID, "200", "150", "mousedown", "1")
            Thread.sleep(forTimeInterval: 0.1)
            _ = try running.xdo("mousemove", "--window", running.windowID, "210", "160")
            Thread.sleep(forTimeInterval: 0.1)
            _ = try running.xdo("mouseup", "1")
            _ = try running.xdo("key", "w")
            for _ in 0..<50 where written == text {
                Thread.sleep(forTimeInterval: 0.1)
                written = try String(contentsOf: portal, encoding: .utf8)
            }
        }
        // Only the value changed: put the old one back and the file is what it was.
        let value = try #require(written.firstMatch(of: /"emitterPosition": \[([0-9.]+), ([0-9.]+)\]/), "\(written)")
        #expect(abs(Double(value.1)! - 210) <= 2 && abs(Double(value.2)! - 160) <= 2, "\(value.0)")
        #expect(written.replacing(value.0, with: "\"emitterPosition\": [400, 300]") == text)
        Thread.sleep(forTimeInterval: 0.8)
        #expect(running.logText.contains("wrote emitterPosition [\(value.1), \(value.2)] to portal.json"), "\(running.logText)")
        #expect(running.logText.contains("reloaded portal.json"), "\(running.logText)")
        #expect(!running.logText.contains("problem"), "\(running.logText)")

        // C adds a line per emitter layer to the HUD: its text reaches further down.
        func hudDepth() throws -> Int {
            let before = Set(try FileManager.default.contentsOfDirectory(atPath: folder.path))
            _ = try running.xdo("key", "shift+s")
            var added: [String] = []
            for _ in 0..<50 where added.isEmpty {
                Thread.sleep(forTimeInterval: 0.1)
                added = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter {
                    !before.contains($0) && $0.hasSuffix(".png")
                }
            }
            Thread.sleep(forTimeInterval: 0.2)
            let picture = try PixelImage(contentsOfPNG: folder.appendingPathComponent(try #require(added.first)).path)
            var lowest = 0
            for y in 0..<200 {
                for x in 8..<150 where picture[x, y].r > 200 && picture[x, y].g > 200 && picture[x, y].b > 200 { lowest = y }
            }
            return lowest
        }
        let plain = try hudDepth()
        _ = try running.xdo("key", "c")
        Thread.sleep(forTimeInterval: 0.5)
        let counted = try hudDepth()
        #expect(counted > plain + 10, "the HUD's text ends at row \(plain) without counts and \(counted) with")
        _ = try running.xdo("key", "q")
        for _ in 0..<50 where running.process.isRunning { Thread.sleep(forTimeInterval: 0.1) }
    }
}

/// Opens `sparks run` with arguments and captures the window's canvas from the X screen.
private func windowPicture(_ arguments: [String], width: Int = 800, height: Int = 600) throws -> (image: [UInt8], log: String) {
    let running = try RunningWindow(arguments)
    defer { running.close() }
    Thread.sleep(forTimeInterval: 1.5)
    let origin = try running.origin()
    let screen = try running.captureScreen()
    var rgb: [UInt8] = []
    rgb.reserveCapacity(width * height * 3)
    for y in origin.y..<(origin.y + height) {
        for x in origin.x..<(origin.x + width) {
            let p = screen[x, y]
            rgb += [p.r, p.g, p.b]
        }
    }
    return (rgb, running.logText)
}

/// The RGB bytes of a PNG file.
private func pngRGB(_ path: String) throws -> [UInt8] {
    let image = try PixelImage(contentsOfPNG: path)
    var rgb: [UInt8] = []
    for i in stride(from: 0, to: image.rgba.count, by: 4) { rgb += image.rgba[i..<i + 3] }
    return rgb
}

/// The window shows what render writes. (Part of the window suite, so that no two windows are
/// open on the display at once.)
extension WindowTests {
    @Test("With the CPU renderer the window's pixels are exactly render's", arguments: ["fire", "orbit", "spinner", "loader"])
    func cpuWindowEqualsRender(_ preset: String) throws {
        let folder = try temporaryFolder()
        let png = folder.appendingPathComponent("\(preset).png")
        #expect(try sparks("render", preset, "--at", "2", "--out", png.path).status == 0)
        let exported = try pngRGB(png.path)
        let window = try windowPicture([preset, "--at", "2", "--paused", "--no-hud", "--renderer", "cpu"])
        #expect(window.image.count == exported.count)
        let differing = stride(from: 0, to: min(window.image.count, exported.count), by: 3).filter {
            window.image[$0..<$0 + 3] != exported[$0..<$0 + 3]
        }.count
        #expect(differing == 0, "\(differing) pixels differ; \(window.log)")
    }

    @Test(
        "The GPU renderer (here Mesa's llvmpipe under Xvfb) draws the same picture within a small tolerance",
        arguments: ["fire", "neon", "orbit", "pulse", "loader"])
    func gpuWindowMatchesCPU(_ preset: String) throws {
        let cpu = try windowPicture([preset, "--at", "2", "--paused", "--no-hud", "--renderer", "cpu"])
        let gpu = try windowPicture([preset, "--at", "2", "--paused", "--no-hud", "--renderer", "gpu"])
        #expect(!gpu.log.contains("drawing with the CPU rasterizer"), "\(gpu.log)")
        let n = min(cpu.image.count, gpu.image.count)
        var sum = 0, far = 0, brightness = (cpu: 0, gpu: 0)
        for i in 0..<n {
            let d = abs(Int(cpu.image[i]) - Int(gpu.image[i]))
            sum += d
            if d > 24 { far += 1 }
            brightness.cpu += Int(cpu.image[i])
            brightness.gpu += Int(gpu.image[i])
        }
        let mean = Double(sum) / Double(n)
        #expect(mean < 1.5, "mean difference \(mean) per channel")
        #expect(Double(far) / Double(n) < 0.005, "\(far) channel values differ by more than 24")
        // Additive effects are as bright in both (the window used to draw them brighter).
        #expect(abs(Double(brightness.gpu) / Double(max(brightness.cpu, 1)) - 1) < 0.05, "\(brightness)")
    }
}

/// Presets from strangers, end to end in a window.
extension WindowTests {
    @Test("An image link re-pointed outside while the window runs is refused: the outside image is never drawn, the last good one stays")
    func repointedLink() throws {
        let folder = try temporaryFolder()
        let presetFolder = folder.appendingPathComponent("preset"), outside = folder.appendingPathComponent("outside")
        try FileManager.default.createDirectory(at: presetFolder, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        func solid(_ url: URL, _ r: UInt8, _ g: UInt8, _ b: UInt8) throws {
            var rgba: [UInt8] = []
            for _ in 0..<256 { rgba += [r, g, b, 255] }
            try PixelImage(width: 16, height: 16, rgba: rgba).writePNG(to: url.path)
        }
        try solid(presetFolder.appendingPathComponent("green.png"), 0, 255, 0)
        try solid(outside.appendingPathComponent("secret.png"), 255, 0, 0)
        let link = presetFolder.appendingPathComponent("dot.png")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "green.png")
        let preset = presetFolder.appendingPathComponent("preset.json")
        try """
        {"canvas": {"width": 400, "height": 400, "background": "#000000"},
         "layers": [{"position": [200, 200], "bounds": [0, 0, 400, 400], "contents": "dot.png"}]}
        """.write(to: preset, atomically: true, encoding: .utf8)
        let running = try RunningWindow([preset.path, "--renderer", "cpu", "--no-hud"], in: folder)
        Thread.sleep(forTimeInterval: 1.5)
        let origin = try running.origin()
        /// Pixels passing `test` in the upper half of the window (the problem panel covers the
        /// bottom once the bad save is reported).
        func count(_ test: ((r: UInt8, g: UInt8, b: UInt8)) -> Bool) throws -> Int {
            let screen = try running.captureScreen()
            var n = 0
            for y in stride(from: origin.y + 10, to: origin.y + 190, by: 4) {
                for x in stride(from: origin.x + 10, to: origin.x + 390, by: 4) where test(screen[x, y]) { n += 1 }
            }
            return n
        }
        #expect(try count { $0.g > 200 && $0.r < 50 } > 1000, "the green image is not shown: \(running.logText)")
        // Re-point the link at the outside image in one step, as an attacker would.
        let temporary = presetFolder.appendingPathComponent(".dot.tmp")
        try FileManager.default.createSymbolicLink(
            atPath: temporary.path, withDestinationPath: outside.appendingPathComponent("secret.png").path)
        #expect(rename(temporary.path, link.path) == 0)
        for _ in 0..<6 {
            Thread.sleep(forTimeInterval: 0.3)
            #expect(try count { $0.r > 200 && $0.g < 50 } == 0, "the outside image was drawn")
        }
        #expect(try count { $0.g > 200 && $0.r < 50 } > 1000, "the last good image is no longer shown")
        #expect(running.logText.contains("leads outside preset/"), "\(running.logText)")
        running.close()
    }
}
