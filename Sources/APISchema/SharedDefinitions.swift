/// The definitions every generated API contains once, whatever the models (contract §1.6, §1.7, §2).
enum SharedDefinitions {
    static func scalarInputs() -> [SDLDefinition] {
        var definitions: [SDLDefinition] = []
        let functions = [SDLField("attributeExists", "Boolean"), SDLField("attributeType", "ModelAttributeTypes")]
        for family in ["String", "ID"] {
            definitions.append(.input("Model\(family)Input", fields: comparisons(family) + [
                SDLField("contains", family), SDLField("notContains", family), SDLField("between", "[\(family)]"),
                SDLField("beginsWith", family),
            ] + functions + [SDLField("size", "ModelSizeInput")]))
        }
        for family in ["Int", "Float"] {
            definitions.append(.input("Model\(family)Input", fields: comparisons(family) + [SDLField("between", "[\(family)]")] + functions))
        }
        definitions.append(.input("ModelBooleanInput", fields: [SDLField("ne", "Boolean"), SDLField("eq", "Boolean")] + functions))
        definitions.append(.input("ModelSizeInput", fields: comparisons("Int") + [SDLField("between", "[Int]")]))
        definitions.append(.enumeration("ModelAttributeTypes", values: ["binary", "binarySet", "bool", "list", "map", "number", "numberSet", "string", "stringSet", "_null"]))
        definitions.append(.enumeration("ModelSortDirection", values: ["ASC", "DESC"]))
        for family in ["String", "ID"] {
            definitions.append(.input("ModelSubscription\(family)Input", fields: comparisons(family) + [
                SDLField("contains", family), SDLField("notContains", family), SDLField("between", "[\(family)]"),
                SDLField("beginsWith", family), SDLField("in", "[\(family)]"), SDLField("notIn", "[\(family)]"),
            ]))
        }
        for family in ["Int", "Float"] {
            definitions.append(.input("ModelSubscription\(family)Input", fields: comparisons(family) + [
                SDLField("between", "[\(family)]"), SDLField("in", "[\(family)]"), SDLField("notIn", "[\(family)]"),
            ]))
        }
        definitions.append(.input("ModelSubscriptionBooleanInput", fields: [SDLField("ne", "Boolean"), SDLField("eq", "Boolean")]))
        return definitions
    }

    /// `ne eq le lt ge gt`, in the transformer's order.
    static func comparisons(_ type: String) -> [SDLField] {
        ["ne", "eq", "le", "lt", "ge", "gt"].map { SDLField($0, type) }
    }

    /// A key condition input for one scalar family.
    static func keyCondition(_ family: String) -> SDLDefinition {
        var fields = ["eq", "le", "lt", "ge", "gt"].map { SDLField($0, family) }
        fields.append(SDLField("between", "[\(family)]"))
        if family == "String" || family == "ID" { fields.append(SDLField("beginsWith", family)) }
        return .input("Model\(family)KeyConditionInput", fields: fields)
    }
}
