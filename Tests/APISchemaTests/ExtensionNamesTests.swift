import APISchema
import ModelIR
import SchemaParser
import Testing

/// The names of the extensions beyond AppSync, from one place (`ModelNames`).
@Suite("Extension names")
struct ExtensionNamesTests {
    static func names(_ source: String, model: String) throws -> ModelNames {
        let schema = try SchemaParser.parseOrThrow(source: source)
        return ModelNames(try #require(schema.model(named: model)))
    }

    @Test("a model's sort, count, aggregate, filter, key, nested-write and batch names")
    func names() throws {
        let post = try Self.names(
            """
            type Post @model @auth(rules: [{allow: public}]) { id: ID!  title: String!  comments: [Comment] @hasMany  blog: Blog @belongsTo }
            type Comment @model @auth(rules: [{allow: public}]) { id: ID!  content: String }
            type Blog @model @auth(rules: [{allow: public}]) { id: ID!  posts: [Post] @hasMany }
            """, model: "Post")
        #expect(ModelNames.sortNulls == "ModelSortNulls")
        #expect(post.sortableFields == "ModelPostSortableFields")
        #expect(post.sortInput == "ModelPostSortInput")
        #expect(post.count == "countPosts")
        #expect(post.aggregate == "aggregatePosts")
        #expect(post.aggregateType == "ModelPostAggregate")
        #expect(post.aggregateNumbers == "ModelPostAggregateNumbers")
        #expect(post.aggregateValues == "ModelPostAggregateValues")
        #expect(ModelNames.relationCount("comments") == "commentsCount")
        #expect(post.relationFilterInput == "ModelPostRelationFilterInput")
        #expect(post.keyInput == "ModelPostKeyInput")
        #expect(post.createRelationInput("comments") == "CreatePostCommentsRelationInput")
        #expect(post.createItemInput("comments") == "CreatePostCommentsItemInput")
        #expect(post.updateRelationInput("blog") == "UpdatePostBlogRelationInput")
        #expect(post.batchCreate == "batchCreatePost")
        #expect(post.batchUpdate == "batchUpdatePost")
        #expect(post.batchDelete == "batchDeletePost")
    }

    @Test("plurals follow the list query's, and disabled operations have no extension root fields")
    func pluralsAndDisabledOperations() throws {
        let person = try Self.names(
            "type Person @model(mutations: {create: \"addPerson\", update: null, delete: null}) @auth(rules: [{allow: public}]) { id: ID! }", model: "Person")
        #expect(person.list == "listPeople")
        #expect(person.count == "countPeople")
        #expect(person.aggregate == "aggregatePeople")
        #expect(person.sortInput == "ModelPersonSortInput")
        // A renamed create still has its batch form, named after the model.
        #expect(person.batchCreate == "batchCreatePerson")
        #expect(person.batchUpdate == nil)
        #expect(person.batchDelete == nil)
        let hidden = try Self.names("type Secret @model(queries: {list: null}) @auth(rules: [{allow: public}]) { id: ID! }", model: "Secret")
        #expect(hidden.list == nil)
        #expect(hidden.count == nil)
        #expect(hidden.aggregate == nil)
    }
}
