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
        try checkCustomOperationNames(schema, generated)
        let sdl = SDLPrinter.print(generated.definitions)
        let graphQLSchema = try buildSchema(source: Source(body: sdl, name: "generated API"))
        try fixInputFields(of: graphQLSchema)
        return APISchema(
            sdl: sdl, graphQLSchema: graphQLSchema, queryFields: generated.query, mutationFields: generated.mutation,
            subscriptionFields: generated.subscription, models: schema, surface: surface,
            extensionWarnings: generated.extensionWarnings
        )
    }

    /// A custom operation may not take a name the generated API uses (`getPost`, `createPost`, …), nor a
    /// type name: the error points at the operation.
    private static func checkCustomOperationNames(_ schema: ModelIR.Schema, _ generated: APIDefinitionsBuilder.Output) throws {
        var diagnostics: [Diagnostic] = []
        for operation in schema.customOperations {
            let roots: [String: RootField]
            switch operation.kind {
            case .query: roots = generated.query
            case .mutation: roots = generated.mutation
            case .subscription: roots = generated.subscription
            }
            if let root = roots[operation.name], !isCustom(root.kind) {
                diagnostics.append(
                    .error(
                        "\(operation.kind.rawValue).\(operation.name) is already a field of the generated API (for model \(root.model)); give the custom operation another name.",
                        at: operation.location))
            }
        }
        for input in schema.inputTypes where isGeneratedName(input.name, generated, schema) {
            diagnostics.append(.error("Input type '\(input.name)' has the name of a type the generated API declares; rename it.", at: input.location))
        }
        if !diagnostics.isEmpty { throw DiagnosticsError(diagnostics) }
    }

    private static func isCustom(_ kind: RootFieldKind) -> Bool {
        if case .custom = kind { return true }
        return false
    }

    /// True when the generated API declares its own definition called `name` (the builder adds the schema's
    /// input types last and keeps the first of two same-named definitions).
    private static func isGeneratedName(_ name: String, _ generated: APIDefinitionsBuilder.Output, _ schema: ModelIR.Schema) -> Bool {
        guard let definition = generated.definitions.first(where: { $0.name == name }) else { return false }
        guard case .input(_, let fields) = definition, let input = schema.inputType(named: name) else { return true }
        return fields.map(\.name) != input.fields.map(\.name)
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
