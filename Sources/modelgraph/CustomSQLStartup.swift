import ModelIR
import Postgres
import Store

extension CustomSQLCheck {
    /// `schema` with its SQL handlers checked against the database; a statement that cannot be prepared stops
    /// `serve` with its place in the schema file.
    static func checked(_ schema: ModelIR.Schema, document: SchemaDocument, client: PostgresClient) async throws -> ModelIR.Schema {
        do {
            return try await check(schema, on: client)
        } catch let error as DiagnosticsError {
            throw UserError(error.diagnostics.map(document.formatted).joined(separator: "\n") + "\n\(error.diagnostics.count) error(s) in \(document.file)")
        }
    }
}
