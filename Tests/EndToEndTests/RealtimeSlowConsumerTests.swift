import Foundation
import Postgres
import Realtime
import Testing

/// A client that subscribes and then never reads: its events pile up in the server's bounded queue once the
/// TCP buffers are full, and the server drops the connection instead of holding its events without limit,
/// while it keeps answering everyone else. The client is a raw socket, so nothing reads on its behalf: the
/// WebSocket upgrade is written by hand, and so are its (masked) frames.
@Suite("Real-time: a client that does not read")
struct RealtimeSlowConsumerTests {
    /// A masked client text frame (RFC 6455 §5.2: clients must mask what they send).
    static func clientFrame(_ text: String, mask: [UInt8] = [0x5A, 0xC3, 0x1F, 0x88]) -> [UInt8] {
        let payload = Array(text.utf8)
        var frame: [UInt8] = [0x81]
        switch payload.count {
        case ..<126: frame.append(0x80 | UInt8(payload.count))
        case ...0xFFFF: frame += [0x80 | 126, UInt8(payload.count >> 8), UInt8(payload.count & 0xFF)]
        default: frame += [0x80 | 127] + stride(from: 56, through: 0, by: -8).map { UInt8(truncatingIfNeeded: payload.count >> $0) }
        }
        return frame + mask + payload.enumerated().map { $1 ^ mask[$0 % 4] }
    }

    /// The server's frames in `bytes` (unmasked): the text frames' count and the close frame's code, if one
    /// arrived whole. A frame cut short by the end of the connection ends the reading.
    static func serverFrames(_ bytes: [UInt8]) -> (texts: Int, closeCode: UInt16?) {
        var offset = 0
        var texts = 0
        while offset + 2 <= bytes.count {
            let opcode = bytes[offset] & 0x0F
            var length = Int(bytes[offset + 1] & 0x7F)
            var start = offset + 2
            if length == 126 {
                guard start + 2 <= bytes.count else { break }
                length = Int(bytes[start]) << 8 | Int(bytes[start + 1])
                start += 2
            } else if length == 127 {
                guard start + 8 <= bytes.count else { break }
                length = bytes[start..<start + 8].reduce(0) { $0 << 8 | Int($1) }
                start += 8
            }
            guard start + length <= bytes.count else { break }
            if opcode == 0x1 { texts += 1 }
            if opcode == 0x8 { return (texts, length >= 2 ? UInt16(bytes[start]) << 8 | UInt16(bytes[start + 1]) : nil) }
            offset = start + length
        }
        return (texts, nil)
    }

    /// Upgrades `connection` to a WebSocket of `subprotocol` with API key `key`, written by hand; the server's
    /// answer head.
    static func upgrade(_ connection: RawConnection, port: Int, key: String, subprotocol: String) async -> String {
        let upgrade =
            "GET /graphql/realtime HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            + "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Protocol: \(subprotocol)\r\nx-api-key: \(key)\r\n\r\n"
        #expect(connection.send(upgrade))
        return await connection.read(until: "\r\n\r\n")
    }

    /// Sends raw bytes; false when the server has closed the connection.
    static func send(_ bytes: [UInt8], on connection: RawConnection) -> Bool {
        bytes.withUnsafeBytes { Glibc.send(connection.descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) } == bytes.count
    }

    /// Reads everything until the server ends the connection or `deadline` passes (on a thread of its own);
    /// returns the bytes and whether the connection ended.
    static func drain(_ connection: RawConnection, deadline: Duration) async -> (bytes: [UInt8], ended: Bool) {
        await withCheckedContinuation { continuation in
            Thread {
                let end = ContinuousClock.now + deadline
                var bytes: [UInt8] = []
                var buffer = [UInt8](repeating: 0, count: 65536)
                var ended = false
                while ContinuousClock.now < end {
                    let count = recv(connection.descriptor, &buffer, buffer.count, 0)
                    if count == 0 || (count < 0 && errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR) {
                        ended = true
                        break
                    }
                    if count > 0 { bytes += buffer[0..<count] }
                }
                continuation.resume(returning: (bytes, ended))
            }.start()
        }
    }

    @Test("a subscriber that never reads is disconnected in bounded time; HTTP and a reading subscriber are served throughout")
    func neverReads() async throws {
        var settings = RealtimeSettings()
        // 256 KB holds 32 of the never-reading client's 8 KB events, and every one of the reading client's small
        // ones even when a whole feed batch (500 changes) arrives at once.
        settings.maximumQueuedBytes = 256 << 10
        // The non-reader is closed once its queue stays full this long; meanwhile every connection's next events
        // wait. Longer than the 2 s default so that a reading subscriber on a loaded machine is not taken for a
        // slow one, and short enough for the non-reader to be closed well within the bound below.
        settings.slowConsumerPatience = .seconds(10)
        let server = try await LiveServer.start(schema: "schema", realtime: settings)
        defer { server.stop() }
        let port = server.url.port!
        let raw = try RawConnection(port: port)
        let head = await Self.upgrade(raw, port: port, key: server.key, subprotocol: "graphql-ws")
        try #require(head.hasPrefix("HTTP/1.1 101"), "\(head)")
        #expect(head.lowercased().contains("sec-websocket-protocol: graphql-ws\r\n"))
        #expect(head.contains("s3pPLMBiTxaQ9kYGzzhZRbK+xOo="))
        let request = String(decoding: try JSONSerialization.data(withJSONObject: ["query": "subscription { onCreateTeam { id mantra } }"]), as: UTF8.self)
        let start = String(decoding: try JSONSerialization.data(withJSONObject: ["id": "flood", "type": "start", "payload": ["data": request]]), as: UTF8.self)
        #expect(Self.send(Self.clientFrame(#"{"type":"connection_init"}"#) + Self.clientFrame(start), on: raw))
        let handshake = await raw.read(until: "start_ack")
        try #require(handshake.contains("connection_ack") && handshake.contains("start_ack"), "\(handshake)")

        let reader = try await RealtimeDeliveryTests.connect(server)
        defer { reader.close() }
        try await RealtimeDeliveryTests.subscribe(reader, "reader", "subscription { onCreateTeam { id } }")
        // 1,200 records of 8 KB each, ten per request, four requests at a time: about twice what the TCP buffers
        // (a few MB on loopback) and the queue hold.
        let mantra = String(repeating: "x", count: 8 * 1024)
        let batches = 120
        try await withThrowingTaskGroup(of: Void.self) { group in
            for lane in 0..<4 {
                group.addTask {
                    for batch in stride(from: lane, to: batches, by: 4) {
                        let creates = (0..<10).map { "c\($0): createTeam(input: {mantra: $mantra, size: \(batch)}) { id }" }.joined(separator: " ")
                        let answer = try await server.graphQL("mutation Flood($mantra: String!) { \(creates) }", variables: ["mantra": mantra])
                        if let errors = answer["errors"] { throw LiveServerError("batch \(batch): \(errors)") }
                    }
                }
            }
            try await group.waitForAll()
        }
        let flooded = ContinuousClock.now
        // Still responsive over HTTP, and the reading subscriber got every event.
        let listed = try await server.graphQL("query { listTeams(limit: 1) { items { id } } }")
        #expect((value(listed, "data", "listTeams", "items") as? [Any])?.count == 1, "\(listed)")
        for index in 0..<batches * 10 {
            let event = try await reader.next("data")
            try #require(value(event, "payload", "data", "onCreateTeam", "id") is String, "event \(index): \(event)")
        }
        // The never-reading connection was ended by the server: reading it now reaches its end. It is closed
        // about `slowConsumerPatience` (10 s) after its queue filled during the flood; the bound leaves room for
        // a loaded machine and still fails when the connection is held on to.
        let (bytes, ended) = await Self.drain(raw, deadline: .seconds(60))
        #expect(ended, "the server did not close the connection of a client that does not read")
        #expect(ContinuousClock.now - flooded < .seconds(60))
        let frames = Self.serverFrames(bytes)
        #expect(frames.texts < batches * 10, "all \(frames.texts) events were delivered: the connection was never dropped")
        // The close frame goes out after what was already in the socket's buffers; when the client's receive
        // window is full even that cannot be written, and the server drops the connection without one.
        #expect(frames.closeCode == nil || frames.closeCode == RealtimeCloseCode.slowConsumer)
    }

    @Test("a client that reads all the time is not taken for a slow one when one write burst brings it more events than its queue holds")
    func burstToAReadingClient() async throws {
        var settings = RealtimeSettings()
        // A client that reads is never closed as slow however long it takes to catch up; a loaded machine can
        // keep it from reading for longer than the 2 s default, so the patience is long enough not to matter.
        settings.slowConsumerPatience = .seconds(60)
        let server = try await LiveServer.start(schema: "schema", realtime: settings)
        defer { server.stop() }
        let reader = try await RealtimeDeliveryTests.connect(server)
        defer { reader.close() }
        // Three parts of an app, each with its own subscription, on one connection.
        for id in ["list", "badge", "toast"] { try await RealtimeDeliveryTests.subscribe(reader, id, "subscription { onCreateTeam { id } }") }
        // One transaction of 600 rows: 1,800 events for the connection, more than the 1,000 messages it may queue.
        _ = try await server.client.query(
            #"INSERT INTO public."Team" (id, mantra, "createdAt", "updatedAt") SELECT 'bulk-' || n, 'bulk', now(), now() FROM generate_series(1, 600) AS n"#)
        var counts: [String: Int] = [:]
        for _ in 0..<1_800 {
            let event = try await reader.next("data")
            counts[event["id"] as? String ?? "?", default: 0] += 1
        }
        #expect(counts == ["list": 600, "badge": 600, "toast": 600])
    }
}
