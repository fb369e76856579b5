import ArgumentParser
import EmbeddedPostgres
import Foundation
import Postgres
import Store

/// `modelgraph keys create|list|revoke`.
struct Keys: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Manage API keys.", subcommands: [Create.self, List.self, Revoke.self, Rotate.self])

    struct Create: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Create a key and print it (alone, on standard output).")
        @OptionGroup var databaseOptions: DatabaseOptions
        @OptionGroup var schemaOptions: KeysSchemaOptions
        @Option(help: "What the key is for.") var description: String?
        @Option(help: "Lifetime with a unit: 30s, 15m, 12h, 7d (at most 365d; default: a Gen 2 --schema's expiresInDays, else 7d).") var expires: String?

        func run() async throws {
            try await reportingUserErrors {
                let document = try schemaOptions.loadDocument()
                let lifetime: TimeInterval
                if let expires {
                    guard let parsed = Duration.parse(expires) else { throw UserError("--expires takes a number and a unit (s, m, h, d), e.g. 7d; got '\(expires)'.") }
                    lifetime = parsed
                } else {
                    lifetime = document.flatMap { SchemaAuthorization($0).apiKeyLifetime } ?? APIKeyStore.defaultLifetime
                }
                let (client, cluster) = try schemaOptions.databaseOptions(databaseOptions, for: document).connect(logger: makeLogger("modelgraph.keys"))
                defer { client.shutdown(); cluster?.stop() }
                print(try await APIKeyStore(client: client).create(description: description, lifetime: lifetime))
            }
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List keys (never the secret).")
        @OptionGroup var databaseOptions: DatabaseOptions
        @OptionGroup var schemaOptions: KeysSchemaOptions

        func run() async throws {
            try await reportingUserErrors {
                let (client, cluster) = try schemaOptions.databaseOptions(databaseOptions, for: schemaOptions.loadDocument()).connect(logger: makeLogger("modelgraph.keys"))
                defer { client.shutdown(); cluster?.stop() }
                for key in try await APIKeyStore(client: client).list() {
                    let state = key.revokedAt.map { "revoked \($0)" } ?? "expires \(key.expiresAt)"
                    print("\(key.id)  \(key.description ?? "-")  created \(key.createdAt)  \(state)  last used \(key.lastUsedAt ?? "never")")
                }
            }
        }
    }

    struct Revoke: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Revoke a key by id.")
        @OptionGroup var databaseOptions: DatabaseOptions
        @OptionGroup var schemaOptions: KeysSchemaOptions
        @Argument(help: "The key id (the part after mg_).") var id: String

        func run() async throws {
            try await reportingUserErrors {
                let (client, cluster) = try schemaOptions.databaseOptions(databaseOptions, for: schemaOptions.loadDocument()).connect(logger: makeLogger("modelgraph.keys"))
                defer { client.shutdown(); cluster?.stop() }
                guard try await APIKeyStore(client: client).revoke(id: id) else { throw UserError("No active key with id '\(id)'.") }
                print("revoked \(id)")
            }
        }
    }
}

extension Keys {
    struct Rotate: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Create a replacement key; the old one keeps working for --grace, then expires.")
        @OptionGroup var databaseOptions: DatabaseOptions
        @OptionGroup var schemaOptions: KeysSchemaOptions
        @Argument(help: "The id of the key to replace.") var id: String
        @Option(help: "How long the old key stays valid: 30s, 15m, 12h, 7d.") var grace: String = "1h"
        @Option(help: "Lifetime of the new key (default: a Gen 2 --schema's expiresInDays, else 7d).") var expires: String?

        func run() async throws {
            try await reportingUserErrors {
                let document = try schemaOptions.loadDocument()
                let schemaLifetime = document.flatMap { SchemaAuthorization($0).apiKeyLifetime } ?? APIKeyStore.defaultLifetime
                guard let grace = Duration.parse(grace) ?? (self.grace == "0" ? 0 : nil), let lifetime = expires.map(Duration.parse) ?? schemaLifetime else {
                    throw UserError("--grace and --expires take a number and a unit (s, m, h, d), e.g. 1h.")
                }
                let (client, cluster) = try schemaOptions.databaseOptions(databaseOptions, for: document).connect(logger: makeLogger("modelgraph.keys"))
                defer { client.shutdown(); cluster?.stop() }
                guard let key = try await APIKeyStore(client: client).rotate(id: id, grace: grace, lifetime: lifetime) else {
                    throw UserError("No active key with id '\(id)'.")
                }
                print(key)
            }
        }
    }
}

/// `30s`, `15m`, `12h`, `7d` as seconds.
enum Duration {
    static func parse(_ text: String) -> TimeInterval? {
        guard let unit = text.last, let number = Double(text.dropLast()), number > 0 else { return nil }
        switch unit {
        case "s": return number
        case "m": return number * 60
        case "h": return number * 3600
        case "d": return number * 86_400
        default: return nil
        }
    }
}

/// `--schema FILE` for the `keys` commands, optional: a schema that maps an existing database says which database
/// holds the keys (the one it is served from), and a Gen 2 schema's `expiresInDays` is the lifetime of new keys.
struct KeysSchemaOptions: ParsableArguments {
    @Option(help: "The schema the keys are for (env MODELGRAPH_SCHEMA; default: none).")
    var schema: String?

    /// The schema, when one is named.
    func loadDocument() throws -> SchemaDocument? {
        guard let schema = schema ?? ProcessInfo.processInfo.environment["MODELGRAPH_SCHEMA"], !schema.isEmpty else { return nil }
        var options = SchemaOptions()
        options.schema = schema
        // Every option of a SchemaOptions made here must be set before it is read; the text indexes then come
        // from the environment or the config file, as for the other commands.
        options.textIndexes = []
        options.onDelete = []  // the environment's choice still applies; keys take no --on-delete
        options.conflictDetection = nil  // likewise
        options.tombstoneRetentionDays = nil
        return try options.loadDocument()
    }

    /// `options` resolved for `document`'s database, when there is a schema.
    func databaseOptions(_ options: DatabaseOptions, for document: SchemaDocument?) throws -> DatabaseOptions {
        try document.map { try options.resolved(for: $0) } ?? options
    }
}
