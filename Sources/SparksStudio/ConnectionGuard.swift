import Hummingbird
import HummingbirdCore
import HummingbirdWebSocket
import Logging
import NIOCore

/// Every connection to the studio, before its first request is read: the request's head must
/// arrive whole within ``firstRequestSeconds`` and be at most ``maxHeadBytes`` (the studio's
/// own requests are a few hundred bytes), and a request that cannot be read (a path with a
/// backslash, a malformed line) is answered 400 and the connection closed. Without this, the
/// server's HTTP-with-WebSocket-upgrade pipeline neither answers nor closes such connections,
/// and a client that connects and says nothing holds its connection for good. After the first
/// response the usual handlers take over (the idle timeout, Hummingbird's own 400s).
struct GuardedChannel<Inner: ServerChildChannel>: ServerChildChannel {
    typealias Value = Inner.Value

    let inner: Inner
    var firstRequestSeconds: Double
    var maxHeadBytes = 64 << 10

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        let front = RequestHeadGuard(seconds: firstRequestSeconds, maxHeadBytes: maxHeadBytes)
        do {
            try channel.pipeline.syncOperations.addHandler(front, position: .first)
        } catch {
            return channel.eventLoop.makeFailedFuture(error)
        }
        let bound = NIOLoopBound(front, eventLoop: channel.eventLoop)
        return inner.setup(channel: channel, logger: logger).flatMapThrowing { value in
            try channel.pipeline.syncOperations.addHandler(UnreadableRequestAnswer(front: bound.value))
            return value
        }
    }

    func handle(value: Value, logger: Logger) async {
        await inner.handle(value: value, logger: logger)
    }
}

extension HTTPServerBuilder {
    /// HTTP with the WebSocket upgrade, every connection behind a ``GuardedChannel``.
    static func guardedWebSocketUpgrade<Router: HTTPResponderBuilder & _HB_SendableMetatype>(
        webSocketRouter: Router, configuration: HTTP1WebSocketUpgradeChannel.Configuration, firstRequestSeconds: Double
    ) -> HTTPServerBuilder where Router.Responder.Context: WebSocketRequestContext {
        let webSocketResponder = webSocketRouter.buildResponder()
        return HTTPServerBuilder { responder in
            GuardedChannel(
                inner: HTTP1WebSocketUpgradeChannel(
                    responder: responder, webSocketResponder: webSocketResponder, configuration: configuration),
                firstRequestSeconds: firstRequestSeconds)
        }
    }
}

/// First in a connection's pipeline: watches the bytes of the first request's head, and the
/// bytes going out, and answers with raw bytes when the request cannot be served.
final class RequestHeadGuard: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer
    typealias OutboundIn = Any
    typealias OutboundOut = Any

    let seconds: Double
    let maxHeadBytes: Int
    /// Whether the first head has arrived whole, and whether any response has gone out.
    private(set) var headArrived = false
    private(set) var answered = false
    private var headBytes = 0
    /// The last bytes seen, to find `\r\n\r\n` across reads.
    private var tail: [UInt8] = []
    private var deadline: Scheduled<Void>?
    private var context: ChannelHandlerContext?

    init(seconds: Double, maxHeadBytes: Int) {
        self.seconds = seconds
        self.maxHeadBytes = maxHeadBytes
    }

    func handlerAdded(context: ChannelHandlerContext) {
        self.context = context
        let channel = context.channel
        let this = NIOLoopBound(self, eventLoop: context.eventLoop)
        deadline = context.eventLoop.scheduleTask(in: .milliseconds(Int64(seconds * 1000))) {
            guard !this.value.headArrived else { return }
            channel.close(promise: nil)
        }
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        deadline?.cancel()
        self.context = nil
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if !headArrived {
            let buffer = unwrapInboundIn(data)
            let bytes = tail + buffer.readableBytesView
            if bytes.firstRange(of: [13, 10, 13, 10]) != nil {
                headArrived = true
                deadline?.cancel()
            } else {
                headBytes += buffer.readableBytes
                guard headBytes <= maxHeadBytes else {
                    refuse(431, "Request Header Fields Too Large")
                    return
                }
                tail = Array(bytes.suffix(3))
            }
        }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        answered = true
        context.write(data, promise: promise)
    }

    /// Answers `status` (unless something was answered already) and closes the connection.
    func refuse(_ status: Int, _ reason: String) {
        guard let context else { return }
        deadline?.cancel()
        if !answered {
            answered = true
            let text = "HTTP/1.1 \(status) \(reason)\r\nConnection: close\r\nContent-Length: 0\r\n\r\n"
            context.writeAndFlush(NIOAny(context.channel.allocator.buffer(string: text)), promise: nil)
        }
        context.close(promise: nil)
    }
}

/// Last in the pipeline while the first request is read: an error before any answer (the HTTP
/// reader could not read the request) is answered 400 and the connection closed.
final class UnreadableRequestAnswer: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = Any
    let front: RequestHeadGuard

    init(front: RequestHeadGuard) {
        self.front = front
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        guard !front.answered else {
            context.fireErrorCaught(error)
            return
        }
        front.refuse(400, "Bad Request")
    }
}
