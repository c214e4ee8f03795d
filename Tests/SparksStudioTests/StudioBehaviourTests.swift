import Foundation
import SparksCore
import Testing

/// Behaviours designed from menus in headless Chromium, no JSON typed: one added from + Add by
/// its type, retyped from its menu, its colours over life tuned with the gradient editor's
/// stops (added, recoloured, moved, taken out) and its values over life with the curve's.
@Suite(.serialized) struct StudioBehaviourTests {
    /// The first behaviour of fire's emitter in `file`.
    func behaviour(_ file: URL) throws -> JSONNode? {
        let root = try JSONParser.parse([UInt8](Data(contentsOf: file)))
        guard case .array(let layers)? = root["layers"]?.value, case .array(let list)? = layers.first?["emitterBehaviors"]?.value else {
            return nil
        }
        return list.first
    }

    func string(_ node: JSONNode?) -> String? {
        if case .string(let s)? = node?.value { s } else { nil }
    }

    func numbers(_ node: JSONNode?) -> [Double]? {
        guard case .array(let a)? = node?.value else { return nil }
        return a.compactMap { if case .number(let n) = $0.value { n } else { nil } }
    }

    func eventually(_ file: URL, _ what: String, _ condition: (JSONNode) -> Bool) async throws {
        for _ in 0..<3000 {
            if let b = try? behaviour(file), condition(b) { return }
            try await Task.sleep(for: .milliseconds(20))
        }
        let text = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
        Issue.record("\(what): the file is \(text)")
    }

    @Test func aBehaviourFromMenusAndStops() async throws {
        try await withStudioPage(["fire"], at: "edit=fire.json") { page, folder in
            let file = folder.appendingPathComponent("fire.json")
            // + Add offers each type: a wave, with its example force and frequency.
            try await page.click("#tree .item[data-path=\"layers[0]\"]")
            try await page.choose("#add-what", "behavior:wave")
            try await page.click("#add-item")
            try await eventually(file, "a wave") { string($0["type"]) == "wave" && $0["force"] != nil }
            try #require(try await page.wait("document.getElementById('inspector-title').textContent.endsWith('(behavior)')"))

            // Retyped from its menu: colours over life, with the example stops.
            try await page.choose(".row[data-key=type] select", "colorOverLife")
            try await eventually(file, "colours over life, the wave's keys gone") {
                $0["force"] == nil && $0["frequency"] == nil && numbers($0["locations"]) == [0, 0.2, 1]
            }
            try #require(try await page.wait("document.querySelectorAll('.row[data-key=colors] .stop').length === 3"))
            #expect(try await page.evaluate("!!document.querySelector('.row[data-key=colors] .gradient-bar')") as? Bool == true)

            // + stop: the widest gap (0.2…1) gets one at 0.6.
            try await page.click(".row[data-key=colors] .add-stop")
            try await eventually(file, "a fourth stop at 0.6") { numbers($0["locations"]) == [0, 0.2, 0.6, 1] }
            // Its colour from the picker (the input event a picker sends), its alpha kept.
            try #require(try await page.wait("document.querySelectorAll('.row[data-key=colors] .stop').length === 4"))
            _ = try await page.evaluate(
                "(() => { const p = document.querySelector('.row[data-key=colors] .stop[data-stop=\"2\"] input[type=color]'); p.value = '#00ff00'; p.dispatchEvent(new Event('input')); })()"
            )
            try await eventually(file, "the third stop green") {
                guard case .array(let colors)? = $0["colors"]?.value, colors.count == 4, case .string(let c) = colors[2].value
                else {
                    return false
                }
                return c.hasPrefix("#00ff00")
            }
            // Moved by typing its location: the stops stay sorted.
            _ = try await page.evaluate(
                "(() => { const f = document.querySelector('.row[data-key=colors] .stop[data-stop=\"2\"] input.number'); f.value = '0.1'; f.dispatchEvent(new Event('change')); })()"
            )
            try await eventually(file, "sorted after the move") { numbers($0["locations"]) == [0, 0.1, 0.2, 1] }
            // Taken out with its ✕.
            try #require(try await page.wait("document.querySelectorAll('.row[data-key=colors] .stop').length === 4"))
            try await page.click(".row[data-key=colors] .stop[data-stop=\"0\"] .remove-stop")
            try await eventually(file, "three stops") { numbers($0["locations"]) == [0.1, 0.2, 1] }
            #expect(try await page.wait("sparksStudio.doc.problems.length === 0"), "the colours over life are good")

            // Retyped again: values over life, a curve of scale with its stops.
            try #require(try await page.wait("document.querySelectorAll('.row[data-key=colors] .stop').length === 3"))
            try await page.choose(".row[data-key=type] select", "valueOverLife")
            // The stops' locations stay; the values are the example's, one per stop; the
            // key path keeps its default (scale) until chosen.
            try await eventually(file, "values over life, the colours gone, nothing else added") {
                guard case .object(let members) = $0.value else { return false }
                return Set(members.map(\.key)) == ["type", "name", "values", "locations"]
                    && numbers($0["values"]) == [0, 1, 0] && numbers($0["locations"]) == [0.1, 0.2, 1]
            }
            try #require(try await page.wait("document.querySelector('.row[data-key=values] svg.curve polyline')"))
            try await page.choose(".row[data-key=keyPath] select", "color.alpha")
            try await eventually(file, "the curve sets alpha") { string($0["keyPath"]) == "color.alpha" }
            try #require(try await page.wait("document.querySelectorAll('.row[data-key=values] .stop').length === 3"))
            _ = try await page.evaluate(
                "(() => { const f = document.querySelector('.row[data-key=values] .stop[data-stop=\"1\"] input[title^=\"The value\"]'); f.value = '0.8'; f.dispatchEvent(new Event('change')); })()"
            )
            try await eventually(file, "the middle value 0.8") { numbers($0["values"]) == [0, 0.8, 0] }
            #expect(try await page.wait("sparksStudio.doc.problems.length === 0"), "the values over life are good")
            let shot = try await page.screenshot()
            try shot.write(to: repositoryRoot.appendingPathComponent(".build/studio-behaviour.png"))
        }
    }

    @Test func anAttractorPlacedByDraggingOnThePreview() async throws {
        try await withStudioPage(["fire"], at: "edit=fire.json") { page, folder in
            let file = folder.appendingPathComponent("fire.json")
            try await page.click("#tree .item[data-path=\"layers[0]\"]")
            try #require(try await page.wait("document.querySelector('#add-what option[value=\"behavior:attractor\"]')"))
            _ = try await page.evaluate(
                "(() => { const m = document.getElementById('add-what'); m.value = 'behavior:attractor'; m.dispatchEvent(new Event('change')); })()"
            )
            try await page.click("#add-item")
            try #require(try await page.wait("document.getElementById('inspector-title').textContent.endsWith('(behavior)')"))
            try await eventually(file, "an attractor") { string($0["type"]) == "attractor" }
            // A drag on the preview to canvas point (520, 180): the attractor's point is
            // there, in the emitter layer's coordinates; the emitter stays.
            let canvas = try await page.box("#preview")
            let at = { (x: Double, y: Double) in (canvas[0] + x / 800 * canvas[2], canvas[1] + y / 600 * canvas[3]) }
            let (fromX, fromY) = at(400, 300), (toX, toY) = at(520, 180)
            try await page.mouse("mousePressed", x: fromX, y: fromY)
            for i in 1...5 {
                try await page.mouse(
                    "mouseMoved", x: fromX + (toX - fromX) * Double(i) / 5, y: fromY + (toY - fromY) * Double(i) / 5)
                try await Task.sleep(for: .milliseconds(30))
            }
            try await page.mouse("mouseReleased", x: toX, y: toY)
            let description = try PresetDecoder.load(
                contentsOf: file, assetDirectories: [repositoryRoot.appendingPathComponent("assets")]
            ).get()
            let scene = Scene(description, limits: .standard)
            let local = scene.layers[0].pointFromCanvas(Point(x: 520, y: 180))
            try await eventually(file, "the attractor at the drag's end, \(local)") {
                guard let p = numbers($0["position"]), p.count == 2 else { return false }
                return abs(p[0] - local.x) < 0.6 && abs(p[1] - local.y) < 0.6
            }
            let text = try String(contentsOf: file, encoding: .utf8)
            #expect(!text.contains("\"emitterPosition\""), "the emitter did not move")
        }
    }
}
