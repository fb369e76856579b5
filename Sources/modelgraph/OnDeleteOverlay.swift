import Foundation
import ModelIR

/// `--on-delete Model.field=ACTION` and `MODELGRAPH_ON_DELETE`: delete behaviour kept outside the schema file,
/// applied to every schema a command loads, so `migrate generate`, `serve`'s check of the migrations and the
/// planner all see the same foreign keys while the schema itself stays deployable to AppSync.
enum OnDeleteOptions {
    /// The environment variable (also accepted in `--config` files): comma-separated entries.
    static let environmentName = "MODELGRAPH_ON_DELETE"

    /// The overrides the flags give, else those of the environment; flags win over the environment as a whole,
    /// as for every other setting. A flag's value may itself be a comma-separated list.
    static func overrides(flags: [String], environment: [String: String] = ProcessInfo.processInfo.environment) throws(OnDeleteRefusal) -> [OnDeleteOverride] {
        if !flags.isEmpty {
            var overrides: [OnDeleteOverride] = []
            for flag in flags { overrides += try OnDeleteOverride.list(flag) }
            return overrides
        }
        return try OnDeleteOverride.list(environment[environmentName] ?? "")
    }

    /// Applies the overrides to `schema`, loaded from `schemaFile`; a refusal is the user's to fix.
    static func apply(flags: [String], to schema: inout ModelIR.Schema, schemaFile: String) throws {
        do {
            try schema.apply(overrides(flags: flags))
        } catch {
            throw UserError("\(schemaFile): \(error.description) (from --on-delete or \(environmentName))")
        }
    }
}
