public import ModelGraphClient

/// One of a model's subscriptions (`onCreateX`, `onUpdateX`, `onDeleteX`): the document, with the model's
/// selection set, its filter, and how an event's record is read.
///
/// ```swift
/// for try await event in realtime.subscribe(.onCreate(Member.self, where: Member.keys.teamId == team.id)) { … }
/// ```
public struct SubscriptionRequest<M: Model>: Sendable {
    /// The document text.
    public let document: String
    /// The variables, by name.
    public let variables: [String: GraphQLValue]
    /// The subscription field an event's record is read from.
    public let responseField: String
    /// Why the request cannot be sent, when building it found out; subscribing then fails with it.
    let invalid: ModelGraphError?

    /// The records created from now on (that match `predicate`); `includes` names relationships to deliver
    /// with each.
    public static func onCreate(
        _ type: M.Type, where predicate: QueryPredicate<M>? = nil, includes: (ModelPath<M>) -> [any IncludePath] = { _ in [] }
    ) -> SubscriptionRequest {
        SubscriptionRequest(event: "Create", filter: predicate?.filter, includes: IncludeTree(includes(ModelPath<M>())))
    }

    /// The records updated from now on (that match `predicate`), as they are after the update.
    public static func onUpdate(
        _ type: M.Type, where predicate: QueryPredicate<M>? = nil, includes: (ModelPath<M>) -> [any IncludePath] = { _ in [] }
    ) -> SubscriptionRequest {
        SubscriptionRequest(event: "Update", filter: predicate?.filter, includes: IncludeTree(includes(ModelPath<M>())))
    }

    /// The records deleted from now on (that match `predicate`), as they were.
    public static func onDelete(
        _ type: M.Type, where predicate: QueryPredicate<M>? = nil, includes: (ModelPath<M>) -> [any IncludePath] = { _ in [] }
    ) -> SubscriptionRequest {
        SubscriptionRequest(event: "Delete", filter: predicate?.filter, includes: IncludeTree(includes(ModelPath<M>())))
    }

    /// `subscription OnEventX($filter: ModelSubscriptionXFilterInput) { onEventX(filter: $filter) { … } }`,
    /// named as the transformer names a model's subscriptions.
    private init(event: String, filter: QueryFilter?, includes: IncludeTree) {
        let schema = M.schema
        let typeName = schema.name.prefix(1).uppercased() + schema.name.dropFirst()
        responseField = "on\(event)\(typeName)"
        variables = filter.map { ["filter": $0.graphQLValue] } ?? [:]
        do {
            let selection = try SelectionSet.lines(of: schema, includes: includes, depth: 2)
            document = Document.operation(
                "subscription", field: responseField, arguments: [("filter", "ModelSubscription\(typeName)FilterInput")], selection: selection)
            invalid = nil
        } catch {
            document = ""
            invalid = error
        }
    }

    /// Reads an event's record.
    func decode(_ value: GraphQLValue, client: APIClient) throws(ModelGraphError) -> M {
        try M(graphQLValue: value, context: DecodingContext(client: client))
    }
}
