import APISchema
import GraphQL
import OrderedCollections
import SchemaParser
import Testing

/// What `@auth` owner and dynamic-group rules change in the generated API. Each expectation restates what the
/// Amplify transformer v2 prints for the same input (docs/auth-rules.md, "Subscriptions"), field order
/// included, since clients and code generators see the printed order.
@Suite("Generated API schema: owner rules")
struct OwnerRuleSchemaTests {
    /// The API of `source`, checked to build as a GraphQL schema.
    static func api(_ source: String) throws -> APISchema {
        let api = try APISchema.build(from: SchemaParser.parseOrThrow(source: source), surface: .appSync)
        _ = try buildSchema(source: Source(body: api.sdl))
        return api
    }

    /// The lines of the definition that starts with `header` (e.g. `input ModelTodoFilterInput`), in printed
    /// order, without indentation.
    static func body(_ api: APISchema, _ header: String) -> [String] {
        let lines = api.sdl.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let start = lines.firstIndex(of: header + " {") else { return [] }
        // Fields are printed with two spaces of indentation.
        return lines[(start + 1)...].prefix { $0 != "}" }.map { String($0.dropFirst(2)) }
    }

    /// The printed subscription field named `name`, without its `@aws_subscribe` directive.
    static func subscription(_ api: APISchema, _ name: String) -> String? {
        guard let line = body(api, "type Subscription").first(where: { $0.hasPrefix(name + "(") }), let end = line.firstRange(of: " @aws_subscribe") else { return nil }
        return String(line[..<end.lowerBound])
    }

    @Test("an implicit owner field ends the type, follows not in the filter and the timestamps in the condition, ends the subscription filter, and stays out of create and update")
    func implicitOwnerPlacement() throws {
        let api = try Self.api("type Todo @model @auth(rules: [{ allow: owner }]) { content: String }")
        #expect(Self.body(api, "type Todo") == ["content: String", "id: ID!", "createdAt: AWSDateTime!", "updatedAt: AWSDateTime!", "owner: String"])
        #expect(
            Self.body(api, "input ModelTodoFilterInput") == [
                "content: ModelStringInput", "id: ModelIDInput", "createdAt: ModelStringInput", "updatedAt: ModelStringInput", "and: [ModelTodoFilterInput]",
                "or: [ModelTodoFilterInput]", "not: ModelTodoFilterInput", "owner: ModelStringInput",
            ])
        #expect(
            Self.body(api, "input ModelTodoConditionInput") == [
                "content: ModelStringInput", "and: [ModelTodoConditionInput]", "or: [ModelTodoConditionInput]", "not: ModelTodoConditionInput",
                "createdAt: ModelStringInput", "updatedAt: ModelStringInput", "owner: ModelStringInput",
            ])
        #expect(Self.body(api, "input CreateTodoInput") == ["id: ID", "content: String"])
        #expect(Self.body(api, "input UpdateTodoInput") == ["id: ID!", "content: String"])
        #expect(
            Self.body(api, "input ModelSubscriptionTodoFilterInput") == [
                "content: ModelSubscriptionStringInput", "id: ModelSubscriptionIDInput", "createdAt: ModelSubscriptionStringInput",
                "updatedAt: ModelSubscriptionStringInput", "and: [ModelSubscriptionTodoFilterInput]", "or: [ModelSubscriptionTodoFilterInput]",
                "owner: ModelStringInput",
            ])
        for name in ["onCreateTodo", "onUpdateTodo", "onDeleteTodo"] {
            #expect(Self.subscription(api, name) == "\(name)(filter: ModelSubscriptionTodoFilterInput, owner: String): Todo")
        }
    }

    @Test("a declared owner field keeps its place everywhere but the subscription filter, which gives it ModelStringInput at its end")
    func declaredOwnerPlacement() throws {
        let api = try Self.api("type Todo @model @auth(rules: [{ allow: owner }]) { owner: String  content: String }")
        #expect(Self.body(api, "type Todo") == ["owner: String", "content: String", "id: ID!", "createdAt: AWSDateTime!", "updatedAt: AWSDateTime!"])
        #expect(Self.body(api, "input ModelTodoFilterInput").first == "owner: ModelStringInput")
        #expect(Self.body(api, "input ModelTodoFilterInput").last == "not: ModelTodoFilterInput")
        #expect(Self.body(api, "input ModelTodoConditionInput").first == "owner: ModelStringInput")
        #expect(Self.body(api, "input CreateTodoInput") == ["id: ID", "owner: String", "content: String"])
        #expect(Self.body(api, "input UpdateTodoInput") == ["id: ID!", "owner: String", "content: String"])
        #expect(
            Self.body(api, "input ModelSubscriptionTodoFilterInput") == [
                "content: ModelSubscriptionStringInput", "id: ModelSubscriptionIDInput", "createdAt: ModelSubscriptionStringInput",
                "updatedAt: ModelSubscriptionStringInput", "and: [ModelSubscriptionTodoFilterInput]", "or: [ModelSubscriptionTodoFilterInput]",
                "owner: ModelStringInput",
            ])
        #expect(Self.subscription(api, "onCreateTodo") == "onCreateTodo(filter: ModelSubscriptionTodoFilterInput, owner: String): Todo")
    }

    @Test("implicit owner fields come after the generated reference fields, as a deployed API prints them")
    func ownerAfterReferences() throws {
        let rules = "@auth(rules: [{ allow: public, operations: [read] }, { allow: owner }])"
        let api = try Self.api(
            """
            type Primary @model \(rules) { id: ID! @primaryKey  secret: String  relatedMany: [RelatedMany] @hasMany  relatedOne: RelatedOne @hasOne }
            type RelatedMany @model \(rules) { id: ID! @primaryKey  secret: String  primary: Primary @belongsTo }
            type RelatedOne @model \(rules) { id: ID! @primaryKey  secret: String  primary: Primary @belongsTo }
            """)
        #expect(Self.body(api, "type Primary").suffix(4) == ["createdAt: AWSDateTime!", "updatedAt: AWSDateTime!", "primaryRelatedOneId: ID", "owner: String"])
        #expect(Self.body(api, "type RelatedMany").suffix(2) == ["primaryRelatedManyId: ID", "owner: String"])
        #expect(Self.body(api, "input ModelPrimaryFilterInput").suffix(3) == ["not: ModelPrimaryFilterInput", "primaryRelatedOneId: ModelIDInput", "owner: ModelStringInput"])
        #expect(
            Self.body(api, "input ModelPrimaryConditionInput") == [
                "secret: ModelStringInput", "and: [ModelPrimaryConditionInput]", "or: [ModelPrimaryConditionInput]", "not: ModelPrimaryConditionInput",
                "createdAt: ModelStringInput", "updatedAt: ModelStringInput", "primaryRelatedOneId: ModelIDInput", "owner: ModelStringInput",
            ])
        #expect(Self.body(api, "input CreatePrimaryInput") == ["id: ID", "secret: String", "primaryRelatedOneId: ID"])
        // The owner follows both reference fields; the order of those two is not what this test is about.
        let subscriptionFilter = Self.body(api, "input ModelSubscriptionPrimaryFilterInput")
        #expect(subscriptionFilter.last == "owner: ModelStringInput")
        #expect(
            Set(subscriptionFilter.dropLast().suffix(2)) == ["primaryRelatedManyId: ModelSubscriptionIDInput", "primaryRelatedOneId: ModelSubscriptionIDInput"])
        #expect(Self.body(api, "input ModelSubscriptionRelatedManyFilterInput").suffix(2) == ["or: [ModelSubscriptionRelatedManyFilterInput]", "owner: ModelStringInput"])
        #expect(Self.subscription(api, "onUpdateRelatedOne") == "onUpdateRelatedOne(filter: ModelSubscriptionRelatedOneFilterInput, owner: String): RelatedOne")
    }

    @Test("owner arguments follow filter in rule order, one per owner rule that grants reading, none for a list owner field")
    func ownerArguments() throws {
        let api = try Self.api(
            """
            type Post @model @auth(rules: [{ allow: owner }, { allow: owner, ownerField: "editor", operations: [read, update] }]) { id: ID!  title: String  owner: String  editor: String }
            type Memo @model @auth(rules: [{ allow: owner, ownerField: "postOwner" }, { allow: private }, { allow: groups, groups: ["Admins"] }]) { id: ID!  postOwner: String }
            type Board @model @auth(rules: [{ allow: owner, ownerField: "editors" }]) { id: ID!  editors: [String] }
            type Draft @model @auth(rules: [{ allow: owner, operations: [create, delete] }, { allow: owner, ownerField: "reviewer", operations: [read] }]) { id: ID! }
            """)
        for kind in ["Create", "Update", "Delete"] {
            #expect(Self.subscription(api, "on\(kind)Post") == "on\(kind)Post(filter: ModelSubscriptionPostFilterInput, owner: String, editor: String): Post")
            #expect(Self.subscription(api, "on\(kind)Memo") == "on\(kind)Memo(filter: ModelSubscriptionMemoFilterInput, postOwner: String): Memo")
            #expect(Self.subscription(api, "on\(kind)Board") == "on\(kind)Board(filter: ModelSubscriptionBoardFilterInput): Board")
            #expect(Self.subscription(api, "on\(kind)Draft") == "on\(kind)Draft(filter: ModelSubscriptionDraftFilterInput, reviewer: String): Draft")
        }
        // The list owner field still leaves its place in the subscription filter and comes back at its end.
        #expect(Self.body(api, "input ModelSubscriptionBoardFilterInput").last == "editors: ModelStringInput")
        #expect(!Self.body(api, "input ModelSubscriptionBoardFilterInput").contains("editors: ModelSubscriptionStringInput"))
        // A rule that grants no reading adds no argument, but its owner field is on the type and in the filters.
        #expect(Self.body(api, "type Draft").suffix(2) == ["owner: String", "reviewer: String"])
        #expect(Self.body(api, "input ModelDraftFilterInput").suffix(2) == ["owner: ModelStringInput", "reviewer: ModelStringInput"])
        #expect(Self.body(api, "input ModelDraftConditionInput").suffix(2) == ["owner: ModelStringInput", "reviewer: ModelStringInput"])
        #expect(Self.body(api, "input ModelSubscriptionDraftFilterInput").suffix(2) == ["owner: ModelStringInput", "reviewer: ModelStringInput"])
        // The arguments are real arguments of the executable schema.
        let field = try #require(api.graphQLSchema.subscriptionType?.fields()["onCreatePost"])
        #expect(field.args.map { "\($0.key): \($0.value.type)" } == ["filter: ModelSubscriptionPostFilterInput", "owner: String", "editor: String"])
    }

    @Test("renamed subscriptions take the owner arguments too")
    func renamedSubscriptions() throws {
        let api = try Self.api("type Note @model(subscriptions: { onCreate: [\"onNewNote\"] }) @auth(rules: [{ allow: owner }]) { id: ID!  text: String }")
        #expect(Self.subscription(api, "onNewNote") == "onNewNote(filter: ModelSubscriptionNoteFilterInput, owner: String): Note")
    }

    @Test("a dynamic groups field leaves the subscription filter and adds no argument; static group and private rules change nothing")
    func groupsFields() throws {
        let api = try Self.api(
            """
            type Room @model @auth(rules: [{ allow: groups, groupsField: "team" }, { allow: groups, groups: ["Admins"] }, { allow: private }]) { id: ID!  label: String  team: String }
            """)
        #expect(
            Self.body(api, "input ModelSubscriptionRoomFilterInput") == [
                "id: ModelSubscriptionIDInput", "label: ModelSubscriptionStringInput", "createdAt: ModelSubscriptionStringInput",
                "updatedAt: ModelSubscriptionStringInput", "and: [ModelSubscriptionRoomFilterInput]", "or: [ModelSubscriptionRoomFilterInput]",
            ])
        #expect(Self.body(api, "input ModelRoomFilterInput").contains("team: ModelStringInput"))
        #expect(Self.body(api, "input ModelRoomConditionInput").contains("team: ModelStringInput"))
        #expect(Self.body(api, "type Room") == ["id: ID!", "label: String", "team: String", "createdAt: AWSDateTime!", "updatedAt: AWSDateTime!"])
        #expect(Self.subscription(api, "onCreateRoom") == "onCreateRoom(filter: ModelSubscriptionRoomFilterInput): Room")
    }

    @Test("ModelGraph's choice: two owner rules on one field (another provider) give the field and its argument once, so the schema stays valid")
    func repeatedOwnerField() throws {
        let api = try Self.api("type Todo @model @auth(rules: [{ allow: owner }, { allow: owner, provider: oidc, identityClaim: \"sub\" }]) { id: ID!  content: String }")
        #expect(Self.body(api, "type Todo").filter { $0.hasPrefix("owner:") } == ["owner: String"])
        #expect(Self.body(api, "input ModelTodoFilterInput").filter { $0.hasPrefix("owner:") } == ["owner: ModelStringInput"])
        #expect(Self.body(api, "input ModelSubscriptionTodoFilterInput").filter { $0.hasPrefix("owner:") } == ["owner: ModelStringInput"])
        #expect(Self.subscription(api, "onCreateTodo") == "onCreateTodo(filter: ModelSubscriptionTodoFilterInput, owner: String): Todo")
    }
}
