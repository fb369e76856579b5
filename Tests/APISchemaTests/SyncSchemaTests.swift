import APISchema
import GraphQL
import ModelIR
import SchemaParser
import TestSupport
import Testing

/// The API under conflict detection (`--conflict-detection`): the sync metadata on every model, `startedAt`
/// on connections, `syncXs` queries, `_version` in the mutation inputs and `_deleted` in the filter inputs,
/// where AppSync's transformer prints them.
@Suite("Conflict detection's API surface")
struct SyncSchemaTests {
    static let fixtures = ["blog-implicit", "owners", "custom-primary-keys", "task-int-id"]

    static func api(_ name: String, surface: APISurface, handler: ConflictDetection.Handler = .automerge) throws -> APISchema {
        let schema = try SchemaParser.parseOrThrow(source: Fixtures.schemaSource(name)).enablingConflictDetection(ConflictDetection(handler: handler))
        return try APISchema.build(from: schema, surface: surface)
    }

    @Test("AppSync's API with conflict detection matches its golden and round-trips", arguments: fixtures)
    func appSyncGolden(name: String) throws {
        let api = try Self.api(name, surface: .appSync)
        if let difference = Golden.check(api.sdl, named: "sync/\(name).graphql") { Issue.record(Comment(rawValue: difference)) }
        _ = try buildSchema(source: Source(body: api.sdl))
    }

    @Test("the extended API with conflict detection matches its golden and round-trips", arguments: fixtures)
    func extendedGolden(name: String) throws {
        let api = try Self.api(name, surface: .extended)
        #expect(api.extensionWarnings.isEmpty, "\(api.extensionWarnings)")
        if let difference = Golden.check(api.sdl, named: "sync/extended-\(name).graphql") { Issue.record(Comment(rawValue: difference)) }
        _ = try buildSchema(source: Source(body: api.sdl))
    }

    @Test("the handler does not change the API; the sync query is a root field of kind sync")
    func handlerAndRootField() throws {
        #expect(try Self.api("blog-implicit", surface: .appSync).sdl == (try Self.api("blog-implicit", surface: .appSync, handler: .optimistic).sdl))
        let api = try Self.api("blog-implicit", surface: .appSync)
        #expect(api.queryFields["syncPosts"] == RootField(name: "syncPosts", model: "Post", kind: .sync))
        #expect(api.queryFields["syncComments"]?.kind == .sync)
    }

    @Test("the transformer's order: metadata after the timestamps and before generated references; _deleted after the combinators")
    func order() throws {
        let sdl = try Self.api("blog-implicit", surface: .appSync).sdl
        #expect(sdl.contains("  updatedAt: AWSDateTime!\n  _version: Int!\n  _deleted: Boolean\n  _lastChangedAt: AWSTimestamp!\n  postCommentsId: ID\n}"))
        #expect(sdl.contains("  nextToken: String\n  startedAt: AWSTimestamp\n}"))
        #expect(sdl.contains("  not: ModelCommentFilterInput\n  _deleted: ModelBooleanInput\n  postCommentsId: ModelIDInput\n}"))
        #expect(sdl.contains("  not: ModelPostConditionInput\n  _deleted: ModelBooleanInput\n  createdAt: ModelStringInput\n"))
        #expect(sdl.contains("  or: [ModelSubscriptionPostFilterInput]\n  _deleted: ModelBooleanInput\n"))
        #expect(sdl.contains("input DeletePostInput {\n  id: ID!\n  _version: Int\n}"))
        #expect(sdl.contains("  content: String\n  _version: Int\n  postCommentsId: ID\n}"))
        #expect(sdl.contains("syncPosts(filter: ModelPostFilterInput, limit: Int, nextToken: String, lastSync: AWSTimestamp): ModelPostConnection"))
    }

    @Test("an existing database's schema and a model declaring a reserved name are refused")
    func refusals() throws {
        let existing = try SchemaParser.parseOrThrow(source: #"input AMPLIFY { engine: String = "postgres" } type Post @model { id: Int! @primaryKey }"#)
        #expect(throws: ConflictDetectionRefusal.self) { try existing.enablingConflictDetection(ConflictDetection(handler: .automerge)) }
        let clash = try SchemaParser.parseOrThrow(source: "type Post @model { id: ID! _version: Int }")
        #expect(throws: ConflictDetectionRefusal.self) { try clash.enablingConflictDetection(ConflictDetection(handler: .automerge)) }
    }
}
