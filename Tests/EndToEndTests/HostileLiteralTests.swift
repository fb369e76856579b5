import Foundation
import Testing

/// Value literals of the wrong shape, nested deep: refused quickly, in graphql-js' words, with a short message.
@Suite("Hostile input: misplaced list and object literals")
struct HostileLiteralTests {
    static func message(_ response: Any) -> String { value(response, "errors", 0, "message") as? String ?? "" }

    /// A literal `depth` levels deep: `{a: {a: … "x" … }}` or `[[… "x" …]]`.
    static func nested(_ depth: Int, object: Bool) -> String {
        object
            ? String(repeating: "{a: ", count: depth) + "\"x\"" + String(repeating: "}", count: depth)
            : String(repeating: "[", count: depth) + "\"x\"" + String(repeating: "]", count: depth)
    }

    // GraphQLSwift's printer reprints a long literal's children at every level: 30 levels took seconds and 60
    // took minutes, holding a core after the client had gone. Each of these documents is 60 deep.
    @Test("60-deep lists and objects where a scalar, an enum or an input object goes are WrongType, in bounded words", .timeLimit(.minutes(3)))
    func misplacedLiterals() async throws {
        let server = try await LiveServer.start(schema: "schema")
        defer { server.stop() }
        let cases: [(String, String)] = [
            ("{ listTeams(filter: {mantra: {eq: \(Self.nested(60, object: true))}}) { items { id } } }", "String cannot represent a non-string value: { a: { a: "),
            ("{ listTeams(filter: {mantra: {eq: \(Self.nested(60, object: false))}}) { items { id } } }", "String cannot represent a non-string value: [[["),
            ("{ listMembers(filter: {role: {eq: \(Self.nested(60, object: true))}}) { items { id } } }", "Enum \"Role\" cannot represent non-enum value: { a: "),
            ("{ listTeams(filter: {size: {eq: \(Self.nested(60, object: false))}}) { items { id } } }", "Int cannot represent non-integer value: [["),
            ("{ listTeams(filter: {and: [\(Self.nested(60, object: false))]}) { items { id } } }", "Expected value of type \"ModelTeamFilterInput\", found [[["),
            (
                "query($f: Boolean = \(Self.nested(60, object: true))) { listTeams(filter: {active: {eq: $f}}) { items { id } } }",
                "Boolean cannot represent a non-boolean value: { a: "
            ),
        ]
        for (document, expected) in cases {
            let response = try await server.graphQL(document)
            let message = Self.message(response)
            #expect(message.hasPrefix("Validation error of type WrongType: " + expected), "\(message)")
            #expect(message.count < 400, "\(message.count) characters")
            #expect(value(response, "errors", 0, "locations", 0, "line") as? Int == 1)
        }
        // Short literals read as before, and lists where lists go still work.
        let short = try await server.graphQL(#"{ listTeams(filter: {mantra: {eq: ["x"]}}) { items { id } } }"#)
        #expect(Self.message(short) == #"Validation error of type WrongType: String cannot represent a non-string value: ["x"]"#)
        let fine = try await server.graphQL(#"{ listTeams(filter: {and: [{mantra: {eq: "x"}}, {not: {size: {between: [1, 2]}}}]}) { items { id } } }"#)
        #expect(value(fine, "errors") == nil, "\(fine)")
    }
}

/// String escapes graphql-js reads and GraphQLSwift does not: surrogate pairs and braces.
@Suite("Unicode escapes in string literals")
struct UnicodeEscapeTests {
    @Test("a surrogate pair and braced escapes store the character they stand for; lone halves are refused; later columns stay right")
    func escapes() async throws {
        let server = try await LiveServer.start(schema: "schema")
        defer { server.stop() }
        let stored: [(String, String)] = [
            (#"a\ud83d\ude00b"#, "a😀b"), (#"\uD83D\uDE00\uD83D\uDE00"#, "😀😀"), (#"x\u{1F600}y"#, "x😀y"),
            (#"\u{22}\u{5c}\u{41}"#, "\"\\A"), (#"\u00e9\u{e9}"#, "éé"),
        ]
        for (literal, expected) in stored {
            let response = try await server.graphQL("mutation { createTeam(input: {mantra: \"\(literal)\"}) { mantra } }")
            #expect(value(response, "data", "createTeam", "mantra") as? String == expected, "\(literal): \(response)")
        }
        for bad in [#"x\ud800y"#, #"\udc00"#, #"\ud83d\u0041"#, #"\u{D800}"#, #"\u{110000}"#, #"\u{1F600"#] {
            let response = try await server.graphQL("mutation { createTeam(input: {mantra: \"\(bad)\"}) { mantra } }")
            #expect(HostileLiteralTests.message(response).contains("Invalid Unicode escape sequence"), "\(bad): \(response)")
        }
        // The mistake after the rewritten string is reported where it is in the text as sent.
        let located = try await server.graphQL(#"{ listTeams(filter: {mantra: {eq: "\ud83d\ude00"}, nope: 1}) { items { id } } }"#)
        #expect(value(located, "errors", 0, "locations", 0, "column") as? Int == 52, "\(located)")
        let (health, _, _) = try await server.post(body: nil, key: nil, method: "GET", path: "/healthz")
        #expect(health == 200)
    }
}
