package import Authentication
package import Execution
import HTTPTypes
import Hummingbird
import HummingbirdWebSocket
import Logging
import NIOCore
import NIOWebSocket
package import Realtime
package import Store

/// What the server needs to accept real-time connections.
package struct RealtimeEndpoint: Sendable {
    /// The subscriptions of this process.
    package var hub: SubscriptionHub
    /// Plans subscriptions and runs what graphql-ws clients send as queries.
    package var executor: GraphQLExecutor
    /// Holds the API keys, which open connections' keys are checked against again every few seconds.
    package var keys: APIKeyStore
    /// Decides what the credentials connections and subscriptions present prove.
    package var authenticator: Authenticator
    /// How connections behave.
    package var settings: RealtimeSettings

    /// Creates the endpoint; without `authenticator`, API keys (checked in `keys`) are the only mode.
    package init(hub: SubscriptionHub, executor: GraphQLExecutor, keys: APIKeyStore, authenticator: Authenticator? = nil, settings: RealtimeSettings) {
        self.hub = hub
        self.executor = executor
        self.keys = keys
        self.authenticator = authenticator ?? .apiKeysOnly(keys)
        self.settings = settings
    }
}

/// The WebSocket upgrade: the only thing HTTP knows about real-time. `GET /graphql/realtime` (and `/graphql`)
/// with `Upgrade: websocket` and a spoken subprotocol becomes a `RealtimeSession`; the API key and token are
/// looked for where AppSync clients put them, and bad ones are refused inside the protocol (a refused upgrade would look
/// like a network failure, which clients retry forever).
enum RealtimeUpgrade {
    /// The paths that accept upgrades.
    static let paths: Set<Substring> = ["/graphql/realtime", "/graphql"]

    static func decide(
        _ head: HTTPRequest, channel: any Channel, endpoint: RealtimeEndpoint?, logger: Logger
    ) -> ShouldUpgradeResult<WebSocketDataHandler<HTTP1WebSocketUpgradeChannel.Context>> {
        guard let endpoint else { return .dontUpgrade }
        let target = head.path ?? ""
        let path = target.prefix { $0 != "?" }
        guard paths.contains(path) else { return .dontUpgrade }
        let offered = head.headerFields[values: .secWebSocketProtocol].flatMap { $0.split(separator: ",").map(String.init) }
        guard let wire = RealtimeProtocol.choose(offered: offered) else { return .dontUpgrade }
        let parameters = FormParameters(query: String(target.drop { $0 != "?" }.dropFirst()))
        let query = parameters?["header"].map { [(name: "header", value: $0)] } ?? []
        let headers = head.headerFields.map { (name: $0.name.canonicalName, value: $0.value) }
        let authorization = ConnectionAuthorization.find(queryParameters: query, offeredSubprotocols: offered, headers: headers)
        let maximumMessage = endpoint.settings.maximumMessageBytes
        return .upgrade([.secWebSocketProtocol: wire.rawValue]) { inbound, outbound, _ in
            let socket = ChannelSocket(channel: channel, writer: outbound)
            let session = RealtimeSession(
                wire: wire, connectionAuthorization: authorization, socket: socket, hub: endpoint.hub, executor: endpoint.executor,
                authenticator: endpoint.authenticator, settings: endpoint.settings, logger: logger
            )
            let messages = inbound.messages(maxSize: maximumMessage).map { message -> RealtimeInbound in
                if case .text(let text) = message { return .text(text) }
                return .binary
            }
            await session.run(inbound: messages)
        }
    }
}

/// An upgraded connection as a `RealtimeSocket`. Messages are written to the channel directly, one task on its
/// event loop each: no task of the connection's own wakes up to write each one, and no asynchronous writer stands
/// in between. The session's window bounds what the channel may hold unwritten. The close goes through
/// Hummingbird's writer, which runs the WebSocket closing handshake; it is queued on the same loop after every
/// message sent before it.
struct ChannelSocket: RealtimeSocket {
    let channel: any Channel
    let writer: WebSocketOutboundWriter

    func send(_ text: String, written: @escaping @Sendable (Bool) -> Void) {
        let frame = WebSocketFrame(fin: true, opcode: .text, data: channel.allocator.buffer(string: text))
        let channel = channel
        // Always a task on the loop, even when called on it: `written` then never runs inside `send`.
        channel.eventLoop.execute {
            channel.writeAndFlush(frame).whenComplete { result in
                if case .success = result { written(true) } else { written(false) }
            }
        }
    }

    /// How long the closing handshake may take before the connection is dropped without it: a client that does
    /// not read never takes the close frame off the socket, nor answers it, and would hold the connection (and
    /// the server's shutdown) for good.
    static let closeDeadline: TimeAmount = .seconds(5)

    func close(code: UInt16, reason: String) async {
        let channel = channel
        let deadline = channel.eventLoop.scheduleTask(in: Self.closeDeadline) { channel.close(mode: .all, promise: nil) }
        try? await writer.close(.init(codeNumber: Int(code)), reason: reason)
        deadline.cancel()
    }
}
