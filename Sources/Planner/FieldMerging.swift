import GraphQL

/// Fields that share a response key become one field, as GraphQL's field collection requires: the same field
/// with the same arguments, its sub-selections joined. Two different fields (or arguments) under one key are
/// a validation error, in graphql-js's words; GraphQLSwift has no rule for it.
enum FieldMerging {
    /// The one field `group` (fields of one response key, in document order) stands for.
    static func merge(_ group: [GraphQL.Field]) throws(PlanError) -> GraphQL.Field {
        guard let first = group.first, group.count > 1 else { return group[0] }
        let key = first.alias?.value ?? first.name.value
        let arguments = signature(first.arguments)
        var selections: [any Selection] = []
        for field in group {
            let location = field.loc.map { [($0.startToken.line, $0.startToken.column)] } ?? []
            guard field.name.value == first.name.value else {
                throw PlanError(
                    .validation,
                    "Fields \"\(key)\" conflict because \"\(first.name.value)\" and \"\(field.name.value)\" are different fields. Use different aliases on the fields to fetch both if this was intentional.",
                    locations: location)
            }
            guard signature(field.arguments) == arguments else {
                throw PlanError(
                    .validation, "Fields \"\(key)\" conflict because they have differing arguments. Use different aliases on the fields to fetch both if this was intentional.",
                    locations: location)
            }
            selections += field.selectionSet?.selections ?? []
        }
        guard let selectionSet = first.selectionSet else { return first }
        return first.set(value: .node(selectionSet.set(value: .array(selections), key: "selections")), key: "selectionSet")
    }

    /// Arguments as comparable text, in name order.
    private static func signature(_ arguments: [Argument]) -> [String] {
        arguments.map { $0.name.value + ":" + GraphQL.print(ast: $0.value) }.sorted()
    }
}
