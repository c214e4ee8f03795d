import Foundation
import HummingbirdWebSocket
import NIOCore
import SparksCore

/// One page's WebSocket: the page sends edits, playback commands, drags and an `ack` for each
/// frame it has drawn; the studio sends the document at each version (text) and frames
/// (binary). A frame is `SPKF`, a 32-bit little-endian length, that many bytes of JSON (scene
/// time, live count, costs, budget cuts) and the RGBA pixels: raw pixels, because loopback
/// carries 800×600×4 bytes 60 times a second with room to spare while compressing them (PNG,
/// JPEG, WebP) would cost more CPU than drawing them and JPEG would change the pixels. At most
/// two frames are unacknowledged, so a slow page slows the stream instead of queueing frames.
///
/// A page may be hostile, so the work one message causes is bounded and never done on the
/// server's own threads: the page's messages are handled one at a time on a queue of the
/// session's (the next is read only when the last is done, and only while fewer than
/// ``maxPendingReplies`` answers wait to be sent), and the preview on another; a seek or a
/// rebuild stops when a newer command arrives, when the page leaves, or after
/// ``seekWorkSeconds`` of work.
struct PreviewSession {
    let workspace: StudioWorkspace
    let document: StudioDocument
    /// Frames per second the stream aims at.
    var framesPerSecond = 60.0
    /// Frames sent before the page's acknowledgement.
    static let framesInFlight = 2
    /// Answers (notices) waiting to be sent before the page's messages are read again.
    static let maxPendingReplies = 32
    /// The longest a seek (or a rebuild while paused) runs the scene, in seconds of work.
    static let seekWorkSeconds = 10.0

    /// What the reading side hands the sending side.
    private final class Inbox: @unchecked Sendable {
        private let lock = Lock()
        private var commands: [PreviewPlayer.Command] = []
        private var drags: [Drag] = []
        private var replies: [String] = []
        private var credits = PreviewSession.framesInFlight
        private var isClosed = false
        private var edits = 0

        func add(_ command: PreviewPlayer.Command) { lock.locked { commands.append(command) } }
        func drag(_ drag: Drag) { lock.locked { drags.append(drag) } }
        func reply(_ text: String) { lock.locked { replies.append(text) } }
        func ack() { lock.locked { credits = min(credits + 1, PreviewSession.framesInFlight) } }
        func close() { lock.locked { isClosed = true } }
        var closed: Bool { lock.locked { isClosed } }
        var pendingReplies: Int { lock.locked { replies.count } }
        /// Edit messages of the page handled so far (made or refused).
        var editsHandled: Int { lock.locked { edits } }
        func countEdit() { lock.locked { edits += 1 } }
        /// Whether the page asked for something newer than the work under way.
        var hasNewerWork: Bool { lock.locked { isClosed || !commands.isEmpty || !drags.isEmpty } }
        func spendCredit() -> Bool {
            lock.locked {
                guard credits > 0 else { return false }
                credits -= 1
                return true
            }
        }
        func take() -> (commands: [PreviewPlayer.Command], drags: [Drag], replies: [String]) {
            lock.locked {
                defer {
                    commands.removeAll()
                    drags.removeAll()
                    replies.removeAll()
                }
                return (commands, drags, replies)
            }
        }
    }

    /// A drag on the preview: canvas point (x, y) sets `key` of the layer at `layer`, or of its
    /// behaviour at `element` (`emitterBehaviors`, index: an attractor's `position`, a point in
    /// the emitter layer's coordinates).
    struct Drag {
        var x: Double, y: Double
        var layer: [PresetTextEdit.Step]
        var key: String
        var group: String
        var element: [PresetTextEdit.Step] = []
    }

    /// Serves the page until it closes the connection (or the studio stops).
    func run(inbound: WebSocketInboundStream, outbound: WebSocketOutboundWriter) async throws {
        let inbox = Inbox()
        let messages = SerialWork(label: "sparks.studio.messages")
        defer { inbox.close() }
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                defer { inbox.close() }
                for try await message in inbound.messages(maxSize: 1 << 20) {
                    guard case .text(let text) = message else { continue }
                    await messages.run { handle(text, inbox: inbox) }
                    // A page that does not read its answers stops being read.
                    while inbox.pendingReplies >= Self.maxPendingReplies && !inbox.closed && !Task.isCancelled {
                        try await Task.sleep(nanoseconds: 5_000_000)
                    }
                }
            }
            group.addTask { try await stream(to: outbound, inbox: inbox) }
            try await group.next()
            group.cancelAll()
        }
    }

    private func now() -> Double { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }

    /// Reads one message of the page (on the session's message queue).
    private func handle(_ text: String, inbox: Inbox) {
        let bytes = Array(text.utf8)
        guard let message = try? JSONParser.parse(bytes), case .string(let type)? = message["type"]?.value else {
            inbox.reply(Self.notice("error", "a message the studio does not read"))
            return
        }
        func number(_ key: String) -> Double? {
            if case .number(let n)? = message[key]?.value, n.isFinite { return n }
            return nil
        }
        switch type {
        case "ack": inbox.ack()
        case "play": inbox.add(.play)
        case "pause": inbox.add(.pause)
        case "step": inbox.add(.step)
        case "restart": inbox.add(.restart)
        case "speed": if let s = number("speed") { inbox.add(.speed(s)) }
        case "seek": if let t = number("time") { inbox.add(.seek(t)) }
        case "length":
            if let t = number("seconds") {
                var loops = true
                if case .bool(let b)? = message["loop"]?.value { loops = b }
                inbox.add(.length(t, loops: loops))
            }
        case "drag":
            guard let x = number("x"), let y = number("y"), case .string(let key)? = message["key"]?.value,
                case .array(let steps)? = message["layer"]?.value, steps.count <= 64
            else { return }
            var layer: [PresetTextEdit.Step] = []
            for step in steps {
                switch step.value {
                case .string(let k): layer.append(.key(k))
                case .number(let n) where n >= 0 && n < 1e6 && n.rounded() == n: layer.append(.index(Int(n)))
                default: return
                }
            }
            var group = "drag"
            if case .string(let g)? = message["group"]?.value { group = g }
            var element: [PresetTextEdit.Step] = []
            if case .array(let steps)? = message["element"]?.value {
                // Only a behaviour's point: ["emitterBehaviors", index] and its position.
                guard steps.count == 2, case .string("emitterBehaviors") = steps[0].value, key == "position",
                    case .number(let n) = steps[1].value, n >= 0, n < 1e6, n.rounded() == n
                else { return }
                element = [.key("emitterBehaviors"), .index(Int(n))]
            }
            inbox.drag(Drag(x: x, y: y, layer: layer, key: key, group: group, element: element))
        case "edit":
            var group: String?
            if case .string(let g)? = message["group"]?.value { group = g }
            do {
                let edits = try StudioEdit.edits(in: message, text: bytes)
                _ = try document.apply(edits, group: group, now: now())
            } catch {
                inbox.reply(Self.notice("error", "\(error)"))
            }
            inbox.countEdit()
        case "undo": if !document.undo(now: now()) { inbox.reply(Self.notice("info", "nothing to undo")) }
        case "redo": if !document.redo(now: now()) { inbox.reply(Self.notice("info", "nothing to redo")) }
        case "save": if let failure = document.tick(now: now(), force: true) { inbox.reply(Self.notice("error", failure)) }
        default: inbox.reply(Self.notice("error", "unknown message \"\(type.prefix(40))\""))
        }
    }

    static func notice(_ level: String, _ text: String) -> String {
        String(decoding: JSONEncoderText.encode(["type": "notice", "level": level, "text": text]), as: UTF8.self)
    }

    /// Sends the document at each version and the frames.
    private func stream(to outbound: WebSocketOutboundWriter, inbox: Inbox) async throws {
        // The player and the document's messages are made on this queue only.
        let preview = SerialWork(label: "sparks.studio.preview")
        let document = document
        let player = UncheckedBox(
            try await preview.run { try PreviewPlayer(snapshot: document.snapshot(), limits: workspace.limits, threads: workspace.threads) }
        )
        let decoder = PresetDecoder(
            fileName: document.displayName,
            resolver: ResourceResolver(roots: [workspace.folder] + workspace.locator.assetDirectories), limits: workspace.limits)
        /// Stops long work when the page has left or asked for something newer, or after
        /// `seekWorkSeconds`.
        func stopper() -> @Sendable () -> Bool {
            let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(Self.seekWorkSeconds * 1e9)
            return { inbox.hasNewerWork || DispatchTime.now().uptimeNanoseconds > deadline }
        }
        func stoppedShort(_ reached: Double?, _ what: String) -> String? {
            guard let reached, !inbox.hasNewerWork else { return nil }
            return Self.notice(
                "error",
                "\(what) stopped at \(NumberText.fixed(reached, decimals: 2)) s after \(Int(Self.seekWorkSeconds)) s of work: this preset takes long to run that far (sparks render --at shows any time)"
            )
        }
        var sentState: StudioDocument.State?
        var sentEdits = 0
        var nextFrame = 0.0
        while !inbox.closed && !Task.isCancelled {
            let (commands, drags, replies) = inbox.take()
            for reply in replies { try await outbound.write(.text(reply)) }
            // The page's edits handled so far, read before the snapshot: the version sent holds
            // at least those (the page shows no older version over what the hand just did).
            let edits = inbox.editsHandled
            if document.currentState != sentState || edits != sentEdits {
                sentEdits = edits
                let stop = stopper()
                let (state, message, stopped) = await preview.run { () -> (StudioDocument.State, String, String?) in
                    let snapshot = document.snapshot()
                    var documentMessage = DocumentMessage(snapshot, file: document.displayName, decoder: decoder)
                    documentMessage.edits = edits
                    let message = String(decoding: JSONEncoderText.encode(documentMessage), as: UTF8.self)
                    let reached = player.value.update(to: snapshot, shouldStop: stop)
                    return (
                        StudioDocument.State(version: snapshot.version, isSaved: snapshot.isSaved), message,
                        stoppedShort(reached, "running the changed preset to the paused time")
                    )
                }
                sentState = state
                try await outbound.write(.text(message))
                if let stopped { try await outbound.write(.text(stopped)) }
            }
            for command in commands {
                let stop = stopper()
                let stopped = await preview.run { stoppedShort(player.value.perform(command, shouldStop: stop), "the seek") }
                if let stopped { try await outbound.write(.text(stopped)) }
            }
            if let drag = drags.last {
                // Only the keys of layers that hold points or sizes in points, and an attractor's
                // point (in the emitter layer's own coordinates, as its emitterPosition is).
                let objects = drag.element.isEmpty ? ["layer", "emitter", "replicator", "shape", "gradient", "text"] : ["emitterBehaviors"]
                let info = objects.compactMap(PresetObject.named).compactMap { $0[drag.key] }
                    .first { $0.guide.unit == .points && [.point, .size].contains($0.kind) }
                let layerKey = drag.element.isEmpty ? drag.key : "emitterPosition"
                let value =
                    await info.asyncMap { info in
                        await preview.run {
                            player.value.dragValue(canvasX: drag.x, y: drag.y, layer: drag.layer, key: layerKey, kind: info.kind)
                        }
                    } ?? nil
                if let value {
                    let text = "[" + value.map { NumberText.shortest(($0 * 10).rounded() / 10) }.joined(separator: ", ") + "]"
                    let failure = await preview.run { () -> String? in
                        do {
                            _ = try document.apply(
                                [.set(drag.layer + drag.element + [.key(drag.key)], value: text)], group: drag.group, now: now())
                            return nil
                        } catch {
                            return "\(error)"
                        }
                    }
                    if let failure { try await outbound.write(.text(Self.notice("error", failure))) }
                } else {
                    try await outbound.write(.text(Self.notice("error", "\(drag.key) cannot be dragged on the preview")))
                }
                continue
            }
            let t = now()
            guard await preview.run({ player.value.hasNewFrame }), t >= nextFrame, inbox.spendCredit() else {
                try await Task.sleep(nanoseconds: 3_000_000)
                continue
            }
            nextFrame = max(nextFrame + 1 / framesPerSecond, t - 0.5 / framesPerSecond)
            // A buffer of its own per frame: the connection holds the last one until it is sent.
            let frame = try await preview.run { () throws -> ByteBuffer in
                let drawn = try player.value.frame(now: t)
                return Self.encode(drawn, pixels: player.value.writePixels)
            }
            try await outbound.write(.binary(frame))
        }
    }

    private struct FrameHeader: Encodable {
        var width: Int, height: Int, time: Double, live: Int
        var simulateMs: Double, drawMs: Double
        var budgetCut: String?
        var refusedBirths: Int, particleLimit: Int
        var version: Int, paused: Bool, speed: Double
    }

    /// `SPKF`, the header's length (32 bits, little-endian), the header, the pixels (written
    /// by `pixels`).
    static func encode(_ frame: PreviewPlayer.Frame, pixels: (UnsafeMutableRawBufferPointer) -> Void) -> ByteBuffer {
        let header = JSONEncoderText.encode(
            FrameHeader(
                width: frame.width, height: frame.height, time: frame.time, live: frame.live, simulateMs: frame.simulateMilliseconds,
                drawMs: frame.drawMilliseconds, budgetCut: frame.budgetCut, refusedBirths: frame.refusedBirths,
                particleLimit: frame.particleLimit, version: frame.version, paused: frame.paused,
                speed: frame.speed))
        let count = frame.width * frame.height * 4
        var buffer = ByteBufferAllocator().buffer(capacity: 8 + header.count + count)
        buffer.writeString("SPKF")
        buffer.writeInteger(UInt32(header.count), endianness: .little)
        buffer.writeBytes(header)
        buffer.writeWithUnsafeMutableBytes(minimumWritableBytes: count) { room in
            pixels(UnsafeMutableRawBufferPointer(rebasing: room[0..<count]))
            return count
        }
        return buffer
    }
}

/// Work done one piece at a time on a queue of its own, awaited without holding one of the
/// server's threads (Swift's cooperative pool has one per core: blocking them stalls every page).
/// The result crosses from the queue to the awaiting task under a lock, an ordering
/// ThreadSanitizer sees (it does not see a continuation's).
final class SerialWork: Sendable {
    private let queue: DispatchQueue

    init(label: String) {
        queue = DispatchQueue(label: label)
    }

    func run<T>(_ work: @escaping () throws -> T) async throws -> T {
        let box = UncheckedBox(work)
        let result = LockedResult<T>()
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            queue.async {
                result.set(Result { try box.value() })
                continuation.resume()
            }
        }
        return try result.take().get()
    }

    func run<T>(_ work: @escaping () -> T) async -> T {
        let box = UncheckedBox(work)
        let result = LockedResult<T>()
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            queue.async {
                result.set(.success(box.value()))
                continuation.resume()
            }
        }
        // A non-throwing body always succeeds.
        return try! result.take().get()
    }
}

/// A result handed from one thread to another under a lock.
private final class LockedResult<T>: @unchecked Sendable {
    private let lock = Lock()
    private var stored: Result<T, any Error>?

    func set(_ value: Result<T, any Error>) { lock.locked { stored = value } }
    func take() -> Result<T, any Error> { lock.locked { stored! } }
}

extension Optional {
    /// The wrapped value mapped by an async function.
    fileprivate func asyncMap<T>(_ transform: (Wrapped) async -> T) async -> T? {
        guard let value = self else { return nil }
        return await transform(value)
    }
}

/// A value handed between tasks and the preview's queue, used by one of them at a time.
final class UncheckedBox<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
