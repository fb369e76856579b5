import Foundation
import Postgres
import Realtime
import Testing

/// Who gets an event, and when: every subscription that follows the change (two on one connection, one on
/// each of two connections), quick updates of one record in order, writes made in SQL outside the server
/// (the change feed's poll), and nothing for a mutation that failed.
@Suite("Real-time: who gets an event, in what order")
struct RealtimeFanOutTests {
    static func connect(_ server: LiveServer) async throws -> RealtimeTestClient {
        try await RealtimeDeliveryTests.connect(server)
    }

    static func subscribe(_ socket: RealtimeTestClient, _ id: String, _ query: String) async throws {
        try await RealtimeDeliveryTests.subscribe(socket, id, query)
    }

    static func create(_ server: LiveServer, mantra: String, size: Int? = nil) async throws -> String {
        let size = size.map { ", size: \($0)" } ?? ""
        return try await RealtimeDeliveryTests.create(server, "mutation { createTeam(input: {mantra: \"\(mantra)\"\(size)}) { id } }", "createTeam")
    }

    @Test("20 updates of one record in quick succession arrive in order, once each")
    func quickUpdatesInOrder() async throws {
        let server = try await LiveServer.start(schema: "schema", realtime: RealtimeSettings())
        defer { server.stop() }
        let socket = try await Self.connect(server)
        defer { socket.close() }
        try await Self.subscribe(socket, "updates", "subscription { onUpdateTeam { id size } }")
        let team = try await Self.create(server, mantra: "counter", size: 0)
        for size in 1...20 { try await server.seed("mutation { updateTeam(input: {id: \"\(team)\", size: \(size)}) { id } }") }
        var sizes: [Int] = []
        for _ in 1...20 {
            let event = try await socket.next("data")
            #expect(value(event, "payload", "data", "onUpdateTeam", "id") as? String == team)
            sizes.append(try #require(value(event, "payload", "data", "onUpdateTeam", "size") as? Int))
        }
        #expect(sizes == Array(1...20))
        await #expect(throws: RealtimeTestError.self) { try await socket.next(timeout: .seconds(1)) }
    }

    @Test("a mutation that fails (a condition that does not hold, a create with an id in use) writes nothing and delivers nothing")
    func failedMutationsDeliverNothing() async throws {
        let server = try await LiveServer.start(schema: "schema", realtime: RealtimeSettings())
        defer { server.stop() }
        let socket = try await Self.connect(server)
        defer { socket.close() }
        try await Self.subscribe(socket, "created", "subscription { onCreateTeam { id mantra } }")
        try await Self.subscribe(socket, "updated", "subscription { onUpdateTeam { id mantra } }")
        let team = try await Self.create(server, mantra: "original", size: 1)
        let first = try await socket.next("data")
        #expect(first["id"] as? String == "created")
        let conditional = try await server.graphQL("mutation { updateTeam(input: {id: \"\(team)\", mantra: \"conditional\"}, condition: {size: {eq: 99}}) { id } }")
        #expect(errorType(conditional) == "DynamoDB:ConditionalCheckFailedException", "\(conditional)")
        let duplicate = try await server.graphQL("mutation { createTeam(input: {id: \"\(team)\", mantra: \"duplicate\"}) { id } }")
        #expect(errorType(duplicate) == "DynamoDB:ConditionalCheckFailedException", "\(duplicate)")
        let read = try await server.graphQL("query { getTeam(id: \"\(team)\") { mantra size } }")
        #expect(value(read, "data", "getTeam") as? NSDictionary == ["mantra": "original", "size": 1])
        // The first events after the failures are the sentinels' (an update, then a create).
        try await server.seed("mutation { updateTeam(input: {id: \"\(team)\", mantra: \"sentinel\"}) { id } }")
        let updated = try await socket.next("data")
        #expect(updated["id"] as? String == "updated")
        #expect(value(updated, "payload", "data", "onUpdateTeam", "mantra") as? String == "sentinel")
        let sentinel = try await Self.create(server, mantra: "sentinel create")
        let created = try await socket.next("data")
        #expect(created["id"] as? String == "created")
        #expect(value(created, "payload", "data", "onCreateTeam", "id") as? String == sentinel)
    }

    @Test("rows inserted and updated in SQL, outside the server, are delivered too")
    func writesMadeInSQL() async throws {
        let server = try await LiveServer.start(schema: "schema", realtime: RealtimeSettings())
        defer { server.stop() }
        let columns = try await server.client.query(
            "SELECT column_name FROM information_schema.columns WHERE table_schema = 'public' AND table_name = 'Team' ORDER BY ordinal_position")
        #expect(columns.rows.map { $0[0] ?? "" } == ["id", "mantra", "founded", "size", "budget", "active", "createdAt", "updatedAt"])
        let socket = try await Self.connect(server)
        defer { socket.close() }
        try await Self.subscribe(socket, "created", "subscription { onCreateTeam { id mantra size } }")
        try await Self.subscribe(socket, "updated", "subscription { onUpdateTeam { id mantra } }")
        let team = try await Self.create(server, mantra: "api")
        _ = try await socket.next("data")
        _ = try await server.client.query(#"UPDATE public."Team" SET mantra = $1 WHERE id = $2"#, ["from sql", team])
        let updated = try await socket.next("data")
        #expect(updated["id"] as? String == "updated")
        #expect(value(updated, "payload", "data", "onUpdateTeam") as? NSDictionary == ["id": team, "mantra": "from sql"])
        _ = try await server.client.query(
            #"INSERT INTO public."Team" (id, mantra, size, "createdAt", "updatedAt") VALUES ($1, $2, 5, now(), now())"#, ["sql-row", "inserted in sql"])
        let created = try await socket.next("data")
        #expect(created["id"] as? String == "created")
        #expect(value(created, "payload", "data", "onCreateTeam") as? NSDictionary == ["id": "sql-row", "mantra": "inserted in sql", "size": 5])
    }

    @Test("two subscriptions with the same selection on one connection each get the event; after one stops, only the other")
    func twoSubscriptionsOneConnection() async throws {
        let server = try await LiveServer.start(schema: "schema", realtime: RealtimeSettings())
        defer { server.stop() }
        let socket = try await Self.connect(server)
        defer { socket.close() }
        for id in ["first", "second"] { try await Self.subscribe(socket, id, "subscription { onCreateTeam { id mantra } }") }
        let team = try await Self.create(server, mantra: "both")
        var got: [String: NSDictionary] = [:]
        for _ in 0..<2 {
            let event = try await socket.next("data")
            got[try #require(event["id"] as? String)] = value(event, "payload", "data") as? NSDictionary
        }
        let payload: NSDictionary = ["onCreateTeam": ["id": team, "mantra": "both"]]
        #expect(got == ["first": payload, "second": payload])
        socket.send(json: ["id": "first", "type": "stop"])
        _ = try await socket.next("complete")
        _ = try await Self.create(server, mantra: "second only")
        let event = try await socket.next("data")
        #expect(event["id"] as? String == "second")
        #expect(value(event, "payload", "data", "onCreateTeam", "mantra") as? String == "second only")
        await #expect(throws: RealtimeTestError.self) { try await socket.next(timeout: .seconds(1)) }
    }

    @Test("two connections subscribed to the same field each get every event, in order")
    func twoConnections() async throws {
        let server = try await LiveServer.start(schema: "schema", realtime: RealtimeSettings())
        defer { server.stop() }
        let sockets = [try await Self.connect(server), try await Self.connect(server)]
        defer { for socket in sockets { socket.close() } }
        for socket in sockets { try await Self.subscribe(socket, "teams", "subscription { onCreateTeam { mantra } }") }
        for index in 0..<3 { _ = try await Self.create(server, mantra: "t\(index)") }
        for socket in sockets {
            var mantras: [String] = []
            for _ in 0..<3 {
                let event = try await socket.next("data")
                mantras.append(try #require(value(event, "payload", "data", "onCreateTeam", "mantra") as? String))
            }
            #expect(mantras == ["t0", "t1", "t2"])
        }
    }
}
