package import SQLSyntax

/// The steps from one storage snapshot to another.
package struct MigrationPlan: Equatable, Sendable {
    /// One step, with whether it can lose data.
    package struct Step: Equatable, Sendable {
        package var statement: Statement
        /// Non-nil when the step can destroy data: what would be lost.
        package var dataLoss: String?
        /// A one-line summary for `migrate plan`.
        package var summary: String
    }

    package var steps: [Step]
    /// Changes the differ cannot express yet; generating refuses while any exists.
    package var unsupported: [String]

    /// True when nothing changes.
    package var isEmpty: Bool { steps.isEmpty && unsupported.isEmpty }
    /// The steps that can lose data.
    package var destructiveSteps: [Step] { steps.filter { $0.dataLoss != nil } }

    /// The SQL text of a migration file.
    package func sql(header: String) -> String {
        var text = header.split(separator: "\n").map { "-- " + $0 }.joined(separator: "\n") + "\n"
        for step in steps {
            if let loss = step.dataLoss { text += "\n-- DESTRUCTIVE: \(loss)" }
            text += "\n" + SQLRenderer.render(step.statement) + ";\n"
        }
        return text
    }
}
