import APISchema
import Foundation
import ModelIR
import Postgres
import Testing

/// Batch writes of the extended API under conflict detection, over HTTP against PostgreSQL: a stale item fails
/// the batch with `ConflictUnhandled` and its stored record, as a single write does, and a batch delete's
/// cascades leave tombstones in the same statement.
@Suite("Conflict detection: batch writes", .serialized)
struct SyncBatchTests {
    static let fields = "id text parentId _version _deleted"

    @Test("a batch delete tombstones each item's subtree, once even when one item is below another")
    func batchDeleteCascades() async throws {
        let server = try await LiveServer.start(schema: "cascade-tree", conflictDetection: ConflictDetection(handler: .optimistic))
        defer { server.stop() }
        for (id, parent) in [("c1", nil), ("c2", "c1"), ("c3", "c2"), ("d1", nil), ("d2", "d1"), ("d3", "d2"), ("e1", nil)] as [(String, String?)] {
            var input: [String: Any] = ["id": id, "text": id]
            if let parent { input["parentId"] = parent }
            try await server.seed("mutation($input: CreateCommentInput!) { createComment(input: $input) { id } }", variables: ["input": input])
        }
        let deleted = try await server.graphQL(
            #"mutation { batchDeleteComment(input: [{id: "c1", _version: 1}, {id: "d2", _version: 1}, {id: "c2", _version: 1}]) { id _deleted _version } }"#)
        let items = try #require(value(deleted, "data", "batchDeleteComment") as? [[String: Any]], "\(deleted)")
        #expect(items.map { $0["id"] as? String } == ["c1", "d2", "c2"] && items.allSatisfy { $0["_deleted"] as? Bool == true && $0["_version"] as? Int == 2 })
        let rows = try await SyncCascadeTests.stored(server)
        for id in ["c1", "c2", "c3", "d2", "d3"] { #expect(rows[id]?.deleted == true && rows[id]?.version == 2, "\(id): \(rows)") }
        for id in ["d1", "e1"] { #expect(rows[id]?.deleted == false && rows[id]?.version == 1, "\(id): \(rows)") }
        #expect(Set(["c1", "c2", "c3", "d2", "d3"].compactMap { rows[$0]?.changed }).count == 1, "one statement")
    }

    @Test("a batch delete's cascade reaches other models' records and theirs")
    func batchDeleteCascadesToOtherModels() async throws {
        let server = try await LiveServer.start(schema: "cascade", conflictDetection: ConflictDetection(handler: .automerge))
        defer { server.stop() }
        try await server.seed(
            """
            mutation {
              f: createForum(input: {id: "f", name: "forum"}) { id }
              g: createForum(input: {id: "g", name: "kept"}) { id }
              t1: createThread(input: {id: "t1", title: "one", forumId: "f"}) { id }
              t2: createThread(input: {id: "t2", title: "two", forumId: "g"}) { id }
              r1: createReply(input: {id: "r1", text: "reply", threadId: "t1"}) { id }
            }
            """)
        let deleted = try await server.graphQL(#"mutation { batchDeleteForum(input: [{id: "f", _version: 1}]) { id _deleted } }"#)
        #expect(value(deleted, "data", "batchDeleteForum", 0, "_deleted") as? Bool == true, "\(deleted)")
        let synced = try await server.graphQL("{ syncThreads { items { id _deleted _version } } syncReplies { items { id _deleted _version } } }")
        let records = ((value(synced, "data", "syncThreads", "items") as? [[String: Any]] ?? []) + (value(synced, "data", "syncReplies", "items") as? [[String: Any]] ?? []))
        let byID = Dictionary(uniqueKeysWithValues: records.map { ($0["id"] as? String ?? "", $0) })
        #expect(byID["t1"]?["_deleted"] as? Bool == true && byID["t1"]?["_version"] as? Int == 2, "\(byID)")
        #expect(byID["r1"]?["_deleted"] as? Bool == true && byID["r1"]?["_version"] as? Int == 2, "\(byID)")
        #expect(byID["t2"]?["_deleted"] is NSNull && byID["t2"]?["_version"] as? Int == 1, "\(byID)")
    }

    @Test("a stale item fails the whole batch with ConflictUnhandled and the stored record as data; nothing is written")
    func staleItems() async throws {
        let server = try await LiveServer.start(schema: "cascade-tree", conflictDetection: ConflictDetection(handler: .optimistic))
        defer { server.stop() }
        try await server.seed(
            #"mutation { a: createComment(input: {id: "a", text: "a"}) { id } b: createComment(input: {id: "b", text: "b"}) { id } }"#)
        try await server.seed(#"mutation { updateComment(input: {id: "b", text: "edited", _version: 1}) { id } }"#)

        let delete = try await server.graphQL(#"mutation { batchDeleteComment(input: [{id: "a", _version: 1}, {id: "b", _version: 1}]) { \#(Self.fields) } }"#)
        #expect(errorType(delete) == "ConflictUnhandled", "\(delete)")
        #expect(value(delete, "errors", 0, "data", "id") as? String == "b" && value(delete, "errors", 0, "data", "text") as? String == "edited")
        #expect(value(delete, "errors", 0, "data", "_version") as? Int == 2, "\(delete)")

        let update = try await server.graphQL(
            #"mutation { batchUpdateComment(input: [{id: "a", text: "new", _version: 1}, {id: "b", text: "stale", _version: 1}]) { \#(Self.fields) } }"#)
        #expect(errorType(update) == "ConflictUnhandled", "\(update)")
        #expect(value(update, "errors", 0, "data", "text") as? String == "edited" && value(update, "errors", 0, "data", "_version") as? Int == 2, "\(update)")

        // A missing record is still ConditionalCheckFailed, not a conflict.
        let missing = try await server.graphQL(#"mutation { batchDeleteComment(input: [{id: "a", _version: 1}, {id: "zz", _version: 1}]) { id } }"#)
        #expect(errorType(missing) == "DynamoDB:ConditionalCheckFailedException", "\(missing)")

        let rows = try await SyncCascadeTests.stored(server)
        #expect(rows["a"]?.deleted == false && rows["a"]?.version == 1, "the batch's other items were rolled back: \(rows)")
    }
}
