import GraphQL

/// The name rules for a document's definitions (one operation per name, an anonymous operation alone, one
/// fragment per name), checked before GraphQLSwift validates the document. Its validation keeps operations and
/// fragments in dictionaries whose keys hash by identity but compare by structure, so two identical
/// definitions (`{ a } { a }`, parsed without locations) crashed the process; a document breaking these rules
/// is refused here, with graphql-js's messages, and never reaches it.
enum DefinitionNames {
    /// The errors of `document`'s definition names (empty when there are none), at most `limit` of them.
    static func errors(in document: Document, limit: Int) -> [PlanError] {
        var errors: [PlanError] = []
        var operations: Set<String> = []
        var fragments: Set<String> = []
        let operationCount = document.definitions.reduce(0) { $0 + ($1 is OperationDefinition ? 1 : 0) }
        for definition in document.definitions where errors.count < limit {
            switch definition {
            case let operation as OperationDefinition:
                let location = operation.loc.map { [($0.startToken.line, $0.startToken.column)] } ?? []
                if let name = operation.name?.value {
                    if !operations.insert(name).inserted {
                        errors.append(PlanError(.validation, "Validation error of type InvalidSyntax: There can be only one operation named \"\(name)\".", locations: location))
                    }
                } else if operationCount > 1 {
                    errors.append(
                        PlanError(.validation, "Validation error of type InvalidSyntax: This anonymous operation must be the only defined operation.", locations: location))
                }
            case let fragment as FragmentDefinition:
                if !fragments.insert(fragment.name.value).inserted {
                    let location = fragment.loc.map { [($0.startToken.line, $0.startToken.column)] } ?? []
                    errors.append(
                        PlanError(.validation, "Validation error of type InvalidSyntax: There can be only one fragment named \"\(fragment.name.value)\".", locations: location))
                }
            default:
                continue
            }
        }
        return errors
    }
}
