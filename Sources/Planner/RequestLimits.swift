import GraphQL
import ModelIR

/// Per-request limits (decisions.md defaults), each answered with a `LimitExceeded` error naming the limit.
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

    /// The highest `maximumNesting` an operator may configure: recursive stages stay far from the stack's end.
    package static let nestingCeiling = 512

    /// Creates limits.
    package init(maximumDepth: Int = 15, maximumAliases: Int = 1000, maximumFields: Int = 10_000, maximumNesting: Int = 64) {
        self.maximumDepth = maximumDepth
        self.maximumAliases = maximumAliases
        self.maximumFields = maximumFields
        self.maximumNesting = min(maximumNesting, Self.nestingCeiling)
    }

    /// Refuses a document whose brackets nest deeper than `maximumNesting`, before it is parsed.
    func checkNesting(of query: String) throws(PlanError) {
        guard let excess = NestingScanner.firstExcess(in: query, limit: maximumNesting) else { return }
        throw PlanError(
            .limitExceeded, "The document nests brackets more than \(maximumNesting) deep (nesting limit).",
            locations: [(excess.line, excess.column)]
        )
    }

    /// Refuses a document whose fragments spread each other in a chain longer than `maximumNesting`; run
    /// after parsing and before validation, whose cycle check recurses along such chains.
    func checkFragmentChains(of document: Document) throws(PlanError) {
        let chain = FragmentChains.longest(in: document)
        guard chain > maximumNesting else { return }
        throw PlanError(.limitExceeded, "Fragments spread each other \(chain) levels deep; the limit is \(maximumNesting) (nesting limit).")
    }

    /// Checks an operation; throws the first limit it exceeds.
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
                    stack.append((inline.selectionSet, depth, visiting))
                case let spread as FragmentSpread:
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
}
