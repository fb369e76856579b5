import Migrations
import SQLSyntax
import SchemaParser
import Storage
import TestSupport
import Testing

@Suite("Generated DDL")
struct MigrationsTests {
    static func storage(_ source: String) throws -> StorageSchema {
        StorageMapping.storage(for: try SchemaParser.parseOrThrow(source: source))
    }

    @Test("the initial migration of every fixture matches its golden file", arguments: Fixtures.schemaNames())
    func golden(name: String) throws {
        let plan = MigrationDiff.plan(from: StorageSchema(tables: []), to: try Self.storage(Fixtures.schemaSource(name)))
        #expect(plan.unsupported.isEmpty)
        if let difference = Golden.check(plan.sql(header: name), named: "\(name).sql") { Issue.record(Comment(rawValue: difference)) }
    }

    @Test("no change plans nothing")
    func noChange() throws {
        let storage = try Self.storage(Fixtures.schemaSource("team-members"))
        #expect(MigrationDiff.plan(from: storage, to: storage).isEmpty)
    }

    @Test("adding an optional field adds a column; dropping one is flagged destructive")
    func addAndDropColumn() throws {
        let before = try Self.storage("type Team @model @auth(rules: [{allow: public}]) { mantra: String! }")
        let after = try Self.storage("type Team @model @auth(rules: [{allow: public}]) { mantra: String!  motto: String }")
        let added = MigrationDiff.plan(from: before, to: after)
        #expect(added.steps.map { SQLRenderer.render($0.statement) } == [#"ALTER TABLE "Team" ADD COLUMN "motto" text COLLATE "C""#])
        #expect(added.destructiveSteps.isEmpty)
        let dropped = MigrationDiff.plan(from: after, to: before)
        #expect(dropped.destructiveSteps.map(\.dataLoss) == ["drops column Team.motto and every value in it"])
    }

    @Test("a new required column without a default is refused with a reason")
    func requiredColumnWithoutDefault() throws {
        let before = try Self.storage("type Team @model @auth(rules: [{allow: public}]) { mantra: String! }")
        let after = try Self.storage("type Team @model @auth(rules: [{allow: public}]) { mantra: String!  size: Int! }")
        #expect(MigrationDiff.plan(from: before, to: after).unsupported.first?.contains("Team.size has no @default") == true)
    }

    @Test("optional references set null on delete; required ones restrict; join models cascade")
    func foreignKeyActions() throws {
        let storage = try Self.storage(Fixtures.schemaSource("author-editor"))
        let actions = storage.tables.flatMap { table in table.foreignKeys.map { "\(table.name).\($0.columns.joined(separator: ",")) \($0.onDelete)" } }
        #expect(actions.contains("Post.authorId RESTRICT"))
        #expect(actions.contains("Post.editorId SET NULL"))
    }
}
