package import ModelIR

/// The sort-key condition argument of a key (docs/api-contract.md §8 and §9): its name, type, and the input
/// definitions it needs. Package-visible for client code generators, which must name it as the API does.
package struct SortKeyArgument {
    /// The argument's name (`addedOn`, or `zoneRack` for a composite sort key).
    package var name: String
    /// Its input type (`ModelStringKeyConditionInput`, `ModelItemByRegionCompositeKeyConditionInput`).
    package var type: String
    var definitions: [SDLDefinition]

    /// The argument for `sortKeys` of `model`; `compositeLabel` is `Primary` or the upper-cased index name.
    package init?(model: Model, sortKeys: [String], compositeLabel: String) {
        let fields = sortKeys.compactMap { model.field(named: $0) }
        guard !fields.isEmpty, fields.count == sortKeys.count else { return nil }
        if fields.count == 1 {
            guard let family = InputTypeNames.keyConditionFamily(for: fields[0].type.base) else { return nil }
            let definition = SharedDefinitions.keyCondition(family)
            self.name = ModelNames.sortKeyArgument(sortKeys)
            self.type = definition.name
            self.definitions = [definition]
            return
        }
        let upper = Inflection.upperFirst(model.name)
        let keyInput = "Model\(upper)\(compositeLabel)CompositeKeyInput"
        let conditionInput = "Model\(upper)\(compositeLabel)CompositeKeyConditionInput"
        let keyFields = fields.enumerated().map { position, field -> SDLField in
            let isLast = position == fields.count - 1
            let typeName: String
            if isLast, case .scalar(let scalar) = field.type.base {
                typeName = InputTypeNames.scalarFamily(scalar)
            } else if isLast {
                typeName = "String"
            } else {
                typeName = field.type.base.name
            }
            return SDLField(field.name, typeName)
        }
        let conditionFields = Operator.fields(of: .compositeKeyCondition, surface: .appSync, valueType: keyInput)
        self.name = ModelNames.sortKeyArgument(sortKeys)
        self.type = conditionInput
        self.definitions = [.input(conditionInput, fields: conditionFields), .input(keyInput, fields: keyFields)]
    }
}
