import SchemaParser
import SwiftCodegen
import Testing

/// The builders of custom operations beyond the fixtures' goldens: arguments with defaults, lists, enums and
/// input types, and which root types get builders.
@Suite("Swift codegen: custom operation builders")
struct OperationBuilderTests {
    static let source = """
        enum Tone { LOUD QUIET }
        input Filter { tones: [Tone!] = [LOUD] nested: Filter2 }
        input Filter2 { words: [String]! }
        type Shout { text: String! tone: Tone }
        type Query {
          shouts(limit: Int! = 10, tone: Tone = QUIET, filter: Filter, ids: [ID!]!): [Shout!]! @function(name: "shouts")
          loudest: Tone @function(name: "loudest")
        }
        type Subscription { onShout: Shout @aws_subscribe(mutations: ["shout"]) }
        type Mutation { shout(text: String!): Shout @function(name: "shout") }
        """

    /// The generated file called `name`.
    static func file(_ name: String) throws -> String {
        let files = SwiftCodegen.generate(try SchemaParser.parseOrThrow(source: source), source: "shouts.graphql")
        return try #require(files.first { $0.name == name }, "\(name) among \(files.map(\.name))").text
    }

    @Test("an argument with a default is optional in Swift and its variable is declared nullable, so leaving it out is valid")
    func defaults() throws {
        let queries = try Self.file("GraphQLRequest+CustomQueries.swift")
        #expect(
            queries.contains(
                "public static func shouts(limit: Int? = nil, tone: Tone? = nil, filter: Filter? = nil, ids: [String]) -> GraphQLRequest<[Shout]> where R == [Shout] {"))
        #expect(queries.contains(#"OperationArgument("limit", "Int", limit?.graphQLValue),"#))
        #expect(queries.contains(#"OperationArgument("tone", "Tone", tone?.graphQLValue),"#))
        #expect(queries.contains(#"OperationArgument("ids", "[ID!]!", ids.graphQLValue),"#))
        #expect(queries.contains("/// The custom query `shouts(limit: Int! = 10, tone: Tone = QUIET, filter: Filter, ids: [ID!]!): [Shout!]!`."))
        #expect(queries.contains(#"Self.custom(.query, field: "loudest")"#))
    }

    @Test("input types: lists of enums, nested input types; a field with a default is optional and left out when nil")
    func inputs() throws {
        let filter = try Self.file("Filter.swift")
        #expect(filter.contains("public var tones: [Tone]?"))
        #expect(filter.contains("/// The `tones` field; nil leaves it out, so the server takes its default (`[LOUD]`)."))
        #expect(filter.contains("public var nested: Filter2?"))
        #expect(filter.contains(#"if let tones { fields["tones"] = tones.graphQLValue }"#))
        #expect(filter.contains("var fields: [String: GraphQLValue] = [:]"))
        let nested = try Self.file("Filter2.swift")
        #expect(nested.contains("public var words: [String?]"))
        #expect(nested.contains(#""words": words.graphQLValue"#))
    }

    @Test("queries and mutations get a file each; subscriptions none (the real-time client subscribes to models only)")
    func files() throws {
        let files = SwiftCodegen.generate(try SchemaParser.parseOrThrow(source: Self.source), source: "shouts.graphql").map(\.name).sorted()
        #expect(
            files == [
                "Filter.swift", "Filter2.swift", "GraphQLRequest+CustomMutations.swift", "GraphQLRequest+CustomQueries.swift", "Shout.swift", "Tone.swift",
            ])
        #expect(try Self.file("GraphQLRequest+CustomMutations.swift").contains("public static func shout(text: String) -> GraphQLRequest<Shout?> where R == Shout? {"))
    }
}
