import Foundation
import HTTPTypes
import HummingbirdWSClient
import Logging
import NIOSSL
import NIOWebSocket
import Synchronization

/// A raw WebSocket client for the real-time tests: it sends JSON text, hands back what the server sends in
/// order, and records the server's close code. It does not answer protocol messages by itself.
final class RealtimeTestClient: Sendable {
    private let outgoing: AsyncStream<String>.Continuation
    private let inbox: Inbox
    private let connection: Task<UInt16?, any Error>

    /// The server's messages, kept until read, one reader at a time.
    private final class Inbox: Sendable {
        private struct State {
            var items: [String] = []
            var finished = false
            var waiter: CheckedContinuation<String?, Never>?
        }

        private let state = Mutex(State())

        func put(_ text: String) {
            let waiter = state.withLock { state -> CheckedContinuation<String?, Never>? in
                if let waiter = state.waiter {
                    state.waiter = nil
                    return waiter
                }
                state.items.append(text)
                return nil
            }
            waiter?.resume(returning: text)
        }

        func finish() {
            let waiter = state.withLock { state -> CheckedContinuation<String?, Never>? in
                state.finished = true
                defer { state.waiter = nil }
                return state.waiter
            }
            waiter?.resume(returning: nil)
        }

        /// The next message; nil when the connection ended, or when the waiting task is cancelled.
        func take() async -> String? {
            await withTaskCancellationHandler {
                await withCheckedContinuation { continuation in
                    let ready = state.withLock { state -> String?? in
                        if !state.items.isEmpty { return .some(state.items.removeFirst()) }
                        if state.finished || Task.isCancelled { return .some(nil) }
                        state.waiter = continuation
                        return nil
                    }
                    if let ready { continuation.resume(returning: ready) }
                }
            } onCancel: {
                let waiter = state.withLock { state -> CheckedContinuation<String?, Never>? in
                    defer { state.waiter = nil }
                    return state.waiter
                }
                waiter?.resume(returning: nil)
            }
        }
    }

    private init(outgoing: AsyncStream<String>.Continuation, inbox: Inbox, connection: Task<UInt16?, any Error>) {
        self.outgoing = outgoing
        self.inbox = inbox
        self.connection = connection
    }

    /// Opens `url` offering `subprotocols` (comma-joined into one header) with `headers` on the upgrade.
    static func connect(
        _ url: String, subprotocols: [String] = ["graphql-ws"], headers: [String: String] = [:], maxFrameSize: Int = 1 << 20, tls: TLSConfiguration? = nil
    ) -> RealtimeTestClient {
        let (outgoing, outgoingContinuation) = AsyncStream<String>.makeStream()
        let inbox = Inbox()
        var fields = HTTPFields()
        if !subprotocols.isEmpty { fields[.secWebSocketProtocol] = subprotocols.joined(separator: ", ") }
        for (name, value) in headers { fields[HTTPField.Name(name)!] = value }
        // TLS names the server "localhost" (SNI cannot carry an IP address); test certificates cover it.
        let configuration = WebSocketClientConfiguration(maxFrameSize: maxFrameSize, additionalHeaders: fields, sniHostname: tls == nil ? nil : "localhost")
        var logger = Logger(label: "realtime-test-client")
        logger.logLevel = .critical
        let connection = Task<UInt16?, any Error> {
            defer { inbox.finish() }
            let frame = try await WebSocketClient.connect(url: url, configuration: configuration, tlsConfiguration: tls, logger: logger) { inbound, outbound, _ in
                try await withThrowingTaskGroup(of: Void.self) { group in
                    group.addTask {
                        for await text in outgoing { try await outbound.write(.text(text)) }
                        try await outbound.close(.normalClosure, reason: nil)
                    }
                    for try await message in inbound.messages(maxSize: 64 << 20) {
                        if case .text(let text) = message { inbox.put(text) }
                    }
                    group.cancelAll()
                }
            }
            return frame.map { UInt16(webSocketErrorCode: $0.closeCode) }
        }
        return RealtimeTestClient(outgoing: outgoingContinuation, inbox: inbox, connection: connection)
    }

    /// Sends `text` as one text message.
    func send(_ text: String) {
        outgoing.yield(text)
    }

    /// Sends a JSON object.
    func send(json: [String: Any]) {
        send(String(decoding: try! JSONSerialization.data(withJSONObject: json), as: UTF8.self))
    }

    /// The next message the server sends, parsed; throws after `timeout`, or when the connection closed.
    func next(timeout: Duration = .seconds(30), skippingKeepAlives: Bool = true) async throws -> [String: Any] {
        // One deadline for the whole wait: skipped keep-alives (every 30 s) must not start the timeout again.
        let deadline = ContinuousClock.now + timeout
        while true {
            let text = try await withThrowingTaskGroup(of: String?.self) { group in
                group.addTask { await self.inbox.take() }
                group.addTask {
                    try await Task.sleep(until: deadline, clock: .continuous)
                    throw RealtimeTestError("no message within \(timeout)")
                }
                defer { group.cancelAll() }
                return try await group.next()!
            }
            guard let text else { throw RealtimeTestError("the connection closed") }
            let object = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any] ?? [:]
            if skippingKeepAlives, object["type"] as? String == "ka" { continue }
            return object
        }
    }

    /// The next message, which must be of `type`.
    func next(_ type: String, timeout: Duration = .seconds(30)) async throws -> [String: Any] {
        let message = try await next(timeout: timeout)
        guard message["type"] as? String == type else { throw RealtimeTestError("expected \(type), got \(message)") }
        return message
    }

    /// Ends the connection from the client side.
    func close() {
        outgoing.finish()
    }

    /// The server's close code once the connection ended (nil when it sent none); throws when connecting failed.
    func closeCode(timeout: Duration = .seconds(30)) async throws -> UInt16? {
        try await withThrowingTaskGroup(of: UInt16?.self) { group in
            group.addTask { try await self.connection.value }
            group.addTask {
                try await Task.sleep(for: timeout)
                throw RealtimeTestError("the connection did not close within \(timeout)")
            }
            defer { group.cancelAll() }
            return try await group.next()!
        }
    }

    /// `connection_init`, then the `connection_ack` it must get (AppSync's protocol).
    @discardableResult
    func initialize(payload: [String: Any]? = nil) async throws -> [String: Any] {
        var message: [String: Any] = ["type": "connection_init"]
        if let payload { message["payload"] = payload }
        send(json: message)
        return try await next("connection_ack")
    }

    /// An AppSync `start` for `query` under `id`, the request as a JSON string in `payload.data`.
    func start(_ id: String, query: String, variables: [String: Any]? = nil, authorization: [String: Any]? = nil) {
        var request: [String: Any] = ["query": query]
        if let variables { request["variables"] = variables }
        let data = String(decoding: try! JSONSerialization.data(withJSONObject: request), as: UTF8.self)
        var payload: [String: Any] = ["data": data]
        if let authorization { payload["extensions"] = ["authorization": authorization] }
        send(json: ["id": id, "type": "start", "payload": payload])
    }
}

/// A real-time test expectation that did not hold.
struct RealtimeTestError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
