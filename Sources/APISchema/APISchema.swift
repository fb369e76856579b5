package import GraphQL
package import ModelIR
import OrderedCollections

/// The GraphQL API the Amplify transformer would generate for a schema: its SDL text, the executable
/// `GraphQLSchema` built from that text (for validation and introspection), and the root-field table the
/// planner reads.
package struct APISchema: @unchecked Sendable {
    /// The printed SDL.
    package let sdl: String
    /// GraphQLSwift's schema built from `sdl`.
    package let graphQLSchema: GraphQLSchema
    /// Every root field by name, per operation type.
    package let queryFields: [String: RootField]
    package let mutationFields: [String: RootField]
    package let subscriptionFields: [String: RootField]
    /// The model schema the API was built from.
    package let models: ModelIR.Schema

    /// Builds the API of `schema`.
    package static func build(from schema: ModelIR.Schema) throws -> APISchema {
        let generated = APIDefinitionsBuilder(schema: schema).build()
        let sdl = SDLPrinter.print(generated.definitions)
        let graphQLSchema = try buildSchema(source: Source(body: sdl, name: "generated API"))
        try fixInputFields(of: graphQLSchema)
        return APISchema(
            sdl: sdl, graphQLSchema: graphQLSchema, queryFields: generated.query, mutationFields: generated.mutation,
            subscriptionFields: generated.subscription, models: schema
        )
    }

    /// Replaces each input object type's field function with its result. A schema built from SDL rebuilds an
    /// input type's fields from its syntax on every call, and validation calls it for every field of every
    /// object literal: a document of 5,000 such fields took seconds. The fields never change once built.
    private static func fixInputFields(of schema: GraphQLSchema) throws {
        for case let input as GraphQLInputObjectType in schema.typeMap.values {
            let fields = try input.fields()
            input.fields = { fields }
        }
    }
}
