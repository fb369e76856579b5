package import SQLSyntax

/// The SQL of case-insensitive matching and full-text search, shared by the planner's operators and the
/// indexes that serve them: PostgreSQL uses an expression index only for a query expression that matches it,
/// so both sides build it here.
package enum TextSearchSQL {
    /// The ICU collation whose `lower()` folds all of Unicode; text columns are `COLLATE "C"`, where `lower()`
    /// folds ASCII letters only.
    package static let foldingCollation = "und-x-icu"
    /// The text-search configuration of `search`: words split and lower-cased, no language's stemming or
    /// stop words.
    package static let searchConfiguration = "simple"

    /// `lower((text) COLLATE "und-x-icu")`: the text with every letter in lower case.
    package static func folded(_ text: SQLExpression) -> SQLExpression {
        .function(.lower, [.collate(text, foldingCollation)])
    }

    /// `to_tsvector('simple', text)`: the words of a text.
    package static func vector(_ text: SQLExpression) -> SQLExpression {
        .function(.toTSVector, [.constant(searchConfiguration), text])
    }

    /// `websearch_to_tsquery('simple', query)`: a search string as users write it (words, "quoted phrases",
    /// `or`, `-excluded`), which never fails to parse.
    package static func query(_ text: SQLExpression) -> SQLExpression {
        .function(.websearchToTSQuery, [.constant(searchConfiguration), text])
    }

    /// The escape character of the `LIKE` patterns the operators bind.
    package static let likeEscape: Character = "\\"

    /// `text` with `%`, `_` and the escape character itself made literal in a `LIKE … ESCAPE '\'` pattern.
    package static func likeEscaped(_ text: String) -> String {
        var escaped = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if scalar == "\\" || scalar == "%" || scalar == "_" { escaped.append("\\") }
            escaped.append(scalar)
        }
        return String(escaped)
    }
}
