import Foundation
import SparksCore
import SparksStudio
import Testing

/// A designer's whole task, in the page only: from the gallery, a new preset from fire, made
/// blue, wider and slower, a spark sub-cell added, then a GIF and Swift code downloaded. Each
/// step's screenshot goes to .build/studio-steps/.
@Suite(.serialized) struct StudioDesignerTests {
    @Test func blueWiderSlowerFireWithSparksExported() async throws {
        let browser = try Browser()
        let shots = repositoryRoot.appendingPathComponent(".build/studio-steps")
        try? FileManager.default.removeItem(at: shots)
        try FileManager.default.createDirectory(at: shots, withIntermediateDirectories: true)
        try await withPresetFolder([]) { folder in
            let downloads = folder.appendingPathComponent("downloads")
            try FileManager.default.createDirectory(at: downloads, withIntermediateDirectories: true)
            try await withStudioProgram(folder: folder) { studio in
                try await browser.withPage("\(studio.origin)/?token=\(studio.token)") { page in
                    _ = try await page.connection.call(
                        "Browser.setDownloadBehavior", ["behavior": "allow", "downloadPath": downloads.path])
                    func shot(_ name: String) async throws {
                        try await Task.sleep(for: .milliseconds(400))
                        try await page.screenshot().write(to: shots.appendingPathComponent("\(name).png"))
                    }
                    func set(_ selector: String, _ value: String, event: String = "change") async throws {
                        try #require(try await page.wait("document.querySelector(\(quoted(selector)))"), "\(selector)")
                        _ = try await page.evaluate(
                            "(() => { const e = document.querySelector(\(quoted(selector))); e.value = \(quoted(value)); e.dispatchEvent(new Event('\(event)')); })()"
                        )
                    }
                    func click(_ selector: String) async throws {
                        try #require(try await page.wait("document.querySelector(\(quoted(selector)))"), "\(selector)")
                        let box = try await page.box(selector)
                        let x = box[0] + box[2] / 2, y = box[1] + box[3] / 2
                        _ = try await page.call(
                            "Input.dispatchMouseEvent", ["type": "mousePressed", "x": x, "y": y, "button": "left", "clickCount": 1])
                        _ = try await page.call(
                            "Input.dispatchMouseEvent", ["type": "mouseReleased", "x": x, "y": y, "button": "left", "clickCount": 1])
                    }
                    let file = folder.appendingPathComponent("campfire.json")
                    func cell() throws -> JSONNode {
                        let root = try JSONParser.parse([UInt8](Data(contentsOf: file)))
                        guard case .array(let layers)? = root["layers"]?.value,
                            case .array(let cells)? = layers.first?["emitterCells"]?.value
                        else { throw DevToolsConnection.Failure(description: "no cell") }
                        return cells[0]
                    }
                    func layer() throws -> JSONNode {
                        let root = try JSONParser.parse([UInt8](Data(contentsOf: file)))
                        guard case .array(let layers)? = root["layers"]?.value else {
                            throw DevToolsConnection.Failure(description: "no layer")
                        }
                        return layers[0]
                    }
                    func eventually(_ what: String, seconds: Double = 30, _ condition: () throws -> Bool) async throws {
                        for _ in 0..<Int(seconds * 40) {
                            if (try? condition()) == true { return }
                            try await Task.sleep(for: .milliseconds(25))
                        }
                        Issue.record("never: \(what)")
                    }

                    // The gallery: a name, then the shipped fire.
                    try #require(try await page.wait("document.querySelectorAll('#shipped-presets .card').length > 10"))
                    try await set("#new-name", "campfire", event: "input")
                    try await shot("1-gallery")
                    let fireCard = try #require(
                        try await page.evaluate(
                            "[...document.querySelectorAll('#shipped-presets .card')].findIndex(c => c.textContent === 'fire')") as? Int)
                    try await click("#shipped-presets .card:nth-child(\(fireCard + 1))")
                    try #require(
                        try await page.wait("sparksStudio.doc && sparksStudio.doc.file === 'campfire.json' && sparksStudio.frames > 2"))
                    #expect(FileManager.default.fileExists(atPath: file.path))
                    try await shot("2-new-from-fire")

                    // Blue: the first cell is selected; its colour picker.
                    try await set(".row[data-key=color] input[type=color]", "#3380ff", event: "input")
                    try await eventually("the colour is blue") {
                        guard case .array(let c)? = try cell()["color"]?.value, case .number(let b) = c[2].value,
                            case .number(let r) = c[0].value
                        else {
                            return false
                        }
                        return b == 1 && r == 0.2
                    }
                    try await shot("3-blue")

                    // Slower: a lower upward acceleration, typed.
                    try await set(".row[data-key=yAcceleration] input.number", "-80")
                    try await eventually("slower") { if case .number(-80)? = try cell()["yAcceleration"]?.value { true } else { false } }
                    try await shot("4-slower")

                    // Wider: the emitter layer's emitterSize.
                    try await click("#tree .item[data-path=\"layers[0]\"]")
                    try await set(".row[data-key=emitterSize] input[data-field=\"emitterSize.0\"]", "200")
                    try await eventually("wider") {
                        guard case .array(let size)? = try layer()["emitterSize"]?.value, case .number(200) = size[0].value else {
                            return false
                        }
                        return true
                    }
                    try await shot("5-wider")

                    // A spark sub-cell: select the cell, Add, Rename.
                    try await click("#tree .item[data-path=\"layers[0].emitterCells[0]\"]")
                    try await click("#add-item")
                    try await eventually("a sub-cell") {
                        if case .array(let subs)? = try cell()["emitterCells"]?.value { subs.count == 1 } else { false }
                    }
                    try #require(
                        try await page.wait(
                            "document.querySelector('#tree .item[data-path=\"layers[0].emitterCells[0].emitterCells[0]\"]')"))
                    try await click("#tree .item[data-path=\"layers[0].emitterCells[0].emitterCells[0]\"]")
                    try await click("#rename-item")
                    try #require(try await page.wait("document.getElementById('rename-field')"))
                    _ = try await page.evaluate("document.getElementById('rename-field').value = 'spark'")
                    _ = try await page.call(
                        "Input.dispatchKeyEvent", ["type": "keyDown", "key": "Enter", "code": "Enter", "windowsVirtualKeyCode": 13])
                    _ = try await page.call(
                        "Input.dispatchKeyEvent", ["type": "keyUp", "key": "Enter", "code": "Enter", "windowsVirtualKeyCode": 13])
                    try await eventually("the sub-cell is named spark") {
                        guard case .array(let subs)? = try cell()["emitterCells"]?.value,
                            case .string(let name)? = subs.first?["name"]?.value
                        else {
                            return false
                        }
                        return name == "spark"
                    }
                    try await shot("6-spark-sub-cell")

                    // Where it burns: a drag on the preview moves the emitter (the layer is selected).
                    try await click("#tree .item[data-path=\"layers[0]\"]")
                    let preview = try await page.box("#preview")
                    try await page.drag(
                        from: preview[0] + preview[2] * 0.5, preview[1] + preview[3] * 0.5, to: preview[0] + preview[2] * 0.5,
                        preview[1] + preview[3] * 0.7)
                    try await eventually("the emitter moved down") {
                        guard case .array(let p)? = try layer()["emitterPosition"]?.value, case .number(let y) = p[1].value else {
                            return false
                        }
                        return y > 100
                    }
                    try await shot("7-moved")

                    // Exports: a GIF, Swift code and the .ca bundle (zipped), downloaded.
                    for (format, name) in [("gif", "campfire.gif"), ("swift", nil as String?), ("caml", "campfire.ca.zip")] {
                        try await click("#export-button")
                        try await click("#export-menu button[data-format=\(format)]")
                        // A GIF is 75 frames drawn and encoded by ffmpeg: give it time on a busy machine.
                        try await eventually("the \(format) download", seconds: 300) {
                            let files = try FileManager.default.contentsOfDirectory(atPath: downloads.path)
                            return files.contains { ($0 == name || (name == nil && $0.hasSuffix(".swift"))) }
                        }
                    }
                    try await shot("8-exported")
                    if ProcessInfo.processInfo.environment["SPARKS_UPDATE_DOCS"] == "1" {
                        let docs = repositoryRoot.appendingPathComponent("docs/studio")
                        try FileManager.default.createDirectory(at: docs, withIntermediateDirectories: true)
                        for file in try FileManager.default.contentsOfDirectory(atPath: shots.path) {
                            try? FileManager.default.removeItem(at: docs.appendingPathComponent(file))
                            try FileManager.default.copyItem(at: shots.appendingPathComponent(file), to: docs.appendingPathComponent(file))
                        }
                    }
                    let files = try FileManager.default.contentsOfDirectory(atPath: downloads.path)
                    let gif = try Data(contentsOf: downloads.appendingPathComponent("campfire.gif"))
                    #expect(gif.starts(with: Array("GIF89a".utf8)))
                    let swiftFile = try #require(files.first { $0.hasSuffix(".swift") })
                    let swift = try String(contentsOf: downloads.appendingPathComponent(swiftFile), encoding: .utf8)
                    #expect(swift.contains("CAEmitterLayer") && swift.contains("\"spark\""), "\(swift.prefix(400))")
                    // The bundle: one folder holding main.caml, index.xml and the images.
                    let zip = try Data(contentsOf: downloads.appendingPathComponent("campfire.ca.zip"))
                    #expect(zip.starts(with: Array("PK".utf8)))
                    let listing = Process()
                    listing.executableURL = URL(fileURLWithPath: "/usr/bin/env")
                    listing.arguments = [
                        "python3", "-c", "import sys, zipfile; print('\\n'.join(zipfile.ZipFile(sys.argv[1]).namelist()))",
                        downloads.appendingPathComponent("campfire.ca.zip").path,
                    ]
                    let names = Pipe()
                    listing.standardOutput = names
                    try listing.run()
                    listing.waitUntilExit()
                    let entries = String(decoding: names.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
                    #expect(entries.contains(".ca/main.caml") && entries.contains(".ca/index.xml"), "\(entries)")
                    #expect(entries.contains(".ca/assets/"), "\(entries)")
                    return true
                }
            }
        }
    }
}
