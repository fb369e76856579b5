/// The definitions every generated API contains once, whatever the models (docs/api-contract.md §5, §6, §8).
enum SharedDefinitions {
    /// The scalar filter, size and subscription-filter inputs and the shared enums, for `surface`.
    static func scalarInputs(surface: APISurface) -> [SDLDefinition] {
        var definitions: [SDLDefinition] = []
        for family in Operator.Family.allCases {
            definitions.append(.input("Model\(family.rawValue)Input", fields: Operator.fields(of: .filter, family: family, surface: surface, valueType: family.rawValue)))
        }
        definitions.append(.input("ModelSizeInput", fields: Operator.fields(of: .size, surface: surface, valueType: "Int")))
        definitions.append(.enumeration("ModelAttributeTypes", values: ["binary", "binarySet", "bool", "list", "map", "number", "numberSet", "string", "stringSet", "_null"]))
        definitions.append(.enumeration("ModelSortDirection", values: ["ASC", "DESC"]))
        for family in Operator.Family.allCases {
            definitions.append(
                .input("ModelSubscription\(family.rawValue)Input", fields: Operator.fields(of: .subscriptionFilter, family: family, surface: surface, valueType: family.rawValue)))
        }
        return definitions
    }

    /// A key condition input for one scalar family; key conditions have no extensions, so it is AppSync's on
    /// both surfaces.
    static func keyCondition(_ family: Operator.Family) -> SDLDefinition {
        .input("Model\(family.rawValue)KeyConditionInput", fields: Operator.fields(of: .keyCondition, family: family, surface: .appSync, valueType: family.rawValue))
    }
}
