import APISchema
import Foundation
import ModelIR
import Postgres
import Realtime
import SchemaParser
import Store
import TestSupport
import Testing

/// DataStore's conversation with a server under conflict detection, over HTTP: a base sync in pages, local
/// edits carrying `_version`, a stale edit (rejected with the stored record, or merged), a delta sync of the
/// changes since the last one, tombstones, and their purge.
@Suite("Conflict detection: the DataStore sync protocol", .serialized)
struct SyncProtocolTests {
    static let fields = "id title rating status _version _deleted _lastChangedAt"

    static func sync(_ server: LiveServer, limit: Int, nextToken: String? = nil, lastSync: Int? = nil, filter: [String: Any]? = nil) async throws -> [String: Any] {
        var variables: [String: Any] = ["limit": limit]
        if let nextToken { variables["nextToken"] = nextToken }
        if let lastSync { variables["lastSync"] = lastSync }
        if let filter { variables["filter"] = filter }
        let response = try await server.graphQL(
            """
            query Sync($limit: Int, $nextToken: String, $lastSync: AWSTimestamp, $filter: ModelPostFilterInput) {
              syncPosts(limit: $limit, nextToken: $nextToken, lastSync: $lastSync, filter: $filter) { items { \(fields) } nextToken startedAt }
            }
            """, variables: variables)
        #expect(response["errors"] == nil, "\(response)")
        return try #require(value(response, "data", "syncPosts") as? [String: Any])
    }

    /// Every page of a sync from `lastSync`: the items and the one `startedAt` all pages gave.
    static func syncAll(_ server: LiveServer, limit: Int, lastSync: Int? = nil) async throws -> (items: [[String: Any]], startedAt: Int, pages: Int) {
        var items: [[String: Any]] = []
        var token: String?
        var startedAts: Set<Int> = []
        var pages = 0
        repeat {
            let page = try await sync(server, limit: limit, nextToken: token, lastSync: lastSync)
            pages += 1
            items += page["items"] as? [[String: Any]] ?? []
            startedAts.insert(try #require(page["startedAt"] as? Int))
            token = page["nextToken"] as? String
        } while token != nil && pages < 100
        #expect(startedAts.count == 1, "every page of one sync gives the same startedAt: \(startedAts)")
        return (items, startedAts.first ?? 0, pages)
    }

    static func create(_ server: LiveServer, _ id: String, title: String) async throws -> [String: Any] {
        let response = try await server.graphQL(
            "mutation($input: CreatePostInput!) { createPost(input: $input) { \(fields) } }",
            variables: ["input": ["id": id, "title": title, "rating": 1, "status": "ACTIVE", "_version": 7]])
        #expect(response["errors"] == nil, "\(response)")
        return try #require(value(response, "data", "createPost") as? [String: Any])
    }

    static func update(_ server: LiveServer, _ input: [String: Any]) async throws -> [String: Any] {
        try await server.graphQL("mutation($input: UpdatePostInput!) { updatePost(input: $input) { \(fields) } }", variables: ["input": input])
    }

    static func delete(_ server: LiveServer, _ id: String, version: Int?) async throws -> [String: Any] {
        var input: [String: Any] = ["id": id]
        if let version { input["_version"] = version }
        return try await server.graphQL("mutation($input: DeletePostInput!) { deletePost(input: $input) { \(fields) } }", variables: ["input": input])
    }

    @Test("optimistic: base sync in pages, versioned edits, ConflictUnhandled with the stored record, delta sync with a tombstone, purge")
    func optimistic() async throws {
        let server = try await LiveServer.start(schema: "blog-implicit", surface: .appSync, conflictDetection: ConflictDetection(handler: .optimistic))
        defer { server.stop() }
        // A create ignores the _version it is sent: every record starts at 1, stamped with the time.
        let created = try await Self.create(server, "p00", title: "first")
        #expect(created["_version"] as? Int == 1 && created["_deleted"] is NSNull)
        let stamp = try #require(created["_lastChangedAt"] as? Int)
        #expect(abs(stamp - Int(Date().timeIntervalSince1970 * 1000)) < 60_000, "epoch milliseconds: \(stamp)")
        for index in 1..<25 { _ = try await Self.create(server, String(format: "p%02d", index), title: "post \(index)") }

        // The first sync: every record, in pages of 10, each page with the same startedAt.
        let base = try await Self.syncAll(server, limit: 10)
        #expect(base.items.count == 25 && base.pages == 3)
        #expect(Set(base.items.compactMap { $0["id"] as? String }).count == 25)

        // A local edit carries the version it saw, and the answer is the next version.
        let edited = try await Self.update(server, ["id": "p01", "title": "edited", "_version": 1])
        #expect(value(edited, "data", "updatePost", "_version") as? Int == 2 && value(edited, "data", "updatePost", "title") as? String == "edited", "\(edited)")
        // Another device still holds version 1: its edit is rejected with the stored record as the error's data.
        let stale = try await Self.update(server, ["id": "p01", "title": "stale", "_version": 1])
        #expect(value(stale, "data", "updatePost") is NSNull)
        #expect(errorType(stale) == "ConflictUnhandled", "\(stale)")
        #expect(value(stale, "errors", 0, "message") as? String == "Conflict resolver rejects mutation.")
        #expect(value(stale, "errors", 0, "data", "title") as? String == "edited")
        #expect(value(stale, "errors", 0, "data", "_version") as? Int == 2)
        #expect(value(stale, "errors", 0, "path") as? [String] == ["updatePost"])
        // Without _version the write is stale too (AppSync reads a missing version as 0).
        #expect(errorType(try await Self.update(server, ["id": "p01", "title": "no version"])) == "ConflictUnhandled")
        // A missing record is not a conflict.
        #expect(errorType(try await Self.update(server, ["id": "nope", "title": "x", "_version": 1])) == "DynamoDB:ConditionalCheckFailedException")

        // A delete with a stale version is rejected too; with the current one it leaves a tombstone.
        #expect(errorType(try await Self.delete(server, "p02", version: 5)) == "ConflictUnhandled")
        let deleted = try await Self.delete(server, "p02", version: 1)
        #expect(value(deleted, "data", "deletePost", "_deleted") as? Bool == true && value(deleted, "data", "deletePost", "_version") as? Int == 2, "\(deleted)")
        // get and list still return the tombstone, as AppSync does; a filter on _deleted leaves it out.
        let get = try await server.graphQL("{ getPost(id: \"p02\") { id _deleted } }")
        #expect(value(get, "data", "getPost", "_deleted") as? Bool == true)
        let live = try await server.graphQL("{ listPosts(filter: {_deleted: {ne: true}}, limit: 100) { items { id } startedAt } }")
        #expect((value(live, "data", "listPosts", "items") as? [Any])?.count == 24)
        #expect(value(live, "data", "listPosts", "startedAt") is NSNull, "a list has no startedAt")

        // The delta sync from the first sync's startedAt: only the edit and the tombstone.
        let delta = try await Self.syncAll(server, limit: 10, lastSync: base.startedAt)
        let changed = Dictionary(uniqueKeysWithValues: delta.items.map { ($0["id"] as? String ?? "", $0) })
        #expect(Set(changed.keys) == ["p01", "p02"], "\(changed.keys)")
        #expect(value(changed["p02"], "_deleted") as? Bool == true && value(changed["p01"], "title") as? String == "edited")
        #expect(delta.startedAt >= base.startedAt)
        // Nothing changed since: an empty delta, still with a startedAt.
        let quiet = try await Self.sync(server, limit: 10, lastSync: delta.startedAt + 1)
        #expect((quiet["items"] as? [Any])?.isEmpty == true && quiet["startedAt"] is Int)
        // A lastSync older than the tombstone retention (30 days) gets a base sync, even of records last
        // written before it; a younger one a delta sync.
        let day = 86_400_000
        _ = try await server.client.query(#"UPDATE "Post" SET "_lastChangedAt" = "_lastChangedAt" - $1::bigint WHERE "id" = 'p03'"#, [String(40 * day)])
        let now = Int(Date().timeIntervalSince1970 * 1000)
        let old = try await Self.syncAll(server, limit: 100, lastSync: now - 35 * day)
        #expect(old.items.count == 25 && old.items.contains { $0["id"] as? String == "p03" })
        let recent = try await Self.syncAll(server, limit: 100, lastSync: now - 25 * day)
        #expect(recent.items.count == 24 && !recent.items.contains { $0["id"] as? String == "p03" })

        // The purge removes tombstones older than the retention, and nothing else.
        let schema = try SchemaParser.parseOrThrow(source: Fixtures.schemaSource("blog-implicit")).enablingConflictDetection(ConflictDetection(handler: .optimistic))
        #expect(try await TombstonePurge.run(schema, client: server.client) == 0)
        _ = try await server.client.query(#"UPDATE "Post" SET "_lastChangedAt" = "_lastChangedAt" - $1::bigint WHERE "id" = 'p02'"#, [String(31 * 86_400_000)])
        #expect(try await TombstonePurge.run(schema, client: server.client) == 1)
        let after = try await Self.syncAll(server, limit: 100)
        #expect(after.items.count == 24 && !after.items.contains { $0["id"] as? String == "p02" })
    }

    @Test("automerge: a stale edit keeps the stored values that are set, takes the unset ones, and gets a new version; a stale delete is rejected")
    func automerge() async throws {
        let server = try await LiveServer.start(schema: "blog-implicit", surface: .appSync, conflictDetection: ConflictDetection(handler: .automerge))
        defer { server.stop() }
        _ = try await Self.create(server, "a", title: "original")
        let first = try await Self.update(server, ["id": "a", "title": "device one", "_version": 1])
        #expect(value(first, "data", "updatePost", "_version") as? Int == 2)
        // Device two still holds version 1: its title loses to the stored one; the write still counts.
        let merged = try await Self.update(server, ["id": "a", "title": "device two", "rating": 5, "_version": 1])
        #expect(merged["errors"] == nil, "\(merged)")
        #expect(value(merged, "data", "updatePost", "title") as? String == "device one")
        #expect(value(merged, "data", "updatePost", "rating") as? Int == 1, "a set scalar keeps the stored value")
        #expect(value(merged, "data", "updatePost", "_version") as? Int == 3)
        // With the current version the edit applies as sent.
        let current = try await Self.update(server, ["id": "a", "title": "device two again", "_version": 3])
        #expect(value(current, "data", "updatePost", "title") as? String == "device two again")
        #expect(errorType(try await Self.delete(server, "a", version: 1)) == "ConflictUnhandled")
        #expect(value(try await Self.delete(server, "a", version: 4), "data", "deletePost", "_deleted") as? Bool == true)
    }

    @Test("subscriptions carry the sync fields; a delete reaches onDelete as the tombstone, not onUpdate")
    func subscriptions() async throws {
        let server = try await LiveServer.start(
            schema: "blog-implicit", surface: .appSync, realtime: RealtimeSettings(), conflictDetection: ConflictDetection(handler: .optimistic))
        defer { server.stop() }
        let socket = RealtimeGraphQLWSTests.connect(server)
        defer { socket.close() }
        socket.send(json: ["type": "connection_init", "payload": ["x-api-key": server.key]])
        #expect(try await socket.next()["type"] as? String == "connection_ack")
        try await RealtimeGraphQLWSTests.subscribe(socket, "u", "subscription { onUpdatePost { id title _version _deleted _lastChangedAt } }")
        try await RealtimeGraphQLWSTests.subscribe(socket, "d", "subscription { onDeletePost { id _version _deleted } }")
        try await RealtimeGraphQLWSTests.subscribe(socket, "live", "subscription { onDeletePost(filter: {_deleted: {ne: true}}) { id } }")
        _ = try await Self.create(server, "s", title: "one")
        _ = try await Self.update(server, ["id": "s", "title": "two", "_version": 1])
        let updated = try await socket.next("next")
        #expect(updated["id"] as? String == "u")
        #expect(value(updated, "payload", "data", "onUpdatePost", "_version") as? Int == 2)
        #expect(value(updated, "payload", "data", "onUpdatePost", "_lastChangedAt") is Int)
        _ = try await Self.delete(server, "s", version: 2)
        // The subscription filter sees the tombstone: `_deleted: {ne: true}` leaves it out.
        let deleted = try await socket.next("next")
        #expect(deleted["id"] as? String == "d", "\(deleted)")
        #expect(value(deleted, "payload", "data", "onDeletePost", "_deleted") as? Bool == true)
        #expect(value(deleted, "payload", "data", "onDeletePost", "_version") as? Int == 3)
        // Nothing else: the tombstone's update is not also an onUpdate event.
        await #expect(throws: RealtimeTestError.self) { try await socket.next(timeout: .seconds(2)) }
    }

    @Test("a delete whose relationships cascade makes tombstones of the children and theirs, in the same statement")
    func cascade() async throws {
        let server = try await LiveServer.start(schema: "cascade", surface: .appSync, conflictDetection: ConflictDetection(handler: .optimistic))
        defer { server.stop() }
        try await server.seed(
            """
            mutation {
              f: createForum(input: {id: "f", name: "forum"}) { id }
              t1: createThread(input: {id: "t1", title: "one", forumId: "f"}) { id }
              t2: createThread(input: {id: "t2", title: "two", forumId: "f"}) { id }
              r1: createReply(input: {id: "r1", text: "reply", threadId: "t1"}) { id }
              other: createForum(input: {id: "g", name: "other"}) { id }
              t3: createThread(input: {id: "t3", title: "elsewhere", forumId: "g"}) { id }
            }
            """)
        // t2 is already a tombstone: the cascade leaves its version alone.
        try await server.seed(#"mutation { deleteThread(input: {id: "t2", _version: 1}) { id } }"#)
        let deleted = try await server.graphQL(#"mutation { deleteForum(input: {id: "f", _version: 1}) { id _deleted _version } }"#)
        #expect(value(deleted, "data", "deleteForum", "_deleted") as? Bool == true, "\(deleted)")
        let threads = try await server.graphQL("{ syncThreads { items { id _deleted _version } } syncReplies { items { id _deleted _version } } }")
        let byID = Dictionary(
            uniqueKeysWithValues: ((value(threads, "data", "syncThreads", "items") as? [[String: Any]] ?? [])
                + (value(threads, "data", "syncReplies", "items") as? [[String: Any]] ?? []))
                .map { ($0["id"] as? String ?? "", $0) })
        #expect(value(byID["t1"], "_deleted") as? Bool == true && value(byID["t1"], "_version") as? Int == 2, "\(byID)")
        #expect(value(byID["r1"], "_deleted") as? Bool == true && value(byID["r1"], "_version") as? Int == 2)
        #expect(value(byID["t2"], "_version") as? Int == 2, "an existing tombstone is not written again")
        #expect(value(byID["t3"], "_deleted") is NSNull && value(byID["t3"], "_version") as? Int == 1, "another forum's thread is untouched")

        // The purge: old tombstones go, except one a live record still refers to (its foreign key would cascade).
        try await server.seed(#"mutation { deleteForum(input: {id: "g", _version: 1}) { id } }"#)
        try await server.seed(#"mutation { createThread(input: {id: "t4", title: "late", forumId: "g"}) { id } }"#)
        for table in ["Forum", "Thread", "Reply"] {
            _ = try await server.client.query(#"UPDATE "\#(table)" SET "_lastChangedAt" = "_lastChangedAt" - $1::bigint"#, [String(31 * 86_400_000)])
        }
        let schema = try SchemaParser.parseOrThrow(source: Fixtures.schemaSource("cascade")).enablingConflictDetection(ConflictDetection(handler: .optimistic))
        #expect(try await TombstonePurge.run(schema, client: server.client) == 2, "f (its tombstoned threads and reply go with it) and t3")
        let left = try await server.client.query(
            #"SELECT (SELECT string_agg(id, ',' ORDER BY id) FROM "Forum"), (SELECT string_agg(id, ',' ORDER BY id) FROM "Thread"), (SELECT count(*) FROM "Reply")"#)
        #expect(left.rows.first == ["g", "t4", "0"], "\(left.rows)")
    }

    @Test("the extended API: a batch delete leaves tombstones when every _version is current, and nothing when one is stale (ConflictUnhandled)")
    func batchDelete() async throws {
        let server = try await LiveServer.start(schema: "blog-implicit", conflictDetection: ConflictDetection(handler: .automerge))
        defer { server.stop() }
        _ = try await Self.create(server, "b1", title: "one")
        _ = try await Self.create(server, "b2", title: "two")
        let stale = try await server.graphQL(#"mutation { batchDeletePost(input: [{id: "b1", _version: 1}, {id: "b2", _version: 7}]) { id } }"#)
        #expect(errorType(stale) == "ConflictUnhandled" && value(stale, "errors", 0, "data", "id") as? String == "b2", "\(stale)")
        let untouched = try await server.graphQL(#"{ getPost(id: "b1") { _deleted _version } }"#)
        #expect(value(untouched, "data", "getPost", "_deleted") is NSNull && value(untouched, "data", "getPost", "_version") as? Int == 1)
        let deleted = try await server.graphQL(#"mutation { batchDeletePost(input: [{id: "b1", _version: 1}, {id: "b2", _version: 1}]) { id _deleted _version } }"#)
        let items = try #require(value(deleted, "data", "batchDeletePost") as? [[String: Any]], "\(deleted)")
        #expect(items.count == 2 && items.allSatisfy { $0["_deleted"] as? Bool == true && $0["_version"] as? Int == 2 })
        let kept = try await server.graphQL(#"{ getPost(id: "b2") { id _deleted } }"#)
        #expect(value(kept, "data", "getPost", "_deleted") as? Bool == true, "the record stays, as a tombstone")
    }

    @Test("the extended API: a nested connect moves the connected record's version and change time; nested updates are not offered")
    func nestedWrites() async throws {
        let server = try await LiveServer.start(schema: "blog-implicit", conflictDetection: ConflictDetection(handler: .optimistic))
        defer { server.stop() }
        _ = try await Self.create(server, "p0", title: "zero")
        try await server.seed(#"mutation { createComment(input: {id: "c1", content: "hi", postCommentsId: "p0"}) { id } }"#)
        let before = try await server.graphQL(#"{ getComment(id: "c1") { _version _lastChangedAt } }"#)
        let changedBefore = try #require(value(before, "data", "getComment", "_lastChangedAt") as? Int, "\(before)")
        try await Task.sleep(for: .milliseconds(5))
        let created = try await server.graphQL(
            #"mutation { createPost(input: {id: "p1", title: "one", rating: 1, status: ACTIVE, comments: {connect: [{id: "c1"}]}}) { id comments { items { id _version _lastChangedAt } } } }"#
        )
        let items = try #require(value(created, "data", "createPost", "comments", "items") as? [[String: Any]], "\(created)")
        #expect(items.count == 1 && items[0]["_version"] as? Int == 2, "\(items)")
        #expect((items.first?["_lastChangedAt"] as? Int ?? 0) > changedBefore, "a delta sync from before the connect sees the comment")
        let update = try await server.graphQL(#"mutation { updatePost(input: {id: "p1", _version: 1, comments: {disconnect: [{id: "c1"}]}}) { id } }"#)
        #expect(value(update, "data", "updatePost") is NSNull || value(update, "data") is NSNull, "\(update)")
        #expect("\(update)".contains("comments"), "the error names the field the update input does not have: \(update)")
    }

    @Test("eight devices edit the same version at once: exactly one wins, the others get ConflictUnhandled with its result")
    func concurrentEdits() async throws {
        let server = try await LiveServer.start(schema: "blog-implicit", surface: .appSync, conflictDetection: ConflictDetection(handler: .optimistic))
        defer { server.stop() }
        _ = try await Self.create(server, "c", title: "start")
        let texts = try await withThrowingTaskGroup(of: Data.self) { group in
            for device in 0..<8 {
                group.addTask { try JSONSerialization.data(withJSONObject: try await Self.update(server, ["id": "c", "title": "device \(device)", "_version": 1])) }
            }
            var all: [Data] = []
            for try await response in group { all.append(response) }
            return all
        }
        let responses = try texts.map { try #require(try JSONSerialization.jsonObject(with: $0) as? [String: Any]) }
        let winners = responses.filter { $0["errors"] == nil }
        #expect(winners.count == 1, "\(responses)")
        let title = try #require(value(winners.first, "data", "updatePost", "title") as? String)
        let losers = responses.filter { errorType($0) == "ConflictUnhandled" }
        #expect(losers.count == 7)
        #expect(losers.allSatisfy { value($0, "errors", 0, "data", "title") as? String == title && value($0, "errors", 0, "data", "_version") as? Int == 2 })
    }

    @Test("a write that commits after a sync read the table, from a transaction that began before, is in the next delta")
    func lateCommit() async throws {
        let server = try await LiveServer.start(schema: "blog-implicit", surface: .appSync, conflictDetection: ConflictDetection(handler: .optimistic))
        defer { server.stop() }
        _ = try await Self.create(server, "late", title: "before")
        // Another writer's transaction starts and writes, as a mutation does, but has not committed yet.
        let writer = try PostgresConnection(conninfo: server.client.configuration.conninfo)
        _ = try writer.execute(
            #"BEGIN; UPDATE "Post" SET "title" = 'after', "_version" = "_version" + 1, "_lastChangedAt" = (date_part('epoch', now()) * 1000)::bigint WHERE "id" = 'late'"#)
        try await Task.sleep(for: .milliseconds(50))
        // A sync now cannot see the write; its startedAt must not be later than the write's _lastChangedAt.
        let first = try await Self.syncAll(server, limit: 100)
        #expect(first.items.first { $0["id"] as? String == "late" }?["title"] as? String == "before")
        _ = try writer.execute("COMMIT")
        let delta = try await Self.syncAll(server, limit: 100, lastSync: first.startedAt)
        #expect(delta.items.contains { $0["id"] as? String == "late" && $0["title"] as? String == "after" }, "\(delta.items)")
    }

    @Test("automerge of lists, JSON and unset fields: lists concatenate, objects keep their keys and gain new ones, unset fields take the write")
    func automergeValues() async throws {
        let server = try await LiveServer.start(schema: "catalog", surface: .appSync, conflictDetection: ConflictDetection(handler: .automerge))
        defer { server.stop() }
        let key: [String: Any] = ["sku": "s", "kind": "BOOK", "version": 1]
        let fields = "tags price contact details _version"
        try await server.seed(#"mutation { createShelf(input: {id: "x", label: "shelf"}) { id } }"#)
        try await server.seed(
            "mutation($input: CreateItemInput!) { createItem(input: $input) { sku } }",
            variables: ["input": key.merging(["shelfId": "x", "addedOn": "2026-01-01", "title": "t", "tags": ["a"], "details": #"{"keep":"server","x":1}"#]) { $1 }])
        try await server.seed("mutation($input: UpdateItemInput!) { updateItem(input: $input) { sku } }", variables: ["input": key.merging(["title": "u", "_version": 1]) { $1 }])
        let stale = key.merging(["tags": ["b"], "price": 3.0, "contact": "c@example.com", "details": #"{"keep":"client","y":2}"#, "_version": 1]) { $1 }
        let merged = try await server.graphQL("mutation($input: UpdateItemInput!) { updateItem(input: $input) { \(fields) } }", variables: ["input": stale])
        #expect(merged["errors"] == nil, "\(merged)")
        #expect(value(merged, "data", "updateItem", "tags") as? [String] == ["a", "b"])
        #expect(value(merged, "data", "updateItem", "price") as? Double == 9.5, "a set value (here the default) wins")
        #expect(value(merged, "data", "updateItem", "contact") as? String == "c@example.com", "an unset one takes the write")
        let details = try #require((value(merged, "data", "updateItem", "details") as? String)?.data(using: .utf8))
        #expect(NSDictionary(dictionary: try #require(try JSONSerialization.jsonObject(with: details) as? [String: Any])) == ["keep": "server", "x": 1, "y": 2])
        #expect(value(merged, "data", "updateItem", "_version") as? Int == 3)
    }

    @Test("automerge of JSON at every depth: nested objects merge key by key, nested lists concatenate, unset values take the write")
    func automergeNestedJSON() async throws {
        let server = try await LiveServer.start(schema: "catalog", surface: .appSync, conflictDetection: ConflictDetection(handler: .automerge))
        defer { server.stop() }
        let key: [String: Any] = ["sku": "n", "kind": "BOOK", "version": 1]
        let stored = #"{"keep":"server","nested":{"a":1,"deep":{"x":"server","list":[1]}},"unset":null,"scalar":5}"#
        try await server.seed(#"mutation { createShelf(input: {id: "y", label: "shelf"}) { id } }"#)
        try await server.seed(
            "mutation($input: CreateItemInput!) { createItem(input: $input) { sku } }",
            variables: ["input": key.merging(["shelfId": "y", "addedOn": "2026-01-01", "title": "t", "details": stored]) { $1 }])
        try await server.seed("mutation($input: UpdateItemInput!) { updateItem(input: $input) { sku } }", variables: ["input": key.merging(["title": "u", "_version": 1]) { $1 }])
        let written = #"{"nested":{"a":2,"b":3,"deep":{"x":"client","y":true,"list":[2]}},"unset":"filled","scalar":{"o":1},"new":"n"}"#
        let merged = try await server.graphQL(
            "mutation($input: UpdateItemInput!) { updateItem(input: $input) { details _version } }", variables: ["input": key.merging(["details": written, "_version": 1]) { $1 }])
        let text = try #require((value(merged, "data", "updateItem", "details") as? String)?.data(using: .utf8), "\(merged)")
        let details = try #require(try JSONSerialization.jsonObject(with: text) as? [String: Any])
        let expected: [String: Any] = [
            "keep": "server", "nested": ["a": 1, "b": 3, "deep": ["x": "server", "y": true, "list": [1, 2]]], "unset": "filled", "scalar": 5, "new": "n",
        ]
        #expect(NSDictionary(dictionary: details) == NSDictionary(dictionary: expected), "\(details)")
        #expect(value(merged, "data", "updateItem", "_version") as? Int == 3)
    }

    @Test("automerge of two wide JSON objects (60,000 keys, 1.5 MB) is one pass, well inside the statement timeout")
    func automergeWideJSON() async throws {
        let server = try await LiveServer.start(
            schema: "catalog", surface: .appSync, statementTimeoutMilliseconds: 5000, conflictDetection: ConflictDetection(handler: .automerge))
        defer { server.stop() }
        let key: [String: Any] = ["sku": "w", "kind": "BOOK", "version": 1]
        func object(_ prefix: String, _ count: Int) -> String { "{" + (0..<count).map { "\"\(prefix)\($0)\":\($0)" }.joined(separator: ",") + "}" }
        try await server.seed(#"mutation { createShelf(input: {id: "z", label: "shelf"}) { id } }"#)
        try await server.seed(
            "mutation($input: CreateItemInput!) { createItem(input: $input) { sku } }",
            variables: ["input": key.merging(["shelfId": "z", "addedOn": "2026-01-01", "title": "t", "details": object("s", 30_000)]) { $1 }])
        try await server.seed("mutation($input: UpdateItemInput!) { updateItem(input: $input) { sku } }", variables: ["input": key.merging(["title": "u", "_version": 1]) { $1 }])
        // Setting one key at a time copied the whole object per key: 30,000 copies of about 0.8 MB.
        let merged = try await server.graphQL(
            "mutation($input: UpdateItemInput!) { updateItem(input: $input) { _version } }",
            variables: ["input": key.merging(["details": object("w", 30_000), "_version": 1]) { $1 }])
        #expect(value(merged, "data", "updateItem", "_version") as? Int == 3, "\(String(describing: merged).prefix(300))")
        let count = try await server.client.query(#"SELECT count(*) FROM jsonb_object_keys((SELECT "details" FROM "Item" WHERE "sku" = 'w'))"#).scalar
        #expect(count == "60000")
    }
}
