import Foundation
import SparksCore
import Testing

@Suite("Writing one value back into a preset's text")
struct PresetTextEditTests {
    let jsonc = """
        {
          // My portal: tuned by hand.
          "name": "portal",
          "layers": [
            {
              "type": "emitter", /* the ring */
              "emitterPosition": [400, 300],   // centre
              "emitterCells": [ { "name": "spark", "birthRate": 100, }, ],
            },
            {
              "type": "emitter",
              "sublayers": [ { "type": "emitter", "emitterCells": [] } ]
            }
          ],
        }
        """

    private func edit(_ value: String, _ path: [PresetTextEdit.Step]) throws -> String {
        String(decoding: try PresetTextEdit.setting(value, at: path, in: Array(jsonc.utf8)), as: UTF8.self)
    }

    @Test("An existing key: only its value's text changes; comments, trailing commas and spacing stay")
    func replaces() throws {
        let edited = try edit("[412.5, 288]", [.key("layers"), .index(0), .key("emitterPosition")])
        #expect(edited == jsonc.replacing("[400, 300]", with: "[412.5, 288]"))
        let decoded = try PresetDecoder(fileName: "p", resolver: ResourceResolver(roots: [])).decode(Array(edited.utf8), defaultName: "p")
            .get()
        #expect(decoded.layers[0].content.emitter?.emitterPosition == Point(x: 412.5, y: 288))
    }

    @Test("A missing key is added after the object's last member, on its own line when members are one to a line")
    func inserts() throws {
        let second = try edit("[10, 20]", [.key("layers"), .index(1), .key("emitterPosition")])
        #expect(
            second.contains("\"sublayers\": [ { \"type\": \"emitter\", \"emitterCells\": [] } ],\n      \"emitterPosition\": [10, 20]\n"))
        let nested = try edit("[1, 2]", [.key("layers"), .index(1), .key("sublayers"), .index(0), .key("emitterPosition")])
        #expect(nested.contains("{ \"type\": \"emitter\", \"emitterCells\": [], \"emitterPosition\": [1, 2] }"))
        let empty = String(
            decoding: try PresetTextEdit.setting("3", at: [.key("a")], in: Array("{}".utf8)), as: UTF8.self)
        #expect(empty == "{ \"a\": 3 }")
        for text in [second, nested, empty] { #expect((try? JSONParser.parse(text)) != nil, "\(text)") }
    }

    @Test("Every edit of a random value of a shipped preset changes that value and no other byte")
    func shippedPresets() throws {
        let folder = repositoryRoot.appendingPathComponent("presets")
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) where name.hasSuffix(".json") {
            let bytes = Array(try Data(contentsOf: folder.appendingPathComponent(name)))
            let root = try JSONParser.parse(bytes)
            guard case .object(let members) = root.value, let last = members.last else { continue }
            let edited = try PresetTextEdit.setting("12345", at: [.key(last.key)], in: bytes)
            #expect(Array(edited[..<last.value.span.lowerBound]) == Array(bytes[..<last.value.span.lowerBound]))
            #expect(Array(edited[(last.value.span.lowerBound + 5)...]) == Array(bytes[last.value.span.upperBound...]), "\(name)")
        }
    }

    @Test("Paths that do not exist and files that are not JSON are refused with a reason")
    func failures() {
        #expect(throws: PresetTextEdit.Failure.self) { try edit("1", [.key("layers"), .index(7), .key("x")]) }
        #expect(throws: PresetTextEdit.Failure.self) { try edit("1", [.key("nope"), .key("x")]) }
        #expect(throws: PresetTextEdit.Failure.self) { try PresetTextEdit.setting("1", at: [.key("a")], in: Array("{".utf8)) }
    }

    @Test("Finding a node: its value's own text; nil for a missing last key (one an edit would add); a missing step before it is refused")
    func findsNodes() throws {
        let text = Array(jsonc.utf8)
        let position = try #require(try PresetTextEdit.node(at: [.key("layers"), .index(0), .key("emitterPosition")], in: text))
        #expect(String(decoding: text[position.span], as: UTF8.self) == "[400, 300]")
        let cell = try #require(try PresetTextEdit.node(at: [.key("layers"), .index(0), .key("emitterCells"), .index(0)], in: text))
        #expect(String(decoding: text[cell.span], as: UTF8.self) == "{ \"name\": \"spark\", \"birthRate\": 100, }")
        #expect(try PresetTextEdit.node(at: [], in: text)?.span == text.indices)
        #expect(
            try PresetTextEdit.node(at: [.key("layers"), .index(0), .key("emitterCells"), .index(0), .key("emitterCells")], in: text) == nil
        )
        #expect(throws: PresetTextEdit.Failure.self) { try PresetTextEdit.node(at: [.key("nope"), .key("x")], in: text) }
        #expect(throws: PresetTextEdit.Failure.self) { try PresetTextEdit.node(at: [.key("layers"), .index(2)], in: text) }
        #expect(throws: PresetTextEdit.Failure.self) { try PresetTextEdit.node(at: [.key("name"), .key("x")], in: text) }
    }

    @Test("Emitter layers' paths follow the scene's emitter order, sublayers included")
    func emitterPaths() throws {
        let scene = try PresetDecoder(fileName: "p", resolver: ResourceResolver(roots: [])).decode(Array(jsonc.utf8), defaultName: "p")
            .get()
        #expect(
            scene.emitterLayerPaths == [
                [.key("layers"), .index(0)], [.key("layers"), .index(1)], [.key("layers"), .index(1), .key("sublayers"), .index(0)],
            ])
        #expect(Scene(scene).emitterLayers.count == 3)
    }

    @Test("Live counts by layer and cell add up to the scene's")
    func liveCounts() throws {
        let description = try shippedPreset("recipe-trails")
        let scene = Scene(description)
        scene.run(until: 3)
        let counts = scene.liveCountsByLayer
        #expect(counts.map(\.layer) == ["comets"])
        #expect(counts[0].cells.map(\.name) == ["head", "head.trail"])
        #expect(counts[0].total == scene.liveParticleCount && counts[0].cells.reduce(0) { $0 + $1.count } == counts[0].total)
        #expect(counts[0].cells[1].count > counts[0].cells[0].count)
    }

    @Test("Removing and inserting elements and members of every shipped preset gives exactly that change to the document")
    func removeAndInsert() throws {
        let folder = repositoryRoot.appendingPathComponent("presets")
        var edits = 0
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path)
        where name.hasSuffix(".json") && name != "sparks.schema.json" {
            let bytes = Array(try Data(contentsOf: folder.appendingPathComponent(name)))
            let tree = Tree(try JSONParser.parse(bytes))
            for (path, node) in Tree.containers(try JSONParser.parse(bytes)) {
                switch node.value {
                case .array(let elements):
                    for (i, element) in elements.enumerated() {
                        let removed = try PresetTextEdit.removing(at: path + [.index(i)], in: bytes)
                        #expect(Tree(try JSONParser.parse(removed)) == tree.removing(path + [.index(i)]), "\(name) \(path) [\(i)]")
                        // Duplicating an element: its own text inserted after it.
                        let copy = String(decoding: bytes[element.span], as: UTF8.self)
                        let duplicated = try PresetTextEdit.inserting(copy, at: path, index: i + 1, in: bytes)
                        #expect(
                            Tree(try JSONParser.parse(duplicated)) == tree.inserting(Tree(element), at: path, index: i + 1),
                            "\(name) \(path) +[\(i)]")
                        edits += 2
                    }
                case .object(let members):
                    for member in members {
                        let removed = try PresetTextEdit.removing(at: path + [.key(member.key)], in: bytes)
                        #expect(
                            Tree(try JSONParser.parse(removed)) == tree.removing(path + [.key(member.key)]), "\(name) \(path).\(member.key)"
                        )
                        edits += 1
                    }
                default: break
                }
            }
        }
        #expect(edits > 1000)
    }

    @Test("In a file with comments: a removed line goes whole, its comments elsewhere stay; an inserted cell lines up with its siblings")
    func commentsStay() throws {
        let bytes = Array(jsonc.utf8)
        let withoutName = String(decoding: try PresetTextEdit.removing(at: [.key("name")], in: bytes), as: UTF8.self)
        #expect(withoutName == jsonc.replacing("  \"name\": \"portal\",\n", with: ""))
        let withoutPosition = String(
            decoding: try PresetTextEdit.removing(at: [.key("layers"), .index(0), .key("emitterPosition")], in: bytes), as: UTF8.self)
        #expect(withoutPosition.contains("/* the ring */\n      // centre\n"), "\(withoutPosition)")
        let second = try PresetTextEdit.inserting(#"{ "type": "layer" }"#, at: [.key("layers")], index: 1, in: bytes)
        #expect(
            String(decoding: second, as: UTF8.self).contains(
                "    },\n    { \"type\": \"layer\" },\n    {\n      \"type\": \"emitter\",\n      \"sublayers\""))
        let empty = try PresetTextEdit.inserting("1", at: [.key("a")], index: 0, in: Array(#"{ "a": [] }"#.utf8))
        #expect(String(decoding: empty, as: UTF8.self) == #"{ "a": [1] }"#)
        #expect(throws: PresetTextEdit.Failure.self) {
            try PresetTextEdit.inserting("1", at: [.key("a")], index: 2, in: Array(#"{ "a": [0] }"#.utf8))
        }
    }
}

/// A JSON document's structure, for comparing what an edit did.
private indirect enum Tree: Equatable {
    case object([String], [Tree])
    case array([Tree])
    case leaf(String)

    init(_ node: JSONNode) {
        switch node.value {
        case .object(let members): self = .object(members.map(\.key), members.map { Tree($0.value) })
        case .array(let elements): self = .array(elements.map(Tree.init))
        case .string(let s): self = .leaf("\"" + s)
        case .number(let n): self = .leaf("\(n)")
        case .bool(let b): self = .leaf("\(b)")
        case .null: self = .leaf("null")
        }
    }

    /// Every object and array of a document, with its path.
    static func containers(_ node: JSONNode, path: [PresetTextEdit.Step] = []) -> [([PresetTextEdit.Step], JSONNode)] {
        switch node.value {
        case .object(let members):
            return [(path, node)] + members.flatMap { containers($0.value, path: path + [.key($0.key)]) }
        case .array(let elements):
            return [(path, node)] + elements.enumerated().flatMap { containers($1, path: path + [.index($0)]) }
        default: return []
        }
    }

    func removing(_ path: [PresetTextEdit.Step]) -> Tree { edit(path[...]) { _ in nil } }

    func inserting(_ tree: Tree, at path: [PresetTextEdit.Step], index: Int) -> Tree {
        guard let step = path.first else {
            guard case .array(var elements) = self else { return self }
            elements.insert(tree, at: index)
            return .array(elements)
        }
        return edit([step]) { $0.inserting(tree, at: Array(path.dropFirst()), index: index) }
    }

    /// This tree with the child at `path` replaced by `change`'s result (removed when nil).
    private func edit(_ path: ArraySlice<PresetTextEdit.Step>, _ change: (Tree) -> Tree?) -> Tree {
        guard let step = path.first else { return change(self) ?? self }
        let rest = path.dropFirst()
        switch (self, step) {
        case (.object(var keys, var values), .key(let key)):
            guard let i = keys.lastIndex(of: key) else { return self }
            if rest.isEmpty, change(values[i]) == nil {
                keys.remove(at: i)
                values.remove(at: i)
            } else {
                values[i] = values[i].edit(rest, change)
            }
            return .object(keys, values)
        case (.array(var elements), .index(let i)):
            if rest.isEmpty, change(elements[i]) == nil { elements.remove(at: i) } else { elements[i] = elements[i].edit(rest, change) }
            return .array(elements)
        default: return self
        }
    }
}

extension PresetTextEditTests {
    @Test("An element given on one line goes into a list of one element to a line laid out as the file's are; elsewhere as given")
    func insertedLaidOut() throws {
        let text = Array(
            """
            {
              "layers": [
                {
                  "type": "emitter",
                  "emitterBehaviors": [
                    { "type": "drag", "drag": 1 }
                  ],
                  "emitterCells": [{ "name": "a" }]
                }
              ]
            }
            """.utf8)
        let element = ##"{"type":"colorOverLife","name":"fade","colors":["#ffffff00","#ffffff"],"locations":[0,1]}"##
        let behaviours: [PresetTextEdit.Step] = [.key("layers"), .index(0), .key("emitterBehaviors")]
        let laidOut = try PresetTextEdit.inserting(element, at: behaviours, index: 1, in: text, layOut: true)
        #expect(
            String(decoding: laidOut, as: UTF8.self).contains(
                """
                    { "type": "drag", "drag": 1 },
                        {
                          "type": "colorOverLife",
                          "name": "fade",
                          "colors": ["#ffffff00", "#ffffff"],
                          "locations": [0, 1]
                        }
                      ],
                """))
        // The same element as the parser reads it.
        let inserted = try #require(try PresetTextEdit.node(at: behaviours + [.index(1)], in: laidOut))
        #expect(String(decoding: laidOut[inserted.span], as: UTF8.self).filter { !$0.isWhitespace } == element)
        // A list on one line, and an insert not asked to lay out, keep the text as given.
        let cells: [PresetTextEdit.Step] = [.key("layers"), .index(0), .key("emitterCells")]
        let inline = try PresetTextEdit.inserting(#"{"name":"b"}"#, at: cells, index: 1, in: text, layOut: true)
        #expect(String(decoding: inline, as: UTF8.self).contains(#""emitterCells": [{ "name": "a" }, {"name":"b"}]"#))
        let asGiven = try PresetTextEdit.inserting(element, at: behaviours, index: 1, in: text)
        #expect(String(decoding: asGiven, as: UTF8.self).contains(element))
    }
}
