import Foundation
import JSON
import Postgres

/// Where a batched import (`--batch`) stands, kept in `modelgraph.import_checkpoints` and updated in the same
/// transaction as each batch it commits: so after a crash, a run of the same import reads the position of the
/// last committed batch and goes on from the next item, and no item is written twice or missed. The row also
/// holds what the import took off the tables (`ImportGuards`: they stay off between its transactions) and its
/// report so far, and is deleted by the transaction that puts the keys back. At most one batched import is
/// unfinished per database.
struct ImportCheckpoint {
    /// A place in the sources: the next item to read.
    struct Position: Comparable {
        /// Index of the source, of the file within it, of the line within that file, of the item within that line.
        var source = 0
        var file = 0
        var line = 0
        var item = 0

        static func < (a: Position, b: Position) -> Bool {
            (a.source, a.file, a.line, a.item) < (b.source, b.file, b.line, b.item)
        }

        /// The start of source `index`.
        static func start(of index: Int) -> Position { Position(source: index) }
    }

    /// Which import this is: the sources' tables, kinds, times and file names, and the model mapping.
    let identity: String
    /// What the import took off the tables.
    var guards: ImportGuards
    /// The next item to read.
    var position: Position
    /// The report as of `position`.
    var report: ImportReport

    /// Creates ModelGraph's checkpoint table when missing.
    static func ensureTable(on connection: PostgresConnection) throws {
        _ = try connection.execute(
            """
            CREATE SCHEMA IF NOT EXISTS modelgraph;
            CREATE TABLE IF NOT EXISTS modelgraph.import_checkpoints (
              identity text PRIMARY KEY,
              guards jsonb NOT NULL,
              position jsonb NOT NULL,
              report jsonb NOT NULL,
              started_at timestamptz NOT NULL DEFAULT now(),
              updated_at timestamptz NOT NULL DEFAULT now()
            );
            """)
    }

    /// The unfinished batched imports' identities and start times (none when the table does not exist).
    static func unfinished(on connection: PostgresConnection) throws -> [(identity: String, started: String)] {
        guard try connection.query("SELECT to_regclass('modelgraph.import_checkpoints') IS NOT NULL").rows.first?[0] == "t" else { return [] }
        return try connection.query("SELECT identity, to_char(started_at, 'YYYY-MM-DD HH24:MI:SS TZ') FROM modelgraph.import_checkpoints ORDER BY started_at FOR UPDATE")
            .rows.map { ($0[0] ?? "", $0[1] ?? "") }
    }

    /// The checkpoint of `identity`, if that import is unfinished.
    static func load(_ identity: String, on connection: PostgresConnection) throws -> ImportCheckpoint? {
        guard let row = try connection.query("SELECT guards, position, report FROM modelgraph.import_checkpoints WHERE identity = $1", [identity]).rows.first,
            let guards = row[0].flatMap({ try? JSONReader.parse(Array($0.utf8)) }).flatMap(ImportGuards.init(json:)),
            let position = row[1].flatMap({ try? JSONReader.parse(Array($0.utf8)) }).flatMap(Position.init(json:)),
            let report = row[2].flatMap({ try? JSONReader.parse(Array($0.utf8)) }).map(ImportReport.init(json:))
        else { return nil }
        return ImportCheckpoint(identity: identity, guards: guards, position: position, report: report)
    }

    /// Deletes the checkpoints of `identities` (a restart taking over what they took off).
    static func delete(_ identities: [String], on connection: PostgresConnection) throws {
        _ = try connection.query("DELETE FROM modelgraph.import_checkpoints WHERE identity = ANY($1::text[])", [ImportGuards.textArray(identities)])
    }

    /// Writes this checkpoint (inserted or replaced) in the current transaction.
    func save(on connection: PostgresConnection) throws {
        _ = try connection.query(
            """
            INSERT INTO modelgraph.import_checkpoints (identity, guards, position, report) VALUES ($1, $2::jsonb, $3::jsonb, $4::jsonb)
            ON CONFLICT (identity) DO UPDATE SET guards = excluded.guards, position = excluded.position, report = excluded.report, updated_at = now()
            """, [identity, JSONText.encode(guards.json), JSONText.encode(position.json), JSONText.encode(report.json)])
    }

    /// Removes this checkpoint (the import is done) in the current transaction.
    func finish(on connection: PostgresConnection) throws {
        try Self.delete([identity], on: connection)
    }

    /// The identity of an import of `sources` with `mapping`: a hash of what names them, stable across runs.
    static func identity(of sources: [ExportSource], mapping: [String: String]) -> String {
        var text = mapping.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: ",")
        for source in sources {
            text += "\n\(source.table)|\(source.kind.rawValue)|\(source.time ?? "")|" + source.files.map(\.lastPathComponent).joined(separator: ",")
        }
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        let tables = Array(Set(sources.map(\.table))).sorted().prefix(3).joined(separator: ",")
        return String(hash, radix: 16) + " (" + tables + (Set(sources.map(\.table)).count > 3 ? ", …" : "") + ")"
    }
}

extension ImportCheckpoint.Position {
    /// The position as JSON.
    var json: JSONValue { .object([("source", .int(source)), ("file", .int(file)), ("line", .int(line)), ("item", .int(item))]) }

    /// The position a checkpoint's JSON holds.
    init?(json: JSONValue) {
        guard case .int(let source)? = json["source"], case .int(let file)? = json["file"], case .int(let line)? = json["line"],
            case .int(let item)? = json["item"]
        else { return nil }
        self.init(source: source, file: file, line: line, item: item)
    }
}

extension ImportGuards {
    /// The guards as JSON, for a checkpoint.
    var json: JSONValue {
        .object([
            ("schema", .string(schemaName)),
            (
                "constraints",
                .list(
                    constraints.map {
                        .object([
                            ("schema", .string($0.schema)), ("table", .string($0.table)), ("name", .string($0.name)), ("definition", .string($0.definition)),
                            ("columns", .list($0.columns.map(JSONValue.string))), ("parentSchema", .string($0.parentSchema)),
                            ("parentTable", .string($0.parentTable)), ("parentColumns", .list($0.parentColumns.map(JSONValue.string))),
                        ])
                    })
            ),
            ("triggersDisabled", .list(triggersDisabled.map(JSONValue.string))), ("tables", .list(tables.map(JSONValue.string))),
        ])
    }

    /// The guards a checkpoint's JSON holds.
    init?(json: JSONValue) {
        func string(_ value: JSONValue?) -> String? { if case .string(let text)? = value { text } else { nil } }
        func strings(_ value: JSONValue?) -> [String] { if case .list(let items)? = value { items.compactMap(string) } else { [] } }
        guard let schemaName = string(json["schema"]), case .list(let items)? = json["constraints"] else { return nil }
        var constraints: [Constraint] = []
        for item in items {
            guard let schema = string(item["schema"]), let table = string(item["table"]), let name = string(item["name"]),
                let definition = string(item["definition"]), let parentSchema = string(item["parentSchema"]), let parentTable = string(item["parentTable"])
            else { return nil }
            constraints.append(
                Constraint(
                    schema: schema, table: table, name: name, definition: definition, columns: strings(item["columns"]), parentSchema: parentSchema,
                    parentTable: parentTable, parentColumns: strings(item["parentColumns"])))
        }
        self.init(schemaName: schemaName, constraints: constraints, triggersDisabled: strings(json["triggersDisabled"]), tables: strings(json["tables"]))
    }
}
