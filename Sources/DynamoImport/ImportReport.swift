import Foundation

/// What an import did, per model and per relationship: printed as a table, written as JSON with `--report`.
package struct ImportReport: Sendable {
    /// One model's counts.
    package struct ModelCounts: Sendable {
        /// Items read from the sources.
        package var read = 0
        /// Rows written (inserted or updated).
        package var written = 0
        /// Rows deleted (an incremental export's deletes).
        package var deleted = 0
        /// Items not loaded because a value could not be stored exactly: how many, and the first few.
        package var refused = 0
        package var refusals: [(key: String, reason: String)] = []
        /// Rows removed or changed because of dangling references (`--on-dangling skip` or `null`).
        package var dropped = 0
        /// Conflict detection's tombstones (records deleted on AppSync) not imported, for a model that keeps none.
        package var tombstones = 0
        /// Attributes that are not fields, with how many items had each.
        package var unknownAttributes: [String: Int] = [:]
    }

    /// One relationship's references to records that do not exist.
    package struct Dangling: Sendable {
        /// `Child.field → Parent`.
        package var relationship: String
        /// How many rows hold one.
        package var count: Int
        /// A few of those rows' keys.
        package var examples: [String]
        /// What was done about them.
        package var action: String
    }

    /// Per model, in the order met.
    package var models: [(name: String, counts: ModelCounts)] = []
    /// Dangling references found, per relationship.
    package var dangling: [Dangling] = []
    /// Tables of the sources that no model maps to.
    package var unmatchedTables: [String] = []
    /// Seconds the import took.
    package var seconds: Double = 0
    /// True when nothing was kept (`--dry-run`, or a failure).
    package var rolledBack = false

    /// An empty report.
    package init() {}

    /// Most refused items listed per model.
    static let listedRefusals = 20

    /// The counts of `model`, created on first use.
    package subscript(model model: String) -> ModelCounts {
        get { models.first { $0.name == model }?.counts ?? ModelCounts() }
        set {
            if let index = models.firstIndex(where: { $0.name == model }) { models[index].counts = newValue } else { models.append((model, newValue)) }
        }
    }

    /// The summary table, one line per model, then the dangling references.
    package var table: String {
        var lines = ["model | read | written | deleted | refused | dropped (dangling) | tombstones skipped", "--- | --- | --- | --- | --- | --- | ---"]
        for (name, counts) in models {
            lines.append("\(name) | \(counts.read) | \(counts.written) | \(counts.deleted) | \(counts.refused) | \(counts.dropped) | \(counts.tombstones)")
        }
        if !dangling.isEmpty {
            lines += ["", "relationship | dangling | examples | action", "--- | --- | --- | ---"]
            for entry in dangling { lines.append("\(entry.relationship) | \(entry.count) | \(entry.examples.joined(separator: ", ")) | \(entry.action)") }
        }
        for (name, counts) in models where !counts.refusals.isEmpty {
            lines.append("")
            lines.append("\(name): \(counts.refused) item(s) not imported (a value cannot be stored exactly):")
            for refusal in counts.refusals { lines.append("  \(refusal.key): \(refusal.reason)") }
        }
        for (name, counts) in models where !counts.unknownAttributes.isEmpty {
            let listed = counts.unknownAttributes.sorted { $0.key < $1.key }.map { "\($0.key) (\($0.value))" }.joined(separator: ", ")
            lines.append("\(name): attributes that are not fields, not imported: \(listed)")
        }
        if !unmatchedTables.isEmpty { lines.append("tables no model maps to (use --model Model=TABLE): " + unmatchedTables.joined(separator: ", ")) }
        lines.append(String(format: "%.1f s%@", seconds, rolledBack ? ", nothing written" : ""))
        return lines.joined(separator: "\n")
    }
}
