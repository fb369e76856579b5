package import ModelIR

/// Which shared input type filters, conditions and key conditions use for a field type (docs/api-contract.md §5, §8).
package enum InputTypeNames {
    /// `ModelStringInput`, `ModelIntInput`, `ModelEInput`, `ModelEListInput`… for filters and conditions.
    package static func filter(for type: FieldType) -> String? {
        switch type.base {
        case .scalar(let scalar): return "Model\(scalarFamily(scalar))Input"
        case .enumeration(let name): return type.isList ? "Model\(name)ListInput" : "Model\(name)Input"
        case .object, .model: return nil
        }
    }

    /// The subscription-filter input: enums use the string one.
    package static func subscriptionFilter(for type: FieldType) -> String? {
        switch type.base {
        case .scalar(let scalar): return "ModelSubscription\(scalarFamily(scalar))Input"
        case .enumeration: return "ModelSubscriptionStringInput"
        case .object, .model: return nil
        }
    }

    /// The family whose key condition input (`ModelStringKeyConditionInput` etc.) a sort key of type `base` takes; nil when it cannot be one.
    static func keyConditionFamily(for base: BaseType) -> Operator.Family? {
        switch base {
        case .scalar(.boolean): return nil
        case .scalar(let scalar): return Operator.Family(rawValue: scalarFamily(scalar))
        case .enumeration: return .string
        case .object, .model: return nil
        }
    }

    /// String, ID, Int, Float or Boolean: the family a scalar's inputs belong to.
    package static func scalarFamily(_ scalar: ScalarType) -> String {
        switch scalar {
        case .id: "ID"
        case .int, .awsTimestamp: "Int"
        case .float: "Float"
        case .boolean: "Boolean"
        default: "String"
        }
    }

}
