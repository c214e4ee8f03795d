import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdWebSocket
import Logging
import ServiceLifecycle
import SparksCommandSupport
import SparksCore
import SparksExport

/// Sparks Studio's server: the page (studio/, plain HTML, CSS and JavaScript), the property
/// table, each preset's live preview and edits over a WebSocket, images, thumbnails, new
/// presets and exports. It listens on 127.0.0.1 only; ``StudioGuard`` checks every request.
package struct StudioServer: Sendable {
    /// What the studio serves.
    package struct Configuration: Sendable {
        /// The folder whose presets are edited.
        package var folder: URL
        /// The preset opened first (a file name in `folder`), or nil for the gallery.
        package var startFile: String?
        /// The page's files (index.html, studio.js, studio.css).
        package var webFolder: URL
        package var port: Int
        package var limits: PresetLimits
        package var threads: Int
        /// Seconds a connection may stay silent (no request, or a request never finished)
        /// before it is closed.
        package var idleTimeout: Double = 30
        /// The trash folder deleted presets go to (nil: the desktop's, `~/.local/share/Trash`).
        package var trashFolder: URL?

        package init(
            folder: URL, startFile: String?, webFolder: URL, port: Int = 8765, limits: PresetLimits = .standard,
            threads: Int = ProcessInfo.processInfo.activeProcessorCount
        ) {
            self.folder = folder
            self.startFile = startFile
            self.webFolder = webFolder
            self.port = port
            self.limits = limits
            self.threads = threads
        }
    }

    let workspace: StudioWorkspace
    let configuration: Configuration
    /// The token and addresses requests are checked against.
    package let access: StudioAccess

    package init(_ configuration: Configuration, locator: PresetLocator, token: String = StudioAccess.randomToken()) {
        self.configuration = configuration
        access = StudioAccess(token: token)
        workspace = StudioWorkspace(
            folder: configuration.folder, startFile: configuration.startFile, locator: locator, limits: configuration.limits,
            threads: configuration.threads, trash: configuration.trashFolder.map(PresetTrash.init(folder:)) ?? .user)
    }

    /// The token pages must present.
    package var token: String { access.token }

    /// The page's address once the server listens on `port`.
    package func url(port: Int) -> String {
        var url = "http://127.0.0.1:\(port)/?token=\(token)"
        if let start = configuration.startFile { url += "#edit=\(start)" }
        return url
    }

    /// The HTTP application (run it with `runService()`, or in tests).
    package func application(onRunning: @escaping @Sendable (Int) async -> Void = { _ in }) -> some ApplicationProtocol {
        let router = Router()
        router.add(middleware: StudioGuard(access: access))
        addRoutes(to: router)
        let sockets = Router(context: BasicWebSocketRequestContext.self)
        sockets.add(middleware: StudioGuard(access: access))
        let workspace = workspace
        sockets.ws("/api/session") { request, _ in
            guard let file = request.uri.queryParameters.get("file"), (try? workspace.document(named: String(file))) != nil else {
                return .dontUpgrade
            }
            return .upgrade([:])
        } onUpgrade: { inbound, outbound, context in
            guard let file = context.request.uri.queryParameters.get("file") else { return }
            let document = try workspace.document(named: String(file))
            try await PreviewSession(workspace: workspace, document: document).run(inbound: inbound, outbound: outbound)
        }
        let access = access
        return Application(
            router: router,
            server: .guardedWebSocketUpgrade(
                webSocketRouter: sockets,
                configuration: .init(
                    http1: .init(idleTimeout: .milliseconds(Int64(configuration.idleTimeout * 1000))), ws: .init(maxFrameSize: 1 << 20)),
                firstRequestSeconds: configuration.idleTimeout),
            configuration: .init(address: .hostname("127.0.0.1", port: configuration.port), serverName: "sparks-studio"),
            services: [DocumentKeeper(workspace: workspace)],
            onServerRunning: { channel in
                let port = channel.localAddress?.port ?? 0
                access.port = port
                await onRunning(port)
            },
            logger: Self.logger)
    }

    /// Hummingbird's messages: errors only (the studio says what it does itself).
    package static let logger: Logger = {
        var logger = Logger(label: "sparks-studio")
        logger.logLevel = .error
        return logger
    }()

    /// The page's own files, and nothing else from its folder.
    static let pageFiles = [
        "index.html": "text/html; charset=utf-8", "studio.js": "text/javascript; charset=utf-8", "studio.css": "text/css; charset=utf-8",
    ]

    private func addRoutes(to router: Router<BasicRequestContext>) {
        let workspace = workspace
        let web = configuration.webFolder
        for (name, type) in Self.pageFiles {
            let answer: @Sendable (Request, BasicRequestContext) async throws -> Response = { _, _ in
                do {
                    let file = try CheckedFile.read(web.appendingPathComponent(name), within: [web], maxBytes: 4 << 20)
                    return Response(status: .ok, headers: [.contentType: type, .cacheControl: "no-cache"], body: Self.body(file.bytes))
                } catch {
                    return Self.refusal(.notFound, "\(name): \(error)")
                }
            }
            router.get("/\(name)", use: answer)
            if name == "index.html" { router.get("/", use: answer) }
        }
        router.get("/api/table") { _, _ in Self.json(TableMessage.current) }
        router.get("/api/presets") { _, _ in
            Self.json(
                PresetList(
                    folder: workspace.folder.path, presets: workspace.presetNames, shipped: workspace.shippedNames,
                    start: workspace.startFile, images: workspace.imageNames))
        }
        router.get("/api/image") { request, _ in
            let name = request.uri.queryParameters.get("name").map { String($0) } ?? ""
            do {
                let bytes = try workspace.image(named: name)
                let type = name.lowercased().hasSuffix(".png") ? "image/png" : "image/jpeg"
                return Response(status: .ok, headers: [.contentType: type], body: Self.body(bytes))
            } catch {
                return Self.refusal(.notFound, "\(error)")
            }
        }
        router.get("/api/thumbnail") { request, _ in
            let name = request.uri.queryParameters.get("name").map { String($0) } ?? ""
            let shipped = request.uri.queryParameters.get("shipped") == "1"
            do {
                let bytes = try await Self.thumbnailWork.run { try workspace.thumbnail(of: name, shipped: shipped) }
                return Response(
                    status: .ok, headers: [.contentType: "image/png", .cacheControl: "max-age=60"],
                    body: Self.body(bytes))
            } catch {
                return Self.refusal(.notFound, "\(error)")
            }
        }
        router.post("/api/new") { request, _ in
            let from = request.uri.queryParameters.get("from").map { String($0) } ?? ""
            var name = request.uri.queryParameters.get("name").map { String($0) } ?? ""
            if !name.hasSuffix(".json") { name += ".json" }
            guard StudioWorkspace.isPresetName(name) else { return Self.refusal(.badRequest, "\"\(name)\" is not a preset file name") }
            guard let source = workspace.locator.presetFiles.first(where: { $0.deletingPathExtension().lastPathComponent == from }) else {
                return Self.refusal(.badRequest, "no shipped preset \"\(from)\"")
            }
            let file = name
            do {
                try await Self.fileWork.run { try workspace.makePreset(file, from: source) }
            } catch let refusal as StudioWorkspace.Refusal where refusal.exists {
                return Self.refusal(.conflict, "\(refusal)")
            } catch {
                return Self.refusal(.internalServerError, "\(error)")
            }
            return Self.json(["file": name])
        }
        // The gallery's rename and delete (to the desktop's trash) of the folder's presets.
        router.post("/api/rename") { request, _ in
            let name = request.uri.queryParameters.get("name").map { String($0) } ?? ""
            var to = request.uri.queryParameters.get("to").map { String($0) } ?? ""
            if !to.hasSuffix(".json") { to += ".json" }
            let (from, newName) = (name, to)
            do {
                try await Self.fileWork.run { try workspace.renamePreset(from, to: newName) }
            } catch let refusal as StudioWorkspace.Refusal {
                return Self.refusal(refusal.exists ? .conflict : .badRequest, "\(refusal)")
            } catch {
                return Self.refusal(.internalServerError, "\(error)")
            }
            return Self.json(["file": newName])
        }
        router.post("/api/delete") { request, _ in
            let name = request.uri.queryParameters.get("name").map { String($0) } ?? ""
            do {
                let trashed = try await Self.fileWork.run { try workspace.trashPreset(name) }
                return Self.json(["file": name, "trash": trashed])
            } catch let refusal as StudioWorkspace.Refusal {
                return Self.refusal(.badRequest, "\(refusal)")
            } catch {
                return Self.refusal(.internalServerError, "\(error)")
            }
        }
        router.get("/api/export") { request, _ in
            let file = request.uri.queryParameters.get("file").map { String($0) } ?? ""
            guard let format = request.uri.queryParameters.get("format").flatMap({ StudioExport(rawValue: String($0)) }) else {
                return Self.refusal(.badRequest, "format must be one of " + StudioExport.allCases.map(\.rawValue).joined(separator: ", "))
            }
            let at = request.uri.queryParameters.get("at").map { Double(String($0)) } ?? 0
            guard let at, at.isFinite, (0...ScenePlayer.maxTime).contains(at) else {
                return Self.refusal(.badRequest, "at must be a time from 0 to \(Int(ScenePlayer.maxTime)) seconds")
            }
            do {
                let document = try workspace.document(named: file)
                if let failure = document.tick(now: 0, force: true) { return Self.refusal(.internalServerError, failure) }
                // The description the studio checked and holds: the file is not read again.
                let description = document.snapshot().description
                guard
                    let bytes = try await workspace.exports.run({ isCancelled in
                        try format.make(
                            description, at: at, limits: workspace.limits, threads: workspace.threads, isCancelled: isCancelled)
                    })
                else {
                    return Self.refusal(
                        .serviceUnavailable, "\(StudioExports.maxRunning) exports are being made; try again when one has finished")
                }
                return Response(
                    status: .ok,
                    headers: [
                        .contentType: format.contentType, .contentDisposition: "attachment; filename=\"\(format.downloadName(for: file))\"",
                    ],
                    body: Self.body(bytes))
            } catch let refusal as ExportRefusal {
                return Self.refusal(.unprocessableContent, refusal.description)
            } catch {
                return Self.refusal(.internalServerError, "\(error)")
            }
        }
    }

    private struct PresetList: Encodable {
        var folder: String
        var presets: [String]
        var shipped: [String]
        var start: String?
        var images: [String]
    }

    static func json(_ value: some Encodable) -> Response {
        Response(
            status: .ok, headers: [.contentType: "application/json", .cacheControl: "no-store"],
            body: body(JSONEncoderText.encode(value)))
    }

    static func body(_ bytes: [UInt8]) -> ResponseBody {
        var buffer = ByteBufferAllocator().buffer(capacity: bytes.count)
        buffer.writeBytes(bytes)
        return ResponseBody(byteBuffer: buffer)
    }

    static func refusal(_ status: HTTPResponse.Status, _ text: String) -> Response {
        Response(
            status: status, headers: [.contentType: "text/plain; charset=utf-8"],
            body: ResponseBody(byteBuffer: ByteBuffer(string: text + "\n")))
    }

    /// Thumbnails are drawn one at a time on a queue of their own (never on the server's
    /// threads, and never waiting for a busy shared pool), as new presets are written.
    static let thumbnailWork = SerialWork(label: "sparks.studio.thumbnails")
    static let fileWork = SerialWork(label: "sparks.studio.files")
}

/// Saves what is due and takes in saves made elsewhere, every 20 ms, while the server runs.
struct DocumentKeeper: Service {
    let workspace: StudioWorkspace

    func run() async throws {
        // Ends when the server shuts down (Ctrl-C, SIGTERM), saving what is pending.
        try? await cancelWhenGracefulShutdown {
            while !Task.isCancelled {
                workspace.tick(now: Double(DispatchTime.now().uptimeNanoseconds) / 1e9)
                try await Task.sleep(nanoseconds: 20_000_000)
            }
        }
        workspace.exports.stopAll()
        workspace.tick(now: .infinity)
    }
}

extension StudioServer {
    /// Saves every open preset's pending edits now, and stops the exports being made (the
    /// program is about to end).
    package func saveEverything() {
        workspace.exports.stopAll()
        workspace.tick(now: .infinity)
    }

    /// Opens preset `file` of the folder (fails with its problems when it is not good).
    package func open(_ file: String) throws {
        _ = try workspace.document(named: file)
    }
}
