import GraphQL
package import ModelIR

/// How a handler's JSON answer becomes the field's value: the selection set's response keys (aliases), the
/// type each value must have, and which may be null. The executor completes the answer against it
/// (`ResultShaper`), as GraphQL completes a resolver's value.
package struct ResultShape: Hashable, Sendable {
    /// What the value is, below any list.
    package indirect enum Kind: Hashable, Sendable {
        /// A scalar, checked and written as its type writes it.
        case scalar(ScalarType)
        /// An enum value, one of `values`.
        case enumeration(String, values: [String])
        /// An object of type `typeName`, written with exactly the selected fields.
        case object(typeName: String, fields: [SelectedField])
    }

    /// What the value is.
    package var kind: Kind
    /// The declared type's list and null markers.
    package var type: FieldType

    /// One selected field of an object.
    package struct SelectedField: Hashable, Sendable {
        /// The response key (the alias, else the name).
        package var key: String
        /// The field's name in the handler's answer; `__typename` is the object's type name.
        package var name: String
        /// Its shape; nil for `__typename`.
        package var shape: ResultShape?
    }

    /// The shape of a value of `type` with `selectionSet` (nil for a scalar or enum), fragments expanded and
    /// `@skip`/`@include` applied through `selection`.
    static func of(_ type: FieldType, selectionSet: SelectionSet?, selection: SelectionCompiler, schema: Schema) throws(PlanError) -> ResultShape {
        switch type.base {
        case .scalar(let scalar): return ResultShape(kind: .scalar(scalar), type: type)
        case .enumeration(let name): return ResultShape(kind: .enumeration(name, values: schema.enumType(named: name)?.values ?? []), type: type)
        case .object(let name):
            guard let selectionSet, let object = schema.objectTypes.first(where: { $0.name == name }) else {
                throw PlanError(.validation, "Field of type '\(name)' must have a selection of subfields.")
            }
            var fields: [SelectedField] = []
            for field in try selection.collectFields(selectionSet, typeName: name) {
                let key = field.alias?.value ?? field.name.value
                if field.name.value == "__typename" {
                    fields.append(SelectedField(key: key, name: "__typename", shape: nil))
                    continue
                }
                guard let declared = object.fields.first(where: { $0.name == field.name.value }) else {
                    throw PlanError(.validation, "Field '\(field.name.value)' in type '\(name)' is undefined.")
                }
                fields.append(SelectedField(key: key, name: declared.name, shape: try of(declared.type, selectionSet: field.selectionSet, selection: selection, schema: schema)))
            }
            return ResultShape(kind: .object(typeName: name, fields: fields), type: type)
        case .model(let name):
            throw PlanError(.unsupported, "Model \(name) is read from the database, not shaped from an answer.")
        }
    }
}
