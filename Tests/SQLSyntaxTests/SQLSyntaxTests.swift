import SQLSyntax
import Testing

/// The rendered text of the expressions and statements the extensions beyond AppSync build: values are
/// always `$n` parameters, identifiers and the program's own constants go through `Quoting`.
@Suite("SQL syntax")
struct SQLSyntaxTests {
    static let comment = SQLExpression.column(table: "t5", name: "postId")
    static let post = SQLExpression.column(table: "t0", name: "id")

    /// `SELECT 1 FROM "Comment" AS "t5" WHERE "t5"."postId" = "t0"."id" AND <extra>`.
    static func related(_ extra: SQLExpression) -> Select {
        Select(columns: [SelectColumn(.integer(1))], from: [.table(TableName("Comment"), alias: "t5")], where: .and([.binary(comment, .equal, post), extra]))
    }

    @Test("EXISTS and NOT EXISTS of a correlated sub-query")
    func exists() {
        let some = SQLExpression.exists(Self.related(.binary(.column(table: "t5", name: "content"), .equal, .parameter(1, nil))), negated: false)
        #expect(
            SQLRenderer.expression(some)
                == #"(EXISTS (SELECT 1 FROM "Comment" AS "t5" WHERE (("t5"."postId" = "t0"."id") AND ("t5"."content" = $1))))"#)
        let none = SQLExpression.exists(Self.related(.keyword(.true)), negated: true)
        #expect(SQLRenderer.expression(none) == #"(NOT EXISTS (SELECT 1 FROM "Comment" AS "t5" WHERE (("t5"."postId" = "t0"."id") AND TRUE)))"#)
        let every = SQLExpression.exists(Self.related(.not(.function(.coalesce, [.parameter(2, .boolean), .keyword(.false)]))), negated: true)
        #expect(SQLRenderer.expression(every).hasSuffix(#"AND (NOT coalesce($2::boolean, FALSE)))))"#))
    }

    @Test("LIKE with the program's escape character, quoted as a literal; lower() of a collated column")
    func like() {
        let folded = SQLExpression.function(.lower, [.collate(.column(table: "t0", name: "title"), "und-x-icu")])
        #expect(SQLRenderer.expression(folded) == #"lower(("t0"."title" COLLATE "und-x-icu"))"#)
        #expect(SQLRenderer.expression(.like(folded, pattern: .parameter(1, nil), escape: "\\")) == #"(lower(("t0"."title" COLLATE "und-x-icu")) LIKE $1 ESCAPE '\')"#)
        #expect(SQLRenderer.expression(.like(.column(table: nil, name: "a"), pattern: .parameter(2, .text), escape: "'")) == #"("a" LIKE $2::text ESCAPE '''')"#)
        #expect(SQLRenderer.expression(.like(.column(table: nil, name: "a"), pattern: .parameter(3, nil), escape: nil)) == #"("a" LIKE $3)"#)
        #expect(
            SQLRenderer.expression(.function(.lower, [.collate(.parameter(4, nil), "und-x-icu\"x")]))
                == #"lower(($4 COLLATE "und-x-icu""x"))"#)
    }

    @Test("aggregates: count(*), sum, avg, min and max, and a cast of one")
    func aggregates() {
        let rating = SQLExpression.column(table: "t0", name: "rating")
        #expect(SQLRenderer.expression(.aggregate(.count, [.keyword(.star)])) == "count(*)")
        #expect(SQLRenderer.expression(.cast(.aggregate(.sum, [rating]), .doublePrecision)) == #"(sum("t0"."rating"))::double precision"#)
        #expect(SQLRenderer.expression(.aggregate(.avg, [rating])) == #"avg("t0"."rating")"#)
        #expect(SQLRenderer.expression(.aggregate(.min, [rating])) == #"min("t0"."rating")"#)
        #expect(SQLRenderer.expression(.aggregate(.max, [rating])) == #"max("t0"."rating")"#)
        let count = Select(
            columns: [SelectColumn(.aggregate(.count, [.keyword(.star)]))], from: [.table(TableName(schema: "app", "Post"), alias: "t0")],
            where: .binary(rating, .greaterOrEqual, .parameter(1, .integer)))
        #expect(SQLRenderer.render(.select(count)) == #"SELECT count(*) FROM "app"."Post" AS "t0" WHERE ("t0"."rating" >= $1::integer)"#)
    }

    @Test("full-text match of a column's tsvector and a web-search query")
    func textSearch() {
        let vector = SQLExpression.function(.toTSVector, [.constant("simple"), .column(table: "t0", name: "content")])
        let query = SQLExpression.function(.websearchToTSQuery, [.constant("simple"), .parameter(1, nil)])
        #expect(SQLRenderer.expression(.binary(vector, .textSearchMatch, query)) == #"(to_tsvector('simple', "t0"."content") @@ websearch_to_tsquery('simple', $1))"#)
    }

    @Test("a multi-row insert writes VALUES (…), (…); a one-row insert is as before")
    func multiRowInsert() {
        let parent = SQLExpression.subquery(Select(columns: [SelectColumn(.column(table: nil, name: "id"))], from: [.cte("w0", alias: "w0")]))
        let rows: [[SQLExpression]] = [
            [.cast(.function(.genRandomUUID, []), .text), .parameter(1, nil), parent],
            [.cast(.function(.genRandomUUID, []), .text), .parameter(2, nil), parent],
        ]
        let insert = Insert(table: TableName("Comment"), columns: ["id", "content", "postId"], rows: rows)
        #expect(insert.values == rows[0])
        #expect(
            SQLRenderer.render(.insert(insert))
                == #"INSERT INTO "Comment" ("id", "content", "postId") VALUES ((gen_random_uuid())::text, $1, (SELECT "id" FROM "w0" AS "w0")), ((gen_random_uuid())::text, $2, (SELECT "id" FROM "w0" AS "w0")) RETURNING *"#
        )
        var one = Insert(table: TableName("Comment"), columns: ["content"], values: [.parameter(1, nil)], returningAll: false)
        #expect(SQLRenderer.render(.insert(one)) == #"INSERT INTO "Comment" ("content") VALUES ($1)"#)
        one.values = [.parameter(2, nil)]
        #expect(one.rows == [[.parameter(2, nil)]])
    }
}
