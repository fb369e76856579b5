/// One SQL statement with its parameter values, ready to run.
package struct PlannedStatement: Equatable, Sendable {
    /// The SQL text (deterministic for a given operation and variable shape).
    package var sql: String
    /// `$1…$n` values as text (nil = NULL).
    package var parameters: [String?]

    /// Creates a statement.
    package init(sql: String, parameters: [String?]) {
        self.sql = sql
        self.parameters = parameters
    }
}

/// How one root field of an operation is answered.
package enum RootFieldPlan: Equatable, Sendable {
    /// Run the statement; its single cell is the field's JSON (no row = null).
    case statement(PlannedStatement, mutation: Bool)
    /// A constant JSON value (`__typename`).
    case constant(String)
    /// The field fails with this error; the others still run.
    case failure(PlanError)
}

/// An operation compiled to one plan per root field, in response order.
package struct PlannedOperation: Equatable, Sendable {
    /// `query`, `mutation` or `subscription`.
    package var operationType: String
    /// Response key and plan of each root field.
    package var fields: [(key: String, plan: RootFieldPlan)]

    /// Creates a plan.
    package init(operationType: String, fields: [(key: String, plan: RootFieldPlan)]) {
        self.operationType = operationType
        self.fields = fields
    }

    package static func == (lhs: PlannedOperation, rhs: PlannedOperation) -> Bool {
        lhs.operationType == rhs.operationType && lhs.fields.map(\.key) == rhs.fields.map(\.key)
            && lhs.fields.map(\.plan) == rhs.fields.map(\.plan)
    }
}
