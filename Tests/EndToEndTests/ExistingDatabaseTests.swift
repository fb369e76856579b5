import Foundation
import Postgres
import TestSupport
import Testing

/// An existing database served as it is: `modelgraph introspect` writes its schema (golden files in both forms),
/// `serve` answers reads, writes and nested relationships over HTTP with no migration and the user's tables
/// unchanged, a schema that does not match stops `serve` with one line per problem, and `migrate` has nothing
/// to do.
@Suite(.serialized) struct ExistingDatabaseTests {
    /// A fresh database holding `Tests/Fixtures/existing-database/database.sql`.
    static func makeExistingDatabase() async throws -> String {
        let conninfo = try await TestDatabase.makeDatabase()
        let sql = try String(contentsOf: Fixtures.folder().appendingPathComponent("existing-database/database.sql"), encoding: .utf8)
        let client = PostgresClient(configuration: .init(conninfo: conninfo, connections: 1))
        defer { client.shutdown() }
        _ = try await client.withConnection { try $0.execute(sql) }
        return conninfo
    }

    /// Everything about the user's tables a migration could change: columns, constraints, indexes, triggers
    /// and types of schema `public`, one line each.
    static func catalogFingerprint(_ conninfo: String) async throws -> [String] {
        let client = PostgresClient(configuration: .init(conninfo: conninfo, connections: 1))
        defer { client.shutdown() }
        let statements = [
            """
            SELECT c.relname || '.' || a.attname || ' ' || format_type(a.atttypid, a.atttypmod) || ' ' || a.attnotnull::text || ' '
                   || coalesce(pg_get_expr(d.adbin, d.adrelid), '')
            FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid JOIN pg_namespace n ON n.oid = c.relnamespace
            LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
            WHERE n.nspname = $1 AND a.attnum > 0 AND NOT a.attisdropped ORDER BY 1
            """,
            "SELECT k.conname || ' ' || pg_get_constraintdef(k.oid) FROM pg_constraint k JOIN pg_namespace n ON n.oid = k.connamespace WHERE n.nspname = $1 ORDER BY 1",
            "SELECT indexdef FROM pg_indexes WHERE schemaname = $1 ORDER BY 1",
            "SELECT t.tgname FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = $1 ORDER BY 1",
            "SELECT t.typname FROM pg_type t JOIN pg_namespace n ON n.oid = t.typnamespace WHERE n.nspname = $1 ORDER BY 1",
        ]
        var lines: [String] = []
        for statement in statements {
            lines += try await client.query(statement, ["public"]).rows.map { $0.first.flatMap { $0 } ?? "" }
        }
        return lines
    }

    @Test func introspectWritesGoldenSchemas() async throws {
        let conninfo = try await Self.makeExistingDatabase()
        let folder = try CommandLineTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        for (format, golden) in [("graphql", "existing-database.graphql"), ("ts", "existing-database.sql.ts")] {
            let (status, output, error) = try await CommandLineTests.run(["introspect", "--database-url", conninfo, "--format", format], in: folder)
            #expect(status == 0, "\(error)")
            if let difference = Golden.check(output, named: golden) { Issue.record("\(difference)") }
            if let difference = Golden.check(error, named: golden + ".notes") { Issue.record("\(difference)") }
        }
        // The API ModelGraph serves for the introspected schema (AppSync's part of it): no implicit timestamps,
        // subscriptions as for any model, database-generated keys optional in create inputs.
        let (written, _, writeError) = try await CommandLineTests.run(["introspect", "--database-url", conninfo, "--output", "schema.graphql"], in: folder)
        #expect(written == 0, "\(writeError)")
        let (status, api, error) = try await CommandLineTests.run(["print-schema", "--appsync", "--schema", "schema.graphql"], in: folder)
        #expect(status == 0, "\(error)")
        if let difference = Golden.check(api, named: "existing-database.api.graphql") { Issue.record("\(difference)") }
    }

    @Test func servesTheIntrospectedSchemaWithoutMigrating() async throws {
        let conninfo = try await Self.makeExistingDatabase()
        let before = try await Self.catalogFingerprint(conninfo)
        let folder = try CommandLineTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (status, _, error) = try await CommandLineTests.run(["introspect", "--database-url", conninfo, "--output", "schema.graphql"], in: folder)
        #expect(status == 0, "\(error)")

        let serve = try await ServeProcess.start(in: folder, arguments: ["--database-url", conninfo, "--schema", "schema.graphql"])
        defer { serve.process.terminate() }
        let key = try serve.apiKey()
        func run(_ query: String) async throws -> String {
            let (code, body) = try await serve.graphQL(query, key: key)
            #expect(code == 200)
            #expect(!body.contains("\"errors\""), "\(query)\n→ \(body)")
            return body
        }

        let ada = try await run(
            """
            mutation { createPerson(input: { fullName: "Ada", mood: happy, nickNames: ["a", "b"], profile: "{\\"x\\":1}", settings: "{\\"y\\":[2]}",
              born: "1990-01-02", wakesAt: "07:30:00", updatedAt: "2024-05-01T10:00:00.000+02:00", balance: 12.25, rating: 4.5, bigCount: 5, smallCount: 3 })
              { id fullName mood nickNames profile settings born wakesAt updatedAt balance rating bigCount smallCount } }
            """)
        #expect(ada.contains("\"id\":1,"))
        #expect(ada.contains("\"updatedAt\":\"2024-05-01T08:00:00.000Z\""), "\(ada)")
        #expect(ada.contains("\"mood\":\"happy\""))
        #expect(ada.contains("\"balance\":12.25"))
        #expect(ada.contains("\"nickNames\":[\"a\",\"b\"]"))
        _ = try await run(#"mutation { createPerson(input: { fullName: "Bob", managerId: 1 }) { id externalId createdAt } }"#)
        _ = try await run(
            #"mutation { createPost(input: { title: "Hello", status: published, authorId: 1, editorId: 2, tags: ["x"], publishedAt: "2024-01-01T00:00:00Z" }) { id status } }"#)
        _ = try await run(#"mutation { createTag(input: { name: "swift" }) { name } }"#)
        _ = try await run(#"mutation { createPostTag(input: { postId: 1, tagName: "swift" }) { postId tagName addedAt } }"#)
        _ = try await run(#"mutation { createOrderLine(input: { orderNo: 7, lineNo: 1, quantity: 2, priority: HIGH }) { orderNo lineNo priority } }"#)
        let shipment = try await run(#"mutation { createShipment(input: { orderNo: 7, lineNo: 1, shippedOn: "2024-02-03" }) { id orderLine { quantity } } }"#)
        #expect(shipment.contains("\"orderLine\":{\"quantity\":2}"), "\(shipment)")

        _ = try await run(#"mutation { createPassport(input: { personId: 2, number: "X123" }) { id } }"#)
        let nested = try await run(
            """
            { getPerson(id: 1) { fullName postsByAuthor { items { title editor { fullName } postTags { items { tag { name } } } } } people { items { fullName manager { fullName } } } } }
            """)
        #expect(nested.contains("\"title\":\"Hello\""), "\(nested)")
        #expect(nested.contains("\"editor\":{\"fullName\":\"Bob\"}"), "\(nested)")
        #expect(nested.contains("\"tag\":{\"name\":\"swift\"}"), "\(nested)")
        #expect(nested.contains("\"manager\":{\"fullName\":\"Ada\"}"), "\(nested)")
        let passport = try await run(#"{ getPerson(id: 2) { passport { number person { fullName } } } }"#)
        #expect(passport.contains("\"passport\":{\"number\":\"X123\",\"person\":{\"fullName\":\"Bob\"}}"), "\(passport)")
        let list = try await run(#"{ listPosts(filter: { status: { eq: published } }) { items { id author { fullName } } } }"#)
        #expect(list.contains("\"author\":{\"fullName\":\"Ada\"}"), "\(list)")
        let composite = try await run(#"{ getOrderLine(orderNo: 7, lineNo: 1) { quantity shipments { items { shippedOn } } } }"#)
        #expect(composite.contains("\"shippedOn\":\"2024-02-03\""), "\(composite)")
        let updated = try await run(#"mutation { updatePerson(input: { id: 1, mood: sad }) { mood } }"#)
        #expect(updated.contains("\"mood\":\"sad\""))
        let deleted = try await run(#"mutation { deletePostTag(input: { postId: 1, tagName: "swift" }) { tagName } }"#)
        #expect(deleted.contains("\"tagName\":\"swift\""))

        // A value the column cannot hold is refused with the contract's error shape (never truncated), and
        // nothing is written.
        let (_, tooLong) = try await serve.graphQL(#"mutation { createPost(input: { title: "Long", authorId: 1, tags: ["longer than twenty characters"] }) { id } }"#, key: key)
        #expect(tooLong.contains("\"errors\""), "\(tooLong)")
        let (_, overflow) = try await serve.graphQL(#"mutation { createPerson(input: { fullName: "Big", smallCount: 70000 }) { id } }"#, key: key)
        #expect(overflow.contains("\"errors\""), "\(overflow)")
        #expect(tooLong.contains("\"errorType\":\"ValidationError\"") && overflow.contains("\"errorType\":\"ValidationError\""), "\(tooLong)\n\(overflow)")
        let posts = try await run(#"{ listPosts { items { title } } }"#)
        #expect(posts.contains("Hello") && !posts.contains("Long"), "\(posts)")
        let people = try await run(#"{ listPeople { items { fullName } } }"#)
        #expect(!people.contains("Big"), "\(people)")

        // Casts follow the column types in filters and keys too: uuid, a native enum, a composite key.
        let shipmentID = try #require(shipment.split(separator: "\"")[safe: 7].map(String.init))
        let byUUID = try await run("{ getShipment(id: \"\(shipmentID)\") { lineNo } listShipments(filter: { id: { eq: \"\(shipmentID)\" } }) { items { orderNo } } }")
        #expect(byUUID.contains("\"lineNo\":1") && byUUID.contains("\"orderNo\":7"), "\(byUUID)")
        let byMood = try await run(#"{ listPeople(filter: { mood: { eq: sad } }) { items { fullName } } }"#)
        #expect(byMood.contains("Ada") && !byMood.contains("Bob"), "\(byMood)")
        // The database's own foreign keys answer with the reference errors, in the schema's words.
        let (_, missing) = try await serve.graphQL(#"mutation { createPost(input: { title: "Orphan", authorId: 999 }) { id } }"#, key: key)
        #expect(missing.contains("\"errorType\":\"ReferenceNotFound\"") && missing.contains("Post.author refers to a Person that does not exist"), "\(missing)")
        let (_, inUse) = try await serve.graphQL(#"mutation { deletePerson(input: { id: 1 }) { id } }"#, key: key)
        #expect(inUse.contains("\"errorType\":\"ReferenceInUse\"") && inUse.contains("Cannot delete this Person: 1 "), "\(inUse)")

        #expect(await serve.terminate() == 0)
        // ModelGraph's change-log triggers (subscriptions) are the only addition.
        let after = try await Self.catalogFingerprint(conninfo)
        #expect(after.filter { $0 != "modelgraph_record_change" } == before)
        #expect(after.count == before.count + 7)
    }

    @Test func servesTheTablesOfAnotherPostgresSchema() async throws {
        let conninfo = try await Self.makeExistingDatabase()
        let folder = try CommandLineTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (status, _, error) = try await CommandLineTests.run(
            ["introspect", "--database-url", conninfo, "--schema-name", "sales", "--output", "schema.graphql"], in: folder)
        #expect(status == 0, "\(error)")
        let serve = try await ServeProcess.start(in: folder, arguments: ["--database-url", conninfo, "--schema-name", "sales"])
        defer { serve.process.terminate() }
        let key = try serve.apiKey()
        _ = try await serve.graphQL(#"mutation { createCustomer(input: { id: 1, name: "Acme" }) { id } }"#, key: key)
        let (_, body) = try await serve.graphQL(#"{ listCustomers { items { id name } } }"#, key: key)
        #expect(body.contains("\"name\":\"Acme\""), "\(body)")
    }

    @Test func aMismatchingSchemaStopsServe() async throws {
        let conninfo = try await Self.makeExistingDatabase()
        let folder = try CommandLineTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try """
        input AMPLIFY { engine: String = "postgres" globalAuthRule: AuthRule = { allow: public } }
        type Person @model(timestamps: null) @refersTo(name: "people") {
          id: Int! @primaryKey @default
          fullName: Int! @refersTo(name: "full_name")
          email: String!
          nickname: String
        }
        type Missing @model @refersTo(name: "no_such_table") { id: ID! @primaryKey }
        type PublishedPost @model(timestamps: null) @refersTo(name: "published_posts") { id: Int! @primaryKey title: String }
        """.write(to: folder.appendingPathComponent("schema.graphql"), atomically: true, encoding: .utf8)
        let serve = try ServeProcess.launch(in: folder, arguments: ["--database-url", conninfo])
        #expect(await serve.waitForExit() == 1)
        let log = serve.logText
        #expect(log.contains("Person.fullName → people.full_name: expected integer, smallint or bigint for Int!, found character varying(80)"), "\(log)")
        #expect(log.contains("Person.email → people.email: expected NOT NULL for String!, found a column that allows null"), "\(log)")
        #expect(log.contains("Person.nickname → people.nickname: no such column"), "\(log)")
        #expect(log.contains("Missing → no_such_table: no table or view of that name in schema public"), "\(log)")
        #expect(
            log.contains("PublishedPost → published_posts: expected a table for subscriptions (their changes are recorded by a trigger), found a view"), "\(log)")
        #expect(!log.contains("serving http://"))
    }

    @Test func migrateHasNothingToManage() async throws {
        let folder = try CommandLineTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try """
        input AMPLIFY { engine: String = "postgres" }
        type Tag @model(timestamps: null) @refersTo(name: "tags") { name: String! @primaryKey }
        """.write(to: folder.appendingPathComponent("schema.graphql"), atomically: true, encoding: .utf8)
        for (action, arguments) in [
            ("generate", []), ("apply", ["--database-url", "postgresql://nowhere.invalid/none"]), ("plan", ["--database-url", "postgresql://nowhere.invalid/none"]),
            ("status", ["--database-url", "postgresql://nowhere.invalid/none"]),
        ] {
            let (status, output, error) = try await CommandLineTests.run(["migrate", action] + arguments, in: folder)
            #expect(status == 0, "\(error)")
            #expect(output.contains("Nothing to \(action): schema.graphql maps an existing database"), "\(output)")
        }
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("migrations").path))
    }
}

extension Array {
    /// The element at `index`, or nil past the end.
    fileprivate subscript(safe index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}
