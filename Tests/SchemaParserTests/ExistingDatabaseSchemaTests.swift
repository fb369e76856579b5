import Foundation
import ModelIR
import SchemaParser
import Testing

/// A schema with `input AMPLIFY { engine: String = "postgres" }` maps existing tables, read by the rules of
/// Amplify's SQL strategy where they differ.
@Suite("existing-database schemas")
struct ExistingDatabaseSchemaTests {
    static let source = """
        input AMPLIFY { engine: String = "postgres" }
        type Post @model @refersTo(name: "posts") {
          id: Int! @primaryKey @default
          title: String! @refersTo(name: "post_title")
        }
        """

    @Test("the engine marks the schema; no implicit timestamps, subscriptions as for any model, and a bare @default is a database-generated Int")
    func marker() throws {
        let schema = try SchemaParser.parseOrThrow(source: Self.source)
        #expect(schema.engine == .postgres && schema.isExistingDatabase)
        let post = try #require(schema.model(named: "Post"))
        #expect(post.tableName == "posts" && post.fields.map(\.name) == ["id", "title"] && post.fields[1].columnName == "post_title")
        #expect(post.field(named: "id")?.isGeneratedByDatabase == true && post.field(named: "id")?.hasDefault == true)
        #expect(post.operations.onCreate == .automatic && post.operations.onUpdate == .automatic && post.operations.onDelete == .automatic)
        #expect(post.operations.hasSubscriptions)
        let quiet = try SchemaParser.parseOrThrow(source: Self.source.replacingOccurrences(of: "@model @refersTo", with: "@model(subscriptions: null) @refersTo"))
        #expect(quiet.model(named: "Post")?.operations.hasSubscriptions == false)
        let off = try SchemaParser.parseOrThrow(source: Self.source.replacingOccurrences(of: "@model @refersTo", with: "@model(subscriptions: { level: off }) @refersTo"))
        #expect(off.model(named: "Post")?.operations.hasSubscriptions == false)
        let managed = try SchemaParser.parseOrThrow(source: "type Post @model { id: ID! }")
        #expect(managed.engine == nil && managed.model(named: "Post")?.fields.map(\.name) == ["id", "createdAt", "updatedAt"])
    }

    @Test("mysql, unknown engines and a bare @default off Int are refused with located errors")
    func refusals() {
        let cases: [(String, String)] = [
            ("input AMPLIFY { engine: String = \"mysql\" }\ntype A @model { id: ID! }", "ModelGraph serves PostgreSQL databases only"),
            ("input AMPLIFY { engine: String = \"oracle\" }\ntype A @model { id: ID! }", "Unknown AMPLIFY engine 'oracle'"),
            ("input AMPLIFY { engine: String = \"postgres\" }\ntype A @model { id: ID! @primaryKey @default }", "allowed on Int fields only"),
            ("type A @model { id: Int! @primaryKey @default }", "takes exactly one argument"),
            (
                "input AMPLIFY { engine: String = \"postgres\" }\ntype A @model { id: ID! bs: [B] @manyToMany(relationName: \"AB\") }\ntype B @model { id: ID! as: [A] @manyToMany(relationName: \"AB\") }",
                "is not available for an existing database"
            ),
        ]
        for (source, message) in cases {
            let errors = SchemaParser.parse(source: source).errors
            #expect(errors.contains { $0.message.contains(message) && $0.location != nil }, "got: \(errors.map(\.description))")
        }
    }

    @Test("pluralize's singular, for model names made of table names")
    func singular() {
        let cases = ["posts": "post", "People": "Person", "UserProfiles": "UserProfile", "categories": "category", "addresses": "address", "news": "news", "Post": "Post"]
        for (word, single) in cases {
            #expect(Inflection.singularize(word) == single, "\(word)")
        }
    }
}
