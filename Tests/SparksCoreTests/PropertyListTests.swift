import Foundation
import SparksCore
import Testing

/// Sparks's property-list reader against Python's `plistlib` (the reference writer): random
/// values written by plistlib as binary (`bplist00`, with keyed-archive UIDs) and as XML must
/// read back as the same values.
@Suite("Property lists")
struct PropertyListTests {
    /// A random value, and the same value as JSON that tells the reference writer each type.
    struct Sample {
        var value: PropertyList
        var tagged: Any
    }

    struct Maker {
        var random: SeededRandom
        var allowUIDs: Bool

        mutating func pick(_ n: Int) -> Int { Int(random.nextUInt32() % UInt32(max(n, 1))) }

        mutating func string() -> String {
            let pieces: [String] = ["a", "Z", "0", " ", "é", "ß", "火", "😀", "<", "&", ">", "\"", "'", "\u{2028}", "·", "NS", "$"]
            return (0..<pick(12)).map { _ in pieces[pick(pieces.count)] }.joined()
        }

        mutating func sample(depth: Int) -> Sample {
            switch pick(depth > 3 ? 6 : 8) {
            case 0:
                let s = string()
                return Sample(value: .string(s), tagged: ["s", s])
            case 1:
                let magnitudes: [Int64] = [0, 1, 255, 256, 65_535, 65_536, 1 << 31, 1 << 40, Int64.max]
                var n = magnitudes[pick(magnitudes.count)] - Int64(pick(3))
                if pick(2) == 0 { n = -n }
                return Sample(value: .integer(n), tagged: ["i", String(n)])
            case 2:
                let r = (Double(random.nextUInt32()) - 2_147_483_648) / Double(1 + pick(100_000))
                return Sample(value: .real(r), tagged: ["r", r])
            case 3:
                let b = pick(2) == 0
                return Sample(value: .bool(b), tagged: ["b", b])
            case 4:
                let bytes = (0..<pick(40)).map { _ in UInt8(pick(256)) }
                return Sample(value: .data(bytes), tagged: ["d", bytes.map(Int.init)])
            case 5:
                if allowUIDs {
                    let n = pick(300)
                    return Sample(value: .uid(n), tagged: ["u", n])
                }
                let s = string()
                return Sample(value: .string(s), tagged: ["s", s])
            case 6:
                var values: [PropertyList] = [], tagged: [Any] = []
                for _ in 0..<pick(6) {
                    let element = sample(depth: depth + 1)
                    values.append(element.value)
                    tagged.append(element.tagged)
                }
                return Sample(value: .array(values), tagged: ["a", tagged])
            default:
                var values: [String: PropertyList] = [:], tagged: [String: Any] = [:]
                for _ in 0..<pick(6) {
                    let key = string()
                    let element = sample(depth: depth + 1)
                    values[key] = element.value
                    tagged[key] = element.tagged
                }
                return Sample(value: .dictionary(values), tagged: ["o", tagged])
            }
        }
    }

    static let writer = """
        import json, plistlib, sys
        def build(t):
            kind, v = t
            if kind == 's': return v
            if kind == 'i': return int(v)
            if kind == 'r': return float(v)
            if kind == 'b': return bool(v)
            if kind == 'd': return bytes(v)
            if kind == 'u': return plistlib.UID(v)
            if kind == 'a': return [build(e) for e in v]
            return {k: build(e) for k, e in v.items()}
        samples = json.load(open(sys.argv[1]))
        for i, t in enumerate(samples):
            value = {'root': build(t)}
            fmt = plistlib.FMT_BINARY if sys.argv[3] == 'binary' else plistlib.FMT_XML
            with open('%s/%d.plist' % (sys.argv[2], i), 'wb') as f:
                plistlib.dump(value, f, fmt=fmt, sort_keys=False)
        """

    func roundTrip(format: String, seed: UInt64) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sparks-plist-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var maker = Maker(random: SeededRandom(seed: UInt32(seed)), allowUIDs: format == "binary")
        let samples = (0..<300).map { _ in maker.sample(depth: 0) }
        try JSONSerialization.data(withJSONObject: samples.map { $0.tagged }).write(to: folder.appendingPathComponent("samples.json"))
        try Data(Self.writer.utf8).write(to: folder.appendingPathComponent("writer.py"))
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "python3", folder.appendingPathComponent("writer.py").path, folder.appendingPathComponent("samples.json").path, folder.path,
            format,
        ]
        try process.run()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "plistlib could not write the samples")
        for (i, sample) in samples.enumerated() {
            let bytes = [UInt8](try Data(contentsOf: folder.appendingPathComponent("\(i).plist")))
            let read = try PropertyList.read(bytes)
            #expect(read == .dictionary(["root": sample.value]), "sample \(i) read back differently (\(format))")
        }
    }

    @Test("Binary property lists written by plistlib, UIDs included, read back as written")
    func binary() throws { try roundTrip(format: "binary", seed: 1) }

    @Test("XML property lists written by plistlib read back as written")
    func xml() throws { try roundTrip(format: "xml", seed: 2) }

    @Test("A file that refers back to an object being read, or past its end, is an error, not a hang or a crash")
    func hostileBinary() throws {
        // bplist00 with one array holding a reference to itself (object 0 → object 0).
        var bytes = Array("bplist00".utf8)
        bytes += [0xA1, 0x00]  // array of 1, element ref 0
        let offsetTable = bytes.count
        bytes += [8]  // object 0 at offset 8
        bytes += [0, 0, 0, 0, 0, 0]  // trailer: unused, sort version
        bytes += [1, 1]  // offset int size, object ref size
        bytes += [0, 0, 0, 0, 0, 0, 0, 1]  // objects
        bytes += [0, 0, 0, 0, 0, 0, 0, 0]  // top
        bytes += [0, 0, 0, 0, 0, 0, 0, UInt8(offsetTable)]
        #expect(throws: PropertyList.Error.self) { try PropertyList.read(bytes) }
        // The same, claiming a billion objects.
        var huge = bytes
        huge[huge.count - 20] = 0x40
        #expect(throws: PropertyList.Error.self) { try PropertyList.read(huge) }
    }
}
