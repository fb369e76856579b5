import GraphQL

/// A validation rule for what GraphQLSwift's `Int` accepts and the specification does not: an `Int` literal
/// outside 32 bits (GraphQLSwift parses it into a 64-bit `Int`). Reported in graphql-js's words.
@Sendable
func Int32LiteralRule(context: ValidationContext) -> Visitor {
    Visitor(enter: { node, _, _, _, _ in
        guard node.kind == .intValue, let literal = node as? IntValue,
            getNamedType(type: context.inputType)?.name == "Int", Int32(literal.value) == nil
        else { return .continue }
        context.report(error: GraphQLError(message: "Int cannot represent non 32-bit signed integer value: \(literal.value)", nodes: [literal]))
        return .continue
    })
}

/// The rules a request document is validated with: the specification's, and the 32-bit `Int` check.
let requestValidationRules: [@Sendable (ValidationContext) -> Visitor] = specifiedRules + [Int32LiteralRule]
