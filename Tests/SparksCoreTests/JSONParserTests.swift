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
            ("{\"a\": 1,}", "trailing comma", 1, 9),
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
}
