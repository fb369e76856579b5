import Execution
import JSON
import Planner
import Store
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
        let key = payload.flatMap { ConnectionAuthorization.apiKey(in: $0) } ?? connectionKey
        var check = APIKeyStore.KeyCheck.invalid
        if let key { check = await keys.check(key) }
        switch check {
        case .valid:
            state.withLock { state in
                state.acknowledged = true
                state.key = key
            }
            if wire == .appSync {
                send(RealtimeMessages.message("connection_ack", payload: "{\"connectionTimeoutMs\":\(settings.connectionTimeoutMilliseconds)}"))
                send(RealtimeMessages.message("ka"))
                acknowledgement.yield()
            } else {
                send(RealtimeMessages.message("connection_ack"))
            }
        case .invalid:
            if wire == .graphQLTransportWS { return outbox.close(code: RealtimeCloseCode.forbidden, reason: "Forbidden") }
            send(RealtimeMessages.connectionError("You are not authorized to make this call.", errorType: "UnauthorizedException", code: 401))
            outbox.close(code: RealtimeCloseCode.normal, reason: "")
        case .unavailable:
            if wire == .graphQLTransportWS { return outbox.close(code: 1013, reason: "The database is unavailable; try again shortly.") }
            send(
                RealtimeMessages.connectionError("The database is unavailable, so the API key could not be checked; try again shortly.", errorType: "ServiceUnavailable", code: 503)
            )
            outbox.close(code: RealtimeCloseCode.normal, reason: "")
        }
    }

    private func stop(id: String?) {
        guard let id, state.withLock({ $0.subscriptions.removeValue(forKey: id) != nil }) else { return }
        hub.remove(id, sink: self)
        if wire == .appSync { send(RealtimeMessages.message("complete", id: id)) }
    }
}
