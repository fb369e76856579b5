import Foundation
import ModelIR

/// `--conflict-detection automerge|optimistic` and `--tombstone-retention-days N` (env
/// `MODELGRAPH_CONFLICT_DETECTION`, `MODELGRAPH_TOMBSTONE_RETENTION_DAYS`, or the config file): AppSync's
/// conflict detection, chosen outside the schema as AppSync's project settings choose it.
enum ConflictDetectionOptions {
    static let environmentName = "MODELGRAPH_CONFLICT_DETECTION"
    static let retentionEnvironmentName = "MODELGRAPH_TOMBSTONE_RETENTION_DAYS"

    /// `schema` with conflict detection on when the flag or the environment asks for it; unchanged otherwise.
    static func apply(
        handler flag: String?, retentionDays days: Int?, to schema: ModelIR.Schema, schemaFile: String,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws -> ModelIR.Schema {
        let text = (flag ?? environment[environmentName] ?? "").trimmingCharacters(in: .whitespaces).lowercased()
        guard !text.isEmpty, text != "none" else { return schema }
        let handlers = ConflictDetection.Handler.allCases.map(\.rawValue).joined(separator: " or ")
        guard let handler = ConflictDetection.Handler(rawValue: text) else {
            throw UserError("--conflict-detection (or \(environmentName)) must be \(handlers), not '\(text)'.")
        }
        var retention = ConflictDetection.defaultTombstoneRetentionSeconds
        if let given = days ?? environment[retentionEnvironmentName].flatMap({ Int($0.trimmingCharacters(in: .whitespaces)) }) {
            guard given >= 1, given <= 3650 else { throw UserError("--tombstone-retention-days (or \(retentionEnvironmentName)) must be 1 to 3650 days.") }
            retention = given * 86_400
        } else if let raw = environment[retentionEnvironmentName], !raw.isEmpty {
            throw UserError("\(retentionEnvironmentName) must be a whole number of days, not '\(raw)'.")
        }
        do {
            return try schema.enablingConflictDetection(ConflictDetection(handler: handler, tombstoneRetentionSeconds: retention))
        } catch {
            throw UserError("\(schemaFile): \(error.description)")
        }
    }
}
