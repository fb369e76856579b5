import Authentication
import Execution
import Foundation
import JSON
import Logging
import Planner
import Synchronization

/// Starting a subscription: AppSync's `start` and graphql-ws's `subscribe`.
extension RealtimeSession {
    func start(id: String?, payload: JSONValue) async {
        guard let id, !id.isEmpty else {
            if wire == .graphQLTransportWS { return outbox.close(code: RealtimeCloseCode.badMessage, reason: "A subscribe message needs an id.") }
            return refuse("A start message needs an id.")
        }
        guard state.withLock({ $0.acknowledged }) else {
            if wire == .graphQLTransportWS { return outbox.close(code: RealtimeCloseCode.unauthorized, reason: "Unauthorized") }
            return sendError(id: id, [ResponseError(message: "Send connection_init and wait for connection_ack first.", errorType: "UnauthorizedException")])
        }
        if state.withLock({ $0.subscriptions[id] != nil }) {
            if wire == .graphQLTransportWS { return outbox.close(code: RealtimeCloseCode.duplicateID, reason: "Subscriber for \(id) already exists") }
            return sendError(id: id, [ResponseError(message: "A subscription with id '\(id)' is already running on this connection.", errorType: "DuplicatedOperationError")])
        }
        guard let request = request(in: payload) else {
            return sendError(id: id, [ResponseError(message: "The payload must hold a GraphQL request: query, variables, operationName.", errorType: "BadRequestException")])
        }
        guard let credential = await credential(for: id, payload: payload) else { return }
        guard state.withLock({ $0.subscriptions.count < settings.maximumSubscriptions }) else {
            let message = "This connection already has \(settings.maximumSubscriptions) subscriptions, the most one may hold."
            return sendError(id: id, [ResponseError(message: message, errorType: "MaxSubscriptionsReachedError")])
        }
        switch executor.operationKind(of: request) {
        case .query?, .mutation?, .introspection?:
            return await runOnce(id: id, request, credential: credential)
        case .subscription?, nil:
            break
        }
        let origin = RequestOrigin(requestID: "ws-\(id)", keyID: credential.proved.principal, caller: credential.proved.caller)
        switch await executor.subscribe(request, origin: origin) {
        case .failure(let refusal):
            sendError(id: id, refusal.errors)
        case .success(let planned):
            let text = Self.text(of: request)
            let legacy = state.withLock { state in
                state.subscriptions[id] = OpenSubscription(credential: credential, request: text, id: id, wire: wire)
                return state.legacyApollo
            }
            // Acknowledged once the hub follows changes for it, and before its first event (or the ones a
            // resumed subscription missed): a write the client makes after start_ack is delivered.
            let acknowledge: @Sendable () -> Void = {
                if self.wire == .appSync, !legacy { self.send(RealtimeMessages.message("start_ack", id: id)) }
            }
            let start: Int64
            switch planned {
            case .records(let plan): start = await hub.add(id, plan: plan, sink: self, resume: (credential.resumeKey, text), acknowledge: acknowledge)
            case .custom(let plan): start = await hub.add(id, custom: plan, sink: self, resume: (credential.resumeKey, text), acknowledge: acknowledge)
            }
            state.withLock { state in
                if let sent = state.subscriptions[id]?.sent, sent == 0 { state.subscriptions[id]?.sent = start }
            }
        }
    }

    /// The request of a `start`/`subscribe` payload: AppSync sends it as a JSON string in `data`, the legacy
    /// Apollo protocol and graphql-ws as the payload object itself.
    private func request(in payload: JSONValue) -> OperationRequest? {
        if case .string(let text)? = payload["data"] {
            guard let inner = try? JSONReader.parse(Array(text.utf8), maximumDepth: 128) else { return nil }
            return OperationRequest(json: inner)
        }
        guard case .object(let fields) = payload else { return nil }
        if wire == .appSync, payload["query"] != nil { state.withLock { $0.legacyApollo = true } }
        return OperationRequest(json: .object(fields.filter { $0.0 != "data" }))
    }

    /// A request as one text: the same request always gives the same text (variables in name order).
    static func text(of request: OperationRequest) -> String {
        let variables = request.variables.sorted { $0.key < $1.key }.map { ($0.key, JSONValue($0.value)) }
        return request.query + "\u{0}" + (request.operationName ?? "") + "\u{0}" + JSONText.encode(.object(variables))
    }

    /// The credentials a subscription runs under: those in its `extensions.authorization` (an API key or a
    /// token), checked, else the connection's. Nil (after answering) when they are refused or have expired.
    private func credential(for id: String, payload: JSONValue) async -> SessionCredential? {
        let connection = state.withLock { $0.credential }
        let authorization = payload["extensions"]?["authorization"]
        let key = authorization.flatMap { ConnectionAuthorization.apiKey(in: $0) }
        let token = authenticator.acceptsTokens ? authorization.flatMap { ConnectionAuthorization.token(in: $0) } : nil
        let unauthorized = ResponseError(message: "You are not authorized to make this call.", errorType: "UnauthorizedException")
        if let connection, (key == nil && token == nil) || connection.presents(key: key, token: token) {
            // The connection's token may have expired since it was acknowledged, before the next expiry check.
            guard !connection.proved.isExpired(at: Date()) else {
                sendError(id: id, [unauthorized])
                return nil
            }
            return connection
        }
        switch await authenticator.authenticate(apiKey: key, authorization: token) {
        case .accepted(let credential):
            return SessionCredential(presentedKey: key, presentedToken: token, proved: credential)
        case .refused(let reason):
            if let reason { logger.info("real-time subscription refused", metadata: ["reason": "\(reason)"]) }
            sendError(id: id, [unauthorized])
        case .unavailable(let unavailable):
            sendError(id: id, [ResponseError(message: unavailable.message, errorType: "ServiceUnavailable")])
        }
        return nil
    }

    /// A query or mutation sent over the socket: graphql-ws runs it (one `next`, then `complete`); AppSync's
    /// protocol carries subscriptions only.
    private func runOnce(id: String, _ request: OperationRequest, credential: SessionCredential) async {
        guard wire == .graphQLTransportWS else {
            return sendError(
                id: id, [ResponseError(message: "Queries and mutations are not supported through the realtime channel; use POST /graphql.", errorType: "UnsupportedOperation")])
        }
        state.withLock { $0.subscriptions[id] = OpenSubscription(credential: credential, request: "", id: id, wire: wire) }
        let origin = RequestOrigin(requestID: "ws-\(id)", keyID: credential.proved.principal, caller: credential.proved.caller)
        let result = await executor.run(request, origin: origin)
        guard state.withLock({ $0.subscriptions.removeValue(forKey: id) != nil }) else { return }
        send(RealtimeMessages.message("next", id: id, payload: result.json))
        send(RealtimeMessages.message("complete", id: id))
    }
}
