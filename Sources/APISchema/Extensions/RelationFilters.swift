import ModelIR

/// The relation filters of the extended API: `ModelPostFilterInput` gains one field per relationship of
/// `Post`, after AppSync's fields. A belongsTo or hasOne field takes the related model's filter input
/// (`blog: ModelBlogFilterInput`); a hasMany or manyToMany field takes the shared
/// `Model<Target>RelationFilterInput { some every none }` of the related model (of the join model, for
/// manyToMany), each of which is that model's filter input. Condition inputs and subscription filters get none.
enum RelationFilters {
    /// The fields `model`'s filter input gains, in field order.
    static func filterFields(of model: Model, in schema: Schema) -> [SDLField] {
        model.fields.compactMap { field in
            guard let relationship = field.relationship, let target = schema.model(named: relationship.target) else { return nil }
            switch relationship.kind {
            case .belongsTo, .hasOne: return SDLField(field.name, ModelNames(target).filterInput)
            case .hasMany, .manyToMany: return SDLField(field.name, ModelNames(target).relationFilterInput)
            }
        }
    }

    /// The `{ some every none }` inputs `model`'s relation filters use, one per to-many target.
    static func definitions(of model: Model, in schema: Schema) -> [SDLDefinition] {
        model.fields.compactMap { field in
            guard let relationship = field.relationship, relationship.kind == .hasMany || relationship.kind == .manyToMany,
                let target = schema.model(named: relationship.target)
            else { return nil }
            let filter = ModelNames(target).filterInput
            return .input(ModelNames(target).relationFilterInput, fields: ["some", "every", "none"].map { SDLField($0, filter) })
        }
    }
}

extension RelationFilters {
    /// The relation filters of every model with relationships: one extension per model, adding the shared
    /// `{ some every none }` inputs it uses (again, unchanged, when another model added them first) and then its
    /// relation fields to its filter input.
    static func extensions(_ context: APIExtensionContext) -> [APIExtension] {
        context.schema.models.compactMap { model in
            let fields = filterFields(of: model, in: context.schema)
            guard !fields.isEmpty else { return nil }
            let filterInput = ModelNames(model).filterInput
            let additions = definitions(of: model, in: context.schema).map(APIAddition.definition) + fields.map { APIAddition.field($0, toType: filterInput) }
            return APIExtension(feature: "relation filter", model: model.name, additions: additions)
        }
    }
}
