/// One SQL statement with its parameter values, ready to run.
package struct PlannedStatement: Equatable, Sendable {
    package static func == (lhs: PlannedStatement, rhs: PlannedStatement) -> Bool {
        lhs.sql == rhs.sql && lhs.parameters == rhs.parameters && lhs.requiresRow == rhs.requiresRow && lhs.referenceChecks == rhs.referenceChecks
            && lhs.needsCustomPlan == rhs.needsCustomPlan && lhs.readBack == rhs.readBack && lhs.readsDenial == rhs.readsDenial && lhs.denialCheck == rhs.denialCheck
            && lhs.deniesWithoutRow == rhs.deniesWithoutRow && lhs.expectedCounts == rhs.expectedCounts && lhs.conflictRead == rhs.conflictRead
    }

    /// The SQL text (deterministic for a given operation and variable shape).
    package var sql: String
    /// `$1…$n` values as text (nil = NULL).
    package var parameters: [String?]
    /// Where each parameter comes from, to bind the plan again for a request with other variable values.
    var parameterSources: [ParameterSource] = []
    /// True for update and delete: no row back means the record is missing or the condition failed
    /// (docs/api-contract.md §13.3: `DynamoDB:ConditionalCheckFailedException`).
    package var requiresRow: Bool
    /// For deletes: per foreign-key constraint that can block the delete, a statement counting the records
    /// that still point at the parent, and what to call them in the error.
    package var referenceChecks: [ReferenceCheck]
    /// For create and update: the statement that reads the selection back after the write, in the same
    /// transaction, so nested selections see the new state (a data-modifying CTE's changes are invisible to
    /// the rest of its own statement). Its first parameters are the key values the write returns.
    package var readBack: ReadBack?
    /// Errors of nested fields the caller may not read (their values are null in the JSON).
    package var fieldErrors: [PlanError] = []
    /// True when the JSON holds field-denial markers (`FieldDenialMarker`): a field whose owner or group rules a
    /// record may not match is null in that record, and a marker beside it says so; the executor removes the
    /// markers and reports each as an `Unauthorized` error at the field's path.
    package var marksFieldDenials = false
    /// For a get under owner or group rules: the statement's second cell is true when the record exists but
    /// the caller's rules do not match it (the field is then null with `unauthorized`).
    package var readsDenial = false
    /// For an update or delete under owner or group rules: when the write touched no row, this statement tells
    /// whether the record is the caller's (then its condition failed) or not (`unauthorized`).
    package var denialCheck: DenialCheck?
    /// For an update or delete under conflict detection: when the write touched no row, this statement reads
    /// the stored record if its `_version` is not the one the write carried (the write is then
    /// `ConflictUnhandled`, with that record as the error's `data`).
    package var conflictRead: ConflictRead?
    /// For a create under owner or group rules without a condition: no row back means the new values are not
    /// the caller's (`unauthorized`).
    package var deniesWithoutRow = false
    /// For a write of several parts (nested or batch writes): the row counts the statement's first row reports
    /// after the written key, each of which must be as expected. The statement then runs in a transaction,
    /// and a count that differs fails the root field and rolls back everything it wrote.
    package var expectedCounts: [ExpectedCount] = []
    /// The error of a root field denied while it runs (`readsDenial`, `denialCheck`, `deniesWithoutRow`).
    package var unauthorized: PlanError?
    /// Where the root field is in the request, for error entries.
    package var locations: [(line: Int, column: Int)] = []
    /// True when the statement's best plan depends on its values, so PostgreSQL should plan each execution
    /// for them rather than reuse one generic plan: a relation filter's `EXISTS`, whose selectivity decides
    /// between walking the page's index and starting from the few related rows that match.
    package var needsCustomPlan = false
    /// For a mutation that custom subscriptions receive (`@aws_subscribe`): its name; once answered, its value
    /// is published to them.
    package var publishedAs: String?
    /// The fields answered by functions that the statement's JSON marks, by marker index: the executor calls
    /// their functions once the statement has answered.
    package var fieldResolvers: [FieldResolverPlan] = []

    /// Creates a statement.
    package init(sql: String, parameters: [String?], requiresRow: Bool = false, referenceChecks: [ReferenceCheck] = [], readBack: ReadBack? = nil) {
        self.sql = sql
        self.parameters = parameters
        self.requiresRow = requiresRow
        self.referenceChecks = referenceChecks
        self.readBack = readBack
    }
}

/// A follow-up select whose first `keyCount` parameters come from the write's returned row.
package struct ReadBack: Equatable, Sendable {
    package static func == (lhs: ReadBack, rhs: ReadBack) -> Bool {
        lhs.sql == rhs.sql && lhs.parameters == rhs.parameters && lhs.keyCount == rhs.keyCount
    }

    package var sql: String
    /// Parameters after the key values.
    package var parameters: [String?]
    /// Where each parameter comes from (the key placeholders are fixed).
    var parameterSources: [ParameterSource] = []
    /// How many leading parameters are the written row's key.
    package var keyCount: Int

    /// The parameters with the written row's key filled in.
    package func parameters(key: [String?]) -> [String?] {
        key + parameters.dropFirst(keyCount)
    }
}

/// A read telling a write that touched no row under owner or group rules why: its one cell is true when the
/// record exists and the caller's rules match it.
package struct DenialCheck: Equatable, Sendable {
    package static func == (lhs: DenialCheck, rhs: DenialCheck) -> Bool {
        lhs.sql == rhs.sql && lhs.parameters == rhs.parameters
    }

    /// `SELECT <rules match> FROM <table> WHERE <key>`.
    package var sql: String
    /// Its parameters.
    package var parameters: [String?]
    /// Where each parameter comes from.
    var parameterSources: [ParameterSource] = []
}

/// A read telling a versioned write that touched no row whether it lost to a newer version: its one cell is
/// the selection's JSON over the stored record, and there is a row only when the record exists with another
/// `_version` than the write's.
package struct ConflictRead: Equatable, Sendable {
    package static func == (lhs: ConflictRead, rhs: ConflictRead) -> Bool {
        lhs.sql == rhs.sql && lhs.parameters == rhs.parameters
    }

    /// `SELECT <selection> FROM <table> WHERE <key> AND _version <> <the write's>`.
    package var sql: String
    /// Its parameters.
    package var parameters: [String?]
    /// Where each parameter comes from.
    var parameterSources: [ParameterSource] = []
}

/// How to explain a `ReferenceInUse` failure of one constraint.
package struct ReferenceCheck: Equatable, Sendable {
    package static func == (lhs: ReferenceCheck, rhs: ReferenceCheck) -> Bool {
        lhs.constraint == rhs.constraint && lhs.relationship == rhs.relationship && lhs.countSQL == rhs.countSQL
            && lhs.parameters == rhs.parameters
    }

    /// The constraint's name.
    package var constraint: String
    /// `Member.team`: the child model and its relationship.
    package var relationship: String
    /// `SELECT count(*) …` over the children that still point at the record.
    package var countSQL: String
    /// The count's parameters (the record's key).
    package var parameters: [String?]
    /// Where each parameter comes from.
    var parameterSources: [ParameterSource] = []
}

/// How one root field of an operation is answered.
package enum RootFieldPlan: Equatable, Sendable {
    /// Run the statement; its single cell is the field's JSON (no row = null).
    case statement(PlannedStatement, mutation: Bool)
    /// A custom operation: its handler, then the shaping of its answer or the read of the records it returned.
    /// Boxed: the plan is large, and every root field's plan is as large as the largest case.
    indirect case custom(CustomFieldPlan)
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
    /// The operation's name as written in the document (for logs and metrics).
    package var name: String?
    /// True when the operation reads only introspection fields (`__schema`, `__type`, `__typename`, at least
    /// one of the first two): GraphQLSwift answers it instead of the plan.
    package var isIntrospection = false
    /// The worst-case rows the operation can produce, as a formula over the request's variable leaves.
    var cost: OperationCost?
    /// The objects the operation's introspection fields produce for the schema (`IntrospectionCost`).
    var introspectionObjects = 0
    /// True for a mutation marked `@transaction`: its root fields run in one database transaction, all or none.
    package var transactional = false
    /// True when the plan came from the plan cache (for the planning span); not part of the plan's equality.
    package var fromCache = false

    /// Creates a plan.
    package init(operationType: String, fields: [(key: String, plan: RootFieldPlan)], name: String? = nil) {
        self.operationType = operationType
        self.fields = fields
        self.name = name
    }

    package static func == (lhs: PlannedOperation, rhs: PlannedOperation) -> Bool {
        lhs.operationType == rhs.operationType && lhs.fields.map(\.key) == rhs.fields.map(\.key)
            && lhs.fields.map(\.plan) == rhs.fields.map(\.plan) && lhs.transactional == rhs.transactional
    }
}

/// A row count a write statement reports in its first row, and what it means when it differs.
package struct ExpectedCount: Equatable, Sendable {
    /// Why a count can differ.
    package enum Failure: Equatable, Sendable {
        /// A record to connect does not exist (or is not one the caller may change): `ReferenceNotFound`
        /// with this message.
        case referenceNotFound(String)
        /// The caller's rules refused a part of the write (`Unauthorized`, the root field's error).
        case unauthorized
        /// A part of the write found no record or a false condition (`ConditionalCheckFailed`).
        case conditionalCheckFailed
    }

    /// The 0-based column of the statement's first row holding the count.
    package var column: Int
    /// The count the write needs.
    package var count: Int
    /// The error when the count differs.
    package var failure: Failure
    /// For a versioned item of a batch (conflict detection), the read of its stored record when its `_version`
    /// is not the item's: a record there makes the failure `ConflictUnhandled` with that record as its data.
    package var conflictRead: ConflictRead?

    /// Creates an expectation.
    package init(column: Int, count: Int, failure: Failure, conflictRead: ConflictRead? = nil) {
        self.column = column
        self.count = count
        self.failure = failure
        self.conflictRead = conflictRead
    }

    /// True when `row` (the statement's first row) reports the expected count.
    package func isMet(by row: [String?]) -> Bool {
        column < row.count && row[column].flatMap { Int($0) } == count
    }
}
