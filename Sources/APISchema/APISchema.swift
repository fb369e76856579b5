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
    /// Whether this is AppSync's API or the extended one.
    package let surface: APISurface
    /// Why extensions were left out of this API (a name AppSync's API already uses), one sentence each; the
    /// commands print them to standard error.
    package let extensionWarnings: [String]

    /// Builds the API of `schema` for `surface`; the extended surface adds the extensions of `extensions`
    /// (the registered ones unless a test gives others).
    package static func build(
        from schema: ModelIR.Schema, surface: APISurface = .extended, extensions: [APIExtensionProvider] = APIExtensions.registered
    ) throws -> APISchema {
        let generated = APIDefinitionsBuilder(schema: schema, surface: surface).build(extensions: extensions)
        let sdl = SDLPrinter.print(generated.definitions)
        let graphQLSchema = try buildSchema(source: Source(body: sdl, name: "generated API"))
        try fixInputFields(of: graphQLSchema)
        return APISchema(
            sdl: sdl, graphQLSchema: graphQLSchema, queryFields: generated.query, mutationFields: generated.mutation,
            subscriptionFields: generated.subscription, models: schema, surface: surface,
            extensionWarnings: generated.extensionWarnings
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
