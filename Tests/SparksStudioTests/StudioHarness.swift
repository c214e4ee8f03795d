import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import HummingbirdWSClient
import Logging
import NIOCore
import SparksCommandSupport
import SparksCore
import SparksSDL
import SparksStudio
import Testing

/// The folder holding the repository's presets and assets.
let repositoryRoot: URL = {
    var url = URL(fileURLWithPath: #filePath)
    while !FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) {
        url = url.deletingLastPathComponent()
    }
    return url
}()

/// The `sparks` executable built beside the test bundle.
let sparksExecutable: URL = {
    var dir = Bundle.main.bundleURL
    for _ in 0..<3 {
        let candidate = dir.appendingPathComponent("sparks")
        if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        dir = dir.deletingLastPathComponent()
    }
    return repositoryRoot.appendingPathComponent(".build/release/sparks")
}()

/// A folder of its own with copies of shipped presets, removed afterwards.
func withPresetFolder<T>(_ presets: [String], _ body: (URL) async throws -> T) async throws -> T {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sparks-studio-test-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    for name in presets {
        try FileManager.default.copyItem(
            at: repositoryRoot.appendingPathComponent("presets/\(name).json"), to: folder.appendingPathComponent("\(name).json"))
    }
    return try await body(folder)
}

/// A running studio on a free port of 127.0.0.1.
struct RunningStudio: Sendable {
    let port: Int
    let token: String
    let folder: URL
    /// The server's door, when it runs in this process (what it let through).
    var access: StudioAccess?

    var origin: String { "http://127.0.0.1:\(port)" }

    /// A GET (or `method`) with the studio's own Host unless told otherwise.
    func request(
        _ path: String, method: HTTPRequest.Method = .get, host: String? = nil, origin: String? = nil, token: String? = nil
    ) async throws -> (status: Int, body: [UInt8], headers: HTTPFields) {
        var uri = path
        if let token = token ?? (path.hasPrefix("/api/") ? self.token : nil) {
            uri += (path.contains("?") ? "&" : "?") + "token=\(token)"
        }
        var headers = HTTPFields()
        if let origin { headers[.origin] = origin }
        let request = TestClient.Request(
            uri, method: method, authority: host ?? "127.0.0.1:\(port)", headers: headers, body: method == .post ? ByteBuffer() : nil)
        let response = try await TestClient.withClient(host: "127.0.0.1", port: port, configuration: .init(timeout: .seconds(120))) {
            try await $0.execute(request)
        }
        return (Int(response.status.code), Array(buffer: response.body ?? ByteBuffer()), response.headers)
    }

    /// A WebSocket session on preset `file`.
    func session<T: Sendable>(
        _ file: String, origin: String? = nil, token: String? = nil, _ body: @escaping @Sendable (StudioConnection) async throws -> T
    ) async throws -> T? {
        var headers = HTTPFields()
        if let origin { headers[.origin] = origin }
        let result = LockedBox<T?>(nil)
        let url = "ws://127.0.0.1:\(port)/api/session?token=\(token ?? self.token)&file=\(file)"
        try await WebSocketClient.connect(
            url: url, configuration: .init(maxFrameSize: 1 << 24, additionalHeaders: headers), logger: Logger(label: "test")
        ) { inbound, outbound, _ in
            let connection = StudioConnection(inbound: inbound, outbound: outbound)
            result.value = try await body(connection)
            try? await outbound.close(.normalClosure, reason: nil)
        }
        return result.value
    }
}

/// Runs a studio on `folder` for the length of `body`.
@discardableResult
func withStudio<T: Sendable>(
    folder: URL, start: String? = nil, threads: Int = 2, idleTimeout: Double = 30,
    _ body: @escaping @Sendable (RunningStudio) async throws -> T
) async throws -> T {
    var configuration = StudioServer.Configuration(
        folder: folder, startFile: start, webFolder: repositoryRoot.appendingPathComponent("studio"), port: 0, threads: threads)
    configuration.idleTimeout = idleTimeout
    // Deleted presets go to a trash of the test's own, beside its folder.
    configuration.trashFolder = folder.deletingLastPathComponent().appendingPathComponent(folder.lastPathComponent + "-trash")
    let server = StudioServer(configuration, locator: PresetLocator(executable: sparksExecutable.path), token: StudioAccess.randomToken())
    let port = LockedBox<Int?>(nil)
    let app = server.application { port.value = $0 }
    let token = server.token
    let result = LockedBox<T?>(nil)
    try await app.test(.live) { _ in
        for _ in 0..<500 where port.value == nil { try await Task.sleep(for: .milliseconds(10)) }
        let running = RunningStudio(port: try #require(port.value), token: token, folder: folder, access: server.access)
        result.value = try await body(running)
    }
    return try #require(result.value)
}

/// A running `sparks-studio studio FOLDER` (or `sparks studio FOLDER` with `wrapper`): the program
/// people run, in a process of its own. Browser tests use it rather than a server in the test
/// process, whose shared threads the suite's other tests keep busy (a page there can wait half
/// a minute for its next frame).
final class StudioProgram: @unchecked Sendable {
    let process = Process()
    let studio: RunningStudio
    /// What the program printed (a file, so that a long session never fills a pipe).
    let log: URL

    init(folder: URL, wrapper: Bool = false, threads: Int = 1) throws {
        let programs = sparksExecutable.deletingLastPathComponent()
        process.executableURL = programs.appendingPathComponent(wrapper ? "sparks" : "sparks-studio")
        process.arguments = ["studio", folder.path, "--port", "0", "--no-open", "--threads", String(threads)]
        // Deleted presets go to a trash of the test's own, beside its folder.
        process.environment = ProcessInfo.processInfo.environment.merging(
            ["XDG_DATA_HOME": folder.deletingLastPathComponent().appendingPathComponent(folder.lastPathComponent + "-data").path]) { $1 }
        log = FileManager.default.temporaryDirectory.appendingPathComponent("sparks-studio-\(UUID().uuidString).log")
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        let handle = try FileHandle(forWritingTo: log)
        process.standardOutput = handle
        process.standardError = handle
        try process.run()
        try handle.close()
        // "Sparks Studio: http://127.0.0.1:PORT/?token=TOKEN"
        var said = ""
        let deadline = Date().addingTimeInterval(60)
        while !said.contains("http://"), Date() < deadline, process.isRunning {
            Thread.sleep(forTimeInterval: 0.02)
            said = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        }
        let line = said.split(separator: "\n").first { $0.contains("http://") } ?? ""
        let address = try #require(line.split(separator: " ").first { $0.hasPrefix("http://") }, "sparks-studio said: \(said)")
        let port = try #require(Int(address.split(separator: ":")[2].prefix { $0.isNumber }))
        let token = try #require(address.split(separator: "token=").last.map { String($0.prefix { $0.isHexDigit }) })
        studio = RunningStudio(port: port, token: token, folder: folder)
    }

    deinit {
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
        try? FileManager.default.removeItem(at: log)
    }

    /// CPU seconds the process has used (user and system), from /proc/PID/stat.
    var cpuSeconds: Double {
        guard let stat = try? String(contentsOfFile: "/proc/\(process.processIdentifier)/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")")
        else { return 0 }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        // Fields 14 and 15 of the whole line (utime, stime) are the 12th and 13th after the name.
        return ((Double(fields[11]) ?? 0) + (Double(fields[12]) ?? 0)) / Double(sysconf(Int32(_SC_CLK_TCK)))
    }

    /// Resident memory in bytes, from /proc/PID/status.
    var residentBytes: Int {
        guard let status = try? String(contentsOfFile: "/proc/\(process.processIdentifier)/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") })
        else { return 0 }
        return (Int(line.split(separator: " ")[1]) ?? 0) * 1024
    }

    /// Waits up to `seconds` for the process to end; true when it has.
    func waitForExit(seconds: Double) async throws -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while process.isRunning, Date() < deadline { try await Task.sleep(for: .milliseconds(20)) }
        return !process.isRunning
    }
}

/// Runs `sparks-studio studio FOLDER` for the length of `body`, then stops it.
@discardableResult
func withStudioProgram<T: Sendable>(folder: URL, threads: Int = 2, _ body: (RunningStudio) async throws -> T) async throws -> T {
    let program = try StudioProgram(folder: folder, threads: threads)
    defer { withExtendedLifetime(program) {} }
    return try await body(program.studio)
}

/// Headless Chromium on a page of a `sparks-studio` of its own, serving copies of `presets`, at
/// `#fragment`; a page opened on a preset (`edit=NAME`) is handed over once its preview streams.
/// What each browser test starts from.
func withStudioPage(
    _ presets: [String], at fragment: String, _ body: @escaping @Sendable (Page, URL) async throws -> Void
) async throws {
    let browser = try Browser()
    try await withPresetFolder(presets) { folder in
        try await withStudioProgram(folder: folder) { studio in
            try await browser.withPage("\(studio.origin)/?token=\(studio.token)#\(fragment)") { page in
                if fragment.hasPrefix("edit=") {
                    let streams = try await page.wait("sparksStudio.frames > 3 && sparksStudio.doc")
                    let diagnosis = await page.diagnosis()
                    try #require(streams, "the preview streams: \(diagnosis)")
                }
                try await body(page, folder)
            }
        }
    }
}

/// One page's end of a session: what the studio sent, and messages to send it.
final class StudioConnection: @unchecked Sendable {
    private var iterator: WebSocketInboundMessageStream.AsyncIterator
    private let outbound: WebSocketOutboundWriter
    /// The last document message, parsed.
    private(set) var document: [String: Any]?
    /// Frames received.
    private(set) var frames = 0
    /// The last frame's header and pixels.
    private(set) var header: [String: Any]?
    private(set) var pixels: [UInt8] = []
    private(set) var notices: [String] = []

    init(inbound: WebSocketInboundStream, outbound: WebSocketOutboundWriter) {
        iterator = inbound.messages(maxSize: 1 << 24).makeAsyncIterator()
        self.outbound = outbound
    }

    /// Sends `text` as it is (not necessarily JSON).
    func sendText(_ text: String) async throws {
        try await outbound.write(.text(text))
    }

    func send(_ message: [String: Any]) async throws {
        let data = try JSONSerialization.data(withJSONObject: message)
        try await outbound.write(.text(String(decoding: data, as: UTF8.self)))
    }

    /// Reads messages (acknowledging frames) until `condition` holds; false when the
    /// connection ends or `seconds` pass first.
    @discardableResult
    func wait(seconds: Double = 60, acknowledging: Bool = true, until condition: () -> Bool) async throws -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while !condition() {
            guard Date() < deadline, let message = try await iterator.next() else { return false }
            switch message {
            case .text(let text):
                let object = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
                if object?["type"] as? String == "document" { document = object }
                if object?["type"] as? String == "notice" { notices.append(object?["text"] as? String ?? "") }
            case .binary(var buffer):
                let bytes = buffer.readBytes(length: buffer.readableBytes) ?? []
                let length = Int(bytes[4]) | Int(bytes[5]) << 8 | Int(bytes[6]) << 16 | Int(bytes[7]) << 24
                header = try JSONSerialization.jsonObject(with: Data(bytes[8..<(8 + length)])) as? [String: Any]
                pixels = Array(bytes[(8 + length)...])
                frames += 1
                if acknowledging { try await send(["type": "ack"]) }
            }
        }
        return true
    }

    var version: Int { document?["version"] as? Int ?? -1 }
    var time: Double { header?["time"] as? Double ?? -1 }
    var problems: [[String: Any]] { document?["problems"] as? [[String: Any]] ?? [] }
}

/// A value behind a lock, shared with closures the test hands off.
final class LockedBox<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value
    init(_ value: Value) { stored = value }
    var value: Value {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }
}

/// The pixels `sparks render PRESET --at t` writes (straight RGBA).
func renderedPixels(_ preset: URL, at time: Double, width: Int = 800, height: Int = 600) throws -> [UInt8] {
    let out = FileManager.default.temporaryDirectory.appendingPathComponent("sparks-studio-render-\(UUID().uuidString).png")
    defer { try? FileManager.default.removeItem(at: out) }
    let process = Process()
    process.executableURL = sparksExecutable
    process.arguments = ["render", preset.path, "--at", String(time), "--out", out.path]
    process.standardError = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    try #require(process.terminationStatus == 0)
    let image = try SDLImageDecoder().decode(Texture(name: out.lastPathComponent, url: out, pixelWidth: width, pixelHeight: height))
    return image.rgba
}

/// Serves `html` at / of another port of 127.0.0.1 (another site, to a browser) for the length
/// of `body`, which gets the page's address.
func withPageServer(_ html: String, _ body: @escaping @Sendable (String) async throws -> Void) async throws {
    let router = Router()
    router.get("/") { _, _ in
        Response(status: .ok, headers: [.contentType: "text/html; charset=utf-8"], body: .init(byteBuffer: ByteBuffer(string: html)))
    }
    let port = LockedBox<Int?>(nil)
    let app = Application(
        router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)),
        onServerRunning: { port.value = $0.localAddress?.port })
    try await app.test(.live) { _ in
        for _ in 0..<500 where port.value == nil { try await Task.sleep(for: .milliseconds(10)) }
        try await body("http://127.0.0.1:\(try #require(port.value))/")
    }
}
