import Foundation
import Migrations
import ModelIR
import Storage
import Store

/// Writes the next migration for a schema's changes: what `migrate generate` does, and what `serve` does on a
/// first run, when the migrations folder holds no migration yet.
struct MigrationGeneration {
    /// The folder the migration goes into.
    var directory: MigrationDirectory

    /// What generating came to.
    enum Outcome {
        /// The migrations already hold the schema.
        case noChanges
        /// The file written, and how many steps it holds.
        case written(URL, steps: Int)
    }

    /// Writes the migration from the last snapshot to `schema`'s storage, named `name` (else `init` for the
    /// first, `change` after); refuses steps it cannot write and, without `allowDestructive`, steps that lose data.
    func generate(for schema: Schema, name: String? = nil, renames: [String: String] = [:], allowDestructive: Bool = false) throws -> Outcome {
        let target = StorageMapping.storage(for: schema)
        let previous = try directory.latestSnapshot()
        let plan = MigrationDiff.plan(from: previous, to: target, renames: renames)
        guard plan.unsupported.isEmpty else {
            throw UserError("Cannot generate a migration:\n" + plan.unsupported.map { "  - " + $0 }.joined(separator: "\n"))
        }
        guard !plan.isEmpty else { return .noChanges }
        if !plan.destructiveSteps.isEmpty && !allowDestructive {
            throw UserError(
                "Refusing destructive steps (pass --allow-destructive to write them):\n"
                    + plan.destructiveSteps.compactMap { $0.dataLoss.map { "  - " + $0 } }.joined(separator: "\n"))
        }
        let url = try directory.write(plan: plan, snapshot: target, name: name ?? (previous.tables.isEmpty ? "init" : "change"))
        return .written(url, steps: plan.steps.count)
    }
}
