import Foundation
import TestSupport
import Testing

/// `--on-delete Model.field=ACTION` (and `MODELGRAPH_ON_DELETE`, also in `--config` files) as users run it: the
/// migration carries the cascade, serve agrees with it, a delete cascades over HTTP, and the API is AppSync's.
@Suite("--on-delete", .serialized)
struct OnDeleteOptionTests {
    /// The cascade fixture without its `onDelete:` arguments, as it deploys to AppSync.
    static func project() throws -> URL {
        let folder = try CommandLineTests.temporaryFolder()
        let source = try Fixtures.schemaSource("cascade").replacingOccurrences(of: ", onDelete: CASCADE", with: "")
        try source.write(to: folder.appendingPathComponent("schema.graphql"), atomically: true, encoding: .utf8)
        return folder
    }

    static let flags = ["--on-delete", "Forum.threads=CASCADE", "--on-delete", "Thread.replies=CASCADE"]

    @Test("migrate generate writes the cascade from the flag, the environment or a config file; print-schema is unchanged")
    func migration() async throws {
        let folder = try Self.project()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (status, _, errors) = try await CommandLineTests.run(["migrate", "generate", "--name", "init"] + Self.flags, in: folder)
        #expect(status == 0, "\(errors)")
        let migration = try String(contentsOf: folder.appendingPathComponent("migrations/0001_init.sql"), encoding: .utf8)
        #expect(migration.contains(#"FOREIGN KEY ("forumId") REFERENCES "Forum" ("id") ON DELETE CASCADE"#), "\(migration)")
        #expect(migration.contains(#"FOREIGN KEY ("threadId") REFERENCES "Thread" ("id") ON DELETE CASCADE"#), "\(migration)")
        // The same choice from the environment, or from a config file, finds nothing left to migrate.
        let environment = ["MODELGRAPH_ON_DELETE": "Forum.threads=CASCADE, Thread.replies=CASCADE"]
        let (again, againOutput, _) = try await CommandLineTests.run(["migrate", "generate"], in: folder, environment: environment)
        #expect(again == 0 && againOutput.contains("No changes"), "\(againOutput)")
        try "MODELGRAPH_ON_DELETE=Forum.threads=CASCADE,Thread.replies=CASCADE\n".write(to: folder.appendingPathComponent("modelgraph.conf"), atomically: true, encoding: .utf8)
        let (configured, configuredOutput, _) = try await CommandLineTests.run(["migrate", "generate", "--config", "modelgraph.conf"], in: folder)
        #expect(configured == 0 && configuredOutput.contains("No changes"), "\(configuredOutput)")
        // Without it, the schema differs from the migrations: the foreign keys would restrict again.
        let (without, withoutOutput, _) = try await CommandLineTests.run(["migrate", "generate", "--name", "undo"], in: folder)
        #expect(without == 0 && withoutOutput.contains("0002_undo.sql"), "\(withoutOutput)")
        let (printed, sdl, _) = try await CommandLineTests.run(["print-schema"] + Self.flags, in: folder)
        let (_, plain, _) = try await CommandLineTests.run(["print-schema"], in: folder)
        #expect(printed == 0 && sdl == plain && !sdl.contains("CASCADE"))
    }

    @Test(
        "refusals name the problem and exit 1",
        arguments: [
            ("Blog.posts=CASCADE", "there is no model 'Blog'"),
            ("Forum.topics=CASCADE", "model 'Forum' has no field 'topics'"),
            ("Forum.name=CASCADE", "only a @hasMany or @hasOne field"),
            ("Thread.forum=CASCADE", "only a @hasMany or @hasOne field"),
            ("Forum.threads=DROP", "the action must be CASCADE, SET_NULL or RESTRICT"),
            ("Forum.threads", "is not Model.field=ACTION"),
        ])
    func refused(entry: String, message: String) async throws {
        let folder = try Self.project()
        defer { try? FileManager.default.removeItem(at: folder) }
        for command in [["validate"], ["migrate", "generate"]] {
            let (status, _, errors) = try await CommandLineTests.run(command + ["--on-delete", entry], in: folder)
            #expect(status == 1 && errors.contains(message) && errors.contains("schema.graphql"), "\(command): \(errors)")
        }
        let (status, _, errors) = try await CommandLineTests.run(["validate"], in: folder, environment: ["MODELGRAPH_ON_DELETE": entry])
        #expect(status == 1 && errors.contains(message), "\(errors)")
    }

    @Test("a conflict with the schema's own onDelete, and an existing database's schema, are refused")
    func conflicts() async throws {
        let folder = try CommandLineTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Fixtures.schemaSource("cascade").write(to: folder.appendingPathComponent("schema.graphql"), atomically: true, encoding: .utf8)
        let (status, _, errors) = try await CommandLineTests.run(["validate", "--on-delete", "Forum.threads=RESTRICT"], in: folder)
        #expect(status == 1 && errors.contains("contradicts the schema, which says onDelete: CASCADE there"), "\(errors)")
        let (same, _, _) = try await CommandLineTests.run(["validate", "--on-delete", "Forum.threads=CASCADE"], in: folder)
        #expect(same == 0)
        try """
        input AMPLIFY { engine: String = "postgres" }
        type Post @model { id: Int! @primaryKey  comments: [Comment] @hasMany(references: ["postId"]) }
        type Comment @model { id: Int! @primaryKey  postId: Int  post: Post @belongsTo(references: ["postId"]) }
        """.write(to: folder.appendingPathComponent("existing.graphql"), atomically: true, encoding: .utf8)
        let (existing, _, existingErrors) = try await CommandLineTests.run(["validate", "--schema", "existing.graphql", "--on-delete", "Post.comments=CASCADE"], in: folder)
        #expect(existing == 1 && existingErrors.contains("maps an existing database"), "\(existingErrors)")
    }

    @Test("serve with the flag agrees with the migration and deletes a forum's threads and replies over HTTP; without it, serve refuses")
    func cascadeOverHTTP() async throws {
        let folder = try Self.project()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (status, _, errors) = try await CommandLineTests.run(["migrate", "generate", "--name", "init"] + Self.flags, in: folder)
        #expect(status == 0, "\(errors)")
        let database = try await TestDatabase.makeDatabase()
        let refused = try ServeProcess.launch(in: folder, arguments: ["--database-url", database])
        #expect(await refused.waitForExit() == 1)
        #expect(refused.logText.contains("has changes that no migration holds yet"), "\(refused.logText)")

        let serve = try await ServeProcess.start(in: folder, arguments: ["--database-url", database] + Self.flags)
        defer { serve.process.terminate() }
        let key = try serve.apiKey()
        let (_, created) = try await serve.graphQL(
            #"mutation { f: createForum(input: {id: "f1", name: "Swift"}) { id } t: createThread(input: {id: "t1", title: "Actors", forumId: "f1"}) { id } r: createReply(input: {id: "r1", text: "Yes", threadId: "t1"}) { id } }"#,
            key: key)
        #expect(created.contains(#""r":{"id":"r1"}"#), "\(created)")
        let (_, deleted) = try await serve.graphQL(#"mutation { deleteForum(input: {id: "f1"}) { id } }"#, key: key)
        #expect(deleted == #"{"data":{"deleteForum":{"id":"f1"}}}"#, "\(deleted)")
        let (_, remaining) = try await serve.graphQL(#"{ getThread(id: "t1") { id } getReply(id: "r1") { id } }"#, key: key)
        #expect(remaining == #"{"data":{"getThread":null,"getReply":null}}"#, "\(remaining)")
    }
}
