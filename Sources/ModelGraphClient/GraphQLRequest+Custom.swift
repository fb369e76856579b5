extension GraphQLRequest where R: GraphQLValueConvertible {
    /// A custom query or mutation: a field of `Query` or `Mutation` the schema declares itself. The document
    /// declares a variable for every argument and passes each to the field (values travel as variables, never
    /// in the document), selects `selection` under the field, and reads the field's value as `R`: a scalar, an
    /// enum, a non-model type or a model, optional or in a list as the API returns it. Generated code wraps each
    /// operation in a function named like its field (`.postStats(minRating: 3)`).
    public static func custom(
        _ operation: OperationType, field: String, arguments: [OperationArgument] = [], selection: ResultSelection = .none
    ) -> GraphQLRequest<R> {
        let lines: [String]
        switch selection.lines {
        case .success(let selected): lines = selected
        case .failure(let error): return .failing(error)
        }
        var variables: [String: GraphQLValue] = [:]
        for argument in arguments { if let value = argument.value { variables[argument.name] = value } }
        let document = Document.operation(operation.rawValue, field: field, arguments: arguments.map { ($0.name, $0.type) }, selection: lines)
        return GraphQLRequest<R>(
            document: document, variables: variables, responseField: field,
            decode: { (value, context) throws(ModelGraphError) in try R(graphQLValue: value, context: context) }, invalid: nil)
    }
}

/// The root type of an operation.
public enum OperationType: String, Sendable {
    /// A field of `Query`: it only reads, so the client may send it again after a transport error.
    case query
    /// A field of `Mutation`: sent once.
    case mutation
}

/// One argument of a custom operation.
public typealias OperationArgument = RequestArgument

/// What a custom operation selects under its field: nothing for a scalar or an enum, every field of a non-model
/// type, or a model's selection.
public struct ResultSelection: Sendable {
    /// The selection's lines at the root field's depth (empty: no selection set), or why it cannot be built.
    let lines: Result<[String], ModelGraphError>

    /// No selection set: the field returns a scalar or an enum (or a list of them).
    public static let none = ResultSelection(lines: .success([]))

    /// Every field of a non-model type, the fields of nested non-model types in turn.
    public static func fields(of schema: EmbeddedSchema) -> ResultSelection {
        ResultSelection(lines: .success(SelectionSet.embeddedLines(of: schema, depth: 2)))
    }

    /// A model's selection, as `.get` selects it: its stored fields, each reference as the target's key, and
    /// the relationships `includes` names (`{ post in [post.comments] }`), loaded in the same request.
    public static func model<M: Model>(_ type: M.Type, includes: (ModelPath<M>) -> [any IncludePath] = { _ in [] }) -> ResultSelection {
        do {
            return ResultSelection(lines: .success(try SelectionSet.lines(of: M.schema, includes: IncludeTree(includes(ModelPath<M>())), depth: 2)))
        } catch {
            return ResultSelection(lines: .failure(error))
        }
    }
}
