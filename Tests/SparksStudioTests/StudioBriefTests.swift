import Foundation
import SparksCore
import Testing

/// One brief's session: the page, the preset file it makes, its screenshots, and the edits a
/// person made (each a choice, a click or a value typed).
final class Brief: @unchecked Sendable {
    let page: Page
    let file: URL
    let shots: URL
    let name: String
    var edits = 0

    init(page: Page, folder: URL, name: String) throws {
        self.page = page
        self.name = name
        file = folder.appendingPathComponent("\(name).json")
        shots = repositoryRoot.appendingPathComponent(".build/studio-\(name)")
        try? FileManager.default.removeItem(at: shots)
        try FileManager.default.createDirectory(at: shots, withIntermediateDirectories: true)
    }

    func shot(_ step: String) async throws {
        try await Task.sleep(for: .milliseconds(300))
        try await page.screenshot().write(to: shots.appendingPathComponent("\(name)-\(step).png"))
    }

    /// Types `text` into the field `selector` names, as a hand does (one edit).
    func type(_ text: String, into selector: String) async throws {
        try #require(try await page.wait("document.querySelector(\(quoted(selector)))"), "\(selector)")
        try await page.click(selector)
        _ = try await page.evaluate(
            "(() => { const f = document.querySelector(\(quoted(selector))); f.value = \(quoted(text)); f.dispatchEvent(new Event('change')); })()"
        )
        edits += 1
    }

    /// Chooses `value` in a menu (one edit).
    func choose(_ selector: String, _ value: String) async throws {
        try await page.choose(selector, value)
        edits += 1
    }

    /// Picks `hex` with the colour picker `selector` names (one edit).
    func pick(_ hex: String, in selector: String) async throws {
        try #require(try await page.wait("document.querySelector(\(quoted(selector)))"), "\(selector)")
        _ = try await page.evaluate(
            "(() => { const p = document.querySelector(\(quoted(selector))); p.value = \(quoted(hex)); p.dispatchEvent(new Event('input')); })()"
        )
        edits += 1
    }

    /// A click that changes something (one edit).
    func click(_ selector: String) async throws {
        try #require(try await page.wait("document.querySelector(\(quoted(selector)))"), "\(selector)")
        try await page.click(selector)
        edits += 1
    }

    /// Selects an item of the tree (not an edit).
    /// A click that lands while the tree is being redrawn does nothing: as a person would, it
    /// clicks again when the inspector has not changed.
    func select(_ path: String, _ kind: String) async throws {
        let shown =
            "document.getElementById('inspector-title').textContent.endsWith('(\(kind))') && samePath(sparksStudio.selected, \(path.jsPath))"
        for _ in 0..<3 {
            try #require(try await page.wait("document.querySelector('#tree .item[data-path=\"\(path)\"]')"), "\(path) in the tree")
            try await page.click("#tree .item[data-path=\"\(path)\"]")
            if try await page.wait(shown, seconds: 10) { return }
        }
        let title = try await page.evaluate("document.getElementById('inspector-title').textContent") as? String
        Issue.record("\(path) is not selected: the inspector shows \(title ?? "nothing")")
    }

    var text: String { (try? String(contentsOf: file, encoding: .utf8)) ?? "" }

    func eventually(_ what: String, _ condition: (String) -> Bool) async throws {
        for _ in 0..<3000 where !condition(text) { try await Task.sleep(for: .milliseconds(20)) }
        try #require(condition(text), "\(what): \(text)")
    }

    /// The gallery's new preset from shipped `preset`, named as the brief (one edit), opened.
    func start(from preset: String) async throws {
        try #require(try await page.wait("document.querySelectorAll('#shipped-presets .card').length > 10"))
        _ = try await page.evaluate("document.getElementById('new-name').value = \(quoted(name))")
        let card = try #require(
            try await page.evaluate(
                "[...document.querySelectorAll('#shipped-presets .card')].findIndex(c => c.textContent === \(quoted(preset)))") as? Int)
        try await click("#shipped-presets .card:nth-child(\(card + 1))")
        try await eventually("\(name).json made") { $0.contains("\"name\": \"\(name)\"") }
        try #require(
            try await page.wait("sparksStudio.frames > 3 && sparksStudio.doc && sparksStudio.doc.file === '\(name).json'"))
    }

    /// Pauses the preview at `time`, checks it is `sparks render --at time` of the file, and
    /// returns its pixels.
    func preview(at time: Double) async throws -> [UInt8] {
        _ = try await page.evaluate("(() => { const t = document.getElementById('time'); t.focus(); t.value = '\(time)'; })()")
        try await page.press("Enter")
        try #require(
            try await page.wait(
                "sparksStudio.header.paused && Math.abs(sparksStudio.header.time - \(time)) < 1e-9 && sparksStudio.header.version === sparksStudio.doc.version"
            ))
        let shown = try await StudioBrowserTests().canvasPixels(page)
        let rendered = try renderedPixels(file, at: time)
        #expect(shown == rendered, "the preview is sparks render --at \(time)")
        return rendered
    }

    /// The screenshots into docs/studio when asked (`SPARKS_UPDATE_DOCS=1`).
    func publish() throws {
        guard ProcessInfo.processInfo.environment["SPARKS_UPDATE_DOCS"] == "1" else { return }
        let docs = repositoryRoot.appendingPathComponent("docs/studio")
        for shot in try FileManager.default.contentsOfDirectory(atPath: shots.path) {
            try? FileManager.default.removeItem(at: docs.appendingPathComponent(shot))
            try FileManager.default.copyItem(at: shots.appendingPathComponent(shot), to: docs.appendingPathComponent(shot))
        }
    }
}

/// Where the light of an 800×600 picture is: the centre of its brightness above the
/// background's, and its mean red, green and blue there.
func light(of pixels: [UInt8]) -> (x: Double, y: Double, red: Double, green: Double, blue: Double) {
    var (sx, sy, sw, r, g, b) = (0.0, 0.0, 0.0, 0.0, 0.0, 0.0)
    for y in 0..<600 {
        for x in 0..<800 {
            let i = (y * 800 + x) * 4
            let w = max(0, Double(pixels[i]) + Double(pixels[i + 1]) + Double(pixels[i + 2]) - 60)
            (sx, sy, sw) = (sx + w * Double(x), sy + w * Double(y), sw + w)
            (r, g, b) = (r + w * Double(pixels[i]), g + w * Double(pixels[i + 1]), b + w * Double(pixels[i + 2]))
        }
    }
    let n = max(sw, 1)
    return (sx / n, sy / n, r / n, g / n, b / n)
}

/// Designers' briefs carried out in headless Chromium with the mouse and keyboard, no JSON
/// typed, each counting its edits: a "coin collected" burst (one gold pop that starts empty and
/// is pulled into the top-right corner, where a game shows its score) from the shipped
/// recipe-burst, a campfire with embers from fire, and a magic portal from swirl. The file and
/// the preview are checked at the end; the steps' screenshots are in docs/studio/*.png
/// (`SPARKS_UPDATE_DOCS=1` writes them again).
@Suite(.serialized) struct StudioBriefTests {
    @Test func aCoinCollectedBurstPulledIntoTheCorner() async throws {
        try await withStudioPage([], at: "gallery") { page, folder in
            let brief = try Brief(page: page, folder: folder, name: "coin")
            // 1. From the gallery: recipe-burst (it starts empty), named coin.
            try await brief.start(from: "recipe-burst")
            try await brief.shot("1-from-recipe-burst")
            // 2. Gold sparks (the spark cell is selected first).
            try await brief.pick("#ffcc33", in: ".row[data-key=color] input[type=color]")
            try await brief.eventually("gold") { $0.contains("[1, 0.8, 0.2, 1]") }
            // 3. One pop, not one every 1.5 s: the burst animation plays once.
            try await brief.select("layers[0].animations[0]", "animation")
            try await brief.type("1", into: ".row[data-key=repeatCount] input")
            try await brief.eventually("played once") { $0.contains("\"repeatCount\": 1") }
            // 4–6. An attractor in the top-right corner, placed with the mouse, stiffer.
            try await brief.select("layers[0]", "layer")
            try await brief.choose("#add-what", "behavior:attractor")
            try await brief.click("#add-item")
            try await brief.eventually("an attractor") { $0.contains("\"type\": \"attractor\"") }
            try #require(try await page.wait("document.getElementById('inspector-title').textContent.endsWith('(behavior)')"))
            let canvas = try await page.box("#preview")
            let corner = (x: canvas[0] + 740.0 / 800 * canvas[2], y: canvas[1] + 60.0 / 600 * canvas[3])
            try await page.mouse("mousePressed", x: corner.x - 40, y: corner.y + 40)
            try await page.mouse("mouseMoved", x: corner.x - 20, y: corner.y + 20)
            try await page.mouse("mouseMoved", x: corner.x, y: corner.y)
            try await page.mouse("mouseReleased", x: corner.x, y: corner.y)
            brief.edits += 1
            try await brief.type("30", into: ".row[data-key=stiffness] input.number")
            try await brief.eventually("stiffness 30") { $0.contains("\"stiffness\": 30") }
            try await brief.shot("2-attractor-in-the-corner")
            // 7–8. A drag behaviour so the sparks settle there instead of swinging past.
            try await brief.select("layers[0]", "layer")
            try await brief.choose("#add-what", "behavior:drag")
            try await brief.click("#add-item")
            try await brief.eventually("a drag behaviour") { $0.contains("\"type\": \"drag\"") }
            try await brief.type("8", into: ".row[data-key=drag] input.number")
            try await brief.eventually("drag 8") { $0.contains("\"drag\": 8") }
            // 9–10. Played once from the start: loop off, then R.
            try await brief.click("#loop")
            try await page.press("r")
            brief.edits += 1
            try await brief.shot("3-played-once")
            #expect(brief.edits <= 20, "\(brief.edits) edits")
            #expect(try await page.wait("sparksStudio.doc.problems.length === 0"))
            // The pop has gathered in the corner: the light's centre is in the top-right.
            let pixels = try await brief.preview(at: 0.9)
            try await brief.shot("4-at-0.9-s")
            let seen = light(of: pixels)
            #expect(seen.x > 560 && seen.y < 200, "the light's centre (\(seen.x), \(seen.y)): \(brief.text)")
            try brief.publish()
        }
    }

    /// A campfire: the fire lower and wider and redder, embers rising from it and drifting, and
    /// the whole flickering.
    @Test func aCampfireWithEmbers() async throws {
        try await withStudioPage([], at: "gallery") { page, folder in
            let brief = try Brief(page: page, folder: folder, name: "campfire")
            // 1. From the gallery: fire, named campfire.
            try await brief.start(from: "fire")
            try await brief.shot("1-from-fire")
            // 2–3. On the ground, and wider.
            try await brief.select("layers[0]", "layer")
            try await brief.type("470", into: ".row[data-key=position] input[data-field=\"position.1\"]")
            try await brief.type("90", into: ".row[data-key=emitterSize] input[data-field=\"emitterSize.0\"]")
            try await brief.eventually("on the ground, wider") { $0.contains("\"position\": [400, 470]") && $0.contains("[90, 10]") }
            // 4. Redder flames.
            try await brief.select("layers[0].emitterCells[0]", "cell")
            try await brief.pick("#ff5a1a", in: ".row[data-key=color] input[type=color]")
            try await brief.eventually("redder") { $0.contains("[1, 0.353, 0.102, 0.1]") }
            // 5–14. Embers: a new cell, few, long-lived, small, orange, fading (a line emitter's
            // particles rise at longitude 0, as on iOS).
            try await brief.select("layers[0]", "layer")
            try await brief.choose("#add-what", "cell")
            try await brief.click("#add-item")
            try await brief.eventually("a second cell") { $0.contains("\"name\": \"cell1\"") }
            try #require(try await page.wait("document.getElementById('inspector-title').textContent.startsWith('cell1')"))
            for (key, value) in [
                ("birthRate", "30"), ("lifetime", "2.5"), ("velocity", "110"), ("emissionRange", "30"), ("scale", "0.5"),
            ] {
                try await brief.type(value, into: ".row[data-key=\(key)] input.number")
                try #require(
                    try await page.wait("sparksStudio.doc.version > 0 && !document.querySelector('.row[data-key=\(key)] .problem')"))
            }
            try await brief.eventually("embers rising") { $0.contains("\"emissionRange\": 0.523599") && $0.contains("\"scale\": 0.5") }
            try await brief.pick("#ffb347", in: ".row[data-key=color] input[type=color]")
            try await brief.eventually("orange embers") { $0.contains("[1, 0.702, 0.278, 1]") }
            try await brief.type("-0.2", into: ".row[data-key=alphaSpeed] input.number")
            try await brief.eventually("embers fade") { $0.contains("\"alphaSpeed\": -0.2") }
            try await brief.shot("2-embers")
            // 15–16. A wave so the embers drift as they rise.
            try await brief.select("layers[0]", "layer")
            try await brief.choose("#add-what", "behavior:wave")
            try await brief.click("#add-item")
            try await brief.eventually("a wave") { $0.contains("\"type\": \"wave\"") }
            // 17–20. A flicker: the layer's opacity between 1 and 0.8, fast, forever.
            try await brief.select("layers[0]", "layer")
            try await brief.choose("#add-what", "animation")
            try await brief.click("#add-item")
            try await brief.eventually("an animation") { $0.contains("\"animations\"") }
            try #require(try await page.wait("document.getElementById('inspector-title').textContent.endsWith('(animation)')"))
            try await brief.type("0.8", into: ".row[data-key=toValue] input")
            try await brief.eventually("flicker to 0.8") { $0.contains("\"toValue\": 0.8") }
            try await brief.type("0.12", into: ".row[data-key=duration] input.number")
            try await brief.eventually("a fast flicker") { $0.contains("\"duration\": 0.12") }
            try await brief.shot("3-flicker")
            #expect(brief.edits <= 25, "\(brief.edits) edits")
            #expect(try await page.wait("sparksStudio.doc.problems.length === 0"))
            let pixels = try await brief.preview(at: 3)
            try await brief.shot("4-campfire")
            // A warm fire low on the canvas, and embers well above its flames (which end near y = 360).
            let seen = light(of: pixels)
            #expect(seen.red > seen.green && seen.green > seen.blue, "\(seen)")
            #expect(abs(seen.x - 400) < 60 && seen.y > 380, "the light's centre (\(seen.x), \(seen.y))")
            var embers = 0
            for y in 100..<300 {
                for x in 250..<550 {
                    let i = (y * 800 + x) * 4
                    if Int(pixels[i]) > 50 && Int(pixels[i]) > Int(pixels[i + 2]) + 30 { embers += 1 }
                }
            }
            #expect(embers > 20, "\(embers) ember pixels above the fire: \(brief.text)")
            try brief.publish()
        }
    }

    /// A magic portal: the swirl of streaks, violet turning to cyan as they are drawn in, wider.
    @Test func aMagicPortal() async throws {
        try await withStudioPage([], at: "gallery") { page, folder in
            let brief = try Brief(page: page, folder: folder, name: "portal")
            // 1. From the gallery: swirl, named portal.
            try await brief.start(from: "swirl")
            try await brief.shot("1-from-swirl")
            // 2. Violet streaks.
            try await brief.pick("#9b5cff", in: ".row[data-key=color] input[type=color]")
            try await brief.eventually("violet") { $0.contains("[0.608, 0.361, 1") }
            // 3–5. Colour over life on the emitter: its stops made violet, then cyan, then gone.
            try await brief.select("layers[0]", "layer")
            try await brief.choose("#add-what", "behavior:colorOverLife")
            try await brief.click("#add-item")
            try await brief.eventually("colours over life") { $0.contains("\"type\": \"colorOverLife\"") }
            try #require(try await page.wait("document.querySelectorAll('.row[data-key=colors] .stop').length === 3"))
            try await brief.pick("#b070ff", in: ".row[data-key=colors] .stop[data-stop=\"0\"] input[type=color]")
            try await brief.eventually("violet first") { $0.contains("\"#b070ff\"") }
            try #require(try await page.wait("document.querySelectorAll('.row[data-key=colors] .stop').length === 3"))
            try await brief.pick("#40e0ff", in: ".row[data-key=colors] .stop[data-stop=\"1\"] input[type=color]")
            try await brief.eventually("cyan next") { $0.contains("\"#40e0ff\"") }
            try await brief.shot("2-violet-to-cyan")
            // 6. Wider: the emitter's circle 560 across.
            try await brief.select("layers[0]", "layer")
            try await brief.type("560", into: ".row[data-key=emitterSize] input[data-field=\"emitterSize.0\"]")
            try await brief.type("560", into: ".row[data-key=emitterSize] input[data-field=\"emitterSize.1\"]")
            try await brief.eventually("wider") { $0.contains("\"emitterSize\": [560, 560]") }
            #expect(brief.edits <= 10, "\(brief.edits) edits")
            #expect(try await page.wait("sparksStudio.doc.problems.length === 0"))
            let pixels = try await brief.preview(at: 2)
            try await brief.shot("3-portal")
            // Violet and cyan light around the centre: more blue than red, and more than green.
            let seen = light(of: pixels)
            #expect(seen.blue > seen.red && seen.blue > seen.green, "\(seen)")
            #expect(abs(seen.x - 400) < 80 && abs(seen.y - 300) < 80, "\(seen)")
            try brief.publish()
        }
    }
}

extension String {
    /// A tree path (`layers[0].animations[0]`) as the page's path array literal.
    var jsPath: String {
        let steps = split(separator: ".").flatMap { part -> [String] in
            var out: [String] = []
            var rest = Substring(part)
            if let open = rest.firstIndex(of: "[") {
                out.append("'\(rest[..<open])'")
                rest = rest[open...]
                while let o = rest.firstIndex(of: "["), let c = rest.firstIndex(of: "]") {
                    out.append(String(rest[rest.index(after: o)..<c]))
                    rest = rest[rest.index(after: c)...]
                }
            } else {
                out.append("'\(rest)'")
            }
            return out
        }
        return "[" + steps.joined(separator: ", ") + "]"
    }
}
