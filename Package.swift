// swift-tools-version:6.2
import PackageDescription

/// Upcoming features we opt into everywhere (as Hummingbird does). `MemberImportVisibility` and
/// `InternalImportsByDefault` are left off for now: every target re-exports nothing, so they would add
/// `package import` noise without catching a real mistake yet.
let swiftSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny")
]

let package = Package(
    name: "ModelGraph",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "modelgraph", targets: ["modelgraph"]),
        .executable(name: "modelgraph-fuzz", targets: ["modelgraph-fuzz"]),
    ],
    dependencies: [
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.1"),
        .package(url: "https://github.com/GraphQLSwift/GraphQL.git", exact: "4.3.0"),
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-http-types.git", from: "1.8.0"),
        // Prometheus exposition for /metrics (the swift-metrics backend the stack names); small, and its
        // only other dependency, swift-atomics, is already in the graph through Hummingbird.
        .package(url: "https://github.com/swift-server/swift-prometheus.git", from: "2.4.1"),
        // Already in the graph through Hummingbird; named for NIOPosix's event-loop executor takeover.
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.0"),
        // Already in the graph through Hummingbird; named for NIOHTTPTypes, the request parts a connection
        // handler sees (read deadlines for slow clients).
        .package(url: "https://github.com/apple/swift-nio-extras.git", from: "1.35.2"),
    ],
    targets: [
        // Layer 0: vocabularies with no dependencies of ours.
        .target(name: "ModelIR", swiftSettings: swiftSettings),
        .target(name: "SQLSyntax", swiftSettings: swiftSettings),
        .systemLibrary(
            name: "CLibPQ",
            pkgConfig: "libpq",
            providers: [.apt(["libpq-dev"]), .brew(["libpq"])]
        ),
        // Linux's epoll and eventfd (headers only), for the reactor that watches non-blocking libpq sockets.
        .systemLibrary(name: "CLinuxEvents"),
        // Layer 1: stages.
        .target(
            name: "SchemaParser",
            dependencies: ["ModelIR", .product(name: "GraphQL", package: "GraphQL")],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "APISchema",
            dependencies: ["ModelIR", .product(name: "GraphQL", package: "GraphQL")],
            swiftSettings: swiftSettings
        ),
        .target(name: "Migrations", dependencies: ["ModelIR", "SQLSyntax"], swiftSettings: swiftSettings),
        .target(
            name: "Postgres",
            dependencies: [
                "CLibPQ", .target(name: "CLinuxEvents", condition: .when(platforms: [.linux])), "SQLSyntax", .product(name: "Logging", package: "swift-log"), .product(name: "NIOPosix", package: "swift-nio"),
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
            dependencies: ["ModelIR", "APISchema", "Migrations", "SQLSyntax", .product(name: "GraphQL", package: "GraphQL")],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "Store",
            dependencies: ["ModelIR", "Migrations", "SQLSyntax", "Postgres"],
            swiftSettings: swiftSettings
        ),
        // Layer 3: HTTP.
        .target(
            name: "Server",
            dependencies: [
                "ModelIR", "APISchema", "Planner", "Postgres", "Store", "SQLSyntax",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "GraphQL", package: "GraphQL"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: swiftSettings
        ),
        // Layer 4: the command line.
        .executableTarget(
            name: "modelgraph",
            dependencies: [
                "ModelIR", "SchemaParser", "APISchema", "Migrations", "Postgres", "EmbeddedPostgres", "Store", "Server", "Planner",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
                // The listen check before start-up and the errors it reports.
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ],
            swiftSettings: swiftSettings
        ),
        // Hostile-input testing: a seeded request generator, an oracle for the answers, and a campaign runner,
        // shared by the end-to-end fuzz test and `modelgraph-fuzz` (scripts/fuzz).
        .target(name: "Fuzzing", swiftSettings: swiftSettings),
        .executableTarget(
            name: "modelgraph-fuzz",
            dependencies: ["Fuzzing", .product(name: "ArgumentParser", package: "swift-argument-parser")],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "TestSupport",
            dependencies: ["ModelIR", "SchemaParser", "EmbeddedPostgres", "Postgres"],
            swiftSettings: swiftSettings
        ),
        // Pure tests: no database.
        .testTarget(
            name: "SchemaParserTests",
            dependencies: ["SchemaParser", "ModelIR", "TestSupport"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "APISchemaTests",
            dependencies: ["APISchema", "SchemaParser", "ModelIR", "TestSupport", .product(name: "GraphQL", package: "GraphQL")],
            // Golden files are read from the source tree (TestSupport's Golden), not bundled.
            exclude: ["Goldens"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "MigrationsTests",
            dependencies: ["Migrations", "SchemaParser", "ModelIR", "SQLSyntax", "TestSupport"],
            // Golden files are read from the source tree (TestSupport's Golden), not bundled.
            exclude: ["Goldens"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "PlannerTests",
            dependencies: ["Planner", "APISchema", "SchemaParser", "ModelIR", "SQLSyntax", "TestSupport", .product(name: "GraphQL", package: "GraphQL")],
            // Golden files are read from the source tree (TestSupport's Golden), not bundled.
            exclude: ["Goldens"],
            swiftSettings: swiftSettings
        ),
        // The Dockerfile and the stated Swift version against what the package and its dependencies need.
        .testTarget(name: "PackagingTests", swiftSettings: swiftSettings),
        .testTarget(name: "FuzzingTests", dependencies: ["Fuzzing"], swiftSettings: swiftSettings),
        // Database tests: a real PostgreSQL the tests start themselves (or TEST_DATABASE_URL).
        .testTarget(
            name: "PostgresIntegrationTests",
            dependencies: ["Postgres", "Store", "Migrations", "SchemaParser", "ModelIR", "SQLSyntax", "TestSupport"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "EndToEndTests",
            dependencies: ["Server", "Store", "Postgres", "Migrations", "SchemaParser", "APISchema", "ModelIR", "TestSupport", "EmbeddedPostgres", "Planner", "Fuzzing"],
            swiftSettings: swiftSettings
        ),
    ]
)
