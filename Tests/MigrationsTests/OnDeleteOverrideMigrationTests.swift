import Foundation
import Migrations
import ModelIR
import SQLSyntax
import SchemaParser
import Storage
import TestSupport
import Testing

/// The DDL of `onDelete` chosen outside the schema (`--on-delete`): the same as the argument written in it.
@Suite("onDelete outside the schema: DDL")
struct OnDeleteOverrideMigrationTests {
    /// The `cascade` fixture with its `onDelete:` arguments taken out: a schema AppSync would deploy.
    static func appSyncCascadeSource() throws -> String {
        let source = try Fixtures.schemaSource("cascade")
        let stripped = source.replacingOccurrences(of: ", onDelete: CASCADE", with: "")
        #expect(stripped != source && !stripped.contains("onDelete:"))
        return stripped
    }

    @Test("the cascade fixture without onDelete, given it outside, migrates to the same DDL as its golden")
    func sameAsWritten() throws {
        var schema = try SchemaParser.parseOrThrow(source: Self.appSyncCascadeSource())
        try schema.apply(OnDeleteOverride.list("Forum.threads=CASCADE,Thread.replies=CASCADE"))
        let plan = MigrationDiff.plan(from: StorageSchema(tables: []), to: StorageMapping.storage(for: schema))
        if let difference = Golden.check(plan.sql(header: "cascade"), named: "cascade.sql") { Issue.record(Comment(rawValue: difference)) }
    }

    @Test("adding onDelete outside the schema to a migrated project changes only its foreign keys")
    func laterMigration() throws {
        let before = try SchemaParser.parseOrThrow(source: Self.appSyncCascadeSource())
        var after = before
        try after.apply(OnDeleteOverride.list("Forum.threads=CASCADE"))
        let plan = MigrationDiff.plan(from: StorageMapping.storage(for: before), to: StorageMapping.storage(for: after))
        #expect(plan.unsupported.isEmpty && plan.destructiveSteps.isEmpty)
        if let difference = Golden.check(plan.sql(header: "cascade-on-delete-added"), named: "cascade-on-delete-added.sql") {
            Issue.record(Comment(rawValue: difference))
        }
    }
}

/// The DDL of conflict detection: the three metadata columns with their defaults and the delta sync's index.
@Suite("Conflict detection: DDL")
struct ConflictDetectionMigrationTests {
    @Test("the blog fixture under conflict detection migrates as its golden; turning it on later adds the columns")
    func columns() throws {
        let schema = try SchemaParser.parseOrThrow(source: Fixtures.schemaSource("blog-implicit"))
        let syncing = try schema.enablingConflictDetection(ConflictDetection(handler: .automerge))
        let plan = MigrationDiff.plan(from: StorageSchema(tables: []), to: StorageMapping.storage(for: syncing))
        if let difference = Golden.check(plan.sql(header: "sync-blog"), named: "sync-blog.sql") { Issue.record(Comment(rawValue: difference)) }
        let later = MigrationDiff.plan(from: StorageMapping.storage(for: schema), to: StorageMapping.storage(for: syncing))
        #expect(later.unsupported.isEmpty && later.destructiveSteps.isEmpty, "\(later.unsupported)")
        if let difference = Golden.check(later.sql(header: "sync-turned-on"), named: "sync-turned-on.sql") { Issue.record(Comment(rawValue: difference)) }
    }
}
