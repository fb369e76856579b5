import Foundation
import ModelIR

/// The text indexes declared outside the schema (`--text-index`, `MODELGRAPH_TEXT_INDEXES`, or the config
/// file), so the schema file stays one AppSync deploys. Every command that loads a schema applies them, so
/// `migrate generate`, the snapshot check of `serve` and the planner all see the same indexes.
enum TextIndexOverlay {
    /// The environment variable (and config file setting) holding the declarations, comma-separated.
    static let environmentName = "MODELGRAPH_TEXT_INDEXES"

    /// `schema` with the declarations `options` (else the environment) gives.
    static func apply(_ options: [String], to schema: ModelIR.Schema) throws -> ModelIR.Schema {
        let declarations = options.isEmpty ? ProcessInfo.processInfo.environment[environmentName].map { [$0] } ?? [] : options
        do {
            return try schema.addingTextIndexes(declarations)
        } catch {
            throw UserError("--text-index \(error)")
        }
    }
}
