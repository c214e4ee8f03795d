import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A TCP connection to 127.0.0.1 that sends bytes exactly as given (no client library tidies
/// the path or the headers), as an attacker's own client would.
final class RawConnection {
    private let socket: Int32

    init(port: Int) throws {
        socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw RawFailure(description: "socket: \(errno)") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else {
            close(socket)
            throw RawFailure(description: "connect: \(errno)")
        }
    }

    deinit { close(socket) }

    struct RawFailure: Error, CustomStringConvertible {
        let description: String
    }

    /// Sends `bytes` whole (stops early when the server closes).
    @discardableResult
    func send(_ bytes: [UInt8]) -> Bool {
        var sent = 0
        while sent < bytes.count {
            let n = bytes[sent...].withUnsafeBytes { Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if n < 0, errno == EINTR { continue }
            guard n > 0 else { return false }
            sent += n
        }
        return true
    }

    func send(_ text: String) { send(Array(text.utf8)) }

    /// What the server sends within `seconds`: until it closes, or until `enough` holds for
    /// what arrived. `closed` says whether the server closed the connection.
    func receive(seconds: Double, until enough: ([UInt8]) -> Bool = { _ in false }) -> (bytes: [UInt8], closed: Bool) {
        var received: [UInt8] = []
        let deadline = Date().addingTimeInterval(seconds)
        var buffer = [UInt8](repeating: 0, count: 65536)
        while Date() < deadline {
            var poller = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
            let left = Int32(max(1, deadline.timeIntervalSinceNow * 1000))
            let ready = poll(&poller, 1, min(left, 100))
            if ready < 0, errno == EINTR { continue }
            if ready == 0 { continue }
            let n = buffer.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
            if n < 0, errno == EINTR { continue }
            if n <= 0 { return (received, true) }
            received += buffer[0..<n]
            if enough(received) { return (received, false) }
        }
        return (received, false)
    }

    /// Sends a request and reads its response's status line and everything up to `seconds`.
    static func exchange(port: Int, _ request: String, seconds: Double = 20) throws -> (status: Int?, text: String) {
        let connection = try RawConnection(port: port)
        connection.send(request)
        let (bytes, _) = connection.receive(seconds: seconds) { received in
            // A whole response: its head, and as many body bytes as Content-Length says.
            guard let head = received.firstRange(of: Array("\r\n\r\n".utf8)) else { return false }
            let headText = String(decoding: received[..<head.lowerBound], as: UTF8.self).lowercased()
            guard let line = headText.split(separator: "\r\n").first(where: { $0.hasPrefix("content-length:") }),
                let length = Int(line.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces))
            else { return headText.hasPrefix("http/1.1 101") }
            return received.count >= head.upperBound + length
        }
        let text = String(decoding: bytes, as: UTF8.self)
        let status = text.split(separator: " ", maxSplits: 2).dropFirst().first.flatMap { Int($0) }
        return (status, text)
    }
}
