import APISchema
import Foundation
import ModelIR
import Postgres
import Testing

/// Deletes that cascade through a model's relationship to itself (a comment's replies, theirs, and so on), with
/// and without conflict detection, over HTTP against PostgreSQL.
@Suite("Conflict detection: cascades through a self-referencing relationship", .serialized)
struct SyncCascadeTests {
    /// A thread of twelve comments (`c1` ← `c2` ← … ← `c12`, deeper than the unrolled cascade's eight
    /// relationships), a branch `b1` under `c1`, and another root `o1` with a reply `o2`.
    static func seedThread(_ server: LiveServer) async throws {
        try await server.seed(#"mutation { createComment(input: {id: "c1", text: "root"}) { id } }"#)
        for index in 2...12 {
            try await server.seed(#"mutation { createComment(input: {id: "c\#(index)", text: "reply", parentId: "c\#(index - 1)"}) { id } }"#)
        }
        try await server.seed(
            #"""
            mutation {
              b: createComment(input: {id: "b1", text: "branch", parentId: "c1"}) { id }
              o: createComment(input: {id: "o1", text: "other"}) { id }
            }
            """#)
        try await server.seed(#"mutation { createComment(input: {id: "o2", text: "other reply", parentId: "o1"}) { id } }"#)
    }

    /// Every comment's `_deleted`, `_version` and `_lastChangedAt`, by id.
    static func stored(_ server: LiveServer) async throws -> [String: (deleted: Bool, version: Int, changed: String)] {
        let rows = try await server.client.query(#"SELECT "id", coalesce("_deleted", false)::text, "_version"::text, "_lastChangedAt"::text FROM "Comment""#).rows
        return Dictionary(uniqueKeysWithValues: rows.map { ($0[0] ?? "", (deleted: $0[1] == "true", version: Int($0[2] ?? "") ?? 0, changed: $0[3] ?? "")) })
    }

    @Test("deleting a comment tombstones its whole subtree, twelve levels deep, in the same statement; other threads are untouched")
    func subtree() async throws {
        let server = try await LiveServer.start(schema: "cascade-tree", surface: .appSync, conflictDetection: ConflictDetection(handler: .optimistic))
        defer { server.stop() }
        try await Self.seedThread(server)
        // A middle reply first: c5 and everything below it, nothing above.
        let middle = try await server.graphQL(#"mutation { deleteComment(input: {id: "c5", _version: 1}) { id _deleted _version } }"#)
        #expect(value(middle, "data", "deleteComment", "_deleted") as? Bool == true, "\(middle)")
        var rows = try await Self.stored(server)
        #expect((5...12).allSatisfy { rows["c\($0)"]?.deleted == true && rows["c\($0)"]?.version == 2 }, "\(rows)")
        #expect((1...4).allSatisfy { rows["c\($0)"]?.deleted == false && rows["c\($0)"]?.version == 1 }, "\(rows)")
        #expect(Set((5...12).compactMap { rows["c\($0)"]?.changed }).count == 1, "one statement, one change time: \(rows)")

        // Then the root: the live rest of the thread; the subtree already tombstoned keeps its version.
        let root = try await server.graphQL(#"mutation { deleteComment(input: {id: "c1", _version: 1}) { id _deleted } }"#)
        #expect(value(root, "data", "deleteComment", "_deleted") as? Bool == true, "\(root)")
        rows = try await Self.stored(server)
        #expect((1...4).allSatisfy { rows["c\($0)"]?.deleted == true && rows["c\($0)"]?.version == 2 }, "\(rows)")
        #expect(rows["b1"]?.deleted == true && rows["b1"]?.version == 2)
        #expect((5...12).allSatisfy { rows["c\($0)"]?.version == 2 }, "an existing tombstone is not written again: \(rows)")
        #expect(rows["o1"]?.deleted == false && rows["o2"]?.deleted == false && rows["o2"]?.version == 1, "another thread is untouched")

        // A delta sync from before the deletes returns every tombstone.
        let delta = try await server.graphQL(#"{ syncComments(limit: 100, lastSync: 1) { items { id _deleted } } }"#)
        let items = try #require(value(delta, "data", "syncComments", "items") as? [[String: Any]], "\(delta)")
        #expect(items.filter { $0["_deleted"] as? Bool == true }.count == 13)
    }

    @Test("a cycle in the data (a comment that is its own ancestor) ends the walk: the delete answers and tombstones the cycle once")
    func cycle() async throws {
        let server = try await LiveServer.start(schema: "cascade-tree", surface: .appSync, conflictDetection: ConflictDetection(handler: .automerge))
        defer { server.stop() }
        try await server.seed(#"mutation { createComment(input: {id: "x1", text: "one"}) { id } }"#)
        try await server.seed(#"mutation { createComment(input: {id: "x2", text: "two", parentId: "x1"}) { id } }"#)
        try await server.seed(#"mutation { createComment(input: {id: "x3", text: "three", parentId: "x2"}) { id } }"#)
        try await server.seed(#"mutation { updateComment(input: {id: "x1", parentId: "x3", _version: 1}) { id } }"#)
        let deleted = try await server.graphQL(#"mutation { deleteComment(input: {id: "x1", _version: 2}) { id _deleted _version } }"#)
        #expect(value(deleted, "data", "deleteComment", "_version") as? Int == 3, "\(deleted)")
        let rows = try await Self.stored(server)
        #expect(rows["x1"]?.deleted == true && rows["x1"]?.version == 3, "the deleted record is written once: \(rows)")
        #expect(rows["x2"]?.deleted == true && rows["x2"]?.version == 2 && rows["x3"]?.deleted == true && rows["x3"]?.version == 2, "\(rows)")
    }

    @Test("without conflict detection the foreign key's ON DELETE CASCADE removes the whole subtree")
    func withoutConflictDetection() async throws {
        let server = try await LiveServer.start(schema: "cascade-tree", surface: .appSync)
        defer { server.stop() }
        try await Self.seedThread(server)
        let deleted = try await server.graphQL(#"mutation { deleteComment(input: {id: "c1"}) { id text } }"#)
        #expect(value(deleted, "data", "deleteComment", "text") as? String == "root", "\(deleted)")
        let left = try await server.client.query(#"SELECT string_agg("id", ',' ORDER BY "id") FROM "Comment""#)
        #expect(left.scalar == "o1,o2")
    }
}
