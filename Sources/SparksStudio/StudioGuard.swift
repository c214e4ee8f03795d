import Foundation
import HTTPTypes
import Hummingbird
import SparksCore

/// The studio's door: it listens on loopback only, and every request must name the studio
/// itself as its `Host` (a page on another site that rebinds its DNS name to 127.0.0.1 names
/// its own), carry no `Origin` but the studio's (another site's page cannot script it), spell
/// its path in the one way the router and this guard read alike, and carry the session's
/// random token (from the printed URL) for everything but the page's own three files.
struct StudioGuard<Context: RequestContext>: RouterMiddleware {
    let access: StudioAccess
    static var hostField: HTTPField.Name { HTTPField.Name("Host")! }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        // The first `Host` is the request's authority; any other stays among its fields.
        let hosts = (request.head.authority.map { [$0] } ?? []) + request.headers[values: Self.hostField]
        if let refusal = access.refusal(
            hosts: hosts, origins: request.headers[values: .origin], path: request.uri.path,
            token: request.uri.queryParameters.get("token") ?? request.headers[StudioAccess.tokenField])
        {
            return Response(
                status: .forbidden, headers: [.contentType: "text/plain; charset=utf-8"],
                body: ResponseBody(byteBuffer: ByteBuffer(string: refusal + "\n")))
        }
        access.note(admitted: request.uri.path)
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
    private let admittedPaths = LockedValue<[String]>([])

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

    /// The paths of the last requests let through (at most 256, oldest first), to see what a
    /// page was able to reach.
    package var admitted: [String] { admittedPaths.value }

    func note(admitted path: String) {
        admittedPaths.modify { paths in
            if paths.count >= 256 { paths.removeFirst() }
            paths.append(path)
        }
    }

    /// The port the server listens on, once it does.
    package var port: Int? {
        get { boundPort.value }
        set { boundPort.value = newValue }
    }

    /// The paths served without the token, exactly as spelled here: the page's own files,
    /// which hold no data. Everything else needs the token, whatever route it reaches.
    package static let openPaths: Set<String> = ["/", "/index.html", "/studio.js", "/studio.css"]

    /// Whether a request's path is spelled the one way the router reads as the guard does:
    /// from the root, no empty, `.` or `..` segment (the router skips empty segments, so
    /// `//api/x` would reach `/api/x`), no percent-encoding or backslash (no route needs
    /// them), no segment ending in a dot and no trailing slash. Anything else is refused
    /// before it is routed, with or without the token.
    package static func isCanonical(_ path: String) -> Bool {
        guard path.hasPrefix("/"), path.utf8.count <= 1024 else { return false }
        if path == "/" { return true }
        let segments = path.utf8.dropFirst().split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false)
        return segments.allSatisfy { segment in
            guard let last = segment.last, last != UInt8(ascii: ".") else { return false }
            return segment.allSatisfy { byte in
                switch byte {
                case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                    UInt8(ascii: "."), UInt8(ascii: "-"), UInt8(ascii: "_"):
                    true
                default: false
                }
            }
        }
    }

    /// Why a request is refused, or nil when it may go on.
    /// `hosts` are every `Host` the request names: exactly one, the studio's own, is let
    /// through (a proxy or a server that read another of two would disagree on the target).
    package func refusal(hosts: [String], origins: [String], path: String, token given: String?) -> String? {
        guard let port else { return "the studio is starting" }
        let own = ["127.0.0.1:\(port)", "localhost:\(port)", "[::1]:\(port)"]
        guard hosts.count <= 1 else { return "refused: the request names \(hosts.count) Hosts; it may name one" }
        guard let host = hosts.first, own.contains(host.lowercased()) else {
            return
                "refused: the Host \(TerminalText.escaped(hosts.first ?? "(none)")) is not this studio's (open the URL sparks studio printed)"
        }
        // Browsers send their page's http(s) origin; WebSocket libraries (not browsers, so not
        // another site's page) send ws://HOST.
        let allowed = Set(
            own.map { "http://\($0)" } + ["127.0.0.1", "localhost", "[::1]"].flatMap { ["ws://\($0)", "ws://\($0):\(port)"] })
        for origin in origins where !allowed.contains(origin.lowercased()) {
            return "refused: requests from \(origin) may not use the studio"
        }
        guard Self.isCanonical(path) else {
            return "refused: the path is not spelled as the studio spells its addresses (no //, ., .., %, \\ or trailing / or .)"
        }
        if !Self.openPaths.contains(path) && !Self.sameText(given ?? "", token) {
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
