import Foundation
import SparksCore
import Testing

/// The preview's timeline as a designer uses it on a short effect (the shipped recipe-burst, a
/// pop every 1.5 s): a length that fits the effect, playing to its end and from the start again
/// or stopping there, a typed time, Space and the restart button, and a burst that starts empty.
@Suite(.serialized) struct StudioTimelineTests {
    @Test func aShortEffectOnATimelineOfItsLength() async throws {
        try await withStudioPage(["recipe-burst"], at: "edit=recipe-burst.json") { page, folder in
            func number(_ expression: String) async throws -> Double {
                let value = try await page.evaluate(expression)
                let number = (value as? Double) ?? (value as? Int).map(Double.init) ?? Double(value as? String ?? "")
                return try #require(number, "\(expression) is \(String(describing: value))")
            }
            // The length holds the whole effect (its seamless loop), on the timeline.
            let preset = try PresetDecoder.load(
                contentsOf: folder.appendingPathComponent("recipe-burst.json"),
                assetDirectories: [repositoryRoot.appendingPathComponent("assets")]
            ).get()
            let loop = try SceneLoop.plan(for: preset)
            let length = try await number("document.getElementById('length').value")
            #expect(length >= loop.start + loop.length && length <= 60, "length \(length), loop \(loop)")
            #expect(try await number("document.getElementById('timeline').max") == length)

            // Playing loops: the time never passes the length and comes back to the start
            // (on a busy machine the scene runs slower than the clock: watched until it has).
            var times: [Double] = []
            let until = Date().addingTimeInterval(120)
            while Date() < until, !zip(times, times.dropFirst()).contains(where: { $1 < $0 - length / 2 }) {
                times.append(try await number("sparksStudio.header.time"))
                try await Task.sleep(for: .milliseconds(40))
            }
            #expect(times.max() ?? .infinity <= length + 1e-9, "\(times)")
            #expect(zip(times, times.dropFirst()).contains { $1 < $0 - length / 2 }, "it starts again: \(times)")

            // Once: it stops at the end, paused, and Space there plays from the start.
            try await page.click("#loop")
            #expect(
                try await page.wait(
                    "sparksStudio.header.paused && Math.abs(sparksStudio.header.time - \(length)) < 1e-9", seconds: length + 10))
            try await page.watch("replay", "!sparksStudio.header.paused && sparksStudio.header.time < \(length / 2)")
            try await page.press(" ")
            let replays = try await page.wait("window.sparksSeen.replay")
            let after = await page.diagnosis()
            #expect(replays, "Space at the end plays from the start: \(after)")

            // A typed time: paused there; the burst has only begun (it starts empty).
            try await page.click("#time")
            _ = try await page.evaluate("document.getElementById('time').value = '0.05'")
            try await page.press("Enter")
            #expect(try await page.wait("sparksStudio.header.paused && Math.abs(sparksStudio.header.time - 0.05) < 1e-9"))
            let live = try await number("sparksStudio.header.live")
            #expect(live > 0 && live <= 40, "600 sparks a second for 0.05 s: \(live)")

            // The restart button plays; Space right after it pauses.
            // Looping again (so it never pauses by itself): the restart button plays, and
            // Space right after it pauses, whatever has the focus (the loop box keeps its tick).
            try await page.click("#loop")
            try await page.watch("restart", "!sparksStudio.header.paused")
            try await page.click("#restart")
            #expect(try await page.wait("window.sparksSeen.restart"))
            try await page.click("#loop")
            try await page.click("#loop")
            try await page.press(" ")
            #expect(try await page.wait("sparksStudio.header.paused"), "Space after restart pauses")
            #expect(try await page.evaluate("document.getElementById('loop').checked") as? Bool == true)

            // A typed length is the timeline's, and this browser keeps it for the file.
            _ = try await page.evaluate(
                "(() => { const l = document.getElementById('length'); l.value = '1.5'; l.dispatchEvent(new Event('change')); })()")
            #expect(try await number("document.getElementById('timeline').max") == 1.5)
            _ = try await page.call("Page.reload")
            #expect(try await page.wait("sparksStudio.doc && document.getElementById('length').value === '1.5'"))
        }
    }
}
