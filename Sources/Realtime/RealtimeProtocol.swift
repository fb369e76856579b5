import Execution
import JSON

/// The WebSocket protocols a real-time connection can speak, chosen by subprotocol at the upgrade.
package enum RealtimeProtocol: String, Sendable {
    /// AppSync's real-time protocol (`connection_init`, `start`, `start_ack`, `data`, `ka`, `stop`, `complete`).
    /// The legacy Apollo protocol (`subscriptions-transport-ws`) has the same name and messages; its `start`
    /// carries the request as an object rather than a JSON string, and it expects no `start_ack`.
    case appSync = "graphql-ws"
    /// The graphql-ws library's protocol (`subscribe`, `next`, `error`, `complete`, `ping`/`pong`).
    case graphQLTransportWS = "graphql-transport-ws"

    /// The subprotocol to answer for the ones a client offered, preferring graphql-transport-ws when both are
    /// (only graphql-ws clients also offer `header-…` tokens); nil when none is spoken here.
    package static func choose(offered: [String]) -> RealtimeProtocol? {
        let tokens = offered.map { $0.trimmingWhitespace }
        if tokens.contains(RealtimeProtocol.graphQLTransportWS.rawValue) { return .graphQLTransportWS }
        if tokens.contains(RealtimeProtocol.appSync.rawValue) { return .appSync }
        return nil
    }
}

/// Close codes the real-time protocols use.
package enum RealtimeCloseCode {
    /// Normal closure.
    package static let normal: UInt16 = 1000
    /// The server is restarting: AppSync clients (amplify-swift) reconnect on 1011.
    package static let appSyncRestart: UInt16 = 1011
    /// The server is restarting: graphql-ws clients reconnect on 1012 (Service Restart).
    package static let serviceRestart: UInt16 = 1012
    /// The client did not read its events fast enough (policy violation).
    package static let slowConsumer: UInt16 = 1008
    /// graphql-ws: a message that is not one of the protocol's.
    package static let badMessage: UInt16 = 4400
    /// graphql-ws: a subscribe before the connection was acknowledged.
    package static let unauthorized: UInt16 = 4401
    /// graphql-ws: the connection's credentials were refused.
    package static let forbidden: UInt16 = 4403
    /// Both: no `connection_init` in time.
    package static let initTimeout: UInt16 = 4408
    /// graphql-ws: a subscription id already in use.
    package static let duplicateID: UInt16 = 4409
    /// graphql-ws: a second `connection_init`.
    package static let tooManyInits: UInt16 = 4429
}

/// The text of the messages the server sends.
enum RealtimeMessages {
    /// A message's text up to its payload, which follows, then `}`: what `message` writes for the same type,
    /// id and payload (an event's subscription keeps it, so each event only adds its payload).
    static func messagePrefix(_ type: String, id: String) -> String {
        "{\"type\":" + JSONText.quote(type) + ",\"id\":" + JSONText.quote(id) + ",\"payload\":"
    }

    /// `{"type":…}` with optional id and payload JSON text, in the order clients print them.
    static func message(_ type: String, id: String? = nil, payload: String? = nil) -> String {
        if let id, let payload { return messagePrefix(type, id: id) + payload + "}" }
        var text = "{\"type\":" + JSONText.quote(type)
        if let id { text += ",\"id\":" + JSONText.quote(id) }
        if let payload { text += ",\"payload\":" + payload }
        return text + "}"
    }

    /// AppSync's error payload: `{"errors":[…]}`, every entry with an `errorType`.
    static func appSyncErrors(_ errors: [ResponseError]) -> String {
        "{\"errors\":" + ResponseJSON.errors(errors.map(withType)) + "}"
    }

    /// AppSync's `connection_error`: errors with `errorType`, `message` and `errorCode`.
    static func connectionError(_ message: String, errorType: String, code: Int) -> String {
        let entry = "{\"errorType\":" + JSONText.quote(errorType) + ",\"message\":" + JSONText.quote(message) + ",\"errorCode\":\(code)}"
        return self.message("connection_error", payload: "{\"errors\":[" + entry + "]}")
    }

    /// An error entry always has an `errorType` on the real-time protocols.
    static func withType(_ error: ResponseError) -> ResponseError {
        var typed = error
        if typed.errorType == nil { typed.errorType = "ValidationError" }
        return typed
    }
}

extension String {
    /// The text without leading and trailing spaces and tabs.
    var trimmingWhitespace: String {
        var scalars = Substring(self).unicodeScalars
        while let first = scalars.first, first == " " || first == "\t" { scalars.removeFirst() }
        while let last = scalars.last, last == " " || last == "\t" { scalars.removeLast() }
        return String(scalars)
    }
}
