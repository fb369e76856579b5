import ClientConfig
import JSON
import SchemaParser
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
