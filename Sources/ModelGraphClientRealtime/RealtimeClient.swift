public import Foundation
import HTTPTypes
import HummingbirdWSClient
import Logging
public import ModelGraphClient
import NIOWebSocket

/// Real-time subscriptions over a WebSocket, speaking graphql-transport-ws to a ModelGraph server; events
/// arrive as models, read as `APIClient`'s answers are (their relationships load lazily through it).
///
/// ```swift
/// let realtime = RealtimeClient(client: client)
/// for try await event in realtime.subscribe(.onCreate(Member.self, where: Member.keys.teamId == team.id)) {
///     if case .data(let member) = event { print(member.name) }
/// }
/// ```
///
/// Each subscription has a connection of its own; ending the iteration (or cancelling its task) sends
/// `complete` and closes it. The WebSocket is NIO's (URLSession's needs a libcurl with WebSocket support,
/// which Linux distributions often lack), so apps that only query and mutate do not link it.
public struct RealtimeClient: Sendable {
    /// The client whose credentials subscriptions use and whose requests load events' relationships.
    public var client: APIClient
    /// The WebSocket URL: by default the client's endpoint with `ws` or `wss` for its scheme.
    public var url: URL

    /// A real-time client beside `client`; `url` defaults to the client's endpoint as a WebSocket URL.
    public init(client: APIClient, url: URL? = nil) {
        self.client = client
        if let url {
            self.url = url
        } else {
            var parts = URLComponents(url: client.endpoint, resolvingAgainstBaseURL: false)
            parts?.scheme = client.endpoint.scheme == "https" ? "wss" : "ws"
            self.url = parts?.url ?? client.endpoint
        }
    }

    /// Subscribes: `.started` once the server has the subscription, then `.data` for each event, until the
    /// iteration ends; errors (the server's, the connection's, an event that cannot be read) are
    /// `ModelGraphError`s and end the stream.
    public func subscribe<M: Model>(_ request: SubscriptionRequest<M>) -> AsyncThrowingStream<SubscriptionEvent<M>, any Error> {
        let (events, continuation) = AsyncThrowingStream.makeStream(of: SubscriptionEvent<M>.self)
        let (stops, stop) = AsyncStream.makeStream(of: Void.self)
        continuation.onTermination = { _ in stop.finish() }
        Task { await run(request, events: continuation, stops: stops) }
        return events
    }

    /// Connects, subscribes and forwards events until the server ends the subscription or `stops` finishes.
    private func run<M: Model>(
        _ request: SubscriptionRequest<M>, events: AsyncThrowingStream<SubscriptionEvent<M>, any Error>.Continuation, stops: AsyncStream<Void>
    )
        async
    {
        if let invalid = request.invalid { return events.finish(throwing: invalid) }
        let credentials: [String: GraphQLValue]
        switch client.authorization {
        case .none: credentials = [:]
        case .apiKey(let key): credentials = ["x-api-key": .string(key)]
        case .token(let provider):
            do {
                credentials = ["Authorization": .string(try await provider())]
            } catch {
                return events.finish(throwing: ModelGraphError(kind: .transport, message: "the token provider failed: \(error)"))
            }
        }
        let session = TransportWSProtocol(
            document: request.document, variables: request.variables, responseField: request.responseField, credentials: credentials)
        var headers = HTTPFields()
        headers[.secWebSocketProtocol] = TransportWSProtocol.subprotocol
        var logger = Logger(label: "ModelGraphClientRealtime")
        logger.logLevel = .critical
        let client = self.client
        do {
            let closed = try await WebSocketClient.connect(
                url: url.absoluteString, configuration: WebSocketClientConfiguration(maxFrameSize: 1 << 20, additionalHeaders: headers), logger: logger
            ) { inbound, outbound, _ in
                try await outbound.write(.text(session.connectionInit))
                try await withThrowingTaskGroup(of: Void.self) { group in
                    // The consumer stopped iterating: end the subscription politely, then the connection.
                    group.addTask {
                        for await _ in stops {}
                        if Task.isCancelled { return }
                        try await outbound.write(.text(session.complete))
                        try await outbound.close(.normalClosure, reason: nil)
                    }
                    var state = session
                    reading: for try await message in inbound.messages(maxSize: 1 << 20) {
                        guard case .text(let text) = message else { continue }
                        switch state.received(text) {
                        case .send(let replies):
                            for reply in replies { try await outbound.write(.text(reply)) }
                        case .started:
                            events.yield(.started)
                        case .event(let value):
                            do {
                                events.yield(.data(try request.decode(value, client: client)))
                            } catch {
                                events.finish(throwing: error)
                                break reading
                            }
                        case .finished(let error):
                            events.finish(throwing: error)
                            break reading
                        case .none:
                            break
                        }
                    }
                    group.cancelAll()
                }
            }
            // Unless the subscription already ended (the server's `complete` or error, or the consumer stopping,
            // after which finishing does nothing), a close is the server ending it: a revoked key, a restart.
            if let closed {
                events.finish(throwing: ModelGraphError(kind: .transport, message: "the server closed the connection: \(closed.closeCode) \(closed.reason ?? "")"))
            }
        } catch {
            events.finish(throwing: ModelGraphError(kind: .transport, message: "\(error)"))
        }
        events.finish()
    }
}

/// What a subscription delivers.
public enum SubscriptionEvent<M: Model>: Sendable {
    /// The server has the subscription: changes from now on are delivered.
    case started
    /// A record the subscription's event concerns.
    case data(M)
}
