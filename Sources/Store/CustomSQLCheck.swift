package import ModelIR
package import Postgres
import SQLSyntax
import Storage

/// Checks the schema's SQL handlers against the database when the server starts: PostgreSQL prepares each
/// statement (nothing runs), so a wrong table, column or syntax stops the start with the operation's place in
/// the schema, not a client's request later. A placeholder PostgreSQL cannot type from where it stands
/// (`SELECT :x AS value`) is given its argument's type, and a statement returning a model must return its key.
package enum CustomSQLCheck {
    /// `schema` with each SQL handler's statement ready to run, or the errors of those that cannot be.
    package static func check(_ schema: ModelIR.Schema, on client: PostgresClient, databaseSchema: String? = nil) async throws -> ModelIR.Schema {
        var checked = schema
        var diagnostics: [Diagnostic] = []
        for index in checked.customOperations.indices {
            let operation = checked.customOperations[index]
            guard case .sql(var handler) = operation.handler else { continue }
            var casts: [String: String] = [:]
            var failure: String?
            // Each round types one more placeholder PostgreSQL could not; a statement has finitely many.
            for _ in 0...handler.statement.names.count {
                do {
                    try await prepare(handler.statement, operation: operation, schema: schema, on: client)
                    failure = nil
                    break
                } catch let error as PostgresError {
                    if error.sqlState == "42P18", let position = undeterminedParameter(error.message), position <= handler.statement.names.count {
                        let name = handler.statement.names[position - 1]
                        if casts[name] == nil, let argument = operation.arguments.first(where: { $0.name == name }) {
                            casts[name] = sqlType(of: argument.type, in: schema)
                            handler.statement = try handler.statement.casting(casts)
                            continue
                        }
                    }
                    failure = error.message
                    break
                }
            }
            if let failure {
                let returned = operation.returnType.description
                diagnostics.append(.error("The SQL of \(operation.kind.rawValue).\(operation.name) (returning \(returned)) does not prepare: \(failure)", at: operation.location))
                continue
            }
            checked.customOperations[index].handler = .sql(handler)
        }
        if !diagnostics.isEmpty { throw DiagnosticsError(diagnostics) }
        return checked
    }

    /// Prepares the statement as the planner wraps it (a subquery for a query, a CTE for a mutation), naming the
    /// key columns of a returned model, then forgets it.
    private static func prepare(_ statement: SQLPlaceholders, operation: CustomOperation, schema: ModelIR.Schema, on client: PostgresClient) async throws {
        let rows = Quoting.identifier("__sql$")
        var columns = "*"
        if case .model(let name) = operation.returnType.base, let model = schema.model(named: name) {
            columns = model.primaryKeyFields.map { rows + "." + Quoting.identifier($0.name) }.joined(separator: ", ")
        }
        let wrapped =
            operation.kind == .query
            ? "SELECT \(columns) FROM (\(statement.text)) AS \(rows)" : statement.rowsClause(as: "__sql$") + "SELECT \(columns) FROM \(rows)"
        let name = "modelgraph_check_\(StableHash.hex(statement.text).prefix(12))"
        // One simple query, so a transaction pooler keeps both on one server connection.
        let sql = "PREPARE \(Quoting.identifier(name)) AS \(wrapped); DEALLOCATE \(Quoting.identifier(name))"
        _ = try await client.withConnection { connection in try connection.execute(sql) }
    }

    /// The `n` of PostgreSQL's "could not determine data type of parameter $n".
    static func undeterminedParameter(_ message: String) -> Int? {
        guard let marker = message.ranges(of: "parameter $").last else { return nil }
        return Int(message[marker.upperBound...].prefix { $0.isNumber })
    }

    /// The SQL type a placeholder of `type` is given: its storage type, JSON for objects and `AWSJSON`.
    static func sqlType(of type: FieldType, in schema: ModelIR.Schema) -> String {
        if case .object = type.base { return type.isList ? "jsonb[]" : "jsonb" }
        return StorageMapping.sqlType(type).description
    }
}
