/// A typed SQL expression. Leaves are columns, `$n` parameters and our own constants; there is no way to put
/// a request value into the text.
package indirect enum SQLExpression: Equatable, Sendable {
    /// `"table"."column"`, or `"column"` without a table alias.
    case column(table: String?, name: String)
    /// `$n`, optionally cast: `$1::integer`.
    case parameter(Int, SQLType?)
    /// A string constant written by the program or the schema author (never a request value).
    case constant(String)
    /// An integer constant written by the program.
    case integer(Int)
    /// `NULL`, `TRUE`, `FALSE`, `DEFAULT`, `*`.
    case keyword(SQLKeyword)
    /// `name(arg, …)` for a function of ours.
    case function(SQLFunction, [SQLExpression])
    /// An aggregate: `name(args)`, fed rows in the order its `FROM` produces them.
    case aggregate(SQLFunction, [SQLExpression])
    /// `left op right`.
    case binary(SQLExpression, SQLOperator, SQLExpression)
    /// `NOT (e)`.
    case not(SQLExpression)
    /// `e IS NULL` / `e IS NOT NULL`.
    case isNull(SQLExpression, negated: Bool)
    /// `CAST(e AS type)`, rendered `(e)::type`.
    case cast(SQLExpression, SQLType)
    /// `(e1, e2, …)`.
    case row([SQLExpression])
    /// `(SELECT …)`.
    case subquery(Select)
    /// `CASE WHEN c THEN v … ELSE e END`.
    case caseWhen([(SQLExpression, SQLExpression)], else: SQLExpression?)
    /// `e AT TIME ZONE 'zone'`.
    case atTimeZone(SQLExpression, String)
    /// `e COLLATE "C"`.
    case collate(SQLExpression, String)
    /// `ARRAY[e1, e2, …]`.
    case array([SQLExpression])
    /// `ARRAY(select)`: an array of the one-column rows of a sub-query, in their order.
    case arrayOf(Select)
    /// `lhs = ANY(rhs)`.
    case any(SQLExpression, SQLOperator, SQLExpression)
    /// `(array)[index]`: one element, 1-based.
    case element(SQLExpression, SQLExpression)
    /// `(array)[lower:upper]`: the elements between two 1-based positions, both included.
    case slice(SQLExpression, lower: SQLExpression, upper: SQLExpression)
    /// `EXISTS (SELECT …)`, or `NOT EXISTS (SELECT …)` when negated.
    case exists(Select, negated: Bool)
    /// `e LIKE pattern ESCAPE 'c'`: `escape` is the program's own escape character (never a request value);
    /// nil leaves PostgreSQL's default, the backslash, implicit.
    case like(SQLExpression, pattern: SQLExpression, escape: Character?)
    /// `row_number() OVER ()`: the position of each row in the order its sub-query delivers them.
    case rowNumber

    /// Equality to a typed expression with a case list of equatable pairs.
    package static func == (lhs: SQLExpression, rhs: SQLExpression) -> Bool {
        SQLRenderer.expression(lhs) == SQLRenderer.expression(rhs)
    }

    /// `a AND b AND …`, or TRUE for an empty list.
    package static func and(_ parts: [SQLExpression]) -> SQLExpression {
        guard var result = parts.first else { return .keyword(.true) }
        for part in parts.dropFirst() { result = .binary(result, .and, part) }
        return result
    }

    /// `a OR b OR …`, or FALSE for an empty list.
    package static func or(_ parts: [SQLExpression]) -> SQLExpression {
        guard var result = parts.first else { return .keyword(.false) }
        for part in parts.dropFirst() { result = .binary(result, .or, part) }
        return result
    }
}

/// SQL keywords usable as expressions.
package enum SQLKeyword: String, Sendable, Equatable {
    case null = "NULL"
    case `true` = "TRUE"
    case `false` = "FALSE"
    case `default` = "DEFAULT"
    case star = "*"
}

/// Binary operators.
package enum SQLOperator: String, Sendable, Equatable {
    case equal = "="
    case notEqual = "<>"
    case less = "<"
    case lessOrEqual = "<="
    case greater = ">"
    case greaterOrEqual = ">="
    case and = "AND"
    case or = "OR"
    case plus = "+"
    case minus = "-"
    case times = "*"
    case concat = "||"
    /// Full-text match of a `tsvector` and a `tsquery`.
    case textSearchMatch = "@@"
    case isDistinctFrom = "IS DISTINCT FROM"
    case isNotDistinctFrom = "IS NOT DISTINCT FROM"
    case arrayContainedBy = "<@"
    case arrayOverlaps = "&&"
}

/// The functions the program calls. A closed set, so no name can come from a request.
package enum SQLFunction: String, Sendable, Equatable {
    case jsonBuildObject = "json_build_object"
    case jsonBuildArray = "json_build_array"
    case arrayAgg = "array_agg"
    case arrayToJSON = "array_to_json"
    case arrayToString = "array_to_string"
    case jsonArrayElementsText = "json_array_elements_text"
    case toJSON = "to_json"
    case coalesce
    case count
    case now
    case genRandomUUID = "gen_random_uuid"
    case toChar = "to_char"
    case length
    case cardinality
    case strpos
    case splitPart = "split_part"
    case left
    case encode
    case convertTo = "convert_to"
    case translate
    case lower
    /// Aggregates (used with `SQLExpression.aggregate`).
    case sum, avg, min, max
    case toTSVector = "to_tsvector"
    case datePart = "date_part"
    case least
    case backendPID = "pg_backend_pid"
    case currentDatabase = "current_database"
    case jsonbTypeof = "jsonb_typeof"
    /// Conflict detection's recursive merge of a stale write's JSON into the stored value; created with the
    /// system tables (`AutomergeFunction` in Store).
    case automergeJSON = "modelgraph.automerge_json"
    case websearchToTSQuery = "websearch_to_tsquery"
}

/// One `ORDER BY` item.
package struct SQLOrder: Equatable, Sendable {
    /// What to order by.
    package var expression: SQLExpression
    /// True for `DESC`.
    package var descending: Bool
    /// `NULLS FIRST` (true) or `NULLS LAST` (false); nil writes neither, leaving PostgreSQL's default (last
    /// for ascending, first for descending), which is the order a plain index scan gives.
    package var nullsFirst: Bool?

    /// Creates an item.
    package init(_ expression: SQLExpression, descending: Bool = false, nullsFirst: Bool? = nil) {
        self.expression = expression
        self.descending = descending
        self.nullsFirst = nullsFirst
    }
}
