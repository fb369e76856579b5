import ModelIR

/// Nested updates: `UpdatePostInput` gains a field per relationship that a nested create can write, so one
/// `updatePost` changes the record and its relations:
/// - hasMany and manyToMany: `comments: UpdatePostCommentsRelationInput { create: [CreatePostCommentsItemInput!]
///   connect: [ModelCommentKeyInput!] disconnect: [ModelCommentKeyInput!] delete: [ModelCommentKeyInput!]
///   set: [ModelCommentKeyInput!] }` (a manyToMany field creates the far model's `CreateTeacherInput`s);
/// - belongsTo, and hasOne holding the reference itself: `{ create: CreateBlogInput connect: ModelBlogKeyInput
///   disconnect: Boolean }`;
/// - hasOne whose related record holds the reference: `{ create: CreatePostCartItemInput connect: ModelCartKeyInput
///   disconnect: Boolean delete: Boolean }`.
/// The item and key inputs are the nested create's, so this provider runs after it.
enum NestedUpdates {
    /// The provider registered in `APIExtensions`.
    static let provider: APIExtensionProvider = { context in
        context.schema.models.compactMap { updateInputs(of: $0, context) }
    }

    /// The relation inputs of `model`'s updatable relations and the fields that use them on its update input.
    static func updateInputs(of model: Model, _ context: APIExtensionContext) -> APIExtension? {
        let names = ModelNames(model)
        guard context.definition(named: names.updateInput) != nil else { return nil }
        var definitions: [APIAddition] = []
        var fields: [APIAddition] = []
        for relation in NestedRelation.updatable(of: model, in: context.schema) {
            let key = ModelNames(relation.written).keyInput
            var createType = ModelNames(relation.written).createInput
            let parts: [SDLField]
            switch relation.shape {
            case .children(let list):
                createType = names.createItemInput(relation.field.name)
                parts =
                    list
                    ? listParts(createType, key)
                    : [SDLField("create", createType), SDLField("connect", key), SDLField("disconnect", "Boolean"), SDLField("delete", "Boolean")]
            case .parent:
                parts = [SDLField("create", createType), SDLField("connect", key), SDLField("disconnect", "Boolean")]
            case .manyToMany:
                parts = listParts(createType, key)
            }
            let name = names.updateRelationInput(relation.field.name)
            definitions.append(.definition(.input(name, fields: parts)))
            fields.append(.field(SDLField(relation.field.name, name), toType: names.updateInput))
        }
        return fields.isEmpty ? nil : APIExtension(feature: "nested update", model: model.name, additions: definitions + fields)
    }

    /// The parts of a to-many relation input.
    private static func listParts(_ createType: String, _ key: String) -> [SDLField] {
        [
            SDLField("create", "[\(createType)!]"), SDLField("connect", "[\(key)!]"), SDLField("disconnect", "[\(key)!]"), SDLField("delete", "[\(key)!]"),
            SDLField("set", "[\(key)!]"),
        ]
    }
}
