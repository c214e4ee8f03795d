import SparksCore
import Testing

@Suite("JSON parser with locations")
struct JSONParserTests {
    @Test("Values keep their line and column")
    func locations() throws {
        let root = try JSONParser.parse("{\n  \"a\": [1, 2],\n  \"b\": \"é\"\n}")
        guard case .object(let members) = root.value else {
            Issue.record("not an object")
            return
        }
        #expect(members[0].keyLocation == SourceLocation(line: 2, column: 3))
        #expect(members[1].value.location == SourceLocation(line: 3, column: 8))
        guard case .string(let s) = members[1].value.value else {
            Issue.record("not a string")
            return
        }
        #expect(s == "é")
    }

    @Test(
        "Syntax errors say what is wrong and where",
        arguments: [
            ("{\"a\": 1,,}", "expected a key", 1, 9),
            ("[1,,2]", "expected a value", 1, 4),
            ("{\"a\": 1 /* open", "a comment /* is not closed", 1, 9),
            ("[1 2]", "expected ',' or ']'", 1, 4),
            ("{\"a\" 1}", "expected ':'", 1, 6),
            ("{'a': 1}", "double quotes", 1, 2),
            ("{\"a\": 01}", "leading zeros", 1, 7),
            ("{\"a\": \"x\n\"}", "end of the line", 1, 9),
            ("{\"a\": [1, 2]", "missing its closing '}'", 1, 13),
        ])
    func syntaxErrors(text: String, message: String, line: Int, column: Int) {
        #expect {
            _ = try JSONParser.parse(text)
        } throws: { error in
            let e = error as! JSONParser.SyntaxError
            return e.message.contains(message) && e.location == SourceLocation(line: line, column: column)
        }
    }

    @Test("Deep nesting is refused instead of overflowing the stack")
    func depthLimit() {
        let text = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
        #expect(throws: JSONParser.SyntaxError.self) { _ = try JSONParser.parse(text) }
    }

    @Test("Escapes and surrogate pairs decode")
    func escapes() throws {
        let root = try JSONParser.parse(#"["a\"b\\c\n\u00e9\ud83d\ude00"]"#)
        guard case .array(let items) = root.value, case .string(let s) = items[0].value else {
            Issue.record("bad")
            return
        }
        #expect(s == "a\"b\\c\né😀")
    }

    @Test("JSONC: // and /* */ comments and trailing commas read as the same JSON without them; spans cover each value's text")
    func jsonc() throws {
        let commented = """
            // A preset with comments, as editors write them.
            {
              "a": [1, 2, /* the last */ 3,], // trailing comma
              /* block
                 over lines */
              "b": { "c": "x // not a comment", },
            }
            """
        let plain = #"{"a": [1, 2, 3], "b": {"c": "x // not a comment"}}"#
        let a = try JSONParser.parse(commented), b = try JSONParser.parse(plain)
        #expect(describe(a) == describe(b))
        guard case .object(let members) = a.value else {
            Issue.record("not an object")
            return
        }
        let bytes = Array(commented.utf8)
        #expect(String(decoding: bytes[members[0].value.span], as: UTF8.self) == "[1, 2, /* the last */ 3,]")
        #expect(String(decoding: bytes[members[1].value.span], as: UTF8.self) == #"{ "c": "x // not a comment", }"#)
        #expect(members[1].keyLocation == SourceLocation(line: 6, column: 3))
    }

    @Test("Comments and trailing commas anywhere between tokens never change what is read (random documents)")
    func commentsAnywhere() throws {
        var random = SeededRandom(seed: 7)
        for _ in 0..<300 {
            let tokens = randomDocument(&random, depth: 0)
            let plain = tokens.joined(separator: " ")
            let fillers = ["", " ", "\n", "/* c */", "// line\n", "/**/", "/* a\nb */"]
            var commented = ""
            for token in tokens {
                let filler = fillers[Int(random.nextUInt32()) % fillers.count]
                commented += token + filler + " "
            }
            let a = try JSONParser.parse(plain), b = try JSONParser.parse(commented)
            #expect(describe(a) == describe(b), "\(commented)")
        }
    }

    /// A random JSON document as tokens.
    private func randomDocument(_ random: inout SeededRandom, depth: Int) -> [String] {
        let pick = depth > 3 ? 2 + Int(random.nextUInt32() % 3) : Int(random.nextUInt32() % 5)
        switch pick {
        case 0:
            var tokens = ["{"]
            let count = Int(random.nextUInt32() % 4)
            for i in 0..<count {
                tokens += ["\"k\(i)\"", ":"] + randomDocument(&random, depth: depth + 1)
                if i + 1 < count || random.nextUInt32() % 2 == 0 { tokens.append(",") }
            }
            return tokens + ["}"]
        case 1:
            var tokens = ["["]
            let count = Int(random.nextUInt32() % 4)
            for i in 0..<count {
                tokens += randomDocument(&random, depth: depth + 1)
                if i + 1 < count || random.nextUInt32() % 2 == 0 { tokens.append(",") }
            }
            return tokens + ["]"]
        case 2: return [String(Int(random.nextUInt32() % 1000) - 500)]
        case 3: return ["\"s/*\(random.nextUInt32() % 10)*/\""]
        default: return [random.nextUInt32() % 2 == 0 ? "true" : "null"]
        }
    }

    /// The value as plain text, for comparing what two parses read.
    private func describe(_ node: JSONNode) -> String {
        switch node.value {
        case .null: "null"
        case .bool(let b): "\(b)"
        case .number(let n): "\(n)"
        case .string(let s): "\"\(s)\""
        case .array(let elements): "[" + elements.map(describe).joined(separator: ",") + "]"
        case .object(let members): "{" + members.map { "\($0.key):\(describe($0.value))" }.joined(separator: ",") + "}"
        }
    }
}
