import GraphQL
import ModelIR

/// Per-request limits (defaults in docs/decisions.md §8), each answered with a `LimitExceeded` error naming the limit.
package struct RequestLimits: Sendable, Equatable {
    /// Deepest selection nesting.
    package var maximumDepth: Int
    /// Most aliased fields in one operation.
    package var maximumAliases: Int
    /// Most selected fields in one operation (fragments counted where they are spread).
    package var maximumFields: Int
    /// Deepest nesting of brackets (`{`, `[`, `(`) in a document, of JSON arrays and objects in a request
    /// body, and of fragment spreads inside fragments. Checked before anything recursive reads the request,
    /// so a hostile document costs one linear scan; it also bounds the recursion of every later stage.
    package var maximumNesting: Int

    /// Most tokens in one document (names, numbers, strings, punctuators), counted before it is parsed, so
    /// parsing and validation work stays bounded whatever the body size.
    package var maximumTokens: Int
    /// Most rows (objects) an operation may produce in the worst case: every connection's page size multiplies
    /// the cost of everything under it (`OperationCost`).
    package var maximumCost: Int
    /// The default `maximumCost`: ten million rows. A get with three nested connections at their default page
    /// of 100 (1,020,202 rows), or a list of 1,000 with 1,000 children each (1,002,001), fits with room for
    /// sibling connections at each level, as codegen's deeper documents select; a list with four nested levels
    /// of 100 (over 10⁸) does not. The statement timeout and the answer-size limit bound the work actually done.
    package static let defaultMaximumCost = 10_000_000
    /// Most validation errors reported for one document; the rest are summarised in one more error.
    package static let maximumValidationErrors = 100

    /// The highest `maximumNesting` an operator may configure: recursive stages stay far from the stack's end.
    package static let nestingCeiling = 512

    /// Creates limits.
    package init(
        maximumDepth: Int = 15, maximumAliases: Int = 1000, maximumFields: Int = 10_000, maximumNesting: Int = 64, maximumTokens: Int = 15_000,
        maximumCost: Int = RequestLimits.defaultMaximumCost
    ) {
        self.maximumDepth = maximumDepth
        self.maximumAliases = maximumAliases
        self.maximumFields = maximumFields
        self.maximumNesting = min(maximumNesting, Self.nestingCeiling)
        self.maximumTokens = maximumTokens
        self.maximumCost = maximumCost
    }

    /// The tokens in `query`, counted without parsing it and no further than just past `limit`.
    package func tokens(in query: String, upTo limit: Int) -> Int {
        NestingScanner.measure(query, nestingLimit: .max, tokenLimit: limit).tokens
    }

    /// Refuses a document whose brackets nest deeper than `maximumNesting`, or that has more than
    /// `maximumTokens` tokens, before it is parsed: one linear scan, no recursion. Returns the text to parse:
    /// `query` with the string escapes GraphQLSwift cannot read rewritten (`UnicodeEscapes`).
    func checkText(of query: String) throws(PlanError) -> String {
        let measured = NestingScanner.measure(query, nestingLimit: maximumNesting, tokenLimit: maximumTokens)
        if let excess = measured.excess {
            throw PlanError(
                .limitExceeded, "The document nests brackets more than \(maximumNesting) deep (nesting limit).",
                locations: [(excess.line, excess.column)]
            )
        }
        if let escape = measured.badEscape {
            throw PlanError(
                .validation,
                "Syntax Error GraphQL request (\(escape.line):\(escape.column)) Invalid Unicode escape sequence: \\u needs four hex digits (or braces), and a surrogate half needs its other half.",
                locations: [escape])
        }
        if let word = measured.longWord {
            throw PlanError(.limitExceeded, "A name or number in the document is longer than 1,024 bytes (name length limit).", locations: [word])
        }
        if measured.tokens > maximumTokens {
            throw PlanError(.limitExceeded, "The document has more than \(maximumTokens) tokens (token limit).")
        }
        return UnicodeEscapes.apply(measured.escapes, to: query)
    }

    /// Refuses a document whose fragments spread each other in a chain longer than `maximumNesting`; run
    /// after parsing and before validation, whose cycle check recurses along such chains.
    func checkFragmentChains(of document: Document) throws(PlanError) {
        let chain = FragmentChains.longest(in: document)
        guard chain > maximumNesting else { return }
        throw PlanError(.limitExceeded, "Fragments spread each other \(chain) levels deep; the limit is \(maximumNesting) (nesting limit).")
    }

    /// Checks every operation of a document (before validation, which would otherwise do work in proportion to
    /// what these limits refuse).
    func checkOperations(of document: Document) throws(PlanError) {
        var fragments: [String: FragmentDefinition] = [:]
        for case let fragment as FragmentDefinition in document.definitions { fragments[fragment.name.value] = fragment }
        for case let operation as OperationDefinition in document.definitions {
            try check(operation, fragments: fragments)
        }
    }

    /// Checks an operation; throws the first limit it exceeds. Fragment spreads and inline fragments count
    /// toward the field limit too, so fragments that spread each other twice over cannot expand without
    /// bound before a field is counted.
    func check(_ operation: OperationDefinition, fragments: [String: FragmentDefinition]) throws(PlanError) {
        var fields = 0
        var aliases = 0
        var deepest = 0
        var stack: [(SelectionSet, Int, Set<String>)] = [(operation.selectionSet, 1, [])]
        while let (set, depth, visiting) = stack.popLast() {
            deepest = max(deepest, depth)
            if deepest > maximumDepth {
                throw PlanError(.limitExceeded, "The query is nested \(deepest) levels deep; the limit is \(maximumDepth) (query depth).")
            }
            for selection in set.selections {
                switch selection {
                case let field as GraphQL.Field:
                    fields += 1
                    if field.alias != nil { aliases += 1 }
                    if let child = field.selectionSet { stack.append((child, depth + 1, visiting)) }
                case let inline as InlineFragment:
                    fields += 1
                    stack.append((inline.selectionSet, depth, visiting))
                case let spread as FragmentSpread:
                    fields += 1
                    guard let fragment = fragments[spread.name.value], !visiting.contains(spread.name.value) else { continue }
                    stack.append((fragment.selectionSet, depth, visiting.union([spread.name.value])))
                default:
                    continue
                }
            }
            if fields > maximumFields {
                throw PlanError(.limitExceeded, "The query selects more than \(maximumFields) fields (complexity limit).")
            }
            if aliases > maximumAliases {
                throw PlanError(.limitExceeded, "The query uses more than \(maximumAliases) aliases (alias limit).")
            }
        }
    }
}

/// Nested fields the caller may not read, collected while compiling so each becomes one `Unauthorized` error.
final class Denials: @unchecked Sendable {
    var errors: [PlanError] = []
    /// The fields answered by functions that the statement marks (`FieldResolverPlan`), by marker index.
    var resolvers: [FieldResolverPlan] = []
    /// True once a field-denial marker was compiled into the statement (records decide which fields are denied).
    var marksRecords = false
}
