import Foundation
import Postgres
import SQLSyntax
import Store

/// What an import changes about the tables for its own transaction, and puts back before it commits: the foreign
/// keys touching them become deferred (rows arrive in any order; a dangling reference is found and handled before
/// they are checked), and the change log's trigger is off (subscribers are not sent an event per imported row).
/// Both are table DDL, so the tables are locked against other writers until the import commits.
struct ImportGuards {
    /// A foreign key made deferrable for the import (it was not).
    struct Constraint {
        let table: String
        let name: String
    }

    let madeDeferrable: [Constraint]
    let triggersDisabled: [String]
    let tables: [String]

    /// The quoted names of `tables` in `databaseSchema` (the search path's first schema when nil).
    static func quoted(_ tables: [String], databaseSchema: String?) -> [String] {
        tables.map { SQLRenderer.tableName(TableName(schema: databaseSchema, $0)) }
    }

    /// Defers every foreign key of or to `tables`, and turns the change log's trigger off on them.
    static func take(tables names: [String], databaseSchema: String?, on connection: PostgresConnection) throws -> ImportGuards {
        let schemaName = databaseSchema
        let constraints = try connection.query(
            """
            SELECT n.nspname, t.relname, c.conname, c.condeferrable FROM pg_constraint c
            JOIN pg_class t ON t.oid = c.conrelid JOIN pg_namespace n ON n.oid = t.relnamespace
            WHERE c.contype = 'f' AND (c.conrelid IN (SELECT r.oid FROM pg_class r JOIN pg_namespace s ON s.oid = r.relnamespace
                                                     WHERE r.relname = ANY($1::text[]) AND s.nspname = coalesce($2, current_schema()))
                                    OR c.confrelid IN (SELECT r.oid FROM pg_class r JOIN pg_namespace s ON s.oid = r.relnamespace
                                                       WHERE r.relname = ANY($1::text[]) AND s.nspname = coalesce($2, current_schema())))
            """, [textArray(names), schemaName]
        ).rows
        var made: [Constraint] = []
        for row in constraints {
            guard let namespace = row[0], let table = row[1], let name = row[2] else { continue }
            let qualified = Quoting.identifier(namespace) + "." + Quoting.identifier(table)
            if row[3] != "t" {
                _ = try connection.execute("ALTER TABLE \(qualified) ALTER CONSTRAINT \(Quoting.identifier(name)) DEFERRABLE INITIALLY IMMEDIATE")
                made.append(Constraint(table: qualified, name: name))
            }
        }
        _ = try connection.execute("SET CONSTRAINTS ALL DEFERRED")
        let triggers = try connection.query(
            """
            SELECT t.relname FROM pg_trigger g JOIN pg_class t ON t.oid = g.tgrelid JOIN pg_namespace n ON n.oid = t.relnamespace
            WHERE g.tgname = $3 AND t.relname = ANY($1::text[]) AND n.nspname = coalesce($2, current_schema()) AND g.tgenabled <> 'D'
            """, [textArray(names), schemaName, ChangeLog.triggerName]
        ).rows.compactMap { $0[0] }
        let quotedTriggered = quoted(triggers, databaseSchema: databaseSchema)
        for table in quotedTriggered { _ = try connection.execute("ALTER TABLE \(table) DISABLE TRIGGER \(Quoting.identifier(ChangeLog.triggerName))") }
        return ImportGuards(madeDeferrable: made, triggersDisabled: quotedTriggered, tables: quoted(names, databaseSchema: databaseSchema))
    }

    /// Checks every deferred foreign key now, puts the constraints and triggers back, and analyses the tables.
    func release(on connection: PostgresConnection) throws {
        _ = try connection.execute("SET CONSTRAINTS ALL IMMEDIATE")
        for constraint in madeDeferrable {
            _ = try connection.execute("ALTER TABLE \(constraint.table) ALTER CONSTRAINT \(Quoting.identifier(constraint.name)) NOT DEFERRABLE")
        }
        for table in triggersDisabled { _ = try connection.execute("ALTER TABLE \(table) ENABLE TRIGGER \(Quoting.identifier(ChangeLog.triggerName))") }
        for table in tables { _ = try connection.execute("ANALYZE \(table)") }
    }

    /// A PostgreSQL text array literal of `names` for a `text[]` parameter (each element quoted and escaped).
    static func textArray(_ names: [String]) -> String {
        "{" + names.map { "\"" + $0.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\"" }.joined(separator: ",") + "}"
    }
}
