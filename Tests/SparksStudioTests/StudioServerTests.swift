import Foundation
import SparksCore
import SparksRaster
import SparksSDL
import SparksStudio
import Testing

/// The studio's server over real HTTP and WebSocket connections on loopback.
@Suite(.serialized) struct StudioServerTests {
    @Test func theGalleryRenamesAndTrashesPresetsOfItsFolderOnly() async throws {
        try await withPresetFolder(["fire", "neon"]) { folder in
            try await withStudio(folder: folder) { studio in
                let list = try await studio.request("/api/presets")
                let presets = try #require(try JSONSerialization.jsonObject(with: Data(list.body)) as? [String: Any])
                let shipped = try #require(presets["shipped"] as? [String])
                #expect(shipped.contains("fire") && !shipped.contains { $0.hasPrefix("bench-") }, "benchmarks are not in the gallery")

                // Renamed: the new name, the old one gone; never over another preset; never outside.
                #expect(try await studio.request("/api/rename?name=fire.json&to=campfire", method: .post).status == 200)
                let files = { Set(try FileManager.default.contentsOfDirectory(atPath: folder.path)) }
                #expect(try files() == ["campfire.json", "neon.json"])
                #expect(try await studio.request("/api/rename?name=campfire.json&to=neon.json", method: .post).status == 409)
                for bad in ["../escaped", "sub/x", ".hidden", "-x", "sparks.schema.json"] {
                    let to = bad.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? bad
                    #expect(try await studio.request("/api/rename?name=campfire.json&to=\(to)", method: .post).status == 400, "\(bad)")
                }
                #expect(try await studio.request("/api/rename?name=missing.json&to=other", method: .post).status == 400)
                #expect(try files() == ["campfire.json", "neon.json"])
                #expect(
                    !FileManager.default.fileExists(atPath: folder.deletingLastPathComponent().appendingPathComponent("escaped.json").path))

                // Deleted: into the trash, with the information a file manager needs to put it back.
                let deleted = try await studio.request("/api/delete?name=campfire.json", method: .post)
                #expect(deleted.status == 200, "\(String(decoding: deleted.body, as: UTF8.self))")
                #expect(try files() == ["neon.json"])
                let trash = folder.deletingLastPathComponent().appendingPathComponent(folder.lastPathComponent + "-trash")
                defer { try? FileManager.default.removeItem(at: trash) }
                #expect(FileManager.default.fileExists(atPath: trash.appendingPathComponent("files/campfire.json").path))
                let info = try String(contentsOf: trash.appendingPathComponent("info/campfire.json.trashinfo"), encoding: .utf8)
                #expect(info.hasPrefix("[Trash Info]\nPath=\(folder.standardizedFileURL.path)/campfire.json\nDeletionDate="), "\(info)")
                // A second preset of the same name deleted later keeps the first in the trash.
                #expect(try await studio.request("/api/rename?name=neon.json&to=campfire", method: .post).status == 200)
                #expect(try await studio.request("/api/delete?name=campfire.json", method: .post).status == 200)
                #expect(FileManager.default.fileExists(atPath: trash.appendingPathComponent("files/campfire.2.json").path))
                #expect(try await studio.request("/api/delete?name=../fire.json", method: .post).status == 400)
            }
        }
    }

    @Test func answersItsOwnPageAndRefusesEveryoneElse() async throws {
        try await withPresetFolder(["fire"]) { folder in
            try await withStudio(folder: folder) { studio in
                // The table: every object of the property table with all its keys.
                let table = try await studio.request("/api/table")
                #expect(table.status == 200)
                let objects = try #require(
                    (try JSONSerialization.jsonObject(with: Data(table.body)) as? [String: Any])?["objects"] as? [[String: Any]])
                #expect(objects.map { $0["name"] as? String } == PresetObject.all.map(\.name))
                for (object, expected) in zip(objects, PresetObject.all) {
                    #expect((object["keys"] as? [[String: Any]])?.map { $0["key"] as? String } == expected.keys.map(\.key))
                }
                let list = try await studio.request("/api/presets")
                let presets = try #require(try JSONSerialization.jsonObject(with: Data(list.body)) as? [String: Any])
                #expect(presets["presets"] as? [String] == ["fire.json"])
                #expect((presets["shipped"] as? [String])?.contains("neon") == true)
                #expect((presets["images"] as? [String])?.contains("fire.png") == true)
                let image = try await studio.request("/api/image?name=fire.png")
                #expect(image.status == 200 && image.body.starts(with: [0x89, 0x50, 0x4E, 0x47]))
                // The page itself needs no token (it holds no data), but the right Host.
                #expect(try await studio.request("/").status == 200)
                #expect(try await studio.request("/studio.js").status == 200)

                // Refused: a wrong or missing token, another Host (DNS rebinding), another Origin.
                #expect(try await studio.request("/api/table", token: "0123").status == 403)
                #expect(try await studio.request("/api/table", token: "").status == 403)
                #expect(try await studio.request("/api/table", host: "evil.example:\(studio.port)").status == 403)
                #expect(try await studio.request("/", host: "evil.example:\(studio.port)").status == 403)
                #expect(try await studio.request("/api/table", host: "127.0.0.1").status == 403)
                #expect(try await studio.request("/api/table", origin: "http://evil.example").status == 403)
                #expect(try await studio.request("/api/table", origin: "http://127.0.0.1:1").status == 403)
                #expect(try await studio.request("/api/table", origin: studio.origin).status == 200)
                #expect(try await studio.request("/api/table", host: "localhost:\(studio.port)").status == 200)
                let refusal = try await studio.request("/api/table", token: "bad")
                #expect(String(decoding: refusal.body, as: UTF8.self).contains("token"))

                // Nothing outside the folder and assets.
                let secret = folder.deletingLastPathComponent().appendingPathComponent("secret-\(UUID().uuidString).json")
                try Data("{}".utf8).write(to: secret)
                defer { try? FileManager.default.removeItem(at: secret) }
                try FileManager.default.createSymbolicLink(
                    at: folder.appendingPathComponent("link.json"), withDestinationURL: secret)
                for path in [
                    "/api/export?file=../\(secret.lastPathComponent)&format=png", "/api/export?file=link.json&format=png",
                    "/api/export?file=%2Fetc%2Fpasswd&format=png", "/api/image?name=../../etc/passwd", "/api/image?name=%2Fetc%2Fpasswd",
                    "/api/thumbnail?name=../fire.json", "/api/export?file=fire.json&format=exe",
                ] {
                    let answer = try await studio.request(path)
                    #expect(answer.status >= 400, "\(path) answered \(answer.status)")
                }
                #expect(try await studio.request("/../../etc/passwd").status >= 400)
                // New presets are named by plain file names only.
                #expect(try await studio.request("/api/new?from=fire&name=..%2Fescape", method: .post).status == 400)
                #expect(
                    !FileManager.default.fileExists(atPath: folder.deletingLastPathComponent().appendingPathComponent("escape.json").path))
                let made = try await studio.request("/api/new?from=neon&name=my-neon", method: .post)
                #expect(made.status == 200)
                #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("my-neon.json").path))
                #expect(try await studio.request("/api/new?from=neon&name=my-neon", method: .post).status == 409)

                // The WebSocket: refused without the token, from another origin, for a file outside.
                await #expect(throws: (any Error).self) {
                    _ = try await studio.session("fire.json", token: "bad") { _ in true }
                }
                await #expect(throws: (any Error).self) {
                    _ = try await studio.session("fire.json", origin: "http://evil.example") { _ in true }
                }
                await #expect(throws: (any Error).self) {
                    _ = try await studio.session("..%2Fsecret.json") { _ in true }
                }
            }
        }
    }

    @Test func editsUndoRedoAndSavesMadeElsewhere() async throws {
        try await withPresetFolder(["fire"]) { folder in
            let file = folder.appendingPathComponent("fire.json")
            let original = try [UInt8](Data(contentsOf: file))
            try await withStudio(folder: folder) { studio in
                _ = try await studio.session("fire.json") { page in
                    try #require(try await page.wait { page.document != nil && page.frames >= 2 })
                    let path: [Any] = ["layers", 0, "emitterCells", 0, "birthRate"]
                    try await page.send(["type": "edit", "edits": [["op": "set", "path": path, "value": 250]]])
                    let steps: [PresetTextEdit.Step] = [.key("layers"), .index(0), .key("emitterCells"), .index(0), .key("birthRate")]
                    let edited = try PresetTextEdit.setting("250", at: steps, in: original)
                    #expect(try await waitForFile(file, toBe: edited), "the file is the original with one value changed")
                    try await page.send(["type": "undo"])
                    #expect(try await waitForFile(file, toBe: original))
                    try await page.send(["type": "redo"])
                    #expect(try await waitForFile(file, toBe: edited))

                    // A save made elsewhere reaches the page.
                    let outside = try PresetTextEdit.setting("77", at: steps, in: original)
                    try Data(outside).write(to: file)
                    try #require(
                        try await page.wait {
                            ((page.document?["document"] as? [String: Any]).flatMap { cellValue($0, "birthRate") }) == 77
                        })
                    // A bad value: the problem is named at its key, and the last good version keeps running.
                    let version = page.version
                    try await page.send([
                        "type": "edit", "edits": [["op": "set", "path": ["layers", 0, "emitterCells", 0, "lifetime"], "value": -5]],
                    ])
                    try #require(try await page.wait { page.version > version })
                    let problem = try #require(page.problems.first)
                    #expect(problem["path"] as? String == "layers[0].emitterCells[0].lifetime")
                    #expect((problem["message"] as? String)?.contains("must not be negative") == true)
                    let frames = page.frames
                    #expect(try await page.wait { page.frames >= frames + 3 }, "the preview keeps running the last good version")
                    try await page.send([
                        "type": "edit", "edits": [["op": "set", "path": ["layers", 0, "emitterCells", 0, "lifetime"], "value": 1]],
                    ])
                    try #require(try await page.wait { page.problems.isEmpty })
                    // Structure: add a sub-cell, duplicate, move, delete.
                    try await page.send([
                        "type": "edit",
                        "edits": [
                            [
                                "op": "insert", "path": ["layers", 0, "emitterCells", 0, "emitterCells"], "index": 0,
                                "value": ["name": "spark"],
                            ]
                        ],
                    ])
                    try await page.send([
                        "type": "edit", "edits": [["op": "duplicate", "path": ["layers", 0, "emitterCells", 0], "name": "fire2"]],
                    ])
                    try await page.send([
                        "type": "edit", "edits": [["op": "move", "path": ["layers", 0, "emitterCells"], "from": 1, "to": 0]],
                    ])
                    try #require(try await page.wait { cellNames(page.document) == ["fire2", "fire"] })
                    try await page.send(["type": "edit", "edits": [["op": "remove", "path": ["layers", 0, "emitterCells", 0]]]])
                    try #require(try await page.wait { cellNames(page.document) == ["fire"] })
                    // An animation and a behaviour added where there were none; a duplicated
                    // animation is named by its key (an animation has no name), so the preset stays good.
                    try await page.send([
                        "type": "edit",
                        "edits": [
                            [
                                "op": "insert", "path": ["layers", 0, "animations"], "index": 0,
                                "value": ["type": "basic", "key": "pulse", "keyPath": "opacity", "fromValue": 1, "toValue": 0.5],
                            ],
                            [
                                "op": "insert", "path": ["layers", 0, "emitterBehaviors"], "index": 0,
                                "value": ["type": "drag", "name": "air", "drag": 1],
                            ],
                            ["op": "duplicate", "path": ["layers", 0, "animations", 0], "name": "pulse2"],
                        ],
                    ])
                    func animationKeys() -> [String] {
                        let layer = ((page.document?["document"] as? [String: Any])?["layers"] as? [[String: Any]])?.first
                        return (layer?["animations"] as? [[String: Any]] ?? []).compactMap { $0["key"] as? String }
                    }
                    try #require(try await page.wait { animationKeys() == ["pulse", "pulse2"] })
                    #expect(page.problems.isEmpty, "\(page.problems)")
                    let outline = try #require(page.document?["outline"] as? [String: Any])
                    let layerItem = try #require((outline["children"] as? [[String: Any]])?.first { $0["kind"] as? String == "layer" })
                    let labels = (layerItem["children"] as? [[String: Any]] ?? []).map { "\($0["kind"] ?? "")=\($0["label"] ?? "")" }
                    #expect(labels.contains("animation=pulse2") && labels.contains("behavior=air"), "\(labels)")
                    // Drags on the preview: the emitter's position in the layer's coordinates (fire's
                    // layer has no size, so its origin is its position, 400, 300), its size as twice
                    // the distance from that emitter position (60, -10 from 100, 50), the layer's position in the canvas's.
                    for (key, x, y, expected) in [
                        ("emitterPosition", 500.0, 350.0, [100.0, 50.0]), ("emitterSize", 460.0, 290.0, [80.0, 120.0]),
                        ("position", 420.0, 310.0, [420.0, 310.0]),
                    ] {
                        try await page.send(["type": "drag", "x": x, "y": y, "layer": ["layers", 0], "key": key, "group": "g-\(key)"])
                        try #require(
                            try await page.wait {
                                let layer = ((page.document?["document"] as? [String: Any])?["layers"] as? [[String: Any]])?.first
                                return layer?[key] as? [Double] == expected
                            },
                            "\(key) dragged to \(expected): \(String(describing: ((page.document?["document"] as? [String: Any])?["layers"] as? [[String: Any]])?.first))"
                        )
                    }
                    try await page.send(["type": "drag", "x": 1.0, "y": 1.0, "layer": ["layers", 0], "key": "birthRate", "group": "g"])
                    try #require(try await page.wait { page.notices.contains { $0.contains("birthRate cannot be dragged") } })
                    return true
                }
            }
        }
    }

    @Test func pausedPreviewIsRenderAt() async throws {
        try await withPresetFolder(["fire", "neon"]) { folder in
            try await withStudio(folder: folder) { studio in
                for (name, time) in [("fire", 2.0), ("neon", 1.25)] {
                    let pixels = try await studio.session("\(name).json") { page in
                        try #require(try await page.wait { page.frames >= 1 })
                        try await page.send(["type": "seek", "time": time])
                        try #require(try await page.wait { page.header?["paused"] as? Bool == true && page.time == time })
                        // The budgets the preview keeps to, and what they cut (nothing here).
                        #expect(page.header?["particleLimit"] as? Int == PresetLimits.standard.maxParticles)
                        #expect(page.header?["refusedBirths"] as? Int == 0)
                        #expect(page.header?["budgetCut"] == nil)
                        return page.pixels
                    }
                    let expected = try renderedPixels(folder.appendingPathComponent("\(name).json"), at: time)
                    #expect(pixels == expected, "\(name) at \(time) s: the preview's pixels are render's")
                }
            }
        }
    }

    @Test func aChangedImageIsDrawnAgain() async throws {
        try await withPresetFolder([]) { folder in
            @Sendable func solid(_ r: UInt8, _ g: UInt8, _ b: UInt8, side: Int = 16) throws {
                let rgba = [UInt8]((0..<(side * side)).flatMap { _ in [r, g, b, 255] })
                try PixelImage(width: side, height: side, rgba: rgba).writePNG(to: folder.appendingPathComponent("tile.png").path)
            }
            try solid(255, 0, 0)
            try """
            {"canvas": {"width": 40, "height": 40, "background": "#000000"},
             "layers": [{"position": [20, 20], "bounds": [0, 0, 40, 40], "contents": "tile.png"}]}
            """.write(to: folder.appendingPathComponent("tile.json"), atomically: true, encoding: .utf8)
            try await withStudio(folder: folder) { studio in
                let colours = try await studio.session("tile.json") { page in
                    func centre() -> [UInt8] { Array(page.pixels[(20 * 40 + 20) * 4..<(20 * 40 + 20) * 4 + 4]) }
                    try #require(try await page.wait { page.frames >= 1 })
                    try await page.send(["type": "seek", "time": 0.5])
                    try #require(try await page.wait { page.header?["paused"] as? Bool == true && page.time == 0.5 })
                    let red = centre(), before = page.version
                    let imagesBefore = page.document?["imagesChangedAt"] as? Int
                    // Saved by an image editor while the preview plays (frames keep coming, so a
                    // preview that never reads it again fails here instead of waiting).
                    try await page.send(["type": "play"])
                    try solid(0, 0, 255)
                    let blue = try await page.wait(seconds: 10) { centre() == [0, 0, 255, 255] }
                    let after = page.version
                    let imagesAfter = page.document?["imagesChangedAt"] as? Int
                    // A new size is taken too (the text is read again with the image).
                    try solid(0, 255, 0, side: 8)
                    let green = try await page.wait(seconds: 10) { centre() == [0, 255, 0, 255] }
                    return (red, blue, green, before, after, imagesBefore, imagesAfter)
                }
                let (red, blue, green, before, after, imagesBefore, imagesAfter) = try #require(colours)
                #expect(red == [255, 0, 0, 255])
                #expect(blue && green, "the preview drew the image saved on disk")
                #expect(after > before, "an image change is a new version pages follow")
                // Pages key the image's thumbnail by the version it last changed at.
                #expect(imagesBefore == 0)
                #expect(imagesAfter.map { $0 > before && $0 <= after } == true)
            }
        }
    }

    @Test func concurrentPagesAndOneThatLeavesMidStream() async throws {
        try await withPresetFolder(["fire"]) { folder in
            try await withStudio(folder: folder) { studio in
                try await withThrowingTaskGroup(of: Bool.self) { group in
                    // A page that stops reading and disconnects while frames are in flight.
                    group.addTask {
                        try await studio.session("fire.json") { page in
                            try await page.wait(acknowledging: false) { page.frames >= 1 }
                            return true
                        } ?? false
                    }
                    for _ in 0..<3 {
                        group.addTask {
                            try await studio.session("fire.json") { page in
                                try await page.wait { page.frames >= 20 }
                            } ?? false
                        }
                    }
                    for try await ok in group { #expect(ok) }
                }
                // The studio serves on afterwards.
                let after = try await studio.session("fire.json") { page in try await page.wait { page.frames >= 5 } }
                #expect(after == true)
            }
        }
    }

    /// Streams at 8× speed for SPARKS_STUDIO_STREAM_SECONDS (default 20; 75 is ten minutes of
    /// scene time) and checks resident memory stops growing.
    @Test func boundedMemoryWhileStreaming() async throws {
        let seconds = Double(ProcessInfo.processInfo.environment["SPARKS_STUDIO_STREAM_SECONDS"] ?? "") ?? 20
        try await withPresetFolder(["fire"]) { folder in
            try await withStudio(folder: folder) { studio in
                let samples = try await studio.session("fire.json") { page in
                    try await page.send(["type": "speed", "speed": 8])
                    var samples: [Int] = []
                    let start = Date()
                    // At least four samples, however slow frames come (under a sanitizer each
                    // frame takes many times as long), within four times the time asked for.
                    while Date().timeIntervalSince(start) < seconds || (samples.count < 4 && Date().timeIntervalSince(start) < 4 * seconds)
                    {
                        let frames = page.frames
                        try #require(try await page.wait { page.frames >= frames + 30 })
                        samples.append(residentBytes())
                    }
                    return samples
                }
                let rss = try #require(samples)
                try #require(rss.count >= 4)
                let settled = rss[rss.count / 4], last = rss.max() ?? 0
                print("studio streaming: resident \(settled >> 20) MiB after a quarter, at most \(last >> 20) MiB, \(rss.count) samples")
                if ProcessInfo.processInfo.environment["SPARKS_SANITIZER"] == nil {
                    #expect(last - settled < 48 << 20, "resident memory grew by \((last - settled) >> 20) MiB")
                }
            }
        }
    }
}

/// Waits until the file holds exactly `bytes`.
func waitForFile(_ url: URL, toBe bytes: [UInt8], seconds: Double = 10) async throws -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
        if let data = try? Data(contentsOf: url), [UInt8](data) == bytes { return true }
        try await Task.sleep(for: .milliseconds(20))
    }
    return false
}

/// The first emitter's first cell's value of `key` in a document message's document.
func cellValue(_ document: [String: Any], _ key: String) -> Double? {
    let layers = document["layers"] as? [[String: Any]]
    let cells = layers?.first?["emitterCells"] as? [[String: Any]]
    return cells?.first?[key] as? Double
}

func cellNames(_ message: [String: Any]?) -> [String] {
    let document = message?["document"] as? [String: Any]
    let cells = (document?["layers"] as? [[String: Any]])?.first?["emitterCells"] as? [[String: Any]] ?? []
    return cells.compactMap { $0["name"] as? String }
}

/// This process's resident memory, from /proc.
func residentBytes() -> Int {
    guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
    let fields = text.split(separator: " ")
    return fields.count > 1 ? (Int(fields[1]) ?? 0) * Int(sysconf(Int32(_SC_PAGESIZE))) : 0
}
