/// A `SELECT` statement or sub-query.
package struct Select: Equatable, Sendable {
    /// Common table expressions: `WITH name AS (statement)`.
    package var with: [CommonTableExpression]
    /// `SELECT DISTINCT` when true: each row of the select list once.
    package var distinct: Bool
    /// The select list.
    package var columns: [SelectColumn]
    /// The `FROM` items, joined with commas (a `lateral` item sees the ones before it).
    package var from: [FromItem]
    /// The `WHERE` condition.
    package var whereClause: SQLExpression?
    /// `ORDER BY` items.
    package var orderBy: [SQLOrder]
    /// `LIMIT` expression.
    package var limit: SQLExpression?
    /// `FOR UPDATE` when true.
    package var forUpdate: Bool

    /// Creates a select.
    package init(
        with: [CommonTableExpression] = [],
        columns: [SelectColumn],
        from: [FromItem] = [],
        where whereClause: SQLExpression? = nil,
        orderBy: [SQLOrder] = [],
        limit: SQLExpression? = nil,
        forUpdate: Bool = false,
        distinct: Bool = false
    ) {
        self.with = with
        self.distinct = distinct
        self.columns = columns
        self.from = from
        self.whereClause = whereClause
        self.orderBy = orderBy
        self.limit = limit
        self.forUpdate = forUpdate
    }
}

/// One item of a select list: `expression AS "alias"`.
package struct SelectColumn: Equatable, Sendable {
    /// The value.
    package var expression: SQLExpression
    /// The output name, when given.
    package var alias: String?

    /// Creates a column.
    package init(_ expression: SQLExpression, as alias: String? = nil) {
        self.expression = expression
        self.alias = alias
    }
}

/// One `FROM` item.
package indirect enum FromItem: Equatable, Sendable {
    /// `"schema"."table" AS "alias"`.
    case table(TableName, alias: String)
    /// `(SELECT …) AS "alias"`, `LATERAL` when `lateral` is true.
    case subquery(Select, alias: String, lateral: Bool)
    /// `"cte" AS "alias"`.
    case cte(String, alias: String)
    /// The rows of several CTEs of one table's columns, as one source:
    /// `(SELECT * FROM "w1" UNION ALL SELECT * FROM "w2") AS "alias"`; one name renders as `.cte` does.
    case ctes([String], alias: String)
    /// The rows that a JSON array of row images (`to_jsonb` of rows of `table`) describes, as rows of `table`
    /// under `alias`, each with its 1-based place in the array as `"positions"."position"`:
    /// `jsonb_array_elements(json) WITH ORDINALITY AS "positions"("image", "position"),
    /// jsonb_populate_record(NULL::table, "positions"."image") AS "alias"`.
    case rowImages(TableName, json: SQLExpression, alias: String, positions: String)
}

/// A possibly schema-qualified table name.
package struct TableName: Equatable, Hashable, Sendable, Codable {
    /// The schema, or nil for the search path.
    package var schema: String?
    /// The table.
    package var name: String

    /// Creates a name.
    package init(schema: String? = nil, _ name: String) {
        self.schema = schema
        self.name = name
    }
}

/// `name AS (statement)` in a `WITH` clause.
package struct CommonTableExpression: Equatable, Sendable {
    /// The name the rest of the statement uses.
    package var name: String
    /// The data-modifying or selecting statement (a recursive one's non-recursive part).
    package var statement: Statement
    /// When set, the expression is recursive: `name AS (statement UNION step)`, where `step` reads `name`, and
    /// the clause becomes `WITH RECURSIVE`. `UNION` (not `UNION ALL`) drops the rows already found, so a cycle
    /// in the data ends the recursion.
    package var recursiveStep: Select?

    /// Creates one.
    package init(name: String, statement: Statement, recursiveStep: Select? = nil) {
        self.name = name
        self.statement = statement
        self.recursiveStep = recursiveStep
    }
}
