import APISchema
import ModelIR
import SchemaParser
import Testing

/// Custom operations in the generated API: beside the models' root fields, never in their place.
@Suite("Custom operations in the API")
struct CustomOperationAPITests {
    @Test("a custom operation may not take a name the generated API uses: the error points at it")
    func nameClash() throws {
        let schema = try SchemaParser.parseOrThrow(
            source: """
                type Post @model @auth(rules: [{ allow: public }]) { id: ID! }
                type Query {
                  getPost(id: ID!): Post @function(name: "f")
                }
                """, file: "s.graphql")
        #expect {
            try APISchema.build(from: schema)
        } throws: { error in
            guard let diagnostics = (error as? DiagnosticsError)?.diagnostics, let first = diagnostics.first else { return false }
            return first.message.hasPrefix("Query.getPost is already a field of the generated API") && first.location?.line == 3
        }
    }

    @Test("custom fields come first in their root type, with their arguments' defaults; input types are declared")
    func printed() throws {
        let schema = try SchemaParser.parseOrThrow(
            source: """
                type Post @model @auth(rules: [{ allow: public }]) { id: ID! }
                input Range { from: Int = 0 to: Int }
                type Query { posts(range: Range, limit: Int = 10): [Post] @function(name: "f") }
                """)
        let sdl = try APISchema.build(from: schema, surface: .appSync).sdl
        #expect(sdl.contains("input Range {\n  from: Int = 0\n  to: Int\n}"))
        #expect(sdl.contains("type Query {\n  posts(range: Range, limit: Int = 10): [Post]\n  getPost(id: ID!): Post"))
    }
}
