import Foundation
import Postgres
import Server
import Testing

/// Each finding of the hostile-input review, over HTTP: refused with the contract's error shape, never a
/// crash, never a value stored other than as sent.
@Suite("Hostile input: bounded, refused in the contract's shape, nothing altered")
struct HostileInputTests {
    static func message(_ response: Any) -> String { value(response, "errors", 0, "message") as? String ?? "" }

    /// Posts `text` as the body, byte for byte.
    static func raw(_ server: LiveServer, _ text: [UInt8]) async throws -> (Int, Any) {
        let (status, _, body) = try await server.post(body: Data(text), key: server.key)
        return (status, body)
    }

    @Test("documents, literals, JSON and fragment chains nested thousands deep are LimitExceeded; the server stays up")
    func deepNesting() async throws {
        let server = try await LiveServer.start(schema: "schema")
        defer { server.stop() }
        // 16 KB: the document that used to overflow the parser's stack.
        let deep = try await server.graphQL("{" + String(repeating: "a{", count: 4000) + "b" + String(repeating: "}", count: 4000) + "}")
        #expect(errorType(deep) == "LimitExceeded")
        #expect(Self.message(deep).contains("nesting limit"))
        let list = try await server.graphQL("{ listTeams(filter: {and: " + String(repeating: "[", count: 3000) + String(repeating: "]", count: 3000) + "}) { items { id } } }")
        #expect(errorType(list) == "LimitExceeded")
        let nots = try await server.graphQL(
            "{ listTeams(filter: " + String(repeating: "{not: ", count: 5000) + "{mantra: {eq: \"a\"}}" + String(repeating: "}", count: 5000) + ") { items { id } } }")
        #expect(errorType(nots) == "LimitExceeded")
        let variables =
            "{\"query\":\"query($f: ModelTeamFilterInput) { listTeams(filter: $f) { items { id } } }\",\"variables\":{\"f\":"
            + String(repeating: "{\"not\":", count: 5000) + "{}" + String(repeating: "}", count: 5000) + "}}"
        let (status, json) = try await Self.raw(server, Array(variables.utf8))
        #expect(status == 400)
        #expect(errorType(json) == "LimitExceeded")
        let chain =
            "query { listTeams { items { ...F0 } } } " + (0..<3000).map { "fragment F\($0) on Team { ...F\($0 + 1) }" }.joined(separator: " ") + " fragment F3000 on Team { id }"
        let fragments = try await server.graphQL(chain)
        #expect(errorType(fragments) == "LimitExceeded")
        // Nesting within the limit still works: a filter 20 levels deep.
        let fine = try await server.graphQL(
            "{ listTeams(filter: " + String(repeating: "{not: ", count: 20) + "{mantra: {eq: \"a\"}}" + String(repeating: "}", count: 20) + ") { items { id } } }")
        #expect(value(fine, "errors") == nil)
        let (health, _, _) = try await server.post(body: nil, key: nil, method: "GET", path: "/healthz")
        #expect(health == 200)
    }

    @Test("U+0000, unpaired surrogates and invalid UTF-8 are refused naming where they are; nothing is stored")
    func textValues() async throws {
        let server = try await LiveServer.start(schema: "schema")
        defer { server.stop() }
        let create = "mutation($n: String!) { createTeam(input: {mantra: $n}) { id mantra } }"
        let nul = try await server.graphQL(create, variables: ["n": "left\u{0}right"])
        #expect(errorType(nul) == "ValidationError")
        #expect(Self.message(nul).contains("Team.mantra") && Self.message(nul).contains("U+0000"))
        let literal = try await server.graphQL(#"mutation { createTeam(input: {mantra: "left\u0000right"}) { id } }"#)
        #expect(errorType(literal) == "ValidationError")
        let surrogate = "{\"query\":\"\(create)\",\"variables\":{\"n\":\"x\\ud800y\"}}"
        let (surrogateStatus, surrogateBody) = try await Self.raw(server, Array(surrogate.utf8))
        #expect(surrogateStatus == 400)
        #expect(errorType(surrogateBody) == "ValidationError")
        #expect(Self.message(surrogateBody).contains("variables.n"))
        let lowAlone = "{\"query\":\"\(create)\",\"variables\":{\"n\":\"x\\udc00y\"}}"
        #expect(errorType(try await Self.raw(server, Array(lowAlone.utf8)).1) == "ValidationError")
        let invalidUTF8 = Array("{\"query\":\"\(create)\",\"variables\":{\"n\":\"x".utf8) + [0xC3, 0x28] + Array("y\"}}".utf8)
        let (utf8Status, utf8Body) = try await Self.raw(server, invalidUTF8)
        #expect(utf8Status == 400)
        #expect(errorType(utf8Body) == "ValidationError")
        let filter = try await server.graphQL("query($v: String) { listTeams(filter: {mantra: {eq: $v}}) { items { id } } }", variables: ["v": "left\u{0}right"])
        #expect(errorType(filter) == "ValidationError")
        // What is valid is stored exactly: combining marks, astral characters, a paired surrogate escape.
        let exact = "e\u{301} \u{1F600} \u{600}\"'\\ {,} NULL"
        let stored = try await server.graphQL(create, variables: ["n": exact])
        #expect(value(stored, "data", "createTeam", "mantra") as? String == exact)
        let paired = "{\"query\":\"\(create)\",\"variables\":{\"n\":\"\\ud83d\\ude00\"}}"
        #expect(value(try await Self.raw(server, Array(paired.utf8)).1, "data", "createTeam", "mantra") as? String == "\u{1F600}")
        #expect(try await server.client.query(#"SELECT count(*) FROM "Team""#).scalar == "2")
    }

    @Test("values PostgreSQL cannot hold are ValidationError, oversized filters LimitExceeded, never InternalError")
    func unstorableValues() async throws {
        let server = try await LiveServer.start(schema: "catalog")
        defer { server.stop() }
        try await server.seed(#"mutation { createShelf(input: {id: "s", label: "L"}) { id } }"#)
        let create = "mutation($i: CreateItemInput!) { createItem(input: $i) { sku } }"
        func item(_ extra: [String: Any]) -> [String: Any] {
            ["sku": "a", "kind": "BOOK", "version": 1, "shelfId": "s", "addedOn": "2024-01-01", "title": "t"].merging(extra) { $1 }
        }
        let yearZero = try await server.graphQL(create, variables: ["i": item(["addedOn": "0000-01-01"])])
        #expect(errorType(yearZero) == "ValidationError")
        #expect(Self.message(yearZero).contains("Item.addedOn"))
        let escapedNul = try await server.graphQL(create, variables: ["i": item(["details": #"{"a": "\u0000"}"#])])
        #expect(errorType(escapedNul) == "ValidationError")
        #expect(Self.message(escapedNul).contains("Item.details"))
        let loneEscape = try await server.graphQL(create, variables: ["i": item(["details": #"["\ud800"]"#])])
        #expect(errorType(loneEscape) == "ValidationError")
        // Valid JSON our checks pass and jsonb cannot hold: PostgreSQL's data exception becomes a ValidationError.
        let overflow = try await server.graphQL(create, variables: ["i": item(["details": "1e999999"])])
        #expect(errorType(overflow) == "ValidationError")
        #expect(!Self.message(overflow).contains("INSERT"))
        for filter in [#"{tags: {gt: "a"}}"#, #"{tags: {between: ["a", "b"]}}"#, #"{tags: {beginsWith: "a"}}"#] {
            let listCompare = try await server.graphQL("{ listItems(filter: \(filter)) { items { sku } } }")
            #expect(errorType(listCompare) == "InvalidArgumentsError", "\(filter)")
        }
        let many = "{ listItems(filter: {or: [" + (0..<1500).map { "{title: {eq: \"t\($0)\"}}" }.joined(separator: ",") + "]}) { items { sku } } }"
        let tooMany = try await server.graphQL(many)
        #expect(errorType(tooMany) == "LimitExceeded")
        #expect(Self.message(tooMany).contains("filter size limit"))
        #expect(try await server.client.query(#"SELECT count(*) FROM "Item""#).scalar == "0")
        let fine = try await server.graphQL(create, variables: ["i": item(["details": #"{"a": "\u00e9\ud83d\ude00"}"#, "addedOn": "0001-01-01"])])
        #expect(value(fine, "errors") == nil)
    }

    @Test("list elements holding quotes joined to prepend and combining marks, nulls and the empty list are stored exactly")
    func listElements() async throws {
        let server = try await LiveServer.start(schema: "catalog")
        defer { server.stop() }
        try await server.seed(#"mutation { createShelf(input: {id: "s", label: "L"}) { id } }"#)
        let tags = ["x\u{600}\"", "\"\u{301}", "a,b", "{c}", "NULL", "back\\slash", "\u{600}'", ""]
        let created = try await server.graphQL(
            "mutation($t: [String]) { createItem(input: {sku: \"a\", kind: BOOK, version: 1, shelfId: \"s\", addedOn: \"2024-01-01\", title: \"t\", tags: $t}) { tags } }",
            variables: ["t": tags]
        )
        #expect(value(created, "errors") == nil)
        #expect(value(created, "data", "createItem", "tags") as? [String] == tags)
        let found = try await server.graphQL("query($v: String) { listItems(filter: {tags: {contains: $v}}) { items { sku } } }", variables: ["v": "x\u{600}\""])
        #expect((value(found, "data", "listItems", "items") as? [Any])?.count == 1)
        // Null elements, order, and the empty list (not NULL) come back as sent.
        let update = "mutation($t: [String]) { updateItem(input: {sku: \"a\", kind: BOOK, version: 1, tags: $t}) { tags } }"
        let withNull = try await server.graphQL(update, variables: ["t": ["z", NSNull(), "a"]])
        let stored = (value(withNull, "data", "updateItem", "tags") as? [Any])?.map { $0 as? String }
        #expect(stored == ["z", nil, "a"], "\(withNull)")
        let empty = try await server.graphQL(update, variables: ["t": [String]()])
        #expect((value(empty, "data", "updateItem", "tags") as? [Any])?.isEmpty == true, "\(empty)")
    }

    @Test("fields sharing a response key merge or conflict as GraphQL says; aliases shaped like internal names are plain keys")
    func responseKeys() async throws {
        let server = try await LiveServer.start(schema: "schema")
        defer { server.stop() }
        try await server.seed(#"mutation { createTeam(input: {id: "t", mantra: "m"}) { id } }"#)
        try await server.seed(#"mutation { createMember(input: {id: "a", name: "Ann", teamId: "t"}) { id } }"#)
        let merged = try await server.graphQLText("{ listTeams { items { id } } listTeams { items { mantra } } }")
        #expect(merged == #"{"data":{"listTeams":{"items" : [{"id":"t","mantra":"m"}]}}}"#)
        let conflict = try await server.graphQL(#"{ getTeam(id: "t") { id id: mantra } }"#)
        #expect(Self.message(conflict).contains(#"Fields "id" conflict"#))
        let arguments = try await server.graphQL(#"{ getTeam(id: "t") { members(limit: 1) { items { id } } members(limit: 2) { items { id } } } }"#)
        #expect(Self.message(arguments).contains("differing arguments"))
        for alias in ["__r0", "__r1", "__r2", "__r3", "__r4", "t0", "t1"] {
            let response = try await server.graphQL("{ getMember(id: \"a\") { \(alias): name team { \(alias): mantra members { items { \(alias): id } } } } }")
            #expect(value(response, "data", "getMember", alias) as? String == "Ann", "\(alias)")
            #expect(value(response, "data", "getMember", "team", alias) as? String == "m", "\(alias)")
            #expect(value(response, "data", "getMember", "team", "members", "items", 0, alias) as? String == "a", "\(alias)")
        }
    }

    @Test("Int is 32-bit in literals, variables and inputs; key strings must not be empty")
    func conformance() async throws {
        let server = try await LiveServer.start(schema: "catalog")
        defer { server.stop() }
        try await server.seed(#"mutation { createShelf(input: {id: "s", label: "L"}) { id } }"#)
        let literal = try await server.graphQL("{ listItems(limit: 99999999999) { items { sku } } }")
        #expect(Self.message(literal).contains("32-bit"))
        #expect(value(literal, "data") is NSNull)
        let variable = try await server.graphQL("query($l: Int) { listItems(limit: $l) { items { sku } } }", variables: ["l": 99_999_999_999])
        #expect(errorType(variable) == "ValidationError")
        let input = try await server.graphQL(
            #"mutation { createItem(input: {sku: "a", kind: BOOK, version: 2147483648, shelfId: "s", addedOn: "2024-01-01", title: "t"}) { sku } }"#)
        #expect(Self.message(input).contains("32-bit"))
        let inputVariable = try await server.graphQL(
            "mutation($v: Int!) { createItem(input: {sku: \"a\", kind: BOOK, version: $v, shelfId: \"s\", addedOn: \"2024-01-01\", title: \"t\"}) { sku } }",
            variables: ["v": 2_147_483_648]
        )
        #expect(errorType(inputVariable) == "ValidationError")
        let emptyGet = try await server.graphQL(#"{ getShelf(id: "") { id } }"#)
        #expect(errorType(emptyGet) == "ValidationError")
        #expect(Self.message(emptyGet).contains("empty"))
        let emptyCreate = try await server.graphQL(#"mutation { createShelf(input: {id: "", label: "L"}) { id } }"#)
        #expect(errorType(emptyCreate) == "ValidationError")
        let emptySortKey = try await server.graphQL(#"mutation { createItem(input: {sku: "", kind: BOOK, version: 1, shelfId: "s", addedOn: "2024-01-01", title: "t"}) { sku } }"#)
        #expect(errorType(emptySortKey) == "ValidationError")
        #expect(try await server.client.query(#"SELECT count(*) FROM "Shelf""#).scalar == "1")
        #expect(try await server.client.query(#"SELECT count(*) FROM "Item""#).scalar == "0")

        // A forged nextToken (right hash, key values the columns cannot take) is InvalidNextToken, not a database error.
        for version in [1, 2] {
            try await server.seed("mutation { createItem(input: {sku: \"k\", kind: BOOK, version: \(version), shelfId: \"s\", addedOn: \"2024-01-01\", title: \"t\"}) { sku } }")
        }
        let page = try await server.graphQL("{ listItems(limit: 1) { items { sku } nextToken } }")
        let token = try #require(value(page, "data", "listItems", "nextToken") as? String)
        var document = try #require(try JSONSerialization.jsonObject(with: Data(base64Encoded: token)!) as? [String: Any])
        for forged in [["k", "BOOK", "not a number"], ["k", "BOOK", "99999999999"], ["k\u{0}", "BOOK", "1"]] {
            document["k"] = forged
            let forgedToken = try JSONSerialization.data(withJSONObject: document).base64EncodedString()
            let response = try await server.graphQL("query($t: String) { listItems(limit: 1, nextToken: $t) { items { sku } } }", variables: ["t": forgedToken])
            #expect(errorType(response) == "InvalidNextToken", "\(forged)")
        }
        let nested = Data(("{\"v\":1,\"k\":" + String(repeating: "[", count: 5000) + String(repeating: "]", count: 5000) + "}").utf8).base64EncodedString()
        let deep = try await server.graphQL("query($t: String) { listItems(limit: 1, nextToken: $t) { items { sku } } }", variables: ["t": nested])
        #expect(errorType(deep) == "InvalidNextToken")
    }

    @Test("found by the fuzzer: identical definitions (a crash), a leaked internal in a syntax error, substring filters on dates")
    func fuzzerFindings() async throws {
        let server = try await LiveServer.start(schema: "schema")
        defer { server.stop() }
        for document in [
            "{__typename}{__typename}", "query A { __typename } query A { __typename }",
            "{ __typename ...F } fragment F on Query { __typename } fragment F on Query { __typename }",
        ] {
            let response = try await server.graphQL(document)
            #expect(Self.message(response).contains("only"), "\(document)")
        }
        // A 12-byte document ending inside a \u escape crashed the process: GraphQLSwift's lexer read past its end.
        for cut in [#"{ a(b: "\u"#, #"{ a(b: "\u0"#, #"{ a(b: "\u000"#, #"{ a(b: "\u00"x") }"#] {
            let response = try await server.graphQL(cut)
            #expect(Self.message(response).contains("Invalid Unicode escape sequence"), "\(cut)")
        }
        for bad in [#"{ getTeam(id: "\u{}") { id } }"#, #"{ getTeam(id: "\x41") { id } }"#] {
            let escape = try await server.graphQL(bad)
            #expect(Self.message(escape).contains("escape sequence"), "\(bad)")
            #expect(!Self.message(escape).contains("Swift"), "\(bad)")
        }
        try await server.seed(#"mutation { createTeam(input: {id: "t", mantra: "m", founded: "2023-04-01T10:20:30.000Z"}) { id } }"#)
        let prefix = try await server.graphQL(#"{ listTeams(filter: {founded: {beginsWith: "2023-04-01T10"}}) { items { id } } }"#)
        #expect((value(prefix, "data", "listTeams", "items") as? [Any])?.count == 1, "\(prefix)")
        let inside = try await server.graphQL(#"{ listTeams(filter: {founded: {contains: "T10:20"}}) { items { id } } }"#)
        #expect((value(inside, "data", "listTeams", "items") as? [Any])?.count == 1, "\(inside)")
        // Found by the 10-minute run: a 70,000-byte name took seconds in the lexer; a repeated input key reached SQL.
        let longName = try await server.graphQL("{ listTeams { items { " + String(repeating: "x", count: 70_000) + " } } }")
        #expect(errorType(longName) == "LimitExceeded")
        let repeated = #"{"query":"mutation($i: CreateTeamInput!) { createTeam(input: $i) { mantra } }","variables":{"i":{"mantra":"first","mantra":"last"}}}"#
        let (_, _, repeatedBody) = try await server.post(body: Data(repeated.utf8), key: server.key)
        #expect(value(repeatedBody, "data", "createTeam", "mantra") as? String == "last", "\(repeatedBody)")
        let (health, _, _) = try await server.post(body: nil, key: nil, method: "GET", path: "/healthz")
        #expect(health == 200)
    }

    @Test("client-chosen names cannot forge log lines: control characters are escaped, length is bounded")
    func logText() {
        #expect(LogText.safe("ListTeams") == "ListTeams")
        let forged = LogText.safe("Q\n2026-01-01 error modelgraph : forged line\r")
        #expect(!forged.contains("\n") && !forged.contains("\r"))
        #expect(forged.contains("\\n"))
        #expect(LogText.safe(String(repeating: "a", count: 5000)).count <= 100)
    }

    @Test("GET reads form encoding (+ is a space); other methods are 405 naming GET and POST; every response carries x-request-id, 401s and health included")
    func protocolDetails() async throws {
        let server = try await LiveServer.start(schema: "schema")
        defer { server.stop() }
        let (status, headers, body) = try await server.post(body: nil, key: server.key, method: "GET", path: "/graphql?query=%7B+__typename+%7D")
        #expect(status == 200)
        #expect(value(body, "data", "__typename") as? String == "Query")
        #expect(headers["x-request-id"]?.isEmpty == false)
        let (badStatus, _, badBody) = try await server.post(body: nil, key: server.key, method: "GET", path: "/graphql?query=%FF")
        #expect(badStatus == 400)
        #expect(errorType(badBody) == "BadRequest")
        let (unauthorized, unauthorizedHeaders, _) = try await server.post(body: Data(#"{"query":"{ __typename }"}"#.utf8), key: "mg_00000000_nope")
        #expect(unauthorized == 401)
        #expect(unauthorizedHeaders["x-request-id"]?.isEmpty == false)
        let guarded = try await LiveServer.start(schema: "schema", configuration: ServerConfiguration(host: "127.0.0.1", port: 0, metricsToken: "s3cret"))
        defer { guarded.stop() }
        let (refused, _, _) = try await guarded.post(body: nil, key: nil, method: "GET", path: "/metrics")
        #expect(refused == 401)
        let (wrong, _, _) = try await guarded.post(body: nil, key: nil, method: "GET", path: "/metrics", headers: ["Authorization": "Bearer nope"])
        #expect(wrong == 401)
        let (allowed, _, metrics) = try await guarded.post(body: nil, key: nil, method: "GET", path: "/metrics", headers: ["Authorization": "Bearer s3cret"])
        #expect(allowed == 200 && (metrics as? String)?.contains("modelgraph_") == true)
        for method in ["PUT", "DELETE", "PATCH"] {
            let (status, headers, body) = try await server.post(body: Data("{}".utf8), key: nil, method: method)
            #expect(status == 405, "\(method)")
            #expect(headers["allow"] == "GET, POST" || headers["Allow"] == "GET, POST", "\(headers)")
            #expect(errorType(body) == "MethodNotAllowed", "\(body)")
        }
        for path in ["/healthz", "/readyz", "/metrics", "/nowhere"] {
            let (_, healthHeaders, _) = try await server.post(body: nil, key: nil, method: "GET", path: path)
            #expect(healthHeaders["x-request-id"]?.isEmpty == false, "\(path)")
        }
    }
}
