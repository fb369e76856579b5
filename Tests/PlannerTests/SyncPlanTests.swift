import APISchema
import ModelIR
import Planner
import SchemaParser
import TestSupport
import Testing

/// The planned SQL of conflict detection: versioned updates and deletes (with the read of the stored record
/// a conflict answers with), tombstones and their cascade, and base and delta syncs.
@Suite("Planned SQL: conflict detection")
struct SyncPlanTests {
    /// The planner of fixture `name` under `handler`, on AppSync's surface unless `surface` says otherwise.
    static func planner(_ name: String, handler: ConflictDetection.Handler, surface: APISurface = .appSync) -> OperationPlanner {
        // Fixtures are part of the repository; failing to read one is a broken checkout.
        let schema = try! SchemaParser.parseOrThrow(source: Fixtures.schemaSource(name)).enablingConflictDetection(ConflictDetection(handler: handler))
        return OperationPlanner(view: APISchemaView(api: try! APISchema.build(from: schema, surface: surface)))
    }

    static let operations: [(name: String, fixture: String, handler: ConflictDetection.Handler, query: String)] = [
        ("sync-create", "blog-implicit", .optimistic, #"mutation { createPost(input: {title: "t", rating: 1, status: ACTIVE, _version: 3}) { id _version _lastChangedAt } }"#),
        ("sync-update-optimistic", "blog-implicit", .optimistic, #"mutation { updatePost(input: {id: "p", title: "t", _version: 2}) { id title _version } }"#),
        ("sync-update-automerge", "blog-implicit", .automerge, #"mutation { updatePost(input: {id: "p", title: "t", rating: 2, _version: 2}) { id title _version } }"#),
        (
            "sync-update-automerge-values", "catalog", .automerge,
            #"mutation { updateItem(input: {sku: "s", kind: BOOK, version: 1, tags: ["b"], details: "{}", contact: "c@example.com", _version: 1}) { sku } }"#
        ),
        ("sync-delete", "blog-implicit", .optimistic, #"mutation { deletePost(input: {id: "p", _version: 2}) { id _deleted _version } }"#),
        ("sync-batch-delete", "blog-implicit", .optimistic, #"mutation { batchDeletePost(input: [{id: "a", _version: 1}, {id: "b"}]) { id _deleted } }"#),
        ("sync-delete-cascade", "cascade", .optimistic, #"mutation { deleteForum(input: {id: "f", _version: 1}) { id _deleted } }"#),
        ("sync-delete-cascade-tree", "cascade-tree", .optimistic, #"mutation { deleteComment(input: {id: "c", _version: 1}) { id _deleted } }"#),
        (
            "sync-query", "blog-implicit", .automerge,
            #"query { syncPosts(limit: 2, lastSync: 1700000000000, filter: {_deleted: {ne: true}}) { items { id _version _deleted _lastChangedAt } nextToken startedAt } }"#
        ),
    ]

    /// The planner golden rendering, with the conflict read after the statement.
    static func render(_ operation: PlannedOperation) -> String {
        var text = PlannerTests.render(operation)
        for case .statement(let statement, _) in operation.fields.map(\.plan) {
            if let read = statement.conflictRead {
                text += "-- conflict read\n\(read.sql)\n-- parameters: \(read.parameters.map { $0.map { "'\($0)'" } ?? "NULL" }.joined(separator: ", "))\n"
            }
        }
        return text
    }

    @Test("each versioned write and sync plans as its golden file", arguments: operations.map(\.name))
    func golden(name: String) throws {
        let operation = try #require(Self.operations.first { $0.name == name })
        let surface: APISurface = operation.query.contains("batch") ? .extended : .appSync
        let plan = try Self.planner(operation.fixture, handler: operation.handler, surface: surface).plan(query: operation.query, operationName: nil, inputs: [:])
        for case .failure(let error) in plan.fields.map(\.plan) { Issue.record("\(error)") }
        if let difference = Golden.check(Self.render(plan), named: "\(name).sql") { Issue.record(Comment(rawValue: difference)) }
    }

    @Test("a list's startedAt is null")
    func values() throws {
        let planner = Self.planner("blog-implicit", handler: .optimistic)
        let list = try planner.plan(query: "{ listPosts { startedAt } }", operationName: nil, inputs: [:])
        guard case .statement(let statement, _) = list.fields.first?.plan else { Issue.record("\(list)"); return }
        #expect(statement.sql.contains("'startedAt', (NULL)::bigint"), "\(statement.sql)")
    }

    @Test("a sync is priced as a page: its limit multiplies what is selected under its items")
    func cost() throws {
        let schema = try SchemaParser.parseOrThrow(source: Fixtures.schemaSource("blog-implicit")).enablingConflictDetection(ConflictDetection(handler: .automerge))
        let view = APISchemaView(api: try APISchema.build(from: schema, surface: .appSync))
        let query = "{ syncPosts(limit: 10) { items { id comments(limit: 5) { items { id } } } } }"
        // 1 connection, 10 posts, their 10 comment connections and 10·5 comments.
        _ = try OperationPlanner(view: view, limits: RequestLimits(maximumCost: 71)).plan(query: query, operationName: nil, inputs: [:])
        #expect(throws: PlanErrors.self) { try OperationPlanner(view: view, limits: RequestLimits(maximumCost: 70)).plan(query: query, operationName: nil, inputs: [:]) }
    }
}
