import Foundation
import Migrations
import Postgres
import SchemaParser
import Storage
import Store
import TestSupport
import Testing

/// A schema that changes twelve times under a database holding data: every migration is generated, applied,
/// and the data survives; the catalog ends up matching the final schema.
@Suite("Schema evolution on a real database")
struct EvolutionTests {
    struct Version {
        var schema: String
        var renames: [String: String] = [:]
        /// SQL run after the migration, to leave data for the next versions.
        var data: String = ""
    }

    static let auth = "@auth(rules: [{allow: public}])"

    static let versions: [Version] = [
        Version(schema: "type Team @model \(auth) { mantra: String! }", data: #"INSERT INTO "Team"(id, mantra) VALUES ('t1', 'Go')"#),
        Version(schema: "type Team @model \(auth) { mantra: String!  size: Int }", data: #"UPDATE "Team" SET size = 3"#),
        Version(
            schema: """
                type Team @model \(auth) { id: ID!  mantra: String!  size: Int  members: [Member] @hasMany(references: ["teamId"]) }
                type Member @model \(auth) { name: String!  teamId: ID  team: Team @belongsTo(references: ["teamId"]) }
                """, data: #"INSERT INTO "Member"(id, name, "teamId") VALUES ('m1', 'Ann', 't1')"#),
        Version(
            schema: """
                type Team @model \(auth) { id: ID!  mantra: String!  size: Float  members: [Member] @hasMany(references: ["teamId"]) }
                type Member @model \(auth) { name: String!  teamId: ID  team: Team @belongsTo(references: ["teamId"]) }
                """),
        Version(
            schema: """
                enum Role { LEAD MEMBER }
                type Team @model \(auth) { id: ID!  mantra: String!  size: Float  members: [Member] @hasMany(references: ["teamId"]) }
                type Member @model \(auth) { name: String!  role: Role  teamId: ID  team: Team @belongsTo(references: ["teamId"]) }
                """, data: #"UPDATE "Member" SET role = 'LEAD'"#),
        Version(
            schema: """
                enum Role { LEAD MEMBER GUEST }
                type Team @model \(auth) { id: ID!  mantra: String!  size: Float  members: [Member] @hasMany(references: ["teamId"]) }
                type Member @model \(auth) { name: String!  role: Role  teamId: ID  team: Team @belongsTo(references: ["teamId"]) }
                """),
        Version(
            schema: """
                enum Role { LEAD MEMBER GUEST }
                type Team @model \(auth) { id: ID!  mantra: String!  size: Float  members: [Member] @hasMany(references: ["teamId"]) }
                type Member @model \(auth) { name: String!  nickname: String  role: Role  teamId: ID  team: Team @belongsTo(references: ["teamId"]) }
                """, data: #"INSERT INTO "Member"(id, name, nickname) VALUES ('m2', 'Bob', 'bobby')"#),
        Version(
            schema: """
                enum Role { LEAD MEMBER GUEST }
                type Team @model \(auth) { id: ID!  mantra: String!  size: Float  members: [Member] @hasMany(references: ["teamId"]) }
                type Member @model \(auth) { name: String!  nickname: String! @default(value: "anon")  role: Role  teamId: ID  team: Team @belongsTo(references: ["teamId"]) }
                """),
        Version(
            schema: """
                enum Role { LEAD MEMBER GUEST }
                type Team @model \(auth) { id: ID!  mantra: String!  size: Float  members: [Member] @hasMany(references: ["teamId"]) }
                type Member @model \(auth) { name: String! @index(name: "byName")  nickname: String! @default(value: "anon")  role: Role  teamId: ID  team: Team @belongsTo(references: ["teamId"]) }
                """),
        Version(
            schema: """
                enum Role { LEAD MEMBER GUEST }
                type Team @model \(auth) { id: ID!  motto: String!  size: Float  members: [Member] @hasMany(references: ["teamId"]) }
                type Member @model \(auth) { name: String! @index(name: "byName")  nickname: String! @default(value: "anon")  role: Role  teamId: ID  team: Team @belongsTo(references: ["teamId"]) }
                """, renames: ["Team.mantra": "motto"]),
        Version(
            schema: """
                enum Role { LEAD MEMBER GUEST }
                type Team @model \(auth) { id: ID!  motto: String!  members: [Member] @hasMany(references: ["teamId"]) }
                type Member @model \(auth) { name: String! @index(name: "byName")  nickname: String! @default(value: "anon")  role: Role  teamId: ID  team: Team @belongsTo(references: ["teamId"]) }
                """),
        Version(
            schema: """
                enum Role { LEAD MEMBER }
                type Squad @model \(auth) { id: ID!  motto: String!  members: [Member] @hasMany(references: ["teamId"]) }
                type Member @model \(auth) { name: String! @index(name: "byName")  nickname: String! @default(value: "anon")  role: Role  teamId: ID  team: Squad @belongsTo(references: ["teamId"]) }
                """, renames: ["Team": "Squad"]),
    ]

    @Test("twelve versions migrate a database holding data without losing it")
    func evolve() async throws {
        let client = PostgresClient(configuration: .init(conninfo: try await TestDatabase.makeDatabase(), connections: 1))
        defer { client.shutdown() }
        let directory = MigrationDirectory(url: FileManager.default.temporaryDirectory.appendingPathComponent("mg-evolve-\(UUID().uuidString)"))
        defer { try? FileManager.default.removeItem(at: directory.url) }
        let runner = MigrationRunner(client: client, directory: directory)
        for (number, version) in Self.versions.enumerated() {
            let target = StorageMapping.storage(for: try SchemaParser.parseOrThrow(source: version.schema))
            let plan = MigrationDiff.plan(from: try directory.latestSnapshot(), to: target, renames: version.renames)
            #expect(plan.unsupported.isEmpty, "version \(number + 1): \(plan.unsupported)")
            _ = try directory.write(plan: plan, snapshot: target, name: "v\(number + 1)")
            let applied = try await runner.apply()
            #expect(applied.count == 1, "version \(number + 1)")
            if !version.data.isEmpty { _ = try await client.withConnection { try $0.execute(version.data) } }
            #expect(try await runner.drift() == [], "version \(number + 1)")
        }
        #expect(try await client.query(#"SELECT motto FROM "Squad" WHERE id = 't1'"#).scalar == "Go")
        #expect(
            try await client.query(#"SELECT string_agg(name || ':' || nickname || ':' || coalesce(role, '-') || ':' || coalesce("teamId", '-'), ',' ORDER BY id) FROM "Member""#)
                .scalar == "Ann:anon:LEAD:t1,Bob:bobby:-:-")
        #expect(try await runner.status().applied.count == 12)
    }

    @Test("drift lists a missing column, an extra index and a changed type")
    func drift() async throws {
        let client = PostgresClient(configuration: .init(conninfo: try await TestDatabase.makeDatabase(), connections: 1))
        defer { client.shutdown() }
        let directory = try StoreTests.migrationFolder(schema: "schema")
        defer { try? FileManager.default.removeItem(at: directory.url) }
        let runner = MigrationRunner(client: client, directory: directory)
        try await runner.apply()
        #expect(try await runner.drift() == [])
        _ = try await client.withConnection { connection in
            try connection.execute(#"ALTER TABLE "Team" DROP COLUMN budget; CREATE INDEX stray ON "Member"(name); ALTER TABLE "Team" ALTER COLUMN size TYPE bigint"#)
        }
        let drift = try await runner.drift()
        #expect(drift.contains("missing column Team.budget"))
        #expect(drift.contains("extra index stray on Member"))
        #expect(drift.contains("column Team.size is bigint, the migrations say integer"))
    }
}
