import Foundation
import SparksCore
import Testing

/// Animations made without typing JSON in headless Chromium. One added to the emitter, made a
/// keyframe animation from its type menu, its property chosen from what the layer can animate
/// (a cell's birth rate), keyframes added at the playhead, moved with the mouse on the timeline,
/// retimed and revalued in their fields and taken out with Delete; the file and the preview at
/// the end.
@Suite(.serialized) struct StudioKeyframeTests {
    /// fire's emitter's first animation in `file`.
    func animation(_ file: URL) throws -> JSONNode? {
        let root = try JSONParser.parse([UInt8](Data(contentsOf: file)))
        guard case .array(let layers)? = root["layers"]?.value, case .array(let list)? = layers.first?["animations"]?.value else {
            return nil
        }
        return list.first
    }

    func numbers(_ node: JSONNode?) -> [Double]? {
        guard case .array(let a)? = node?.value else { return nil }
        return a.compactMap { if case .number(let n) = $0.value { n } else { nil } }
    }

    func string(_ node: JSONNode?) -> String? {
        if case .string(let s)? = node?.value { s } else { nil }
    }

    func eventually(_ file: URL, _ what: String, _ condition: (JSONNode) -> Bool) async throws {
        for _ in 0..<3000 {
            if let a = try? animation(file), condition(a) { return }
            try await Task.sleep(for: .milliseconds(20))
        }
        Issue.record("\(what): the file is \((try? String(contentsOf: file, encoding: .utf8)) ?? "")")
    }

    func number(_ node: JSONNode?) -> Double? {
        if case .number(let n)? = node?.value { n } else { nil }
    }

    /// A spring made as a designer makes one: an animation added to the emitter, "spring" chosen
    /// from its type menu, its damping typed in; back to "basic", the spring's keys go.
    @Test func aSpringChosenFromTheTypeMenu() async throws {
        try await withStudioPage(["fire"], at: "edit=fire.json") { page, folder in
            let file = folder.appendingPathComponent("fire.json")
            try await page.click("#tree .item[data-path=\"layers[0]\"]")
            try await page.choose("#add-what", "animation")
            try await page.click("#add-item")
            try await eventually(file, "an animation") { _ in true }
            try #require(try await page.wait("document.getElementById('inspector-title').textContent.endsWith('(animation)')"))
            try await page.choose(".row[data-key=type] select", "spring")
            try await eventually(file, "a spring animation") { string($0["type"]) == "spring" && $0["fromValue"] != nil }
            let found = try await page.wait("document.querySelector('.row[data-key=damping] input')")
            let rows = try await page.evaluate("[...document.querySelectorAll('#inspector .row')].map(r => r.dataset.key).join(' ')")
            try #require(found, "the inspector shows \(String(describing: rows))")
            _ = try await page.evaluate(
                "(() => { const f = document.querySelector('.row[data-key=damping] input[data-field=damping]'); f.value = '5'; f.dispatchEvent(new Event('change')); })()"
            )
            try await eventually(file, "damping 5") { number($0["damping"]) == 5 }
            // The file is a spring Sparks reads: Apple's damping-5 spring settles in 2.85 s.
            let scene = try PresetDecoder.load(contentsOf: file, assetDirectories: [repositoryRoot.appendingPathComponent("assets")]).get()
            let spring = try #require(scene.layers.first?.animations.first?.spring)
            #expect(abs(spring.settlingDuration - 2.85) < 0.01)
            try await page.choose(".row[data-key=type] select", "basic")
            try await eventually(file, "a basic animation without the spring's keys") {
                string($0["type"]) == "basic" && $0["damping"] == nil
            }
        }
    }

    @Test func threeKeyframesMadeOnTheTimeline() async throws {
        try await withStudioPage(["fire"], at: "edit=fire.json") { page, folder in
            let file = folder.appendingPathComponent("fire.json")
            func seek(_ time: Double) async throws {
                _ = try await page.evaluate(
                    "(() => { const t = document.getElementById('time'); t.focus(); t.value = '\(time)'; })()")
                try await page.press("Enter")
                try #require(
                    try await page.wait("sparksStudio.header.paused && Math.abs(sparksStudio.header.time - \(time)) < 1e-9"))
            }
            // An animation on the emitter, made a keyframe animation of a cell's birth rate.
            try await page.click("#tree .item[data-path=\"layers[0]\"]")
            try await page.choose("#add-what", "animation")
            try await page.click("#add-item")
            try await eventually(file, "an animation") { _ in true }
            try #require(try await page.wait("document.getElementById('inspector-title').textContent.endsWith('(animation)')"))
            try await page.choose(".row[data-key=type] select", "keyframe")
            try await eventually(file, "a keyframe animation") {
                string($0["type"]) == "keyframe" && numbers($0["keyTimes"]) == [0, 1]
            }
            let offered =
                try await page.evaluate(
                    "[...document.querySelectorAll('.row[data-key=keyPath] option')].map(o => o.value)") as? [String] ?? []
            #expect(
                offered.contains("emitterCells.fire.birthRate") && offered.contains("transform.rotation.z"),
                "\(offered.count) offered")
            try await page.choose(".row[data-key=keyPath] select", "emitterCells.fire.birthRate")
            // Another kind of value than opacity's? No: both are numbers, the values stay.
            try await eventually(file, "the cell's birth rate") { string($0["keyPath"]) == "emitterCells.fire.birthRate" }
            try await page.wait(
                "document.querySelectorAll('.keyframes .stop').length === 2 && document.querySelectorAll('.keyframe-mark').length === 2"
            )
            // Its values typed as numbers in their fields: 500 → 50 over its second.
            for (i, value) in [500, 50].enumerated() {
                _ = try await page.evaluate(
                    "(() => { const f = document.querySelector('.keyframes .stop[data-stop=\"\(i)\"] input[data-field=\"keyframes.\(i).value\"]'); f.value = '\(value)'; f.dispatchEvent(new Event('change')); })()"
                )
                try await eventually(file, "value \(i) is \(value)") { numbers($0["values"])?[i] == Double(value) }
            }
            // Two keyframes added at the playhead: at 0.5 s (halfway: 275) and at 0.8 s.
            try await seek(0.5)
            try await page.click("#add-keyframe")
            try await eventually(file, "a keyframe at 0.5 s") {
                numbers($0["keyTimes"]) == [0, 0.5, 1] && numbers($0["values"]) == [500, 275, 50]
            }
            try await seek(0.8)
            try #require(try await page.wait("document.querySelectorAll('.keyframe-mark').length === 3"))
            try await page.click("#add-keyframe")
            try await eventually(file, "a keyframe at 0.8 s") { numbers($0["keyTimes"]) == [0, 0.5, 0.8, 1] }
            // The one at 0.5 s dragged with the mouse to about 0.25 s (the timeline is 3 s long).
            try #require(try await page.wait("document.querySelectorAll('.keyframe-mark').length === 4"))
            let mark = try await page.box(".keyframe-mark[data-keyframe=\"1\"]")
            let track = try await page.box("#timeline")
            let length = try #require(Double(try await page.evaluate("document.getElementById('length').value") as? String ?? ""))
            let (x, y) = (mark[0] + mark[2] / 2, mark[1] + mark[3] / 2)
            let toX = track[0] + 8 + (track[2] - 16) * 0.25 / length
            try await page.mouse("mousePressed", x: x, y: y)
            for i in 1...6 {
                try await page.mouse("mouseMoved", x: x + (toX - x) * Double(i) / 6, y: y)
                try await Task.sleep(for: .milliseconds(30))
            }
            try await page.mouse("mouseReleased", x: toX, y: y)
            try await eventually(file, "the keyframe moved to about 0.25 s") {
                guard let t = numbers($0["keyTimes"]), t.count == 4 else { return false }
                return abs(t[1] - 0.25) < 0.02 && t[2] == 0.8
            }
            // The last one selected on the timeline and taken out with Delete.
            try #require(try await page.wait("document.querySelectorAll('.keyframe-mark').length === 4"))
            try await page.click(".keyframe-mark[data-keyframe=\"3\"]")
            try await page.press("Delete")
            try await eventually(file, "three keyframes") {
                numbers($0["keyTimes"])?.count == 3 && numbers($0["values"])?.count == 3
            }
            #expect(try await page.wait("sparksStudio.doc.problems.length === 0"), "the animation is good")
            // The preview at 0.6 s is sparks render --at 0.6 of the file.
            try await seek(0.6)
            try #require(try await page.wait("sparksStudio.header.version === sparksStudio.doc.version"))
            let shown = try await StudioBrowserTests().canvasPixels(page)
            let rendered = try renderedPixels(file, at: 0.6)
            #expect(shown == rendered, "the preview is sparks render --at 0.6")
            let shot = try await page.screenshot()
            try shot.write(to: repositoryRoot.appendingPathComponent(".build/studio-keyframes.png"))
        }
    }
}
