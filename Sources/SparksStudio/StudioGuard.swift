import Foundation
import HTTPTypes
import Hummingbird
import SparksCore

/// The studio's door: it listens on loopback only, and every request must name the studio
/// itself as its `Host` (a page on another site that rebinds its DNS name to 127.0.0.1 names
/// its own), carry no `Origin` but the studio's (another site's page cannot script it), and,
/// for anything under /api/, carry the session's random token (from the printed URL).
struct StudioGuard<Context: RequestContext>: RouterMiddleware {
    let access: StudioAccess

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        if let refusal = access.refusal(
            host: request.head.authority, origins: request.headers[values: .origin], path: request.uri.path,
            token: request.uri.queryParameters.get("token") ?? request.headers[StudioAccess.tokenField])
        {
            return Response(
                status: .forbidden, headers: [.contentType: "text/plain; charset=utf-8"],
                body: ResponseBody(byteBuffer: ByteBuffer(string: refusal + "\n")))
        }
        return try await next(request, context)
    }
}

/// The token and the addresses the studio answers to.
package final class StudioAccess: Sendable {
    /// The header a script may send the token in instead of `?token=`.
    package static let tokenField = HTTPField.Name("X-Sparks-Token")!
    /// 128 random bits, as hex.
    package let token: String
    private let boundPort = LockedValue<Int?>(nil)

    package init(token: String = StudioAccess.randomToken()) {
        self.token = token
    }

    package static func randomToken() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<4).map { _ in
            let word = String(generator.next() as UInt32, radix: 16)
            return String(repeating: "0", count: 8 - word.count) + word
        }.joined()
    }

    /// The port the server listens on, once it does.
    package var port: Int? {
        get { boundPort.value }
        set { boundPort.value = newValue }
    }

    /// Why a request is refused, or nil when it may go on.
    package func refusal(host: String?, origins: [String], path: String, token given: String?) -> String? {
        guard let port else { return "the studio is starting" }
        let own = ["127.0.0.1:\(port)", "localhost:\(port)", "[::1]:\(port)"]
        guard let host, own.contains(host.lowercased()) else {
            return "refused: the Host \(host ?? "(none)") is not this studio's (open the URL sparks studio printed)"
        }
        // Browsers send their page's http(s) origin; WebSocket libraries (not browsers, so not
        // another site's page) send ws://HOST.
        let allowed = Set(
            own.map { "http://\($0)" } + ["127.0.0.1", "localhost", "[::1]"].flatMap { ["ws://\($0)", "ws://\($0):\(port)"] })
        for origin in origins where !allowed.contains(origin.lowercased()) {
            return "refused: requests from \(origin) may not use the studio"
        }
        if path.hasPrefix("/api/") && !Self.sameText(given ?? "", token) {
            return "refused: a wrong or missing token (open the URL sparks studio printed, with its ?token=…)"
        }
        return nil
    }

    /// Compares without stopping at the first difference.
    private static func sameText(_ a: String, _ b: String) -> Bool {
        let x = Array(a.utf8), y = Array(b.utf8)
        guard x.count == y.count else { return false }
        var difference: UInt8 = 0
        for i in x.indices { difference |= x[i] ^ y[i] }
        return difference == 0
    }
}

/// A value behind a lock.
final class LockedValue<Value: Sendable>: @unchecked Sendable {
    private let lock = Lock()
    private var stored: Value
    init(_ value: Value) { stored = value }
    var value: Value {
        get { lock.locked { stored } }
        set { lock.locked { stored = newValue } }
    }
    func modify<T>(_ body: (inout Value) -> T) -> T { lock.locked { body(&stored) } }
}
