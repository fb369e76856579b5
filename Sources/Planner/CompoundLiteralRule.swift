import GraphQL

/// A validation rule, run on its own before the others: a list or object literal where the schema expects
/// something else (a list where a `String` goes, an object where an enum goes). GraphQLSwift's own rule
/// reports these too, but its printer prints a long literal's children twice at every level, so a 30-deep
/// `{a: {a: …}}` in a `String` argument took seconds and one 60 deep took minutes. This rule reports the
/// same mistake in the same words, printing the literal once and in bounded length
/// (`LiteralPrinter`); the full validation only runs when no such literal remains.
@Sendable
func CompoundLiteralRule(context: ValidationContext) -> Visitor {
    Visitor(enter: { node, _, _, _, _ in
        guard let literal = node as? any Value else { return .continue }
        switch literal.kind {
        case .listValue:
            // Entering a list moves the expected type to its items; the list's own type is the parent's.
            guard let expected = context.parentInputType, !(nullable(expected) is GraphQLList), refuses(expected) else { return .continue }
            context.report(error: GraphQLError(message: wrongTypeMessage(expected, literal), nodes: [literal]))
            return .break
        case .objectValue:
            guard let expected = context.inputType, !(getNamedType(type: expected) is GraphQLInputObjectType), refuses(expected) else { return .continue }
            context.report(error: GraphQLError(message: wrongTypeMessage(expected, literal), nodes: [literal]))
            return .break
        default:
            return .continue
        }
    })
}

/// Whether a list or object literal cannot be a value of `type`. The schema's own scalars (`AWSJSON`,
/// `AWSDate`, …) take any literal at validation (the planner reads them), and their check prints nothing.
private func refuses(_ type: any GraphQLInputType) -> Bool {
    switch getNamedType(type: type) {
    case let scalar as GraphQLScalarType: return ["String", "Int", "Float", "Boolean", "ID"].contains(scalar.name)
    default: return true
    }
}

/// `type` without its non-null wrapper.
private func nullable(_ type: any GraphQLInputType) -> any GraphQLType {
    (type as? GraphQLNonNull)?.ofType ?? type
}

/// What GraphQLSwift (and graphql-js) say when `literal` cannot be a value of `expected`: a built-in scalar's
/// or an enum's own words, else "Expected value of type".
private func wrongTypeMessage(_ expected: any GraphQLInputType, _ literal: any Value) -> String {
    let printed = LiteralPrinter.print(literal)
    switch getNamedType(type: expected) {
    case let scalar as GraphQLScalarType:
        switch scalar.name {
        case "String": return "String cannot represent a non-string value: \(printed)"
        case "Int": return "Int cannot represent non-integer value: \(printed)"
        case "Float": return "Float cannot represent non-numeric value: \(printed)"
        case "Boolean": return "Boolean cannot represent a non-boolean value: \(printed)"
        case "ID": return "ID cannot represent a non-string and non-integer value: \(printed)"
        default: return "Expected value of type \"\(expected)\", found \(printed)."
        }
    case let enumeration as GraphQLEnumType:
        return "Enum \"\(enumeration.name)\" cannot represent non-enum value: \(printed)."
    default:
        return "Expected value of type \"\(expected)\", found \(printed)."
    }
}
