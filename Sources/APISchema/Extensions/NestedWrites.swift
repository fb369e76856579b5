import ModelIR

/// Nested creates: `CreatePostInput` gains a field per relationship (`comments:
/// CreatePostCommentsRelationInput { create: [CreatePostCommentsItemInput!] connect: [ModelCommentKeyInput!] }`,
/// `blog: CreatePostBlogRelationInput { create: CreateBlogInput connect: ModelBlogKeyInput }`), and so does
/// every item input, so a tree of any depth is one mutation. Three passes, so recursive inputs only refer to
/// types already added: the key inputs, then per model its item and relation inputs, then per model the
/// relation fields on its create input and on the item inputs that create its records.
enum NestedWrites {
    /// The provider registered in `APIExtensions`.
    static let provider: APIExtensionProvider = { context in
        let models = context.schema.models
        let keys = models.compactMap { keyInput(of: $0, context) }
        let inputs = models.compactMap { relationInputs(of: $0, context) }
        let fields = models.compactMap { relationFields(of: $0, context) }
        return keys + inputs + fields
    }

    /// The relations of `model` a nested create can write: the written model must be creatable (for `create`)
    /// or updatable (for `connect` of children) through the API.
    static func relations(of model: Model, _ context: APIExtensionContext) -> [NestedRelation] {
        guard ModelNames(model).create != nil else { return [] }
        return NestedRelation.relations(of: model, in: context.schema).filter { relation in
            ModelNames(relation.written).create != nil
        }
    }

    /// `ModelPostKeyInput { id: ID! }`: the primary-key fields, all required.
    static func keyInput(of model: Model, _ context: APIExtensionContext) -> APIExtension? {
        guard let input = context.definition(named: ModelNames(model).createInput), case .input(_, let createFields) = input else { return nil }
        let fields = model.primaryKey.map { key in
            let type = createFields.first { $0.name == key }?.type ?? "ID"
            return SDLField(key, type.hasSuffix("!") ? type : type + "!")
        }
        return APIExtension(feature: "nested create", model: model.name, additions: [.definition(.input(ModelNames(model).keyInput, fields: fields))])
    }

    /// The item input (children only) and the relation input of each relation of `model`.
    static func relationInputs(of model: Model, _ context: APIExtensionContext) -> APIExtension? {
        let names = ModelNames(model)
        var additions: [APIAddition] = []
        for relation in relations(of: model, context) {
            let written = ModelNames(relation.written)
            let key = written.keyInput
            var createType = written.createInput
            if case .children = relation.shape {
                guard let input = context.definition(named: written.createInput), case .input(_, let fields) = input else { continue }
                let filled = Set(relation.relationship.targetFields)
                createType = names.createItemInput(relation.field.name)
                additions.append(.definition(.input(createType, fields: fields.filter { !filled.contains($0.name) })))
            }
            let fields =
                relation.isList
                ? [SDLField("create", "[\(createType)!]"), SDLField("connect", "[\(key)!]")]
                : [SDLField("create", createType), SDLField("connect", key)]
            additions.append(.definition(.input(names.createRelationInput(relation.field.name), fields: fields)))
        }
        return additions.isEmpty ? nil : APIExtension(feature: "nested create", model: model.name, additions: additions)
    }

    /// The relation fields of `model`: on its create input, and on every item input that creates its records
    /// (without the field pointing back at that item's parent).
    static func relationFields(of model: Model, _ context: APIExtensionContext) -> APIExtension? {
        let names = ModelNames(model)
        let own = relations(of: model, context)
        guard !own.isEmpty else { return nil }
        func fields(except excluded: String?) -> [SDLField] {
            own.filter { $0.field.name != excluded }.map { SDLField($0.field.name, names.createRelationInput($0.field.name)) }
        }
        var additions = fields(except: nil).map { APIAddition.field($0, toType: names.createInput) }
        for parent in context.schema.models {
            for relation in relations(of: parent, context) where relation.target.name == model.name {
                guard case .children = relation.shape else { continue }
                let item = ModelNames(parent).createItemInput(relation.field.name)
                additions += fields(except: relation.inverseField).map { APIAddition.field($0, toType: item) }
            }
        }
        return APIExtension(feature: "nested create", model: model.name, additions: additions)
    }
}
