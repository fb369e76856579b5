import Foundation
import Postgres
import Testing

/// Subscriptions of an existing database's models, over the AppSync protocol: `serve` installs ModelGraph's
/// change-log trigger on each table whose model has subscriptions (and on no other), so events arrive for
/// writes through the API and for writes another application makes straight in SQL, read with the columns'
/// own names and types (renamed columns, uuid, a native enum, `timestamp` without time zone, numeric, jsonb,
/// arrays). Nothing else in the mapped tables changes.
@Suite(.serialized) struct ExistingDatabaseRealtimeTests {
    /// The selection every Person subscription reads.
    static let selection = "{ id fullName mood nickNames profile updatedAt balance externalId }"

    /// The names of the triggers on the tables of schema `public`, as `table.trigger`.
    static func triggers(_ conninfo: String) async throws -> [String] {
        let client = PostgresClient(configuration: .init(conninfo: conninfo, connections: 1))
        defer { client.shutdown() }
        let sql = """
            SELECT c.relname || '.' || t.tgname FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid JOIN pg_namespace n ON n.oid = c.relnamespace
            WHERE n.nspname = $1 AND NOT t.tgisinternal ORDER BY 1
            """
        return try await client.query(sql, ["public"]).rows.map { $0.first.flatMap { $0 } ?? "" }
    }

    /// Runs `sql` as another application would, on a connection of its own.
    static func write(_ conninfo: String, _ sql: String) async throws {
        let client = PostgresClient(configuration: .init(conninfo: conninfo, connections: 1))
        defer { client.shutdown() }
        _ = try await client.withConnection { try $0.execute(sql) }
    }

    /// The next event for subscription `id`: its `payload.data.<field>`.
    static func event(_ socket: RealtimeTestClient, _ id: String, _ field: String) async throws -> [String: Any] {
        let message = try await socket.next("data")
        #expect(message["id"] as? String == id, "\(message)")
        return try #require(value(message, "payload", "data", field) as? [String: Any], "\(message)")
    }

    /// An AWSJSON value's text without spaces.
    static func compact(_ value: Any?) -> String? {
        (value as? String)?.replacingOccurrences(of: " ", with: "")
    }

    @Test func deliversWritesFromTheAPIAndFromOtherApplications() async throws {
        let conninfo = try await ExistingDatabaseTests.makeExistingDatabase()
        let before = try await ExistingDatabaseTests.catalogFingerprint(conninfo)
        let folder = try CommandLineTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (status, _, error) = try await CommandLineTests.run(["introspect", "--database-url", conninfo, "--output", "schema.graphql"], in: folder)
        #expect(status == 0, "\(error)")
        // Tags have no subscriptions: their table gets no trigger.
        let file = folder.appendingPathComponent("schema.graphql")
        let introspected = try String(contentsOf: file, encoding: .utf8)
        let schema = introspected.replacingOccurrences(of: "type Tag @model(timestamps: null)", with: "type Tag @model(timestamps: null, subscriptions: null)")
        #expect(schema != introspected)
        try schema.write(to: file, atomically: true, encoding: .utf8)

        let serve = try await ServeProcess.start(in: folder, arguments: ["--database-url", conninfo, "--schema", "schema.graphql"])
        defer { serve.process.terminate() }
        let key = try serve.apiKey()

        // One trigger per table of a model with subscriptions, named as ModelGraph's; none on tags.
        let installed = try await Self.triggers(conninfo)
        #expect(
            installed == ["OrderLines", "passports", "people", "post_tags", "posts", "shipments"].map { "\($0).modelgraph_record_change" }, "\(installed)")

        let socket = RealtimeTestClient.connect("ws://127.0.0.1:\(serve.port)/graphql/realtime", headers: ["x-api-key": key])
        defer { socket.close() }
        try await socket.initialize()
        for (id, field) in [("created", "onCreatePerson"), ("updated", "onUpdatePerson"), ("deleted", "onDeletePerson")] {
            socket.start(id, query: "subscription { \(field) \(Self.selection) }")
            let ack = try await socket.next(timeout: .seconds(30))
            try #require(ack["type"] as? String == "start_ack" && ack["id"] as? String == id, "\(ack)")
        }
        socket.start("tags", query: "subscription { onCreateTag { name } }")
        let refused = try await socket.next("error")
        #expect("\(refused)".contains("onCreateTag"), "\(refused)")

        // Through the API: the event reads the row as the query would.
        let (_, created) = try await serve.graphQL(
            #"mutation { createPerson(input: { fullName: "Ada", mood: happy, nickNames: ["a", "b"], profile: "{\"x\":1}", updatedAt: "2024-05-01T10:00:00.000+02:00", balance: 12.25 }) { id } }"#,
            key: key)
        #expect(created.contains("\"id\":1"), "\(created)")
        let ada = try await Self.event(socket, "created", "onCreatePerson")
        #expect(ada["id"] as? Int == 1 && ada["fullName"] as? String == "Ada" && ada["mood"] as? String == "happy", "\(ada)")
        #expect(ada["updatedAt"] as? String == "2024-05-01T08:00:00.000Z" && ada["balance"] as? Double == 12.25, "\(ada)")
        #expect(ada["nickNames"] as? [String] == ["a", "b"] && Self.compact(ada["profile"]) == #"{"x":1}"#, "\(ada)")
        #expect((ada["externalId"] as? String)?.count == 36, "\(ada)")

        // Straight in SQL, as another application: the trigger records it and the feed's poll delivers it.
        try await Self.write(
            conninfo,
            """
            INSERT INTO people (id, full_name, mood, nick_names, profile, updated_at, balance, external_id)
            VALUES (50, 'Bob', 'sad', ARRAY['x'], '{"k": [1]}', '2024-01-02 03:04:05.678', 1.5, 'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11')
            """)
        let bob = try await Self.event(socket, "created", "onCreatePerson")
        #expect(bob["id"] as? Int == 50 && bob["fullName"] as? String == "Bob" && bob["mood"] as? String == "sad", "\(bob)")
        #expect(bob["updatedAt"] as? String == "2024-01-02T03:04:05.678Z" && bob["balance"] as? Double == 1.5, "\(bob)")
        #expect(bob["externalId"] as? String == "a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11" && bob["nickNames"] as? [String] == ["x"], "\(bob)")
        #expect(Self.compact(bob["profile"]) == #"{"k":[1]}"#, "\(bob)")

        try await Self.write(conninfo, "UPDATE people SET full_name = 'Robert', mood = 'meh' WHERE id = 50")
        let robert = try await Self.event(socket, "updated", "onUpdatePerson")
        #expect(robert["id"] as? Int == 50 && robert["fullName"] as? String == "Robert" && robert["mood"] as? String == "meh", "\(robert)")
        let (_, updated) = try await serve.graphQL(#"mutation { updatePerson(input: { id: 1, fullName: "Ada L." }) { id } }"#, key: key)
        #expect(!updated.contains("\"errors\""), "\(updated)")
        let renamed = try await Self.event(socket, "updated", "onUpdatePerson")
        #expect(renamed["id"] as? Int == 1 && renamed["fullName"] as? String == "Ada L.", "\(renamed)")

        try await Self.write(conninfo, "DELETE FROM people WHERE id = 50")
        let gone = try await Self.event(socket, "deleted", "onDeletePerson")
        #expect(gone["id"] as? Int == 50 && gone["fullName"] as? String == "Robert" && gone["externalId"] as? String == "a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11", "\(gone)")
        let (_, deleted) = try await serve.graphQL(#"mutation { deletePerson(input: { id: 1 }) { id } }"#, key: key)
        #expect(!deleted.contains("\"errors\""), "\(deleted)")
        let adaGone = try await Self.event(socket, "deleted", "onDeletePerson")
        #expect(adaGone["id"] as? Int == 1 && adaGone["updatedAt"] as? String == "2024-05-01T08:00:00.000Z", "\(adaGone)")

        // Apart from ModelGraph's triggers, the user's tables are as they were.
        #expect(await serve.terminate() == 0)
        let after = try await ExistingDatabaseTests.catalogFingerprint(conninfo)
        #expect(after.filter { !$0.hasSuffix("modelgraph_record_change") } == before)
    }

    @Test func aModelWithoutSubscriptionsLosesItsTrigger() async throws {
        let conninfo = try await ExistingDatabaseTests.makeExistingDatabase()
        let folder = try CommandLineTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("schema.graphql")
        func serve(subscriptions: String, log: String) async throws {
            try """
            input AMPLIFY { engine: String = "postgres" globalAuthRule: AuthRule = { allow: public } }
            type Tag @model(timestamps: null\(subscriptions)) @refersTo(name: "tags") { name: String! @primaryKey }
            """.write(to: file, atomically: true, encoding: .utf8)
            let process = try await ServeProcess.start(in: folder, arguments: ["--database-url", conninfo], logName: log)
            #expect(await process.terminate() == 0)
        }
        try await serve(subscriptions: "", log: "first.log")
        #expect(try await Self.triggers(conninfo) == ["tags.modelgraph_record_change"])
        try await serve(subscriptions: ", subscriptions: { level: off }", log: "second.log")
        #expect(try await Self.triggers(conninfo) == [])
    }
}
