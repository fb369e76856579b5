import ModelIR

/// The relation filters of the extended API: `ModelPostFilterInput` gains one field per relationship of
/// `Post`, after AppSync's fields. A belongsTo or hasOne field takes the related model's filter input
/// (`blog: ModelBlogFilterInput`); a hasMany or manyToMany field takes the shared
/// `Model<Target>RelationFilterInput { some every none }` of the related model (of the join model, for
/// manyToMany), each of which is that model's filter input. Condition inputs and subscription filters get none.
enum RelationFilters {
    /// The name of the `{ some every none }` input over `target`'s records.
    static func relationFilterInput(_ target: Model) -> String {
        "Model\(Inflection.upperFirst(target.name))RelationFilterInput"
    }

    /// The fields `model`'s filter input gains, in field order.
    static func filterFields(of model: Model, in schema: Schema) -> [SDLField] {
        model.fields.compactMap { field in
            guard let relationship = field.relationship, let target = schema.model(named: relationship.target) else { return nil }
            switch relationship.kind {
            case .belongsTo, .hasOne: return SDLField(field.name, ModelNames(target).filterInput)
            case .hasMany, .manyToMany: return SDLField(field.name, relationFilterInput(target))
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
            return .input(relationFilterInput(target), fields: ["some", "every", "none"].map { SDLField($0, filter) })
        }
    }
}
