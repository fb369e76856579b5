// swift-tools-version:6.2
import PackageDescription

/// Upcoming features we opt into everywhere (as Hummingbird does): with `MemberImportVisibility` a file sees
/// only the members of the modules it imports itself, and with `InternalImportsByDefault` an import is
/// private to its target unless marked `package import`, so Package.swift, the imports and the architecture
/// map agree, and the compiler keeps them agreeing.
let swiftSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
    .enableUpcomingFeature("InternalImportsByDefault"),
]

let package = Package(
    name: "ModelGraph",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "modelgraph", targets: ["modelgraph"]),
        .executable(name: "modelgraph-fuzz", targets: ["modelgraph-fuzz"]),
        .executable(name: "modelgraph-bench-realtime", targets: ["modelgraph-bench-realtime"]),
        // The Swift client apps link: requests built from generated models, over URLSession.
        .library(name: "ModelGraphClient", targets: ["ModelGraphClient"]),
        // Its real-time subscriptions, over NIO's WebSocket client: a product of its own, so apps that only
        // query and mutate do not link NIO.
        .library(name: "ModelGraphClientRealtime", targets: ["ModelGraphClientRealtime"]),
    ],
    // Off by default: `swift build --traits OpenTelemetry` adds OTLP trace export (swift-otel and its protobuf
    // runtime), which the README's first `swift run modelgraph serve` should not have to build.
    traits: [
        .trait(name: "OpenTelemetry", description: "Export OpenTelemetry traces over OTLP/HTTP (docs/observability.md)")
    ],
    dependencies: [
        // Without its default ConfigurationSupport trait: nothing here reads swift-configuration, which would add
        // its 47 files (and their dependencies) to every build.
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.1", traits: ["FullFoundation"]),
        .package(url: "https://github.com/GraphQLSwift/GraphQL.git", exact: "4.3.0"),
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-crypto.git", "4.1.0"..<"5.0.0"),
        // JWT signature verification (RS256, ES256) from JSON Web Key Sets, not hand-written crypto.
        .package(url: "https://github.com/vapor/jwt-kit.git", from: "5.8.0"),
        .package(url: "https://github.com/apple/swift-http-types.git", from: "1.8.0"),
        // Prometheus exposition for /metrics (the swift-metrics backend the stack names); small, and its
        // only other dependency, swift-atomics, is already in the graph through Hummingbird.
        .package(url: "https://github.com/swift-server/swift-prometheus.git", from: "2.4.1"),
        // Already in the graph through Hummingbird; named for NIOPosix's event-loop executor takeover.
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.0"),
        // Already in the graph through Hummingbird; named for NIOHTTPTypes, the request parts a connection
        // handler sees (read deadlines for slow clients).
        .package(url: "https://github.com/apple/swift-nio-extras.git", from: "1.35.2"),
        // Already in the graph through GraphQL: `OrderedDictionary`, the type of GraphQLSwift's type map and
        // argument lists, whose members the planner and the API builder use.
        .package(url: "https://github.com/apple/swift-collections.git", from: "1.1.0"),
        // Already in the graph through Hummingbird: the tests run the application as a service.
        .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.6.0"),
        // WebSocket upgrades on Hummingbird's server, for real-time subscriptions; its client speaks the wire
        // format in the tests. The stack names it; the WebSocket framing is NIO's.
        .package(url: "https://github.com/hummingbird-project/hummingbird-websocket.git", from: "2.8.1"),
        // Already in the graph through Hummingbird's TLS module: certificates and keys for `serve --tls-cert`.
        .package(url: "https://github.com/apple/swift-nio-ssl.git", from: "2.37.6"),
        // Already in the graph through jwt-kit: the local certificate authority and server certificate of
        // `serve --dev-tls`, made with swift-crypto's keys rather than by running openssl.
        .package(url: "https://github.com/apple/swift-certificates.git", from: "1.0.0"),
        .package(url: "https://github.com/apple/swift-asn1.git", from: "1.0.0"),
        // The calls to custom operations' functions (`serve --function NAME=URL`): pooled, reused connections,
        // deadlines and bounded answers over NIO, from the server-side Swift HTTP client rather than hand-written
        // HTTP; its TLS is swift-nio-ssl, already built for `serve --tls-cert`.
        .package(url: "https://github.com/swift-server/async-http-client.git", from: "1.37.0"),
        // `import dynamodb` reads DynamoDB's gzipped export files a chunk at a time: streaming gzip over the
        // system zlib, maintained, rather than a hand-written binding.
        .package(url: "https://github.com/adam-fowler/compress-nio.git", from: "1.5.0"),
        // The tracing API the spans are made with; already in the graph through Hummingbird.
        .package(url: "https://github.com/apple/swift-distributed-tracing.git", from: "1.7.3"),
        // OTLP trace export, only with the OpenTelemetry trait, and only its HTTP exporter: its default traits
        // would add gRPC's packages as well.
        .package(
            url: "https://github.com/swift-otel/swift-otel.git", from: "1.6.0",
            traits: [.trait(name: "OTLPHTTP", condition: .when(traits: ["OpenTelemetry"]))]
        ),
    ],
    targets: [
        // Layer 0: vocabularies with no dependencies of ours.
        // JSON: the one reader, value type and writer, for bodies, variables, AWSJSON values and page tokens.
        .target(name: "JSON", swiftSettings: swiftSettings),
        .target(name: "ModelIR", dependencies: ["JSON", "SQLSyntax"], swiftSettings: swiftSettings),
        .target(name: "SQLSyntax", swiftSettings: swiftSettings),
        // The studio's page (docs/studio.md): HTML, CSS and JavaScript modules as a resource, looked up by path.
        .target(name: "Studio", resources: [.embedInCode("Assets")], swiftSettings: swiftSettings),
        .systemLibrary(
            name: "CLibPQ",
            pkgConfig: "libpq",
            providers: [.apt(["libpq-dev"]), .brew(["libpq"])]
        ),
        // Linux's epoll and eventfd (headers only), for the reactor that watches non-blocking libpq sockets.
        .systemLibrary(name: "CLinuxEvents"),
        // Tracing's one switch and its shared vocabulary (docs/observability.md): whether spans are recorded, the
        // tracer, the trace-context headers read and sent; every instrumented target checks it before any span work.
        .target(
            name: "Telemetry", dependencies: [.product(name: "Tracing", package: "swift-distributed-tracing")],
            swiftSettings: swiftSettings
        ),
        // Layer 1: stages.
        .target(
            name: "SchemaParser",
            dependencies: ["ModelIR", .product(name: "GraphQL", package: "GraphQL")],
            swiftSettings: swiftSettings
        ),
        // Amplify Gen 2 schema files (`amplify/data/resource.ts`): a parser of the TypeScript subset they use, the
        // `a.*` builders evaluated into the annotated SDL Amplify's converter emits, with a map back to the file;
        // and the one loader of schema files (SDL or Gen 2) every command uses.
        .target(name: "Gen2Schema", dependencies: ["JSON", "ModelIR", "SchemaParser"], swiftSettings: swiftSettings),
        .target(
            name: "APISchema",
            dependencies: [
                "ModelIR", "SQLSyntax", .product(name: "GraphQL", package: "GraphQL"), .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "OrderedCollections", package: "swift-collections"),
            ],
            swiftSettings: swiftSettings
        ),
        // How models are stored: tables, columns, keys and constraints, and the SQL type of every field type;
        // the planner and the migrations both read it.
        .target(name: "Storage", dependencies: ["ModelIR", "SQLSyntax"], swiftSettings: swiftSettings),
        // A schema for an existing database from its catalog (`modelgraph introspect`), as SDL or Gen 2 TypeScript; pure.
        .target(name: "Introspection", dependencies: ["JSON", "ModelIR", "Storage"], swiftSettings: swiftSettings),
        .target(name: "Auth", dependencies: ["JSON", .product(name: "JWTKit", package: "jwt-kit")], swiftSettings: swiftSettings),
        .target(name: "Migrations", dependencies: ["Storage", "SQLSyntax"], swiftSettings: swiftSettings),
        .target(
            name: "Postgres",
            dependencies: [
                "CLibPQ", .target(name: "CLinuxEvents", condition: .when(platforms: [.linux])), .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"), "Telemetry", .product(name: "Tracing", package: "swift-distributed-tracing"),
            ],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "EmbeddedPostgres",
            dependencies: [.product(name: "Logging", package: "swift-log")],
            swiftSettings: swiftSettings
        ),
        // Layer 2: the planner and the database-side services.
        .target(
            name: "Planner",
            dependencies: [
                "JSON", "ModelIR", "APISchema", "Storage", "SQLSyntax", .product(name: "GraphQL", package: "GraphQL"),
                .product(name: "OrderedCollections", package: "swift-collections"),
            ],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "Store",
            dependencies: ["JSON", "ModelIR", "Storage", "Migrations", "SQLSyntax", "Postgres", .product(name: "Crypto", package: "swift-crypto")],
            swiftSettings: swiftSettings
        ),
        // Who a request is, for every transport: an API key checked in the store, or a token verified by the
        // configured user pool or OpenID Connect provider, made into the caller authorization rules see.
        .target(name: "Authentication", dependencies: ["Auth", "JSON", "ModelIR", "Planner", "Store"], swiftSettings: swiftSettings),
        // Layer 3: execution, for every transport: plan, run the statements, map errors, build the answer.
        .target(
            name: "Execution",
            dependencies: [
                "JSON", "ModelIR", "APISchema", "Planner", "Postgres", "SQLSyntax", "Telemetry", .product(name: "Tracing", package: "swift-distributed-tracing"),
                .product(name: "GraphQL", package: "GraphQL"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: swiftSettings
        ),
        // Calls the functions custom operations name: AppSync's resolver event POSTed to the endpoint the
        // operator maps each function to (a Lambda container's runtime emulator, or any HTTP service).
        .target(
            name: "Functions",
            dependencies: [
                "JSON", "Execution", "Telemetry", .product(name: "Tracing", package: "swift-distributed-tracing"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ],
            swiftSettings: swiftSettings
        ),
        // Moving data off AppSync (`modelgraph import dynamodb`): DynamoDB's export files read as they stream,
        // their typed values converted per field through the API's own value checks, loaded by key in one
        // transaction with the references AppSync never checked counted and handled.
        .target(
            name: "DynamoImport",
            dependencies: [
                "JSON", "ModelIR", "Planner", "Storage", "Postgres", "SQLSyntax", "Store",
                .product(name: "CompressNIO", package: "compress-nio"),
                .product(name: "NIOCore", package: "swift-nio"),
            ],
            swiftSettings: swiftSettings
        ),
        // Layer 4: transports. Real-time subscriptions: the change feed (one listening connection per
        // process), the subscriptions and their delivery, and the WebSocket protocols, for any socket.
        .target(
            name: "Realtime",
            dependencies: [
                "Authentication", "JSON", "Planner", "Postgres", "Store", "Execution", "SQLSyntax", .product(name: "Logging", package: "swift-log"), "Telemetry",
                .product(name: "Tracing", package: "swift-distributed-tracing"),
            ],
            swiftSettings: swiftSettings
        ),
        // HTTP, and the WebSocket upgrade that hands a socket to Realtime.
        .target(
            name: "Server",
            dependencies: [
                "Authentication", "Execution", "JSON", "Planner", "Postgres", "Store", "Realtime", "Studio", "Telemetry",
                .product(name: "Tracing", package: "swift-distributed-tracing"),
                .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
                .product(name: "HummingbirdTLS", package: "hummingbird"),
                // Already in the graph through HummingbirdTLS: reading the PEM files `serve --tls-cert/--tls-key` names.
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                // serve --dev-tls: the local authority and its server certificate.
                .product(name: "X509", package: "swift-certificates"), .product(name: "SwiftASN1", package: "swift-asn1"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "NIOWebSocket", package: "swift-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "UnixSignals", package: "swift-service-lifecycle"),
                .product(name: "Hummingbird", package: "hummingbird"), .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: swiftSettings
        ),
        // The Swift client (docs/client.md): models' schemas, requests with exact selection sets, lazy
        // relationships, typed errors, over URLSession. Apps link it; it knows nothing of the server.
        .target(name: "ModelGraphClient", dependencies: ["JSON"], swiftSettings: swiftSettings),
        // The client's subscriptions (docs/client.md): graphql-transport-ws over hummingbird-websocket's client,
        // events read into the generated models.
        .target(
            name: "ModelGraphClientRealtime",
            dependencies: [
                "ModelGraphClient", .product(name: "HummingbirdWSClient", package: "hummingbird-websocket"),
                .product(name: "NIOWebSocket", package: "swift-nio"), .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: swiftSettings
        ),
        // `modelgraph codegen swift`: Swift models for ModelGraphClient, named by the server's own naming code.
        .target(name: "SwiftCodegen", dependencies: ["ModelIR", "APISchema"], swiftSettings: swiftSettings),
        // Layer 5: the command line.
        .executableTarget(
            name: "modelgraph",
            dependencies: [
                "ModelIR", "SchemaParser", "Gen2Schema", "APISchema", "Storage", "Migrations", "Postgres", "EmbeddedPostgres", "Store", "SQLSyntax", "Server", "Planner",
                "Execution", "JSON", "Functions", "DynamoImport",
                "Auth", "Authentication", "Introspection", "SwiftCodegen", "Studio", "ClientConfig",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
                // The listen check before start-up and the errors it reports.
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                // `serve`'s trace export, bootstrapped once and run beside the server (docs/observability.md).
                "Telemetry", .product(name: "Tracing", package: "swift-distributed-tracing"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "OTel", package: "swift-otel", condition: .when(traits: ["OpenTelemetry"])),
            ],
            swiftSettings: swiftSettings
        ),
        // The configuration files Amplify apps read (amplify_outputs.json with its model introspection, Gen 1's
        // aws-exports.js and amplifyconfiguration.json): pure, from the schema.
        // MD5 (swift-crypto) of the models' shape, the version DataStore compares.
        .target(
            name: "ClientConfig", dependencies: ["JSON", "ModelIR", .product(name: "Crypto", package: "swift-crypto")], swiftSettings: swiftSettings),
        // Hostile-input testing: a seeded request generator, an oracle for the answers, and a campaign runner,
        // shared by the end-to-end fuzz test and `modelgraph-fuzz` (scripts/fuzz).
        .target(name: "Fuzzing", swiftSettings: swiftSettings),
        .executableTarget(
            name: "modelgraph-fuzz",
            dependencies: ["Fuzzing", .product(name: "ArgumentParser", package: "swift-argument-parser")],
            swiftSettings: swiftSettings
        ),
        // The real-time load generator `scripts/bench --realtime` drives: N WebSocket subscribers, writes at a
        // fixed rate, delivery latency.
        .executableTarget(
            name: "modelgraph-bench-realtime",
            dependencies: [
                .product(name: "ArgumentParser", package: "swift-argument-parser"), .product(name: "HummingbirdWSClient", package: "hummingbird-websocket"),
                .product(name: "HTTPTypes", package: "swift-http-types"), .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "TestSupport",
            dependencies: [
                "EmbeddedPostgres", "Postgres", "JSON", .product(name: "Logging", package: "swift-log"),
                // Signing test tokens (TokenMinter) for the token verifier's tests and the end-to-end ones.
                .product(name: "Crypto", package: "swift-crypto"), .product(name: "CryptoExtras", package: "swift-crypto"),
            ],
            swiftSettings: swiftSettings
        ),
        // The generator's output for each relationship guide's schema, built as apps build generated code (a
        // module of its own that sees only the client's public API), with warnings as errors; the relationships
        // example and the client's tests use them. A test keeps each equal to `modelgraph codegen swift`'s output.
        // examples/team-members.graphql: a hasMany and its optional belongsTo.
        .target(
            name: "TeamMembersModels", dependencies: ["ModelGraphClient"], path: "examples/relationships/TeamMembersModels",
            swiftSettings: swiftSettings + [.unsafeFlags(["-warnings-as-errors"])]
        ),
        // examples/composite-references.graphql: composite identifiers and references.
        .target(
            name: "CompositeReferencesModels", dependencies: ["ModelGraphClient"], path: "examples/relationships/CompositeReferencesModels",
            swiftSettings: swiftSettings + [.unsafeFlags(["-warnings-as-errors"])]
        ),
        // examples/customer-cart.graphql: a hasOne whose target holds the reference, a list of scalars.
        .target(
            name: "CustomerCartModels", dependencies: ["ModelGraphClient"], path: "examples/relationships/CustomerCartModels",
            swiftSettings: swiftSettings + [.unsafeFlags(["-warnings-as-errors"])]
        ),
        // examples/post-tags.graphql: many-to-many through an explicit join model.
        .target(
            name: "PostTagsModels", dependencies: ["ModelGraphClient"], path: "examples/relationships/PostTagsModels",
            swiftSettings: swiftSettings + [.unsafeFlags(["-warnings-as-errors"])]
        ),
        // examples/author-editor.graphql: two relationships to the same model, one required and one optional.
        .target(
            name: "AuthorEditorModels", dependencies: ["ModelGraphClient"], path: "examples/relationships/AuthorEditorModels",
            swiftSettings: swiftSettings + [.unsafeFlags(["-warnings-as-errors"])]
        ),
        // examples/blog-implicit.graphql: argument-less relations and @manyToMany's generated join model.
        .target(
            name: "BlogImplicitModels", dependencies: ["ModelGraphClient"], path: "examples/relationships/BlogImplicitModels",
            swiftSettings: swiftSettings + [.unsafeFlags(["-warnings-as-errors"])]
        ),
        // examples/relationships: every relationship guide's steps with the client, each against a running server
        // of its schema, the guide's intent checked at every step.
        .executableTarget(
            name: "relationships-example",
            dependencies: [
                "ModelGraphClient", "TeamMembersModels", "CompositeReferencesModels", "CustomerCartModels", "PostTagsModels", "AuthorEditorModels",
                "BlogImplicitModels",
            ],
            path: "examples/relationships/Walkthrough",
            swiftSettings: swiftSettings
        ),
        // And for the catalog fixture: composite keys with an enum, index queries, AWS scalars, lists.
        .target(
            name: "CatalogModels", dependencies: ["ModelGraphClient"], path: "Tests/GeneratedModels/Catalog",
            swiftSettings: swiftSettings + [.unsafeFlags(["-warnings-as-errors"])]
        ),
        // And for the custom-operations fixture: input types and the builders of custom queries and mutations.
        .target(
            name: "CustomOperationsModels", dependencies: ["ModelGraphClient"], path: "Tests/GeneratedModels/CustomOperations",
            swiftSettings: swiftSettings + [.unsafeFlags(["-warnings-as-errors"])]
        ),
        // Pure tests: no database.
        .testTarget(name: "ClientConfigTests", dependencies: ["ClientConfig", "ModelIR", "SchemaParser", "JSON", "TestSupport"], swiftSettings: swiftSettings),
        .testTarget(
            name: "SwiftCodegenTests", dependencies: ["SwiftCodegen", "SchemaParser", "ModelIR", "TestSupport"],
            // Golden files are read from the source tree (TestSupport's Golden), not bundled.
            exclude: ["Goldens"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "ModelGraphClientTests",
            dependencies: ["ModelGraphClient", "ModelGraphClientRealtime", "TeamMembersModels", "CustomOperationsModels", "TestSupport"],
            // Golden files are read from the source tree (TestSupport's Golden), not bundled.
            exclude: ["Goldens"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "SchemaParserTests",
            dependencies: ["SchemaParser", "ModelIR", "TestSupport"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "Gen2SchemaTests",
            dependencies: ["Gen2Schema", "SchemaParser", "ModelIR", "APISchema", "Storage", "Migrations", "TestSupport"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "APISchemaTests",
            dependencies: [
                "APISchema", "SchemaParser", "ModelIR", "TestSupport", .product(name: "GraphQL", package: "GraphQL"),
                .product(name: "OrderedCollections", package: "swift-collections"),
            ],
            // Golden files are read from the source tree (TestSupport's Golden), not bundled.
            exclude: ["Goldens"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "MigrationsTests",
            dependencies: ["Storage", "Migrations", "SchemaParser", "SQLSyntax", "ModelIR", "TestSupport"],
            // Golden files are read from the source tree (TestSupport's Golden), not bundled.
            exclude: ["Goldens"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "PlannerTests",
            dependencies: ["Planner", "JSON", "APISchema", "SchemaParser", "ModelIR", "SQLSyntax", "TestSupport", .product(name: "GraphQL", package: "GraphQL")],
            // Golden files are read from the source tree (TestSupport's Golden), not bundled.
            exclude: ["Goldens"],
            swiftSettings: swiftSettings
        ),
        .testTarget(name: "JSONTests", dependencies: ["JSON"], swiftSettings: swiftSettings),
        .testTarget(name: "SQLSyntaxTests", dependencies: ["SQLSyntax"], swiftSettings: swiftSettings),
        // Token verification with keys the tests generate; a key set served by a local HTTP server.
        .testTarget(
            name: "AuthTests",
            dependencies: [
                "Auth", "JSON", "TestSupport", .product(name: "Crypto", package: "swift-crypto"), .product(name: "CryptoExtras", package: "swift-crypto"),
            ],
            swiftSettings: swiftSettings),
        // The real-time protocols and subscriptions, without a socket or a database.
        .testTarget(name: "RealtimeTests", dependencies: ["Realtime", "JSON", "Execution"], swiftSettings: swiftSettings),
        // The pool's state logic (job queue, turns between API keys), without a database.
        .testTarget(name: "PostgresTests", dependencies: ["Postgres"], swiftSettings: swiftSettings),
        // The Dockerfile and the stated Swift version against what the package and its dependencies need.
        .testTarget(name: "PackagingTests", swiftSettings: swiftSettings),
        .testTarget(name: "FuzzingTests", dependencies: ["Fuzzing"], swiftSettings: swiftSettings),
        // Database tests: a real PostgreSQL the tests start themselves (or TEST_DATABASE_URL).
        .testTarget(
            name: "PostgresIntegrationTests",
            dependencies: ["Postgres", "Store", "Storage", "Migrations", "SchemaParser", "SQLSyntax", "TestSupport"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "EndToEndTests",
            dependencies: [
                "Server", "Execution", "Store", "Postgres", "Storage", "Migrations", "SchemaParser", "APISchema", "ModelIR", "TestSupport", "EmbeddedPostgres", "Planner",
                "JSON", "Functions",
                // The test function server that answers custom operations' calls.
                .product(name: "Hummingbird", package: "hummingbird"), .product(name: "NIOCore", package: "swift-nio"),
                "Fuzzing", "Realtime", "Studio", "ModelGraphClient", "ModelGraphClientRealtime", "TeamMembersModels", "CompositeReferencesModels", "CustomerCartModels",
                "CatalogModels", "CustomOperationsModels",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "HummingbirdWSClient", package: "hummingbird-websocket"), .product(name: "NIOWebSocket", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ],
            // The Python client scripts the real-time tests run (scripts/python-clients installs the clients), and the
            // studio's browser scripts (scripts/browser-deps installs the browser and its driver).
            exclude: ["Clients", "Studio"],
            swiftSettings: swiftSettings
        ),
    ]
)
