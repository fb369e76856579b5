import Foundation
import Gen2Schema
import ModelIR
import SchemaParser
import Testing

/// Custom queries, mutations and subscriptions: function names (defineFunction's own, an unread module's
/// binding), notes, the SQL schema's operations reaching the parser, and every refused form at its place.
@Suite("Gen 2 custom operations")
struct Gen2CustomOperationTests {
    /// A schema whose entries are `entries` and whose schema-level rules are `rules`.
    static func schema(_ entries: String, rules: String = "[allow.publicApiKey()]") -> String {
        """
        import { a, defineData } from '@aws-amplify/backend';
        const schema = a.schema({
          Post: a.model({ title: a.string() }).authorization((allow) => [allow.publicApiKey()]),
          \(entries)
        }).authorization((allow) => \(rules));
        export const data = defineData({ schema });
        """
    }

    @Test("the fixture's functions are named as serve --function maps them, and notes say which names stand in")
    func functionNames() throws {
        let conversion = try Gen2Conversion.convert(source: Gen2Fixtures.source("custom-ops-functions"), file: "amplify/data/resource.ts")
        #expect(conversion.sdl.contains("echo(content: String!, times: [Int]): EchoResponse @function(name: \"echo-handler\") @auth(rules: [{allow: public, provider: apiKey}])"))
        // defineFunction without a name takes its entry's file name; a pipeline keeps its order.
        #expect(conversion.sdl.contains("@function(name: \"price-cart\") @function(name: \"charge\") @function(name: \"echo-handler\") @auth"))
        #expect(conversion.sdl.contains("notify(message: String): EventInvocationResponse @function(name: \"sayHello\", invocationType: Event)"))
        #expect(conversion.notes.count == 2, "\(conversion.notes)")
        #expect(conversion.notes[0].contains("'sayHello' is imported from '../functions/say-hello/resource', which was not read"))
        #expect(conversion.notes[1].contains("allow.resource(sayHello)"))
        #expect(conversion.notes[1].contains("calls back with an API key or a token like any client"))
    }

    @Test("a function module that is read gives defineFunction's name, or its folder's when it has none")
    func readFunctionModules() throws {
        let source = Self.schema(
            """
            hello: a.query().returns(a.string()).handler(a.handler.function(sayHello)),
              bye: a.query().returns(a.string()).handler([a.handler.function(sayBye), a.handler.function(unread)]),
            """
        ).replacingOccurrences(
            of: "const schema",
            with:
                "import { sayHello } from '../functions/say-hello/resource';\nimport { sayBye } from '../functions/say-bye/resource';\nimport { unread } from './missing';\nconst schema"
        )
        let modules = [
            "../functions/say-hello/resource": (
                "amplify/functions/say-hello/resource.ts", "import { defineFunction } from '@aws-amplify/backend';\nexport const sayHello = defineFunction({ name: 'hello-fn' });"
            ),
            "../functions/say-bye/resource": (
                "amplify/functions/say-bye/resource.ts", "import { defineFunction } from '@aws-amplify/backend';\nexport const sayBye = defineFunction({});"
            ),
        ]
        let conversion = try Gen2Conversion.convert(
            source: source, file: "amplify/data/resource.ts", readModule: { specifier, _ in modules[specifier].map { ($0.0, $0.1) } })
        #expect(conversion.sdl.contains("hello: String @function(name: \"hello-fn\") @auth"), "\(conversion.sdl)")
        #expect(conversion.sdl.contains("bye: String @function(name: \"say-bye\") @function(name: \"unread\") @auth"), "\(conversion.sdl)")
        #expect(
            conversion.notes == [
                "The function 'unread' is imported from './missing', which was not read; the name 'unread' stands for it (@function(name: \"unread\")): map it with `serve --function unread=URL`."
            ])
    }

    @Test("an existing-database schema's SQL operations convert and the SDL parser reads them")
    func sqlOperations() throws {
        let source = try Gen2Fixtures.source("custom-ops-sql")
        let conversion = try Gen2Conversion.convert(source: source, file: "custom-ops-sql.ts")
        #expect(conversion.sdl.contains(#"@sql(statement: "SELECT * FROM posts\nWHERE status = 'active' AND title <> \"it\\'s\"\nLIMIT :limit")"#), "\(conversion.sdl)")
        #expect(conversion.sdl.contains("postMeta(id: Int): PostMeta @sql(reference: \"./post-meta.sql\") @auth(rules: [{allow: private}])"))
        let loaded = SchemaFile.parse(source: source, file: "custom-ops-sql.ts", readReference: { _ in "SELECT 1 AS \"viewCount\"" })
        #expect(loaded.errors.isEmpty, "\(SchemaFile.format(loaded.errors, source: source, modules: [:]))")
    }

    @Test("the real files with custom operations parse as schemas with their operations")
    func realFiles() throws {
        for name in ["real-custom-query-model", "real-custom-query-hello", "real-custom-query-api-key"] {
            let source = try Gen2Fixtures.source(name)
            let conversion = try Gen2Conversion.convert(source: source, file: "\(name).ts")
            let schema = try SchemaParser.parseOrThrow(source: conversion.sdl)
            #expect(!schema.customOperations.isEmpty, "\(name)")
        }
    }

    static let refusals: [(entries: String, rules: String, line: Int, column: Int, message: String)] = [
        (
            "q: a.query().returns(a.string()).handler(a.handler.custom({ entry: './q.js' })),", "[allow.publicApiKey()]", 4, 54,
            "does not run; answer the operation with a Lambda function"
        ),
        ("q: a.query().returns(a.string()).handler(a.handler.function('f')).authorization((allow) => [allow.guest()]),", "[allow.publicApiKey()]", 4, 101, "allow.guest()"),
        ("q: a.query().returns(a.string()).handler(a.handler.function('f')).authorization((allow) => [allow.custom()]),", "[allow.publicApiKey()]", 4, 101, "Lambda authorizer"),
        (
            "q: a.query().returns(a.string()).handler(a.handler.function('f')).authorization((allow) => [allow.authenticated('identityPool')]),",
            "[allow.publicApiKey()]", 4, 115, "identityPool"
        ),
        (
            "q: a.query().returns(a.string()).handler(a.handler.function('f')).authorization((allow) => [allow.owner()]),", "[allow.publicApiKey()]", 4, 101,
            "not available on custom operations"
        ),
        (
            "q: a.query().returns(a.string()).handler(a.handler.function('f')).authorization((allow) => [allow.authenticated().to(['read'])]),", "[allow.publicApiKey()]", 4, 117,
            "has no .to()"
        ),
        ("q: a.query().returns(a.string()).handler(a.handler.function('f')),", "[allow.owner()]", 5, 36, "it takes the schema's rules"),
        (
            "q: a.query().arguments({ p: a.ref('Post') }).returns(a.string()).handler(a.handler.function('f')),", "[allow.publicApiKey()]", 4, 33,
            "Unsupported reference type 'Model' for argument 'p' in 'q'"
        ),
        ("q: a.query().handler(a.handler.function('f')),", "[allow.publicApiKey()]", 4, 3, "A Custom Query must include a return type"),
        ("q: a.query().returns(a.string()),", "[allow.publicApiKey()]", 4, 3, "has no handler"),
        ("q: a.query().returns(a.string()).handler(a.handler.function('f')),", "[]", 4, 3, "requires both an authorization rule and a handler reference"),
        (
            "q: a.query().returns(a.string()).handler([a.handler.function('f'), a.handler.inlineSql('SELECT 1')]),", "[allow.publicApiKey()]", 4, 80,
            "Field handlers must be of the same type"
        ),
        ("q: a.query().returns(a.string()).for(a.ref('m')),", "[allow.publicApiKey()]", 4, 36, "can only be used with a custom subscription"),
        ("s: a.subscription().handler(a.handler.function('f')),", "[allow.publicApiKey()]", 4, 3, "missing a mutation source"),
        ("s: a.subscription().for(a.ref('Post')).handler(a.handler.function('f')),", "[allow.publicApiKey()]", 4, 29, ".mutations() modifier must be used"),
        (
            "m: a.mutation().returns(a.string()).handler(a.handler.function('f')),\ns: a.subscription().for([a.ref('m'), a.ref('Post').mutations(['create'])]).handler(a.handler.function('f')),",
            "[allow.publicApiKey()]", 5, 40, "same return type"
        ),
        (
            "q: a.query().returns(a.string()).handler(a.handler.function('f')),\ns: a.subscription().for(a.ref('q')).handler(a.handler.function('f')),", "[allow.publicApiKey()]",
            5, 27, "which is a Query"
        ),
        ("q: a.query().returns(a.string()).handler(a.handler.function(42)),", "[allow.publicApiKey()]", 4, 63, "Expected: defineFunction or string"),
        (
            "Tag: a.model({ name: a.string() }).authorization((allow) => [allow.resource(defineFunction({ name: 'x' }))]),", "[allow.publicApiKey()]", 4, 70,
            "belongs to the schema's .authorization"
        ),
    ]

    @Test("each refused form of a custom operation is located", arguments: refusals.indices)
    func refused(index: Int) throws {
        let (entries, rules, line, column, message) = Self.refusals[index]
        let error = try #require(Gen2Fixtures.error(Self.schema(entries, rules: rules)))
        #expect(error.message.contains(message), "\(error)")
        #expect(error.location == SourceLocation(file: "resource.ts", line: line, column: column), "\(error)")
    }

    @Test("lambdaAuthorizationMode with a defineFunction is recorded for serve to refuse")
    func lambdaMode() throws {
        let source = """
            import { a, defineData, defineFunction } from '@aws-amplify/backend';
            const schema = a.schema({ Post: a.model({ title: a.string() }) }).authorization((allow) => [allow.publicApiKey()]);
            export const data = defineData({ schema, authorizationModes: { lambdaAuthorizationMode: { function: defineFunction({ entry: './auth.ts' }) } } });
            """
        let conversion = try Gen2Conversion.convert(source: source, file: "resource.ts")
        #expect(conversion.authorizationModes.lambdaLocation?.line == 3)
    }
}
