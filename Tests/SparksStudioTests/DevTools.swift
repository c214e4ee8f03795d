import Foundation
import HummingbirdWSClient
import Logging
import NIOCore
import Testing

/// Headless Chromium driven through its DevTools protocol (the page's own JavaScript, real
/// mouse events, screenshots), over a WebSocket.
final class Browser: @unchecked Sendable {
    private let process: Process
    private let profile: URL
    /// The browser's DevTools WebSocket address.
    let endpoint: String

    /// Debian's Chromium.
    static let executable: URL? = ["/usr/bin/chromium", "/usr/bin/chromium-browser"].map(URL.init(fileURLWithPath:))
        .first { FileManager.default.isExecutableFile(atPath: $0.path) }

    init(width: Int = 1400, height: Int = 900) throws {
        let executable = try #require(Browser.executable, "Chromium is needed (Debian package chromium; make test installs it)")
        profile = FileManager.default.temporaryDirectory.appendingPathComponent("sparks-chromium-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: profile, withIntermediateDirectories: true)
        process = Process()
        process.executableURL = executable
        process.arguments = [
            "--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-extensions", "--remote-debugging-port=0",
            "--remote-allow-origins=ws://127.0.0.1", "--user-data-dir=\(profile.path)", "--window-size=\(width),\(height)",
            "about:blank",
        ]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let file = profile.appendingPathComponent("DevToolsActivePort")
        var lines: [Substring] = []
        for _ in 0..<600 {
            if let text = try? String(contentsOf: file, encoding: .utf8) {
                lines = text.split(separator: "\n")
                if lines.count >= 2 { break }
            }
            Thread.sleep(forTimeInterval: 0.05)
        }
        try #require(lines.count >= 2, "Chromium did not start its DevTools server")
        endpoint = "ws://127.0.0.1:\(lines[0])\(lines[1])"
    }

    deinit {
        process.terminate()
        process.waitUntilExit()
        try? FileManager.default.removeItem(at: profile)
    }

    /// Opens `url` in a new tab and runs `body` with it.
    func withPage<T: Sendable>(_ url: String, _ body: @escaping @Sendable (Page) async throws -> T) async throws -> T {
        let result = LockedBox<T?>(nil)
        try await WebSocketClient.connect(url: endpoint, configuration: .init(maxFrameSize: 1 << 26), logger: Logger(label: "devtools")) {
            inbound, outbound, _ in
            let connection = DevToolsConnection(inbound: inbound, outbound: outbound)
            let target = try await connection.call("Target.createTarget", ["url": "about:blank"])
            let targetId = try #require(target["targetId"] as? String)
            let attached = try await connection.call("Target.attachToTarget", ["targetId": targetId, "flatten": true])
            let page = Page(connection: connection, session: try #require(attached["sessionId"] as? String))
            _ = try await page.call("Page.enable")
            _ = try await page.call(
                "Emulation.setDeviceMetricsOverride", ["width": 1400, "height": 900, "deviceScaleFactor": 1, "mobile": false])
            _ = try await page.call("Page.navigate", ["url": url])
            result.value = try await body(page)
            try? await outbound.close(.normalClosure, reason: nil)
        }
        return try #require(result.value)
    }
}

/// Calls and answers over the DevTools WebSocket (events are skipped).
final class DevToolsConnection: @unchecked Sendable {
    private var iterator: WebSocketInboundMessageStream.AsyncIterator
    private let outbound: WebSocketOutboundWriter
    private var nextID = 1

    init(inbound: WebSocketInboundStream, outbound: WebSocketOutboundWriter) {
        iterator = inbound.messages(maxSize: 1 << 26).makeAsyncIterator()
        self.outbound = outbound
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    func call(_ method: String, _ parameters: [String: Any] = [:], session: String? = nil) async throws -> [String: Any] {
        let id = nextID
        nextID += 1
        var message: [String: Any] = ["id": id, "method": method, "params": parameters]
        if let session { message["sessionId"] = session }
        try await outbound.write(.text(String(decoding: try JSONSerialization.data(withJSONObject: message), as: UTF8.self)))
        while let answer = try await iterator.next() {
            guard case .text(let text) = answer,
                let object = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any], object["id"] as? Int == id
            else { continue }
            if let error = object["error"] as? [String: Any] { throw Failure(description: "\(method): \(error)") }
            return object["result"] as? [String: Any] ?? [:]
        }
        throw Failure(description: "\(method): the browser closed the connection")
    }
}

/// One tab.
struct Page: Sendable {
    let connection: DevToolsConnection
    let session: String

    func call(_ method: String, _ parameters: [String: Any] = [:]) async throws -> [String: Any] {
        try await connection.call(method, parameters, session: session)
    }

    /// The value of a JavaScript expression (promises awaited).
    func evaluate(_ expression: String) async throws -> Any? {
        let result = try await call("Runtime.evaluate", ["expression": expression, "returnByValue": true, "awaitPromise": true])
        if let exception = result["exceptionDetails"] as? [String: Any] {
            throw DevToolsConnection.Failure(description: "\(expression): \(exception)")
        }
        return (result["result"] as? [String: Any])?["value"]
    }

    /// Waits until `expression` is true in the page.
    @discardableResult
    func wait(_ expression: String, seconds: Double = 30) async throws -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while true {
            // Asked once more after the deadline: a test process whose threads were busy past it
            // still sees what the page did meanwhile.
            let last = Date() >= deadline
            // Not yet there (the page still loading) counts as false.
            if try await evaluate("(() => { try { return !!(\(expression)); } catch (e) { return false; } })()") as? Bool == true {
                return true
            }
            if last { return false }
            try await Task.sleep(for: .milliseconds(30))
        }
    }

    /// What the page shows and knows, for a failure's message: its address, load state, notice,
    /// socket state and frames drawn.
    func diagnosis() async -> String {
        let expression = """
            JSON.stringify({ href: location.href, readyState: document.readyState,
              notice: (document.getElementById('notice') || {}).textContent,
              socket: window.sparksStudio && sparksStudio.socket ? sparksStudio.socket.readyState : null,
              frames: window.sparksStudio ? sparksStudio.frames : null, doc: !!(window.sparksStudio && sparksStudio.doc),
              time: window.sparksStudio && sparksStudio.header ? sparksStudio.header.time : null,
              paused: window.sparksStudio && sparksStudio.header ? sparksStudio.header.paused : null,
              focus: document.activeElement ? document.activeElement.id || document.activeElement.tagName : null })
            """
        do { return "\(try await evaluate(expression) ?? "nothing")" } catch { return "the page did not answer: \(error)" }
    }

    /// Starts watching, in the page itself, for `expression` to become true (every 5 ms): a
    /// state the page passes through while the test process is busy is not missed. Wait for it
    /// with `wait("window.sparksSeen.NAME")`.
    func watch(_ name: String, _ expression: String) async throws {
        _ = try await evaluate(
            """
            (() => { window.sparksSeen = window.sparksSeen || {}; window.sparksSeen[\(quoted(name))] = false;
              const timer = setInterval(() => { try { if (\(expression)) { window.sparksSeen[\(quoted(name))] = true; clearInterval(timer); } } catch (e) {} }, 5); })()
            """)
    }

    /// Chooses `value` in the menu `selector` names (the change a person's choice makes).
    func choose(_ selector: String, _ value: String) async throws {
        try #require(try await wait("document.querySelector(\(quoted(selector)))"), "\(selector)")
        _ = try await evaluate(
            "(() => { const s = document.querySelector(\(quoted(selector))); s.value = \(quoted(value)); s.dispatchEvent(new Event('change')); })()"
        )
    }

    /// A mouse press at (x, y), a move to (toX, toY) in steps, and a release: a real drag.
    func drag(from x: Double, _ y: Double, to toX: Double, _ toY: Double, steps: Int = 8) async throws {
        _ = try await call("Input.dispatchMouseEvent", ["type": "mousePressed", "x": x, "y": y, "button": "left", "clickCount": 1])
        for i in 1...steps {
            let f = Double(i) / Double(steps)
            _ = try await call(
                "Input.dispatchMouseEvent",
                ["type": "mouseMoved", "x": x + (toX - x) * f, "y": y + (toY - y) * f, "button": "left", "buttons": 1])
            try await Task.sleep(for: .milliseconds(16))
        }
        _ = try await call("Input.dispatchMouseEvent", ["type": "mouseReleased", "x": toX, "y": toY, "button": "left", "clickCount": 1])
    }

    /// One mouse event ("mousePressed", "mouseMoved" with the button held, "mouseReleased").
    func mouse(_ type: String, x: Double, y: Double) async throws {
        var parameters: [String: Any] = ["type": type, "x": x, "y": y, "button": "left"]
        if type == "mouseMoved" { parameters["buttons"] = 1 } else { parameters["clickCount"] = 1 }
        _ = try await call("Input.dispatchMouseEvent", parameters)
    }

    /// A key pressed and let go, as the keyboard sends it ("ArrowRight", "ArrowLeft", "Home", " "…).
    func press(_ key: String) async throws {
        let codes = ["ArrowLeft": 37, "ArrowUp": 38, "ArrowRight": 39, "ArrowDown": 40, "Home": 36, "End": 35, " ": 32, "Enter": 13]
        for type in ["rawKeyDown", "keyUp"] {
            _ = try await call(
                "Input.dispatchKeyEvent",
                [
                    "type": type, "key": key, "code": key == " " ? "Space" : key, "windowsVirtualKeyCode": codes[key] ?? 0,
                    "nativeVirtualKeyCode": codes[key] ?? 0,
                ])
        }
    }

    /// The centre-left and width of an element's box: [x, y, width, height].
    func box(_ selector: String) async throws -> [Double] {
        let value = try await evaluate(
            "(() => { const r = document.querySelector(\(quoted(selector))).getBoundingClientRect(); return [r.x, r.y, r.width, r.height]; })()"
        )
        return try #require(value as? [Double])
    }

    /// A click at the middle of the element `selector` names, with the mouse, scrolled into view
    /// first as a person would.
    func click(_ selector: String) async throws {
        _ = try await evaluate("document.querySelector(\(quoted(selector))).scrollIntoView({ block: 'center' })")
        let b = try await box(selector)
        try await mouse("mousePressed", x: b[0] + b[2] / 2, y: b[1] + b[3] / 2)
        try await mouse("mouseReleased", x: b[0] + b[2] / 2, y: b[1] + b[3] / 2)
    }

    /// A PNG of the page.
    func screenshot() async throws -> Data {
        let shot = try await call("Page.captureScreenshot", ["format": "png"])
        let text = try #require(shot["data"] as? String)
        return try #require(Data(base64Encoded: text))
    }
}

/// `text` as a JavaScript string literal.
func quoted(_ text: String) -> String {
    String(decoding: try! JSONSerialization.data(withJSONObject: [text]), as: UTF8.self).dropFirst().dropLast().description
}
