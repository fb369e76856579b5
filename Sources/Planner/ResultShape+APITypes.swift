import GraphQL
import ModelIR
import OrderedCollections

extension ResultShape {
    /// The shape of a value of the served API's type `type` with `selectionSet`: any type the API declares, models
    /// and their connections included, each object's fields as the API prints them. What a custom subscription's
    /// events are completed against: they carry a mutation's answer, whatever its type.
    static func of(apiType type: any GraphQLOutputType, selectionSet: SelectionSet?, selection: SelectionCompiler, depth: Int = 0) throws(PlanError) -> ResultShape {
        guard depth < 64 else { throw PlanError(.validation, "The selection set is nested too deeply.") }
        var fieldType = FieldType(.object(""))
        var named: any GraphQLType = type
        if let required = named as? GraphQLNonNull {
            fieldType.isRequired = true
            named = required.ofType
        }
        if let list = named as? GraphQLList {
            fieldType.isList = true
            named = list.ofType
            if let required = named as? GraphQLNonNull {
                fieldType.isElementRequired = true
                named = required.ofType
            }
        }
        switch named {
        case let scalar as GraphQLScalarType:
            guard let known = ScalarType(rawValue: scalar.name) else { throw PlanError(.unsupported, "Values of the scalar '\(scalar.name)' cannot be delivered.") }
            fieldType.base = .scalar(known)
            return ResultShape(kind: .scalar(known), type: fieldType)
        case let enumeration as GraphQLEnumType:
            fieldType.base = .enumeration(enumeration.name)
            return ResultShape(kind: .enumeration(enumeration.name, values: enumeration.values.map(\.name)), type: fieldType)
        case let object as GraphQLObjectType:
            fieldType.base = .object(object.name)
            guard let selectionSet else { throw PlanError(.validation, "Field of type '\(object.name)' must have a selection of subfields.") }
            let declared = (try? object.fields()) ?? [:]
            var fields: [SelectedField] = []
            for field in try selection.collectFields(selectionSet, typeName: object.name) {
                let key = field.alias?.value ?? field.name.value
                if field.name.value == "__typename" {
                    fields.append(SelectedField(key: key, name: "__typename", shape: nil))
                    continue
                }
                guard let definition = declared[field.name.value] else {
                    throw PlanError(.validation, "Field '\(field.name.value)' in type '\(object.name)' is undefined.")
                }
                let nested = try of(apiType: definition.type, selectionSet: field.selectionSet, selection: selection, depth: depth + 1)
                fields.append(SelectedField(key: key, name: field.name.value, shape: nested))
            }
            return ResultShape(kind: .object(typeName: object.name, fields: fields), type: fieldType)
        default:
            throw PlanError(.unsupported, "Values of the type '\(named)' cannot be delivered.")
        }
    }
}
