extension GraphQLRequest where R: Model {
    /// `createX(input:condition:)`: creates `model` (its writable fields that have a value) and returns the
    /// record as stored, with `includes` loaded.
    public static func create(
        _ model: R, where condition: QueryPredicate<R>? = nil, includes: (ModelPath<R>) -> [any IncludePath] = { _ in [] }
    ) -> GraphQLRequest<R> {
        let input = writableValues(of: model).filter { !$0.value.isNull }
        return mutation(R.self, field: R.schema.createField, operation: "create", inputType: R.schema.createInput, input: input, condition: condition, includes: includes)
    }

    /// `updateX(input:condition:)`: writes every writable field of `model` (nil ones as null, which clears
    /// them) when `condition` holds, and returns the record as stored.
    public static func update(
        _ model: R, where condition: QueryPredicate<R>? = nil, includes: (ModelPath<R>) -> [any IncludePath] = { _ in [] }
    ) -> GraphQLRequest<R> {
        mutation(
            R.self, field: R.schema.updateField, operation: "update", inputType: R.schema.updateInput, input: writableValues(of: model), condition: condition,
            includes: includes)
    }

    /// `deleteX(input:condition:)`: deletes `model`'s record when `condition` holds, and returns it as it was.
    public static func delete(
        _ model: R, where condition: QueryPredicate<R>? = nil, includes: (ModelPath<R>) -> [any IncludePath] = { _ in [] }
    ) -> GraphQLRequest<R> {
        delete(R.self, withIdentifier: model.identifier, where: condition, includes: includes)
    }

    /// `deleteX(input:condition:)` by identifier.
    public static func delete(
        _ type: R.Type, withIdentifier identifier: R.Identifier, where condition: QueryPredicate<R>? = nil,
        includes: (ModelPath<R>) -> [any IncludePath] = { _ in [] }
    ) -> GraphQLRequest<R> {
        mutation(
            R.self, field: R.schema.deleteField, operation: "delete", inputType: R.schema.deleteInput, input: R.keyValues(of: identifier), condition: condition,
            includes: includes)
    }

    /// The stored fields an input takes: all but the read-only ones.
    private static func writableValues(of model: R) -> [String: GraphQLValue] {
        let readOnly = Set(R.schema.fields.filter(\.isReadOnly).map(\.name))
        return model.storedValues.filter { !readOnly.contains($0.key) }
    }

    /// A mutation `field(input: $input, condition: $condition)` returning the record.
    private static func mutation(
        _ type: R.Type, field: String?, operation: String, inputType: String, input: [String: GraphQLValue], condition: QueryPredicate<R>?,
        includes: (ModelPath<R>) -> [any IncludePath]
    ) -> GraphQLRequest<R> {
        let schema = R.schema
        guard let field else { return .failing(.invalidRequest("\(schema.name) has no \(operation) mutation")) }
        let selection: [String]
        do {
            selection = try SelectionSet.lines(of: schema, includes: IncludeTree(includes(ModelPath<R>())), depth: 2)
        } catch {
            return .failing(error)
        }
        var variables: [String: GraphQLValue] = ["input": .object(input)]
        if let condition { variables["condition"] = condition.filter.graphQLValue }
        let document = Document.operation(
            "mutation", field: field, arguments: [("input", inputType + "!"), ("condition", schema.conditionInput)], selection: selection)
        return GraphQLRequest<R>(
            document: document, variables: variables, responseField: field,
            decode: { (value, context) throws(ModelGraphError) in
                guard !value.isNull else { throw .decoding("\(field) returned null") }
                return try R(graphQLValue: value, context: context)
            }, invalid: nil)
    }
}
