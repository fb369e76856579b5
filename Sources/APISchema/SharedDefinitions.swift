/// The definitions every generated API contains once, whatever the models (docs/api-contract.md §5, §6, §8).
enum SharedDefinitions {
    static func scalarInputs() -> [SDLDefinition] {
        var definitions: [SDLDefinition] = []
        for family in Operator.Family.allCases {
            definitions.append(.input("Model\(family.rawValue)Input", fields: Operator.fields(of: .filter, family: family, valueType: family.rawValue)))
        }
        definitions.append(.input("ModelSizeInput", fields: Operator.fields(of: .size, valueType: "Int")))
        definitions.append(.enumeration("ModelAttributeTypes", values: ["binary", "binarySet", "bool", "list", "map", "number", "numberSet", "string", "stringSet", "_null"]))
        definitions.append(.enumeration("ModelSortDirection", values: ["ASC", "DESC"]))
        for family in Operator.Family.allCases {
            definitions.append(.input("ModelSubscription\(family.rawValue)Input", fields: Operator.fields(of: .subscriptionFilter, family: family, valueType: family.rawValue)))
        }
        return definitions
    }

    /// A key condition input for one scalar family.
    static func keyCondition(_ family: Operator.Family) -> SDLDefinition {
        .input("Model\(family.rawValue)KeyConditionInput", fields: Operator.fields(of: .keyCondition, family: family, valueType: family.rawValue))
    }
}
