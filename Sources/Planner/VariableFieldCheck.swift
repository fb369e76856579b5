import GraphQL
import OrderedCollections

/// Refuses a variable value that names a field its input object type does not define, with AppSync's words
/// ("The variables input contains a field name 'not' that is not defined for input object type
/// 'ModelSubscriptionTeamFilterInput' ", the trailing space included). Literal arguments are checked by
/// validation; values that come through variables are checked here, before planning reads them. Clients
/// match this text: DataStore, given it for a subscription filter, subscribes again without the filter and
/// filters on the device.
enum VariableFieldCheck {
    /// Checks each declared variable's value against its declared type; the walk is linear in the value.
    static func check(_ operation: OperationDefinition, _ variables: [String: InputValue], schema: GraphQLSchema) throws(PlanError) {
        for definition in operation.variableDefinitions {
            guard let value = variables[definition.variable.name.value], let type = Self.type(of: definition.type, in: schema) else { continue }
            try check(value, against: type, location: definition.loc.map { [($0.startToken.line, $0.startToken.column)] } ?? [])
        }
    }

    private static func check(_ value: InputValue, against type: any GraphQLType, location: [(Int, Int)]) throws(PlanError) {
        if let nonNull = type as? GraphQLNonNull {
            try check(value, against: nonNull.ofType, location: location)
        } else if let list = type as? GraphQLList {
            // A single value where a list goes is read as a list of one.
            if case .list(let items) = value {
                for item in items { try check(item, against: list.ofType, location: location) }
            } else {
                try check(value, against: list.ofType, location: location)
            }
        } else if let input = type as? GraphQLInputObjectType, case .object(let entries) = value {
            let fields = (try? input.fields()) ?? [:]
            for (name, entry) in entries {
                guard let field = fields[name] else {
                    throw PlanError(
                        .validation,
                        "The variables input contains a field name '\(name)' that is not defined for input object type '\(input.name)' ",
                        locations: location)
                }
                try check(entry, against: field.type, location: location)
            }
        }
    }

    /// The schema's type for a variable's declared type; nil when it names no type (validation reports that).
    private static func type(of ast: any Type, in schema: GraphQLSchema) -> (any GraphQLType)? {
        switch ast {
        case let named as NamedType: return schema.typeMap[named.name.value]
        case let list as ListType: return type(of: list.type, in: schema).map { GraphQLList($0) }
        case let nonNull as NonNullType:
            return type(of: nonNull.type, in: schema).flatMap { ($0 as? any GraphQLNullableType).map { GraphQLNonNull($0) } }
        default: return nil
        }
    }
}
