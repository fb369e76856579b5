import ModelIR

/// Batch writes: `batchCreatePost(input: [CreatePostInput!]!): [Post]`, `batchUpdatePost` and
/// `batchDeletePost`, each only where its single mutation exists. All or nothing, results in input order.
enum BatchWrites {
    /// The provider registered in `APIExtensions`.
    static let provider: APIExtensionProvider = { context in
        context.schema.models.compactMap { model -> APIExtension? in
            let names = ModelNames(model)
            let operations: [(String?, String, RootFieldKind)] = [
                (names.batchCreate, names.createInput, .batchCreate), (names.batchUpdate, names.updateInput, .batchUpdate),
                (names.batchDelete, names.deleteInput, .batchDelete),
            ]
            var additions: [APIAddition] = []
            for (name, input, kind) in operations {
                guard let name else { continue }
                let field = SDLField(name, "[\(model.name)]", arguments: [SDLArgument("input", "[\(input)!]!")])
                additions.append(.rootField(.mutation, field, RootField(name: name, model: model.name, kind: kind)))
            }
            return additions.isEmpty ? nil : APIExtension(feature: "batch", model: model.name, additions: additions)
        }
    }
}
