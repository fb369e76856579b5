import GraphQL

/// Per-request limits (decisions.md defaults), each answered with a `LimitExceeded` error naming the limit.
package struct RequestLimits: Sendable, Equatable {
    /// Deepest selection nesting.
    package var maximumDepth: Int
    /// Most aliased fields in one operation.
    package var maximumAliases: Int
    /// Most selected fields in one operation (fragments counted where they are spread).
    package var maximumFields: Int

    /// Creates limits.
    package init(maximumDepth: Int = 15, maximumAliases: Int = 1000, maximumFields: Int = 10_000) {
        self.maximumDepth = maximumDepth
        self.maximumAliases = maximumAliases
        self.maximumFields = maximumFields
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
