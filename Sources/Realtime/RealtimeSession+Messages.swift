import Authentication
import Execution
import JSON
import Logging
import Planner
import Synchronization

/// The client messages of both protocols.
extension RealtimeSession {
    /// Handles one text message.
    func handle(_ text: String) async {
        guard text.utf8.count <= settings.maximumMessageBytes else { return refuse("The message is larger than \(settings.maximumMessageBytes) bytes.") }
        guard let message = try? JSONReader.parse(Array(text.utf8), maximumDepth: 128), case .string(let type)? = message["type"] else {
            return refuse("The message is not a JSON object with a type.")
        }
        var id: String?
        if case .string(let text)? = message["id"] { id = text }
        switch (wire, type) {
        case (_, "connection_init"): await initialize(payload: message["payload"])
        case (.appSync, "start"), (.graphQLTransportWS, "subscribe"): await start(id: id, payload: message["payload"] ?? .null)
        case (.appSync, "stop"), (.graphQLTransportWS, "complete"): stop(id: id)
        case (.graphQLTransportWS, "ping"): send(RealtimeMessages.message("pong"))
        case (.graphQLTransportWS, "pong"), (.appSync, "ka"): return
        case (.appSync, "connection_terminate"): outbox.close(code: RealtimeCloseCode.normal, reason: "")
        default: refuse("Unknown message type '\(type)'.")
        }
    }

    /// A message that is not one of the protocol's: an error without an id (AppSync), or close 4400.
    func refuse(_ reason: String) {
        if wire == .graphQLTransportWS { return outbox.close(code: RealtimeCloseCode.badMessage, reason: reason) }
        send(RealtimeMessages.message("error", payload: RealtimeMessages.appSyncErrors([ResponseError(message: reason, errorType: "BadRequestException")])))
    }

    /// A binary frame: both protocols send text only.
    func refuseBinary() {
        refuse("Messages are JSON text; binary frames are not accepted.")
    }

    /// Ends subscription `id` (or refuses it before it started) with `errors`, in the protocol's shape.
    func sendError(id: String, _ errors: [ResponseError]) {
        switch wire {
        case .appSync: send(RealtimeMessages.message("error", id: id, payload: RealtimeMessages.appSyncErrors(errors)))
        case .graphQLTransportWS: send(RealtimeMessages.message("error", id: id, payload: ResponseJSON.errors(errors.map(RealtimeMessages.withType))))
        }
    }

    private func initialize(payload: JSONValue?) async {
        let repeated = state.withLock { state in
            defer { state.initialized = true }
            return state.initialized
        }
        if repeated, wire == .graphQLTransportWS { return outbox.close(code: RealtimeCloseCode.tooManyInits, reason: "Too many initialisation requests") }
        // Credentials in the payload (graphql-ws clients put them there) count before the upgrade's.
        let key = payload.flatMap { ConnectionAuthorization.apiKey(in: $0) } ?? connectionAuthorization.apiKey
        let token = authenticator.acceptsTokens ? payload.flatMap { ConnectionAuthorization.token(in: $0) } ?? connectionAuthorization.token : nil
        switch await authenticator.authenticate(apiKey: key, authorization: token) {
        case .accepted(let credential):
            state.withLock { state in
                state.acknowledged = true
                state.credential = SessionCredential(presentedKey: key, presentedToken: token, proved: credential)
            }
            if wire == .appSync {
                send(RealtimeMessages.message("connection_ack", payload: "{\"connectionTimeoutMs\":\(settings.connectionTimeoutMilliseconds)}"))
                send(RealtimeMessages.message("ka"))
                acknowledgement.yield()
            } else {
                send(RealtimeMessages.message("connection_ack"))
            }
        case .refused(let reason):
            if let reason { logger.info("real-time connection refused", metadata: ["reason": "\(reason)"]) }
            if wire == .graphQLTransportWS { return outbox.close(code: RealtimeCloseCode.forbidden, reason: "Forbidden") }
            send(RealtimeMessages.connectionError("You are not authorized to make this call.", errorType: "UnauthorizedException", code: 401))
            outbox.close(code: RealtimeCloseCode.normal, reason: "")
        case .unavailable(let unavailable):
            if case .signingKeys(let reason) = unavailable { logger.warning("token signing keys unavailable", metadata: ["reason": "\(reason)"]) }
            if wire == .graphQLTransportWS { return outbox.close(code: 1013, reason: Self.shortReason(unavailable)) }
            send(RealtimeMessages.connectionError(unavailable.message, errorType: "ServiceUnavailable", code: 503))
            outbox.close(code: RealtimeCloseCode.normal, reason: "")
        }
    }

    /// The close reason of a graphql-ws connection whose credentials could not be checked (at most 123 bytes).
    static func shortReason(_ unavailable: Unavailable) -> String {
        switch unavailable {
        case .database: "The database is unavailable; try again shortly."
        case .signingKeys: "The token's signing keys are unavailable; try again shortly."
        }
    }

    private func stop(id: String?) {
        guard let id, state.withLock({ $0.subscriptions.removeValue(forKey: id) != nil }) else { return }
        hub.remove(id, sink: self)
        if wire == .appSync { send(RealtimeMessages.message("complete", id: id)) }
    }
}
