import Foundation
import HTTPTypes
import HummingbirdWSClient
import Logging
import Synchronization

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// One AppSync subscriber: handshake, `start`, then every `data` message's latency (now minus the send time the
/// write carried as `t=<nanoseconds>`).
struct Subscriber {
    let url: String
    let key: String
    let id: String
    let document: String
    let origin: ContinuousClock.Instant
    let recorder: LatencyRecorder
    let connections: Connections

    func run(ready: AsyncStream<Bool>.Continuation) async {
        var headers = HTTPFields()
        headers[.secWebSocketProtocol] = "graphql-ws"
        headers[HTTPField.Name("x-api-key")!] = key
        var logger = Logger(label: "bench-subscriber")
        logger.logLevel = .critical
        let start = try! JSONSerialization.data(withJSONObject: ["id": id, "type": "start", "payload": ["data": "{\"query\":\(quoted(document))}"]])
        let announced = Flag()
        do {
            try await WebSocketClient.connect(
                url: url, configuration: WebSocketClientConfiguration(maxFrameSize: 1 << 20, additionalHeaders: headers), logger: logger
            ) { inbound, outbound, _ in
                try await outbound.write(.text(#"{"type":"connection_init"}"#))
                for try await message in inbound.messages(maxSize: 1 << 20) {
                    guard case .text(let text) = message else { continue }
                    if text.contains(#""type":"data""#) {
                        recorder.count()
                        if let stamp = Self.stamp(in: text) {
                            let now = (ContinuousClock.now - origin).nanoseconds
                            recorder.record(Double(now - stamp) / 1_000_000)
                        }
                    } else if text.contains(#""type":"connection_ack""#) {
                        try await outbound.write(.text(String(decoding: start, as: UTF8.self)))
                    } else if text.contains(#""type":"start_ack""#), announced.set() {
                        ready.yield(true)
                    } else if text.contains(#""type":"error""#) || text.contains("connection_error"), announced.set() {
                        ready.yield(false)
                    }
                }
            }
        } catch {}
        if announced.set() { ready.yield(false) } else { connections.noteClosed() }
    }

    private func quoted(_ text: String) -> String {
        String(decoding: try! JSONSerialization.data(withJSONObject: [text]), as: UTF8.self).dropFirst().dropLast().description
    }

    /// The number after `t=` in a message.
    static func stamp(in text: String) -> Int64? {
        guard let range = text.range(of: "t=") else { return nil }
        return Int64(text[range.upperBound...].prefix { $0.isNumber })
    }
}

/// Sends the writes, one at a time, over HTTP.
struct Writer {
    let port: Int
    let key: String
    let mutation: String
    let postId: String
    let session = URLSession(configuration: .ephemeral)

    /// True when the write succeeded.
    func write(content: String) async -> Bool {
        var request = URLRequest(url: URL(string: "http://127.0.0.1:\(port)/graphql")!)
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "content-type")
        request.setValue(key, forHTTPHeaderField: "x-api-key")
        request.httpBody = try? JSONSerialization.data(withJSONObject: ["query": mutation, "variables": ["postId": postId, "content": content]])
        guard let (data, response) = try? await session.data(for: request), (response as? HTTPURLResponse)?.statusCode == 200 else { return false }
        return !String(decoding: data, as: UTF8.self).contains(#""errors""#)
    }
}

/// A flag set once.
final class Flag: Sendable {
    private let value = Mutex(false)

    /// Sets the flag; true when it was not set before.
    func set() -> Bool {
        value.withLock { value in
            defer { value = true }
            return !value
        }
    }
}
