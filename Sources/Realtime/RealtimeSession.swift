package import Authentication
package import Execution
package import Foundation
package import Logging
import Synchronization

/// A WebSocket as a real-time connection sees it: text out, and a close with a code.
package protocol RealtimeSocket: Sendable {
    /// Hands one text message to the connection without waiting, after every message handed to it before.
    /// `written` is called once, with true when the message was written out or false when it never will be (the
    /// connection is gone), and never before `send` returns.
    func send(_ text: String, written: @escaping @Sendable (Bool) -> Void)
    /// Sends a close frame with `code` and `reason`, after the messages sent before.
    func close(code: UInt16, reason: String) async
}

/// What a client sent.
package enum RealtimeInbound: Sendable {
    case text(String)
    case binary
}

/// How real-time connections behave.
package struct RealtimeSettings: Sendable {
    /// Subscriptions one connection may hold (AppSync's default is 100).
    package var maximumSubscriptions = 100
    /// How often an AppSync connection gets a `ka` (clients give up after about 65 s without one).
    package var keepAliveInterval: Duration = .seconds(30)
    /// What `connection_ack` tells AppSync clients to wait between keep-alives at most.
    package var connectionTimeoutMilliseconds = 300_000
    /// How long a connection may take to send `connection_init`.
    package var initTimeout: Duration = .seconds(10)
    /// Messages a connection may have handed to its socket and not yet written out before it counts as not
    /// keeping up.
    package var maximumQueuedMessages = 1_000
    /// Bytes of messages a connection may have handed to its socket and not yet written out.
    package var maximumQueuedBytes = 16 << 20
    /// How long delivery waits for a connection whose queue is full to drain to half before it counts as not
    /// keeping up and is closed (1008). Meanwhile the following events of every connection wait.
    package var slowConsumerPatience: Duration = .seconds(2)
    /// Largest message a client may send.
    package var maximumMessageBytes = 1 << 20
    /// How long a closed connection's subscriptions can be resumed: a client that reconnects within it and
    /// starts a subscription with the same API key, id and request gets the events it missed (zero: never).
    package var resumeWindow: Duration = .seconds(30)
    /// How often the keys and tokens of open connections are checked again (expiry, and revocations whose
    /// notification was missed).
    package var keyCheckInterval: Duration = .seconds(5)

    /// The defaults.
    package init() {}
}

/// One real-time connection: the protocol's state (acknowledged or not, its subscriptions), its bounded
/// window of messages handed to the socket and not yet written, and its timers. Messages are handled one at a
/// time, in order.
package final class RealtimeSession: SubscriptionSink {
    let wire: RealtimeProtocol
    let connectionAuthorization: ConnectionAuthorization
    let hub: SubscriptionHub
    let executor: GraphQLExecutor
    let authenticator: Authenticator
    let settings: RealtimeSettings
    let logger: Logger
    let outbox: OutboundWindow
    private let socket: any RealtimeSocket
    let state = Mutex(SessionState())
    private let terminated: AsyncStream<Void>
    private let terminate: AsyncStream<Void>.Continuation
    /// Yields when the connection is acknowledged: AppSync's keep-alives are timed from then.
    private let acknowledgements: AsyncStream<Void>
    let acknowledgement: AsyncStream<Void>.Continuation

    /// The protocol state of a connection.
    struct SessionState {
        var initialized = false
        var acknowledged = false
        /// The credentials the connection was acknowledged with.
        var credential: SessionCredential?
        /// Open subscriptions by id.
        var subscriptions: [String: OpenSubscription] = [:]
        /// Messages handed to the socket so far, and written so far (the socket writes them in order).
        var queued = 0
        var written = 0
        /// Which change each event handed to the socket was, by its number among the messages, until written.
        var events: [Int: (subscription: String, change: Int64)] = [:]
        /// True once a `start` carried its request as an object: the legacy Apollo protocol (no `start_ack`).
        var legacyApollo = false
        /// Set when the server shuts down.
        var shuttingDown = false
    }

    /// One open subscription of the connection.
    struct OpenSubscription {
        /// The credentials it runs under (the connection's, or those its `start` carried), with the caller the
        /// planner's rules will see.
        var credential: SessionCredential
        /// Its request as text (query, operation name, variables): a resumed subscription must repeat it.
        var request: String
        /// The last change it was sent, or the last before it started.
        var sent: Int64 = 0
        /// Its events' message up to the payload (`{"type":"data","id":"…","payload":`), built once.
        var eventPrefix: String

        init(credential: SessionCredential, request: String, id: String, wire: RealtimeProtocol) {
            self.credential = credential
            self.request = request
            eventPrefix = RealtimeMessages.messagePrefix(wire == .appSync ? "data" : "next", id: id)
        }
    }

    /// Creates a session for a connection that chose `wire`, presented `connectionAuthorization` at the
    /// upgrade and writes to `socket`; `authenticator` decides what credentials prove.
    package init(
        wire: RealtimeProtocol, connectionAuthorization: ConnectionAuthorization, socket: any RealtimeSocket, hub: SubscriptionHub, executor: GraphQLExecutor,
        authenticator: Authenticator, settings: RealtimeSettings, logger: Logger
    ) {
        self.socket = socket
        self.wire = wire
        self.connectionAuthorization = connectionAuthorization
        self.hub = hub
        self.executor = executor
        self.authenticator = authenticator
        self.settings = settings
        self.logger = logger
        outbox = OutboundWindow(maximumMessages: settings.maximumQueuedMessages, maximumBytes: settings.maximumQueuedBytes)
        (terminated, terminate) = AsyncStream<Void>.makeStream()
        (acknowledgements, acknowledgement) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
    }

    /// Serves the connection until the client leaves, the session closes it, or the server shuts down.
    package func run(inbound: some AsyncSequence<RealtimeInbound, any Error> & Sendable) async {
        hub.open(self)
        let closer = Task { await closeWhenRequested() }
        await withTaskGroup(of: Void.self) { group in
            group.addTask { await self.read(inbound) }
            group.addTask { await self.keepTime() }
            group.addTask { for await _ in self.terminated { break } }
            await group.next()
            group.cancelAll()
        }
        hub.close(self)
        if !shuttingDown {
            for (id, open) in state.withLock({ $0.subscriptions }) { hub.remember(id, credential: open.credential.resumeKey, request: open.request, position: open.sent) }
        }
        // A cancelled session is the server going away, not the client leaving: the restart code lets clients reconnect.
        if Task.isCancelled {
            outbox.close(code: wire == .appSync ? RealtimeCloseCode.appSyncRestart : RealtimeCloseCode.serviceRestart, reason: "The server is restarting.")
        } else {
            outbox.close(code: RealtimeCloseCode.normal, reason: "")
        }
        // A client that stopped reading may hold the close frame back; it is not waited for long.
        await withTaskGroup(of: Void.self) { group in
            group.addTask { await closer.value }
            group.addTask { try? await Task.sleep(for: .seconds(2)) }
            await group.next()
            group.cancelAll()
        }
    }

    private func read(_ inbound: some AsyncSequence<RealtimeInbound, any Error>) async {
        do {
            for try await message in inbound {
                if outbox.isClosing { return }
                switch message {
                case .text(let text): await handle(text)
                case .binary: refuseBinary()
                }
            }
        } catch {
            logger.debug("real-time connection ended", metadata: ["error": "\(error)"])
        }
    }

    /// Sends the close once it is requested (after every message accepted before it), which ends the session.
    private func closeWhenRequested() async {
        defer { terminate.yield() }
        guard let close = await outbox.closeRequest() else { return }
        await socket.close(code: close.code, reason: close.reason)
    }

    /// The socket wrote a message of `size` bytes (`done`), or never will: the connection is gone, and so is
    /// the session.
    private func written(size: Int, done: Bool) {
        outbox.release(size: size)
        guard done else {
            outbox.close(code: RealtimeCloseCode.normal, reason: "")
            terminate.yield()
            return
        }
        state.withLock { state in
            state.written += 1
            if let event = state.events.removeValue(forKey: state.written) { state.subscriptions[event.subscription]?.sent = event.change }
        }
    }

    /// The connection's clock: the `connection_init` deadline and, from the acknowledgement on, AppSync's
    /// keep-alives (the first one goes with the acknowledgement). Returns only when the session ends.
    private func keepTime() async {
        let deadline = Task {
            guard (try? await Task.sleep(for: settings.initTimeout)) != nil else { return }
            if !state.withLock({ $0.initialized }) { outbox.close(code: RealtimeCloseCode.initTimeout, reason: "Connection initialisation timeout") }
        }
        defer { deadline.cancel() }
        guard wire == .appSync else { return await waitForever() }
        for await _ in acknowledgements { break }
        while (try? await Task.sleep(for: settings.keepAliveInterval)) != nil {
            if state.withLock({ $0.acknowledged && !$0.legacyApollo }) { send(RealtimeMessages.message("ka")) }
        }
    }

    private func waitForever() async {
        while !Task.isCancelled { try? await Task.sleep(for: .seconds(3600)) }
    }

    /// Sends a message that is not an event (it may use the window's reserve); a client that lets its window
    /// fill up even so is disconnected.
    func send(_ text: String) {
        if !enqueue(text, event: nil) { closeAsSlow() }
    }

    /// Hands `text` to the socket: an event of a subscription and change, or (nil) a control message; false
    /// when the window has no room for it.
    private func enqueue(_ text: String, event: (subscription: String, change: Int64)?) -> Bool {
        let size = text.utf8.count
        return state.withLock { state -> Bool in
            let admitted = outbox.admit(size: size, control: event == nil) {
                socket.send(text) { [self] done in written(size: size, done: done) }
            }
            guard admitted else { return false }
            state.queued += 1
            if let event { state.events[state.queued] = event }
            return true
        }
    }

    /// Closes the connection of a client that does not read what it is sent.
    private func closeAsSlow() {
        guard !outbox.isClosing else { return }
        logger.warning("real-time client does not read its events; closing the connection")
        outbox.close(code: RealtimeCloseCode.slowConsumer, reason: "The client did not read its events fast enough.")
        terminate.yield()
    }

    /// True once the server began shutting the connection down (its subscriptions are not kept for resuming).
    private var shuttingDown: Bool { state.withLock { $0.shuttingDown } }

    // MARK: SubscriptionSink

    package func offer(_ events: ArraySlice<SubscriptionEvent>) -> Int {
        var taken = 0
        for event in events {
            if outbox.isClosing { return events.count }
            if let prefix = state.withLock({ $0.subscriptions[event.subscription]?.eventPrefix }) {
                guard enqueue(prefix + event.payload + "}", event: (event.subscription, event.change)) else { return taken }
            }
            taken += 1
        }
        return taken
    }

    package func waitForRoom() async -> Bool {
        if await outbox.waitForRoom(patience: settings.slowConsumerPatience) { return true }
        closeAsSlow()
        return false
    }

    package func end(_ id: String, error: ResponseError) {
        guard state.withLock({ $0.subscriptions.removeValue(forKey: id) != nil }) else { return }
        sendError(id: id, [error])
    }

    package var keysInUse: Set<String> {
        state.withLock { state in Set(state.subscriptions.values.compactMap(\.credential.apiKey)).union(state.credential?.apiKey.map { [$0] } ?? []) }
    }

    package func keyRevoked(_ key: String) {
        end(ResponseError(message: "The API key was revoked or has expired.", errorType: "UnauthorizedException")) { $0.apiKey == key }
    }

    package func endExpired(at now: Date) {
        end(ResponseError(message: "The token has expired.", errorType: "UnauthorizedException")) { $0.proved.isExpired(at: now) }
    }

    /// Ends, with `error`, each subscription whose credentials are no longer valid (`invalid`); when the
    /// connection's own are not either, it is no longer acknowledged (graphql-ws clients are closed with 4403).
    private func end(_ error: ResponseError, where invalid: (SessionCredential) -> Bool) {
        let ended = state.withLock { state -> [String] in
            let ids = state.subscriptions.filter { invalid($0.value.credential) }.map(\.key)
            for id in ids { state.subscriptions[id] = nil }
            return ids
        }
        for id in ended.sorted() {
            hub.remove(id, sink: self)
            sendError(id: id, [error])
        }
        guard state.withLock({ state in state.credential.map(invalid) ?? false }) else { return }
        state.withLock { $0.acknowledged = false }
        if wire == .graphQLTransportWS { outbox.close(code: RealtimeCloseCode.forbidden, reason: "Forbidden") }
    }

    package func shutDown() {
        state.withLock { $0.shuttingDown = true }
        outbox.close(code: wire == .appSync ? RealtimeCloseCode.appSyncRestart : RealtimeCloseCode.serviceRestart, reason: "The server is restarting.")
        terminate.yield()
    }
}
