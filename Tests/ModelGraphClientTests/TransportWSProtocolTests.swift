import ModelGraphClient
import Testing

@testable import ModelGraphClientRealtime

@Suite("Client realtime protocol")
struct TransportWSProtocolTests {
    static func session() -> TransportWSProtocol {
        TransportWSProtocol(
            document: "subscription S { onCreateTeam { id } }", variables: ["filter": .object(["id": .object(["eq": .string("t1")])])],
            responseField: "onCreateTeam", credentials: ["x-api-key": .string("k")])
    }

    @Test("connection_init carries the credentials; the ack is answered by subscribe and a ping, whose pong means started")
    func handshake() {
        var session = Self.session()
        #expect(session.connectionInit == #"{"payload":{"x-api-key":"k"},"type":"connection_init"}"#)
        #expect(
            session.received(#"{"type":"connection_ack"}"#)
                == .send([
                    #"{"id":"1","payload":{"query":"subscription S { onCreateTeam { id } }","variables":{"filter":{"id":{"eq":"t1"}}}},"type":"subscribe"}"#,
                    #"{"type":"ping"}"#,
                ]))
        #expect(session.received(#"{"type":"pong"}"#) == .started)
        #expect(session.received(#"{"type":"pong"}"#) == TransportWSProtocol.Step.none)
        #expect(session.received(#"{"type":"ping"}"#) == .send([#"{"type":"pong"}"#]))
    }

    @Test("next is an event's record; error and complete end the subscription; the client's complete names its id")
    func events() {
        var session = Self.session()
        #expect(session.received(#"{"id":"1","type":"next","payload":{"data":{"onCreateTeam":{"id":"t1"}}}}"#) == .event(.object(["id": .string("t1")])))
        #expect(session.received(#"{"id":"1","type":"complete"}"#) == .finished(nil))
        guard case .finished(let error?) = session.received(#"{"id":"1","type":"error","payload":[{"message":"bad filter","errorType":"ValidationError"}]}"#) else {
            Issue.record("an error message should end the subscription with its error")
            return
        }
        #expect(error.errorType == "ValidationError")
        #expect(error.message == "bad filter")
        #expect(session.complete == #"{"id":"1","type":"complete"}"#)
    }
}
