import ModelIR
import Testing

/// The `:name` placeholders of SQL handlers: bound as parameters, never text; what is not SQL is left alone.
@Suite("SQL handler placeholders")
struct SQLPlaceholdersTests {
    @Test("each :name becomes $n, the same name the same parameter; casts, strings, identifiers and comments are left alone")
    func placeholders() throws {
        let scanned = try SQLPlaceholders.scan(
            """
            SELECT id::text, ':notMe' AS "a:b", $$ :neither $$ -- :comment
            FROM post /* :block /* :nested */ */ WHERE author = :author AND (:since IS NULL OR created > :since::timestamptz);
            """)
        #expect(scanned.names == ["author", "since"])
        #expect(
            scanned.text
                == """
                SELECT id::text, ':notMe' AS "a:b", $$ :neither $$ -- :comment
                FROM post /* :block /* :nested */ */ WHERE author = $1 AND ($2 IS NULL OR created > $2::timestamptz)
                """)
    }

    @Test("escaped quotes stay inside their literal; E-strings take backslash escapes")
    func escapes() throws {
        let scanned = try SQLPlaceholders.scan(#"SELECT 'it''s :x', E'a\':y', "q""uoted:z" FROM t WHERE a = :real"#)
        #expect(scanned.names == ["real"])
    }

    @Test("refused: a second statement, an unterminated literal or comment, positional parameters, nothing at all")
    func refused() {
        #expect(throws: SQLPlaceholders.Problem.severalStatements) { try SQLPlaceholders.scan("DELETE FROM a; DELETE FROM b") }
        #expect(throws: SQLPlaceholders.Problem.unterminated("a string literal")) { try SQLPlaceholders.scan("SELECT 'open") }
        #expect(throws: SQLPlaceholders.Problem.unterminated("a comment")) { try SQLPlaceholders.scan("SELECT 1 /* open") }
        #expect(throws: SQLPlaceholders.Problem.positionalParameter) { try SQLPlaceholders.scan("SELECT $1") }
        #expect(throws: SQLPlaceholders.Problem.empty) { try SQLPlaceholders.scan("  -- nothing\n ;") }
        #expect(throws: Never.self) { try SQLPlaceholders.scan("SELECT 1; -- trailing comment\n") }
    }
}
