import Foundation
import SparksCore
import Testing

/// Writes a parsed JSON value back to text, optionally writing one object key twice.
private func serialize(_ node: JSONNode, duplicating target: Int, counter: inout Int) -> String {
    switch node.value {
    case .null: return "null"
    case .bool(let b): return b ? "true" : "false"
    case .number(let n):
        if n.isNaN { return "NaN" }
        if n.isInfinite { return n > 0 ? "Infinity" : "-Infinity" }
        return n.rounded() == n && abs(n) < 1e15 ? String(Int64(n)) : "\(n)"
    case .string(let s):
        let escaped = s.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
        return "\"\(escaped)\""
    case .array(let items):
        return "[" + items.map { serialize($0, duplicating: target, counter: &counter) }.joined(separator: ",") + "]"
    case .object(let members):
        var parts: [String] = []
        for m in members {
            counter += 1
            let text = "\"\(m.key)\":" + serialize(m.value, duplicating: target, counter: &counter)
            parts.append(text)
            if counter == target { parts.append(text) }
        }
        return "{" + parts.joined(separator: ",") + "}"
    }
}

/// Mutates a preset the ways people and tools break files.
private struct Mutator {
    var random: SeededRandom

    mutating func pick(_ n: Int) -> Int { Int(random.nextUInt32() % UInt32(max(n, 1))) }

    static let extremes: [Double] = [
        0, -1, -0.5, 1e308, -1e308, 1e9, -1e9, 1e-300, .nan, .infinity, -.infinity, 4_294_967_296, 1e7, -1e7, 10_000, 10_001, 3.5,
    ]

    /// A random value of a random type.
    mutating func randomValue(at location: SparksCore.SourceLocation) -> JSONNode {
        switch pick(8) {
        case 0: return JSONNode(.string(["x", "", "circle", "#ff00ff", "infinity", "../../etc/passwd", "fire.png"][pick(7)]), at: location)
        case 1: return JSONNode(.number(Self.extremes[pick(Self.extremes.count)]), at: location)
        case 2: return JSONNode(.array([]), at: location)
        case 3:
            return JSONNode(
                .array((0..<pick(17)).map { _ in JSONNode(.number(Self.extremes[pick(Self.extremes.count)]), at: location) }), at: location)
        case 4: return JSONNode(.object([]), at: location)
        case 5: return JSONNode(.null, at: location)
        case 6: return JSONNode(.bool(pick(2) == 0), at: location)
        default: return JSONNode(.number(Double(pick(2000)) - 1000), at: location)
        }
    }

    /// Applies one structural mutation somewhere in the tree; `budget` counts down to the chosen node.
    mutating func mutate(_ node: JSONNode, budget: inout Int) -> JSONNode {
        budget -= 1
        if budget == 0 {
            switch node.value {
            case .number: return JSONNode(.number(Self.extremes[pick(Self.extremes.count)]), at: node.location)
            default: return randomValue(at: node.location)
            }
        }
        switch node.value {
        case .array(let items):
            var items = items.map { mutate($0, budget: &budget) }
            if budget == -1000, !items.isEmpty { items.remove(at: pick(items.count)) }
            return JSONNode(.array(items), at: node.location)
        case .object(let members):
            var result: [JSONMember] = []
            for m in members {
                budget -= 1
                if budget == 0 {
                    switch pick(3) {
                    case 0: continue  // delete the key
                    case 1:  // misspell the key
                        var key = Array(m.key)
                        if !key.isEmpty { key[pick(key.count)] = Character(Unicode.Scalar(UInt8(97 + pick(26)))) }
                        result.append(JSONMember(key: String(key), keyLocation: m.keyLocation, value: m.value))
                        continue
                    default:  // a wrong-typed value
                        result.append(JSONMember(key: m.key, keyLocation: m.keyLocation, value: randomValue(at: m.keyLocation)))
                        continue
                    }
                }
                result.append(JSONMember(key: m.key, keyLocation: m.keyLocation, value: mutate(m.value, budget: &budget)))
            }
            return JSONNode(.object(result), at: node.location)
        default:
            return node
        }
    }

    static func size(_ node: JSONNode) -> Int {
        switch node.value {
        case .array(let items): return 1 + items.reduce(0) { $0 + size($1) }
        case .object(let members): return 1 + members.reduce(0) { $0 + 1 + size($1.value) }
        default: return 1
        }
    }

    /// One to three structural mutations, a duplicated key now and then, then text damage.
    mutating func mutated(_ source: JSONNode) -> [UInt8] {
        var tree = source
        for _ in 0...pick(3) {
            var budget = 1 + pick(Self.size(tree) * 2)
            tree = mutate(tree, budget: &budget)
        }
        var counter = 0
        var bytes = Array(serialize(tree, duplicating: pick(4) == 0 ? 1 + pick(40) : -1, counter: &counter).utf8)
        switch pick(10) {
        case 0: bytes = Array(bytes.prefix(pick(bytes.count + 1)))  // truncated save
        case 1:  // random bytes
            for _ in 0..<(1 + pick(8)) where !bytes.isEmpty { bytes[pick(bytes.count)] = UInt8(pick(256)) }
        case 2: if !bytes.isEmpty { bytes.remove(at: pick(bytes.count)) }  // a lost character
        default: break
        }
        return bytes
    }
}

@Suite("Fuzzing the preset reader and the scene")
struct FuzzTests {
    /// Iterations: 10,000 in the suite; `make fuzz` runs more (SPARKS_FUZZ_ITERATIONS, SPARKS_FUZZ_SEED).
    static let iterations = Int(ProcessInfo.processInfo.environment["SPARKS_FUZZ_ITERATIONS"] ?? "") ?? 10_000
    static let seed = UInt32(ProcessInfo.processInfo.environment["SPARKS_FUZZ_SEED"] ?? "") ?? 20_261_121

    @Test("Mutated presets give a scene or errors with a location, never a crash, a hang or a budget overrun")
    func mutatedPresets() throws {
        let presets = repositoryRoot.appendingPathComponent("presets")
        let assets = repositoryRoot.appendingPathComponent("assets")
        let sources = try FileManager.default.contentsOfDirectory(atPath: presets.path)
            .filter { $0.hasSuffix(".json") && $0 != "sparks.schema.json" }.sorted()
            .map { try JSONParser.parse(Array(Data(contentsOf: presets.appendingPathComponent($0)))) }
        #expect(sources.count >= 8)
        let limits = PresetLimits(maxParticles: 5_000, maxDrawnInstances: 2_000)
        let decoder = PresetDecoder(fileName: "fuzz.json", resolver: ResourceResolver(roots: [presets, assets]), limits: limits)
        var mutator = Mutator(random: SeededRandom(seed: Self.seed))
        var scenes = 0, rejected = 0
        let clock = ContinuousClock()
        for i in 0..<Self.iterations {
            let bytes = mutator.mutated(sources[i % sources.count])
            let started = clock.now
            switch decoder.decode(bytes, defaultName: "fuzz") {
            case .failure(let error):
                rejected += 1
                #expect(!error.diagnostics.isEmpty)
                for d in error.diagnostics where d.location == nil && d.path.isEmpty {
                    Issue.record("case \(i): a problem with neither a location nor a path: \(d)")
                }
            case .success(let description):
                scenes += 1
                let scene = Scene(description, particleLimit: limits.maxParticles)
                var list = RenderList()
                for _ in 0..<10 {
                    scene.step()
                    #expect(scene.liveParticleCount <= limits.maxParticles)
                }
                scene.buildRenderList(into: &list)
                #expect(list.quads.count <= limits.maxParticles * 2 + limits.maxDrawnInstances * 2)
            }
            // A hang guard, far above any real case: keep the input for reproduction.
            if clock.now - started > .seconds(10) {
                let file = FileManager.default.temporaryDirectory.appendingPathComponent("sparks-fuzz-slow-\(i).json")
                try? Data(bytes).write(to: file)
                Issue.record("case \(i) took over 10 s; input kept at \(file.path)")
            }
        }
        // Both outcomes must be exercised, or the mutations are not doing their job.
        #expect(scenes > Self.iterations / 10 && rejected > Self.iterations / 10, "scenes \(scenes), rejected \(rejected)")
    }
}
