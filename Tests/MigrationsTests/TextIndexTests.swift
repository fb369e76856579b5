import Foundation
import Migrations
import ModelIR
import SQLSyntax
import SchemaParser
import Storage
import TestSupport
import Testing

/// Text indexes declared outside the schema (`--text-index`): their storage, DDL and migrations, and the
/// declarations that are refused.
@Suite("Text indexes")
struct TextIndexTests {
    static let declarations = ["Post.title=insensitive,Post.title=trigram", "Post.content=search, Comment.content=trigram"]

    static func storage(_ declarations: [String]) throws -> StorageSchema {
        StorageMapping.storage(for: try SchemaParser.parseOrThrow(source: Fixtures.schemaSource("bench-blog")).addingTextIndexes(declarations))
    }

    @Test("the initial migration creates each kind of index on the operators' own expression, pg_trgm once")
    func initialMigration() throws {
        let plan = MigrationDiff.plan(from: StorageSchema(tables: []), to: try Self.storage(Self.declarations))
        if let difference = Golden.check(plan.sql(header: "text indexes"), named: "text-indexes.sql") { Issue.record(Comment(rawValue: difference)) }
        let extensions = plan.steps.filter { if case .createExtension = $0.statement { true } else { false } }
        #expect(extensions.count == 1)
    }

    @Test("adding and removing text indexes on existing tables creates and drops just those indexes")
    func changes() throws {
        let before = try Self.storage([])
        let after = try Self.storage(Self.declarations)
        let added = MigrationDiff.plan(from: before, to: after)
        if let difference = Golden.check(added.sql(header: "add text indexes"), named: "change-add-text-indexes.sql") { Issue.record(Comment(rawValue: difference)) }
        #expect(added.destructiveSteps.isEmpty)
        let dropped = MigrationDiff.plan(from: after, to: before).steps.map { SQLRenderer.render($0.statement) }
        #expect(
            dropped.sorted() == [
                #"DROP INDEX "Comment_content_trigram""#, #"DROP INDEX "Post_content_search""#, #"DROP INDEX "Post_title_insensitive""#, #"DROP INDEX "Post_title_trigram""#,
            ])
        #expect(MigrationDiff.plan(from: after, to: after).isEmpty)
    }

    @Test("a snapshot written before text indexes reads as before, and a plain index writes no new keys")
    func snapshotCompatibility() throws {
        let old = #"{"name":"Post_blogId","columns":["blogId","id"]}"#
        let index = try JSONDecoder().decode(StorageIndex.self, from: Data(old.utf8))
        #expect(index == StorageIndex(name: "Post_blogId", columns: ["blogId", "id"]))
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        #expect(String(decoding: try encoder.encode(index), as: UTF8.self) == #"{"columns":["blogId","id"],"name":"Post_blogId"}"#)
        let text = try #require(try Self.storage(["Post.content=search"]).table(named: "Post")?.indexes.last)
        let decoded = try JSONDecoder().decode(StorageIndex.self, from: encoder.encode(text))
        #expect(decoded == text)
        #expect(decoded.method == .gin)
    }

    @Test(
        "declarations naming nothing indexable are refused with the reason",
        arguments: [
            ("Post.title", "is not Model.field=kind"),
            ("Post.title=fuzzy", "is not Model.field=kind"),
            ("Article.title=search", "has no model Article"),
            ("Post.blog=search", "has no stored field blog"),
            ("Post.rating=search", "is Int!"),
            ("Post.id=insensitive", "is ID!"),
        ])
    func refused(declaration: String, reason: String) throws {
        let schema = try SchemaParser.parseOrThrow(source: Fixtures.schemaSource("bench-blog"))
        #expect {
            try schema.addingTextIndexes([declaration])
        } throws: { error in
            (error as? TextIndexDeclarationError)?.description.contains(reason) == true
        }
    }

    @Test("a schema of an existing database takes no text index")
    func existingDatabase() throws {
        var schema = try SchemaParser.parseOrThrow(source: Fixtures.schemaSource("bench-blog"))
        schema.engine = .postgres
        #expect(throws: TextIndexDeclarationError.self) { try schema.addingTextIndexes(["Post.title=search"]) }
        #expect(try schema.addingTextIndexes([]) == schema)
    }
}
