import Foundation
import SparksCore
import SparksStudio
import Testing

/// The studio tried as an attacker would, with a client that sends bytes as it likes: every
/// spelling of a path that might slip past the token, requests larger or slower than any page
/// sends, and files swapped under the studio's feet.
@Suite(.serialized) struct StudioHostileClientTests {
    /// Ways to spell `/api/NAME` that a router might read as it while a guard reads them
    /// otherwise (`TAIL` is the rest of the target).
    static func spellings(of name: String, tail: String = "") -> [String] {
        [
            "//api/\(name)", "///api/\(name)", "/./api/\(name)", "/%2Fapi/\(name)", "/%2fapi/\(name)", "/api/../api/\(name)",
            "/api/./\(name)", "/api//\(name)", "/API/\(name)", "/Api/\(name.capitalized)", "/api/\(name)/", "/api/\(name).",
            "/api./\(name)", "/api/\(name)/.", "/api/\(name)%00", "/api%2F\(name)", "/%61pi/\(name)",
            "/api/%\(String(format: "%02X", name.utf8.first!))\(name.dropFirst())",
            "\\api\\\(name)", "/\\api/\(name)", "/api/\(name);x", "/.//api/\(name)", "/x/../api/\(name)", "//api//\(name)//",
        ].map { $0 + tail }
    }

    @Test func noSpellingOfAPathReachesTheAPIWithoutTheToken() async throws {
        try await withPresetFolder(["fire"]) { folder in
            try await withStudio(folder: folder) { studio in
                let host = "Host: 127.0.0.1:\(studio.port)\r\n"
                // The plain spelling with the token works: the test's requests are well formed.
                let good = try RawConnection.exchange(
                    port: studio.port, "GET /api/presets?token=\(studio.token) HTTP/1.1\r\n\(host)Connection: close\r\n\r\n")
                #expect(good.status == 200 && good.text.contains("fire.json"))
                let absolute = "http://127.0.0.1:\(studio.port)"
                for name in ["presets", "table"] {
                    for target in Self.spellings(of: name) + ["\(absolute)//api/\(name)", "\(absolute)/api/\(name)"] {
                        let answer = try RawConnection.exchange(
                            port: studio.port, "GET \(target) HTTP/1.1\r\n\(host)Connection: close\r\n\r\n")
                        #expect(answer.status.map { $0 >= 400 } ?? true, "GET \(target) answered \(answer.status ?? 0) without the token")
                        #expect(!answer.text.contains("fire.json") && !answer.text.contains("\"objects\""), "GET \(target) leaked data")
                    }
                }
                // Exports and new presets: nothing runs, nothing is written.
                for target in Self.spellings(of: "new", tail: "?from=neon&name=sneaky") {
                    let answer = try RawConnection.exchange(
                        port: studio.port, "POST \(target) HTTP/1.1\r\n\(host)Content-Length: 0\r\nConnection: close\r\n\r\n")
                    #expect(answer.status.map { $0 >= 400 } ?? true, "POST \(target) answered \(answer.status ?? 0)")
                }
                #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("sneaky.json").path))
                // The gallery's rename and delete: the preset stays where and as it is.
                for target in Self.spellings(of: "rename", tail: "?name=fire.json&to=moved")
                    + Self.spellings(of: "delete", tail: "?name=fire.json")
                {
                    let answer = try RawConnection.exchange(
                        port: studio.port, "POST \(target) HTTP/1.1\r\n\(host)Content-Length: 0\r\nConnection: close\r\n\r\n")
                    #expect(answer.status.map { $0 >= 400 } ?? true, "POST \(target) answered \(answer.status ?? 0)")
                }
                #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("fire.json").path))
                #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("moved.json").path))
                for target in Self.spellings(of: "export", tail: "?file=fire.json&format=swift") {
                    let answer = try RawConnection.exchange(port: studio.port, "GET \(target) HTTP/1.1\r\n\(host)Connection: close\r\n\r\n")
                    #expect(answer.status.map { $0 >= 400 } ?? true, "GET \(target) answered \(answer.status ?? 0)")
                    #expect(!answer.text.contains("CAEmitterLayer"), "GET \(target) exported the preset")
                }
                // The WebSocket session (read and write): no upgrade under any spelling.
                for target in Self.spellings(of: "session", tail: "?file=fire.json") {
                    let answer = try RawConnection.exchange(
                        port: studio.port,
                        "GET \(target) HTTP/1.1\r\n\(host)Upgrade: websocket\r\nConnection: Upgrade\r\n"
                            + "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n", seconds: 10)
                    #expect(answer.status != 101, "\(target) opened a session without the token")
                }
                // With the token, a path spelled otherwise is refused too: one spelling only.
                let doubled = try RawConnection.exchange(
                    port: studio.port, "GET //api/presets?token=\(studio.token) HTTP/1.1\r\n\(host)Connection: close\r\n\r\n")
                #expect(doubled.status == 403)
            }
        }
    }

    @Test func readsNothingOutsideItsFolderWhateverTheLinks() async throws {
        try await withPresetFolder(["fire"]) { folder in
            let outside = FileManager.default.temporaryDirectory.appendingPathComponent("sparks-outside-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: outside) }
            // An outside preset that draws differently (a white canvas), and a secret.
            var neon = try String(contentsOf: repositoryRoot.appendingPathComponent("presets/neon.json"), encoding: .utf8)
            neon = neon.replacingOccurrences(of: "\"background\": \"#000000\"", with: "\"background\": \"#ffffff\"")
            try neon.write(to: outside.appendingPathComponent("other.json"), atomically: true, encoding: .utf8)
            try "root:x:0:0:secret-marker\n".write(to: outside.appendingPathComponent("passwd"), atomically: true, encoding: .utf8)
            try FileManager.default.createSymbolicLink(
                at: folder.appendingPathComponent("passwd.json"), withDestinationURL: outside.appendingPathComponent("passwd"))
            try FileManager.default.createSymbolicLink(
                at: folder.appendingPathComponent("linked.json"), withDestinationURL: outside.appendingPathComponent("other.json"))
            try FileManager.default.linkItem(
                at: outside.appendingPathComponent("other.json"), to: folder.appendingPathComponent("hard.json"))
            try await withStudio(folder: folder) { studio in
                for name in ["passwd.json", "linked.json", "hard.json"] {
                    let thumbnail = try await studio.request("/api/thumbnail?name=\(name)")
                    #expect(thumbnail.status >= 400, "the thumbnail of \(name) was drawn")
                    #expect(!String(decoding: thumbnail.body, as: UTF8.self).contains("secret-marker"), "\(name)'s content leaked")
                    let export = try await studio.request("/api/export?file=\(name)&format=swift")
                    #expect(export.status >= 400, "\(name) was exported")
                }
                // Checked, then swapped for a link to the outside preset: the export is of what
                // was checked, not of a path opened again.
                let file = folder.appendingPathComponent("fire.json")
                let before = try await studio.request("/api/export?file=fire.json&format=swift")
                #expect(before.status == 200)
                try FileManager.default.removeItem(at: file)
                try FileManager.default.createSymbolicLink(at: file, withDestinationURL: outside.appendingPathComponent("other.json"))
                try await Task.sleep(for: .milliseconds(300))
                let after = try await studio.request("/api/export?file=fire.json&format=swift")
                #expect(after.status == 200)
                #expect(after.body == before.body, "the export read the swapped file")
                let png = try await studio.request("/api/export?file=fire.json&format=png&at=0.5")
                #expect(png.status == 200 && png.body.starts(with: [0x89, 0x50, 0x4E, 0x47]))
                // Downloads are named plainly whatever the file is called.
                try FileManager.default.copyItem(
                    at: repositoryRoot.appendingPathComponent("presets/fire.json"), to: folder.appendingPathComponent("we\"ird ;name.json"))
                let weird = try await studio.request("/api/export?file=we%22ird%20%3Bname.json&format=objc")
                #expect(weird.status == 200)
                #expect(weird.headers[.contentDisposition] == "attachment; filename=\"we-ird--name.m\"")
                // New presets: no option-like names, nothing written outside, no command line.
                #expect(try await studio.request("/api/new?from=neon&name=-h", method: .post).status == 400)
                #expect(try await studio.request("/api/new?from=neon&name=..", method: .post).status == 400)
                // Names that show as another name: bidirectional overrides, separators, controls.
                for name in ["evil%E2%80%AEnosj.exe", "a%E2%80%A8b", "a%C2%9Bb", "a%1B%5B2Jb"] {
                    #expect(try await studio.request("/api/new?from=neon&name=\(name)", method: .post).status == 400, "\(name)")
                }
                #expect(try await studio.request("/api/new?from=neon&name=linked", method: .post).status == 409)
                // Times that are not times.
                for at in ["nan", "inf", "-1", "1e9", "", "3600.5"] {
                    #expect(try await studio.request("/api/export?file=fire.json&format=png&at=\(at)").status == 400, "at=\(at)")
                }
            }
        }
    }

    @Test func aRequestNamingTwoHostsIsRefused() async throws {
        try await withPresetFolder(["fire"]) { folder in
            try await withStudio(folder: folder) { studio in
                let own = "Host: 127.0.0.1:\(studio.port)\r\n"
                let request = "GET /api/presets?token=\(studio.token) HTTP/1.1\r\n"
                #expect(try RawConnection.exchange(port: studio.port, request + own + "Connection: close\r\n\r\n").status == 200)
                // Either order: a proxy in front may read the other one.
                for hosts in [own + "Host: evil.example\r\n", "Host: evil.example\r\n" + own, own + own] {
                    let answer = try RawConnection.exchange(port: studio.port, request + hosts + "Connection: close\r\n\r\n")
                    #expect(answer.status == 403, "\(hosts.debugDescription) answered \(answer.status ?? 0)")
                    #expect(!answer.text.contains("fire.json"))
                }
            }
        }
    }

    @Test func silentAndOversizedRequestsAreClosed() async throws {
        try await withPresetFolder(["fire"]) { folder in
            try await withStudio(folder: folder, idleTimeout: 1) { studio in
                // Nothing said: closed after the idle time.
                let silent = try RawConnection(port: studio.port)
                let (_, closed) = silent.receive(seconds: 5)
                #expect(closed, "a silent connection stayed open")
                // Half a request: the same.
                let half = try RawConnection(port: studio.port)
                half.send("GET /api/presets HTTP/1.1\r\nHost: 127.0.0.1:\(studio.port)\r\n")
                #expect(half.receive(seconds: 5).closed, "an unfinished request kept its connection")
                // A request line of 100 KB and one the reader cannot read: answered, then closed.
                for request in [
                    "GET /\(String(repeating: "a", count: 100_000)) HTTP/1.1\r\nHost: 127.0.0.1:\(studio.port)\r\n\r\n",
                    "GET \\api\\presets HTTP/1.1\r\nHost: 127.0.0.1:\(studio.port)\r\n\r\n", "NOT HTTP AT ALL\r\n\r\n",
                ] {
                    let connection = try RawConnection(port: studio.port)
                    connection.send(request)
                    let (bytes, closed) = connection.receive(seconds: 5)
                    let text = String(decoding: bytes, as: UTF8.self)
                    #expect(text.hasPrefix("HTTP/1.1 4"), "\(request.prefix(30)): \(text.prefix(80))")
                    #expect(closed)
                }
            }
            // Exports beyond the few made at once are refused, not queued (with the usual idle
            // time: the test's own client may be slow to send on a busy machine).
            try await withStudio(folder: folder) { studio in
                let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
                    for _ in 0..<5 { group.addTask { try await studio.request("/api/export?file=fire.json&format=gif").status } }
                    return try await group.reduce(into: []) { $0.append($1) }
                }
                #expect(statuses.contains(503) && statuses.contains(200), "\(statuses)")
            }
        }
    }
}

/// A page of another site (another port of 127.0.0.1) open in the same browser as the studio:
/// images, fetches, a form and a WebSocket aimed at the studio under every spelling of its
/// paths reach nothing.
@Suite(.serialized) struct StudioCrossOriginTests {
    @Test func aPageOnAnotherPortReachesNothing() async throws {
        let browser = try Browser()
        try await withPresetFolder(["fire"]) { folder in
            try await withStudio(folder: folder, start: "fire.json") { studio in
                let target = "http://127.0.0.1:\(studio.port)"
                // The page's own stylesheet needs no token: it shows the probes do arrive.
                var probes: [String] = ["img(\(quoted(target + "/studio.css")));"]
                for spelling in StudioHostileClientTests.spellings(of: "presets") + StudioHostileClientTests.spellings(of: "table") {
                    probes.append("img(\(quoted(target + spelling)));")
                }
                for spelling in StudioHostileClientTests.spellings(of: "export", tail: "?file=fire.json&format=gif") {
                    probes.append(
                        "img(\(quoted(target + spelling))); settle(fetch(\(quoted(target + spelling)), {mode: 'no-cors'}));")
                }
                for spelling in StudioHostileClientTests.spellings(of: "new", tail: "?from=neon&name=cross")
                    + StudioHostileClientTests.spellings(of: "rename", tail: "?name=fire.json&to=cross")
                    + StudioHostileClientTests.spellings(of: "delete", tail: "?name=fire.json")
                {
                    probes.append("post(\(quoted(target + spelling)));")
                }
                for spelling in StudioHostileClientTests.spellings(of: "session", tail: "?file=fire.json") {
                    probes.append("socket(\(quoted("ws://127.0.0.1:\(studio.port)" + spelling)));")
                }
                let page = """
                    <!doctype html><html><body><script>
                    // Every probe counts until its answer (or refusal) is in: then the studio has
                    // seen all of them, however busy the machine.
                    let pending = 0, started = false;
                    function done() { pending -= 1; if (started && pending === 0) window.probed = true; }
                    function settle(promise) { pending += 1; promise.catch(() => {}).finally(done); }
                    function img(u) { pending += 1; const i = new Image(); i.onload = i.onerror = done; i.src = u; document.body.appendChild(i); }
                    function socket(u) { pending += 1; try { const w = new WebSocket(u); w.onclose = done; } catch (e) { done(); } }
                    function post(u) { pending += 1; const f = document.createElement('iframe'); f.name = 'f' + Math.random();
                      document.body.appendChild(f); f.onload = done;
                      const form = document.createElement('form'); form.method = 'POST'; form.action = u; form.target = f.name;
                      document.body.appendChild(form); form.submit(); }
                    \(probes.joined(separator: "\n"))
                    started = true; if (pending === 0) window.probed = true;
                    </script></body></html>
                    """
                try await withPageServer(page) { origin in
                    let probed = try await browser.withPage(origin) { tab in try await tab.wait("window.probed === true", seconds: 120) }
                    #expect(probed, "every probe had its answer")
                }
                let reached = try #require(studio.access).admitted
                #expect(reached == ["/studio.css"], "the other page reached \(reached)")
                #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("cross.json").path))
                #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("fire.json").path))
            }
        }
    }
}
