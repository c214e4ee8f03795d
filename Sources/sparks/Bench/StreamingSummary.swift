import Foundation
import SparksCommandSupport

/// Count, mean, extremes and percentiles of a stream of values in fixed memory, however long
/// the stream: values are counted in bins half a percent wide on a logarithmic scale, so a
/// percentile is within 0.25 % of the exact one.
struct StreamingSummary {
    private static let ratio = 1.005
    private static let smallest = 1e-3
    private static let binCount = Int((log(1e13 / smallest) / log(ratio)).rounded(.up)) + 2

    private(set) var count = 0
    private(set) var sum = 0.0
    private(set) var minimum = Double.infinity
    private(set) var maximum = -Double.infinity
    private(set) var last = 0.0
    private var bins = [Int](repeating: 0, count: StreamingSummary.binCount)

    /// Adds a value (negative and non-finite values count as 0).
    mutating func add(_ value: Double) {
        let v = value.isFinite ? max(value, 0) : 0
        count += 1
        sum += v
        minimum = min(minimum, v)
        maximum = max(maximum, v)
        last = v
        bins[Self.bin(of: v)] += 1
    }

    var mean: Double { count > 0 ? sum / Double(count) : 0 }

    /// The value below which a fraction `p` of the values lie (the nearest-rank percentile,
    /// read from its bin), within the extremes.
    func percentile(_ p: Double) -> Double {
        guard count > 0 else { return 0 }
        let rank = min(count - 1, Int((Double(count - 1) * p).rounded()))
        var seen = 0
        for (bin, n) in bins.enumerated() where n > 0 {
            seen += n
            if seen > rank { return min(max(Self.value(of: bin), minimum), maximum) }
        }
        return maximum
    }

    private static func bin(of v: Double) -> Int {
        guard v >= smallest else { return 0 }
        return min(binCount - 1, 1 + Int(log(v / smallest) / log(ratio)))
    }

    /// The middle of a bin (geometric).
    private static func value(of bin: Int) -> Double {
        bin == 0 ? 0 : smallest * pow(ratio, Double(bin - 1) + 0.5)
    }
}

/// A per-frame series spooled to a temporary file as it is recorded, so a long run keeps
/// bounded memory; read back once, into the output.
final class SpooledSeries {
    private let url: URL
    private let handle: FileHandle
    private var buffer = ""
    private(set) var count = 0

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("sparks-bench-\(UUID().uuidString).txt")
        guard FileManager.default.createFile(atPath: url.path, contents: nil, attributes: [.posixPermissions: 0o600]),
            let handle = FileHandle(forWritingAtPath: url.path)
        else {
            throw CommandError("cannot write a temporary file in \(FileManager.default.temporaryDirectory.path)")
        }
        self.handle = handle
    }

    deinit {
        try? handle.close()
        try? FileManager.default.removeItem(at: url)
    }

    /// Appends a value, written with `digits` decimals.
    func append(_ value: Double, digits: Int) {
        buffer += (count > 0 ? "," : "") + (digits == 0 ? String(Int(value.rounded())) : String(format: "%.\(digits)f", value))
        count += 1
        if buffer.utf8.count > 1 << 16 { flush() }
    }

    private func flush() {
        handle.write(Data(buffer.utf8))
        buffer = ""
    }

    /// The values as a JSON array's text, written to `out` piece by piece.
    func writeJSONArray(to out: (String) -> Void) throws {
        flush()
        try handle.synchronize()
        out("[")
        let reader = try FileHandle(forReadingFrom: url)
        defer { try? reader.close() }
        while let chunk = try reader.read(upToCount: 1 << 16), !chunk.isEmpty { out(String(decoding: chunk, as: UTF8.self)) }
        out("]")
    }
}
