import Foundation
import SparksCore
import Testing

/// Runs Python's `jsonschema` (Draft 7) over files; returns each file's error messages.
private func validateWithJSONSchema(_ files: [URL]) throws -> [String: [String]] {
    let script = """
        import json, sys, jsonschema
        schema = json.load(open(sys.argv[1]))
        jsonschema.Draft7Validator.check_schema(schema)
        validator = jsonschema.Draft7Validator(schema)
        result = {}
        for path in sys.argv[2:]:
            result[path] = [e.message for e in validator.iter_errors(json.load(open(path)))]
        print(json.dumps(result))
        """
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments =
        ["python3", "-c", script, repositoryRoot.appendingPathComponent("presets/sparks.schema.json").path] + files.map(\.path)
    let out = Pipe(), err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
    let data = out.fileHandleForReading.readDataToEndOfFile()
    let errors = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
        throw CheckError(description: "python3 jsonschema failed (make test installs python3-jsonschema): \(errors)")
    }
    return try JSONDecoder().decode([String: [String]].self, from: data)
}

private struct CheckError: Error, CustomStringConvertible { let description: String }

@Suite("The JSON Schema agrees with the decoder (checked with Python's jsonschema)")
struct SchemaValidatorTests {
    @Test("Every shipped preset is valid against presets/sparks.schema.json")
    func shippedPresetsValid() throws {
        let folder = repositoryRoot.appendingPathComponent("presets")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { $0.hasSuffix(".json") && $0 != "sparks.schema.json" }.map { folder.appendingPathComponent($0) }
        #expect(files.count >= 8)
        for (file, errors) in try validateWithJSONSchema(files) {
            #expect(errors.isEmpty, "\(file): \(errors)")
        }
    }

    static let badFixtures: [(String, String)] = [
        ("misspelt cell key", #"{"layers": [{"type": "emitter", "emitterCells": [{"birthrate": 5}]}]}"#),
        ("wrong type", #"{"layers": [{"type": "emitter", "emitterCells": [{"lifetime": "long"}]}]}"#),
        ("unknown enum value", #"{"layers": [{"type": "emitter", "emitterShape": "hexagon"}]}"#),
        ("negative lifetime", #"{"layers": [{"type": "emitter", "emitterCells": [{"lifetime": -1}]}]}"#),
        ("no layers", #"{"name": "empty"}"#),
        ("unknown layer type", #"{"layers": [{"type": "emiter"}]}"#),
        ("replicator key on a plain layer", #"{"layers": [{"instanceCount": 3}]}"#),
        ("emitter key on a replicator", #"{"layers": [{"type": "replicator", "emitterShape": "line"}]}"#),
        ("unknown animation key", #"{"layers": [{"animations": [{"type": "basic", "keyPath": "opacity", "tovalue": 1}]}]}"#),
        ("short colour", #"{"canvas": {"background": [1, 2]}, "layers": []}"#),
        ("too many instances", #"{"layers": [{"type": "replicator", "instanceCount": 20000}]}"#),
        ("unknown top-level key", #"{"layer": []}"#),
        (
            "bad timing function name",
            #"{"layers": [{"animations": [{"type": "basic", "keyPath": "opacity", "timingFunction": "bouncy"}]}]}"#
        ),
        ("transform with 15 numbers", #"{"layers": [{"transform": [1,0,0,0,0,1,0,0,0,0,1,0,0,0,0]}]}"#),
    ]

    @Test("iOS spellings of values are accepted by both the decoder and the schema")
    func iosSpellingsAcceptedByBoth() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sparks-schema-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("ios.json")
        try #"""
        { "layers": [
          { "type": "emitter", "emitterShape": "kCAEmitterLayerLine", "emitterMode": ".outline", "renderMode": "CAEmitterLayerRenderMode.additive",
            "backgroundColor": "UIColor.systemBlue", "borderColor": {"white": 0.5, "alpha": 1}, "contentsGravity": "kCAGravityResizeAspect",
            "animations": [ { "type": "basic", "keyPath": "opacity", "toValue": 0, "fillMode": "kCAFillModeForwards",
                              "timingFunction": "CAMediaTimingFunctionName.easeOut" } ] } ] }
        """#.write(to: file, atomically: true, encoding: .utf8)
        if case .failure(let error) = PresetDecoder.load(contentsOf: file, assetDirectories: []) {
            Issue.record("the decoder refused it: \(error)")
        }
        #expect(try validateWithJSONSchema([file])[file.path] == [])
        // A misspelt constant is refused by the schema too.
        let bad = folder.appendingPathComponent("bad.json")
        try #"{"layers": [{"type": "emitter", "emitterShape": "kCAEmitterLayerHexagon"}]}"#.write(
            to: bad, atomically: true, encoding: .utf8)
        #expect(try validateWithJSONSchema([bad])[bad.path]?.isEmpty == false)
    }

    @Test("Bad fixtures are rejected by both the decoder and the schema")
    func badFixturesRejectedByBoth() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sparks-schema-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var files: [URL] = []
        for (i, (label, text)) in Self.badFixtures.enumerated() {
            let file = folder.appendingPathComponent("bad-\(i).json")
            try text.write(to: file, atomically: true, encoding: .utf8)
            files.append(file)
            let decoded = PresetDecoder.load(contentsOf: file, assetDirectories: [])
            if case .success = decoded { Issue.record("the decoder accepted \(label)") }
        }
        let schemaResults = try validateWithJSONSchema(files)
        for (i, (label, _)) in Self.badFixtures.enumerated() {
            #expect(schemaResults[files[i].path]?.isEmpty == false, "the schema accepted \(label)")
        }
    }
}
