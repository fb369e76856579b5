import JSON
import ModelIR
package import Postgres
package import Storage

/// Reads what one PostgreSQL schema holds from the system catalog: relations, columns with their types,
/// keys, foreign keys, CHECK constraints and enum types. Every statement takes the schema name as a `$1`
/// parameter; lists of names come back as JSON arrays, so no name is ever parsed out of SQL text.
package struct CatalogReader: Sendable {
    let client: PostgresClient

    /// Creates a reader.
    package init(client: PostgresClient) {
        self.client = client
    }

    /// The catalog of schema `schemaName`.
    package func read(schema schemaName: String) async throws -> DatabaseCatalog {
        let relations = try await client.query(Self.relationsStatement, [schemaName], idempotent: true).rows
        let columns = try await client.query(Self.columnsStatement, [schemaName], idempotent: true).rows
        let constraints = try await client.query(Self.constraintsStatement, [schemaName], idempotent: true).rows
        let enums = try await client.query(Self.enumsStatement, [], idempotent: true).rows

        var result: [CatalogRelation] = []
        var position: [String: Int] = [:]
        for row in relations {
            guard let name = row[0], let kind = row[1].flatMap(CatalogRelation.Kind.init(rawValue:)) else { continue }
            position[name] = result.count
            result.append(CatalogRelation(name: name, kind: kind, columns: []))
        }
        for row in columns {
            guard let table = row[0], let index = position[table], let name = row[1] else { continue }
            let limit = row[11].flatMap { Int($0) }.flatMap { ColumnLimit(typeName: row[5] ?? "", modifier: $0) }
            let type = CatalogType(
                schema: row[6] ?? "pg_catalog", name: row[5] ?? "", isArray: row[7] == "t", isEnum: row[8] == "t", spelling: row[4] ?? "", limit: limit)
            result[index].columns.append(
                CatalogColumn(name: name, type: type, notNull: row[2] == "t", defaultExpression: row[3], isIdentity: row[9] == "t", isGenerated: row[10] == "t"))
        }
        for row in constraints {
            guard let table = row[0], let index = position[table], let kind = row[2] else { continue }
            let keyColumns = Self.names(row[3])
            switch kind {
            case "p": result[index].primaryKey = keyColumns
            case "u": result[index].uniqueKeys.append(keyColumns)
            case "f":
                result[index].foreignKeys.append(
                    CatalogForeignKey(
                        name: row[1] ?? "", columns: keyColumns, referencedSchema: row[5] ?? schemaName, referencedTable: row[4] ?? "",
                        referencedColumns: Self.names(row[6]), onDelete: Self.deleteActions[row[8] ?? ""] ?? "RESTRICT"))
            case "c": if let definition = row[7] { result[index].checks.append(definition) }
            default: break
            }
        }
        let enumTypes = enums.compactMap { row -> CatalogEnum? in
            guard let schema = row[0], let name = row[1] else { return nil }
            return CatalogEnum(schema: schema, name: name, labels: Self.names(row[2]))
        }
        return DatabaseCatalog(schemaName: schemaName, relations: result, enums: enumTypes)
    }

    /// `pg_constraint.confdeltype` to the action's name; `NO ACTION` blocks a delete as `RESTRICT` does.
    static let deleteActions = ["a": "RESTRICT", "r": "RESTRICT", "c": "CASCADE", "n": "SET NULL", "d": "SET DEFAULT"]

    /// The strings of a JSON array's text; empty for anything else.
    static func names(_ text: String?) -> [String] {
        guard let text, case .list(let items)? = try? JSONReader.parse(Array(text.utf8)) else { return [] }
        return items.compactMap { if case .string(let name) = $0 { name } else { nil } }
    }

    /// Relations of the schema: name, `relkind`.
    static let relationsStatement = """
        SELECT c.relname, c.relkind::text FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname = $1 AND c.relkind IN ('r', 'p', 'v', 'm', 'f') AND NOT c.relispartition
        ORDER BY c.relname COLLATE "C"
        """

    /// Columns: table, column, not null, default text, type spelling, base type name, base type schema, is
    /// array, is enum, is identity, is generated, type modifier. A domain counts as its base type.
    static let columnsStatement = """
        SELECT c.relname, a.attname, a.attnotnull, pg_get_expr(d.adbin, d.adrelid), format_type(a.atttypid, a.atttypmod),
               b.typname, bn.nspname, t.typcategory = 'A', b.typtype = 'e', a.attidentity <> '', a.attgenerated <> '',
               CASE WHEN t0.typtype = 'd' THEN t0.typtypmod ELSE a.atttypmod END
        FROM pg_attribute a
        JOIN pg_class c ON c.oid = a.attrelid
        JOIN pg_namespace n ON n.oid = c.relnamespace
        JOIN pg_type t0 ON t0.oid = a.atttypid
        JOIN pg_type t ON t.oid = CASE WHEN t0.typtype = 'd' THEN t0.typbasetype ELSE t0.oid END
        JOIN pg_type b ON b.oid = CASE WHEN t.typcategory = 'A' THEN t.typelem ELSE t.oid END
        JOIN pg_namespace bn ON bn.oid = b.typnamespace
        LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
        WHERE n.nspname = $1 AND c.relkind IN ('r', 'p', 'v', 'm', 'f') AND a.attnum > 0 AND NOT a.attisdropped
        ORDER BY c.relname COLLATE "C", a.attnum
        """

    /// Primary, unique, foreign-key and CHECK constraints: table, name, kind, columns (JSON), referenced table,
    /// referenced schema, referenced columns (JSON), definition text, delete action.
    static let constraintsStatement = """
        SELECT c.relname, k.conname, k.contype::text,
               (SELECT json_agg(a.attname ORDER BY u.i) FROM unnest(k.conkey) WITH ORDINALITY u(n, i)
                  JOIN pg_attribute a ON a.attrelid = k.conrelid AND a.attnum = u.n)::text,
               f.relname, fn.nspname,
               (SELECT json_agg(a.attname ORDER BY u.i) FROM unnest(k.confkey) WITH ORDINALITY u(n, i)
                  JOIN pg_attribute a ON a.attrelid = k.confrelid AND a.attnum = u.n)::text,
               pg_get_constraintdef(k.oid), k.confdeltype::text
        FROM pg_constraint k
        JOIN pg_class c ON c.oid = k.conrelid
        JOIN pg_namespace n ON n.oid = c.relnamespace
        LEFT JOIN pg_class f ON f.oid = k.confrelid
        LEFT JOIN pg_namespace fn ON fn.oid = f.relnamespace
        WHERE n.nspname = $1 AND k.contype IN ('p', 'u', 'f', 'c')
        ORDER BY c.relname COLLATE "C", k.conname COLLATE "C"
        """

    /// Enum types: schema, name, labels in order (JSON).
    static let enumsStatement = """
        SELECT n.nspname, t.typname, json_agg(e.enumlabel ORDER BY e.enumsortorder)::text
        FROM pg_type t JOIN pg_enum e ON e.enumtypid = t.oid JOIN pg_namespace n ON n.oid = t.typnamespace
        GROUP BY n.nspname, t.typname
        ORDER BY n.nspname COLLATE "C", t.typname COLLATE "C"
        """
}
