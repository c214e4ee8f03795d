import Foundation
import SparksCore
import SparksStudio
import Testing

/// The studio's page in headless Chromium, as a designer uses it: a slider, a colour, a menu,
/// undo and redo, the timeline, an edit from outside and a mistake typed into a field. After
/// each step the file is checked byte for byte, and the preview's pixels (read back from the
/// page's canvas) against `sparks render` of the saved file at the same time.
@Suite(.serialized) struct StudioBrowserTests {
    /// The pixels on the page's canvas (getImageData), straight RGBA.
    func canvasPixels(_ page: Page) async throws -> [UInt8] {
        let text = try await page.evaluate(
            """
            (() => { const c = document.getElementById('preview'); const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
              let s = ''; for (let i = 0; i < d.length; i += 32768) s += String.fromCharCode.apply(null, d.subarray(i, i + 32768));
              return btoa(s); })()
            """)
        let base64 = try #require(text as? String)
        return [UInt8](try #require(Data(base64Encoded: base64)))
    }

    /// Scrubs the timeline to `time` and waits for that frame of the document's version.
    func scrub(_ page: Page, to time: Double) async throws {
        _ = try await page.evaluate(
            "(() => { const t = document.getElementById('timeline'); t.value = '\(time)'; t.dispatchEvent(new Event('input')); t.dispatchEvent(new Event('change')); })()"
        )
        try #require(
            try await page.wait(
                "sparksStudio.header && sparksStudio.header.paused && Math.abs(sparksStudio.header.time - \(time)) < 1e-9 && sparksStudio.header.version === sparksStudio.doc.version"
            ), "the frame at \(time) s")
    }

    /// Compares the preview at `time` with `sparks render FILE --at time`.
    func expectPreviewIsRender(_ page: Page, _ file: URL, at time: Double, _ step: String) async throws {
        try await scrub(page, to: time)
        let shown = try await canvasPixels(page)
        let rendered = try renderedPixels(file, at: time)
        #expect(shown.count == rendered.count, "\(step): size")
        // Fire's canvas is opaque: raw RGBA arrives unchanged (semi-transparent pixels would
        // round-trip through the canvas's premultiplied storage, within 1 level per channel).
        let differing = zip(shown, rendered).filter { $0 != $1 }.count
        #expect(differing == 0, "\(step): \(differing) bytes of the preview differ from sparks render --at \(time)")
    }

    /// `file`'s text with the values at `paths` put back as they were in `original` equals
    /// `original`: nothing else changed.
    func expectOnlyChanged(_ file: URL, from original: [UInt8], at paths: [[PresetTextEdit.Step]], _ step: String) throws {
        var text = try [UInt8](Data(contentsOf: file))
        let originalRoot = try JSONParser.parse(original)
        for path in paths {
            var node = originalRoot
            for s in path {
                switch s {
                case .key(let k): node = try #require(node[k])
                case .index(let i):
                    guard case .array(let a) = node.value else {
                        Issue.record("\(step): no array")
                        return
                    }
                    node = a[i]
                }
            }
            text = try PresetTextEdit.setting(String(decoding: original[node.span], as: UTF8.self), at: path, in: text)
        }
        #expect(text == original, "\(step): the file changed only at \(paths)")
    }

    /// The value at `path` in `file`; throws (recording nothing) while it is not there, so
    /// a test can wait for it.
    func value(_ file: URL, _ path: [PresetTextEdit.Step]) throws -> JSONValue {
        var node = try JSONParser.parse([UInt8](Data(contentsOf: file)))
        for s in path {
            switch s {
            case .key(let k):
                guard let member = node[k] else { throw DevToolsConnection.Failure(description: "no key \(k)") }
                node = member
            case .index(let i):
                guard case .array(let a) = node.value else { throw DevToolsConnection.Failure(description: "no array") }
                node = a[i]
            }
        }
        return node.value
    }

    func waitForFileValue(_ file: URL, _ path: [PresetTextEdit.Step], _ matches: (JSONValue) -> Bool) async throws -> Bool {
        for _ in 0..<3000 {
            if let v = try? value(file, path), matches(v) { return true }
            try await Task.sleep(for: .milliseconds(20))
        }
        return false
    }

    @Test func aDesignerTunesFire() async throws {
        let browser = try Browser()
        try await withPresetFolder(["fire"]) { folder in
            let file = folder.appendingPathComponent("fire.json")
            let original = try [UInt8](Data(contentsOf: file))
            let cell: [PresetTextEdit.Step] = [.key("layers"), .index(0), .key("emitterCells"), .index(0)]
            let layer: [PresetTextEdit.Step] = [.key("layers"), .index(0)]
            _ = try await withStudioProgram(folder: folder) { studio in
                try await browser.withPage("\(studio.origin)/?token=\(studio.token)#edit=fire.json") { page in
                    if !(try await page.wait("sparksStudio.frames > 3 && sparksStudio.doc")) {
                        Issue.record("the preview does not stream: \(await page.diagnosis())")
                        return false
                    }
                    try #require(try await page.wait("document.querySelector('.row[data-key=birthRate] input[type=range]')"))

                    // 1. The birth-rate slider, dragged with the mouse.
                    let slider = try await page.box(".row[data-key=birthRate] input[type=range]")
                    try await page.drag(
                        from: slider[0] + slider[2] * 0.5, slider[1] + slider[3] / 2, to: slider[0] + slider[2] * 0.8,
                        slider[1] + slider[3] / 2)
                    let field = try await page.evaluate("document.querySelector('.row[data-key=birthRate] input.number').value") as? String
                    let shown = try #require(Double(field ?? ""))
                    #expect(shown != 500)
                    try #require(
                        try await waitForFileValue(file, cell + [.key("birthRate")]) { if case .number(shown) = $0 { true } else { false } }
                    )
                    try expectOnlyChanged(file, from: original, at: [cell + [.key("birthRate")]], "slider")
                    try await expectPreviewIsRender(page, file, at: 1, "after the slider")
                    let afterSlider = try [UInt8](Data(contentsOf: file))

                    // 2. A colour from the picker (its input event, as the picker sends it).
                    _ = try await page.evaluate(
                        "(() => { const p = document.querySelector('.row[data-key=color] input[type=color]'); p.value = '#3366ff'; p.dispatchEvent(new Event('input')); })()"
                    )
                    try #require(
                        try await waitForFileValue(file, cell + [.key("color")]) {
                            guard case .array(let a) = $0 else { return false }
                            return a.map { if case .number(let n) = $0.value { n } else { -1 } } == [0.2, 0.4, 1, 0.1]
                        }, "the colour is written as [r, g, b, a] with the alpha kept")
                    try expectOnlyChanged(file, from: original, at: [cell + [.key("birthRate")], cell + [.key("color")]], "colour")
                    try await expectPreviewIsRender(page, file, at: 1, "after the colour")
                    let afterColour = try [UInt8](Data(contentsOf: file))

                    // 3. The emitter's shape menu.
                    _ = try await page.evaluate("document.querySelector('#tree .item[data-path=\"layers[0]\"]').click()")
                    try #require(try await page.wait("document.querySelector('.row[data-key=emitterShape] select')"))
                    _ = try await page.evaluate(
                        "(() => { const s = document.querySelector('.row[data-key=emitterShape] select'); s.value = 'circle'; s.dispatchEvent(new Event('change')); })()"
                    )
                    try #require(
                        try await waitForFileValue(file, layer + [.key("emitterShape")]) {
                            if case .string("circle") = $0 { true } else { false }
                        })
                    try expectOnlyChanged(
                        file, from: original,
                        at: [cell + [.key("birthRate")], cell + [.key("color")], layer + [.key("emitterShape")]], "shape")
                    try await expectPreviewIsRender(page, file, at: 1, "after the shape")
                    let afterShape = try [UInt8](Data(contentsOf: file))

                    // 4. Undo (the Undo button), then redo (Ctrl-Shift-Z).
                    _ = try await page.evaluate("document.getElementById('undo').click()")
                    #expect(try await waitForFile(file, toBe: afterColour), "undo brings back the file before the shape")
                    try await expectPreviewIsRender(page, file, at: 1, "after undo")
                    _ = try await page.call(
                        "Input.dispatchKeyEvent",
                        ["type": "keyDown", "key": "Z", "code": "KeyZ", "modifiers": 2 | 8, "windowsVirtualKeyCode": 90])
                    _ = try await page.call(
                        "Input.dispatchKeyEvent",
                        ["type": "keyUp", "key": "Z", "code": "KeyZ", "modifiers": 2 | 8, "windowsVirtualKeyCode": 90])
                    #expect(try await waitForFile(file, toBe: afterShape), "redo")
                    _ = afterSlider

                    // 5. The timeline at 2 s.
                    try await expectPreviewIsRender(page, file, at: 2, "scrubbed to 2 s")

                    // 6. An edit from outside (a text editor) appears in the page.
                    _ = try await page.evaluate("document.querySelector('#tree .item[data-path=\"layers[0].emitterCells[0]\"]').click()")
                    let outside = try PresetTextEdit.setting("123", at: cell + [.key("birthRate")], in: afterShape)
                    try Data(outside).write(to: file)
                    #expect(
                        try await page.wait("document.querySelector('.row[data-key=birthRate] input.number').value === '123'"),
                        "the outside edit shows in the inspector")
                    try await expectPreviewIsRender(page, file, at: 2, "after the outside edit")

                    // 7. A mistake typed into a field: the problem shows at that field, the file keeps it.
                    _ = try await page.evaluate(
                        "(() => { const f = document.querySelector('.row[data-key=lifetime] input.number'); f.value = '-2'; f.dispatchEvent(new Event('change')); })()"
                    )
                    #expect(
                        try await page.wait(
                            "(document.querySelector('.row[data-key=lifetime] .problem') || {}).textContent?.includes('must not be negative')"
                        ),
                        "the problem is shown at the field")
                    #expect(
                        try await waitForFileValue(file, cell + [.key("lifetime")]) { if case .number(-2) = $0 { true } else { false } })
                    let frames = try #require(try await page.evaluate("sparksStudio.frames") as? Int)
                    _ = try await page.evaluate("document.getElementById('play').click()")
                    #expect(try await page.wait("sparksStudio.frames > \(frames + 5)"), "the last good version keeps playing")
                    _ = try await page.evaluate(
                        "(() => { const f = document.querySelector('.row[data-key=lifetime] input.number'); f.value = '1.5'; f.dispatchEvent(new Event('change')); })()"
                    )
                    #expect(try await page.wait("sparksStudio.doc.problems.length === 0 && !document.querySelector('.row .problem')"))

                    // The screenshot in the README, playing.
                    try await Task.sleep(for: .seconds(1))
                    let shot = try await page.screenshot()
                    try shot.write(to: repositoryRoot.appendingPathComponent(".build/studio-screenshot.png"))
                    if ProcessInfo.processInfo.environment["SPARKS_UPDATE_DOCS"] == "1" {
                        try shot.write(to: repositoryRoot.appendingPathComponent("docs/studio.png"))
                    }
                    let latencies = try await page.evaluate("sparksStudio.latencies") as? [Double] ?? []
                    let fps = try await page.evaluate("sparksStudio.fpsTimes.length") as? Int ?? 0
                    print("studio in Chromium: \(fps) fps, edit → drawn \(latencies.map { Int($0.rounded()) }) ms")
                    return true
                }
            }
        }
    }

    @Test func animationsAndBehavioursFromThePage() async throws {
        let browser = try Browser()
        try await withPresetFolder(["fire"]) { folder in
            let file = folder.appendingPathComponent("fire.json")
            let layer: [PresetTextEdit.Step] = [.key("layers"), .index(0)]
            _ = try await withStudioProgram(folder: folder) { studio in
                try await browser.withPage("\(studio.origin)/?token=\(studio.token)#edit=fire.json") { page in
                    if !(try await page.wait("sparksStudio.frames > 3 && sparksStudio.doc")) {
                        Issue.record("the preview does not stream: \(await page.diagnosis())")
                        return false
                    }
                    // A connection that drops is opened again by the page, which streams on.
                    let frames = try await page.evaluate("sparksStudio.frames") as? Int ?? 0
                    _ = try await page.evaluate("sparksStudio.socket.close()")
                    let reconnected = try await page.wait("sparksStudio.connections === 2 && sparksStudio.frames > \(frames + 3)")
                    let state = await page.diagnosis()
                    #expect(reconnected, "the page reconnects: \(state)")
                    #expect(try await page.wait("document.getElementById('notice').textContent.includes('again')"))
                    func add(_ what: String) async throws {
                        _ = try await page.evaluate("document.querySelector('#tree .item[data-path=\"layers[0]\"]').click()")
                        try #require(
                            try await page.wait("document.querySelector('#add-what option[value=\"\(what)\"]')"), "+ Add offers \(what)")
                        _ = try await page.evaluate(
                            "(() => { const m = document.getElementById('add-what'); m.value = '\(what)'; m.dispatchEvent(new Event('change')); document.getElementById('add-item').click(); })()"
                        )
                    }
                    /// Types `text` into the field of `key` under "More keys in the file", once the
                    /// inspector shows the added item (a `kind`), not the layer it was added to.
                    func type(_ text: String, into key: String, of kind: String) async throws {
                        let found = try await page.wait(
                            "document.getElementById('inspector-title').textContent.endsWith('(\(kind))') && document.querySelector('.row[data-key=\(key)] input')"
                        )
                        let shown = try await page.evaluate(
                            "document.getElementById('inspector-title').textContent + ': ' + [...document.querySelectorAll('#inspector .row')].map(r => r.dataset.key).join(' ')"
                        )
                        try #require(found, "a field for \(key); the inspector shows \(String(describing: shown))")
                        _ = try await page.evaluate(
                            "(() => { const f = document.querySelector('.row[data-key=\(key)] input'); f.value = '\(text)'; f.dispatchEvent(new Event('change')); })()"
                        )
                    }

                    // A behaviour on the emitter, then its type chosen from its menu: one edit that
                    // takes out the keys the new type does not read and gives it its own.
                    try await add("behavior:drag")
                    try #require(
                        try await waitForFileValue(file, layer + [.key("emitterBehaviors"), .index(0), .key("type")]) {
                            if case .string("drag") = $0 { true } else { false }
                        })
                    try #require(try await page.wait("document.getElementById('inspector-title').textContent.endsWith('(behavior)')"))
                    _ = try await page.evaluate(
                        "(() => { const s = document.querySelector('.row[data-key=type] select'); s.value = 'wave'; s.dispatchEvent(new Event('change')); })()"
                    )
                    #expect(
                        try await waitForFileValue(file, layer + [.key("emitterBehaviors"), .index(0)]) {
                            guard case .object(let members) = $0 else { return false }
                            return Set(members.map(\.key)) == ["type", "name", "force", "frequency"]
                        }, "a wave with its own keys and no drag")
                    #expect(try await page.wait("sparksStudio.doc.problems.length === 0"), "the wave is good")
                    #expect(
                        try await page.wait(
                            "document.querySelector('.row[data-key=force]') && !document.querySelector('.row[data-key=drag]') && !document.querySelector('.row[data-key=stiffness]')"
                        ), "the inspector shows the wave's keys only")

                    // An animation on the layer, its toValue typed, then renamed: its key.
                    try await add("animation")
                    let animation = layer + [.key("animations"), .index(0)]
                    try #require(
                        try await waitForFileValue(file, animation + [.key("keyPath")]) {
                            if case .string("opacity") = $0 { true } else { false }
                        })
                    try await type("0.2", into: "toValue", of: "animation")
                    #expect(
                        try await waitForFileValue(file, animation + [.key("toValue")]) {
                            if case .number(0.2) = $0 { true } else { false }
                        })
                    _ = try await page.evaluate("document.getElementById('rename-item').click()")
                    try #require(try await page.wait("document.getElementById('rename-field')"))
                    _ = try await page.evaluate(
                        "(() => { const f = document.getElementById('rename-field'); f.value = 'glow'; f.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter' })); })()"
                    )
                    #expect(
                        try await waitForFileValue(file, animation + [.key("key")]) {
                            if case .string("glow") = $0 { true } else { false }
                        },
                        "an animation is renamed by its key")
                    #expect(try await page.wait("sparksStudio.doc.problems.length === 0"), "the preset stays good")
                    #expect(
                        try await page.wait(
                            "document.querySelector('#tree .item[data-path=\"layers[0].animations[0]\"]').textContent.startsWith('glow')"))
                    try await expectPreviewIsRender(page, file, at: 1, "with the animation and the behaviour")
                    return true
                }
            }
        }
    }
}

/// The preview's frame rate and an edit's latency in Chromium for every gallery preset at its
/// canvas size: `SPARKS_STUDIO_MEASURE=1 swift test -c release --filter galleryFrameRates`.
/// Prints figures; asserts nothing about time (the machine is shared).
@Suite(.serialized) struct StudioMeasurements {
    @Test(.enabled(if: ProcessInfo.processInfo.environment["SPARKS_STUDIO_MEASURE"] == "1"))
    func galleryFrameRates() async throws {
        let manifest = try String(contentsOf: repositoryRoot.appendingPathComponent("docs/gallery-manifest.txt"), encoding: .utf8)
        let names = manifest.split(separator: "\n").filter { !$0.hasPrefix("#") }.compactMap {
            $0.split(separator: " ").first.map(String.init)
        }
        let browser = try Browser()
        _ = try await withPresetFolder(names) { folder in
            try await withStudioProgram(folder: folder) { studio in
                try await browser.withPage("\(studio.origin)/?token=\(studio.token)#edit=\(names[0]).json") { page in
                    var lines = ["| preset | size | fps | simulate ms | draw ms | edit → drawn ms |", "|---|---|---|---|---|---|"]
                    for name in names {
                        _ = try await page.evaluate("location.hash = 'edit=\(name).json'")
                        try #require(
                            try await page.wait("sparksStudio.doc && sparksStudio.doc.file === '\(name).json' && sparksStudio.frames > 5"))
                        try await Task.sleep(for: .seconds(3))
                        var latencies: [Double] = []
                        for i in 0..<5 {
                            _ = try await page.evaluate(
                                "sparksStudio.latencies = []; edit([{ op: 'set', path: ['layers', 0, 'opacity'], value: \(i % 2 == 0 ? 0.99 : 1) }])"
                            )
                            try #require(try await page.wait("sparksStudio.latencies.length > 0"))
                            latencies += try await page.evaluate("sparksStudio.latencies") as? [Double] ?? []
                            try await Task.sleep(for: .milliseconds(200))
                        }
                        let figures = try #require(
                            try await page.evaluate(
                                "[sparksStudio.fpsTimes.length, sparksStudio.header.simulateMs, sparksStudio.header.drawMs, sparksStudio.header.width, sparksStudio.header.height]"
                            ) as? [Double])
                        let median = latencies.sorted()[latencies.count / 2]
                        lines.append(
                            "| \(name) | \(Int(figures[3]))×\(Int(figures[4])) | \(Int(figures[0])) | \(String(format: "%.1f", figures[1])) | \(String(format: "%.1f", figures[2])) | \(Int(median.rounded())) |"
                        )
                    }
                    print(lines.joined(separator: "\n"))
                    return true
                }
            }
        }
    }
}
