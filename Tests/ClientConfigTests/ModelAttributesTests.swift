import ClientConfig
import JSON
import SchemaParser
import TestSupport
import Testing

/// The parts of the model introspection that only some schemas have, each as Amplify's generator writes it.
@Suite("Model introspection: operation switches, table names, one-way relationships, the index form of @hasMany")
struct ModelAttributesTests {
    static let source = """
        input AMPLIFY { globalAuthRule: AuthRule = { allow: public } }
        type Note @model(subscriptions: null, mutations: { delete: null }, timestamps: null) @refersTo(name: "notes") {
          id: ID!
          body: String
        }
        type Album @model(timestamps: { createdAt: "addedOn" }) {
          title: String!
          photos: [Photo] @hasMany
        }
        type Photo @model {
          url: String!
        }
        type Shelf @model {
          id: ID!
          books: [Book] @hasMany(indexName: "byShelf", fields: ["id"])
          loose: [Leaflet] @hasMany(indexName: "byShelf", fields: ["id"])
        }
        type Book @model {
          id: ID!
          shelfId: ID! @index(name: "byShelf")
          shelf: Shelf @belongsTo(fields: ["shelfId"])
        }
        type Leaflet @model {
          id: ID!
          myId: ID! @index(name: "byShelf")
        }
        """

    /// The `index`th member of a list.
    static func item(_ value: JSONValue?, _ index: Int) -> JSONValue? {
        guard case .list(let items) = value, index < items.count else { return nil }
        return items[index]
    }

    static func models() throws -> JSONValue {
        let schema = try SchemaParser.parseOrThrow(source: source)
        return try #require(ModelIntrospection.document(for: schema)["models"])
    }

    @Test("@model arguments that disable or rename operations and timestamps are the model attribute's properties; @refersTo follows")
    func modelProperties() throws {
        let models = try Self.models()
        let note = models["Note"]?["attributes"]
        #expect(
            Self.item(note, 0)
                == .object([
                    ("type", .string("model")),
                    ("properties", .object([("mutations", .object([("delete", .null)])), ("subscriptions", .null), ("timestamps", .null)])),
                ]))
        #expect(Self.item(note, 1) == .object([("type", .string("refersTo")), ("properties", .object([("name", .string("notes"))]))]))
        #expect(Self.item(models["Album"]?["attributes"], 0)?["properties"] == .object([("timestamps", .object([("createdAt", .string("addedOn"))]))]))
        #expect(Self.item(models["Photo"]?["attributes"], 0)?["properties"] == .object([]))
    }

    @Test("a one-way @hasMany puts an index named gsi-Parent.field on its child's implied reference")
    func oneWayIndex() throws {
        let photo = try #require(try Self.models()["Photo"]?["attributes"])
        #expect(
            Self.item(photo, 1)
                == .object([("type", .string("key")), ("properties", .object([("name", .string("gsi-Album.photos")), ("fields", .list([.string("albumPhotosId")]))]))])
        )
        // A child with a @belongsTo back has no such index.
        let book = try #require(try Self.models()["Book"]?["attributes"])
        #expect(!JSONText.encode(book).contains("gsi-"))
    }

    @Test("@hasMany(indexName:, fields:) is associated with the child's @belongsTo built on the index, else with the index's field")
    func indexForm() throws {
        let shelf = try #require(try Self.models()["Shelf"]?["fields"])
        #expect(shelf["books"]?["association"]?["associatedWith"] == .list([.string("shelf")]))
        #expect(shelf["loose"]?["association"]?["associatedWith"] == .list([.string("myId")]))
    }
}

/// Custom operations in the model introspection, from which the Gen 2 client builds `client.queries`,
/// `client.mutations` and `client.subscriptions`.
@Suite("Model introspection: custom operations")
struct OperationIntrospectionTests {
    @Test("queries, mutations, subscriptions and inputs of the custom operations fixture match the golden file")
    func golden() throws {
        let schema = try SchemaParser.parseOrThrow(source: Fixtures.schemaSource("custom-operations"))
        let text = JSONPrettyText.encode(ModelIntrospection.document(for: schema))
        if let difference = Golden.check(text, named: "custom-operations.model_introspection.json") { Issue.record(Comment(rawValue: difference)) }
    }

    @Test("an operation's list and null markers: isRequired of the element, isArrayNullable of the list, arguments only when it has some")
    func markers() throws {
        let schema = try SchemaParser.parseOrThrow(
            source: """
                input Filter { tags: [String!] }
                type Query {
                  a(ids: [ID]!, filter: Filter): [Int!] @function(name: "f")
                  b: String! @function(name: "f")
                }
                """)
        let queries = try #require(ModelIntrospection.document(for: schema)["queries"])
        #expect(
            queries["a"]
                == .object([
                    ("name", .string("a")), ("isArray", .boolean(true)), ("type", .string("Int")), ("isRequired", .boolean(true)), ("isArrayNullable", .boolean(true)),
                    (
                        "arguments",
                        .object([
                            (
                                "ids",
                                .object([
                                    ("name", .string("ids")), ("isArray", .boolean(true)), ("type", .string("ID")), ("isRequired", .boolean(false)),
                                    ("isArrayNullable", .boolean(false)),
                                ])
                            ),
                            (
                                "filter",
                                .object([
                                    ("name", .string("filter")), ("isArray", .boolean(false)), ("type", .object([("input", .string("Filter"))])),
                                    ("isRequired", .boolean(false)),
                                ])
                            ),
                        ])
                    ),
                ]))
        #expect(queries["b"] == .object([("name", .string("b")), ("isArray", .boolean(false)), ("type", .string("String")), ("isRequired", .boolean(true))]))
    }
}
