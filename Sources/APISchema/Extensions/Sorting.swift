package import ModelIR

/// The fields a page can be ordered by: stored single values of a scalar or enum type other than `AWSJSON`,
/// implicit reference, timestamp and owner fields included. A field named `true`, `false` or `null` is left
/// out, since no GraphQL enum value may be spelled so.
package enum SortableFields {
    /// True when `field` can order a page.
    package static func isSortable(_ field: Field) -> Bool {
        guard field.isStored, !field.type.isList, !["true", "false", "null"].contains(field.name) else { return false }
        switch field.type.base {
        case .scalar(let scalar): return scalar != .awsJSON
        case .enumeration: return true
        case .object, .model: return false
        }
    }

    /// The sortable fields of `model`, in field order.
    package static func of(_ model: Model) -> [Field] {
        model.storedFields.filter(isSortable)
    }
}

/// The `sort` extension: for each model, `enum Model…SortableFields`, `input Model…SortInput { field
/// direction nulls }` and an optional `sort: [Model…SortInput!]` argument, appended last, on its list query,
/// its index queries and every hasMany or manyToMany field whose items are its records.
enum Sorting {
    /// The extensions, one per model that has a sortable field.
    @Sendable static func extensions(_ context: APIExtensionContext) -> [APIExtension] {
        var extensions: [APIExtension] = []
        for model in context.schema.models {
            let fields = SortableFields.of(model)
            guard !fields.isEmpty else { continue }
            let names = ModelNames(model)
            var additions: [APIAddition] = [
                .definition(.enumeration(ModelNames.sortNulls, values: ["FIRST", "LAST"])),
                .definition(.enumeration(names.sortableFields, values: fields.map(\.name))),
                .definition(
                    .input(
                        names.sortInput,
                        fields: [
                            SDLField("field", "\(names.sortableFields)!"), SDLField("direction", "ModelSortDirection"), SDLField("nulls", ModelNames.sortNulls),
                        ])),
            ]
            let argument = SDLArgument("sort", "[\(names.sortInput)!]")
            let queries = context.rootFields[.query] ?? [:]
            for name in queries.keys.sorted() {
                guard let root = queries[name], root.model == model.name else { continue }
                switch root.kind {
                case .list, .indexQuery: additions.append(.argument(argument, toType: "Query", field: name))
                default: continue
                }
            }
            for parent in context.schema.models {
                for field in parent.fields {
                    guard let relationship = field.relationship, relationship.target == model.name,
                        relationship.kind == .hasMany || relationship.kind == .manyToMany
                    else { continue }
                    additions.append(.argument(argument, toType: parent.name, field: field.name))
                }
            }
            extensions.append(APIExtension(feature: "sort", model: model.name, additions: additions))
        }
        return extensions
    }
}
