import Planner
import Telemetry
import Tracing

/// The spans execution records while tracing is on, for traced work (callers check `Telemetry.parent` first): planning,
/// and each root field's statement. They hold identifiers and counts only, never the statement's text or
/// the request's values.
enum ExecutionTrace {
    /// Starts the `graphql.plan` span, a child of `parent`.
    static func startPlanning(_ parent: ServiceContext) -> any Span {
        Telemetry.tracer.startSpan("graphql.plan", context: parent, ofKind: .internal)
    }

    /// Ends the planning span with what planning found: the operation's type and whether its plan was cached.
    static func endPlanning(_ span: any Span, _ operation: PlannedOperation) {
        span.updateAttributes { attributes in
            attributes["graphql.operation.type"] = operation.operationType.lowercased()
            attributes["modelgraph.plan.cache"] = operation.fromCache ? "hit" : "miss"
        }
        span.end()
    }

    /// Ends the planning span of a document that could not be planned.
    static func endPlanning(_ span: any Span, failedWith errors: PlanErrors) {
        span.fail(errors.errors.first.map { $0.code == .validation ? "GraphQLValidation" : $0.code.rawValue } ?? "PlanError")
        span.end()
    }

    /// Runs one root field's statement (`body`, under `parent`, which answers its JSON and the rows PostgreSQL returned)
    /// under a `modelgraph.statement` span: its plan id (the hash the slow-statement log names), whether it
    /// writes, the rows returned; its pool wait and run on the connection are its children (`PoolTrace`).
    static func statement(
        _ parent: ServiceContext, planID: String, write: Bool, _ body: () async throws -> (json: String, rows: Int)
    ) async throws -> String {
        let span = Telemetry.tracer.startSpan("modelgraph.statement", context: parent, ofKind: .internal)
        span.updateAttributes { attributes in
            attributes["db.system.name"] = "postgresql"
            attributes["modelgraph.plan.id"] = planID
            attributes["modelgraph.statement.write"] = write
        }
        defer { span.end() }
        do {
            let answer = try await ServiceContext.$current.withValue(span.context) { try await body() }
            span.attributes["db.response.returned_rows"] = answer.rows
            return answer.json
        } catch {
            span.fail(error)
            throw error
        }
    }
}
