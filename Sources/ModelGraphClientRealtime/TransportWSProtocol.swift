import ModelGraphClient

/// One subscription's side of the graphql-transport-ws protocol, without a socket: what to send when the
/// connection opens, and what each message from the server means. `RealtimeClient` drives it over a WebSocket;
/// the tests drive it with text.
struct TransportWSProtocol: Sendable {
    /// The protocol's name, offered as the WebSocket subprotocol.
    static let subprotocol = "graphql-transport-ws"
    /// The id of the one subscription a connection carries.
    static let id = "1"

    /// What a message from the server asks of the client.
    enum Step: Equatable {
        /// Send these messages.
        case send([String])
        /// The subscription is in place (the pong that followed `subscribe` arrived): events from now on reach it.
        case started
        /// An event's record, as the subscription field's value.
        case event(GraphQLValue)
        /// The subscription ended: by the server's `complete`, or with this error.
        case finished(ModelGraphError?)
        /// Nothing to do.
        case none
    }

    /// The subscription's document and variables.
    let document: String
    let variables: [String: GraphQLValue]
    /// The field an event's record is read from.
    let responseField: String
    /// `connection_init`'s payload: the credentials.
    let credentials: [String: GraphQLValue]
    /// Whether `started` was reported.
    private(set) var started = false

    /// Creates the protocol for one subscription.
    init(document: String, variables: [String: GraphQLValue], responseField: String, credentials: [String: GraphQLValue]) {
        self.document = document
        self.variables = variables
        self.responseField = responseField
        self.credentials = credentials
    }

    /// The first message, once the socket is open.
    var connectionInit: String {
        GraphQLValue.object(["type": .string("connection_init"), "payload": .object(credentials)]).jsonText
    }

    /// The message that ends the subscription from the client's side.
    var complete: String {
        GraphQLValue.object(["id": .string(Self.id), "type": .string("complete")]).jsonText
    }

    /// What `text`, a message from the server, means.
    mutating func received(_ text: String) -> Step {
        guard let message = GraphQLValue(jsonText: Array(text.utf8)), case .string(let type)? = message["type"] else {
            return .finished(ModelGraphError(kind: .decoding, message: "not a graphql-transport-ws message: \(text.prefix(200))"))
        }
        switch type {
        case "connection_ack":
            // The server handles a connection's messages in order, so the pong to this ping means the
            // subscription is registered; the protocol has no acknowledgement of its own.
            var payload: [String: GraphQLValue] = ["query": .string(document)]
            if !variables.isEmpty { payload["variables"] = .object(variables) }
            let subscribe = GraphQLValue.object(["id": .string(Self.id), "type": .string("subscribe"), "payload": .object(payload)])
            return .send([subscribe.jsonText, #"{"type":"ping"}"#])
        case "ping":
            return .send([#"{"type":"pong"}"#])
        case "pong":
            guard !started else { return .none }
            started = true
            return .started
        case "next":
            if case .list(let errors)? = message["payload"]?["errors"], let error = ModelGraphError.graphQL(errors) { return .finished(error) }
            guard let value = message["payload"]?["data"]?[responseField] else {
                return .finished(ModelGraphError(kind: .decoding, message: "an event without data.\(responseField)"))
            }
            return .event(value)
        case "error":
            if case .list(let errors)? = message["payload"], let error = ModelGraphError.graphQL(errors) { return .finished(error) }
            return .finished(ModelGraphError(kind: .graphQL, message: "the server refused the subscription: \(text.prefix(200))"))
        case "complete":
            return .finished(nil)
        default:
            return .none
        }
    }
}
