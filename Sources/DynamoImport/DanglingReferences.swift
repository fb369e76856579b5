import JSON
import ModelIR
import Postgres
import SQLSyntax

/// References AppSync never checked: after the rows are in (with the foreign keys taken off), the rows of each
/// foreign key the import took off whose reference names no record are counted, with a few of their keys, and
/// handled by the policy: `fail` stops the import before anything is kept, `null` clears the reference (not for a
/// required one), `skip` leaves the referring rows out (which may leave their own children dangling: checked again
/// until none). The keys checked are exactly those the import will put back (`ImportGuards`), read from the
/// database's catalog, so what is checked here is what PostgreSQL checks when they return.
struct DanglingReferences {
    let schema: Schema
    let guards: ImportGuards
    let policy: DynamoImporter.DanglingPolicy

    /// One foreign key, as SQL pieces.
    struct Reference {
        let label: String
        let child: Model
        let childTable: String
        let condition: String
        let columns: [String]
        let required: Bool
    }

    /// Every foreign key between two of the models' tables.
    var references: [Reference] {
        guards.constraints.compactMap { key in
            guard key.schema == guards.schemaName, key.parentSchema == guards.schemaName,
                let model = schema.models.first(where: { $0.tableName == key.table }),
                let parent = schema.models.first(where: { $0.tableName == key.parentTable })
            else { return nil }
            let present = key.columns.map { "\"c\".\(Quoting.identifier($0)) IS NOT NULL" }
            let matches = zip(key.columns, key.parentColumns).map { "\"p\".\(Quoting.identifier($1)) = \"c\".\(Quoting.identifier($0))" }
            let condition = (present + ["NOT EXISTS (SELECT 1 FROM \(key.qualifiedParent) AS \"p\" WHERE \(matches.joined(separator: " AND ")))"]).joined(separator: " AND ")
            let fields = key.columns.map { column in model.storedFields.first { $0.columnName == column } }
            let names = fields.enumerated().map { $1?.name ?? key.columns[$0] }
            return Reference(
                label: "\(model.name).\(names.joined(separator: ",")) → \(parent.name)", child: model, childTable: key.qualifiedTable, condition: condition,
                columns: key.columns, required: fields.contains { $0?.type.isRequired == true })
        }
    }

    /// Finds and handles the dangling references; throws `DynamoImporter.Stop` when the policy or a required
    /// reference forbids going on.
    func handle(on connection: PostgresConnection, report: inout ImportReport) throws {
        let references = self.references
        for round in 0...references.count {
            var found = false
            for reference in references {
                let keys = reference.child.primaryKeyFields.map { "\"c\".\(Quoting.identifier($0.columnName))::text" }.joined(separator: ", ")
                let counted = try connection.query(
                    "SELECT count(*), coalesce(json_agg(\"k\") FILTER (WHERE \"n\" <= 3), '[]') FROM (SELECT concat_ws('#', \(keys)) AS \"k\", "
                        + "row_number() OVER () AS \"n\" FROM \(reference.childTable) AS \"c\" WHERE \(reference.condition)) AS \"d\"")
                guard let count = counted.rows.first?[0].flatMap({ Int($0) }), count > 0 else { continue }
                found = true
                let examples = (counted.rows.first?[1]).flatMap { text in try? JSONStrings.parse(text) } ?? []
                var entry = ImportReport.Dangling(relationship: reference.label, count: count, examples: examples, action: "")
                switch policy {
                case .fail:
                    entry.action = "none: the import stopped (--on-dangling fail)"
                case .null where reference.required:
                    entry.action = "cannot be nulled: the reference is required (use --on-dangling skip, or fix the data)"
                    report.dangling.append(entry)
                    throw DynamoImporter.Stop(description: "\(reference.label): \(count) required reference(s) name no record and cannot be nulled.", report: report)
                case .null:
                    let sets = reference.columns.map { "\(Quoting.identifier($0)) = NULL" }.joined(separator: ", ")
                    let changed = try connection.query("UPDATE \(reference.childTable) AS \"c\" SET \(sets) WHERE \(reference.condition)").affectedRows
                    report[model: reference.child.name].dropped += changed
                    entry.action = "set to null in \(changed) row(s)"
                case .skip:
                    let removed = try connection.query("DELETE FROM \(reference.childTable) AS \"c\" WHERE \(reference.condition)").affectedRows
                    report[model: reference.child.name].dropped += removed
                    report[model: reference.child.name].written -= removed
                    entry.action = "\(removed) row(s) left out"
                }
                report.dangling.append(entry)
            }
            if policy == .fail, found {
                throw DynamoImporter.Stop(description: "References name records that do not exist; nothing was written (--on-dangling null or skip to go on).", report: report)
            }
            if !found || policy == .null { return }
            _ = round
        }
    }
}
