import APISchema
import GraphQL
import ModelIR
import OrderedCollections
import SchemaParser
import TestSupport
import Testing

@Suite("Generated API schema")
struct APISchemaTests {
    static func api(_ name: String, surface: APISurface = .extended) throws -> APISchema {
        try APISchema.build(from: SchemaParser.parseOrThrow(source: Fixtures.schemaSource(name)), surface: surface)
    }

    @Test("AppSync's API (--appsync) matches its golden file and round-trips through buildSchema", arguments: Fixtures.schemaNames())
    func golden(name: String) throws {
        let api = try Self.api(name, surface: .appSync)
        #expect(api.surface == .appSync)
        #expect(api.extensionWarnings.isEmpty)
        if let difference = Golden.check(api.sdl, named: "\(name).graphql") { Issue.record(Comment(rawValue: difference)) }
        _ = try buildSchema(source: Source(body: api.sdl))
    }

    @Test("the extended API (the default) matches its golden file, adds no warnings and round-trips", arguments: Fixtures.schemaNames())
    func extendedGolden(name: String) throws {
        let api = try Self.api(name)
        #expect(api.surface == .extended)
        #expect(api.extensionWarnings.isEmpty, "\(api.extensionWarnings)")
        if let difference = Golden.check(api.sdl, named: "extended/\(name).graphql") { Issue.record(Comment(rawValue: difference)) }
        _ = try buildSchema(source: Source(body: api.sdl))
    }

    /// Fields of an object or input type as `name: Type`, order ignored (docs/api-contract.md §16: compare structurally).
    static func fields(_ api: APISchema, _ typeName: String) -> Set<String> {
        guard let type = api.graphQLSchema.getType(name: typeName) else { return [] }
        if let object = type as? GraphQLObjectType {
            let fields: GraphQLFieldMap = (try? object.fields()) ?? [:]
            return Set(
                fields.map { (name: String, field: GraphQLField) -> String in
                    let arguments = field.args.map { "\($0.key): \($0.value.type)" }.sorted().joined(separator: ", ")
                    return arguments.isEmpty ? "\(name): \(field.type)" : "\(name)(\(arguments)): \(field.type)"
                })
        }
        if let input = type as? GraphQLInputObjectType {
            let fields: InputObjectFieldMap = (try? input.fields()) ?? [:]
            return Set(fields.map { "\($0.key): \($0.value.type)" })
        }
        return []
    }

    @Test("docs/api-contract.md §16.1: a model with an Int id")
    func exampleA() throws {
        let api = try Self.api("task-int-id")
        #expect(Self.fields(api, "Task") == ["id: Int!", "title: String!", "createdAt: AWSDateTime!", "updatedAt: AWSDateTime!"])
        #expect(Self.fields(api, "ModelTaskConnection") == ["items: [Task]!", "nextToken: String"])
        #expect(
            Self.fields(api, "ModelTaskFilterInput") == [
                "id: ModelIntInput", "title: ModelStringInput", "createdAt: ModelStringInput", "updatedAt: ModelStringInput",
                "and: [ModelTaskFilterInput]", "or: [ModelTaskFilterInput]", "not: ModelTaskFilterInput",
            ])
        #expect(
            Self.fields(api, "ModelTaskConditionInput") == [
                "id: ModelIntInput", "title: ModelStringInput", "createdAt: ModelStringInput", "updatedAt: ModelStringInput",
                "and: [ModelTaskConditionInput]", "or: [ModelTaskConditionInput]", "not: ModelTaskConditionInput",
            ])
        #expect(Self.fields(api, "CreateTaskInput") == ["id: Int!", "title: String!"])
        #expect(Self.fields(api, "UpdateTaskInput") == ["id: Int!", "title: String"])
        #expect(Self.fields(api, "DeleteTaskInput") == ["id: ID!"])
        let query = Self.fields(api, "Query")
        #expect(query.contains("getTask(id: ID!): Task"))
        #expect(query.contains("listTasks(filter: ModelTaskFilterInput, limit: Int, nextToken: String): ModelTaskConnection"))
        #expect(Self.fields(api, "Mutation").contains("createTask(condition: ModelTaskConditionInput, input: CreateTaskInput!): Task"))
        #expect(
            Self.fields(api, "ModelSubscriptionTaskFilterInput") == [
                "id: ModelSubscriptionIntInput", "title: ModelSubscriptionStringInput", "createdAt: ModelSubscriptionStringInput",
                "updatedAt: ModelSubscriptionStringInput", "and: [ModelSubscriptionTaskFilterInput]", "or: [ModelSubscriptionTaskFilterInput]",
            ])
    }

    @Test("docs/api-contract.md §16.3: implicit relationships and many-to-many with default parameters")
    func exampleC() throws {
        let source = """
            type Primary @model @auth(rules: [{allow: public}]) { id: ID! @primaryKey  secret: String  relatedMany: [RelatedMany] @hasMany  relatedOne: RelatedOne @hasOne }
            type RelatedMany @model @auth(rules: [{allow: public}]) { id: ID! @primaryKey  secret: String  primary: Primary @belongsTo }
            type RelatedOne @model @auth(rules: [{allow: public}]) { id: ID! @primaryKey  secret: String  primary: Primary @belongsTo }
            type ManyLeft @model @auth(rules: [{allow: public}]) { id: ID! @primaryKey  manyRight: [ManyRight] @manyToMany(relationName: "leftRightJoin") }
            type ManyRight @model @auth(rules: [{allow: public}]) { id: ID! @primaryKey  manyLeft: [ManyLeft] @manyToMany(relationName: "leftRightJoin") }
            """
        let api = try APISchema.build(from: SchemaParser.parseOrThrow(source: source), surface: .appSync)
        #expect(
            Self.fields(api, "Primary") == [
                "id: ID!", "secret: String",
                "relatedMany(filter: ModelRelatedManyFilterInput, limit: Int, nextToken: String, sortDirection: ModelSortDirection): ModelRelatedManyConnection",
                "relatedOne: RelatedOne", "createdAt: AWSDateTime!", "updatedAt: AWSDateTime!", "primaryRelatedOneId: ID",
            ])
        #expect(
            Self.fields(api, "RelatedMany") == ["id: ID!", "secret: String", "primary: Primary", "createdAt: AWSDateTime!", "updatedAt: AWSDateTime!", "primaryRelatedManyId: ID"])
        #expect(
            Self.fields(api, "RelatedOne") == ["id: ID!", "secret: String", "primary: Primary", "createdAt: AWSDateTime!", "updatedAt: AWSDateTime!", "relatedOnePrimaryId: ID"])
        #expect(Self.fields(api, "CreatePrimaryInput") == ["id: ID", "secret: String", "primaryRelatedOneId: ID"])
        #expect(Self.fields(api, "CreateRelatedManyInput") == ["id: ID", "secret: String", "primaryRelatedManyId: ID"])
        #expect(
            Self.fields(api, "Query").contains(
                "listPrimaries(filter: ModelPrimaryFilterInput, id: ID, limit: Int, nextToken: String, sortDirection: ModelSortDirection): ModelPrimaryConnection"))
        #expect(
            Self.fields(api, "Query").contains(
                "listRelatedManies(filter: ModelRelatedManyFilterInput, id: ID, limit: Int, nextToken: String, sortDirection: ModelSortDirection): ModelRelatedManyConnection"))
        #expect(
            Self.fields(api, "ModelPrimaryFilterInput") == [
                "id: ModelIDInput", "secret: ModelStringInput", "createdAt: ModelStringInput", "updatedAt: ModelStringInput",
                "and: [ModelPrimaryFilterInput]", "or: [ModelPrimaryFilterInput]", "not: ModelPrimaryFilterInput", "primaryRelatedOneId: ModelIDInput",
            ])
        let subscriptionFilter = Self.fields(api, "ModelSubscriptionPrimaryFilterInput")
        #expect(subscriptionFilter.contains("primaryRelatedManyId: ModelSubscriptionIDInput"))
        #expect(subscriptionFilter.contains("primaryRelatedOneId: ModelSubscriptionIDInput"))
        #expect(!Self.fields(api, "ModelSubscriptionRelatedManyFilterInput").contains("primaryRelatedManyId: ModelSubscriptionIDInput"))
        #expect(
            Self.fields(api, "LeftRightJoin") == [
                "id: ID!", "manyLeftId: ID!", "manyRightId: ID!", "manyLeft: ManyLeft!", "manyRight: ManyRight!", "createdAt: AWSDateTime!", "updatedAt: AWSDateTime!",
            ])
        #expect(Self.fields(api, "CreateLeftRightJoinInput") == ["id: ID", "manyLeftId: ID!", "manyRightId: ID!"])
        #expect(
            Self.fields(api, "Query").contains(
                "leftRightJoinsByManyLeftId(filter: ModelLeftRightJoinFilterInput, limit: Int, manyLeftId: ID!, nextToken: String, sortDirection: ModelSortDirection): ModelLeftRightJoinConnection"
            ))
        #expect(
            Self.fields(api, "ManyLeft").contains(
                "manyRight(filter: ModelLeftRightJoinFilterInput, limit: Int, nextToken: String, sortDirection: ModelSortDirection): ModelLeftRightJoinConnection"))
    }

    @Test("subscription names longer than 50 characters are truncated with an MD5 suffix")
    func truncatedSubscriptionNames() {
        #expect(ModelNames.truncatedSubscriptionName("onCreateCustomerLoyaltyProgramEnrollmentHistoryRecord") == "onCreateCustomerLoyaltyProgramEnrollmentHisto1cd32")
        #expect(ModelNames.truncatedSubscriptionName("onUpdateCustomerLoyaltyProgramEnrollmentHistoryRecord") == "onUpdateCustomerLoyaltyProgramEnrollmentHistoe5e50")
        #expect(ModelNames.truncatedSubscriptionName("onDeleteCustomerLoyaltyProgramEnrollmentHistoryRecord") == "onDeleteCustomerLoyaltyProgramEnrollmentHisto3e169")
    }
}

@Suite("Generated API schema: model options and non-model types")
struct APISchemaOptionTests {
    @Test("docs/api-contract.md §16.2 (DynamoDB shape): lists, a non-model type and its input twin")
    func exampleB() throws {
        let source = """
            type Note @model @auth(rules: [{allow: public}]) { id: ID! @primaryKey  content: String!  tags: [String!]  attachments: Attachment }
            type Attachment { report: String!  image: String! }
            """
        let api = try APISchema.build(from: SchemaParser.parseOrThrow(source: source))
        // Upstream's SQL strategy omits timestamps; the DynamoDB shape we serve adds them (docs/api-contract.md §1).
        let timestamps: Set<String> = [
            "createdAt: AWSDateTime!", "updatedAt: AWSDateTime!", "createdAt: ModelStringInput", "updatedAt: ModelStringInput", "createdAt: ModelSubscriptionStringInput",
            "updatedAt: ModelSubscriptionStringInput",
        ]
        func fields(_ name: String) -> Set<String> { APISchemaTests.fields(api, name).subtracting(timestamps) }
        #expect(fields("Note") == ["id: ID!", "content: String!", "tags: [String!]", "attachments: Attachment"])
        #expect(fields("AttachmentInput") == ["report: String!", "image: String!"])
        #expect(
            fields("ModelNoteFilterInput") == [
                "id: ModelIDInput", "content: ModelStringInput", "tags: ModelStringInput", "and: [ModelNoteFilterInput]", "or: [ModelNoteFilterInput]", "not: ModelNoteFilterInput",
            ])
        #expect(fields("Query").contains("getNote(id: ID!): Note"))
        #expect(fields("Query").contains("listNotes(filter: ModelNoteFilterInput, id: ID, limit: Int, nextToken: String, sortDirection: ModelSortDirection): ModelNoteConnection"))
        #expect(
            fields("ModelNoteConditionInput") == [
                "content: ModelStringInput", "tags: ModelStringInput", "and: [ModelNoteConditionInput]", "or: [ModelNoteConditionInput]", "not: ModelNoteConditionInput",
            ])
        #expect(fields("CreateNoteInput") == ["id: ID", "content: String!", "tags: [String!]", "attachments: AttachmentInput"])
        #expect(fields("UpdateNoteInput") == ["id: ID!", "content: String", "tags: [String!]", "attachments: AttachmentInput"])
        #expect(fields("DeleteNoteInput") == ["id: ID!"])
        #expect(
            fields("ModelSubscriptionNoteFilterInput") == [
                "id: ModelSubscriptionIDInput", "content: ModelSubscriptionStringInput", "tags: ModelSubscriptionStringInput", "and: [ModelSubscriptionNoteFilterInput]",
                "or: [ModelSubscriptionNoteFilterInput]",
            ])
    }

    @Test("@model options remove and rename operations; timestamps: null removes the timestamps")
    func modelOptions() throws {
        let source = """
            type Post @model(queries: {get: "fetchPost", list: null}, mutations: {delete: null}, subscriptions: null, timestamps: null) @auth(rules: [{allow: public}]) { id: ID!  title: String }
            type Log @model(queries: null, mutations: null, timestamps: {createdAt: "loggedAt", updatedAt: null}) @auth(rules: [{allow: public}]) { id: ID!  line: String @index(name: "byLine") }
            """
        let api = try APISchema.build(from: SchemaParser.parseOrThrow(source: source), surface: .appSync)
        let query = Set(APISchemaTests.fields(api, "Query").map { String($0.prefix { $0 != "(" }) })
        #expect(query == ["fetchPost", "logsByLine"])
        let mutation = Set(APISchemaTests.fields(api, "Mutation").map { String($0.prefix { $0 != "(" }) })
        #expect(mutation == ["createPost", "updatePost"])
        #expect(api.graphQLSchema.subscriptionType == nil)
        #expect(APISchemaTests.fields(api, "Post") == ["id: ID!", "title: String"])
        #expect(APISchemaTests.fields(api, "Log") == ["id: ID!", "line: String", "loggedAt: AWSDateTime!"])
    }

    @Test("sort keys add key condition arguments (docs/api-contract.md §8, §9)")
    func sortKeyArguments() throws {
        let source = """
            enum Kind { A B }
            type Test @model @auth(rules: [{allow: public}]) {
              id: ID! @primaryKey(sortKeyFields: ["kind", "other"])
              kind: Kind!
              other: Int!
              date: AWSDateTime! @index(name: "GSI", sortKeyFields: ["other"])
            }
            """
        let api = try APISchema.build(from: SchemaParser.parseOrThrow(source: source))
        let query = APISchemaTests.fields(api, "Query")
        #expect(query.contains("getTest(id: ID!, kind: Kind!, other: Int!): Test"))
        #expect(
            query.contains(
                "listTests(filter: ModelTestFilterInput, id: ID, kindOther: ModelTestPrimaryCompositeKeyConditionInput, limit: Int, nextToken: String, sortDirection: ModelSortDirection): ModelTestConnection"
            ))
        #expect(
            query.contains(
                "testsByDateAndOther(date: AWSDateTime!, filter: ModelTestFilterInput, limit: Int, nextToken: String, other: ModelIntKeyConditionInput, sortDirection: ModelSortDirection): ModelTestConnection"
            ))
        #expect(APISchemaTests.fields(api, "ModelTestPrimaryCompositeKeyInput") == ["kind: Kind", "other: Int"])
        #expect(APISchemaTests.fields(api, "ModelIntKeyConditionInput") == ["eq: Int", "le: Int", "lt: Int", "ge: Int", "gt: Int", "between: [Int]"])
    }
}
