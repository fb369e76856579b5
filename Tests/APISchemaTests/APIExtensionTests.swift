import APISchema
import Foundation
import GraphQL
import ModelIR
import SchemaParser
import Synchronization
import Testing

/// The extension hook: extensions come after AppSync's definitions, only on the extended surface, and a name
/// AppSync's API (or an earlier extension) already uses leaves the whole extension out, with a warning.
@Suite("API extensions")
struct APIExtensionTests {
    static let source = """
        type Post @model @auth(rules: [{allow: public}]) { id: ID!  title: String!  kind: PostSort }
        type Note @model @auth(rules: [{allow: public}]) { id: ID!  text: String }
        enum PostSort { NEWEST OLDEST }
        """

    /// A stand-in for a sort feature: per model a shared enum, a sort input, a `sort` argument on the list
    /// query, a field on the filter input and a count query. For `Post` the input's name is AppSync's
    /// filter input of the enum `PostSort`.
    static let sortLike: APIExtensionProvider = { context in
        context.schema.models.map { model in
            let names = ModelNames(model)
            let input = "Model\(model.name)SortInput"
            var additions: [APIAddition] = [
                .definition(.enumeration(ModelNames.sortNulls, values: ["FIRST", "LAST"])),
                .definition(.input(input, fields: [SDLField("nulls", ModelNames.sortNulls)])),
                .argument(SDLArgument("sort", "[\(input)!]"), toType: "Query", field: names.list!),
                .field(SDLField("extra", "Boolean"), toType: names.filterInput),
            ]
            if let count = names.count {
                additions.append(
                    .rootField(.query, SDLField(count, "Int!", arguments: [SDLArgument("filter", names.filterInput)]), RootField(name: count, model: model.name, kind: .list)))
            }
            return APIExtension(feature: "sort", model: model.name, additions: additions)
        }
    }

    /// `sdl` without the operators the extended surface gives `ModelStringInput` whatever the providers.
    static func withoutTextOperators(_ sdl: String) -> String {
        let lines = Set(Operator.textExtensions.map { "  \($0.rawValue): String" })
        return sdl.split(separator: "\n", omittingEmptySubsequences: false).filter { !lines.contains(String($0)) }.joined(separator: "\n")
    }

    static func build(_ source: String, surface: APISurface = .extended, _ providers: [APIExtensionProvider]) throws -> APISchema {
        try APISchema.build(from: SchemaParser.parseOrThrow(source: source), surface: surface, extensions: providers)
    }

    /// The printed definition named `name` (`type`, `input` or `enum`), or nil.
    static func block(_ name: String, in sdl: String) -> String? {
        sdl.components(separatedBy: "\n\n").first { block in
            ["type", "input", "enum"].contains { block.hasPrefix("\($0) \(name) {") }
        }
    }

    @Test("a clash with AppSync's names drops the whole extension for that model, with a warning; others are added last")
    func clashDropsExtensionForModel() throws {
        let appSync = try Self.build(Self.source, surface: .appSync, [])
        let api = try Self.build(Self.source, [Self.sortLike])
        #expect(
            api.extensionWarnings == [
                "The 'sort' extension for model Post is left out: the name 'ModelPostSortInput' is already defined."
            ])
        // AppSync's enum filter input is untouched, and nothing else of Post's extension was added.
        #expect(Self.block("ModelPostSortInput", in: api.sdl) == Self.block("ModelPostSortInput", in: appSync.sdl))
        #expect(Self.block("ModelPostFilterInput", in: api.sdl) == Self.block("ModelPostFilterInput", in: appSync.sdl))
        #expect(!api.sdl.contains("countPosts"))
        #expect(api.queryFields["countPosts"] == nil)
        // Note's extension is whole; its additions come after everything AppSync has.
        #expect(Self.block("ModelNoteSortInput", in: api.sdl) == "input ModelNoteSortInput {\n  nulls: ModelSortNulls\n}")
        #expect(Self.block("ModelSortNulls", in: api.sdl) == "enum ModelSortNulls {\n  FIRST\n  LAST\n}")
        let query = try #require(Self.block("Query", in: api.sdl))
        #expect(query.contains("  listNotes(filter: ModelNoteFilterInput, limit: Int, nextToken: String, sort: [ModelNoteSortInput!]): ModelNoteConnection\n"))
        #expect(query.hasSuffix("\n  countNotes(filter: ModelNoteFilterInput): Int!\n}"))
        #expect(try #require(Self.block("ModelNoteFilterInput", in: api.sdl)).hasSuffix("\n  extra: Boolean\n}"))
        #expect(api.queryFields["countNotes"] == RootField(name: "countNotes", model: "Note", kind: .list))
        // Every AppSync definition is still there, in order, before the new ones.
        let appSyncNames = appSync.sdl.components(separatedBy: "\n\n").map { $0.prefix { $0 != "{" } }
        let names = api.sdl.components(separatedBy: "\n\n").map { $0.prefix { $0 != "{" } }
        #expect(names.filter { appSyncNames.contains($0) } == appSyncNames)
        #expect(names.firstIndex(of: "enum ModelSortNulls ")! > names.firstIndex(of: "enum ModelSortDirection ")!)
        _ = try buildSchema(source: Source(body: api.sdl))
    }

    @Test("the AppSync surface calls no provider: its SDL is AppSync's and has no warnings")
    func appSyncSurfaceHasNoExtensions() throws {
        let called = ProviderCalls()
        let provider: APIExtensionProvider = { context in
            called.increment()
            return Self.sortLike(context)
        }
        let appSync = try Self.build(Self.source, surface: .appSync, [provider])
        #expect(called.value == 0)
        #expect(appSync.extensionWarnings.isEmpty)
        let withoutProviders = try Self.build(Self.source, surface: .appSync, [])
        let extendedWithoutProviders = try Self.build(Self.source, surface: .extended, [])
        #expect(appSync.sdl == withoutProviders.sdl)
        #expect(appSync.sdl == Self.withoutTextOperators(extendedWithoutProviders.sdl))
        _ = try Self.build(Self.source, surface: .extended, [provider])
        #expect(called.value == 1)
    }

    @Test("a renamed root field, an existing field or argument, or an undefined type clashes")
    func otherClashes() throws {
        let renamed = """
            type Post @model(queries: {list: "countPosts", get: "getPost"}) @auth(rules: [{allow: public}]) { id: ID!  title: String! }
            """
        let count: APIExtensionProvider = { _ in
            [
                APIExtension(
                    feature: "count", model: "Post",
                    additions: [.rootField(.query, SDLField("countPosts", "Int!"), RootField(name: "countPosts", model: "Post", kind: .list))])
            ]
        }
        let field: APIExtensionProvider = { _ in
            [APIExtension(feature: "field", model: "Post", additions: [.field(SDLField("title", "Int"), toType: "Post")])]
        }
        let argument: APIExtensionProvider = { _ in
            [APIExtension(feature: "argument", model: "Post", additions: [.argument(SDLArgument("limit", "Int"), toType: "Query", field: "countPosts")])]
        }
        let undefined: APIExtensionProvider = { _ in
            [APIExtension(feature: "undefined", model: nil, additions: [.field(SDLField("sorted", "ModelPostSortInput"), toType: "Post")])]
        }
        let noType: APIExtensionProvider = { _ in
            [APIExtension(feature: "no type", model: "Post", additions: [.field(SDLField("x", "Int"), toType: "Postt")])]
        }
        let api = try Self.build(renamed, [count, field, argument, undefined, noType])
        #expect(
            api.extensionWarnings == [
                "The 'count' extension for model Post is left out: the root field 'Query.countPosts' already exists.",
                "The 'field' extension for model Post is left out: the type 'Post' already has a field 'title'.",
                "The 'argument' extension for model Post is left out: the field 'Query.countPosts' already has an argument 'limit'.",
                "The 'undefined' extension is left out: the type 'ModelPostSortInput' it uses is not defined.",
                "The 'no type' extension for model Post is left out: there is no type 'Postt' to add the field 'x' to.",
            ])
        let appSync = try Self.build(renamed, surface: .appSync, [])
        #expect(Self.withoutTextOperators(api.sdl) == appSync.sdl)
        #expect(api.queryFields["countPosts"]?.kind == .list)
    }

    @Test("a required field on an existing input, or a required argument on an existing field, leaves the extension out")
    func requiredAdditionsRefused() throws {
        let provider: APIExtensionProvider = { _ in
            [
                APIExtension(feature: "required field", model: "Post", additions: [.field(SDLField("tags", "[String!]!"), toType: "CreatePostInput")]),
                APIExtension(feature: "required argument", model: "Post", additions: [.argument(SDLArgument("sort", "String!"), toType: "Query", field: "listPosts")]),
                APIExtension(
                    feature: "optional", model: "Post",
                    additions: [.field(SDLField("tags", "[String!]"), toType: "CreatePostInput"), .argument(SDLArgument("sort", "String"), toType: "Query", field: "listPosts")]),
            ]
        }
        let api = try Self.build(Self.source, [provider])
        #expect(
            api.extensionWarnings == [
                "The 'required field' extension for model Post is left out: the field 'tags' it adds to the input 'CreatePostInput' is required.",
                "The 'required argument' extension for model Post is left out: the argument 'sort' it adds to 'Query.listPosts' is required.",
            ])
        #expect(Self.block("CreatePostInput", in: api.sdl)?.contains("tags: [String!]\n") == true)
        #expect(api.sdl.contains("sort: String)"))
    }

    @Test("a shared definition added again unchanged is one definition; a different one with its name clashes")
    func sharedDefinitions() throws {
        let shared = SDLDefinition.enumeration(ModelNames.sortNulls, values: ["FIRST", "LAST"])
        let provider: APIExtensionProvider = { _ in
            [
                APIExtension(feature: "a", model: "Post", additions: [.definition(shared)]),
                APIExtension(feature: "b", model: "Note", additions: [.definition(shared)]),
                APIExtension(feature: "c", model: nil, additions: [.definition(.enumeration(ModelNames.sortNulls, values: ["FIRST"]))]),
                APIExtension(feature: "d", model: nil, additions: [.definition(.scalar("Query"))]),
            ]
        }
        let api = try Self.build(Self.source, [provider])
        #expect(api.sdl.components(separatedBy: "enum ModelSortNulls {").count == 2)
        #expect(
            api.extensionWarnings == [
                "The 'c' extension is left out: the name 'ModelSortNulls' is already defined.",
                "The 'd' extension is left out: the name 'Query' is already defined.",
            ])
    }
}

/// A count a provider (a `@Sendable` closure) can bump.
final class ProviderCalls: Sendable {
    private let count = Atomic<Int>(0)
    var value: Int { count.load(ordering: .relaxed) }
    func increment() { count.add(1, ordering: .relaxed) }
}
