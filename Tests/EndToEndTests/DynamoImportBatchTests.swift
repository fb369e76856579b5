import Foundation
import Postgres
import Realtime
import TestSupport
import Testing

/// `modelgraph import dynamodb --batch`: a generated export large enough to be killed in the middle of, resumed,
/// and compared with an uninterrupted import, table by table and row by row through the API.
@Suite("Import: DynamoDB exports in batches")
struct DynamoImportBatchTests {
    static let blogs = 500
    static let posts = 12_000

    /// Post `i`: every kind of value the fixture has; every 1,000th names a blog that does not exist.
    static func post(_ i: Int) -> String {
        let blog = i % 1000 == 999 ? "b-missing" : "b\(i % blogs)"
        let status = i % 3 == 0 ? #"{"NULL": true}"# : #"{"S": "\#(i % 3 == 1 ? "DRAFT" : "PUBLISHED")"}"#
        return #"{"Item": {"__typename": {"S": "Post"}, "id": {"S": "p\#(i)"}, "title": {"S": "Post \#(i) ü \"q\""}, "rating": {"N": "\#(i % 200 - 100)"}, "#
            + #""score": {"N": "\#(i).25"}, "done": {"BOOL": \#(i % 2 == 0)}, "status": \#(status), "tags": {"L": [{"S": "t\#(i % 7)"}, {"S": "x"}]}, "#
            + #""day": {"S": "2026-0\#(i % 9 + 1)-1\#(i % 10)"}, "meta": {"M": {"n": {"N": "\#(i)"}}}, "address": {"M": {"city": {"S": "C\#(i % 11)"}}}, "#
            + #""blogPostsId": {"S": "\#(blog)"}, "createdAt": \#(DynamoImportTests.created), "updatedAt": \#(DynamoImportTests.created)}}"#
    }

    /// What the API returns for post `i` (the dangling blog nulled), as the test's query selects it.
    static func expected(_ i: Int) -> String {
        let status = i % 3 == 0 ? "null" : "\"\(i % 3 == 1 ? "DRAFT" : "PUBLISHED")\""
        let blog = i % 1000 == 999 ? "null" : "\"b\(i % blogs)\""
        return #"{"address":{"city":"C\#(i % 11)"},"blogPostsId":\#(blog),"day":"2026-0\#(i % 9 + 1)-1\#(i % 10)","done":\#(i % 2 == 0),"id":"p\#(i)","#
            + #""meta":"{\"n\": \#(i)}","rating":\#(i % 200 - 100),"score":\#(i).25,"status":\#(status),"tags":["t\#(i % 7)","x"],"title":"Post \#(i) ü \"q\""}"#
    }

    static func writeGenerated(_ folder: URL) throws {
        let blogLines = (0..<blogs).map {
            #"{"Item": {"__typename": {"S": "Blog"}, "id": {"S": "b\#($0)"}, "name": {"S": "Blog \#($0)"}, "createdAt": \#(DynamoImportTests.created), "updatedAt": \#(DynamoImportTests.created)}}"#
        }
        try DynamoImportTests.writeExport(folder, table: "Blog-abc123-dev", lines: blogLines, id: "01-blogs")
        try DynamoImportTests.writeExport(folder, table: "Post-abc123-dev", lines: (0..<posts).map(post), id: "02-posts", parts: 3)
    }

    /// Every row of the fixture's tables, and the foreign keys and change-log triggers on them, as text.
    static func tables(_ database: String) async throws -> String {
        let client = PostgresClient(configuration: .init(conninfo: database, connections: 1, statementTimeoutMilliseconds: 0))
        defer { client.shutdown() }
        var text = ""
        for table in ["Blog", "Post"] {
            text += try await client.query("SELECT coalesce(json_agg(t ORDER BY t.id)::text, '') FROM \"\(table)\" t").rows.first?[0] ?? ""
        }
        text +=
            try await client.query(
                "SELECT string_agg(conname || ' ' || pg_get_constraintdef(oid), '; ' ORDER BY conname) FROM pg_constraint WHERE contype = 'f' AND conrelid = '\"Post\"'::regclass"
            ).rows.first?[0] ?? ""
        text +=
            try await client.query("SELECT string_agg(tgname || tgenabled::text, ',' ORDER BY tgname) FROM pg_trigger WHERE NOT tgisinternal AND tgrelid = '\"Post\"'::regclass")
            .rows.first?[0] ?? ""
        return text
    }

    /// The checkpoint's position (nil when there is none, or no table yet).
    static func checkpoint(_ client: PostgresClient) async -> String? {
        try? await client.query("SELECT position::text FROM modelgraph.import_checkpoints").rows.first?[0] ?? nil
    }

    @Test(
        "killed in the middle of a batched import and run again, it goes on after the last committed batch and ends with the tables of an uninterrupted import; every row reads back through the API as its source"
    )
    func killedAndResumed() async throws {
        let folder = try CommandLineTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.writeGenerated(folder)
        let uninterrupted = try await TestDatabase.makeDatabase()
        let batched = try await TestDatabase.makeDatabase()
        // Servers with subscriptions, so the tables carry the change log's trigger.
        let serverA = try await LiveServer.start(schema: "dynamodb-import", conninfo: uninterrupted, realtime: RealtimeSettings())
        defer { serverA.stop() }
        let server = try await LiveServer.start(schema: "dynamodb-import", conninfo: batched, realtime: RealtimeSettings())
        defer { server.stop() }
        let (status, output, errors) = try await DynamoImportTests.importing(folder, database: uninterrupted, ["--on-dangling", "null"])
        #expect(status == 0, "\(output)\n\(errors)")

        // Started, and killed once it has committed batches of posts.
        let schema = Fixtures.folder().appendingPathComponent("schemas/dynamodb-import.graphql").path
        let arguments = ["import", "dynamodb", "--schema", schema, "--database-url", batched, "--from", folder.path, "--on-dangling", "null", "--batch", "250"]
        let process = Process()
        process.executableURL = CommandLineTests.executable
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let watcher = PostgresClient(configuration: .init(conninfo: batched, connections: 1))
        defer { watcher.shutdown() }
        var killedAt: String?
        // Bounded by time, not by polls: on a loaded machine the import takes minutes to get there.
        let deadline = ContinuousClock.now + .seconds(480)
        while process.isRunning && ContinuousClock.now < deadline {
            if let position = await Self.checkpoint(watcher), position.contains(#""source": 1"#), !position.contains(#""line": 0,"#) {
                kill(process.processIdentifier, SIGKILL)
                killedAt = position
                break
            }
            try await Task.sleep(for: .milliseconds(10))
        }
        if killedAt == nil, process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        let at = try #require(killedAt, "the import ended before it could be killed (exit \(process.terminationStatus))")
        #expect(process.terminationReason == .uncaughtSignal)
        let left = await Self.checkpoint(watcher)
        #expect(left != nil, "a killed import leaves its checkpoint")
        let partial = try await watcher.query("SELECT count(*) FROM \"Post\"").rows.first?[0].flatMap { Int($0) } ?? 0
        #expect(partial > 0 && partial < Self.posts, "killed at \(at) with \(partial) posts in")

        // Run again: it resumes, reading only what was not committed.
        let (again, againOutput, againErrors) = try await CommandLineTests.run(arguments + ["--report", folder.appendingPathComponent("report.json").path])
        #expect(again == 0, "\(againOutput)\n\(againErrors)")
        #expect(againErrors.contains("Resuming an unfinished import"), "\(againErrors)")
        #expect(againOutput.contains("Post | \(Self.posts) | \(Self.posts) | 0 | 0 | \(Self.posts / 1000) | 0"), "\(againOutput)")
        #expect(await Self.checkpoint(watcher) == nil)
        let resumed = try await Self.tables(batched)
        let reference = try await Self.tables(uninterrupted)
        #expect(resumed == reference)
        #expect(resumed.contains("FOREIGN KEY") && resumed.contains("modelgraph_record_changeO"), "the keys and the trigger are back: \(resumed.suffix(300))")

        // Every row through the API.
        var token: String?
        var seen = 0
        repeat {
            let after = token.map { #", nextToken: "\#($0)""# } ?? ""
            let page = try await server.graphQL(
                "{ listPosts(limit: 1000\(after)) { items { id title rating score done status tags day meta address { city } blogPostsId } nextToken } }")
            let items = value(page, "data", "listPosts", "items") as? [[String: Any]] ?? []
            for item in items {
                let id = try #require((item["id"] as? String).flatMap { Int($0.dropFirst()) })
                let got = RealtimeGraphQLWSTests.json(item)
                if got != Self.expected(id) {
                    Issue.record("p\(id): \(got) is not \(Self.expected(id))")
                    return
                }
                seen += 1
            }
            token = value(page, "data", "listPosts", "nextToken") as? String
        } while token != nil
        #expect(seen == Self.posts)
    }

    @Test(
        "a batched import stopped by dangling references keeps its rows and its keys off until it is run again with --on-dangling; another import is refused meanwhile; an incremental delete of a parent leaves its children to --on-dangling"
    )
    func danglingThenFinished() async throws {
        let database = try await TestDatabase.makeDatabase()
        let server = try await LiveServer.start(schema: "dynamodb-import", conninfo: database, realtime: RealtimeSettings())
        defer { server.stop() }
        // A subscriber throughout: it is sent nothing for imported rows.
        let socket = RealtimeGraphQLWSTests.connect(server)
        defer { socket.close() }
        socket.send(json: ["type": "connection_init", "payload": ["x-api-key": server.key]])
        _ = try await socket.next("connection_ack")
        try await RealtimeGraphQLWSTests.subscribe(socket, "c", "subscription { onCreatePost { id } }")
        try await RealtimeGraphQLWSTests.subscribe(socket, "u", "subscription { onUpdatePost { id } }")
        let folder = try CommandLineTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try DynamoImportTests.writeExport(folder, table: "Post-abc123-dev", lines: DynamoImportTests.fullPosts, id: "01-posts")
        try DynamoImportTests.writeExport(folder, table: "Blog-abc123-dev", lines: DynamoImportTests.fullBlogs, id: "02-blogs")
        let (stopped, stoppedOutput, stoppedErrors) = try await DynamoImportTests.importing(folder, database: database, ["--batch", "1"])
        #expect(stopped == 1 && stoppedErrors.contains("run the same import again with --on-dangling null or skip"), "\(stoppedOutput)\n\(stoppedErrors)")
        #expect(stoppedOutput.contains("Post.blogPostsId → Blog | 1 | p2"), "\(stoppedOutput)")
        #expect(!stoppedOutput.contains("nothing written"), "the batches are committed: \(stoppedOutput)")
        #expect(try await Self.tables(database).contains("FOREIGN KEY") == false, "the keys stay off")

        let other = try CommandLineTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: other) }
        try DynamoImportTests.writeExport(other, table: "Blog-abc123-dev", lines: DynamoImportTests.fullBlogs, id: "02-blogs")
        let (refused, _, refusedErrors) = try await DynamoImportTests.importing(other, database: database)
        #expect(refused == 1 && refusedErrors.contains("is unfinished and its foreign keys are still off"), "\(refusedErrors)")
        let (otherBatched, _, otherErrors) = try await DynamoImportTests.importing(other, database: database, ["--batch", "10"])
        #expect(otherBatched == 1 && otherErrors.contains("--restart"), "\(otherErrors)")

        let (finished, finishedOutput, finishedErrors) = try await DynamoImportTests.importing(folder, database: database, ["--batch", "1", "--on-dangling", "null"])
        #expect(finished == 0, "\(finishedOutput)\n\(finishedErrors)")
        #expect(finishedErrors.contains("Resuming"), "\(finishedErrors)")
        #expect(try await Self.tables(database).contains("FOREIGN KEY"), "the keys are back")
        let orphan = try await server.graphQL(#"{ getPost(id: "p2") { title blogPostsId } p1: getPost(id: "p1") { blog { name } } }"#)
        #expect(RealtimeGraphQLWSTests.json(orphan) == #"{"data":{"getPost":{"blogPostsId":null,"title":"Orphan"},"p1":{"blog":{"name":"Travel"}}}}"#)

        // DynamoDB deleted the blog and left its post pointing at it.
        let deletion = [#"{"Metadata":{"WriteTimestampMicros":{"N":"10"}},"Keys":{"id":{"S":"b1"}},"OldImage":{"id":{"S":"b1"},"name":{"S":"Travel"}}}"#]
        try DynamoImportTests.writeExport(folder, table: "Blog-abc123-dev", lines: deletion, incremental: true, id: "03-blogs-incremental")
        let (deleted, deletedOutput, deletedErrors) = try await DynamoImportTests.importing(folder, database: database, ["--batch", "1", "--on-dangling", "null"])
        #expect(deleted == 0, "\(deletedOutput)\n\(deletedErrors)")
        // The full exports are in the folder too, so the orphan of the first run dangles again beside p1.
        #expect(deletedOutput.contains("Post.blogPostsId → Blog | 2 | p1, p2 | set to null in 2 row(s)"), "\(deletedOutput)")
        let after = try await server.graphQL(#"{ getPost(id: "p1") { title blogPostsId } getBlog(id: "b1") { id } }"#)
        #expect(RealtimeGraphQLWSTests.json(after) == #"{"data":{"getBlog":null,"getPost":{"blogPostsId":null,"title":"First"}}}"#)

        // The trigger is back on: the first event the subscriber gets is the first write made through the API.
        _ = try await server.graphQL(#"mutation { createPost(input: {id: "after", title: "After the import"}) { id } }"#)
        let event = try await socket.next("next")
        #expect(RealtimeGraphQLWSTests.json(event) == #"{"id":"c","payload":{"data":{"onCreatePost":{"id":"after"}}},"type":"next"}"#)
    }
}
