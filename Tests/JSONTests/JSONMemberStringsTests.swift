import JSON
import Testing

@Suite("JSON: reading chosen text members of an object without building it")
struct JSONMemberStringsTests {
    @Test("wanted text members are read, escapes decoded; others, nested values and non-text values are left out")
    func readsWanted() throws {
        let text = #"{"id": "c1", "postId": "p\"1\u00e9", "nested": {"postId": "inner", "list": ["postId", {"x": "}"}]}, "n": 3, "owner": null, "content": "a \\ \" b"}"#
        let found = try JSONReader.memberStrings(of: Array(text.utf8), wanted: ["postId", "owner", "missing"])
        #expect(found == ["postId": "p\"1é"])
    }

    @Test("member texts: the wanted members' values exactly as written, whatever their type; others skipped")
    func readsTexts() throws {
        let text = #"{"id": "c\"1\u00e9", "n": -3.50, "ok": true, "none": null, "list": [1, {"id": "x"}], "obj": {"a": "}"}, "skip": "s"}"#
        let found = try JSONReader.memberTexts(of: Array(text.utf8), wanted: ["id", "n", "ok", "none", "list", "obj", "missing"])
        #expect(
            found.mapValues { String(decoding: $0, as: UTF8.self) } == [
                "id": #""c\"1\u00e9""#, "n": "-3.50", "ok": "true", "none": "null", "list": #"[1, {"id": "x"}]"#, "obj": #"{"a": "}"}"#,
            ])
        #expect(throws: JSONReader.Failure.self) { try JSONReader.memberTexts(of: Array(#"{"id": "x""#.utf8), wanted: ["id"]) }
        #expect(throws: JSONReader.Failure.self) { try JSONReader.memberTexts(of: Array(#"["id"]"#.utf8), wanted: ["id"]) }
    }

    @Test("the last of a repeated key wins, as in parse, even when it is not text")
    func lastWins() throws {
        #expect(try JSONReader.memberStrings(of: Array(#"{"a": "1", "a": "2"}"#.utf8), wanted: ["a"]) == ["a": "2"])
        #expect(try JSONReader.memberStrings(of: Array(#"{"a": "1", "a": 2}"#.utf8), wanted: ["a"]) == [:])
    }

    @Test("agrees with parse on every text member of random images")
    func agreesWithParse() throws {
        let samples = [#"{}"#, #"{"a":"x","b":"y\n","c":[1,"a"],"d":{"a":"z"}}"#, #" { "k" : "\ud83d\ude00" , "e":"" } "#]
        for sample in samples {
            guard case .object(let members) = try JSONReader.parse(Array(sample.utf8)) else { Issue.record("not an object"); continue }
            var expected: [String: String] = [:]
            for (key, value) in members { if case .string(let text) = value { expected[key] = text } }
            #expect(try JSONReader.memberStrings(of: Array(sample.utf8), wanted: Set(members.map(\.0))) == expected)
        }
    }

    @Test(
        "malformed documents and non-objects are refused",
        arguments: ["", "[]", "\"a\"", "{", #"{"a":"x""#, #"{"a":"\"}"#, #"{"a" "x"}"#, #"{"a":"x"} y"#, "{\"a\":\"\u{1}\"}", #"{"b":"\"#])
    func refuses(text: String) {
        #expect(throws: JSONReader.Failure.self) { try JSONReader.memberStrings(of: Array(text.utf8), wanted: ["a", "b"]) }
    }
}
