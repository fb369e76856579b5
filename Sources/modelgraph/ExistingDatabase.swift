import Foundation
import Gen2Schema
import ModelIR
import Postgres
import SQLSyntax
import Storage
import Store

/// What the commands say and do for a schema that maps an existing database (`input AMPLIFY { engine: String =
/// "postgres" }`): its tables are the database's own, so ModelGraph migrates none of them and checks them
/// instead when `serve` starts.
enum ExistingDatabaseNotice {
    /// The line every `migrate` command prints for such a schema (exit status 0: nothing to do is
    /// not a failure, so a deployment that always runs `migrate apply` before `serve` keeps working).
    static func nothingToMigrate(_ schemaFile: String, action: String) -> String {
        "Nothing to \(action): \(schemaFile) maps an existing database (AMPLIFY engine \"postgres\"), whose tables ModelGraph serves as they are "
            + "and never creates or alters. `modelgraph serve` checks them against the schema when it starts."
    }
}

extension SchemaOptions {
    /// True when the schema file exists, parses and maps an existing database. A missing or broken file says
    /// false: commands that do not need the schema then behave as they always did.
    var describesExistingDatabase: Bool {
        guard let source = try? String(contentsOfFile: schema, encoding: .utf8) else { return false }
        return SchemaFile.parse(source: source, file: schema, readModule: readModule).schema?.isExistingDatabase == true
    }
}

extension DatabaseOptions {
    /// The options to reach the database `document` is served from. For a schema that maps an existing database
    /// and names no URL (`--database-url`, `DATABASE_URL`, the config file), the URL is the value of the
    /// environment variable its `connectionUri: secret('NAME')` names; when there is none, a user error naming what
    /// to set: the embedded PostgreSQL never holds the user's existing tables, so it is not started for them.
    func resolved(for document: SchemaDocument) throws -> DatabaseOptions {
        guard document.schema.isExistingDatabase, configuredURL == nil else { return self }
        let environment = ProcessInfo.processInfo.environment
        guard let secret = document.conversion?.existingDatabase?.connectionSecret else {
            throw UserError(
                "\(document.file) maps an existing database, and no URL names it: give --database-url (or DATABASE_URL); ModelGraph's own PostgreSQL never holds an existing database's tables."
            )
        }
        guard let url = environment[secret], !url.isEmpty else {
            throw UserError(
                "\(document.file) reads the existing database's URL from the secret \(secret): set the environment variable \(secret), or give --database-url (or DATABASE_URL)."
            )
        }
        var options = self
        options.databaseURL = url
        return options
    }
}

enum ExistingDatabase {
    /// The schema bound to the live tables of `schemaName` (each field learns its column's type when values need
    /// casts of their own), and those tables' foreign keys. Any mismatch stops here with one line per problem.
    static func bind(_ schema: Schema, schemaFile: String, client: PostgresClient, schemaName: String = "public") async throws -> (Schema, StorageSchema) {
        let catalog = try await CatalogReader(client: client).read(schema: schemaName)
        switch ExistingTables.bind(schema, to: catalog) {
        case .success(let bound):
            return (bound, ExistingTables.storage(of: bound, in: catalog))
        case .failure(let problems):
            throw UserError(
                "The database does not match \(schemaFile) (model.field → table.column: expected, found):\n"
                    + problems.lines.map { "  - " + $0 }.joined(separator: "\n")
                    + "\nChange the schema to match the tables (`modelgraph introspect` writes one from them); ModelGraph never alters an existing database.")
        }
    }

    /// Installs ModelGraph's change-log trigger (`modelgraph_record_change`, calling `modelgraph.record_change()`)
    /// on the table of every model with subscriptions, so writes from any application reach subscribers, and
    /// removes it from the mapped tables of models without them. A role that may not create triggers stops here
    /// with what to do.
    static func captureChanges(of schema: Schema, schemaName: String, client: PostgresClient) async throws {
        let captured = schema.models.filter(\.operations.hasSubscriptions).map { TableName(schema: schemaName, $0.tableName) }
        let released = schema.models.filter { !$0.operations.hasSubscriptions }.map { TableName(schema: schemaName, $0.tableName) }
        do {
            try await ChangeLog.install(on: captured, releasing: released, client: client)
        } catch let error as PostgresError {
            throw UserError(
                "Could not install ModelGraph's change-log trigger (\(ChangeLog.triggerName)) on the mapped tables: \(error.message)\n"
                    + "Subscriptions are fed by it. Let the role serve connects as create triggers on those tables (own them or hold the TRIGGER privilege), "
                    + "or turn subscriptions off for their models with @model(subscriptions: null).")
        }
    }
}
