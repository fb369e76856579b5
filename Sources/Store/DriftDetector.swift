import Migrations
package import Postgres
import SQLSyntax
package import Storage

/// Compares the live catalog with what the applied migrations say the database holds: missing or extra
/// tables, columns, indexes and foreign keys, and changed column types or nullability.
package struct DriftDetector: Sendable {
    let client: PostgresClient
    /// The database schema holding the tables.
    let schema: String

    /// Creates a detector.
    package init(client: PostgresClient, schema: String = "public") {
        self.client = client
        self.schema = schema
    }

    /// One line per difference; empty when the database matches.
    package func drift(expected: StorageSchema) async throws -> [String] {
        let live = try await liveCatalog()
        return Self.differences(between: live, and: expected)
    }

    /// The tables' columns, the indexes and the foreign keys the database holds in `schema`.
    private struct LiveCatalog {
        /// Column name to type and nullability, by table name.
        var columns: [String: [String: (type: String, notNull: Bool)]]
        /// `table.index` for every index but primary keys.
        var indexes: Set<String>
        /// `table.constraint` for every foreign key.
        var foreignKeys: Set<String>
    }

    /// Reads the columns, indexes and foreign keys of `schema` from the PostgreSQL catalog.
    private func liveCatalog() async throws -> LiveCatalog {
        let columns = try await client.query(
            """
            SELECT c.relname, a.attname, format_type(a.atttypid, a.atttypmod), a.attnotnull
            FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid JOIN pg_namespace n ON n.oid = c.relnamespace
            WHERE n.nspname = $1 AND c.relkind = 'r' AND a.attnum > 0 AND NOT a.attisdropped
            ORDER BY c.relname, a.attnum
            """, [schema]
        ).rows
        let indexes = try await client.query(
            """
            SELECT t.relname, i.relname FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid JOIN pg_class t ON t.oid = x.indrelid
            JOIN pg_namespace n ON n.oid = t.relnamespace WHERE n.nspname = $1 AND NOT x.indisprimary
            """, [schema]
        ).rows
        let keys = try await client.query(
            """
            SELECT t.relname, c.conname FROM pg_constraint c JOIN pg_class t ON t.oid = c.conrelid
            JOIN pg_namespace n ON n.oid = t.relnamespace WHERE n.nspname = $1 AND c.contype = 'f'
            """, [schema]
        ).rows
        var live: [String: [String: (type: String, notNull: Bool)]] = [:]
        for row in columns {
            live[row[0] ?? "", default: [:]][row[1] ?? ""] = (row[2] ?? "", row[3] == "t")
        }
        let liveIndexes = Set(indexes.map { "\($0[0] ?? "").\($0[1] ?? "")" })
        let liveKeys = Set(keys.map { "\($0[0] ?? "").\($0[1] ?? "")" })
        return LiveCatalog(columns: live, indexes: liveIndexes, foreignKeys: liveKeys)
    }

    /// One line per difference between the live catalog and the schema the migrations describe.
    private static func differences(between live: LiveCatalog, and expected: StorageSchema) -> [String] {
        var problems: [String] = []
        for table in expected.tables {
            guard let liveColumns = live.columns[table.name] else {
                problems.append("missing table \(table.name)")
                continue
            }
            for column in table.columns {
                guard let found = liveColumns[column.name] else {
                    problems.append("missing column \(table.name).\(column.name)")
                    continue
                }
                if found.type != Self.catalogName(column.type) {
                    problems.append("column \(table.name).\(column.name) is \(found.type), the migrations say \(Self.catalogName(column.type))")
                }
                if found.notNull != column.notNull {
                    problems.append(
                        "column \(table.name).\(column.name) is \(found.notNull ? "NOT NULL" : "nullable"), the migrations say \(column.notNull ? "NOT NULL" : "nullable")")
                }
            }
            for name in liveColumns.keys.sorted() where table.column(named: name) == nil {
                problems.append("extra column \(table.name).\(name)")
            }
            for index in table.indexes where !live.indexes.contains("\(table.name).\(index.name)") {
                problems.append("missing index \(index.name) on \(table.name)")
            }
            for key in table.foreignKeys where !live.foreignKeys.contains("\(table.name).\(key.name)") {
                problems.append("missing foreign key \(key.name) on \(table.name)")
            }
        }
        let expectedIndexes = Set(expected.tables.flatMap { table in table.indexes.map { "\(table.name).\($0.name)" } })
        let expectedTables = Set(expected.tables.map(\.name))
        for index in live.indexes.sorted() where expectedTables.contains(String(index.prefix { $0 != "." })) && !expectedIndexes.contains(index) {
            problems.append("extra index \(index.split(separator: ".", maxSplits: 1).last ?? "") on \(index.prefix { $0 != "." })")
        }
        // Tables the migrations do not know are left alone: ModelGraph may share a database with others.
        return problems
    }

    /// `format_type`'s spelling of a type.
    static func catalogName(_ type: SQLType) -> String {
        switch type {
        case .timestamptz: "timestamp with time zone"
        case .array(let element): catalogName(element) + "[]"
        default: type.description
        }
    }
}
