import Execution
import JSON
import Testing

@testable import Realtime

/// The real-time protocol choice at the upgrade and the exact text of the messages the server writes: clients
/// (amplify-js, amplify-swift, graphql-ws, Apollo) parse these, and AppSync clients read `errorType` on every
/// error entry.
@Suite("RealtimeProtocol and RealtimeMessages: subprotocol choice and message text")
struct RealtimeProtocolTests {
    // MARK: - Choosing the subprotocol

    @Test("graphql-ws alone is AppSync's protocol")
    func appSyncAlone() {
        #expect(RealtimeProtocol.choose(offered: ["graphql-ws"]) == .appSync)
    }

    @Test("graphql-ws with a header-… authorization token is AppSync's protocol")
    func appSyncWithHeaderToken() {
        #expect(RealtimeProtocol.choose(offered: ["graphql-ws", "header-abc"]) == .appSync)
        #expect(RealtimeProtocol.choose(offered: ["header-abc", "graphql-ws"]) == .appSync)
    }

    @Test("graphql-transport-ws surrounded by spaces (as split from a comma list) is the graphql-ws library's protocol")
    func transportTrimmed() {
        #expect(RealtimeProtocol.choose(offered: [" graphql-transport-ws "]) == .graphQLTransportWS)
        #expect(RealtimeProtocol.choose(offered: ["\tgraphql-ws"]) == .appSync)
    }

    @Test("When both are offered, in either order, graphql-transport-ws wins")
    func bothOffered() {
        #expect(RealtimeProtocol.choose(offered: ["graphql-ws", "graphql-transport-ws"]) == .graphQLTransportWS)
        #expect(RealtimeProtocol.choose(offered: ["graphql-transport-ws", "graphql-ws"]) == .graphQLTransportWS)
        #expect(RealtimeProtocol.choose(offered: ["graphql-ws", " graphql-transport-ws"]) == .graphQLTransportWS)
    }

    @Test(
        "No offer, or only unknown tokens, chooses nothing",
        arguments: [
            [], ["header-abc"], ["graphql"], ["graphql-wss"], ["graphql-ws-transport"], ["subscriptions-transport-ws"], [""], ["graphql-ws,graphql-transport-ws"],
        ] as [[String]])
    func noneOrUnknown(offered: [String]) {
        #expect(RealtimeProtocol.choose(offered: offered) == nil)
    }

    @Test("The raw values are the subprotocol names answered at the upgrade")
    func rawValues() {
        #expect(RealtimeProtocol.appSync.rawValue == "graphql-ws")
        #expect(RealtimeProtocol.graphQLTransportWS.rawValue == "graphql-transport-ws")
    }

    // MARK: - Message text

    @Test("A message with only a type")
    func typeOnly() {
        #expect(RealtimeMessages.message("ka") == #"{"type":"ka"}"#)
        #expect(RealtimeMessages.message("connection_ack") == #"{"type":"connection_ack"}"#)
    }

    @Test("A message with an id: type first, then id")
    func withID() {
        #expect(RealtimeMessages.message("start_ack", id: "sub-1") == #"{"type":"start_ack","id":"sub-1"}"#)
        #expect(RealtimeMessages.message("complete", id: "") == #"{"type":"complete","id":""}"#)
    }

    @Test("A message with a payload: the payload's JSON text is spliced in as it is")
    func withPayload() {
        #expect(
            RealtimeMessages.message("connection_ack", payload: #"{"connectionTimeoutMs":300000}"#)
                == #"{"type":"connection_ack","payload":{"connectionTimeoutMs":300000}}"#)
    }

    @Test("A message with id and payload: type, id, payload")
    func withIDAndPayload() {
        #expect(
            RealtimeMessages.message("data", id: "7", payload: #"{"data":{"onCreateTeam":{"id":"t1"}}}"#)
                == #"{"type":"data","id":"7","payload":{"data":{"onCreateTeam":{"id":"t1"}}}}"#)
    }

    @Test("The id is quoted and escaped as JSON")
    func idEscaped() throws {
        let text = RealtimeMessages.message("next", id: "a\"b\\c\nd", payload: "null")
        #expect(text == #"{"type":"next","id":"a\"b\\c\nd","payload":null}"#)
        let parsed = try JSONReader.parse(Array(text.utf8))
        #expect(parsed["id"] == .string("a\"b\\c\nd"))
    }

    @Test("connection_error: one entry with errorType, message and errorCode")
    func connectionError() {
        let text = RealtimeMessages.connectionError("You are not authorized to make this call.", errorType: "UnauthorizedException", code: 401)
        #expect(
            text
                == #"{"type":"connection_error","payload":{"errors":[{"errorType":"UnauthorizedException","message":"You are not authorized to make this call.","errorCode":401}]}}"#
        )
    }

    @Test("connection_error escapes its message and type")
    func connectionErrorEscaped() throws {
        let text = RealtimeMessages.connectionError("line \"one\"\nline two", errorType: "Odd\\Type", code: 503)
        #expect(text == #"{"type":"connection_error","payload":{"errors":[{"errorType":"Odd\\Type","message":"line \"one\"\nline two","errorCode":503}]}}"#)
        let parsed = try JSONReader.parse(Array(text.utf8))
        guard case .list(let errors)? = parsed["payload"]?["errors"] else {
            Issue.record("no errors list in \(text)")
            return
        }
        #expect(errors.count == 1)
        #expect(errors.first?["message"] == .string("line \"one\"\nline two"))
        #expect(errors.first?["errorCode"] == .int(503))
    }

    @Test("appSyncErrors: an error without errorType gets ValidationError")
    func untypedErrorGetsValidationError() {
        let text = RealtimeMessages.appSyncErrors([.init(message: "Validation error of type FieldUndefined", errorType: nil)])
        #expect(
            text
                == #"{"errors":[{"path":null,"data":null,"errorType":"ValidationError","errorInfo":null,"locations":[],"message":"Validation error of type FieldUndefined"}]}"#
        )
    }

    @Test("appSyncErrors: an error's own errorType, path and locations are kept")
    func typedErrorKept() {
        let text = RealtimeMessages.appSyncErrors([
            .init(message: "Too many", errorType: "LimitExceeded", path: ["onCreateTeam"], locations: [(line: 1, column: 14)])
        ])
        #expect(
            text
                == #"{"errors":[{"path":["onCreateTeam"],"data":null,"errorType":"LimitExceeded","errorInfo":null,"locations":[{"line":1,"column":14,"sourceName":null}],"message":"Too many"}]}"#
        )
    }

    @Test("appSyncErrors: every entry of several has an errorType, in their order")
    func everyEntryTyped() throws {
        let text = RealtimeMessages.appSyncErrors([
            .init(message: "first", errorType: nil),
            .init(message: "second", errorType: "BadRequestException"),
            .init(message: "third", errorType: nil, path: ["a", "b"]),
        ])
        let parsed = try JSONReader.parse(Array(text.utf8))
        guard case .list(let errors)? = parsed["errors"] else {
            Issue.record("no errors list in \(text)")
            return
        }
        #expect(errors.map { $0["message"] } == [.string("first"), .string("second"), .string("third")])
        #expect(errors.map { $0["errorType"] } == [.string("ValidationError"), .string("BadRequestException"), .string("ValidationError")])
    }

    @Test("appSyncErrors: no errors is an empty list")
    func noErrors() {
        #expect(RealtimeMessages.appSyncErrors([]) == #"{"errors":[]}"#)
    }

    @Test("withType fills a missing errorType and keeps a present one")
    func withType() {
        #expect(RealtimeMessages.withType(.init(message: "m", errorType: nil)).errorType == "ValidationError")
        #expect(RealtimeMessages.withType(.init(message: "m", errorType: "Unauthorized")).errorType == "Unauthorized")
        #expect(RealtimeMessages.withType(.init(message: "m", errorType: nil)).message == "m")
    }

    @Test("An error message wrapping appSyncErrors, as the session sends it for a refused start")
    func errorMessageForStart() {
        let text = RealtimeMessages.message("error", id: "s1", payload: RealtimeMessages.appSyncErrors([.init(message: "Bad", errorType: "BadRequestException")]))
        #expect(
            text
                == #"{"type":"error","id":"s1","payload":{"errors":[{"path":null,"data":null,"errorType":"BadRequestException","errorInfo":null,"locations":[],"message":"Bad"}]}}"#
        )
    }
}
