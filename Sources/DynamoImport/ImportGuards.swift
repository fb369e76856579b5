import Foundation
import JSON
import Postgres
import SQLSyntax
import Store

/// What an import takes off the tables while rows arrive, and puts back at its end: the foreign keys of or to
/// them are dropped (rows arrive in any order, self references and cycles included; a parent an incremental
/// export deletes leaves its children dangling, as it did in DynamoDB, for `--on-dangling` to handle, instead of
/// cascading or being refused), and the change log's trigger is off (subscribers are not sent an event per
/// imported row). Putting a key back checks every row once, which costs far less on a large table than a
/// check per written row. Both are table DDL: the tables are locked against other writers until the transaction
/// that took or restored them commits. A batched import keeps them, as JSON, with its checkpoint.
struct ImportGuards {
    /// A foreign key taken off, with what re-creates it and what the dangling check reads.
    struct Constraint: Equatable {
        /// The child table's schema and name.
        let schema: String
        let table: String
        /// The constraint's name and definition (`FOREIGN KEY (…) REFERENCES …`).
        let name: String
        let definition: String
        /// The referencing columns, and the referenced table and columns.
        let columns: [String]
        let parentSchema: String
        let parentTable: String
        let parentColumns: [String]

        /// The child table, quoted and qualified.
        var qualifiedTable: String { Quoting.identifier(schema) + "." + Quoting.identifier(table) }
        /// The parent table, quoted and qualified.
        var qualifiedParent: String { Quoting.identifier(parentSchema) + "." + Quoting.identifier(parentTable) }
    }

    /// The schema the imported tables are in.
    var schemaName: String
    /// The foreign keys taken off, in the order they are put back.
    var constraints: [Constraint]
    /// The quoted tables whose change-log trigger was turned off.
    var triggersDisabled: [String]
    /// The quoted tables analysed at the end.
    var tables: [String]

    /// The quoted names of `tables` in `databaseSchema` (the search path's first schema when nil).
    static func quoted(_ tables: [String], databaseSchema: String?) -> [String] {
        tables.map { SQLRenderer.tableName(TableName(schema: databaseSchema, $0)) }
    }

    /// Drops every foreign key of or to `tables` (remembering each), and turns the change log's trigger off on them.
    static func take(tables names: [String], databaseSchema: String?, on connection: PostgresConnection) throws -> ImportGuards {
        let schemaName = try connection.query("SELECT coalesce($1, current_schema())", [databaseSchema]).rows.first?[0] ?? databaseSchema ?? "public"
        let rows = try connection.query(
            """
            SELECT n.nspname, t.relname, c.conname, pg_get_constraintdef(c.oid), pn.nspname, p.relname,
                   (SELECT json_agg(a.attname ORDER BY k.o) FROM unnest(c.conkey) WITH ORDINALITY AS k(num, o)
                      JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = k.num),
                   (SELECT json_agg(a.attname ORDER BY k.o) FROM unnest(c.confkey) WITH ORDINALITY AS k(num, o)
                      JOIN pg_attribute a ON a.attrelid = c.confrelid AND a.attnum = k.num)
            FROM pg_constraint c
            JOIN pg_class t ON t.oid = c.conrelid JOIN pg_namespace n ON n.oid = t.relnamespace
            JOIN pg_class p ON p.oid = c.confrelid JOIN pg_namespace pn ON pn.oid = p.relnamespace
            WHERE c.contype = 'f' AND EXISTS (SELECT 1 FROM pg_class r JOIN pg_namespace s ON s.oid = r.relnamespace
                                              WHERE r.oid IN (c.conrelid, c.confrelid) AND r.relname = ANY($1::text[])
                                                AND s.nspname = coalesce($2, current_schema()))
            ORDER BY n.nspname, t.relname, c.conname
            """, [textArray(names), databaseSchema]
        ).rows
        var constraints: [Constraint] = []
        for row in rows {
            guard let schema = row[0], let table = row[1], let name = row[2], let definition = row[3], let parentSchema = row[4], let parentTable = row[5]
            else { continue }
            let constraint = Constraint(
                schema: schema, table: table, name: name, definition: definition, columns: (try? JSONStrings.parse(row[6] ?? "[]")) ?? [],
                parentSchema: parentSchema, parentTable: parentTable, parentColumns: (try? JSONStrings.parse(row[7] ?? "[]")) ?? [])
            _ = try connection.execute("ALTER TABLE \(constraint.qualifiedTable) DROP CONSTRAINT \(Quoting.identifier(name))")
            constraints.append(constraint)
        }
        let triggers = try connection.query(
            """
            SELECT t.relname FROM pg_trigger g JOIN pg_class t ON t.oid = g.tgrelid JOIN pg_namespace n ON n.oid = t.relnamespace
            WHERE g.tgname = $3 AND t.relname = ANY($1::text[]) AND n.nspname = coalesce($2, current_schema()) AND g.tgenabled <> 'D'
            """, [textArray(names), databaseSchema, ChangeLog.triggerName]
        ).rows.compactMap { $0[0] }
        let quotedTriggered = quoted(triggers, databaseSchema: databaseSchema)
        for table in quotedTriggered { _ = try connection.execute("ALTER TABLE \(table) DISABLE TRIGGER \(Quoting.identifier(ChangeLog.triggerName))") }
        return ImportGuards(
            schemaName: schemaName, constraints: constraints, triggersDisabled: quotedTriggered, tables: quoted(names, databaseSchema: databaseSchema))
    }

    /// Puts the foreign keys back (each checks every row), turns the triggers on again, and analyses the tables.
    func release(on connection: PostgresConnection) throws {
        for constraint in constraints {
            _ = try connection.execute("ALTER TABLE \(constraint.qualifiedTable) ADD CONSTRAINT \(Quoting.identifier(constraint.name)) \(constraint.definition)")
        }
        for table in triggersDisabled { _ = try connection.execute("ALTER TABLE \(table) ENABLE TRIGGER \(Quoting.identifier(ChangeLog.triggerName))") }
        for table in tables { _ = try connection.execute("ANALYZE \(table)") }
    }

    /// These guards and `other`'s together (a restarted import finishing what an abandoned one took off).
    func merged(with other: ImportGuards) -> ImportGuards {
        ImportGuards(
            schemaName: schemaName, constraints: constraints + other.constraints.filter { !constraints.contains($0) },
            triggersDisabled: triggersDisabled + other.triggersDisabled.filter { !triggersDisabled.contains($0) },
            tables: tables + other.tables.filter { !tables.contains($0) })
    }

    /// A PostgreSQL text array literal of `names` for a `text[]` parameter (each element quoted and escaped).
    static func textArray(_ names: [String]) -> String {
        "{" + names.map { "\"" + $0.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\"" }.joined(separator: ",") + "}"
    }
}

/// The strings of a JSON array text.
enum JSONStrings {
    static func parse(_ text: String) throws -> [String] {
        guard case .list(let items) = try JSONReader.parse(Array(text.utf8)) else { return [] }
        return items.compactMap { if case .string(let value) = $0 { value } else { nil } }
    }
}
