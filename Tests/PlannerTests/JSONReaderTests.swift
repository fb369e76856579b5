import Planner
import Testing

@Suite("JSON reader")
struct JSONReaderTests {
    @Test("objects, arrays, numbers, escapes and surrogate pairs")
    func values() throws {
        let value = try JSONReader.parse(Array(#" {"a": [1, -2.5, 3e2, true, false, null], "s": "q\"\\\/\n\u00e9\ud83d\ude00", "big": 12345678901234} "#.utf8))
        #expect(value == .object([
            ("a", .list([.int(1), .float(-2.5), .float(300), .boolean(true), .boolean(false), .null])),
            ("s", .string("q\"\\/\né😀")), ("big", .int(12_345_678_901_234)),
        ]))
    }

    @Test("malformed documents are rejected", arguments: ["{", "[1,]", "{\"a\" 1}", "01", "\"\u{1}\"", "tru", "{} x", "\"\\x\"", "1."])
    func rejects(text: String) {
        #expect(throws: JSONReader.Failure.self) { try JSONReader.parse(Array(text.utf8)) }
    }
}
