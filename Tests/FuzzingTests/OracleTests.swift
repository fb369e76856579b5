import Foundation
import Fuzzing
import Testing

@Suite("Fuzzing: the oracle")
struct OracleTests {
    static let plain = FuzzRequest(method: "POST", target: "/graphql", headers: [], body: Array(#"{"query":"{ getPost(id: \"x\") { id } }"}"#.utf8), recipe: "test")

    static func answer(_ status: Int, _ body: String) -> HTTPAnswer { HTTPAnswer(status: status, headers: [], body: Array(body.utf8)) }

    static func properties(_ request: FuzzRequest, _ status: Int, _ body: String) -> [Property] {
        Oracle.check(request, answer(status, body)).map(\.property)
    }

    static func properties(_ status: Int, _ body: String) -> [Property] {
        properties(plain, status, body)
    }

    @Test("good answers pass: data, field errors, validation errors, the 401 body, a batch")
    func goodAnswers() {
        #expect(Self.properties(200, #"{"data":{"getPost":null}}"#).isEmpty)
        #expect(
            Self.properties(
                200,
                #"{"data":{"a":null},"errors":[{"path":["a"],"data":null,"errorType":"InvalidNextToken","errorInfo":null,"locations":[{"line":1,"column":3,"sourceName":null}],"message":"Invalid nextToken"}]}"#
            ).isEmpty)
        #expect(Self.properties(200, #"{"data":null,"errors":[{"path":null,"locations":[],"message":"Syntax Error"}]}"#).isEmpty)
        #expect(Self.properties(401, #"{"errors":[{"errorType":"UnauthorizedException","message":"You are not authorized to make this call."}]}"#).isEmpty)
        var batch = Self.plain
        batch.batchSize = 2
        #expect(Self.properties(batch, 200, #"[{"data":{"a":1}},{"data":null,"errors":[{"message":"no"}]}]"#).isEmpty)
    }

    @Test("each property catches its violation")
    func violations() {
        #expect(Self.properties(500, #"{"data":null,"errors":[{"message":"x"}]}"#) == [.status])
        #expect(Self.properties(200, "Internal Server Error") == [.json])
        #expect(Self.properties(400, "") == [.json])
        #expect(Self.properties(200, "{\"data\":{\"a\":\"\u{FF}\"}}".replacingOccurrences(of: "\u{FF}", with: "")) == [])
        #expect(Oracle.check(Self.plain, HTTPAnswer(status: 200, headers: [], body: Array(#"{"data":{"a":""#.utf8) + [0xFF] + Array(#""}}"#.utf8))).map(\.property) == [.json])
        #expect(Self.properties(200, #"{"data":null}"#) == [.shape])
        #expect(Self.properties(400, #"{"data":null,"errors":[]}"#).contains(.shape))
        #expect(Self.properties(200, #"{"data":null,"errors":[{"msg":"x"}]}"#) == [.shape])
        #expect(Self.properties(200, #"[{"data":{}}]"#) == [.shape])
        var batch = Self.plain
        batch.batchSize = 3
        #expect(Self.properties(batch, 200, #"[{"data":{}}]"#) == [.shape])
        #expect(Self.properties(200, #"{"data":{"a":null},"errors":[{"path":["a"],"errorType":"InternalError","message":"Internal error"}]}"#) == [.internalError])
        #expect(Self.properties(200, #"{"data":null,"errors":[{"message":"syntax error at or near \"LATERAL\""}]}"#) == [.leak, .leak])
        #expect(Self.properties(200, #"{"data":null,"errors":[{"message":"Fatal error: Unexpectedly found nil"}]}"#) == [.leak])
    }

    @Test("text the request itself contained is not a leak")
    func quotedInput() {
        let request = FuzzRequest(method: "POST", target: "/graphql", headers: [], body: Array(#"{"query":"{ SELECT  }"}"#.utf8), recipe: "t")
        #expect(Self.properties(request, 200, #"{"data":null,"errors":[{"message":"Cannot query field \"SELECT \" on type Query"}]}"#).isEmpty)
        let get = FuzzRequest(method: "GET", target: "/graphql?query=%7B+relation+%22x%22+%7D", headers: [], body: [], recipe: "t")
        #expect(Self.properties(get, 200, #"{"data":null,"errors":[{"message":"Unknown relation \"x\""}]}"#).isEmpty)
    }

    @Test("a written string must come back exactly, unless its field reported an error")
    func echoes() {
        var request = Self.plain
        request.echoes = [FuzzRequest.Echo(path: ["createComment", "content"], value: [0x6C, 0x00, 0x72])]
        #expect(Self.properties(request, 200, #"{"data":{"createComment":{"content":"l\u0000r"}}}"#).isEmpty)
        #expect(Self.properties(request, 200, #"{"data":{"createComment":{"content":"lr"}}}"#) == [.echo])
        #expect(Self.properties(request, 200, #"{"data":{"createComment":null},"errors":[{"path":["createComment"],"errorType":"ValidationError","message":"no NUL"}]}"#).isEmpty)
        request.echoes = [FuzzRequest.Echo(path: ["t", "name"], value: [0x78, 0xD800])]
        #expect(Self.properties(request, 200, #"{"data":{"t":{"name":"x\ud800"}}}"#).isEmpty)
        #expect(Self.properties(request, 200, #"{"data":{"t":{"name":"x\ufffd"}}}"#) == [.echo])
    }

    @Test("strict JSON: RFC 8259 only")
    func strictJSON() throws {
        #expect(
            try StrictJSON.parse(Array(#" {"a": [1, -0.5e3, true, null, "\u00e9\ud83d\ude00"]} "#.utf8))
                == .object([("a", .array([.number("1"), .number("-0.5e3"), .bool(true), .null, .string([0xE9, 0xD83D, 0xDE00])]))]))
        for bad in [#"{"a":1,}"#, "[01]", "[1.]", "\"a\u{1}\"", "{} x", "'a'", "[1e]", "nul", ""] {
            #expect(throws: StrictJSON.Failure.self, "\(bad)") { try StrictJSON.parse(Array(bad.utf8)) }
        }
        #expect(throws: StrictJSON.Failure.self) { try StrictJSON.parse([0x22, 0xC0, 0xAF, 0x22]) }
    }

    @Test("findings with the same property and detail up to numbers share a signature; the report counts them")
    func signatures() {
        let first = Finding(
            property: .internalError, detail: "InternalError: request id 12ab-3", seed: 1, iteration: 5, corpus: "catalog", recipe: "r", request: "POST /graphql", seconds: 0.1)
        var second = first
        second.detail = "InternalError: request id 99ab-7"
        #expect(first.signature == second.signature)
        var report = CampaignReport(seed: 1)
        let firstIsNew = report.add(first)
        let secondIsNew = report.add(second)
        #expect(firstIsNew && !secondIsNew)
        #expect(report.findingCount == 2 && report.groups.count == 1)
        #expect(report.summary().contains("no-internal-error: 2"))
    }
}
