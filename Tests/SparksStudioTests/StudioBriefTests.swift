import Foundation
import SparksCore
import Testing

/// A designer's brief carried out in headless Chromium with the mouse and keyboard, no JSON
/// typed: a "coin collected" burst — one gold pop that starts empty and is pulled into the
/// top-right corner, where a game shows its score — made from the shipped recipe-burst in ten
/// edits. The file and the preview are checked at the end; the steps' screenshots are in
/// docs/studio/coin-*.png (`SPARKS_UPDATE_DOCS=1` writes them again).
@Suite(.serialized) struct StudioBriefTests {
    @Test func aCoinCollectedBurstPulledIntoTheCorner() async throws {
        let browser = try Browser()
        let shots = repositoryRoot.appendingPathComponent(".build/studio-coin")
        try? FileManager.default.removeItem(at: shots)
        try FileManager.default.createDirectory(at: shots, withIntermediateDirectories: true)
        try await withPresetFolder([]) { folder in
            let file = folder.appendingPathComponent("coin.json")
            try await withStudioProgram(folder: folder) { studio in
                try await browser.withPage("\(studio.origin)/?token=\(studio.token)") { page in
                    var edits = 0
                    func shot(_ name: String) async throws {
                        try await Task.sleep(for: .milliseconds(300))
                        try await page.screenshot().write(to: shots.appendingPathComponent("coin-\(name).png"))
                    }
                    func choose(_ selector: String, _ value: String) async throws {
                        try #require(try await page.wait("document.querySelector(\(quoted(selector)))"), "\(selector)")
                        _ = try await page.evaluate(
                            "(() => { const s = document.querySelector(\(quoted(selector))); s.value = \(quoted(value)); s.dispatchEvent(new Event('change')); })()"
                        )
                    }
                    /// Types `text` into the field `selector` names and presses Enter, as a hand does.
                    func type(_ text: String, into selector: String) async throws {
                        try #require(try await page.wait("document.querySelector(\(quoted(selector)))"), "\(selector)")
                        try await page.click(selector)
                        _ = try await page.evaluate(
                            "(() => { const f = document.querySelector(\(quoted(selector))); f.value = \(quoted(text)); f.dispatchEvent(new Event('change')); })()"
                        )
                    }
                    func select(_ path: String, _ kind: String) async throws {
                        try await page.click("#tree .item[data-path=\"\(path)\"]")
                        try #require(try await page.wait("document.getElementById('inspector-title').textContent.endsWith('(\(kind))')"))
                    }
                    func text() -> String { (try? String(contentsOf: file, encoding: .utf8)) ?? "" }
                    func eventually(_ what: String, _ condition: () -> Bool) async throws {
                        for _ in 0..<1000 where !condition() { try await Task.sleep(for: .milliseconds(20)) }
                        try #require(condition(), "\(what): \(text())")
                    }

                    // 1. From the gallery: recipe-burst, named coin.
                    try #require(try await page.wait("document.querySelectorAll('#shipped-presets .card').length > 10"))
                    _ = try await page.evaluate("(() => { const n = document.getElementById('new-name'); n.value = 'coin'; })()")
                    let card = try #require(
                        try await page.evaluate(
                            "[...document.querySelectorAll('#shipped-presets .card')].findIndex(c => c.textContent.startsWith('recipe-burst'))"
                        )
                            as? Int)
                    try await page.click("#shipped-presets .card:nth-child(\(card + 1))")
                    edits += 1
                    try await eventually("coin.json made") { text().contains("\"name\": \"coin\"") }
                    try #require(
                        try await page.wait("sparksStudio.frames > 3 && sparksStudio.doc && sparksStudio.doc.file === 'coin.json'"))
                    try await shot("1-from-recipe-burst")

                    // 2. Gold sparks (the spark cell is selected first).
                    try #require(try await page.wait("document.querySelector('.row[data-key=color] input[type=color]')"))
                    _ = try await page.evaluate(
                        "(() => { const p = document.querySelector('.row[data-key=color] input[type=color]'); p.value = '#ffcc33'; p.dispatchEvent(new Event('input')); })()"
                    )
                    edits += 1
                    try await eventually("gold") { text().contains("[1, 0.8, 0.2, 1]") }

                    // 3. One pop, not one every 1.5 s: the burst animation plays once.
                    try await select("layers[0].animations[0]", "animation")
                    try await type("1", into: ".row[data-key=repeatCount] input")
                    edits += 1
                    try await eventually("played once") { text().contains("\"repeatCount\": 1") }

                    // 4–6. An attractor in the top-right corner, placed with the mouse, stiffer.
                    try await select("layers[0]", "layer")
                    try await choose("#add-what", "behavior:attractor")
                    try await page.click("#add-item")
                    edits += 1
                    try await eventually("an attractor") { text().contains("\"type\": \"attractor\"") }
                    try #require(try await page.wait("document.getElementById('inspector-title').textContent.endsWith('(behavior)')"))
                    let canvas = try await page.box("#preview")
                    let corner = (x: canvas[0] + 740.0 / 800 * canvas[2], y: canvas[1] + 60.0 / 600 * canvas[3])
                    try await page.mouse("mousePressed", x: corner.x - 40, y: corner.y + 40)
                    try await page.mouse("mouseMoved", x: corner.x - 20, y: corner.y + 20)
                    try await page.mouse("mouseMoved", x: corner.x, y: corner.y)
                    try await page.mouse("mouseReleased", x: corner.x, y: corner.y)
                    edits += 1
                    try await type("30", into: ".row[data-key=stiffness] input.number")
                    edits += 1
                    try await eventually("stiffness 30") { text().contains("\"stiffness\": 30") }
                    try await shot("2-attractor-in-the-corner")

                    // 7–8. A drag behaviour so the sparks settle there instead of swinging past.
                    try await select("layers[0]", "layer")
                    try await choose("#add-what", "behavior:drag")
                    try await page.click("#add-item")
                    edits += 1
                    try await eventually("a drag behaviour") { text().contains("\"type\": \"drag\"") }
                    try await type("8", into: ".row[data-key=drag] input.number")
                    edits += 1
                    try await eventually("drag 8") { text().contains("\"drag\": 8") }

                    // 9–10. Played once from the start: loop off, then R.
                    try await page.click("#loop")
                    edits += 1
                    try await page.press("r")
                    edits += 1
                    try await shot("3-played-once")
                    #expect(edits <= 20, "\(edits) edits")

                    // The file: no problems, and the preview is sparks render --at 0.9 of it.
                    #expect(try await page.wait("sparksStudio.doc.problems.length === 0"))
                    _ = try await page.evaluate("(() => { const t = document.getElementById('time'); t.focus(); t.value = '0.9'; })()")
                    try await page.press("Enter")
                    try #require(
                        try await page.wait(
                            "sparksStudio.header.paused && Math.abs(sparksStudio.header.time - 0.9) < 1e-9 && sparksStudio.header.version === sparksStudio.doc.version"
                        ))
                    let shown = try await StudioBrowserTests().canvasPixels(page)
                    let rendered = try renderedPixels(file, at: 0.9)
                    #expect(shown == rendered, "the preview is sparks render --at 0.9")
                    try await shot("4-at-0.9-s")
                    // The pop has gathered in the corner: the light's centre is in the top-right.
                    var (sx, sy, sw) = (0.0, 0.0, 0.0)
                    for y in 0..<600 {
                        for x in 0..<800 {
                            let i = (y * 800 + x) * 4
                            let w = max(0, Double(rendered[i]) + Double(rendered[i + 1]) + Double(rendered[i + 2]) - 60)
                            (sx, sy, sw) = (sx + w * Double(x), sy + w * Double(y), sw + w)
                        }
                    }
                    #expect(
                        sw > 0 && sx / sw > 560 && sy / sw < 200, "the light's centre (\(sx / max(sw, 1)), \(sy / max(sw, 1))): \(text())")
                    if ProcessInfo.processInfo.environment["SPARKS_UPDATE_DOCS"] == "1" {
                        let docs = repositoryRoot.appendingPathComponent("docs/studio")
                        for name in try FileManager.default.contentsOfDirectory(atPath: shots.path) {
                            try? FileManager.default.removeItem(at: docs.appendingPathComponent(name))
                            try FileManager.default.copyItem(at: shots.appendingPathComponent(name), to: docs.appendingPathComponent(name))
                        }
                    }
                }
            }
        }
    }
}
