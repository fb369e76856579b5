import JSON
import Testing

@Suite("JSON: reader, writer, storable AWSJSON")
struct JSONReaderTests {
    @Test("objects, arrays, numbers, escapes and surrogate pairs")
    func values() throws {
        let value = try JSONReader.parse(Array(#" {"a": [1, -2.5, 3e2, true, false, null], "s": "q\"\\\/\n\u00e9\ud83d\ude00", "big": 12345678901234} "#.utf8))
        #expect(
            value
                == .object([
                    ("a", .list([.int(1), .float(-2.5), .float(300), .boolean(true), .boolean(false), .null])),
                    ("s", .string("q\"\\/\né😀")), ("big", .int(12_345_678_901_234)),
                ]))
    }

    @Test("a repeated key keeps its last value in its first place, in small objects and large ones", arguments: [2, 3, 8, 9, 20])
    func repeatedKeys(count: Int) throws {
        // Keys k0 … k(count-1), then k0 again: the object has `count` members, k0's value the last one given.
        let members = (0..<count).map { "\"k\($0)\": \($0)" } + ["\"k0\": \"last\""]
        let value = try JSONReader.parse(Array(("{" + members.joined(separator: ",") + "}").utf8))
        #expect(value == .object([("k0", .string("last"))] + (1..<count).map { ("k\($0)", JSONValue.int($0)) }))
        let distinct = try JSONReader.parse(Array(("{" + members.dropLast().joined(separator: ",") + "}").utf8))
        #expect(distinct == .object((0..<count).map { ("k\($0)", JSONValue.int($0)) }))
    }

    @Test("malformed documents are rejected", arguments: ["{", "[1,]", "{\"a\" 1}", "01", "\"\u{1}\"", "tru", "{} x", "\"\\x\"", "1."])
    func rejects(text: String) {
        #expect(throws: JSONReader.Failure.self) { try JSONReader.parse(Array(text.utf8)) }
    }

    @Test("a string literal escapes exactly the quote, the backslash and control characters, with PostgreSQL's spellings")
    func quoteSpelling() {
        #expect(JSONText.quote("plain id-1") == #""plain id-1""#)
        #expect(JSONText.quote("") == #""""#)
        #expect(JSONText.quote("a\"b\\c/d") == #""a\"b\\c/d""#)
        #expect(JSONText.quote("\n\r\t\u{0}\u{1}\u{1F}\u{7F}") == "\"\\n\\r\\t\\u0000\\u0001\\u001f\u{7F}\"")
        #expect(JSONText.quote("é 😀 👩‍💻 \u{0600}") == "\"é 😀 👩‍💻 \u{0600}\"")
    }

    @Test("what the writer writes, the reader reads back equal: quotes, backslashes, controls, astral characters, numbers")
    func roundTrip() throws {
        var generator = SystemRandomNumberGenerator()
        let pieces: [String] = ["\"", "\\", "/", "\n", "\r", "\t", "\u{0}", "\u{1F}", "é", "😀", "\u{0600}", "a\u{301}", "👩‍💻", "{", "]", ",", "null", " "]
        func randomString() -> String {
            (0..<Int.random(in: 0...6, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined()
        }
        func randomValue(_ depth: Int) -> JSONValue {
            switch Int.random(in: 0..<(depth > 3 ? 5 : 7), using: &generator) {
            case 0: return .null
            case 1: return .boolean(Bool.random(using: &generator))
            case 2: return .int(Int.random(in: Int.min...Int.max, using: &generator))
            case 3: return .float(Double.random(in: -1e300...1e300, using: &generator))
            case 4: return .string(randomString())
            case 5: return .list((0..<Int.random(in: 0...4, using: &generator)).map { _ in randomValue(depth + 1) })
            default:
                // Distinct keys: a repeated key keeps only its last value, which is not a round trip.
                let keys = Set((0..<Int.random(in: 0...4, using: &generator)).map { _ in randomString() })
                return .object(keys.map { ($0, randomValue(depth + 1)) })
            }
        }
        for _ in 0..<500 {
            let value = randomValue(0)
            let text = JSONText.encode(value)
            #expect(try JSONReader.parse(Array(text.utf8)) == value, "\(text)")
        }
    }

    @Test("AWSJSON is judged by what jsonb can store: U+0000 and lone surrogates refused, nesting bounded")
    func storable() {
        #expect(JSONSyntax.storageProblem(#"{"a": "\u00e9\ud83d\ude00"}"#) == nil)
        #expect(JSONSyntax.storageProblem(#"{"a": "\u0000"}"#)?.contains("U+0000") == true)
        #expect(JSONSyntax.storageProblem(#"{"\u0000": 1}"#)?.contains("U+0000") == true)
        #expect(JSONSyntax.storageProblem(#"["\ud800"]"#)?.contains("surrogate") == true)
        #expect(JSONSyntax.storageProblem(#"["\udfff"]"#)?.contains("surrogate") == true)
        #expect(JSONSyntax.storageProblem(#"["\\u0000"]"#) == nil)
        #expect(JSONSyntax.storageProblem("{") == "is not valid JSON")
        #expect(JSONSyntax.storageProblem(String(repeating: "[", count: 600) + String(repeating: "]", count: 600))?.contains("512 deep") == true)
        #expect(JSONSyntax.storageProblem(String(repeating: "[", count: 500) + String(repeating: "]", count: 500)) == nil)
    }
}
