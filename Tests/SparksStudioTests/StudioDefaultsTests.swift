import Foundation
import SparksCore
import Testing

/// What a designer coming from After Effects or Particle Designer expects without being told:
/// the front layer at the top of the list, Duplicate selecting the copy, units beside numbers,
/// the many keys every layer has folded under Advanced, and added items written laid out like
/// the rest of the file.
@Suite(.serialized) struct StudioDefaultsTests {
    @Test func whatADesignerExpects() async throws {
        try await withStudioPage(["fire"], at: "edit=fire.json") { page, folder in
            let file = folder.appendingPathComponent("fire.json")
            func text() -> String { (try? String(contentsOf: file, encoding: .utf8)) ?? "" }
            func eventually(_ what: String, _ condition: () -> Bool) async throws {
                for _ in 0..<3000 where !condition() { try await Task.sleep(for: .milliseconds(20)) }
                #expect(condition(), "\(what): \(text())")
            }
            // Units beside numbers: spin in °/s with degrees on, rad/s with them off.
            try #require(try await page.wait("document.querySelector('.row[data-key=spin] .unit')"))
            #expect(try await page.evaluate("document.querySelector('.row[data-key=spin] .unit').textContent") as? String == "°/s")
            #expect(
                try await page.evaluate("document.querySelector('.row[data-key=velocity] .unit').textContent") as? String == "pt/s")
            try await page.click("#degrees")
            #expect(try await page.wait("document.querySelector('.row[data-key=spin] .unit').textContent === 'rad/s'"))
            try await page.click("#degrees")

            // Duplicate selects the copy.
            try await page.click("#duplicate-item")
            #expect(
                try await page.wait(
                    "sparksStudio.doc.document.layers[0].emitterCells.length === 2 && document.getElementById('inspector-title').textContent.startsWith('fire copy')"
                ), "the copy is selected")

            // A second emitter layer: drawn in front, listed at the top.
            try await page.click("#tree .item[data-path=\"\"]")
            try #require(try await page.wait("document.querySelector('#add-what option[value=layer]')"))
            try await page.click("#add-item")
            try await eventually("a second layer") { text().contains("\"emitter1\"") }
            #expect(
                try await page.wait(
                    "[...document.querySelectorAll('#tree .item')].map(e => e.dataset.path).filter(p => /^layers\\[\\d+\\]$/.test(p)).join(' ') === 'layers[1] layers[0]'"
                ), "the front layer first")
            // Its many layer keys are folded under Advanced; the everyday ones are not.
            try #require(try await page.wait("document.getElementById('inspector-title').textContent.startsWith('emitter1')"))
            #expect(
                try await page.evaluate("!!document.querySelector('details.advanced:not([open]) .row[data-key=cornerRadius]')")
                    as? Bool == true)
            #expect(try await page.evaluate("!!document.querySelector('#inspector > .row[data-key=opacity]')") as? Bool == true)
            // ↓ moves the selected layer down the list: behind the other, drawn first.
            try await page.click("#move-down")
            #expect(
                try await page.wait("sparksStudio.doc.document.layers[0].name === 'emitter1'"), "moved down the list: drawn first")

            // An added behaviour is written laid out, one key to a line.
            try await page.click("#tree .item[data-path=\"layers[1]\"]")
            try #require(try await page.wait("document.querySelector('#add-what option[value=\"behavior:wave\"]')"))
            _ = try await page.evaluate(
                "(() => { const m = document.getElementById('add-what'); m.value = 'behavior:wave'; m.dispatchEvent(new Event('change')); })()"
            )
            try await page.click("#add-item")
            try await eventually("the wave laid out") {
                text().range(of: #"\{\n\s+"type": "wave",\n\s+"name": "wave1","#, options: .regularExpression) != nil
            }
        }
    }

    @Test func theGalleryRenamesAndDeletesToTheTrash() async throws {
        try await withStudioPage(["fire", "neon"], at: "gallery") { page, folder in
            try #require(try await page.wait("document.querySelectorAll('#folder-presets .card').length === 2"))
            #expect(
                try await page.evaluate(
                    "[...document.querySelectorAll('#shipped-presets .card .name')].some(n => n.textContent.startsWith('bench-'))")
                    as? Bool == false, "no benchmark workloads among the presets to start from")
            // Rename: the name becomes a field; Enter renames the file.
            try await page.click("#folder-presets .card[data-file=\"fire.json\"] .rename-preset")
            try #require(try await page.wait("document.activeElement && document.activeElement.className === 'rename-field'"))
            _ = try await page.evaluate("document.activeElement.value = 'campfire'")
            try await page.press("Enter")
            #expect(try await page.wait("!!document.querySelector('#folder-presets .card[data-file=\"campfire.json\"]')"))
            #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("campfire.json").path))
            #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("fire.json").path))
            // Delete: to the desktop's trash, said in a notice.
            try await page.click("#folder-presets .card[data-file=\"neon.json\"] .delete-preset")
            #expect(try await page.wait("document.querySelectorAll('#folder-presets .card').length === 1"))
            #expect(try await page.wait("document.getElementById('notice').textContent.includes('trash')"))
            let trash = folder.deletingLastPathComponent().appendingPathComponent(folder.lastPathComponent + "-data/Trash")
            defer { try? FileManager.default.removeItem(at: trash.deletingLastPathComponent()) }
            #expect(FileManager.default.fileExists(atPath: trash.appendingPathComponent("files/neon.json").path))
            #expect(FileManager.default.fileExists(atPath: trash.appendingPathComponent("info/neon.json.trashinfo").path))
            #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("neon.json").path))
        }
    }
}
